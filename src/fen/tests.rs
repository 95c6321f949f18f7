use proptest::prelude::*;
use shakmaty::{Board, Chess, Color, Piece, Position as _, Role, Square};

use super::*;
use crate::parse::parse_text;

#[test]
fn the_seed_position_encodes_from_its_fen() {
    let table = [
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1",
            None,
            "a7d3 0116.00 b2b3c6d6 3/3.",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 w - -",
            Some(Outcome::Win),
            "a7d3 0116.00 b2b3c6d6 3/3+.",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 b - - 0 1",
            None,
            "a7d3 0116.00 b2b3c6d6 3/3 BTM.",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 b",
            Some(Outcome::Win),
            "a7d3 0116.00 b2b3c6d6 3/3-+.",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 b",
            Some(Outcome::Draw),
            "a7d3 0116.00 b2b3c6d6 3/3-=.",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8",
            Some(Outcome::Draw),
            "a7d3 0116.00 b2b3c6d6 3/3=.",
        ),
        // The problemists' S for a knight.
        (
            "8/K7/2ss4/8/8/1B1k4/1R6/8 w",
            None,
            "a7d3 0116.00 b2b3c6d6 3/3.",
        ),
        // Pawns after a full stop, white's before black's, each side's in text order.
        (
            "8/8/8/3p4/2K1P3/4k3/5P2/8 w - - 0 1",
            None,
            "c4e3 0000.21 .e4f2d5 3/2.",
        ),
    ];
    for (fen, outcome, expected) in table {
        assert_eq!(encode(fen, outcome).unwrap().to_string(), expected, "{fen}");
    }
}

