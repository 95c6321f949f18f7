//! Data that must come out as it went in: the offsets of a streamed text's findings and fixes,
//! and the cells of CSV and TSV output read back by `gbr lookup`, `gbr merge` and
//! `gbr index --from` (docs/reliability.md, "Scaling of check, offsets of fixes, spreadsheet
//! cells").

use std::fs;
use std::io::Write;

use proptest::prelude::*;

use super::{arg, gbr, run};

/// Some 3 MiB of prose, then a caption whose W/B disagrees with its code (two candidate
/// fixes) and a full position under a heading (`Wins`) whose legality finding stands on its
/// squares: all past the first blocks of a stream read 64 KiB at a time.
fn long_text() -> String {
    let mut text: String = (0..60_000)
        .map(|i| format!("Line {i} of prose with nothing in it, page {}.\n", i % 300))
        .collect();
    text.push_str("\nNo 9\nc3e5 0130.22 4/5 Draw\n\nWins\n\na1h8 0100.00 h1 2/1\n");
    text
}

/// The `match` records of `gbr scan --json` output, without their `path`.
fn matches(json: &str) -> Vec<serde_json::Value> {
    json.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("a JSON line"))
        .filter(|v| v["type"] == "match")
        .map(|mut v| {
            v["data"].as_object_mut().expect("an object").remove("path");
            v
        })
        .collect()
}

