//! The label rules as a table over caption layouts.

use super::*;

/// The label of the last code (`0000.10`, the last in the text) under `rules`.
fn label_of(rules: &LabelRules, text: &str) -> Option<String> {
    let start = text.rfind("0000.10").expect("a code in the text");
    let floor = text[..start]
        .rfind("0310.01")
        .map_or(0, |i| i + "0310.01".len());
    rules
        .find(text.as_bytes(), floor, start)
        .map(|l| l.text.to_string())
}

#[test]
fn builtin_rules_over_caption_layouts() {
    let rules = LabelRules::builtin();
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            "EG number and composer",
            "No 18776 J. Smith (Holland)\n+ 0000.10 a1c3\n",
            Some("18776"),
        ),
        (
            "EG number with a dot",
            "No. 18776  A. Author\n\n0000.10 e1e8\n",
            Some("18776"),
        ),
        ("German number", "Nr 12\nB. Author\n= 0000.10\n", Some("12")),
        (
            "number and dot before a name",
            "18776. Composer\nsome source\n+ 0000.10 a1c3\n",
            Some("18776"),
        ),
        (
            "number and dot alone",
            "  212.\n0000.10 a1c3 +\n",
            Some("212"),
        ),
        (
            "the book's numbers",
            "- 31 -\n\n\n+      0000.10 c3b1\n",
            Some("31"),
        ),
        (
            "a number over its source line",
            "- 2 - \n \nEBUR, 1999 \n \n \n+  0000.10 a8g3\n",
            Some("2"),
        ),
        (
            "EG cumulative number",
            "EG#12345 (a reprint)\n0000.10 a1c3\n",
            Some("EG#12345"),
        ),
        (
            "magazine number on the code's line",
            "E312 Berendsen (+0000.10a1h8h1)\n",
            Some("E312"),
        ),
        (
            "composer then source and year",
            "A. Composer\nProbleemblad, 2000\n+ 0000.10 a1c3\n",
            Some("Probleemblad, 2000"),
        ),
        (
            "source and year, then the honour",
            "XYZB, 2014, 4de Eervolle Vermelding\n\n+\n\n0000.10 c4a4\n",
            Some("XYZB, 2014, 4de Eervolle Vermelding"),
        ),
        (
            "an honour in prose after no year",
            "In 1998 kreeg hij de 2de Prijs\n\n0000.10 c4a4\n",
            None,
        ),
        (
            "a number heads its block however far above its source and year",
            "No 5\none\ntwo\nthree\nfour\nEG 1999\n0000.10\n",
            Some("5"),
        ),
        (
            "a move number is no label",
            "1. Kb2 Kc3 2. Kc1\n0000.10 a1c3\n",
            None,
        ),
        (
            "a move number without a blank",
            "1.Kb2 Kc3\n0000.10 a1c3\n",
            None,
        ),
        ("a page number is no label", " 32 \n0000.10 a1c3\n", None),
        (
            "a year in prose",
            "the study of 1935): see\n0000.10\n",
            None,
        ),
        (
            "no label past the code before",
            "No 7\n+ 0310.01 a1c3\n+ 0000.10 a1c3\n",
            None,
        ),
        (
            "a label after the code before",
            "No 7\n0310.01 a1c3\nNo 8\n0000.10 a1c3\n",
            Some("8"),
        ),
        (
            "two codes after one label: the second has none",
            "- 4 -\n0310.01 a1c3 and 0000.10 a1c3\n",
            None,
        ),
        (
            "a page break (form feed) between",
            "No 9\n\u{c}\n0000.10 a1c3\n",
            None,
        ),
        (
            "a number beyond ten lines",
            "No 9\n1\n2\n3\n4\n5\n6\n7\n8\n9\n0000.10 a1c3\n",
            Some("9"),
        ),
        (
            "a number on the tenth line",
            "No 9\n1\n2\n3\n4\n5\n6\n7\n8\n0000.10 a1c3\n",
            Some("9"),
        ),
    ];
    for (layout, text, expected) in cases {
        assert_eq!(
            label_of(&rules, text).as_deref(),
            *expected,
            "{layout}: {text:?}"
        );
    }
}

#[test]
fn a_code_before_that_reaches_past_this_ones_start_leaves_no_window() {
    let text = b"No 7\n0310.01 a1c3 0000.10";
    for floor in [18, 19, 25, 40] {
        assert_eq!(
            LabelRules::builtin().find(text, floor, 18),
            None,
            "floor {floor}"
        );
    }
    assert_eq!(LabelRules::builtin().find(text, 0, 0), None);
}

