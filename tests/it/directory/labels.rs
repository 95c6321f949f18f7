//! Study labels and page references through `gbr index`, `lookup`, `merge` and `index --from`:
//! a numbered book indexed back into its own directory, numbers included
//! (`fixtures/labels/`), the label and page columns of the row formats, directories saved before
//! those columns still read, and the page of a PDF in the printed formats.

use super::archives;
use super::{arg, run};
use crate::support::saved::{CITATION_COLUMNS, without_columns};

const BOOK: &str = "fixtures/labels/numbered-book.txt";
const BOOK_DIRECTORY: &str = "fixtures/labels/numbered-book-directory.txt";
const NUMBERS: &str = r"- (\d+) -";

/// One entry as a directory lists it: group, code, kings, label.
type Entry = (String, String, String, String);

/// The entries of the book's own directory, read as the book prints them: a heading per group,
/// three columns read down, each entry `code kings - N -`.
fn book_directory() -> Vec<Entry> {
    let text = std::fs::read_to_string(BOOK_DIRECTORY).expect("the book's directory");
    let mut entries = Vec::new();
    let mut group = "";
    let mut rows: Vec<Vec<Entry>> = Vec::new();
    let flush = |rows: &mut Vec<Vec<Entry>>, entries: &mut Vec<Entry>| {
        let columns = rows.first().map_or(0, Vec::len);
        for column in 0..columns {
            entries.extend(rows.iter().filter_map(|r| r.get(column).cloned()));
        }
        rows.clear();
    };
    for line in text.lines() {
        if line.starts_with("Winststudies") || line.starts_with("Remisestudies") {
            flush(&mut rows, &mut entries);
            group = if line.starts_with("Winst") {
                "win"
            } else {
                "draw"
            };
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if group.is_empty() || words.is_empty() {
            continue;
        }
        let row = words
            .chunks(5)
            .map(|e| {
                assert_eq!(
                    (e[2], e[4]),
                    ("-", "-"),
                    "an entry `code kings - N -`: {line}"
                );
                let [code, kings, number] = [e[0], e[1], e[3]].map(str::to_string);
                (group.to_string(), code, kings, number)
            })
            .collect();
        rows.push(row);
    }
    flush(&mut rows, &mut entries);
    entries
}

/// The entries of a TSV directory: group (or empty), code, kings, label.
fn tsv_entries(tsv: &str) -> Vec<Entry> {
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let group = header.iter().position(|h| *h == "group");
    lines
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            let group = group.map_or("", |g| cells[g]);
            let [code, kings, label] = [at("code"), at("kings"), at("label")].map(|i| cells[i]);
            (group.into(), code.into(), kings.into(), label.into())
        })
        .collect()
}

/// The entries `gbr index INPUT --group-by stipulation --format tsv EXTRA...` gives.
fn indexed_by_stipulation(input: &str, extra: &[&str]) -> Vec<Entry> {
    let mut args = vec![
        "index",
        input,
        "--group-by",
        "stipulation",
        "--format",
        "tsv",
    ];
    args.extend(extra);
    tsv_entries(&run(&args, 0))
}

#[test]
fn a_numbered_book_indexed_with_its_number_pattern_gives_back_its_own_directory() {
    let found = indexed_by_stipulation(BOOK, &["--label-pattern", NUMBERS]);
    let expected = book_directory();
    assert_eq!(
        expected.len(),
        14,
        "the fixture's directory lists its 14 studies"
    );
    assert_eq!(found, expected);
}

#[test]
fn the_books_printed_directory_indexed_again_keeps_its_groups_and_numbers() {
    // The numbers follow the codes there (`0002.01 c3b1  - 9 -`): read after the code, with
    // the built-in rules and with the pattern alike. Entries of one code and kings come in the
    // order of the text read, which for a directory in columns is row by row, not the book's
    // column by column: they are compared by number.
    let by_number = |mut entries: Vec<Entry>| {
        entries.sort_by_key(|(group, code, kings, label)| {
            let number: u32 = label.parse().expect("a numeric label");
            (group == "draw", code.clone(), kings.clone(), number)
        });
        entries
    };
    let expected = by_number(book_directory());
    for extra in [&[][..], &["--label-pattern", NUMBERS][..]] {
        let found = indexed_by_stipulation(BOOK_DIRECTORY, extra);
        assert_eq!(by_number(found), expected, "{extra:?}");
    }
}

