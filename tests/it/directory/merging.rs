//! "One study, one entry" never loses a study (docs/directory.md, "When two records are one
//! study"): `gbr index` merges two records only on evidence and without contradiction, a book
//! is a file (an archive's members are books of their own), what an entry printed is kept,
//! and every way of building the directory gives the same bytes. Each input is a reproduction
//! of a way distinct studies were once merged into one entry.

use std::path::Path;

use serde_json::Value;

use super::{arg, gbr};
use crate::support::archives::{put, tar, zip};
use crate::support::gbr::streams;

/// `gbr ARGS` run in `dir`: its standard output and standard error; it must exit 0.
#[track_caller]
fn run_in(dir: &Path, args: &[&str]) -> (String, String) {
    let output = gbr().current_dir(dir).args(args).output().expect("run gbr");
    let (out, err, code) = streams(output);
    assert_eq!(code, 0, "gbr {args:?}\nstderr: {err}");
    (out, err)
}

/// The entries of `gbr index ARGS --format jsonl` run in `dir`.
#[track_caller]
fn entries(dir: &Path, args: &[&str]) -> Vec<Value> {
    let (out, _) = run_in(dir, &[&["index", "--format", "jsonl"], args].concat());
    out.lines()
        .map(|l| serde_json::from_str(l).expect("a JSON entry"))
        .collect()
}

/// Each entry's kings and code, sorted: what tells the studies apart.
fn positions(entries: &[Value]) -> Vec<String> {
    let mut out: Vec<String> = entries
        .iter()
        .map(|e| format!("{} {}", e["kings"].as_str().unwrap_or("-"), e["code"]))
        .collect();
    out.sort();
    out
}

/// The lines of a reproduction, ` / ` between them as the report writes them (` / / ` around
/// a blank line).
fn lines(text: &str) -> String {
    let mut out = text.replace(" / / ", "\n\n").replace(" / ", "\n");
    out.push('\n');
    out
}

const VOL1: &str = "No 1 A. Composer / a7d3 0103.00 b2c6 2/2+. / / No 2 B. Composer / \
                    c3b1 0103.00 h1h8 2/2+. / / No 3 F. Composer / e4g6 0103.00 a1b8 2/2+.";
const VOL2: &str = "Draws / / No 1 C. Writer / h1f3 0103.00 d1d8 2/2 / / No 2 D. Writer / \
                    b1d8 0103.00 a4a5 2/2 / / No 3 E. Writer / g1g3 0103.00 c4c5 2/2";

#[test]
fn the_members_of_an_archive_are_books_of_their_own() {
    let tmp = tempfile::tempdir().unwrap();
    let (v1, v2) = (lines(VOL1), lines(VOL2));
    put(tmp.path(), "vol1.txt", v1.as_bytes());
    put(tmp.path(), "vol2.txt", v2.as_bytes());
    let members: &[(&str, &[u8])] = &[("vol1.txt", v1.as_bytes()), ("vol2.txt", v2.as_bytes())];
    put(tmp.path(), "award.tar", &tar(members));
    put(tmp.path(), "award.zip", &zip(members));
    let files = entries(tmp.path(), &["vol1.txt", "vol2.txt"]);
    assert_eq!(files.len(), 6);
    for archive in ["award.tar", "award.zip"] {
        let found = entries(tmp.path(), &[archive]);
        assert_eq!(positions(&found), positions(&files), "{archive}");
        assert!(
            found.iter().all(|e| e["directory_entry"].is_null()),
            "{archive}"
        );
    }
}

#[test]
fn a_near_match_with_its_own_number_composer_and_source_is_another_study() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "No 1 A. Composer / Schach 2001 / a7d3 0116.00 b2b3c6d6 3/3+. / / \
                No 2 B. Composer / Schach 2002 / c3b1 0000.10 .e2 2/1+. / / Draws / / \
                No 3 C. Writer / EG 2003 / a7d3 0116.01 b2b3c6d6.e4 3/4 / / \
                No 4 D. Writer / EG 2004 / c3b1 0000.11 .e2e7 2/2 / / \
                No 5 E. Writer / EG 2005 / e1e8 0300.00 a2 1/2";
    put(tmp.path(), "magazine.txt", lines(text).as_bytes());
    let found = entries(tmp.path(), &["magazine.txt"]);
    assert_eq!(found.len(), 5);
    assert!(found.iter().all(|e| e["directory_entry"].is_null()));
    let (out, _) = run_in(tmp.path(), &["index", "magazine.txt", "-o", "dir.tsv"]);
    assert!(out.is_empty());
    let (found, _) = run_in(tmp.path(), &["lookup", "dir.tsv", "0116.01"]);
    assert!(found.contains("a7d3"), "{found}");
}

