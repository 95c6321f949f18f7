//! The printed directory of the corpus (`../shared/corpus/`, when present): scanned, indexed
//! with `--group-by stipulation`, and compared entry by entry with the order the book printed.
//!
//! The book prints wins, then draws, each sorted by code and then kings, in a three-column
//! table read column by column within a page. The index text gives no sign beside each code:
//! the headings `Winststudies (+):` and `Remisestudies (=):` say which entries are wins and
//! which draws. The test therefore gives each record found under a heading the heading's sign
//! (`+` or `=`), leaves out the two codes of the preface above the headings (its `+ 1234.56
//! a7c8` example and the bare `1234.56`), and hands the records to `gbr index --from` as scan
//! output.

use std::fmt::Write as _;
use std::path::PathBuf;

use gbrscan::Record;
use gbrscan::scan::{ScanOptions, scan_buffer};
use regex::Regex;

use super::gbr;

const NAME: &str = "schaakstudiespinsels-2008-gbr-index.txt";
const WINS: &str = "Winststudies (+):";
const DRAWS: &str = "Remisestudies (=):";

/// The book's entries (`group code kings`) in the order printed: per page and section, column
/// by column. A line holds one entry of each column, so its n-th entry is in column n.
fn book_order(text: &str) -> Vec<String> {
    let entry = Regex::new(r"(\d{4}\.\d{2}) ([a-h][1-8][a-h][1-8])\s+- +\d+ -").expect("regex");
    let mut blocks: Vec<(&str, Vec<Vec<String>>)> = Vec::new();
    let mut group = None;
    for line in text.lines() {
        if line.starts_with(WINS) || line.starts_with(DRAWS) || line.contains("<<PAGE>>") {
            group = match line {
                l if l.starts_with(WINS) => Some("win"),
                l if l.starts_with(DRAWS) => Some("draw"),
                _ => group,
            };
            blocks.push((group.unwrap_or("preface"), vec![Vec::new(); 3]));
            continue;
        }
        for (column, c) in entry.captures_iter(line).enumerate() {
            if let Some((_, columns)) = blocks.last_mut() {
                columns[column].push(format!("{} {}", &c[1], &c[2]));
            }
        }
    }
    blocks
        .into_iter()
        .flat_map(|(group, columns)| {
            columns
                .into_iter()
                .flatten()
                .map(move |e| format!("{group} {e}"))
        })
        .collect()
}

/// The records found, with the sign of the heading they stand under; those above the
/// headings are returned apart.
fn signed(text: &str, mut records: Vec<Record>) -> (Vec<Record>, Vec<Record>) {
    let wins = text.find(WINS).expect("wins heading") as u64;
    let draws = text.find(DRAWS).expect("draws heading") as u64;
    let preface: Vec<Record> = records.extract_if(.., |r| r.offset < wins).collect();
    for r in &mut records {
        let sign = if r.offset < draws { "+" } else { "=" };
        r.stipulation = Some(sign.parse().expect("a sign"));
    }
    (preface, records)
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn printed_directory_comes_out_in_the_books_order() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(NAME);
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!(
            "skipped: {} is not here (the corpus ships only with the workplace)",
            path.display()
        );
        return;
    };
    let text = String::from_utf8_lossy(&bytes);
    let book = book_order(&text);
    assert_eq!(book.len(), 203, "the book's index has 203 entries");

    let records = scan_buffer(&bytes, NAME, ScanOptions::default(), &|_| {});
    let (preface, records) = signed(&text, records);
    let preface: Vec<&str> = preface.iter().map(|r| r.canonical.as_str()).collect();
    assert_eq!(preface, ["1234.56", "a7c8 1234.56 +"]);
    let mut messages = String::new();
    for r in &records {
        let data = serde_json::to_string(r).expect("a record serialises");
        let _ = writeln!(messages, "{{\"type\":\"match\",\"data\":{data}}}");
    }
    let out = gbr()
        .args([
            "index",
            "--from",
            "-",
            "--group-by",
            "stipulation",
            "--format",
            "tsv",
        ])
        .write_stdin(messages)
        .output()
        .expect("run gbr");
    assert_eq!(out.status.code(), Some(0));
    let tsv = String::from_utf8(out.stdout).expect("UTF-8");
    let ours: Vec<String> = tsv
        .lines()
        .skip(1)
        .map(|row| row.split('\t').take(3).collect::<Vec<_>>().join(" "))
        .collect();

    // The comparison, side by side: printed on failure, or with --nocapture.
    let mut table = String::from("  # book                  gbr index\n");
    for (i, pair) in book.iter().zip(&ours).enumerate() {
        let mark = if pair.0 == pair.1 { ' ' } else { '!' };
        let _ = writeln!(table, "{mark}{:3} {:21} {}", i + 1, pair.0, pair.1);
    }
    println!("{table}");
    assert_eq!(ours.len(), 203, "one directory entry per book entry");
    assert_eq!(ours, book, "order differs (! marks the rows):\n{table}");
    assert_eq!(ours.iter().filter(|e| e.starts_with("win ")).count(), 171);
    assert_eq!(ours.iter().filter(|e| e.starts_with("draw ")).count(), 32);
}
