//! `gbr decode` through the real binary: the readable block, the JSON record, exit codes.

use gbrscan::Record;

/// The output, stderr and exit code of `gbr decode ARGS...`.
#[track_caller]
fn decode(args: &[&str]) -> (String, String, i32) {
    let mut all = vec!["decode"];
    all.extend(args);
    crate::support::gbr::outcome(&all, "")
}

/// The value after `label:` in the block, or a panic naming the label.
#[track_caller]
fn field<'a>(block: &'a str, label: &str) -> &'a str {
    let prefix = format!("{label}:");
    block
        .lines()
        .find_map(|l| l.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no {label:?} line in\n{block}"))
        .trim_start()
}

#[test]
fn the_roycroft_example_decodes_to_every_part_and_is_valid() {
    let (out, err, code) = decode(&["a7d3 0116.00 b2b3c6d6 3/3+."]);
    assert_eq!(
        out,
        "\
text:        a7d3 0116.00 b2b3c6d6 3/3+.
form:        full (rank: full)
canonical:   a7d3 0116.00 b2b3c6d6 3/3+.
code:        0116.00
material:    wR wB v bN bN (KRBvKNN)
men:         3/3 (the code gives 3/3)
kings:       wK a7, bK d3
pieces:      wR b2, wB b3, bN c6, bN d6
pawns:       none
stipulation: + (White to move, White wins)
FEN board:   8/K7/2nn4/8/8/1B1k4/1R6/8
FEN:         8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1
checks:
  digits       ok
  squares      ok
  men-count    ok
  men-squares  ok
  board        ok
  legality     ok
  nine         not checked (no digit 9)
  stipulation  not checked (needs a sign before the code and a stipulation after it)
  fen          not checked (only for a code beside a FEN, in PGN input)
verdict:     valid
"
    );
    assert_eq!(err, "");
    assert_eq!(code, 0);
}

