//! `gbr index --duplicates --across-sources --near` on `fixtures/printing/`: duplicates within
//! one file dropped, near matches (same kings, codes one digit apart) added.

use super::{fail, run};

const BOOK: &str = "fixtures/printing/book.txt";

/// The duplicate groups of `gbr index` over the book and its own directory, as
/// `(number, code, kings, path)` per entry, from the TSV.
fn duplicate_rows(extra: &[&str], code: i32) -> Vec<(String, String, String, String)> {
    let mut args = vec![
        "index",
        "fixtures/printing/own-directory.txt",
        BOOK,
        "--duplicates",
        "--format",
        "tsv",
    ];
    args.extend(extra);
    run(&args, code)
        .lines()
        .skip(1)
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            (
                cells[0].into(),
                cells[1].into(),
                cells[2].into(),
                cells[6].into(),
            )
        })
        .collect()
}

#[test]
fn duplicates_across_sources_and_near_matches() {
    let own = "fixtures/printing/own-directory.txt";
    let row = |n: &str, code: &str, kings: &str, path: &str| {
        (
            n.to_string(),
            code.to_string(),
            kings.to_string(),
            path.to_string(),
        )
    };
    // Within one file: a study and its own directory line.
    assert_eq!(
        duplicate_rows(&[], 0),
        [
            row("1", "0000.11", "c3b1", own),
            row("1", "0000.11", "c3b1", own),
            row("2", "0300.00", "e1e8", own),
            row("2", "0300.00", "e1e8", own),
        ]
    );
    assert_eq!(duplicate_rows(&["--across-sources"], 1), []);
    // Near: the same kings, 0000.10 and 0000.11 one digit apart, in two files.
    let near = [
        row("3", "0000.10", "c3b1", BOOK),
        row("3", "0000.11", "c3b1", own),
        row("3", "0000.11", "c3b1", own),
    ];
    let mut all = duplicate_rows(&[], 0);
    all.extend(near.clone());
    assert_eq!(duplicate_rows(&["--near"], 0), all);
    let across: Vec<_> = near.iter().map(|(_, c, k, p)| row("1", c, k, p)).collect();
    assert_eq!(duplicate_rows(&["--near", "--across-sources"], 0), across);
    insta::assert_snapshot!(
        "near-text",
        run(
            &[
                "index",
                own,
                BOOK,
                "--duplicates",
                "--near",
                "--across-sources"
            ],
            0
        )
    );
    let error = fail(&["index", BOOK, "--near"]);
    assert!(error.contains("--duplicates"), "{error}");
}
