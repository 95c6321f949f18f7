//! Pages read as one text with form feeds (pdftotext's output) and as a PDF whose pages are
//! texts of their own (docs/reading.md, "Page breaks and control bytes at a line's ends",
//! "State carried over pages"): each layout below gives the same records both ways, and the
//! records a careful reader expects.

use gbrscan::scan::{ScanOptions, scan_buffer};
use serde_json::Value;

use crate::support::archives::{self, put};
use crate::support::summary::run_in;

/// (code, kings, stipulation, where it was read) of a record; empty strings for none.
type Read = (String, String, String, String);

/// The records of `pages` joined as pdftotext joins them (a form feed opens each page but the
/// first), scanned as one text.
fn as_text(pages: &[&[&str]]) -> Vec<Read> {
    let text = pages
        .iter()
        .map(|lines| lines.join("\n") + "\n")
        .collect::<Vec<_>>()
        .join("\x0c");
    scan_buffer(text.as_bytes(), "t.txt", ScanOptions::default(), &|_| {})
        .iter()
        .map(|r| {
            (
                r.code.to_string(),
                r.kings.map(|k| k.to_string()).unwrap_or_default(),
                r.stipulation.map(|s| s.to_string()).unwrap_or_default(),
                r.stipulation_source
                    .map(|s| s.name().to_string())
                    .unwrap_or_default(),
            )
        })
        .collect()
}

/// The records of `pages` made a PDF, scanned by `gbr scan --json`.
fn as_pdf(pages: &[&[&str]]) -> Vec<Read> {
    let dir = tempfile::tempdir().expect("a folder");
    put(dir.path(), "pages.pdf", &archives::pdf_of(pages));
    let run = run_in(dir.path(), &["scan", "--json", "pages.pdf"], b"");
    assert_eq!(run.code, 0, "{}", run.stderr);
    let field = |d: &Value, name: &str| d[name].as_str().unwrap_or_default().to_string();
    run.stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|m| m["type"] == "match")
        .map(|m| {
            let d = &m["data"];
            (
                field(d, "code"),
                field(d, "kings"),
                field(d, "stipulation"),
                field(d, "stipulation_source"),
            )
        })
        .collect()
}

/// Asserts that `pages` read as text and as a PDF give `expected`: (code, kings, stipulation,
/// source).
#[track_caller]
fn assert_both(pages: &[&[&str]], expected: &[(&str, &str, &str, &str)]) {
    let expected: Vec<Read> = expected
        .iter()
        .map(|(c, k, s, w)| (c.to_string(), k.to_string(), s.to_string(), w.to_string()))
        .collect();
    assert_eq!(as_text(pages), expected, "as text");
    assert_eq!(as_pdf(pages), expected, "as a PDF");
}

#[test]
fn a_list_of_captions_with_kings_before_gives_each_code_its_own_kings() {
    let list: &[&str] = &[
        "a7d3 0116.00",
        "c3b1 0000.10",
        "h4f1 0002.01",
        "e1e8 0300.00",
    ];
    let expected: Vec<Read> = [
        ("0116.00", "a7d3"),
        ("0000.10", "c3b1"),
        ("0002.01", "h4f1"),
        ("0300.00", "e1e8"),
    ]
    .iter()
    .map(|(c, k)| (c.to_string(), k.to_string(), String::new(), String::new()))
    .collect();
    assert_eq!(as_text(&[list]), expected);
    // A directory line still gives the kings after a code to it, not to the next code.
    let row: &[&str] = &["0001.11 e8h8 0014.00 h1e1"];
    assert_eq!(
        as_text(&[row])
            .iter()
            .map(|r| (r.0.as_str(), r.1.as_str()))
            .collect::<Vec<_>>(),
        [("0001.11", "e8h8"), ("0014.00", "h1e1")]
    );
}

#[test]
fn a_caption_atop_a_page_keeps_its_kings_before_after_one_at_the_foot_of_the_last() {
    assert_both(
        &[&["e5h1 1020.23"], &["g3d3 0200.32"]],
        &[("1020.23", "e5h1", "", ""), ("0200.32", "g3d3", "", "")],
    );
}

#[test]
fn a_heading_stands_after_a_long_line_across_a_blank_line() {
    let title = "A GBR directory of all the studies in this book, wins then draws";
    assert!(title.len() > 60);
    let entries = [
        ("0001.03", "f1h1", "+", "heading"),
        ("0002.01", "c3b1", "+", "heading"),
    ];
    assert_both(
        &[&[title, "", "Wins:", "0001.03 f1h1", "0002.01 c3b1"]],
        &entries,
    );
}

#[test]
fn a_heading_atop_a_page_stands_after_a_sentence_that_runs_on() {
    let foot = "The last line of the introduction runs on to the next page and ends with";
    assert!(foot.len() > 60);
    assert_both(
        &[&[foot], &["Wins:", "0001.03 f1h1", "0002.01 c3b1"]],
        &[
            ("0001.03", "f1h1", "+", "heading"),
            ("0002.01", "c3b1", "+", "heading"),
        ],
    );
}

#[test]
fn words_that_end_a_wrapped_sentence_are_still_no_heading() {
    let prose = "In the second line the rook goes to the eighth rank and after";
    assert!(prose.len() > 60);
    let read = as_text(&[&[prose, "White draws.", "0001.03 f1h1 2/2"]]);
    assert_eq!(read[0].3, "", "{read:?}");
}

#[test]
fn a_sign_at_a_page_foot_is_no_sign_of_the_next_page_first_code() {
    assert_both(
        &[&["- 1 -", "c3b1 0000.10 =", "+"], &["0002.01 h4f1"]],
        &[
            ("0000.10", "c3b1", "=", "beside"),
            ("0002.01", "h4f1", "", ""),
        ],
    );
}
