use super::*;
use crate::position::MenCount;

/// Parses the first code shape in `text` and returns (raw text read, form, canonical).
#[track_caller]
fn read(text: &str) -> (String, Form, String) {
    let buf = text.as_bytes();
    let anchor = (0..buf.len())
        .find(|&i| crate::finder::has_shape(buf, i))
        .expect("a code in the text");
    let p = parse_at(buf, anchor).unwrap();
    (
        text[p.span.clone()].to_string(),
        p.form,
        p.position.to_string(),
    )
}

#[test]
fn every_form_of_gbr_md_reads_to_its_parts() {
    // (text around the code, raw text read, form, canonical position)
    let table = [
        ("the 0800.00 study", "0800.00", Form::Bare, "0800.00"),
        (
            "0310.01 d6a8",
            "0310.01 d6a8",
            Form::KingsAfter,
            "d6a8 0310.01",
        ),
        (
            "study =0323.12g3g1.",
            "=0323.12g3g1",
            Form::KingsAfter,
            "g3g1 0323.12 =",
        ),
        (
            "f1h1 0001.04 2/5 Win",
            "f1h1 0001.04 2/5 Win",
            Form::KingsBefore,
            "f1h1 0001.04 2/5+.",
        ),
        (
            "a8c8 4001.02a8c8 3/4 Win",
            "a8c8 4001.02a8c8 3/4 Win",
            Form::KingsBefore,
            "a8c8 4001.02 3/4+.",
        ),
        (
            "+ 1234.56 a7c8",
            "+ 1234.56 a7c8",
            Form::SignApart,
            "a7c8 1234.56 +",
        ),
        (
            "+\n   1234.56 a7c8",
            "+\n   1234.56 a7c8",
            Form::SignApart,
            "a7c8 1234.56 +",
        ),
        (
            "[+0020.42c1a1]",
            "[+0020.42c1a1]",
            Form::Bracketed,
            "c1a1 0020.42 +",
        ),
        (
            "a7d3 0116.00 b2b3c6d6 3/3+.",
            "a7d3 0116.00 b2b3c6d6 3/3+.",
            Form::Full,
            "a7d3 0116.00 b2b3c6d6 3/3+.",
        ),
        (
            "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.",
            "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.",
            Form::Full,
            "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.",
        ),
        (
            "c2h4 0015.15 d3d6g5\ng2.c4c5c7e5e6h3 5/7 Win: 1.Kd1",
            "c2h4 0015.15 d3d6g5\ng2.c4c5c7e5e6h3 5/7 Win:",
            Form::Full,
            "c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7+.",
        ),
        (
            "E312 Berendsen (+0031.10a1h8h1f4a7)  1.Kb2",
            "(+0031.10a1h8h1f4a7)",
            Form::Compact,
            "a1h8 0031.10 h1f4.a7 3/2+.",
        ),
        (
            "0000.02.a1a8.a2b2",
            "0000.02.a1a8.a2b2",
            Form::Dotted,
            "a1a8 0000.02 .a2b2 1/3.",
        ),
    ];
    for (text, raw, form, canonical) in table {
        assert_eq!(
            read(text),
            (raw.to_string(), form, canonical.to_string()),
            "{text:?}"
        );
    }
}

#[test]
fn full_position_in_roycroft_layout_holds_every_square() {
    let p = parse_text("a7d3 0116.00 b2b3c6d6 3/3+.").unwrap();
    let squares = p.position.squares.as_ref().unwrap();
    let text = |v: &[shakmaty::Square]| v.iter().map(ToString::to_string).collect::<Vec<_>>();
    assert_eq!(text(&squares.pieces), ["b2", "b3", "c6", "d6"]);
    assert!(squares.pawns.is_empty());
    assert!(squares.pawns_marked);
    assert_eq!(p.position.men, Some(MenCount { white: 3, black: 3 }));
    assert_eq!(p.position.stipulation, Some(Stipulation::WIN));
    assert_eq!(p.rank(), Rank::Full);
    assert_eq!(p.parts.squares, Some(13..21));
    assert_eq!(p.parts.men, Some(22..25));
}