#[test]
fn sections_that_number_from_1_again_are_other_studies() {
    let tmp = tempfile::tempdir().unwrap();
    let text = format!("Theme tourney R v N: award / / Wins section / / {VOL1} / / {VOL2}");
    put(tmp.path(), "award.txt", lines(&text).as_bytes());
    let found = entries(tmp.path(), &["award.txt"]);
    assert_eq!(found.len(), 6, "{found:?}");
    assert!(found.iter().all(|e| e["directory_entry"].is_null()));
}

#[test]
fn the_same_code_and_kings_on_other_squares_are_other_studies() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "No 1 A. Composer / a7d3 0116.00 b2b3c6d6 3/3+. / / \
                No 2 B. Composer / c3b1 0000.10 .e2 2/1+. / / \
                No 3 C. Composer / e1e8 0300.00 a2 1/2=. / / Draws / / \
                No 4 D. Writer / a7d3 0116.00 b2b4c6d6 3/3 / / \
                No 5 E. Writer / c3b1 0000.10 .e3 2/1 / / No 6 F. Writer / e1e8 0300.00 h2 1/2";
    put(tmp.path(), "sections.txt", lines(text).as_bytes());
    let found = entries(tmp.path(), &["sections.txt"]);
    assert_eq!(found.len(), 6);
    let squares: Vec<&str> = found.iter().filter_map(|e| e["squares"].as_str()).collect();
    for s in ["b2b3c6d6", "b2b4c6d6", ".e2", ".e3", "a2", "h2"] {
        assert!(squares.contains(&s), "{s} in {squares:?}");
    }
}

#[test]
fn an_entry_merged_keeps_the_squares_it_printed() {
    // The directory prints the squares the body's caption leaves out: kept as printed.
    let tmp = tempfile::tempdir().unwrap();
    let text = "- 1 - / a7d3 0116.00 3/3+. / / - 2 - / c3b1 0000.10 2/1+. / / \
                - 3 - / e1e8 0300.00 1/2=. / / Index / Wins: / a7d3 0116.00 b2b3c6d6 - 1 - / \
                c3b1 0000.10 .e2 - 2 - / Draws: / e1e8 0300.00 a2 - 3 -";
    put(tmp.path(), "book.txt", lines(text).as_bytes());
    let found = entries(tmp.path(), &["book.txt"]);
    assert_eq!(found.len(), 3, "{found:?}");
    let printed: Vec<&str> = found
        .iter()
        .filter_map(|e| e["directory_entry"]["printed"].as_str())
        .collect();
    assert_eq!(printed.len(), 3, "{found:?}");
    assert!(printed.contains(&"0116.00 a7d3 b2b3c6d6"), "{printed:?}");
}

const READ_BACK: &str = "- 1 - / a7d3 0103.00 b2c6 2/2+. / - 2 - / c3b1 0000.10 .e2 2/1+. / \
                         - 3 - / e1e8 0300.00 d1 1/2=. / Index / Wins: / 0103.00 a7d3  - 1 - / \
                         0000.10 c3b1  - 2 - / 0103.00 h1h8  - 1 - / 0000.10 g1g8  - 7 - / \
                         0300.00 b1b8  - 8 - / Draws: / 0300.00 e1e8  - 3 -";

#[test]
fn a_saved_directory_reads_back_as_it_was_written() {
    let tmp = tempfile::tempdir().unwrap();
    put(tmp.path(), "rb.txt", lines(READ_BACK).as_bytes());
    let a = "No 5 A. Smith / a1c3 0103.00 b2c6 2/2+. / 1.Rb1 wins. / / No 5 B. Jones / \
             h1h3 0103.00 b2c6 2/2+. / 1.Rb1 wins. / / Corrections / / No 5 / 0103.00 White wins";
    put(tmp.path(), "a.txt", lines(a).as_bytes());
    put(
        tmp.path(),
        "b.txt",
        lines("No 9 C. Brown / c1c3 0103.00 b2c6 2/2+. / 1.Rb1 wins.").as_bytes(),
    );
    for (inputs, count) in [(&["rb.txt"][..], 6), (&["a.txt", "b.txt"][..], 4)] {
        let (tsv, _) = run_in(
            tmp.path(),
            &[&["index"], inputs, &["--format", "tsv"]].concat(),
        );
        assert_eq!(tsv.lines().count() - 1, count, "{inputs:?}");
        for format in ["tsv", "jsonl"] {
            let saved = format!("saved.{format}");
            run_in(tmp.path(), &[&["index"], inputs, &["-o", &saved]].concat());
            let (again, err) = run_in(tmp.path(), &["index", "--from", &saved, "--format", "tsv"]);
            assert_eq!(again, tsv, "{inputs:?} --from {format}");
            assert!(!err.contains("merged"), "{err}");
        }
        // And from its own scan, merged the same way.
        let (json, _) = run_in(tmp.path(), &[&["scan", "--json"], inputs].concat());
        std::fs::write(tmp.path().join("scan.json"), json).unwrap();
        let (again, _) = run_in(
            tmp.path(),
            &["index", "--from", "scan.json", "--format", "tsv"],
        );
        assert_eq!(again, tsv, "{inputs:?} --from its scan");
    }
}

