//! Property tests of the model: positions round-trip through their text, code order
//! is text order, material round-trips through the code, and no input makes a parser panic.

use gbrscan::code::{Code, PIECE_ROLES};
use gbrscan::position::{Kings, MenCount, Position, SquareList};
use gbrscan::scan::{ScanOptions, scan_buffer};
use gbrscan::{Material, Record, Stipulation, check, parse_at, parse_text};
use proptest::prelude::*;
use shakmaty::{ByColor, ByRole, CastlingMode, Chess, Color, FromSetup, Setup, Square};

/// Per colour, per role counts with at most two of each piece type (no `9` digit) and at
/// most eight pawns.
fn counts() -> impl Strategy<Value = ByColor<ByRole<u8>>> {
    let side = (0..=1u8, 0..=2u8, 0..=2u8, 0..=2u8, 0..=8u8).prop_map(|(q, r, b, n, p)| ByRole {
        pawn: p,
        knight: n,
        bishop: b,
        rook: r,
        queen: q,
        king: 1,
    });
    (side.clone(), side).prop_map(|(white, black)| ByColor { white, black })
}

fn stipulation() -> impl Strategy<Value = Stipulation> {
    prop::sample::select(vec!["+", "=", "-+", "-=", "WTM", "BTM"]).prop_map(|s| s.parse().unwrap())
}

/// A position whose squares are placed by a seeded shuffle, pawns off the back ranks, kept
/// only when shakmaty accepts it as legal with the side to move.
fn legal_position() -> impl Strategy<Value = Position> {
    (counts(), any::<u64>(), stipulation()).prop_filter_map(
        "not legal",
        |(counts, seed, stipulation)| {
            let total_men: u8 = counts.iter().map(|side| side.iter().sum::<u8>()).sum();
            if total_men <= 2 {
                return None;
            }
            let mut squares: Vec<Square> = Square::ALL.to_vec();
            let mut state = seed | 1;
            for i in (1..squares.len()).rev() {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                squares.swap(i, (state % (i as u64 + 1)) as usize);
            }
            let mut free = squares.into_iter();
            let mut pawn_squares = Vec::new();
            let mut other = Vec::new();
            for s in free.by_ref() {
                if matches!(s.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth) {
                    other.push(s);
                } else {
                    pawn_squares.push(s);
                }
            }
            pawn_squares.extend(other.iter().copied());
            // Pawns take middle squares first, everything else takes what is left.
            let n_pawns = usize::from(counts.white.pawn + counts.black.pawn);
            let pawns: Vec<Square> = pawn_squares[..n_pawns].to_vec();
            let mut rest = pawn_squares[n_pawns..].iter().copied();
            let kings = Kings {
                white: rest.next()?,
                black: rest.next()?,
            };
            let mut pieces = Vec::new();
            for role in PIECE_ROLES {
                for color in [Color::White, Color::Black] {
                    for _ in 0..*counts.get(color).get(role) {
                        pieces.push(rest.next()?);
                    }
                }
            }
            let material = Material::new(counts);
            let position = Position {
                code: Code::from_material(&material).ok()?,
                kings: Some(kings),
                squares: Some(SquareList {
                    pieces,
                    pawns,
                    pawns_marked: true,
                }),
                men: Some(MenCount::of(&material)),
                stipulation: Some(stipulation),
            };
            let setup = Setup {
                board: position.board()?,
                turn: stipulation.to_move,
                ..Setup::empty()
            };
            Chess::from_setup(setup, CastlingMode::Standard).ok()?;
            Some(position)
        },
    )
}

fn square() -> impl Strategy<Value = Square> {
    (0..64u32).prop_map(Square::new)
}

/// Any position the scanner can record, true to chess or not: a code (a `9` included), and
/// as far as the text may give them kings, squares, W/B and a stipulation. W/B without kings
/// comes only with a stipulation (the scanner reads a bare code's `1/2` only then).
fn any_position() -> impl Strategy<Value = Position> {
    let squares = (
        prop::collection::vec(square(), 0..5),
        prop::collection::vec(square(), 0..5),
    );
    let men = (1..=16u8, 1..=16u8).prop_map(|(white, black)| MenCount { white, black });
    (
        code(),
        prop::option::of((square(), square())),
        prop::option::of(squares),
        prop::option::of(men),
        prop::option::of(stipulation()),
    )
        .prop_map(|(code, kings, squares, men, stipulation)| {
            let kings = kings.map(|(white, black)| Kings { white, black });
            let squares = squares
                .filter(|(pieces, pawns)| kings.is_some() && pieces.len() + pawns.len() > 0)
                .map(|(pieces, pawns)| SquareList {
                    pieces,
                    pawns,
                    pawns_marked: true,
                });
            let men = men.filter(|_| kings.is_some() || stipulation.is_some());
            Position {
                code,
                kings,
                squares,
                men,
                stipulation,
            }
        })
}

