use super::*;

#[track_caller]
fn code(s: &str) -> Code {
    s.parse().unwrap()
}

#[test]
fn examples_of_gbr_md_decode_to_their_material() {
    // (code, table-style material) from gbr-notation.md §1 and the seeds.
    let table = [
        ("0002.01", "KNNvKP"),
        ("4100.00", "KQRvKQ"),
        ("0023.00", "KBBvKN"),
        ("4888.88", "KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP"),
        ("6010.03", "KBvKQQPPP"),
        ("0116.00", "KRBvKNN"),
        ("0323.12", "KBBPvKRNPP"),
        ("1234.56", "KQRRNPPPPPvKBNPPPPPP"),
        ("0020.42", "KBBPPPPvKPP"),
    ];
    for (text, material) in table {
        assert_eq!(
            code(text).material().unwrap().to_string(),
            material,
            "{text}"
        );
    }
}

#[test]
fn seed_000_digit_rules_hold() {
    // "two white rooks and one black rook, the digit used is 1+1+3=5 ... 0500".
    assert_eq!(Digit::from_counts(2, 1).value(), 5);
    assert_eq!(code("0500.00").counts(Role::Rook), Some((2, 1)));
    // "four white pawns and seven black pawns, the last two digits of the code are 47".
    let c = code("0000.47");
    assert_eq!((c.pawns(Color::White), c.pawns(Color::Black)), (4, 7));
    // Every split of up to two a side has its own digit 0..=8 (gbr-notation.md §1).
    let digits: Vec<u8> = (0..=2)
        .flat_map(|b| (0..=2).map(move |w| Digit::from_counts(w, b).value()))
        .collect();
    assert_eq!(digits, [0, 1, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(Digit::from_counts(3, 0).value(), 9);
}

#[test]
fn nine_digit_has_no_counts_and_no_material() {
    let c = code("1689.00");
    assert_eq!(c.counts(Role::Knight), None);
    assert_eq!(c.counts(Role::Queen), Some((1, 0)));
    assert_eq!(c.counts(Role::Rook), Some((0, 2)));
    assert_eq!(c.counts(Role::Bishop), Some((2, 2)));
    assert_eq!(c.nines(), vec![Role::Knight]);
    assert_eq!(c.material(), None);
    assert_eq!(c.total_pieces(), None);
}

#[test]
fn wikipedia_example_encodes_to_1689() {
    // wQ, bR bR, wB wB bB bB, bN bN bN (seed 000).
    let m: Material = "KQBBvKRRBBNNN".parse().unwrap();
    assert_eq!(Code::from_material(&m).unwrap().to_string(), "1689.00");
}

#[test]
fn errors_name_the_byte_and_what_was_found() {
    assert_eq!(
        Code::from_ascii(b"0323,12").unwrap_err().to_string(),
        "expected '.' at byte 4, found ','"
    );
    assert_eq!(
        Code::from_ascii(b"03x3.12").unwrap_err().to_string(),
        "expected a digit at byte 2, found 'x'"
    );
    assert_eq!(
        Code::from_ascii(b"0323.1").unwrap_err().to_string(),
        "expected a code of 7 bytes `dddd.dd`, found 6 bytes"
    );
}

#[test]
fn loose_parse_reads_piece_digits_alone_as_no_pawns() {
    assert_eq!(Code::parse_loose("4100").unwrap(), code("4100.00"));
    assert_eq!(Code::parse_loose(" 0023 ").unwrap(), code("0023.00"));
    assert_eq!(Code::parse_loose("0323.12").unwrap(), code("0323.12"));
    assert!(Code::parse_loose("41").is_err());
}

#[test]
fn pawn_digit_nine_is_held_for_the_checks() {
    let c = code("0000.91");
    assert_eq!(c.pawns(Color::White), 9);
    assert_eq!(c.to_string(), "0000.91");
}

#[test]
fn too_many_pawns_cannot_be_encoded() {
    let mut counts = code("0000.00").material().unwrap().counts();
    counts.black.pawn = 9;
    assert_eq!(
        Code::from_material(&Material::new(counts)).unwrap_err(),
        EncodeError::TooManyPawns {
            color: Color::Black,
            found: 9
        }
    );
}

/// The material read straight from the digits is the count of each type through
/// [`Code::counts`], for every piece digit, `9` included, and a few pawn digits.
#[test]
fn material_is_the_count_of_each_type() {
    for pieces in 0..10_000u32 {
        for pawns in ["00", "38", "81"] {
            let text = format!("{pieces:04}.{pawns}");
            let code = code(&text);
            let by_types = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
                .into_iter()
                .chain([Role::Pawn, Role::King])
                .map(|role| code.counts(role).map(|counts| (role, counts)))
                .collect::<Option<Vec<_>>>();
            let material = code.material();
            assert_eq!(material.is_some(), by_types.is_some(), "{text}");
            for (role, (white, black)) in by_types.into_iter().flatten() {
                let counts = material.as_ref().expect("material").counts();
                assert_eq!(*counts.white.get(role), white, "{text} {role:?}");
                assert_eq!(*counts.black.get(role), black, "{text} {role:?}");
            }
        }
    }
}
