//! Data that must come out as it went in: the offsets of a streamed text's findings and fixes,
//! and the cells of CSV and TSV output read back by `gbr lookup`, `gbr merge` and
//! `gbr index --from` (docs/reliability.md, "Scaling of check, offsets of fixes, spreadsheet
//! cells").

use std::fs;
use std::io::Write;

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
