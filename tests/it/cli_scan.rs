//! `gbr scan` through the real binary on the fixtures of `fixtures/cli/` (see its README):
//! formats parsed back, exit codes, errors on stderr, inputs of every kind, and output that
//! does not depend on threads, chunk size or memory-mapping.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::process::Stdio;

use crate::support::summary::{Run, run_in};
use gbrscan::Record;
use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/cli");
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

/// `gbr scan ARGS...` run in `dir`, with `stdin` written to standard input.
#[track_caller]
fn scan_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let args: Vec<&str> = std::iter::once("scan")
        .chain(args.iter().copied())
        .collect();
    run_in(dir, &args, stdin)
}

/// `gbr scan ARGS...` run in `fixtures/cli`.
#[track_caller]
fn scan(args: &[&str]) -> Run {
    scan_in(Path::new(FIXTURES), args, b"")
}

const MIXED: &str = "\
mixed.txt:1:25: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]
mixed.txt:2:29: a2f1 0411.56 10/9+. invalid [wb] | error men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67, or else W/B 9/8
mixed.txt:3:37: g3g1 0323.12 = unchecked [kings]
mixed.txt:3:61: 0800.00 unchecked [bare]
mixed.txt:5:15: a1h8 0031.10 h1f4.a7 3/2+. ok [full]
mixed.txt:5:53: a1a8 0000.02 .a2b2 1/3. ok [full]
";

#[test]
fn every_code_is_printed_one_line_each_in_order_and_exit_is_0() {
    let run = scan(&["mixed.txt"]);
    assert_eq!(run.stdout, MIXED);
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
}

#[test]
fn a_file_without_codes_exits_1() {
    let run = scan(&["no-codes.txt"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.code),
        ("", "", 1)
    );
}

#[test]
fn an_empty_file_exits_1() {
    let run = scan(&["empty.txt"]);
    assert_eq!(
        (run.stdout.as_str(), run.stderr.as_str(), run.code),
        ("", "", 1)
    );
}

#[test]
fn min_rank_full_keeps_full_positions_only() {
    let run = scan(&["--min-rank", "full", "mixed.txt"]);
    let lines: Vec<&str> = MIXED.lines().filter(|l| l.contains("[full]")).collect();
    assert_eq!(run.stdout, lines.join("\n") + "\n");
    assert_eq!(run.code, 0);
}

#[test]
fn min_rank_wb_is_also_read_under_its_former_name_men_count() {
    let wb = scan(&["--min-rank", "wb", "mixed.txt"]);
    let lines: Vec<&str> = MIXED
        .lines()
        .filter(|l| l.contains("[wb]") || l.contains("[full]"))
        .collect();
    assert_eq!(wb.stdout, lines.join("\n") + "\n");
    assert_eq!(
        scan(&["--min-rank", "men-count", "mixed.txt"]).stdout,
        wb.stdout
    );
}