#[test]
fn prose_and_the_byte_limit_end_the_caption_window() {
    let rules = LabelRules::builtin();
    let prose = "w".repeat(CAPTION_LONG_LINE + 1);
    let caption = "Probleemblad, 2000";
    let one = format!("{caption}\n{prose}\n0000.10 a1c3\n");
    assert_eq!(
        label_of(&rules, &one).as_deref(),
        Some(caption),
        "one long line"
    );
    let two = format!("{caption}\n{prose}\n{prose}\n0000.10 a1c3\n");
    assert_eq!(label_of(&rules, &two), None, "a paragraph of prose");
    let longest = format!("{caption}\n{}\n0000.10 a1c3\n", "w".repeat(MAX_LINE + 1));
    assert_eq!(label_of(&rules, &longest), None, "a line over {MAX_LINE}");
    let many = format!("{caption}\n{}0000.10 a1c3\n", "s\n".repeat(CAPTION_LINES));
    assert_eq!(label_of(&rules, &many), None, "past {CAPTION_LINES} lines");
    let bytes = format!(
        "{caption}\n{}\n0000.10 a1c3\n",
        "s ".repeat(CAPTION_BYTES / 2)
    );
    assert_eq!(label_of(&rules, &bytes), None, "past {CAPTION_BYTES} bytes");
    // The label's own line may be long: it is read, and ends the window.
    let long_caption = format!("No 9 {prose}\n0000.10 a1c3\n");
    assert_eq!(label_of(&rules, &long_caption).as_deref(), Some("9"));
}

#[test]
fn a_study_number_heads_its_block_across_prose_up_to_the_block_s_bytes() {
    let rules = LabelRules::builtin();
    let pattern = LabelRules::pattern("No (9)").unwrap();
    let prose = format!("{}\n", "w".repeat(MAX_LINE + 1));
    for (rules, name) in [(&rules, "built-in"), (&pattern, "pattern")] {
        let two = format!("No 9\n{prose}{prose}0000.10 a1c3\n");
        assert_eq!(label_of(rules, &two).as_deref(), Some("9"), "{name}: prose");
        // A caption nearer the code gives way to the number.
        let captioned = format!("No 9\n{prose}Probleemblad, 2000\n0000.10 a1c3\n");
        assert_eq!(label_of(rules, &captioned).as_deref(), Some("9"), "{name}");
    }
    // The number's line cut by the block's byte limit is not read; one line fewer and it is.
    let filler = "s".repeat(99);
    let lines = NUMBER_REACH / 100 - 1;
    let mut cut = format!("No 9 {}\n", "s".repeat(200));
    for _ in 0..lines {
        cut.push_str(&format!("{filler}\n"));
    }
    cut.push_str("0000.10 a1c3\n");
    let start = cut.find("0000.10").unwrap();
    assert!(
        start > NUMBER_REACH && start - 206 < NUMBER_REACH,
        "the limit cuts the number's line"
    );
    assert_eq!(rules.find(cut.as_bytes(), 0, start), None);
    assert_eq!(pattern.find(cut.as_bytes(), 0, start), None);
    let inside = cut.replacen(&format!("{filler}\n"), "", 1);
    let start = inside.find("0000.10").unwrap();
    for rules in [&rules, &pattern] {
        let found = rules.find(inside.as_bytes(), 0, start).map(|l| l.text);
        assert_eq!(found.as_deref(), Some("9"));
    }
}

#[test]
fn a_users_pattern_gives_its_last_match_or_first_group() {
    let cases: &[(&str, &str, Option<&str>)] = &[
        (
            r"- (\d+) -",
            "- 31 -\nEBUR, 1999\n+ 0000.10 c3b1\n",
            Some("31"),
        ),
        (r"- (\d+) -", "- 30 -\n- 31 -\n0000.10\n", Some("31")),
        (
            r"Study \d+",
            "Study 4 and Study 5\n0000.10\n",
            Some("Study 5"),
        ),
        (r"- (\d+) -", "- 31 -\n0310.01 a1c3\n0000.10\n", None),
        (r"- (\d+) -", "- 31 -\n\u{c}0000.10\n", None),
        (r"- (\d+) -", "No 18776\n0000.10\n", None),
    ];
    for (pattern, text, expected) in cases {
        let rules = LabelRules::pattern(pattern).expect("a pattern");
        assert_eq!(
            label_of(&rules, text).as_deref(),
            *expected,
            "{pattern}: {text:?}"
        );
    }
}

#[test]
fn a_long_caption_is_cut_at_a_character_boundary() {
    let long = format!("{}é, 2001", "a".repeat(MAX_LABEL - 9));
    assert!(text_of(long.as_bytes()).len() <= MAX_LABEL);
    let pattern = LabelRules::pattern("(é+)").unwrap();
    let text = format!("{}\n0000.10\n", "é".repeat(60));
    let label = label_of(&pattern, &text).unwrap();
    assert!(label.len() <= MAX_LABEL && label.chars().all(|c| c == 'é'));
}

