//! Every format of `gbr index` on the fixture, as snapshots; JSON and TSV read back.

use gbrscan::Record;
use gbrscan::saved::read;

use super::{FIXTURES, run};
use crate::support::saved::{CITATION_COLUMNS, without_columns};

#[track_caller]
fn index(extra: &[&str]) -> String {
    let mut args = vec!["index", FIXTURES];
    args.extend(extra);
    run(&args, 0)
}

#[test]
fn text_format_has_a_heading_per_code_and_aligned_entries() {
    insta::assert_snapshot!("text", index(&["--format", "text"]));
}

#[test]
fn text_format_grouped_by_stipulation_puts_wins_first() {
    insta::assert_snapshot!(
        "text-grouped",
        index(&["--format", "text", "--group-by", "stipulation"])
    );
}

#[test]
fn tsv_format_has_a_header_and_a_cell_per_field() {
    insta::assert_snapshot!("tsv", index(&["--format", "tsv"]));
}

#[test]
fn tsv_format_grouped_by_stipulation_leads_with_the_group() {
    insta::assert_snapshot!(
        "tsv-grouped",
        index(&["--format", "tsv", "--group-by", "stipulation"])
    );
}

#[test]
fn csv_format_quotes_as_rfc_4180() {
    insta::assert_snapshot!("csv", index(&["--format", "csv"]));
}

#[test]
fn jsonl_format_is_one_record_per_line() {
    insta::assert_snapshot!("jsonl", index(&["--format", "jsonl"]));
}

#[test]
fn html_format_is_one_self_contained_page() {
    insta::assert_snapshot!("html", index(&["--format", "html"]));
}

#[test]
fn duplicates_list_each_position_found_in_more_than_one_place() {
    insta::assert_snapshot!("duplicates", index(&["--duplicates"]));
    insta::assert_snapshot!(
        "duplicates-tsv",
        index(&["--duplicates", "--format", "tsv"])
    );
}

#[test]
fn valid_only_leaves_out_the_invalid_entry() {
    let all = index(&["--format", "tsv"]);
    let valid = index(&["--format", "tsv", "--valid-only"]);
    assert!(all.contains("\tfalse\t"));
    assert!(!valid.contains("\tfalse\t"));
    assert_eq!(valid.lines().count() + 1, all.lines().count());
}

#[test]
fn jsonl_lines_parse_back_to_records_in_order() {
    let records: Vec<Record> = index(&["--format", "jsonl"])
        .lines()
        .map(|line| serde_json::from_str(line).expect("a record"))
        .collect();
    let summary: Vec<String> = records
        .iter()
        .map(|r| format!("{} {}:{}", r.code, r.path, r.line))
        .collect();
    assert_eq!(
        summary,
        [
            "0090.00 fixtures/directory/second-source.txt:6",
            "0103.22 fixtures/directory/first-source.txt:7",
            "0116.00 fixtures/directory/second-source.txt:4",
            "0116.00 fixtures/directory/first-source.txt:3",
            "0116.00 fixtures/directory/second-source.txt:3",
            "0310.01 fixtures/directory/first-source.txt:4",
            "0310.01 fixtures/directory/second-source.txt:5",
            "0800.00 fixtures/directory/first-source.txt:8",
            "4001.00 fixtures/directory/first-source.txt:6",
        ]
    );
}

#[test]
fn tsv_and_jsonl_read_back_to_the_same_records() {
    for grouping in ["none", "stipulation"] {
        let tsv = index(&["--format", "tsv", "--group-by", grouping]);
        let jsonl = index(&["--format", "jsonl", "--group-by", grouping]);
        let from_tsv = read::records(tsv.as_bytes()).expect("TSV reads back");
        let mut from_jsonl = read::records(jsonl.as_bytes()).expect("JSON Lines read back");
        // A TSV row has no column for where the stipulation was read.
        for record in &mut from_jsonl {
            record.stipulation_source = None;
        }
        assert_eq!(from_tsv.len(), 9);
        assert_eq!(from_tsv, from_jsonl, "--group-by {grouping}");
    }
}

#[test]
fn output_is_byte_identical_at_any_thread_count_and_chunk_size() {
    let one = index(&["--format", "tsv", "-j", "1"]);
    for threads in ["2", "4"] {
        for chunk in ["7", "64", "4096"] {
            let other = index(&["--format", "tsv", "-j", threads, "--chunk-size", chunk]);
            assert_eq!(other, one, "-j {threads} --chunk-size {chunk}");
        }
    }
}

/// The labels of `fixtures/tsv/captions.txt`, in directory order, and the code's text of each.
const CAPTIONS: [(Option<&str>, &str); 4] = [
    (Some("back\\slash, 1952"), "0000.10 c3b1"),
    (Some("\"Schach\"\\x, 1950"), "0002.01 c3b1"),
    (Some("Tab\there, 1951"), "0116.00 a7d3"),
    (None, "0116.00\na7d3"),
];

/// The label and text of each entry of a JSON Lines directory.
fn labels_and_texts(jsonl: &str) -> Vec<(Option<String>, String)> {
    jsonl
        .lines()
        .map(|l| {
            let r: Record = serde_json::from_str(l).expect("an entry");
            (r.label.map(|l| l.to_string()), r.text.to_string())
        })
        .collect()
}