fn code() -> impl Strategy<Value = Code> {
    prop::array::uniform6(0..=9u8).prop_map(|d| Code::from_digits(d).unwrap())
}

proptest! {
    #![proptest_config(crate::support::regressions(ProptestConfig::default()))]

    #[test]
    fn legal_positions_render_to_text_and_parse_back_equal(position in legal_position()) {
        let text = position.to_string();
        let parsed = parse_text(&text).unwrap();
        prop_assert_eq!(&parsed.position, &position, "{}", text);
        prop_assert_eq!(parsed.span.clone(), 0..text.len());
        prop_assert!(check(&parsed).is_empty(), "{} {:?}", text, check(&parsed));
    }

    #[test]
    fn every_canonical_text_parses_back_to_the_same_record(position in any_position()) {
        let text = position.to_string();
        let parsed = parse_text(&text).unwrap();
        prop_assert_eq!(parsed.span.clone(), 0..text.len(), "{}", text);
        let p = &parsed.position;
        prop_assert_eq!(p.to_string(), text.clone());
        prop_assert_eq!((p.code, p.kings, p.stipulation), (position.code, position.kings, position.stipulation));
        let squares = |s: &Option<SquareList>| s.as_ref().map(|s| (s.pieces.clone(), s.pawns.clone()));
        prop_assert_eq!(squares(&p.squares), squares(&position.squares), "{}", text);
        let record = Record::new("<arg>", 1, 1, &parsed, text.as_bytes(), &check(&parsed));
        prop_assert_eq!(record.canonical.as_str(), text.as_str());
        // The scanner reads it the same, where it keeps it (a bare code alone in a source has
        // no chess near it, docs/reading.md).
        let scanned = scan_buffer(text.as_bytes(), "t", ScanOptions::default(), &|_| {});
        if position.kings.is_some() {
            prop_assert_eq!(scanned.len(), 1, "{}", text);
            let mut scanned = scanned[0].clone();
            scanned.path = record.path.clone();
            prop_assert_eq!(scanned, record);
        }
    }

    #[test]
    fn code_order_equals_text_order(a in code(), b in code()) {
        prop_assert_eq!(a.cmp(&b), a.to_string().cmp(&b.to_string()));
        prop_assert_eq!(a.to_string().parse::<Code>().unwrap(), a);
    }

    #[test]
    fn decoding_an_encoded_material_is_the_identity(counts in counts()) {
        let material = Material::new(counts);
        let code = Code::from_material(&material).unwrap();
        prop_assert_eq!(code.material(), Some(material));
    }

    #[test]
    fn material_descriptions_round_trip(counts in counts()) {
        let material = Material::new(counts);
        prop_assert_eq!(material.to_string().parse::<Material>().unwrap(), material);
        prop_assert_eq!(material.human().parse::<Material>().unwrap(), material);
    }

    #[test]
    fn no_parser_panics_on_arbitrary_bytes(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = parse_text(&text);
        let _ = Code::parse_loose(&text);
        let _ = text.parse::<Material>();
        let _ = text.parse::<Stipulation>();
        let _ = Code::from_ascii(&bytes);
        for i in 0..bytes.len() {
            if let Some(parsed) = parse_at(&bytes, i) {
                let _ = check(&parsed);
            }
        }
        let _ = scan_buffer(&bytes, "fuzz", ScanOptions { chunk_size: 13 }, &|_| {});
    }

    #[test]
    fn no_parser_panics_on_text_made_of_gbr_tokens(
        tokens in prop::collection::vec(
            prop::sample::select(vec![
                "0116.00", "9999.99", "0000.00", "a7d3", "b2b3c6d6", ".", "3/3", "10/9", "+", "-=",
                "Win", "BTM,", "ZAZ", "(", ")", "[", "]", " ", "\n", "\n\n", "h8", "(4+6)", ":",
                "Wins\n", "\n+\n", "Draws (=):\n", "\u{a0}", "**", "<b>", "</b>", "\r",
                "White wins in 3 moves", "Black to move", "1.Rf8+ Kg2", "1205.40", "GBR ",
                "12..0116.00..45", "d4e7f8.", "0000.02.a1a8", "feet", "->",
            ]),
            0..40,
        )
    ) {
        let text: String = tokens.concat();
        let whole = scan_buffer(text.as_bytes(), "t", ScanOptions { chunk_size: 1 << 20 }, &|_| {});
        let split = scan_buffer(text.as_bytes(), "t", ScanOptions { chunk_size: 5 }, &|_| {});
        prop_assert_eq!(whole, split);
        let _ = parse_text(&text).map(|p| check(&p));
    }
}
