use super::*;
use crate::copies::merge::{evidence, pairing};
use crate::scan::{ScanOptions, scan_buffer};

/// The records of `text` scanned as `book.txt`.
fn book(text: &str) -> Vec<Record> {
    scan_buffer(text.as_bytes(), "book.txt", ScanOptions::default(), &|_| {})
}

const BOOK: &str = "- 1 -\nComposer\n+\n\n0014.00 h4b1\n\n1.Kg2\n\n- 2 -\nOther\n=\n\n0031.01 a8d5\n\n1.Ra1\n\n- 3 -\nThird\n\n0002.01 c3b1\n\n1.Kd2\n\nWins:\n0002.01 c3b1 - 3 -\n0014.00 h4b1 - 1 -\n0004.10 a8a3 - 9 -\nDraws:\n0031.01 a8d5 - 2 -\n";

#[test]
fn each_study_of_a_book_is_one_entry_with_both_places() {
    let mut records = scan_buffer(BOOK.as_bytes(), "book.txt", ScanOptions::default(), &|_| {});
    assert_eq!(records.len(), 7);
    assert_eq!(merge_own_directory(&mut records), 3);
    let rows: Vec<_> = records
        .iter()
        .map(|r| {
            (
                r.canonical.to_string(),
                r.label.as_deref().unwrap_or_default().to_string(),
                r.line,
                r.directory_entry.as_ref().map(|e| e.line),
            )
        })
        .collect();
    let row = |c: &str, l: &str, line, entry| (c.to_string(), l.to_string(), line, entry);
    assert_eq!(
        rows,
        [
            row("h4b1 0014.00 +", "1", 5, Some(26)),
            row("a8d5 0031.01 =", "2", 13, Some(29)),
            // Its group from the directory, its caption having none.
            row("c3b1 0002.01 +", "3", 20, Some(25)),
            // An entry with no study in the body stays an entry.
            row("a8a3 0004.10 +", "9", 27, None),
        ]
    );
}

#[test]
fn a_directory_entry_misprinted_is_its_study_by_the_number() {
    // The directory prints 0012.02 for the third study's 0002.01: the number pairs them.
    let text = BOOK.replace("0002.01 c3b1 - 3", "0012.02 c3b1 - 3");
    let mut records = book(&text);
    assert_eq!(merge_own_directory(&mut records), 3);
    assert_eq!(records.len(), 4);
    let third = records.iter().find(|r| r.line == 20).unwrap();
    let entry = third.directory_entry.as_deref().unwrap();
    assert_eq!(
        (entry.line, entry.printed.as_deref()),
        (25, Some("0012.02 c3b1"))
    );
    assert_eq!(third.code.to_string(), "0002.01");
    // A number two entries print pairs nothing.
    let twice = text.replace("0004.10 a8a3 - 9", "0004.10 a8a3 - 3");
    let mut records = scan_buffer(
        twice.as_bytes(),
        "book.txt",
        ScanOptions::default(),
        &|_| {},
    );
    merge_own_directory(&mut records);
    assert!(records.iter().all(|r| {
        r.directory_entry
            .as_ref()
            .is_none_or(|e| e.printed.is_none())
    }));
}

#[test]
fn a_near_match_with_another_number_is_another_study() {
    // The directory prints 0002.02 and number 8 beside the third study's 0002.01 and 3: the
    // same kings, the code one digit apart, but another number in the numbering the book
    // shares with its directory (1 and 2 are its studies 1 and 2): two studies, both kept.
    let text = BOOK.replace("0002.01 c3b1 - 3", "0002.02 c3b1 - 8");
    let mut records = book(&text);
    assert_eq!(merge_own_directory(&mut records), 2);
    assert_eq!(records.len(), 5);
    assert!(records.iter().any(|r| r.code.to_string() == "0002.02"));
    // Without a number, nothing says they are one study.
    let text = BOOK.replace("0002.01 c3b1 - 3", "0002.01 c3b2");
    let mut records = book(&text);
    assert_eq!(merge_own_directory(&mut records), 2);
}