#[test]
fn white_space_may_break_a_square_list_anywhere_between_squares() {
    let p = parse_text("a7d3\n0116.00 b2b3\nc6d6 3/3\n+.").unwrap();
    assert_eq!(p.position.to_string(), "a7d3 0116.00 b2b3c6d6 3/3+.");
}

#[test]
fn compact_positions_of_probleemblad_split_by_counting() {
    // Probleemblad 2013/4, E313-E317.
    let table = [
        ("(+4032.00a6c8d1h7d8a5d3)", "a6c8 4032.00 d1h7d8a5d3 4/3+."),
        (
            "(+0000.33e2d7a5b6d4e6g5h7)",
            "e2d7 0000.33 .a5b6d4e6g5h7 4/4+.",
        ),
        (
            "(=0341.23f3e7a3c8b2h8c6f7d3e5f6)",
            "f3e7 0341.23 a3c8b2h8.c6f7d3e5f6 5/6=.",
        ),
        (
            "(+3108.34f8h8d6e8c4e6e5e7b4g4h3b5c6f6h6)",
            "f8h8 3108.34 d6e8c4e6e5e7.b4g4h3b5c6f6h6 7/8+.",
        ),
        ("(+0133.10e7h5e4h8f6d6)", "e7h5 0133.10 e4h8f6.d6 3/3+."),
    ];
    for (text, canonical) in table {
        let p = parse_text(text).unwrap();
        assert_eq!(p.form, Form::Compact, "{text}");
        assert_eq!(p.position.to_string(), canonical, "{text}");
        assert!(!p.position.squares.as_ref().unwrap().pawns_marked);
    }
}

#[test]
fn kings_after_a_code_are_not_the_kings_before_the_next() {
    // A printed directory line (schaakstudiespinsels-2008 index).
    let text = "0001.11 e8h8  - 29 -     0014.00 h1e1 - 125 -";
    let second = text.find("0014.00").unwrap();
    let p = parse_at(text.as_bytes(), second).unwrap();
    assert_eq!(p.form, Form::KingsAfter);
    assert_eq!(p.position.to_string(), "h1e1 0014.00");
    let tight = "0310.01 d6a8 0320.11 h6e5";
    let p = parse_at(tight.as_bytes(), 13).unwrap();
    assert_eq!((p.form, p.span.clone()), (Form::KingsAfter, 13..25));
    let p = parse_at(tight.as_bytes(), 0).unwrap();
    assert_eq!((p.form, p.span.clone()), (Form::KingsAfter, 0..12));
}

#[test]
fn a_blank_line_does_not_join_a_sign_to_a_code() {
    let (raw, form, _) = read("+\n\n0002.01 h6e8");
    assert_eq!((raw.as_str(), form), ("0002.01 h6e8", Form::KingsAfter));
}

#[test]
fn stipulations_after_the_men_count_read_as_real_text_writes_them() {
    let table = [
        ("a2f1 0411.56 10/9 Win", "+"),
        ("a2f1 0411.56 10/9 BTM, Win", "-+"),
        ("a2f1 0411.56 10/9 draw.", "="),
        ("a2f1 0411.56 10/9-=.", "-="),
        ("a2f1 0411.56 10/9 BTM.", "BTM"),
        ("+ 1234.56 a7c8 ZAZ", "-+"),
    ];
    for (text, sign) in table {
        let p = parse_text(text).unwrap();
        assert_eq!(p.position.stipulation.unwrap().to_string(), sign, "{text}");
    }
}

