use super::*;
use crate::parse::parse_text;

/// The findings of `text` as their messages.
#[track_caller]
fn findings(text: &str) -> Vec<String> {
    check(&parse_text(text).unwrap())
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn seed_positions_pass_every_check() {
    for text in [
        "a7d3 0116.00 b2b3c6d6 3/3+.",
        "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.",
        "=0323.12g3g1",
        "[+0020.42c1a1]",
        "0002.01",
        "4888.88",
        "(+0031.10a1h8h1f4a7)",
        "c2h4 0015.15 d3d6g5 g2.c4c5c7e5e6h3 5/7 Win:",
        "0000.02.a1a8.a2b2",
    ] {
        assert_eq!(findings(text), Vec::<String>::new(), "{text}");
    }
}

#[test]
fn eg_190_proposes_the_code_that_w_b_implies() {
    let parsed = parse_text("a2f1 0411.56 10/9 Win").unwrap();
    let found = check(&parsed);
    assert_eq!(found.len(), 1);
    let f = &found[0];
    assert_eq!(
        f.to_string(),
        "men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67, \
         or else W/B 9/8"
    );
    assert_eq!(
        (f.check(), f.severity(), f.part, f.against),
        (
            Check::MenCount,
            Severity::Error,
            Part::Code,
            Some(Part::MenCount)
        )
    );
    assert_eq!(f.span, 5..12);
    assert_eq!(f.fix.as_ref().unwrap().replacement, "0411.67");
    // Two copies cannot decide: the W/B reading is the second candidate, never dropped.
    let second: Vec<_> = f
        .alternatives
        .iter()
        .map(|x| (x.part, x.span.clone()))
        .collect();
    assert_eq!(second, vec![(Part::MenCount, 13..17)]);
}

#[test]
fn two_copies_against_one_name_the_odd_one_out() {
    // W/B mistyped: code and squares agree on 3/3.
    let found = check(&parse_text("a7d3 0116.00 b2b3c6d6 3/4+.").unwrap());
    let text: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "men-count: W/B is 3/4, the code gives 3/3; the W/B should probably read 3/3",
            "men-squares: W/B counts 7 men, the squares (kings included) 6",
        ]
    );
    assert_eq!(found[0].part, Part::MenCount);
    assert_eq!(found[0].span, 22..25);
    // Code mistyped: W/B and squares agree on a third black man.
    let found = check(&parse_text("a7d3 0116.00 b2b3c6d6e6 3/4+.").unwrap());
    let text: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "squares: the code has 4 pieces, the squares list 5",
            "men-count: W/B is 3/4, the code gives 3/3",
        ]
    );
    assert!(found.iter().all(|f| f.part == Part::Code));
    // A square dropped: code and W/B agree.
    let found = check(&parse_text("a7d3 0116.00 b2b3c6 3/3+.").unwrap());
    let text: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "squares: the code has 4 pieces, the squares list 3",
            "men-squares: W/B counts 6 men, the squares (kings included) 5",
        ]
    );
    assert!(found.iter().all(|f| f.part == Part::Squares));
}

#[test]
fn each_rule_has_its_own_message() {
    let table = [
        (
            "0000.91",
            vec!["digits: white pawn digit: expected 0-8, found 9"],
        ),
        (
            "a2c4 0000.32 .d4e3f2e4 4/3 WTM.",
            vec![
                "squares: the code has 5 pawns, the squares list 4",
                "men-squares: W/B counts 7 men, the squares (kings included) 6",
            ],
        ),
        (
            "(+0031.10a1h8h1f4)",
            vec!["squares: the code has 3 men besides the kings, the squares list 2"],
        ),
        (
            "a1b2 0000.00",
            vec!["board: kings next to each other on a1 and b2"],
        ),
        ("e4e4 0000.00", vec!["board: both kings on e4"]),
        (
            "e1e8 0000.10 e2 2/1 Draw",
            vec![
                "squares: the code has no pieces, the squares list 1; the squares should probably read .e2",
                "squares: the code has 1 pawn, the squares list none; the squares should probably read .e2",
            ],
        ),
        (
            "a1h8 0100.10 a1.a8 3/1+.",
            vec!["board: two men on a1", "board: a pawn on a8, a back rank"],
        ),
        (
            "a1h8 1000.00 h1 2/1=.",
            vec!["legality: black is in check but not to move"],
        ),
        ("a1h8 0400.00 a2a3 2/2 -+.", vec![]),
        (
            "+0031.10a1h8h1f4a7 3/2 draw",
            vec!["stipulation: the sign says +, the stipulation after the code ="],
        ),
        (
            "1990.00",
            vec![
                "nine: digit 9 for rooks and bishops: split unknown, ambiguous rather than invalid",
            ],
        ),
        (
            "0090.00",
            vec!["nine: digit 9 for bishops: split unknown, ambiguous rather than invalid"],
        ),
        (
            "0090.00 4/1 WTM",
            vec!["nine: digit 9 for bishops: W/B gives 3 white and 0 black"],
        ),
        (
            "0090.00 3/1 WTM",
            vec![
                "nine: digit 9 for bishops needs three or more of a side, W/B gives 2 white and 0 black; the code should probably read 0020.00",
            ],
        ),
    ];
    for (text, expected) in table {
        assert_eq!(findings(text), expected, "{text}");
    }
}