/// A study of a book as its body sets it: its number, a composer, its sign, its code.
fn study(n: u32, caption: &str) -> String {
    format!("- {n} -\nComposer\n+\n\n{caption}\n\n1.Kg2\n\n")
}

/// A body that numbers its studies one more than its directory from the second on (a
/// manuscript with a study the book left out): 1, 3, 4, 5.
fn shifted_body() -> String {
    [
        (1, "0014.00 h4b1"),
        (3, "0031.01 a8d5"),
        (4, "0002.01 c3b1"),
        (5, "0004.10 a8a3"),
    ]
    .map(|(n, c)| study(n, c))
    .concat()
}

#[test]
fn a_near_match_in_step_with_the_numbering_is_its_study() {
    // The body numbers its studies one more than the directory from the second on; the
    // directory prints 0002.02 (one digit off) for the body's fourth, 0002.01, as its 3.
    let body = shifted_body();
    let directory = "Wins:\n0014.00 h4b1 - 1 -\n0031.01 a8d5 - 2 -\n0002.02 c3b1 - 3 -\n\
                     0004.10 a8a3 - 4 -\n";
    let text = format!("{body}{directory}");
    let mut records = book(&text);
    assert_eq!(merge_own_directory(&mut records), 4);
    let fourth = records
        .iter()
        .find(|r| r.code.to_string() == "0002.01")
        .unwrap();
    let entry = fourth.directory_entry.as_deref().unwrap();
    assert_eq!(
        (entry.label.as_deref(), entry.printed.as_deref()),
        (Some("3"), Some("0002.02 c3b1"))
    );
    // The same code, the kings one square apart: the same.
    let text = text.replace("0002.02 c3b1 - 3", "0002.01 c3b2 - 3");
    let mut records = book(&text);
    assert_eq!(merge_own_directory(&mut records), 4);
    // Two studies the entry could be: none is paired.
    let text = text.replace(
        "- 5 -\nComposer\n+\n\n0004.10 a8a3",
        "- 5 -\nComposer\n+\n\n0002.01 c3a2",
    );
    let mut records = book(&text);
    merge_own_directory(&mut records);
    assert!(
        records.iter().all(|r| r
            .directory_entry
            .as_ref()
            .is_none_or(|e| e.printed.is_none())),
        "no entry paired by a near match"
    );
}

#[test]
fn an_entry_misprinted_is_its_study_by_the_numbering_around_it() {
    // The body numbers its studies one more than the directory from the second on (a
    // manuscript with a study the book left out), and the directory misprints the third
    // study's code and kings (`0002.12 c3e1` for `0002.01 c3b1`, no near match): its
    // neighbours 2 and 4 are the body's 3 and 5, so its 3 is the body's 4.
    let body = shifted_body();
    let directory = "Wins:\n0014.00 h4b1 - 1 -\n0031.01 a8d5 - 2 -\n0002.12 c3e1 - 3 -\n\
                     0004.10 a8a3 - 4 -\n";
    let text = format!("{body}{directory}");
    let mut records = book(&text);
    assert_eq!(records.len(), 8);
    assert_eq!(merge_own_directory(&mut records), 4);
    let fourth = records
        .iter()
        .find(|r| r.code.to_string() == "0002.01")
        .unwrap();
    let entry = fourth.directory_entry.as_deref().unwrap();
    assert_eq!(
        (entry.label.as_deref(), entry.printed.as_deref()),
        (Some("3"), Some("0002.12 c3e1"))
    );
    // Neighbours that disagree on the shift pair nothing.
    let text = format!("{body}{}{directory}", study(6, "0040.11 b1g3"))
        .replace("0004.10 a8a3 - 4 -", "0040.11 b1g3 - 4 -");
    let mut records = book(&text);
    merge_own_directory(&mut records);
    assert!(
        records
            .iter()
            .filter(|r| r.code.to_string() == "0002.01")
            .all(|r| r.directory_entry.is_none()),
        "shift 1 below, 2 above: no pairing"
    );
}