#[test]
fn the_numbered_books_directory_printed_in_the_books_style() {
    let text = run(
        &[
            "index",
            BOOK,
            "--group-by",
            "stipulation",
            "--label-pattern",
            NUMBERS,
            "--layout",
            "compact",
            "--title",
            "Studies by GBR code",
        ],
        0,
    );
    assert_eq!(
        text,
        "\
Studies by GBR code
===================

Wins
----

0002.01 c3b1   9    0014.00 h4b1  10    0130.11 e5g7   7
0002.01 h5e7   4    0014.00 h4b1  11    3001.10 d2d6  13
0003.10 d2g4   6    0033.10 b8g2   2    4001.00 d2b4   1

Draws
-----

0000.11 e1e8  12    0031.01 f6d4   5    0400.10 a1c3  14
0031.01 a7d4   3    0400.10 a1c3   8
"
    );
}

#[test]
fn the_built_in_rules_read_the_books_numbers_over_its_source_captions() {
    let tsv = run(
        &[
            "index",
            BOOK,
            "--group-by",
            "stipulation",
            "--format",
            "tsv",
        ],
        0,
    );
    assert_eq!(tsv_entries(&tsv), book_directory());
}

#[test]
fn labels_are_columns_of_csv_jsonl_and_scan_output() {
    let csv = run(&["index", BOOK, "--format", "csv"], 0);
    let header = csv.lines().next().unwrap();
    assert!(
        header.contains(
            "path,page,page_index,page_from,offset,line,column,length,label,number,composers,\
             source,year,honour,text"
        ),
        "{header}"
    );
    assert!(csv.contains("\"=\"\"4001.00\"\"\",d2b4"), "{csv}");
    let jsonl = run(&["index", BOOK, "--format", "jsonl"], 0);
    let first: serde_json::Value = serde_json::from_str(jsonl.lines().next().unwrap()).unwrap();
    assert_eq!(
        (&first["code"], &first["label"]),
        (&"0000.11".into(), &"12".into())
    );
    let scan = run(&["scan", "--csv", BOOK], 0);
    let mut reader = csv::Reader::from_reader(scan.as_bytes());
    let column = reader
        .headers()
        .unwrap()
        .iter()
        .position(|name| name == "label")
        .expect("a label column");
    let labels: Vec<String> = reader
        .records()
        .map(|r| r.unwrap()[column].to_string())
        .collect();
    // A number as text: a formula of its text, as a code is, so that `007` would stay `007`.
    let numbers: Vec<String> = (1..=14).map(|n| format!("=\"{n}\"")).collect();
    assert_eq!(labels, numbers);
    let json = run(
        &["scan", "--json", "--label-pattern", "(Eindspel), 20", BOOK],
        0,
    );
    let labelled = json
        .lines()
        .filter(|l| l.contains("\"label\":\"Eindspel\""))
        .count();
    assert_eq!(labelled, 4, "studies 3, 5, 9 and 13 are from Eindspel");
}