#[test]
fn too_much_material_is_a_warning() {
    // Three white queens with eight white pawns: no pawn could have promoted.
    let parsed = parse_text("a1h8 9000.80 a2a3a4.b2c2d2e2f2g2h2b3 12/1+.").unwrap();
    let found = check(&parsed);
    let messages: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert!(
        messages
            .contains(&"board: white has 2 promoted pieces but only 0 pawns missing".to_string()),
        "{messages:?}"
    );
    assert!(
        found
            .iter()
            .filter(|f| f.check() == Check::Board)
            .all(|f| f.severity() == Severity::Warning)
    );
}

#[test]
fn applicable_checks_follow_what_the_text_gives() {
    let names = |text: &str| -> Vec<&str> {
        applicable(&parse_text(text).unwrap())
            .into_iter()
            .map(Check::name)
            .collect()
    };
    assert_eq!(names("0800.00"), ["digits", "board"]);
    assert_eq!(
        names("a7d3 0116.00 b2b3c6d6 3/3+."),
        [
            "digits",
            "squares",
            "men-count",
            "men-squares",
            "board",
            "legality"
        ]
    );
    assert_eq!(
        names("0090.00 4/1 WTM"),
        ["digits", "men-count", "board", "nine"]
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]

    /// The legality test gives what shakmaty's whole validation of the position gives, and
    /// its attackers of each square what shakmaty's attack tables give, on boards of two
    /// kings and up to 12 other men anywhere (kings may stand in check, be replaced by a man,
    /// or share a square).
    #[test]
    fn legality_matches_the_whole_validation(
        kings in (0..64u32, 0..64u32),
        men in proptest::collection::vec((0..64u32, 0..6usize, proptest::bool::ANY), 0..12),
        white_to_move in proptest::bool::ANY,
    ) {
        use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Piece, Role, Setup, Square};
        let roles = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook, Role::Queen, Role::King];
        let color = |white: bool| if white { Color::White } else { Color::Black };
        let mut board = Board::empty();
        board.set_piece_at(Square::new(kings.0), Color::White.king());
        board.set_piece_at(Square::new(kings.1), Color::Black.king());
        for (square, role, white) in men {
            let piece = Piece { color: color(white), role: roles[role] };
            board.set_piece_at(Square::new(square), piece);
        }
        let turn = color(white_to_move);
        let setup = Setup { board: board.clone(), turn, ..Setup::empty() };
        let kinds = Chess::from_setup(setup, CastlingMode::Standard).err().map(|e| e.kinds());
        let whole = kinds.and_then(|k| {
            if k.contains(shakmaty::PositionErrorKinds::OPPOSITE_CHECK) {
                Some(Kind::NotToMoveInCheck { side: !turn })
            } else if k.contains(shakmaty::PositionErrorKinds::IMPOSSIBLE_CHECK) {
                Some(Kind::ImpossibleCheck { side: turn })
            } else {
                None
            }
        });
        proptest::prop_assert_eq!(legality_kind(&board, turn), whole);
        for square in Square::ALL {
            for side in [Color::White, Color::Black] {
                proptest::prop_assert_eq!(
                    board::attackers(&board, square, side),
                    board.attacks_to(square, side, board.occupied()),
                    "{:?} {:?}", square, side
                );
            }
        }
    }
}
