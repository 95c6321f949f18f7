use shakmaty::fen::Fen;
use shakmaty::{Board, CastlingMode, Chess, FromSetup};

use super::near::{WINDOW, has_code};
use super::*;

/// The seed position `a7d3 0116.00 b2b3c6d6 3/3+.` as gbr-notation.md §7 prints it.
const SEED: &str = "\
text before XIIIIIIIIY
9-+-+-+-+0
9mK-+-+-+-0
9-+nsn-+-+0
9+-+-+-+-0
9-+-+-+-+0
9+L+k+-+-0
9-tR-+-+-+0
9+-+-+-+-0
a7d3 0116.00 b2b3c6d6 3/3+.
";

fn board(fen: &str) -> Board {
    fen.parse::<Fen>().unwrap().into_setup().board
}

#[test]
fn the_seed_diagram_reads_as_its_position() {
    let d = read_at(SEED.as_bytes(), SEED.find("9-").unwrap()).unwrap();
    assert_eq!(d.board.board_fen().to_string(), "8/K7/2nn4/8/8/1B1k4/1R6/8");
    assert_eq!(d.font.name, "eg");
    let (kings, squares) = d.position().unwrap();
    assert_eq!(kings.to_string(), "a7d3");
    assert_eq!(squares.to_string(), "b2b3c6d6");
    assert_eq!(d.material().to_string(), "KRBvKNN");
    // A legal position by shakmaty, White to move.
    let setup = shakmaty::Setup {
        board: d.board.clone(),
        ..shakmaty::Setup::empty()
    };
    assert!(Chess::from_setup(setup, CastlingMode::Standard).is_ok());
}

#[test]
fn render_and_read_are_inverse() {
    for fen in [
        "8/K7/2nn4/8/8/1B1k4/1R6/8",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        "8/8/8/4k3/8/2K5/8/8",
        "7k/5P2/8/3p4/8/8/1q6/K6B",
    ] {
        let text = render(&board(fen));
        let d = read_at(text.as_bytes(), 11).unwrap();
        assert_eq!(d.board.board_fen().to_string(), fen, "{text}");
        assert_eq!(all(text.as_bytes()).len(), 1);
    }
}

#[test]
fn other_fonts_are_tried_after_egs() {
    let german = "9-+-+-+-+0\n9K-+-+-+-0\n9-+ss-+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9+L+k+-+-0\n9-T-+-+-+0\n9+-+-+-+-0\n";
    let d = read_at(german.as_bytes(), 0).unwrap();
    assert_eq!(d.font.name, "german");
    assert_eq!(d.board.board_fen().to_string(), "8/K7/2nn4/8/8/1B1k4/1R6/8");
    let alpha = "9-+-+-+-+0\n9K-+-+-+-0\n9-+mm-+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9+b+l+-+-0\n9-R-+-+-+0\n9+-+-+-+-0\n";
    let d = read_at(alpha.as_bytes(), 0).unwrap();
    assert_eq!(d.font.name, "alpha");
    assert_eq!(d.board.board_fen().to_string(), "8/K7/2nn4/8/8/1B1k4/1R6/8");
}

#[test]
fn lines_that_are_not_boards_are_not_read() {
    for text in [
        "9-+-+-+-+0\n9mK-+-+-+-0\n",   // two lines only
        "1999 was a year\n2000 too\n", // a 9 not at a line start
        "9 lives\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n",
        "9-+-+-+-+-0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n9-+-+-+-+0\n", // nine squares
    ] {
        assert!(all(text.as_bytes()).is_empty(), "{text}");
    }
}

#[test]
fn a_caption_below_or_above_gets_the_board() {
    let buf = SEED.as_bytes();
    let code = SEED.find("a7d3").unwrap();
    assert!(for_code(buf, code..code + 27).is_some());
    // Composer and source lines between.
    let text = SEED.replace("a7d3", "J. Smith\nSome Journal 1999\na7d3");
    let code = text.find("a7d3").unwrap();
    assert!(for_code(text.as_bytes(), code..code + 27).is_some());
    // Another code between takes it.
    let text = SEED.replace("a7d3", "0000.10 b2b3\na7d3");
    let code = text.find("a7d3").unwrap();
    assert!(for_code(text.as_bytes(), code..code + 27).is_none());
    // Caption above the board.
    let text = format!(
        "a7d3 0116.00 3/3\n{}",
        &SEED[12..SEED.find("a7d3").unwrap()]
    );
    assert!(for_code(text.as_bytes(), 0..16).is_some());
    // Too far above.
    let text = SEED.replace("a7d3", "1\n2\n3\n4\n5\n6\na7d3");
    let code = text.find("a7d3").unwrap();
    assert!(for_code(text.as_bytes(), code..code + 27).is_none());
}

#[test]
fn has_code_needs_a_token() {
    assert!(has_code(b"see 0116.00 here"));
    assert!(!has_code(b"12345.678"));
    assert!(!has_code(b"no code"));
}