fn expected_captions() -> Vec<(Option<String>, String)> {
    CAPTIONS
        .iter()
        .map(|(l, t)| (l.map(str::to_string), t.to_string()))
        .collect()
}

#[test]
fn tsv_cells_with_a_tab_a_quote_a_backslash_or_a_line_break_read_back() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let tsv = dir.path().join("captions.tsv");
    let tsv_arg = tsv.to_str().unwrap();
    run(&["index", "fixtures/tsv/captions.txt", "-o", tsv_arg], 0);
    let written = std::fs::read_to_string(&tsv).unwrap();
    // Quoted only where a cell holds a tab or a quote; one line per entry.
    assert_eq!(written.lines().count(), 5, "{written}");
    assert!(
        written.contains("\t\"\"\"Schach\"\"\\\\x, 1950\"\t"),
        "{written}"
    );
    assert!(written.contains("\t\"Tab\there, 1951\"\t"), "{written}");
    assert!(written.contains("\tback\\\\slash, 1952\t"), "{written}");
    assert!(written.contains("\t0116.00\\na7d3\t"), "{written}");

    // gbr reads every cell back exactly: lookup, merge, index --from.
    let looked_up = run(&["lookup", tsv_arg, "????.??", "--format", "jsonl"], 0);
    assert_eq!(labels_and_texts(&looked_up), expected_captions());
    let merged = dir.path().join("merged.tsv");
    run(&["merge", tsv_arg, "-o", merged.to_str().unwrap()], 0);
    assert_eq!(std::fs::read_to_string(&merged).unwrap(), written);
    let again = run(&["index", "--from", tsv_arg, "--format", "jsonl"], 0);
    assert_eq!(labels_and_texts(&again), expected_captions());

    // The csv crate's reader as xsv and qsv set it up for TSV (`-d '\t'`) reads each cell as
    // written: a tab or a quote exactly, a backslash or a line break as its escape.
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .from_reader(written.as_bytes());
    let header = reader.headers().expect("a header").clone();
    let column = |name: &str| header.iter().position(|h| h == name).expect(name);
    let (label, text) = (column("label"), column("text"));
    let cells: Vec<(String, String)> = reader
        .records()
        .map(|r| {
            let r = r.expect("a row");
            (r[label].to_string(), r[text].to_string())
        })
        .collect();
    assert_eq!(cells, dialect_cells());
}

/// The (label, text) cells of `fixtures/tsv/captions.txt`'s directory as a reader of the TSV
/// dialect reads them: a tab or a quote exactly, a backslash or a line break as its escape.
fn dialect_cells() -> Vec<(String, String)> {
    [
        ("back\\\\slash, 1952", "0000.10 c3b1"),
        ("\"Schach\"\\\\x, 1950", "0002.01 c3b1"),
        ("Tab\there, 1951", "0116.00 a7d3"),
        ("", "0116.00\\na7d3"),
    ]
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .to_vec()
}

#[test]
fn a_tsv_of_the_former_dialect_reads_as_it_did() {
    // Written before cells were quoted: a tab escaped as `\t`, a leading quote as it is.
    let dir = tempfile::tempdir().expect("temporary folder");
    let tsv = dir.path().join("old.tsv");
    let tsv_arg = tsv.to_str().unwrap();
    run(&["index", "fixtures/tsv/captions.txt", "-o", tsv_arg], 0);
    let old = std::fs::read_to_string(&tsv)
        .unwrap()
        .replace("\"\"\"Schach\"\"\\\\x, 1950\"", "\"Schach\"\\\\x, 1950")
        .replace("\"Tab\there, 1951\"", "Tab\\there, 1951")
        // Nor had it the citation's columns, after `label`.
        .replace("\"\"\"Schach\"\"\\\\x\"", "")
        .replace("\"Tab\there\"", "");
    let old = without_columns(&old, &CITATION_COLUMNS);
    assert!(!old.contains("\"\""), "{old}");
    std::fs::write(&tsv, old).unwrap();
    let looked_up = run(&["lookup", tsv_arg, "????.??", "--format", "jsonl"], 0);
    assert_eq!(labels_and_texts(&looked_up), expected_captions());
}

/// Run by `.ci/run` (`cargo test -- --ignored`, its virtual environment's `python3` first on
/// the PATH): Python's `csv.reader(f, delimiter='\t')` reads the cells as written.
#[test]
#[ignore = "needs python3"]
fn python_reads_the_tsv_cells_as_written() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let tsv = dir.path().join("captions.tsv");
    run(
        &[
            "index",
            "fixtures/tsv/captions.txt",
            "-o",
            tsv.to_str().unwrap(),
        ],
        0,
    );
    let output = std::process::Command::new("python3")
        .args([
            "-c",
            "import csv, json, sys\n\
             rows = list(csv.reader(open(sys.argv[1], newline=''), delimiter='\\t'))\n\
             label, text = rows[0].index('label'), rows[0].index('text')\n\
             print(json.dumps([[r[label], r[text]] for r in rows[1:]]))",
        ])
        .arg(&tsv)
        .output()
        .expect("run python3");
    assert!(output.status.success(), "{output:?}");
    let cells: Vec<(String, String)> = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(cells, dialect_cells());
}