#[test]
fn a_book_too_large_for_one_step_is_merged_all_the_same() {
    // More records than any hold: 70,000 studies and their directory.
    let tmp = tempfile::tempdir().unwrap();
    let n = 70_000;
    let mut text = String::with_capacity(n * 60);
    let squares: Vec<String> = (0..n)
        .map(|i| format!("{:04}.{:02}", i % 10_000, i / 10_000))
        .collect();
    for (i, code) in squares.iter().enumerate() {
        text.push_str(&format!("- {} -\na7d3 {code} +\n\n", i + 1));
    }
    text.push_str("Wins:\n");
    for (i, code) in squares.iter().enumerate() {
        text.push_str(&format!("{code} a7d3  - {} -\n", i + 1));
    }
    put(tmp.path(), "big-book.txt", text.as_bytes());
    let (tsv, err) = run_in(tmp.path(), &["index", "big-book.txt", "--format", "tsv"]);
    assert_eq!(tsv.lines().count() - 1, n, "{err}");
    let (json, _) = run_in(tmp.path(), &["scan", "--json", "big-book.txt"]);
    std::fs::write(tmp.path().join("s.json"), json).unwrap();
    let (again, _) = run_in(
        tmp.path(),
        &["index", "--from", "s.json", "--format", "tsv"],
    );
    assert_eq!(again, tsv);
}

#[test]
fn the_file_being_written_is_never_read() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("book");
    std::fs::create_dir(&dir).unwrap();
    put(&dir, "rb.txt", lines(READ_BACK).as_bytes());
    let index = dir.join("index.tsv");
    let mut first = None;
    for _ in 0..3 {
        let (_, err) = run_in(tmp.path(), &["index", "book", "-o", arg(&index)]);
        let written = std::fs::read_to_string(&index).unwrap();
        assert_eq!(written.lines().count() - 1, 6, "{err}");
        assert_eq!(first.get_or_insert_with(|| written.clone()), &written);
    }
    // Given by name too.
    let (_, err) = run_in(
        tmp.path(),
        &["index", "book/rb.txt", "book/index.tsv", "-o", arg(&index)],
    );
    assert!(err.contains("the file this run writes"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&index).unwrap().lines().count() - 1,
        6
    );
}

#[test]
fn the_summary_counts_one_entry_in_the_singular() {
    let tmp = tempfile::tempdir().unwrap();
    let text = "- 1 - / a7d3 0103.00 b2c6 2/2+. / - 2 - / c3b1 0000.10 .e2 2/1+. / \
                Index / Wins: / 0103.00 a7d3  - 1 - / 0000.10 g1g8  - 7 - / 0300.00 b1b8  - 8 -";
    put(tmp.path(), "one.txt", lines(text).as_bytes());
    let (_, err) = run_in(tmp.path(), &["index", "one.txt"]);
    assert!(
        err.contains("gbr: 1 entry of a book's own directory merged"),
        "{err}"
    );
}

#[test]
fn a_book_held_beyond_the_memory_budget_is_said_and_merged_all_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    put(tmp.path(), "rb.txt", lines(READ_BACK).as_bytes());
    let (_, err) = run_in(
        tmp.path(),
        &["index", "rb.txt", "--memory", "2K", "-o", "small.tsv"],
    );
    assert!(
        err.contains("gbr: rb.txt: one book of more than 2 KB held in memory whole"),
        "{err}"
    );
    let (_, err) = run_in(tmp.path(), &["index", "rb.txt", "-o", "whole.tsv"]);
    assert!(!err.contains("held in memory whole"), "{err}");
    let read = |name: &str| std::fs::read_to_string(tmp.path().join(name)).unwrap();
    assert_eq!(read("small.tsv"), read("whole.tsv"));
    assert_eq!(read("small.tsv").lines().count() - 1, 6);
}
