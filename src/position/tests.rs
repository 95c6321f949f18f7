use super::parts::push_square;
use super::*;

#[track_caller]
fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn seed_position() -> Position {
    Position {
        code: "0116.00".parse().unwrap(),
        kings: Some(Kings {
            white: sq("a7"),
            black: sq("d3"),
        }),
        squares: Some(SquareList {
            pieces: ["b2", "b3", "c6", "d6"].map(sq).to_vec(),
            pawns: vec![],
            pawns_marked: true,
        }),
        men: Some(MenCount { white: 3, black: 3 }),
        stipulation: Some(Stipulation::WIN),
    }
}

#[test]
fn every_square_is_named_as_shakmaty_names_it() {
    for square in Square::ALL {
        let mut name = String::new();
        push_square(&mut name, square);
        assert_eq!(name, square.to_string());
    }
}

#[test]
fn seed_position_prints_canonically_and_as_fen() {
    let p = seed_position();
    assert_eq!(p.to_string(), "a7d3 0116.00 b2b3c6d6 3/3+.");
    assert_eq!(p.fen_board().unwrap(), "8/K7/2nn4/8/8/1B1k4/1R6/8");
}

#[test]
fn a_full_position_without_men_count_prints_the_codes_count() {
    let mut p = seed_position();
    p.men = None;
    p.stipulation = None;
    assert_eq!(p.to_string(), "a7d3 0116.00 b2b3c6d6 3/3.");
}

#[test]
fn one_nine_is_split_by_the_men_count() {
    // wQ, bR bR, wB wB bB bB, and three black knights: W = 4, B = 8.
    let mut p = Position::bare("1689.00".parse().unwrap());
    assert_eq!(
        p.decoded(),
        Decoded::Unknown {
            roles: vec![Role::Knight]
        }
    );
    p.men = Some(MenCount { white: 4, black: 8 });
    let Decoded::FromMenCount { material, role } = p.decoded() else {
        panic!("not decoded: {:?}", p.decoded());
    };
    assert_eq!(role, Role::Knight);
    assert_eq!(material.to_string(), "KQBBvKRRBBNNN");
}

#[test]
fn kings_sort_as_text_not_by_square_index() {
    let k = |w: &str, b: &str| Kings {
        white: sq(w),
        black: sq(b),
    };
    assert!(k("a7", "d3").text_key() < k("b1", "a1").text_key());
    assert!(k("a1", "h8").text_key() < k("a2", "a1").text_key());
}

/// Every way of putting six men (four pieces, two pawns) and the kings on four squares, men on
/// one square and on the kings' included: the board made of bit sets at once is the board
/// placed man by man.
#[test]
fn a_board_is_the_board_placed_man_by_man_even_with_squares_shared() {
    let names = ["a7", "d3", "b2", "b3"].map(sq);
    let mut shared = 0;
    for n in 0..4usize.pow(8) {
        let at = |i: u32| names[n / 4usize.pow(i) % 4];
        let mut p = seed_position();
        p.code = "0116.11".parse().unwrap();
        p.kings = Some(Kings {
            white: at(6),
            black: at(7),
        });
        p.squares = Some(SquareList {
            pieces: (0..4).map(at).collect(),
            pawns: (4..6).map(at).collect(),
            pawns_marked: true,
        });
        let board = p.board();
        let material = p.decoded().material().expect("no nine").counts();
        let placed = board_man_by_man(p.kings.unwrap(), p.squares.as_ref().unwrap(), &material);
        assert_eq!(board, placed, "{p}");
        shared += usize::from(board.is_some_and(|b| b.occupied().count() < 8));
    }
    assert!(shared > 60_000, "{shared}");
}