#[test]
fn records_written_with_the_former_name_men_count_read_as_wb() {
    let run = scan(&["--json", "--errors", "mixed.txt"]);
    let line = run.stdout.lines().nth(1).expect("a match");
    let data = serde_json::from_str::<Value>(line).expect("JSON")["data"].to_string();
    assert!(
        data.contains(r#""rank":"wb""#) && data.contains(r#""against":"wb""#),
        "{data}"
    );
    let old = data.replace(r#""wb""#, r#""men-count""#);
    let read: Record = serde_json::from_str(&old).expect("a record with the former names");
    let new: Record = serde_json::from_str(&data).expect("a record");
    assert_eq!(read, new);
}

#[test]
fn errors_keeps_only_codes_with_an_error_and_exits_1_when_there_is_none() {
    let run = scan(&["--errors", "mixed.txt"]);
    assert_eq!(
        run.stdout,
        MIXED.lines().nth(1).expect("line 2").to_string() + "\n"
    );
    assert_eq!(run.code, 0);
    let none = scan(&["--errors", "folder"]);
    assert_eq!((none.stdout.as_str(), none.code), ("", 1));
}

#[test]
fn json_lines_parse_back_into_records_and_a_summary_that_adds_up() {
    let run = scan(&["--json", "mixed.txt", "no-codes.txt", "folder"]);
    assert_eq!(run.stderr, "");
    assert_eq!(run.code, 0);
    let messages: Vec<Value> = run
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let types: Vec<&str> = messages
        .iter()
        .map(|m| m["type"].as_str().expect("a type"))
        .collect();
    let mut expected = vec!["begin"];
    expected.extend(["match"; 6]);
    expected.extend([
        "end", "begin", "match", "end", "begin", "match", "end", "summary",
    ]);
    assert_eq!(types, expected);
    let records: Vec<Record> = messages
        .iter()
        .filter(|m| m["type"] == "match")
        .map(|m| serde_json::from_value(m["data"].clone()).expect("a Record"))
        .collect();
    let places: Vec<(&str, u64, u64)> = records
        .iter()
        .map(|r| (r.path.to_str().expect("UTF-8"), r.line, r.column))
        .collect();
    assert_eq!(
        places,
        [
            ("mixed.txt", 1, 25),
            ("mixed.txt", 2, 29),
            ("mixed.txt", 3, 37),
            ("mixed.txt", 3, 61),
            ("mixed.txt", 5, 15),
            ("mixed.txt", 5, 53),
            ("folder/one.txt", 1, 27),
            ("folder/sub/two.txt", 3, 3),
        ]
    );
    assert_eq!(records[1].findings[0].fix.as_deref(), Some("0411.67"));
    assert_eq!(
        messages[0]["data"],
        serde_json::json!({"path": "mixed.txt"})
    );
    let mixed_len = std::fs::metadata(Path::new(FIXTURES).join("mixed.txt"))
        .expect("mixed.txt")
        .len();
    assert_eq!(
        messages[7]["data"],
        serde_json::json!({"path": "mixed.txt", "bytes": mixed_len, "matches": 6})
    );
    let sizes: u64 = [
        "mixed.txt",
        "no-codes.txt",
        "folder/one.txt",
        "folder/sub/two.txt",
    ]
    .iter()
    .map(|f| {
        std::fs::metadata(Path::new(FIXTURES).join(f))
            .expect(f)
            .len()
    })
    .sum();
    let summary = &messages.last().expect("summary")["data"];
    assert_eq!(summary["files"], 4);
    assert_eq!(summary["bytes"], sizes);
    assert_eq!(summary["matches"], 8);
    assert_eq!(summary["errors"], 0);
    assert_eq!(summary["skipped"], 0);
    assert!(summary["elapsed"].as_f64().is_some_and(|s| s >= 0.0));
}

#[test]
fn json_summary_counts_invalid_unchecked_and_warning_codes() {
    let run = scan(&["--json", "mixed.txt"]);
    let last = run.stdout.lines().last().expect("a summary");
    let data = &serde_json::from_str::<Value>(last).expect("JSON")["data"];
    let counts = ["matches", "invalid", "unchecked", "warnings", "unreadable"].map(|k| &data[k]);
    assert_eq!(counts, [6, 1, 2, 0, 0].map(Value::from).each_ref());
}

#[test]
fn text_output_ends_with_one_summary_line_on_stderr() {
    let cases: [(&[&str], Option<&str>); 6] = [
        (
            &["mixed.txt"],
            Some("6 codes in 1 file, 1 invalid, 2 unchecked, 0 warnings, 318 B in T s"),
        ),
        (
            &["--errors", "mixed.txt"],
            Some("1 code in 1 file, 1 invalid, 0 unchecked, 0 warnings, 318 B in T s"),
        ),
        (
            &["no-codes.txt", "missing.txt", "binary.bin"],
            Some(
                "0 codes in 1 file, 0 invalid, 0 unchecked, 0 warnings, 1 unreadable, 1 not \
                 scanned, 91 B in T s",
            ),
        ),
        (&["-q", "no-codes.txt"], None),
        (&["--count", "mixed.txt"], None),
        (&["--csv", "mixed.txt"], None),
    ];
    for (args, expected) in cases {
        let run = scan(args);
        assert_eq!(run.summary.as_deref(), expected, "{args:?}");
    }
}

#[test]
fn json_summary_counts_errors_and_skips_and_no_match_gives_exit_1() {
    let run = scan(&["--json", "no-codes.txt", "missing.txt", "binary.bin"]);
    let last = run.stdout.lines().last().expect("a summary");
    let summary: Value = serde_json::from_str(last).expect("JSON");
    assert_eq!(summary["type"], "summary");
    let data = &summary["data"];
    assert_eq!((&data["files"], &data["matches"]), (&1.into(), &0.into()));
    assert_eq!((&data["errors"], &data["skipped"]), (&1.into(), &1.into()));
    assert_eq!(data["unreadable"], 1);
    assert_eq!(run.stdout.lines().count(), 1);
    assert_eq!(run.summary, None, "JSON has its summary on stdout");
    assert_eq!(run.code, 2);
}

#[test]
fn csv_parses_back_with_a_header_and_one_row_per_code() {
    let run = scan(&["--csv", "mixed.txt"]);
    assert_eq!(run.code, 0);
    // The one CSV schema of gbr: `gbr index --format csv`'s columns, after a UTF-8 BOM that
    // the csv crate drops.
    assert!(
        run.stdout.starts_with("\u{feff}code,kings,"),
        "{}",
        run.stdout
    );
    let mut reader = csv::Reader::from_reader(run.stdout.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .expect("a header")
        .iter()
        .map(String::from)
        .collect();
    assert_eq!(header, gbrscan::render::csv::CSV_COLUMNS.map(String::from));
    assert_eq!(header[0], "code");
    assert_eq!(
        header[26..],
        [
            "findings",
            "directory_entry",
            "example",
            "tablebase",
            "dtz",
            "fix"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    assert_eq!(rows.len(), 6);
    let eg = &rows[1];
    // The code as a formula of its text, so that a spreadsheet keeps `0411.56`.
    assert_eq!(&eg[0], "=\"0411.56\"");
    // The stipulation `+` written `'+`, so that a spreadsheet does not read it as a formula.
    assert_eq!(
        (&eg[1], &eg[2], &eg[3], &eg[4]),
        ("a2f1", "", "=\"10/9\"", "'+")
    );
    assert_eq!(&eg[5], "mixed.txt");
    // No PDF page: page, page_index and page_from empty.
    assert_eq!(
        (&eg[6], &eg[7], &eg[8], &eg[9], &eg[10], &eg[11], &eg[12]),
        ("", "", "", "80", "2", "29", "21")
    );
    assert_eq!(
        (&eg[19], &eg[20], &eg[21]),
        ("a2f1 0411.56 10/9 Win", "kings-before", "wb")
    );
    assert_eq!(&eg[25], "false");
    assert_eq!(
        &eg[26],
        "error men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67, or else W/B 9/8"
    );
    assert_eq!((&eg[28], &eg[29], &eg[31]), ("", "", "=\"0411.67\""));
    let roycroft = &rows[0];
    assert_eq!(&roycroft[24], "8/K7/2nn4/8/8/1B1k4/1R6/8");
    // `Roycroft's own example: a7d3 0116.00 ...`: an example of the notation, so marked.
    assert_eq!(
        (&roycroft[25], &roycroft[26], &roycroft[27], &roycroft[28]),
        ("true", "", "", "true")
    );
}

#[test]
fn a_missing_path_is_reported_the_others_are_scanned_and_exit_is_2() {
    let run = scan(&["folder/one.txt", "missing.txt", "folder/sub/two.txt"]);
    assert_eq!(
        run.stdout,
        "folder/one.txt:1:27: h6e8 0002.01 unchecked [kings]\n\
         folder/sub/two.txt:3:3: a1c3 0023.00 + unchecked [kings]\n"
    );
    assert_eq!(run.stderr, "gbr: missing.txt: no such file or directory\n");
    assert_eq!(run.code, 2);
}

#[cfg(target_os = "linux")]
#[test]
fn a_file_that_fails_to_read_is_reported_with_the_whole_error_chain() {
    // /proc/self/mem opens as a regular file of size 0 and fails with EIO at offset 0.
    let run = scan(&["folder/one.txt", "/proc/self/mem"]);
    assert_eq!(
        run.stdout,
        "folder/one.txt:1:27: h6e8 0002.01 unchecked [kings]\n"
    );
    assert_eq!(
        run.stderr,
        "gbr: /proc/self/mem: cannot read: input/output error\n"
    );
    assert_eq!(run.code, 2);
}

#[test]
fn a_folder_is_scanned_recursively_in_name_order() {
    let run = scan(&["folder"]);
    assert_eq!(
        run.stdout,
        "folder/one.txt:1:27: h6e8 0002.01 unchecked [kings]\n\
         folder/sub/two.txt:3:3: a1c3 0023.00 + unchecked [kings]\n"
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
}

#[cfg(unix)]
#[test]
fn a_link_to_a_folder_inside_a_folder_is_noted_and_not_an_error() {
    let dir = tempfile::tempdir().expect("temporary folder");
    std::fs::write(dir.path().join("a.txt"), "+0023.00 a1c3\n").expect("write");
    std::os::unix::fs::symlink(FIXTURES, dir.path().join("link")).expect("symlink");
    let run = scan_in(dir.path(), &["."], b"");
    assert_eq!(
        run.stdout,
        "./a.txt:1:1: a1c3 0023.00 + unchecked [kings]\n"
    );
    assert_eq!(
        run.stderr,
        "gbr: ./link: skipped, symbolic link to a directory, not followed\n"
    );
    assert_eq!(run.code, 0);
}

#[test]
fn a_binary_file_is_skipped_with_one_summary_line_and_listed_with_verbose() {
    let run = scan(&["binary.bin", "binary.bin"]);
    assert_eq!(run.stdout, "");
    assert_eq!(
        run.stderr,
        "gbr: 2 binary files skipped (a NUL byte in the first 64 KiB); --verbose lists them, \
         --binary scans them\n"
    );
    assert_eq!(run.code, 1);
    let run = scan(&["--verbose", "binary.bin"]);
    assert_eq!(
        run.stderr,
        "gbr: binary.bin: skipped, binary file (a NUL byte in the first 64 KiB; \
         --binary scans it)\n"
    );
}

#[test]
fn binary_flag_scans_a_binary_file() {
    let run = scan(&["--binary", "binary.bin"]);
    assert_eq!(
        run.stdout,
        "binary.bin:1:42: g3g1 0323.12 unchecked [kings]\n"
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
}

#[test]
fn a_utf16le_file_gives_lines_and_byte_columns_of_its_utf8_text() {
    // Line 2 is `Studie für Roycroft: a7d3 ...`: `ü` takes two bytes in UTF-8, so the
    // position starts at byte column 23 (character 22).
    let run = scan(&["utf16le.txt"]);
    assert_eq!(
        run.stdout,
        "utf16le.txt:2:23: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]\n"
    );
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
}

#[test]
fn standard_input_is_read_without_paths_and_with_a_dash() {
    let input = b"Before\nthe study =0323.12g3g1 here\n";
    for args in [&[][..], &["-"][..]] {
        let run = scan_in(Path::new(FIXTURES), args, input);
        assert_eq!(
            run.stdout,
            "<stdin>:2:11: g3g1 0323.12 = unchecked [kings]\n"
        );
        assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    }
}

#[test]
fn output_is_identical_for_every_thread_count_and_chunk_size() {
    let base = scan(&["-j1", "broken-lines.txt"]);
    assert_eq!(base.stdout.lines().count(), 5, "{}", base.stdout);
    assert_eq!(scan(&["-j2", "broken-lines.txt"]).stdout, base.stdout);
    let csv = scan(&["--csv", "-j1", "broken-lines.txt"]).stdout;
    for size in 1..=64 {
        let size = size.to_string();
        for threads in ["-j1", "-j2"] {
            let args = [threads, "--chunk-size", &size, "broken-lines.txt"];
            assert_eq!(scan(&args).stdout, base.stdout, "{args:?}");
        }
        let args = ["--csv", "-j2", "--chunk-size", &size, "broken-lines.txt"];
        assert_eq!(scan(&args).stdout, csv, "{args:?}");
    }
}

#[test]
fn no_mmap_output_is_identical_to_mmap() {
    let paths = ["mixed.txt", "broken-lines.txt", "utf16le.txt", "folder"];
    let mapped = scan(&paths);
    let read = scan(&[&["--no-mmap"][..], &paths[..]].concat());
    assert_eq!(mapped.stdout.lines().count(), 14);
    assert_eq!(read.stdout, mapped.stdout);
}

#[test]
fn a_closed_pipe_stops_the_scan_with_exit_0_and_nothing_on_stderr() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let big = dir.path().join("big.txt");
    let text: String = (0..200_000)
        .map(|i| format!("Study {i}: a7d3 0116.00 b2b3c6d6 3/3+.\n"))
        .collect();
    std::fs::write(&big, text).expect("write big.txt");
    let mut child = std::process::Command::new(crate::support::gbr::GBR)
        .arg("scan")
        .arg(&big)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn gbr");
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout"));
    let mut first = String::new();
    stdout.read_line(&mut first).expect("read a line");
    assert!(
        first.ends_with(":1:10: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]\n"),
        "{first}"
    );
    drop(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr")
        .read_to_string(&mut stderr)
        .expect("read stderr");
    let status = child.wait().expect("wait for gbr");
    assert_eq!(stderr, "");
    assert_eq!(status.code(), Some(0));
}

#[test]
fn progress_always_draws_on_stderr_and_leaves_stdout_alone() {
    let run = scan(&["--progress", "always", "mixed.txt"]);
    assert_eq!(run.stdout, MIXED);
    assert!(!run.stderr.is_empty());
    assert_eq!(run.code, 0);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_real_corpus_gives_these_exact_lines() {
    let corpus = Path::new(CORPUS);
    if !corpus.is_dir() {
        eprintln!(
            "skipped: no corpus at {} (a clone outside the workplace)",
            CORPUS
        );
        return;
    }
    // The whole folder: the text excerpts and `pdf/`, whose scan without a text layer is
    // reported (exit status 2) while the rest is scanned.
    let run = scan_in(corpus, &["."], b"");
    assert_eq!(
        run.stderr,
        "gbr: ./pdf/no-text-layer.pdf: no text layer: run with --ocr\n"
    );
    assert_eq!(run.code, 2);
    for line in [
        "./probleemblad-2013-4-studies-excerpt.txt:123:16: a1h8 0031.10 h1f4.a7 3/2+. ok [full]",
        "./schaakstudiespinsels-2008-body-excerpt.txt:10:1: d1b3 4001.00 + unchecked [kings]",
        "./schaakstudiespinsels-2008-gbr-index.txt:31:1: e8h8 0001.11 + unchecked [kings]",
        "./schaakstudiespinsels-2008-gbr-index.txt:31:26: h1e1 0014.00 + unchecked [kings]",
        "./pdf/probleemblad-2013-4.pdf:35:25:16: a1h8 0031.10 h1f4.a7 3/2+. ok [full]",
        "./pdf/probleemblad-2013-4.pdf:36:18:14: e7h5 0133.10 e4h8f6.d6 3/3+. ok [full]",
    ] {
        assert!(
            run.stdout.lines().any(|l| l == line),
            "missing {line:?} in\n{}",
            run.stdout
        );
    }
}