#[test]
fn epd_lines_are_read_with_their_operations() {
    let fen = read(r#"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - id "Study 1; EG"; c0 "a7d3";"#).unwrap();
    assert_eq!(fen.kind, FenKind::Epd);
    assert_eq!(fen.operation("id"), Some("Study 1; EG"));
    assert_eq!(fen.operation("c0"), Some("a7d3"));
    let plain = read("8/K7/2nn4/8/8/1B1k4/1R6/8 b - - bm Kb6;").unwrap();
    assert_eq!(plain.operation("bm"), Some("Kb6"));
    assert_eq!(plain.setup.turn, Color::Black);
    assert_eq!(
        read("8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 3 40").unwrap().kind,
        FenKind::Fen
    );
}

#[test]
fn bad_fens_name_the_field_and_the_character() {
    let table = [
        (
            "8/K7/2nx4/8/8/1B1k4/1R6/8 w - - 0 1",
            "FEN board field: expected a man (K Q R B N P, S for a knight; lower case for Black), \
             a digit 1-8 or '/', found 'x' at byte 7",
        ),
        (
            "8/K7/2nn5/8/8/1B1k4/1R6/8 w",
            "FEN board field: expected at most 8 files in a rank, found '5' at byte 8",
        ),
        (
            "8/K7/2nn/8/8/1B1k4/1R6/8 w",
            "FEN board field: expected 8 files before '/', found '/' at byte 8",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6 w",
            "FEN board field: expected 8 ranks of 8 files, found the end at byte 23",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 x - - 0 1",
            "FEN side to move field: expected 'w' or 'b', found 'x' at byte 26",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 w KX - 0 1",
            "FEN castling field: expected '-' or castling rights (K Q k q), found 'X' at byte 29",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 w - e4 0 1",
            "FEN en passant field: expected '-' or a square on rank 3 or 6, found '4' at byte 31",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 x1",
            "FEN fullmove number field: expected a number, found 'x' at byte 34",
        ),
        (
            "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - id \"open",
            "FEN EPD operation field: expected a closing '\"', found the end at byte 40",
        ),
        (
            "",
            "FEN board field: expected a FEN board (8 ranks separated by '/'), found the end at byte 0",
        ),
    ];
    for (fen, message) in table {
        assert_eq!(read(fen).unwrap_err().to_string(), message, "{fen}");
    }
}

#[test]
fn boards_without_one_king_a_side_have_no_position() {
    assert_eq!(
        encode("8/8/8/8/8/8/8/K7 w", None).unwrap_err().to_string(),
        "black has 0 kings; a GBR position needs exactly one a side"
    );
    assert_eq!(
        encode("8/8/8/8/8/8/8/KK5k w", None)
            .unwrap_err()
            .to_string(),
        "white has 2 kings; a GBR position needs exactly one a side"
    );
}

#[test]
fn promoted_material_writes_a_nine_and_one_nine_reads_back() {
    // (FEN, canonical text, whether the text gives the board back)
    let table = [
        ("k7/8/8/8/8/8/8/KQQQ4 w", "a1a8 9000.00 b1c1d1 4/1.", true),
        ("k7/8/8/8/8/8/8/KNNN4 w", "a1a8 0009.00 b1c1d1 4/1.", true),
        (
            "k2nnn2/8/8/8/8/8/8/KB6 w",
            "a1a8 0019.00 b1d8e8f8 2/4.",
            true,
        ),
        (
            "kbbb4/8/8/8/8/8/8/KRRR4 w",
            "a1a8 0990.00 b1c1d1b8c8d8 4/4.",
            false,
        ),
    ];
    for (fen, text, reads_back) in table {
        let position = encode(fen, None).unwrap();
        assert_eq!(position.to_string(), text, "{fen}");
        let read_back = parse_text(text).unwrap().position;
        let original = read(fen).unwrap().setup.board;
        assert_eq!(read_back.board() == Some(original), reads_back, "{fen}");
    }
}

#[test]
fn a_position_writes_its_whole_fen_with_the_side_to_move_of_its_stipulation() {
    let p = parse_text("a7d3 0116.00 b2b3c6d6 3/3-+.").unwrap().position;
    assert_eq!(p.fen().unwrap(), "8/K7/2nn4/8/8/1B1k4/1R6/8 b - - 0 1");
    let p = parse_text("0116.00").unwrap().position;
    assert_eq!(p.fen(), None);
}

/// Checks the round trip FEN -> GBR text -> board, and GBR -> FEN -> board.
fn round_trip(board: &Board, turn: Color) -> Result<(), TestCaseError> {
    let fen = fen_of(board.clone(), turn);
    let position = match encode(&fen, Some(Outcome::Win)) {
        Ok(p) => p,
        Err(EncodeFenError::Board(_)) => return Ok(()),
        Err(e) => return Err(TestCaseError::fail(format!("{fen}: {e}"))),
    };
    let text = position.to_string();
    let parsed = parse_text(&text).map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
    prop_assert_eq!(&parsed.position, &position, "{} -> {}", fen, text);
    if position.squares.is_none() {
        prop_assert_eq!(board.occupied().count(), 2);
    } else if position.code.nines().len() <= 1 {
        prop_assert_eq!(parsed.position.board(), Some(board.clone()), "{}", text);
        prop_assert_eq!(parsed.position.fen(), Some(fen));
    } else {
        prop_assert_eq!(parsed.position.board(), None);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Legal positions from random games, thinned out towards endgames by taking men off.
    #[test]
    fn random_games_round_trip(
        choices in proptest::collection::vec(any::<u16>(), 0..160),
        removed in any::<u64>(),
    ) {
        let mut game = Chess::default();
        for choice in choices {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[usize::from(choice) % moves.len()];
            game.play_unchecked(m);
        }
        let mut board = game.board().clone();
        for square in Square::ALL {
            if removed & (1 << (u32::from(square) % 64)) != 0
                && board.role_at(square).is_some_and(|r| r != Role::King)
            {
                board.discard_piece_at(square);
            }
        }
        round_trip(game.board(), game.turn())?;
        round_trip(&board, game.turn())?;
    }

    /// Promoted material: up to five men of each type on random squares, `9` digits and all.
    #[test]
    fn promoted_material_round_trips(
        men in proptest::collection::vec((0u8..64, 0usize..10), 0..14),
        kings in (0u8..64, 0u8..64),
    ) {
        let roles = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight, Role::Pawn];
        let mut board = Board::empty();
        for (square, kind) in men {
            let square = Square::new(u32::from(square));
            let role = roles[kind % 5];
            if role == Role::Pawn && matches!(square.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth) {
                continue;
            }
            let color = if kind < 5 { Color::White } else { Color::Black };
            board.set_piece_at(square, Piece { color, role });
        }
        board.set_piece_at(Square::new(u32::from(kings.0)), Color::White.king());
        board.set_piece_at(Square::new(u32::from(kings.1)), Color::Black.king());
        round_trip(&board, Color::White)?;
    }
}