/// The label after the first code of `text` (`0310.01` or `0000.10`, ending with its kings).
fn after_of(rules: &LabelRules, text: &str) -> Option<String> {
    let code = text.find(['0']).expect("a code");
    let end = code + "0310.01 d6a8".len();
    rules
        .find_after(text.as_bytes(), end)
        .map(|l| l.text.to_string())
}

#[test]
fn a_printed_directory_sets_each_entrys_number_after_its_code() {
    let builtin = LabelRules::builtin();
    let table: &[(&str, Option<&str>)] = &[
        ("0310.01 d6a8  - 31 -     0014.00 h4b1 - 106 -", Some("31")),
        ("0310.01 d6a8 - 106 -", Some("106")),
        ("0310.01 d6a8   31     0014.00 h4b1  106", Some("31")),
        ("0310.01 d6a8 ........ 45", Some("45")),
        ("0310.01 d6a8  8, 45, 112", Some("8, 45, 112")),
        ("0310.01 d6a8  1234, 56, 78", Some("1234, 56, 78")),
        ("0310.01 d6a8  No 17", Some("17")),
        ("0310.01 d6a8 31   a1b2 0000.10", Some("31")),
        // Prose, moves, a men count, the next line, nothing: no label.
        ("0310.01 d6a8 12 times over", None),
        ("0310.01 d6a8 1.Kb2 Kc3", None),
        ("0310.01 d6a8 3/4", None),
        ("0310.01 d6a8\n- 31 -", None),
        ("0310.01 d6a8", None),
        ("0310.01 d6a8    0014.00 h4b1 - 106 -", None),
        ("0310.01 d6a8-31", None),
    ];
    for &(text, want) in table {
        assert_eq!(after_of(&builtin, text).as_deref(), want, "{text:?}");
    }
    // A user's pattern: its first match before the next code on the line.
    let pattern = LabelRules::pattern(r"\((\d+)\)").unwrap();
    assert_eq!(
        after_of(&pattern, "0310.01 d6a8 (31) 0014.00 h4b1 (106)").as_deref(),
        Some("31")
    );
    assert_eq!(
        after_of(&pattern, "0310.01 d6a8 0014.00 h4b1 (106)").as_deref(),
        None
    );
}

#[test]
fn a_games_label_is_its_composer_source_and_year() {
    use crate::study::Study;
    let study = |event: Option<&str>, date: Option<&str>, composer: Option<&str>| Study {
        composer: composer.map(Into::into),
        event: event.map(Into::into),
        date: date.map(Into::into),
        ..Study::default()
    };
    let builtin = LabelRules::builtin();
    let label = |s: &Study| builtin.of_game(Some(s), b"").map(|l| l.to_string());
    assert_eq!(
        label(&study(
            Some("EG"),
            Some("1995.??.??"),
            Some("Roycroft, John")
        )),
        Some("Roycroft, John, EG 1995".into())
    );
    assert_eq!(
        label(&study(
            Some("Shakhmaty 1925"),
            Some("1925.??.??"),
            Some("Kubbel, L.")
        )),
        Some("Kubbel, L., Shakhmaty 1925".into())
    );
    assert_eq!(
        label(&study(None, Some("1925.??.??"), Some("Kubbel, L."))),
        Some("Kubbel, L., 1925".into())
    );
    assert_eq!(
        label(&study(Some("EG"), Some("1995.??.??"), None)),
        Some("EG 1995".into())
    );
    assert_eq!(
        label(&study(Some("Tidskrift"), Some("????.??.??"), None)),
        Some("Tidskrift".into())
    );
    assert_eq!(
        label(&study(Some("?"), None, Some("Troitzky, Alexei"))),
        Some("Troitzky, Alexei".into())
    );
    assert_eq!(label(&study(None, Some("1910"), None)), None);
    assert_eq!(builtin.of_game(None, b"[Event \"EG\"]"), None);
    let pattern = LabelRules::pattern(r#"Round "(\d+)""#).unwrap();
    assert_eq!(
        pattern
            .of_game(None, b"[Event \"EG\"]\n[Round \"17\"]")
            .as_deref(),
        Some("17")
    );
}

#[test]
fn years_are_four_digits_standing_alone() {
    let years: Vec<u16> = super::years("No 19251, Kubbel 1925 (1999) 12345 x2001").collect();
    assert_eq!(years, [1925, 1999, 2001]);
    assert_eq!(super::years("").count(), 0);
    assert_eq!(super::years("123").count(), 0);
}