#[test]
fn the_eg_190_typo_is_an_error_with_the_fix_and_exits_1() {
    let (out, err, code) = decode(&["a2f1 0411.56 10/9 Win"]);
    assert_eq!(field(&out, "form"), "kings-before (rank: wb)");
    assert_eq!(
        field(&out, "material"),
        "wR wB wN wP wP wP wP wP v bR bP bP bP bP bP bP (KRBNPPPPPvKRPPPPPP)"
    );
    assert_eq!(field(&out, "men"), "10/9 (the code gives 9/8)");
    assert_eq!(field(&out, "pieces"), "not given");
    assert_eq!(
        field(&out, "FEN board"),
        "unknown (needs the kings and every square)"
    );
    assert!(
        out.contains(
            "\n  men-count    error: men-count: W/B is 10/9, the code gives 9/8; \
             the code should probably read 0411.67, or else W/B 9/8\n"
        ),
        "{out}"
    );
    assert!(
        out.contains("\n  squares      not checked (no squares given)\n"),
        "{out}"
    );
    assert!(
        out.contains("\n  legality     not checked (needs every man's square)\n"),
        "{out}"
    );
    assert_eq!(field(&out, "verdict"), "invalid");
    assert_eq!(
        field(&out, "fix"),
        "a2f1 0411.67 10/9 Win (code 0411.56 -> 0411.67)"
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

#[test]
fn a_single_nine_is_split_by_the_men_count() {
    let (out, _, code) = decode(&["+1689.00 4/8"]);
    assert_eq!(
        field(&out, "material"),
        "wQ wB wB v bR bR bB bB bN bN bN (KQBBvKRRBBNNN; the 9 for knights split by W/B)"
    );
    assert_eq!(field(&out, "men"), "4/8 (the code has a digit 9)");
    assert!(
        out.contains(
            "\n  nine         note: nine: digit 9 for knights: W/B gives 0 white and 3 black\n"
        ),
        "{out}"
    );
    assert_eq!(field(&out, "verdict"), "valid");
    assert_eq!(code, 0);
}

#[test]
fn w_b_after_a_bare_code_is_read_and_checked_with_or_without_a_result() {
    let (out, err, code) = decode(&["0323.12 4/5"]);
    assert_eq!((err.as_str(), code), ("", 0), "{out}");
    assert_eq!(field(&out, "form"), "bare (rank: wb)");
    assert_eq!(field(&out, "men"), "4/5 (the code gives 4/5)");
    assert_eq!(field(&out, "canonical"), "0323.12 4/5.");
    // A transcription error in W/B is found and fixed by the code, as after kings.
    let (out, _, code) = decode(&["0323.12 4/6"]);
    assert_eq!(field(&out, "verdict"), "invalid", "{out}");
    assert!(out.contains("4/5"), "{out}");
    assert_eq!(code, 1);
}

#[test]
fn two_nines_are_ambiguous_not_invalid() {
    let (out, _, code) = decode(&["0099.00"]);
    assert_eq!(
        field(&out, "material"),
        "unknown (digit 9 for bishops and knights: the split is not known)"
    );
    assert!(
        out.contains(
            "\n  nine         note: nine: digit 9 for bishops and knights: \
             split unknown, ambiguous rather than invalid\n"
        ),
        "{out}"
    );
    assert_eq!(field(&out, "verdict"), UNCHECKED);
    assert_eq!(code, 0);
}

#[test]
fn a_short_code_reads_as_no_pawns() {
    let (out, _, code) = decode(&["4100"]);
    assert_eq!(field(&out, "canonical"), "4100.00");
    assert_eq!(field(&out, "material"), "wQ wR v bQ (KQRvKQ)");
    assert_eq!(field(&out, "men"), "not given (the code gives 3/2)");
    assert_eq!(field(&out, "form"), "bare (rank: bare)");
    assert_eq!(code, 0);
}

#[test]
fn words_given_apart_are_joined_with_spaces() {
    let (joined, _, _) = decode(&["a7d3", "0116.00", "b2b3c6d6", "3/3+."]);
    let (quoted, _, _) = decode(&["a7d3 0116.00 b2b3c6d6 3/3+."]);
    assert_eq!(joined, quoted);
}

#[test]
fn garbage_is_not_a_code_and_exits_2_with_the_reason() {
    let (out, err, code) = decode(&["hello"]);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "gbr: no GBR code in \"hello\": a code is dddd.dd (0323.12) or four digits (4100)\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn text_beside_the_code_exits_2_and_says_where() {
    let (out, err, code) = decode(&["0323.12 is a code"]);
    assert_eq!(out, "");
    assert_eq!(
        err,
        "gbr: \"0323.12\" reads as a code (bare), but \"is a code\" after it is not part of a \
         GBR position\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn json_prints_the_record_of_the_text() {
    let (out, err, code) = decode(&["--json", "a2f1 0411.56 10/9 Win"]);
    assert_eq!(err, "");
    assert_eq!(code, 1);
    assert_eq!(out.lines().count(), 1);
    let record: Record = serde_json::from_str(&out).expect("a Record");
    assert_eq!(record.path, "<arg>");
    assert_eq!((record.line, record.column, record.offset), (1, 1, 0));
    assert_eq!(record.text, "a2f1 0411.56 10/9 Win");
    assert_eq!(record.canonical, "a2f1 0411.56 10/9+.");
    assert!(!record.valid);
    assert_eq!(record.findings.len(), 1);
    assert_eq!(record.findings[0].fix.as_deref(), Some("0411.67"));
    assert_eq!(
        (record.findings[0].offset, record.findings[0].length),
        (5, 7)
    );
}

/// The verdict of a code beside which nothing repeats the material.
const UNCHECKED: &str = "unchecked (no error, but nothing beside the code repeats its material: no W/B, squares or FEN)";

#[test]
fn the_verdict_says_how_much_could_be_checked() {
    let cases = [
        ("0323.12", UNCHECKED, 0),
        ("g3g1 0323.12", UNCHECKED, 0),
        ("a7d3 0116.00 3/3", "valid", 0),
        ("a7d3 0116.00 b2b3c6d6 3/3+.", "valid", 0),
        ("a2f1 0411.56 10/9 Win", "invalid", 1),
    ];
    for (text, verdict, status) in cases {
        let (out, _, code) = decode(&[text]);
        assert_eq!((field(&out, "verdict"), code), (verdict, status), "{text}");
    }
}

#[test]
fn every_argument_is_decoded_and_a_bad_one_is_reported_alone() {
    let (out, err, code) = decode(&["0323.12", "junk", "4100"]);
    let texts: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("text:"))
        .map(str::trim)
        .collect();
    assert_eq!(texts, ["0323.12", "4100"]);
    assert_eq!(
        err,
        "gbr: cannot decode \"junk\": no GBR code in \"junk\": a code is dddd.dd (0323.12) or \
         four digits (4100)\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn a_square_used_twice_is_an_error_of_the_board_check() {
    // Both kings on one square, and two men on one square: no position, so `invalid`, with
    // the check named (a king next to the other stays a warning).
    for (text, finding) in [
        ("0116.00 a7a7", "board: both kings on a7"),
        ("a7d3 0116.00 b2b2c6d6 3/3+.", "board: two men on b2"),
        ("a7d3 0116.00 a7b3c6d6 3/3+.", "board: two men on a7"),
    ] {
        let (out, _, code) = decode(&[text]);
        assert_eq!(code, 1, "{text}: {out}");
        assert!(out.contains(&format!("error: {finding}")), "{text}: {out}");
        assert!(out.contains("verdict:     invalid"), "{text}: {out}");
    }
    let (out, _, _) = decode(&["0116.00 a7b7"]);
    assert!(
        out.contains("warning: board: kings next to each other"),
        "{out}"
    );
}
