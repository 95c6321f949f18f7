//! Every format of `gbr index` on the fixture, as snapshots; JSON and TSV read back.

use gbrscan::Record;
use gbrscan::directory::read;

use super::{FIXTURES, run};

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
            "4001.00 fixtures/directory/first-source.txt:5",
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
