//! A printed directory over several pages (docs/reading.md, "State carried over pages"): the
//! fixture `fixtures/captions/directory-pages.txt` (rows `code kings` with their labels in a run,
//! columns of runs with stray dashes and folios, a running head, a column whose labels follow
//! the next heading's rows) scanned as one text with form feeds, and made a PDF whose pages
//! are texts of their own, scanned at one and two threads and at many chunk sizes: every
//! entry keeps its heading's group and its number, the same everywhere.

use gbrscan::scan::{ScanOptions, scan_buffer};
use serde_json::Value;

use crate::support::archives::{self, put};
use crate::support::summary::run_in;

/// (code, kings, stipulation, where it was read, label) of an entry.
type Entry = (String, String, String, String, String);

fn fixture() -> String {
    std::fs::read_to_string(format!(
        "{}/fixtures/captions/directory-pages.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .expect("the fixture")
}

fn entries_of_json(out: &str) -> Vec<Entry> {
    let field = |d: &Value, name: &str| d[name].as_str().unwrap_or_default().to_string();
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|m| m["type"] == "match")
        .map(|m| {
            let d = &m["data"];
            let (code, kings, stip) =
                (field(d, "code"), field(d, "kings"), field(d, "stipulation"));
            (
                code,
                kings,
                stip,
                field(d, "stipulation_source"),
                field(d, "label"),
            )
        })
        .collect()
}

/// What the fixture's entries are: 21 wins, then 2 draws, each under its heading, each with
/// its number.
fn assert_whole(entries: &[Entry], how: &str) {
    assert_eq!(entries.len(), 23, "{how}: {entries:?}");
    for (n, (code, kings, stip, source, label)) in entries.iter().enumerate() {
        let group = if n < 21 { "+" } else { "=" };
        assert_eq!(
            (stip.as_str(), source.as_str()),
            (group, "heading"),
            "{how}: {code} {kings}"
        );
        assert!(
            !label.is_empty() && !kings.is_empty(),
            "{how}: {code} {kings}"
        );
    }
}

#[test]
fn a_directory_keeps_its_headings_and_numbers_over_its_page_breaks() {
    let text = fixture();
    let whole: Vec<Entry> = scan_buffer(text.as_bytes(), "t.txt", ScanOptions::default(), &|_| {})
        .iter()
        .map(|r| {
            (
                r.code.to_string(),
                r.kings.map(|k| k.to_string()).unwrap_or_default(),
                r.stipulation.map(|s| s.to_string()).unwrap_or_default(),
                r.stipulation_source
                    .map(|s| s.name().to_string())
                    .unwrap_or_default(),
                r.label.as_deref().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_whole(&whole, "one text");
    for chunk_size in [1, 5, 64, 300, 1 << 20] {
        let records = scan_buffer(
            text.as_bytes(),
            "t.txt",
            ScanOptions { chunk_size },
            &|_| {},
        );
        assert_eq!(records.len(), whole.len());
    }
    // The pages as a PDF's, each a text of its own.
    let pages: Vec<Vec<&str>> = text
        .split('\x0c')
        .map(|page| page.trim_end_matches('\n').split('\n').collect())
        .collect();
    let pages: Vec<&[&str]> = pages.iter().map(Vec::as_slice).collect();
    let dir = tempfile::tempdir().expect("a folder");
    put(dir.path(), "book.pdf", &archives::pdf_of(&pages));
    for threads in ["1", "2"] {
        for chunk in ["1", "7", "64", "4096", "4194304"] {
            let args = [
                "scan",
                "--json",
                "-j",
                threads,
                "--chunk-size",
                chunk,
                "book.pdf",
            ];
            let run = run_in(dir.path(), &args, b"");
            let found = entries_of_json(&run.stdout);
            assert_eq!(found, whole, "-j{threads}, chunks of {chunk} bytes");
        }
    }
}

#[test]
fn a_merged_directory_entry_survives_a_saved_tsv() {
    // A book merged with its own directory, saved as TSV and printed from it, prints what the
    // book printed directly: each study's place in the directory kept in `directory_entry`.
    let dir = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let book = root.join("fixtures/check/book-with-directory.txt");
    let book = book.to_str().unwrap();
    let out = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let direct = run_in(dir.path(), &["index", book, "-o", &out("direct.html")], b"");
    assert_eq!(direct.code, 0, "{}", direct.stderr);
    assert!(direct.stderr.contains("merged"), "{}", direct.stderr);
    let saved = run_in(dir.path(), &["index", book, "-o", &out("book.tsv")], b"");
    assert_eq!(saved.code, 0, "{}", saved.stderr);
    let tsv = std::fs::read_to_string(out("book.tsv")).unwrap();
    assert!(
        tsv.lines()
            .next()
            .unwrap()
            .ends_with("\tdirectory_entry\texample\ttablebase\tdtz")
    );
    // A JSON object, quoted as the TSV dialect quotes a cell with `"`.
    assert!(tsv.contains("\t\"{\"\"line\"\":"), "{tsv}");
    let printed = run_in(
        dir.path(),
        &["index", "--from", &out("book.tsv"), "-o", &out("from.html")],
        b"",
    );
    assert_eq!(printed.code, 0, "{}", printed.stderr);
    let direct = std::fs::read_to_string(out("direct.html")).unwrap();
    assert!(direct.contains(", directory "), "{direct}");
    assert_eq!(std::fs::read_to_string(out("from.html")).unwrap(), direct);
}