/// The boards of `fixtures/check/` (see its README), read back and checked with shakmaty:
/// each is the position it was written from, and legal with White to move.
#[test]
fn the_fixture_boards_are_their_positions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/check");
    let table = [
        (
            "clean.txt",
            vec!["8/K7/2nn4/8/8/1B1k4/1R6/8", "4k3/8/8/p7/4B3/8/8/2K4R"],
        ),
        ("wb-error.txt", vec!["8/K7/2nn4/8/8/1B1k4/1R6/8"]),
        ("kings-swapped.txt", vec!["8/K7/2nn4/8/8/1B1k4/1R6/8"]),
        ("king-square.txt", vec!["8/K7/2nn4/8/8/1B1k4/1R6/8"]),
        ("wrong-colour.txt", vec!["4k3/8/8/p7/4B3/8/8/2K4R"]),
    ];
    for (file, fens) in table {
        let text = std::fs::read(dir.join(file)).unwrap();
        let boards: Vec<Board> = all(&text).into_iter().map(|d| d.board).collect();
        let expected: Vec<Board> = fens.iter().map(|f| board(f)).collect();
        assert_eq!(boards, expected, "{file}");
        for b in boards {
            let setup = shakmaty::Setup {
                board: b,
                ..shakmaty::Setup::empty()
            };
            assert!(
                Chess::from_setup(setup, CastlingMode::Standard).is_ok(),
                "{file}"
            );
        }
    }
}

#[test]
fn near_code_finds_what_for_code_finds_within_its_window() {
    let buf = SEED.as_bytes();
    let code = SEED.find("a7d3").unwrap();
    assert_eq!(
        NineLines::default().near_code(buf, code..code + 27),
        for_code(buf, code..code + 27)
    );
    assert!(
        NineLines::default()
            .near_code(buf, code..code + 27)
            .is_some()
    );
    let far = format!(
        "{}{}a7d3 0116.00 3/3\n",
        &SEED[..code],
        "x".repeat(WINDOW) + "\n"
    );
    let code = far.find("a7d3 0116").unwrap();
    assert!(
        NineLines::default()
            .near_code(far.as_bytes(), code..code + 16)
            .is_none()
    );
    // A year at a line start is a `9` there, and still no board.
    let text = "1999\n9 lives\na7d3 0116.00 3/3\n";
    assert!(
        NineLines::default()
            .near_code(text.as_bytes(), 13..29)
            .is_none()
    );
}

#[test]
fn nine_lines_are_searched_once_in_order() {
    let text = b"abc\n9 x\nfoo 1999\n9y\n";
    let mut n = NineLines::default();
    assert!(n.any_in(text, 0, 6));
    assert!(!n.any_in(text, 5, 17)); // the 9s of 1999 do not begin a line
    assert!(n.any_in(text, 10, text.len()));
    assert!(!n.any_in(text, 20, text.len()));
    assert!(NineLines::default().any_in(b"9-+", 0, 3));
    assert!(NineLines::default().any_in(b"x\n9", 2, 3));
    // After a page break's form feed, or indented: still a line's first `9`.
    assert!(NineLines::default().any_in(b"x\n\x0c 9-+", 2, 6));
    assert!(!NineLines::default().any_in(b"x\nz\x0c 9-+", 2, 7));
}

proptest::proptest! {
    /// Windows asked in order give what a look at every byte of each window gives.
    #[test]
    fn nine_lines_match_a_byte_by_byte_look(
        text in proptest::collection::vec(proptest::sample::select(b"9\n a1\x0c\t".to_vec()), 0..200),
        cuts in proptest::collection::vec((0..220usize, 0..60usize), 0..12),
    ) {
        let mut n = NineLines::default();
        let mut from = 0;
        for (step, len) in cuts {
            from = (from + step % 40).min(text.len());
            let to = (from + len).min(text.len());
            // A `9` with nothing but spaces and control bytes between it and the line's start.
            let begins_line = |i: usize| {
                let mut j = i;
                while j > 0 && text[j - 1] != b'\n' {
                    if !(text[j - 1] <= b' ' || text[j - 1] == 0x7f) {
                        return false;
                    }
                    j -= 1;
                }
                true
            };
            let naive = (from..to).any(|i| text[i] == b'9' && begins_line(i));
            proptest::prop_assert_eq!(n.any_in(&text, from, to), naive, "{}..{}", from, to);
        }
    }
}

#[test]
fn board_lines_are_told_from_other_lines() {
    for line in [
        "XIIIIIIIIY",
        "9-+-+-+-+0",
        "9mK-+-+-+-0",
        "\x0c 9+-zp-zp-sN-0 \r",
        "  XIIIIIIIIY",
    ] {
        assert!(is_board_line(line.as_bytes()), "{line:?}");
    }
    for line in [
        "",
        "9",
        "90",
        "9 apples and 10",
        "1999.0",
        "9-+-+-+0",
        "No 18610",
        "IIIIIIII and more",
    ] {
        assert!(!is_board_line(line.as_bytes()), "{line:?}");
    }
}

#[test]
fn a_board_read_from_a_picture_is_read_in_the_picture_font_and_by_no_other() {
    // As `picture::BoardRead::text` writes it: `*` before a man on a dark square, `.` and `:`
    // the empty squares.
    let text = "9K*N.:.:.:0\n9:.:.:.:.0\n9.:.:.*P.:0\n9:.:.:.:.0\n9.:.:.:.:0\n9:.:.:.:.0\n9.:.:.:.:0\n9:.:.:.:k0\n";
    let d = read_at(text.as_bytes(), 0).unwrap();
    assert_eq!(d.font.name, "picture");
    assert_eq!(d.board.board_fen().to_string(), "KN6/8/5P2/8/8/8/8/7k");
    // Eight men on a rank and no empty square: the EG font reads it, never the picture's.
    let full = "9PPPPPPPP0\n9-+-+-+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9+-+-+-+-0\n9-+-+-+-k0\n";
    let d = read_at(full.as_bytes(), 0).unwrap();
    assert_eq!(d.font.name, "eg");
}