#[test]
fn a_streamed_text_gives_the_offsets_of_the_mapped_one_fixes_included() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let text = long_text();
    let plain = dir.path().join("long.txt");
    fs::write(&plain, &text).unwrap();
    let gz = dir.path().join("long.txt.gz");
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    encoder.write_all(text.as_bytes()).unwrap();
    fs::write(&gz, encoder.finish().unwrap()).unwrap();
    // Blocks of 64 KiB: the window is moved on long before the captions.
    let scan = |more: &[&str]| {
        let mut args = vec!["scan", "--json", "--chunk-size", "65536"];
        args.extend_from_slice(more);
        run(&args, 0)
    };
    let mapped = matches(&scan(&[arg(&plain)]));
    assert_eq!(mapped.len(), 2);
    // Every offset names the bytes of its part in the text.
    let at = |offset: &serde_json::Value, length: &serde_json::Value| {
        let start = offset.as_u64().unwrap() as usize;
        &text[start..start + length.as_u64().unwrap() as usize]
    };
    let finding = &mapped[0]["data"]["findings"][0];
    let fixes: Vec<(&str, &str)> = finding["fixes"]
        .as_array()
        .expect("fixes")
        .iter()
        .map(|f| {
            (
                at(&f["offset"], &f["length"]),
                f["replacement"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(fixes, [("0130.22", "0130.23"), ("4/5", "4/4")]);
    let legality = &mapped[1]["data"]["findings"][0];
    assert_eq!(
        legality["message"],
        "legality: black is in check but not to move"
    );
    assert_eq!(at(&legality["offset"], &legality["length"]), "h1");
    let streamed = [
        ("--no-mmap", scan(&["--no-mmap", arg(&plain)])),
        (".gz", scan(&[arg(&gz)])),
        (
            "standard input",
            String::from_utf8(
                gbr()
                    .args(["scan", "--json", "--chunk-size", "65536"])
                    .write_stdin(text.as_bytes())
                    .output()
                    .expect("run gbr")
                    .stdout,
            )
            .expect("UTF-8 output"),
        ),
    ];
    for (how, json) in streamed {
        assert_eq!(matches(&json), mapped, "{how}");
    }
}

/// Text that starts, most of the time, with what a spreadsheet would take for a formula (or
/// with the guard itself), then anything.
fn cell_text() -> impl Strategy<Value = String> {
    (
        prop::sample::select(vec![
            "",
            "=",
            "+",
            "-",
            "@",
            "\t",
            "\r",
            "'",
            "''",
            "'=",
            "\\",
            "\n",
            "-+",
            "+0016.32",
            "=HYPERLINK(\"http://x\")",
            "@SUM(A1)",
        ]),
        "\\PC{0,12}",
        prop::sample::select(vec!["", "\t", "\r\n", "'", "\\t", ","]),
    )
        .prop_map(|(head, body, tail)| format!("{head}{body}{tail}"))
}

/// A record of `0130.22 c3e5 4/4` with its text cells set to `cells`.
fn record_with(label: &str, text: &str, canonical: &str, path: &str) -> gbrscan::Record {
    let caption = "c3e5 0130.22 4/4 Draw";
    let parsed = gbrscan::parse::parse_text(caption).expect("a caption");
    let mut record = gbrscan::Record::new("x.txt", 1, 1, &parsed, caption.as_bytes(), &[]);
    record.label = Some(label.into()).filter(|l: &compact_str::CompactString| !l.is_empty());
    record.text = text.into();
    record.canonical = canonical.into();
    record.path = gbrscan::SourcePath::new(path.as_bytes());
    record.stipulation_source = None;
    record
}

proptest! {
    #![proptest_config(crate::support::regressions(ProptestConfig::with_cases(200)))]
    #[test]
    fn tsv_cells_read_back_as_written_whatever_they_start_with(
        label in cell_text(),
        text in cell_text(),
        canonical in cell_text(),
        path in cell_text().prop_filter("a path", |p| !p.is_empty()),
    ) {
        use gbrscan::directory::{Directory, Order};
use gbrscan::render::{Format, Listing};
        let record = record_with(&label, &text, &canonical, &path);
        for order in [Order::Code, Order::Stipulation] {
            let directory = Directory::new(vec![record.clone()], order);
            let mut tsv = Vec::new();
            Format::Tsv.write(&Listing::directory(&directory), &mut tsv).expect("in memory");
            // No cell of the file, as a reader of the dialect (quoted cells) reads it, starts as a
            // formula would.
            let mut reader = csv::ReaderBuilder::new().delimiter(b'\t').from_reader(&tsv[..]);
            for row in reader.byte_records() {
                let row = row.expect("a row of the dialect");
                for cell in row.iter() {
                    prop_assert!(
                        !matches!(cell.first(), Some(b'=' | b'+' | b'-' | b'@' | b'\r')),
                        "{:?}", String::from_utf8_lossy(cell)
                    );
                }
            }
            let back = gbrscan::saved::read::records(&tsv[..]).expect("reads back");
            prop_assert_eq!(back, vec![record.clone()]);
            // CSV: every cell, once its one guard is dropped, is the TSV cell unescaped.
            let mut csv = Vec::new();
            Format::Csv.write(&Listing::directory(&directory), &mut csv).expect("in memory");
            let mut reader = csv::ReaderBuilder::new().from_reader(&csv[..]);
            let row = reader.records().next().expect("a row").expect("valid CSV");
            let lead = usize::from(order == Order::Stipulation);
            for (name, value) in [("label", &label), ("text", &text), ("canonical", &canonical)] {
                let at = lead + gbrscan::saved::columns::COLUMNS
                    .iter()
                    .position(|c| *c == name)
                    .expect("a column");
                // A cell a spreadsheet would read as a number or a date is written as the
                // formula `="12"`, whose value is its text (docs/directory.md): its reader
                // drops `="` and `"`.
                let cell = row[at].as_bytes();
                let cell = match cell.strip_prefix(b"=\"").and_then(|c| c.strip_suffix(b"\"")) {
                    Some(inner) if inner.first().is_some_and(u8::is_ascii_digit) => inner,
                    _ => cell,
                };
                prop_assert!(
                    !matches!(cell.first(), Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')),
                    "{name}: {cell:?}"
                );
                let unguarded = gbrscan::saved::columns::unguarded(cell);
                prop_assert_eq!(unguarded, value.as_bytes(), "{}", name);
            }
        }
    }
}

#[test]
fn formula_cells_are_guarded_in_csv_and_tsv_and_read_back_exactly() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // A file name and code texts that a spreadsheet would run: signed codes and a `-+` sign.
    let source = dir.path().join("=cmd.txt");
    fs::write(
        &source,
        "=HYPERLINK(\"http://x\")\n+0016.32 a1c3\n\n@SUM(1+1)\n=0323.12 g3g1\n\n-+ 0130.22 c3e5 4/4\n",
    )
    .unwrap();
    let tsv = dir.path().join("x.tsv");
    run(&["index", arg(&source), "-o", arg(&tsv)], 0);
    let saved = fs::read_to_string(&tsv).unwrap();
    for line in saved.lines().skip(1) {
        for cell in line.split('\t') {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "{cell:?} in {line:?}"
            );
        }
    }
    // `gbr lookup` gives the texts back as they were in the source.
    let found = run(&["lookup", arg(&tsv), "0323.12", "--format", "jsonl"], 0);
    let record: serde_json::Value = serde_json::from_str(found.trim()).expect("one JSON line");
    assert_eq!(record["text"], "=0323.12 g3g1");
    assert_eq!(record["stipulation"], "=");
    assert_eq!(record["path"], arg(&source));
    let found = run(&["lookup", arg(&tsv), "0130.22", "--format", "jsonl"], 0);
    let record: serde_json::Value = serde_json::from_str(found.trim()).expect("one JSON line");
    assert_eq!(record["text"], "-+ 0130.22 c3e5 4/4");
    assert_eq!(record["stipulation"], "-+");
    // `gbr merge` and `gbr index --from` write the same file again.
    let merged = dir.path().join("merged.tsv");
    run(&["merge", arg(&tsv), "-o", arg(&merged)], 0);
    assert_eq!(fs::read_to_string(&merged).unwrap(), saved);
    assert_eq!(
        run(&["index", "--from", arg(&tsv), "--format", "tsv"], 0),
        saved
    );
    // `gbr scan --csv`: the same guard, inside RFC 4180's quoting.
    let csv_out = run(&["scan", "--csv", arg(&source)], 0);
    let mut reader = csv::Reader::from_reader(csv_out.as_bytes());
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.expect("a row")).collect();
    let texts: Vec<(&str, &str)> = rows.iter().map(|r| (&r[19], &r[4])).collect();
    assert_eq!(
        texts,
        [
            ("'+0016.32 a1c3", "'+"),
            ("'=0323.12 g3g1", "'="),
            ("'-+ 0130.22 c3e5 4/4", "'-+")
        ]
    );
    // A file name given as it is: `=cmd.txt` written `'=cmd.txt`.
    let output = gbr()
        .current_dir(dir.path())
        .args(["scan", "--csv", "=cmd.txt"])
        .output()
        .expect("run gbr");
    let mut reader = csv::Reader::from_reader(&output.stdout[..]);
    let paths: Vec<String> = reader
        .records()
        .map(|r| r.expect("a row")[5].to_string())
        .collect();
    assert_eq!(paths, ["'=cmd.txt"; 3]);
}
