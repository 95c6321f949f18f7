use super::*;
use crate::position::Part;

#[track_caller]
fn reads(found: &str, expected: &str) {
    let read = read(found);
    assert_eq!(
        read.text.trim_end(),
        expected,
        "{found:?}: {:?}",
        read.fixes
    );
    assert_eq!(read.text.len(), found.len(), "the length is kept");
}

#[track_caller]
fn untouched(text: &str) {
    let read = read(text);
    assert_eq!(read.text, text);
    assert!(read.fixes.is_empty(), "{:?}", read.fixes);
}

#[test]
fn a_code_with_letters_for_digits_reads_beside_its_kings() {
    reads("a7d3 Oll6,OO b2b3c6d6 3/3+.", "a7d3 0116.00 b2b3c6d6 3/3+.");
    reads("0323.l2 g3gl", "0323.12 g3g1");
    reads("=O323.12", "=0323.12");
}

#[test]
fn kings_with_letters_for_digits_read_as_squares() {
    reads("dShé 0130.00 2/2 Win", "d5h6  0130.00 2/2 Win");
    reads("(+0031.10alh8h1f4a7)", "(+0031.10a1h8h1f4a7)");
}

#[test]
fn a_space_inside_a_code_moves_after_it() {
    reads(
        "a2c4 0000. 32 .d4e3f2e4f3 4/3 WTM.",
        "a2c4 0000.32  .d4e3f2e4f3 4/3 WTM.",
    );
    reads("g3g1 0323 .12", "g3g1 0323.12");
}

#[test]
fn square_lists_and_men_read_over_a_line_end() {
    reads(
        "c2h4 0015.15 d3dég5\ng2,c4c5c7e5e6h3 S/7 Win:",
        "c2h4 0015.15 d3d6g5 \ng2.c4c5c7e5e6h3 5/7 Win:",
    );
}

#[test]
fn the_fix_says_where_what_and_as_what() {
    let read = read("No 12\ndShé O130.00\n");
    assert_eq!(
        read.fixes,
        vec![
            OcrFix {
                offset: 6,
                found: "dShé".into(),
                read: "d5h6".into(),
                part: Some(Part::Squares),
                from_picture: false,
            },
            OcrFix {
                offset: 12,
                found: "O130.00".into(),
                read: "0130.00".into(),
                part: Some(Part::Code),
                from_picture: false,
            },
        ]
    );
}

#[test]
fn a_confused_code_alone_is_no_code() {
    untouched("the price was 1234,56 euro");
    untouched("O130.00 and nothing beside");
    untouched("in 2013:10 weeks");
}

#[test]
fn prose_and_numbers_are_never_read_as_codes() {
    untouched("version 10.0323.12 and 0323.123 and 20l3.10.05");
    untouched("Sl0l.ll hello");
    untouched("bill dish each hill 1.Bb2 Kg7 2.a7");
    untouched("IIII.II a1b2");
}

#[test]
fn letters_are_read_as_digits_only_where_a_digit_stands() {
    // The file letters g and b stay; a rank 9 or 0 is no square.
    reads("g3bl 0323.12", "g3b1 0323.12");
    untouched("gOb9 0323.12");
}

#[test]
fn a_clean_page_is_read_unchanged() {
    untouched("a7d3 0116.00 b2b3c6d6 3/3+.\n=0323.12g3g1\n");
}

#[test]
fn a_stray_mark_in_a_square_is_dropped_where_the_code_counts_the_squares() {
    // 0000.33: kings and six pawns, eight squares glued after the code.
    reads("(+0000.33e2d7aS5b6d4e6g5h7)", "(+0000.33e2d7a5b6d4e6g5h7 )");
    reads("=0323.12 g3gl1 after", "=0323.12 g3g1  after");
    // Nine squares where the code says eight: not read.
    untouched("(+0000.33e2d7aS5b6d4e6g5h7a2)");
}

#[test]
fn a_cent_sign_is_read_as_the_file_g() {
    reads("—0323.12 g3¢1 after", "—0323.12 g3g1  after");
    reads(
        "c2h4 0015.15 d3d6g5 ¢2.c4c5c7e5e6h3 5/7 Win:",
        "c2h4 0015.15 d3d6g5 g2.c4c5c7e5e6h3  5/7 Win:",
    );
}

#[test]
fn a_fix_keeps_its_part_name_in_json_and_reads_old_names() {
    let fix = |part| OcrFix {
        offset: 3,
        found: "Oll6,OO".into(),
        read: "0116.00".into(),
        part,
        from_picture: false,
    };
    for (part, name) in [
        (Some(Part::Code), "code"),
        (Some(Part::Squares), "squares"),
        (Some(Part::MenCount), "men"),
        (None, "line"),
    ] {
        let json = serde_json::to_string(&fix(part)).unwrap();
        assert!(json.contains(&format!("\"part\":\"{name}\"")), "{json}");
        assert_eq!(serde_json::from_str::<OcrFix>(&json).unwrap(), fix(part));
    }
    let wb = r#"{"offset":3,"found":"3/4","read":"3/3","part":"wb"}"#;
    assert_eq!(
        serde_json::from_str::<OcrFix>(wb).unwrap().part,
        Some(Part::MenCount)
    );
    let kings = r#"{"offset":3,"found":"a7d3","read":"a7d3","part":"kings"}"#;
    assert!(serde_json::from_str::<OcrFix>(kings).is_err());
}
