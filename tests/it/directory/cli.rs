//! `gbr lookup` and `gbr merge` through the real binary; atomic output of `gbr index`.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use tempfile::TempDir;

use super::{FIXTURES, arg, fail, run};

/// A temporary folder holding the fixture directory saved as `name` (format from the
/// extension), with `extra` arguments to `gbr index`.
#[track_caller]
fn saved(name: &str, extra: &[&str]) -> (TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join(name);
    let mut args = vec!["index", FIXTURES, "-o", arg(&path)];
    args.extend(extra);
    run(&args, 0);
    (dir, path)
}

/// The `path:line` references of a text listing, in order.
fn references(text: &str) -> Vec<&str> {
    text.lines()
        .filter_map(|l| l.split_whitespace().find(|w| w.starts_with("fixtures/")))
        .collect()
}

const FIRST: &str = "fixtures/directory/first-source.txt";
const SECOND: &str = "fixtures/directory/second-source.txt";

#[test]
fn lookup_finds_every_entry_of_an_exact_code() {
    for name in ["dir.tsv", "dir.jsonl"] {
        let (_dir, path) = saved(name, &[]);
        let found = run(&["lookup", arg(&path), "0116.00"], 0);
        assert_eq!(
            references(&found),
            [
                format!("{SECOND}:4"),
                format!("{FIRST}:3"),
                format!("{SECOND}:3")
            ],
            "{name}"
        );
    }
}

#[test]
fn lookup_with_a_pattern_finds_every_matching_code() {
    let (_dir, path) = saved("dir.tsv", &[]);
    let found = run(&["lookup", arg(&path), "0???.??", "--format", "tsv"], 0);
    let codes: Vec<&str> = found.lines().skip(1).map(|l| &l[..7]).collect();
    assert_eq!(
        codes,
        [
            "0090.00", "0103.22", "0116.00", "0116.00", "0116.00", "0310.01", "0310.01", "0800.00"
        ]
    );
    let found = run(&["lookup", arg(&path), "03??.0?"], 0);
    assert_eq!(
        references(&found),
        [format!("{FIRST}:4"), format!("{SECOND}:5")]
    );
}

#[test]
fn lookup_reads_a_material_in_both_styles_as_its_code() {
    let (_dir, path) = saved("dir.tsv", &[]);
    let by_code = run(&["lookup", arg(&path), "0116.00"], 0);
    assert_eq!(run(&["lookup", arg(&path), "KRBvKNN"], 0), by_code);
    assert_eq!(run(&["lookup", arg(&path), "wR wB v bN bN"], 0), by_code);
}

#[test]
fn lookup_by_kings_alone_searches_every_code() {
    let (_dir, path) = saved("dir.jsonl", &["--group-by", "stipulation"]);
    let found = run(
        &["lookup", arg(&path), "--kings", "d6a8", "--format", "tsv"],
        0,
    );
    let rows: Vec<String> = found
        .lines()
        .map(|l| l.split('\t').take(6).collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        rows,
        [
            "group code kings squares men stipulation",
            // The stipulation cell guarded as a spreadsheet formula would be (`'=`).
            "draw 0310.01 d6a8   '=",
            "other 0310.01 d6a8   ",
        ]
    );
}

#[test]
fn lookup_by_code_and_kings_finds_only_that_position() {
    let (_dir, path) = saved("dir.tsv", &[]);
    let found = run(&["lookup", arg(&path), "0116", "--kings", "a7d3"], 0);
    assert_eq!(references(&found).len(), 3);
    run(&["lookup", arg(&path), "0116.00", "--kings", "a8d3"], 1);
}

#[test]
fn lookup_exits_1_when_nothing_matches() {
    let (_dir, path) = saved("dir.tsv", &[]);
    assert_eq!(run(&["lookup", arg(&path), "0000.11"], 1), "");
}

#[test]
fn lookup_refuses_a_query_it_cannot_read() {
    let (_dir, path) = saved("dir.tsv", &[]);
    assert_eq!(
        fail(&["lookup", arg(&path), "0116.0"]),
        "gbr: cannot read \"0116.0\": give a code (0323.12), a pattern (03??.1?), a material \
         (KRBvKNN), a code as printed (+0002.01 h4f1), or --kings, --fen, --position: not a code \
         (0323.12 or 0323): expected a code of 7 bytes `dddd.dd`, found 6 bytes\n"
    );
    assert_eq!(
        fail(&["lookup", arg(&path), "KRBvKNX"]),
        "gbr: cannot read \"KRBvKNX\": give a code (0323.12), a pattern (03??.1?), a material \
         (KRBvKNN), a code as printed (+0002.01 h4f1), or --kings, --fen, --position: not a \
         code, a pattern (03??.1?) or a material (KRBvKNN, wR wB v bN bN): expected a man \
         (K Q R B N P, or wK.. bP) at byte 6, found \"X\"\n"
    );
}

/// The saved TSV directory with two entry rows swapped.
fn unsorted(path: &Path) {
    let text = fs::read_to_string(path).expect("saved directory");
    let mut lines: Vec<&str> = text.lines().collect();
    lines.swap(3, 6);
    fs::write(path, lines.join("\n") + "\n").expect("rewrite");
}

#[test]
fn lookup_refuses_a_directory_not_sorted_where_it_looks() {
    let (_dir, path) = saved("dir.tsv", &[]);
    unsorted(&path);
    let err = fail(&["lookup", arg(&path), "0116.00"]);
    assert!(err.contains(": not sorted: "), "{err}");
    assert!(
        err.contains("rebuild the directory with gbr index"),
        "{err}"
    );
}

