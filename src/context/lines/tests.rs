use super::*;

#[test]
fn sign_lines_hold_a_sign_and_perhaps_a_side_to_move() {
    let table: [(&str, Option<&str>); 11] = [
        ("+", Some("+")),
        // A side to move whose side is neither White nor Black: the sign alone.
        ("+ Rood aan zet", Some("+")),
        ("= Red to move.", Some("=")),
        ("+ Rood en Wit aan zet", None),
        ("  =  ", Some("=")),
        ("+ ZAZ", Some("-+")),
        ("= Schwarz am Zug", Some("-=")),
        ("-+", Some("-+")),
        ("+ 1.Kb2", None),
        ("=  (4+6)", None),
        ("Win", None),
    ];
    for (line, want) in table {
        assert_eq!(
            sign_line(line.as_bytes()).map(|s| s.to_string()),
            want.map(String::from),
            "{line:?}"
        );
    }
}

#[test]
fn the_look_back_stops_at_the_first_code_heading_or_sign() {
    let text = b"+\nComposer\nSource, 2000\n- 31 -\n\n0310.01 d6a8";
    assert_eq!(
        look_back(text, text.len() - 12),
        Above::Sign(Stipulation::WIN)
    );
    let text = b"0001.11 e8h8 - 29 -   0014.00 h1e1";
    assert_eq!(look_back(text, 22), Above::Code);
    let text = b"Draws (=):\n\n0014.22 g5d6";
    assert_eq!(look_back(text, 12), Above::Heading(Stipulation::DRAW));
    let text = b"+\n0310.01 d6a8 text\n\n0002.01 h6e8";
    assert_eq!(look_back(text, 21), Above::Code);
    let prose = format!("+\n{}\n0310.01 d6a8", "word ".repeat(30));
    assert_eq!(
        look_back(prose.as_bytes(), prose.len() - 12),
        Above::Nothing
    );
    let far = [b"line\n".as_slice(); 20].concat();
    assert_eq!(look_back(&far, far.len()), Above::Nothing);
}

use crate::context::upward::tests::fixture_texts;

#[test]
fn the_look_back_after_a_known_code_answers_as_the_full_look_back() {
    let mut compared = 0;
    for text in fixture_texts() {
        let stops: Vec<usize> = (0..text.len()).filter(|&i| is_token(&text, i)).collect();
        assert!(!stops.is_empty());
        for start in 0..=text.len() {
            let last = stops.iter().rev().find(|&&a| a + 4 < start).copied();
            assert_eq!(
                look_back_after(&text, start, last),
                look_back(&text, start),
                "start {start} of {:?}",
                String::from_utf8_lossy(&text[start.saturating_sub(60)..start])
            );
            compared += 1;
        }
    }
    assert!(compared > 4_000, "{compared}");
}

#[test]
fn words_lines_hold_a_result_or_side_to_move_in_words_alone() {
    let table: &[(&str, Option<&str>)] = &[
        ("White to move and win", Some("+")),
        ("  (BTM)  ", Some("BTM")),
        ("[Black to move]", Some("BTM")),
        ("Black to move, draw.", Some("-=")),
        ("Zwart aan zet:", Some("BTM")),
        ("Draw?", Some("=")),
        ("Diagram 3 (BTM)", None),
        ("White to move and win the game", None),
        ("the draw", None),
        ("", None),
    ];
    for &(line, want) in table {
        assert_eq!(
            words_line(line.as_bytes()).map(|s| s.to_string()),
            want.map(String::from),
            "{line:?}"
        );
    }
}

/// Pieces of lines for [`the_first_test_passes_every_line_the_readers_take`]: the words,
/// signs, numbers, brackets and blanks of signs, headings and words lines, and prose around
/// them.
const PIECES: &[&str] = &[
    "+",
    "=",
    "-+",
    "-=",
    "(+)",
    "[=]",
    "(=)",
    "<b>",
    "</b>",
    "**",
    ":",
    ".",
    "?",
    "(",
    ")",
    "[",
    "]",
    "1.",
    "II)",
    "A.",
    "(b)",
    "iv.",
    "(171)",
    "32",
    "studies",
    "Wins",
    "wins",
    "Win",
    "Draws",
    "draw",
    "Remisen",
    "Gewinnstudien",
    "Winststudies",
    "Remisestudies",
    "White",
    "Black",
    "to",
    "move",
    "play",
    "and",
    "win",
    "loses",
    "BTM",
    "WTM",
    "ZAZ",
    "WAZ",
    "Schwarz",
    "am",
    "Zug",
    "Zwart",
    "aan",
    "zet",
    "Partie",
    "nulle",
    "Les",
    "blancs",
    "gagnent",
    "Tablas",
    "Vittorie",
    "patta",
    "the",
    "study",
    "after",
    "civil",
    "remote",
    "stalemate",
    "Diagram",
    "Black's",
    "é",
    " ",
    " ",
    "  ",
    "\t",
    "\u{a0}",
    "\u{2009}",
];

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]

    /// The look-back's first test of a line ([`may_read`]) passes every line that a sign,
    /// heading or words reader takes, and every line the heading's own first test passes: it
    /// may only widen what is read, never lose a line.
    #[test]
    fn the_first_test_passes_every_line_the_readers_take(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..9),
        joins in proptest::collection::vec(proptest::sample::select(&[" ", "", "  "][..]), 9),
    ) {
        let line: String = pieces
            .iter()
            .zip(&joins)
            .flat_map(|(piece, join)| [*piece, *join])
            .collect();
        let line = line.as_bytes();
        let lead = line.iter().take_while(|b| matches!(b, b' ' | b'\t')).count();
        let read = read_sign_or_heading(line, b"");
        let wanted = read.is_some()
            || (line.len() <= 80 && heading::may_be_heading(&line[lead..]))
            || sign_line(line).is_some()
            || words_line(line).is_some();
        proptest::prop_assert!(!wanted || may_read(line), "{:?} read as {:?}", String::from_utf8_lossy(line), read);
    }
}