#[test]
fn a_bad_label_pattern_is_refused_with_the_regex_crates_message() {
    let output = super::gbr()
        .args(["index", BOOK, "--label-pattern", "- (\\d+ -"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("invalid value '- (\\d+ -' for '--label-pattern <REGEX>'")
            && stderr.contains("unclosed group"),
        "{stderr}"
    );
}

/// `tsv` without the `page` and `label` columns (and the citation's, which came after them):
/// a directory saved before they existed.
fn unlabelled(tsv: &str) -> String {
    let paged = ["page", "page_index", "page_from", "label"];
    without_columns(tsv, &[&paged[..], &CITATION_COLUMNS].concat())
}

#[test]
fn directories_saved_before_labels_are_still_read_and_labels_survive_merge() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let new = dir.path().join("book.tsv");
    let old = dir.path().join("old.tsv");
    run(
        &["index", BOOK, "--label-pattern", NUMBERS, "-o", arg(&new)],
        0,
    );
    run(&["index", "fixtures/directory", "-o", arg(&old)], 0);
    let old_text = unlabelled(&std::fs::read_to_string(&old).unwrap());
    assert!(old_text.starts_with("code\tkings\tsquares\tmen\tstipulation\tpath\toffset\t"));
    std::fs::write(&old, &old_text).unwrap();

    // lookup reads the old layout and writes the current one, with empty labels.
    let found = run(&["lookup", arg(&old), "0116.00", "--format", "tsv"], 0);
    let entries = tsv_entries(&found);
    assert!(!entries.is_empty());
    assert!(entries.iter().all(|e| e.3.is_empty()), "{found}");
    let found = run(&["lookup", arg(&new), "0014.00", "--format", "tsv"], 0);
    let labels: Vec<String> = tsv_entries(&found).into_iter().map(|e| e.3).collect();
    assert_eq!(labels, ["10", "11"]);

    // index --from reads it as well.
    let from = run(&["index", "--from", arg(&old), "--format", "tsv"], 0);
    assert_eq!(from.lines().count(), old_text.lines().count());

    // merge of an old and a new directory: every entry, the book's labels kept.
    let merged = run(&["merge", arg(&old), arg(&new)], 0);
    let entries = tsv_entries(&merged);
    assert_eq!(entries.len(), old_text.lines().count() - 1 + 14);
    let mut labels: Vec<u32> = entries
        .iter()
        .filter(|e| !e.3.is_empty())
        .map(|e| e.3.parse().unwrap())
        .collect();
    labels.sort_unstable();
    assert_eq!(labels, (1..=14).collect::<Vec<u32>>());
}

#[test]
fn a_pdf_page_is_in_the_reference_and_no_label_crosses_a_page() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let pdf = dir.path().join("codes.pdf");
    std::fs::write(&pdf, archives::pdf()).unwrap();
    let tsv = run(&["index", arg(&pdf), "--format", "tsv"], 0);
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let rows: Vec<(String, String, String)> = lines
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            (
                c[at("code")].into(),
                c[at("page")].into(),
                c[at("label")].into(),
            )
        })
        .collect();
    // Page 1's caption line ends in a year; page 3's codes are on another page and get none.
    assert_eq!(
        rows,
        [
            ("0031.10".into(), "3".into(), String::new()),
            ("0116.00".into(), "1".into(), "Probleemblad 2013".into()),
            ("0323.12".into(), "3".into(), String::new()),
        ]
    );
    let name = arg(&pdf).to_string();
    let text = run(&["index", arg(&pdf)], 0);
    assert!(text.contains(&format!("{name}:4 (p. 1)")), "{text}");
    assert!(text.contains(&format!("{name}:4 (p. 3)")), "{text}");
    for format in ["html", "markdown", "typst", "latex"] {
        let out = run(&["index", arg(&pdf), "--format", format], 0);
        assert!(out.contains("(p. 3)"), "{format}: {out}");
    }
    let print = run(
        &["index", arg(&pdf), "--format", "html", "--paper", "a4"],
        0,
    );
    assert!(print.contains(":4 (p. 1)</td>"), "{print}");
}

/// The (kings, label) cells of each entry of a TSV directory, the columns found by the header.
fn kings_and_labels(tsv: &str) -> Vec<(&str, &str)> {
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let column = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (kings, label) = (column("kings"), column("label"));
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (cells[kings], cells[label])
        })
        .collect()
}

#[test]
fn an_eg_study_number_above_its_diagram_labels_the_caption_below_it() {
    // EG's layout: `No 18610` with the composer, the award and a dedication, the board printed
    // as text (nine lines), then the caption; or the number, the board, the award, the
    // caption. The board's lines are read past: the number heads its study's block.
    let tsv = run(
        &["index", "fixtures/labels/eg-blocks.txt", "--format", "tsv"],
        0,
    );
    let labels = kings_and_labels(&tsv);
    assert_eq!(
        labels,
        [("f1h1", "18612"), ("c2h4", "18610"), ("a7d3", "18611")]
    );
}

#[test]
fn an_eg_study_number_labels_its_block_across_long_lines_and_an_unread_board() {
    // The number heads the block; a long award line, a dedication and a board of glyphs
    // that gbr does not read stand between it and the caption.
    let tsv = run(
        &[
            "index",
            "fixtures/labels/eg-pdf-text.txt",
            "--format",
            "tsv",
        ],
        0,
    );
    let labels = kings_and_labels(&tsv);
    assert_eq!(labels, [("a7d3", "18621"), ("d5h6", "18620")]);
}