#[test]
fn lookup_refuses_a_directory_older_than_its_sources() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let source = dir.path().join("source.txt");
    fs::write(&source, "A position: =0310.01 d6a8\n").expect("write source");
    let saved = dir.path().join("dir.tsv");
    run(&["index", arg(&source), "-o", arg(&saved)], 0);
    run(&["lookup", arg(&saved), "0310.01"], 0);
    let later = SystemTime::now() + Duration::from_secs(60);
    fs::File::options()
        .append(true)
        .open(&source)
        .and_then(|f| f.set_modified(later))
        .expect("touch source");
    let err = fail(&["lookup", arg(&saved), "0310.01"]);
    assert_eq!(
        err,
        format!(
            "gbr: {} is older than {}, which it indexes: rebuild it with gbr index\n",
            saved.display(),
            source.display()
        )
    );
}

#[test]
fn lookup_refuses_files_that_are_not_directories() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let duplicates = dir.path().join("dups.tsv");
    run(
        &["index", FIXTURES, "--duplicates", "-o", arg(&duplicates)],
        0,
    );
    assert!(fail(&["lookup", arg(&duplicates), "0116"]).ends_with(
        "line 1: a duplicates listing (gbr index --duplicates) is not a sorted directory\n"
    ));
    let text = dir.path().join("dir.txt");
    run(&["index", FIXTURES, "-o", arg(&text)], 0);
    assert!(
        fail(&["lookup", arg(&text), "0116"])
            .contains("line 1: not a saved directory: expected a TSV header")
    );
}

#[test]
fn merge_of_two_shards_equals_the_index_of_all() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = |name: &str| dir.path().join(name);
    for grouping in ["none", "stipulation"] {
        let g = ["--group-by", grouping];
        let all = path("all.tsv");
        let (a, b) = (path("a.tsv"), path("b.jsonl"));
        run(&[&["index", FIXTURES, "-o", arg(&all)][..], &g].concat(), 0);
        run(&[&["index", SECOND, "-o", arg(&a)][..], &g].concat(), 0);
        run(&[&["index", FIRST, "-o", arg(&b)][..], &g].concat(), 0);
        let merged = path("merged.tsv");
        run(&["merge", arg(&a), arg(&b), "-o", arg(&merged)], 0);
        assert_eq!(
            fs::read_to_string(&merged).expect("merged"),
            fs::read_to_string(&all).expect("all"),
            "--group-by {grouping}"
        );
        let to_stdout = run(&["merge", arg(&b), arg(&a), "--format", "tsv"], 0);
        assert_eq!(to_stdout, fs::read_to_string(&all).expect("all"));
    }
}

#[test]
fn merge_refuses_directories_sorted_differently() {
    let (_a, a) = saved("a.tsv", &[]);
    let (_b, b) = saved("b.tsv", &["--group-by", "stipulation"]);
    let err = fail(&["merge", arg(&a), arg(&b)]);
    assert_eq!(
        err,
        format!(
            "gbr: {} is sorted by stipulation but {} by code; merge directories of one order\n",
            b.display(),
            a.display()
        )
    );
}

#[test]
fn merge_refuses_an_unsorted_input_and_keeps_the_existing_output() {
    let (dir, a) = saved("a.tsv", &[]);
    unsorted(&a);
    let out = dir.path().join("out.tsv");
    fs::write(&out, "precious\n").expect("existing output");
    let err = fail(&["merge", arg(&a), "-o", arg(&out)]);
    assert!(err.contains(": not sorted: "), "{err}");
    assert_eq!(fs::read_to_string(&out).expect("output"), "precious\n");
}

#[test]
fn a_failed_index_leaves_the_existing_output_untouched() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let out = dir.path().join("dir.tsv");
    fs::write(&out, "precious\n").expect("existing output");
    let missing = dir.path().join("missing.jsonl");
    let err = fail(&["index", "--from", arg(&missing), "-o", arg(&out)]);
    assert!(err.starts_with("gbr: cannot read "), "{err}");
    fail(&["index", arg(&missing), "-o", arg(&out)]);
    assert_eq!(fs::read_to_string(&out).expect("output"), "precious\n");
    let names: Vec<_> = fs::read_dir(dir.path())
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names, ["dir.tsv"], "no temporary file is left behind");
}

#[test]
fn index_reads_saved_scan_output() {
    let jsonl = run(&["index", FIXTURES, "--format", "jsonl"], 0);
    let mut messages = String::from("{\"type\":\"begin\",\"data\":{\"path\":\"x\"}}\n");
    for line in jsonl.lines().rev() {
        messages.push_str(&format!("{{\"type\":\"match\",\"data\":{line}}}\n"));
    }
    messages.push_str("{\"type\":\"summary\",\"data\":{}}\n");
    let out = super::gbr()
        .args(["index", "--from", "-", "--format", "jsonl"])
        .write_stdin(messages)
        .output()
        .expect("run gbr");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout), jsonl);
}

#[test]
fn index_exits_1_when_no_code_is_found() {
    let out = super::gbr()
        .args(["index", "--format", "tsv"])
        .write_stdin("No codes here, only 2024 and 3.14.\n")
        .output()
        .expect("run gbr");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("code\tkings\t"));
}