/// [`may_read`] written out test by test, each reader's first test on its own: the table of
/// the fast one must give the same answer on every line.
fn may_read_by_the_rules(line: &[u8]) -> bool {
    let lead = line
        .iter()
        .take_while(|b| space::is_control_or_space(**b))
        .count();
    let text = &line[lead..];
    let byte = |i: usize| text.get(i).copied().unwrap_or(b'\n');
    let (first, second, third) = (byte(0), byte(1), byte(2));
    if line.len() > 80 || (first == b'[' && !heading::may_follow_bracket(second)) {
        return false;
    }
    let sign = matches!(first, b'+' | b'=' | b'-' | b'<' | b'*');
    let words = b"WBZSDRGVNTP([".contains(&first) && text.len() <= MAX_WORDS_LINE;
    let fits =
        text.len() <= heading::MAX_HEADING_LINE || text.last().is_some_and(u8::is_ascii_whitespace);
    let stop = |b: u8| b == b'.' || b == b')';
    let roman = heading::is_roman;
    let numbered = stop(second) || (roman(first) && roman(second) && (roman(third) || stop(third)));
    let heading = fits
        && (heading::opens_heading(first)
            || (first.is_ascii_alphabetic()
                && (heading::starts_like(first, second, third) || numbered)));
    sign || words || heading
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]

    /// The table-driven first test answers as the rules written out, on lines of any bytes
    /// (the heading words' letters, numbers, stops, brackets and blanks drawn more often).
    #[test]
    fn the_first_test_reads_the_rules_through_its_table(
        line in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::sample::select(&b"WwBbSsDdRrGgVvIiXxCcLl.)([+=-<* \t\x0c9aA\xc3"[..]),
                proptest::num::u8::ANY,
            ],
            0..90,
        ),
    ) {
        proptest::prop_assert_eq!(may_read(&line), may_read_by_the_rules(&line));
    }
}

#[test]
fn a_stipulation_in_words_after_a_study_number_is_the_study_sign() {
    let table = [
        ("No 12 White to play and win", Some("+")),
        ("No 13 Black to move, draw", Some("-=")),
        ("Nr. 7 Draw", Some("=")),
        ("No. 14 (correction)", None),
        ("No 18601 S. Didukh", None),
    ];
    for (head, want) in table {
        let text = format!("{head}\na7d3 0103.00 b2c6 2/2\n");
        let start = text.find("a7d3").expect("the code");
        let above = match look_back(text.as_bytes(), start) {
            Above::Sign(s) => Some(s.to_string()),
            _ => None,
        };
        assert_eq!(above, want.map(String::from), "{head}");
    }
}

#[test]
fn a_study_number_over_a_source_opens_a_block_that_no_entry_above_reaches() {
    let appendix = "Draws:\n0014.00 h4c1  - 2 -\n\nAppendix: a late study\n\n- 5 -\n\
                    Een ander, EG 2014\n0400.11 d5h6\n";
    let start = appendix.find("0400.11").unwrap();
    assert_eq!(look_back(appendix.as_bytes(), start), Above::Nothing);
    // A number alone, or a source alone, between two entries opens no block.
    for between in [
        "- 5 -\n",
        "Een ander, EG 2014\n",
        "Een ander, EG 2014\n- 5 -\n",
    ] {
        let text = format!("Draws:\n0014.00 h4c1\n{between}0400.11 d5h6\n");
        let start = text.find("0400.11").unwrap();
        assert_eq!(
            look_back(text.as_bytes(), start),
            Above::Code,
            "{between:?}"
        );
    }
}