#[test]
fn a_list_of_other_studies_is_no_directory_of_the_book() {
    let text = BOOK
        .replace("0002.01 c3b1 - 3", "0001.11 e8h8 - 3")
        .replace("0014.00 h4b1 - 1", "0003.10 b8e2 - 1")
        .replace("0031.01 a8d5 - 2", "0040.11 b1g3 - 2");
    let mut records = book(&text);
    let before = records.clone();
    assert_eq!(merge_own_directory(&mut records), 0);
    assert_eq!(records, before);
}

#[test]
fn what_two_records_print_differently_is_named() {
    let records =
        |text: &str| scan_buffer(text.as_bytes(), "m.txt", ScanOptions::default(), &|_| {});
    let one = |text: &str| records(text).remove(0);
    let study = one("No 1 A. Kubbel\nSchach 1925\na7d3 0116.00 b2b3c6d6 3/3+.\n");
    let named = |text: &str| evidence::contradiction(&study, &one(text));
    assert_eq!(
        named("No 1 A. Kubbel\nSchach 1925\na7d3 0116.00 b2b3c6d6 3/3+.\n"),
        None
    );
    // The same study cited shorter: an initial less, the source without its year.
    assert_eq!(
        named("No 1 Kubbel\nSchach, 1925\na7d3 0116.00 b2b3c6d6 3/3+.\n"),
        None
    );
    assert_eq!(
        named("No 1 A. Kubbel\nSchach 1925\na7d3 0116.00 b2b4c6d6 3/3+.\n"),
        Some("squares")
    );
    assert_eq!(
        named("No 1 A. Kubbel\nSchach 1925\na7d3 0116.00 b2b3c6d6 3/3=.\n"),
        Some("stipulation")
    );
    assert_eq!(
        named("No 1 A. Kubbel\nSchach 1926\na7d3 0116.00 b2b3c6d6 3/3+.\n"),
        Some("year")
    );
    assert_eq!(
        named("No 1 G. Nadareishvili\nSchach 1925\na7d3 0116.00 b2b3c6d6 3/3+.\n"),
        Some("composers")
    );
    assert_eq!(
        named("No 1 A. Kubbel\nShakhmaty 1925\na7d3 0116.00 b2b3c6d6 3/3+.\n"),
        Some("source")
    );
}

#[test]
fn a_book_costs_time_in_proportion_to_its_studies() {
    // Every study has the kings a7d3, the body numbers each one more than the directory, and
    // the directory misprints every other code by one digit: each of those entries is paired
    // by the near match, whose candidates were once every study of its kings (21.8 s for
    // 32,000 studies). Counted in candidates looked at, four times the book costs about four
    // times as much.
    let text_of = |n: usize| {
        let code = |i: usize| {
            format!(
                "{}{}{}{}.{}{}",
                i % 9,
                i / 9 % 9,
                i / 81 % 9,
                i / 729 % 9,
                i / 6561 % 9,
                0
            )
        };
        let mut text = String::new();
        for i in 0..n {
            text.push_str(&format!(
                "- {} -\nSource, 2001\n+\n\na7d3 {}\n\n1.Kb1\n\n",
                i + 2,
                code(i)
            ));
        }
        text.push_str("Wins:\n");
        for i in 0..n {
            let printed = if i % 2 == 1 {
                code(i).replacen(".0", ".1", 1)
            } else {
                code(i)
            };
            text.push_str(&format!("{printed} a7d3  - {} -\n", i + 1));
        }
        text
    };
    let cost = |n: usize| {
        let text = text_of(n);
        let mut records = book(&text);
        pairing::LOOKED.with(|c| c.set(0));
        let merged = merge_own_directory(&mut records);
        assert_eq!(merged, n, "every entry merged");
        pairing::LOOKED.with(|c| c.get())
    };
    let (small, large) = (cost(500), cost(2000));
    assert!(
        large <= 5 * small,
        "{small} candidates for 500 studies, {large} for 2,000"
    );
}