#[test]
fn a_fraction_after_a_code_without_kings_stays_apart() {
    let (raw, form, _) = read("paid 1234.56 1/2 of it");
    assert_eq!((raw.as_str(), form), ("1234.56", Form::Bare));
    // Even when it happens to agree with the code (0300.00 is 1/2).
    let (raw, _, _) = read("a grant of 0300.00 1/2 payable");
    assert_eq!(raw, "0300.00");
    // A stipulation after it makes it a men count.
    let (raw, _, canonical) = read("0116.00 3/3 Win");
    assert_eq!(
        (raw.as_str(), canonical.as_str()),
        ("0116.00 3/3 Win", "0116.00 3/3+.")
    );
}

#[test]
fn problemists_men_count_reads_as_w_b() {
    let p = parse_text("+ 0031.01 a8d5 (2+3)").unwrap();
    assert_eq!(p.position.men, Some(MenCount { white: 2, black: 3 }));
}

#[test]
fn w_b_after_a_bare_code_is_read_in_a_text_given_on_purpose_only() {
    // Given on purpose (`gbr decode`): W/B is read with or without a result after it, and
    // checked against the code.
    for (text, canonical) in [
        ("0323.12 4/5", "0323.12 4/5."),
        ("0323.12 4/5.", "0323.12 4/5."),
        ("0323.12 4/5 Win", "0323.12 4/5+."),
        ("0323.12 (4+5)", "0323.12 4/5."),
    ] {
        let p = parse_text(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(p.rank(), Rank::Wb, "{text:?}");
        assert_eq!(
            p.position.men,
            Some(MenCount { white: 4, black: 5 }),
            "{text:?}"
        );
        assert_eq!(p.position.to_string(), canonical, "{text:?}");
    }
    // In running text a bare code followed by two numbers is a price list's line (gbr-notation.md §5):
    // W/B only when a result follows.
    let buf = b"0300.00 1/2 kg";
    assert_eq!(parse_at(buf, 0).unwrap().rank(), Rank::Bare);
    let buf = b"0300.00 1/2 Win";
    assert_eq!(parse_at(buf, 0).unwrap().rank(), Rank::Wb);
}

#[test]
fn a_sign_before_kings_before_the_code_on_their_line_is_read() {
    let (raw, form, canonical) = read("+ a1c3 0130.00 b2d4 2/2");
    assert_eq!(
        (raw.as_str(), form, canonical.as_str()),
        (
            "+ a1c3 0130.00 b2d4 2/2",
            Form::Full,
            "a1c3 0130.00 b2d4 2/2+."
        )
    );
    // (text, raw text read, canonical), each kings before the code
    let table = [
        ("=d1b3 4001.00", "=d1b3 4001.00", "d1b3 4001.00 ="),
        ("(=) c3b1 0002.01", "(=) c3b1 0002.01", "c3b1 0002.01 ="),
        ("x -+ h8f6 0000.01", "-+ h8f6 0000.01", "h8f6 0000.01 -+"),
        // A sign on the line above is the look-back's (a sign line), not the form's.
        ("+\nd1b3 4001.00", "d1b3 4001.00", "d1b3 4001.00"),
        // Not a sign: a word, a bracketed sign glued to a word.
        ("Win d1b3 4001.00", "d1b3 4001.00", "d1b3 4001.00"),
        ("x(=) c3b1 0002.01", "c3b1 0002.01", "c3b1 0002.01"),
    ];
    for (text, raw, canonical) in table {
        let (read_raw, form, read_canonical) = read(text);
        assert_eq!(
            (read_raw.as_str(), form, read_canonical.as_str()),
            (raw, Form::KingsBefore, canonical),
            "{text:?}"
        );
    }
}

#[test]
fn decode_refuses_text_outside_the_form() {
    assert_eq!(
        parse_text("0323.12 g3g1 and more").unwrap_err().to_string(),
        "\"0323.12 g3g1\" reads as a code (kings-after), but \"and more\" after it is not part \
         of a GBR position"
    );
    assert!(matches!(
        parse_text("hello"),
        Err(DecodeError::NoCode { .. })
    ));
    assert_eq!(
        parse_text(" 4100 ").unwrap().position.code.to_string(),
        "4100.00"
    );
}

#[test]
fn parse_at_refuses_what_is_not_a_code() {
    assert_eq!(parse_at(b"0323,12", 0), None);
    assert_eq!(parse_at(b"0323.1", 0), None);
    assert_eq!(parse_at(b"0323.12", 1), None);
}

#[test]
fn kings_repeated_after_the_code_are_noted_and_not_squares() {
    let p = parse_text("a8c8 4001.02a8c8 3/4 Win").unwrap();
    assert!(p.kings_repeated);
    assert_eq!(p.position.squares, None);
    assert_eq!(p.form, Form::KingsBefore);
    let p = parse_text("a8c8 4001.02 3/4 Win").unwrap();
    assert!(!p.kings_repeated);
}

#[test]
fn forms_found_by_fuzzing_read_back_whole() {
    // (text, raw text read, form, canonical)
    let table = [
        // Dotted, kings only: no empty square list (no double space in the canonical text).
        ("0000.02.a1a8", "0000.02.a1a8", Form::Dotted, "a1a8 0000.02"),
        // The canonical text of a short form with a sign reads back.
        (
            "g3g1 0323.12 =",
            "g3g1 0323.12 =",
            Form::KingsBefore,
            "g3g1 0323.12 =",
        ),
        ("0323.12 WTM", "0323.12 WTM", Form::Bare, "0323.12 WTM"),
        // A sign on the next line belongs to the code after it, not to these kings.
        (
            "d6a8 0310.01\n= 0014.00",
            "d6a8 0310.01",
            Form::KingsBefore,
            "d6a8 0310.01",
        ),
    ];
    for (text, raw, form, canonical) in table {
        assert_eq!(
            read(text),
            (raw.to_string(), form, canonical.to_string()),
            "{text:?}"
        );
    }
    assert!(
        parse_at(b"0000.02.a1a8", 0)
            .unwrap()
            .position
            .squares
            .is_none()
    );
}

#[test]
fn a_side_to_move_in_words_between_sign_and_code_turns_the_sign() {
    let table = [
        (
            "+ ZAZ   0013.01 e2g4",
            "+ ZAZ   0013.01 e2g4",
            "e2g4 0013.01 -+",
        ),
        (
            "= Schwarz am Zug 0013.01 e2g4",
            "= Schwarz am Zug 0013.01 e2g4",
            "e2g4 0013.01 -=",
        ),
        (
            "+ Black to move\n0013.01 e2g4",
            "+ Black to move\n0013.01 e2g4",
            "e2g4 0013.01 -+",
        ),
        ("= WAZ 0013.01 e2g4", "= WAZ 0013.01 e2g4", "e2g4 0013.01 ="),
        ("BTM 0013.01 e2g4", "BTM 0013.01 e2g4", "e2g4 0013.01 BTM"),
        // Words of prose before a code are not a side to move.
        ("to move 0013.01 e2g4", "0013.01 e2g4", "e2g4 0013.01"),
        ("Black to move 0013.01 e2g4", "0013.01 e2g4", "e2g4 0013.01"),
        // A side the notation does not know (a story's colours): the sign alone stands.
        (
            "+ Rood aan zet       1558.82 c3e4",
            "+ Rood aan zet       1558.82 c3e4",
            "c3e4 1558.82 +",
        ),
        ("Rood aan zet 1558.82 c3e4", "1558.82 c3e4", "c3e4 1558.82"),
        (
            "+ Rood\naan zet 1558.82 c3e4",
            "1558.82 c3e4",
            "c3e4 1558.82",
        ),
        ("+ de zet 1558.82 c3e4", "1558.82 c3e4", "c3e4 1558.82"),
    ];
    for (text, raw, canonical) in table {
        let (got_raw, _, got) = read(text);
        assert_eq!(
            (got_raw.as_str(), got.as_str()),
            (raw, canonical),
            "{text:?}"
        );
    }
}
