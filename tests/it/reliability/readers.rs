//! One set of rules for every reader of a saved directory: `gbr lookup`, `gbr merge` and
//! `gbr index --from` read the same variants of a saved file (UTF-16 either way round, a UTF-8
//! byte order mark, CRLF line ends, blank lines anywhere) and give what the plain file gives.

use std::fs;
use std::path::Path;

use super::{FIXTURES, arg, run};

/// A variant of a saved directory's text, as bytes.
type Variant = fn(&str) -> Vec<u8>;

fn utf16(text: &str, unit: fn(u16) -> [u8; 2], bom: [u8; 2]) -> Vec<u8> {
    let mut bytes = bom.to_vec();
    bytes.extend(text.encode_utf16().flat_map(unit));
    bytes
}

const VARIANTS: [(&str, Variant); 7] = [
    ("plain", |t| t.as_bytes().to_vec()),
    ("UTF-16 LE", |t| utf16(t, u16::to_le_bytes, [0xFF, 0xFE])),
    ("UTF-16 BE", |t| utf16(t, u16::to_be_bytes, [0xFE, 0xFF])),
    ("UTF-8 BOM", |t| [b"\xEF\xBB\xBF", t.as_bytes()].concat()),
    ("CRLF", |t| t.replace('\n', "\r\n").into_bytes()),
    ("blank lines", |t| {
        let lines: Vec<&str> = t.lines().collect();
        format!(
            "\n{}\n\n  \n{}\n\n",
            lines[..3].join("\n"),
            lines[3..].join("\n\n")
        )
        .into_bytes()
    }),
    ("blank lines, CRLF, UTF-16", |t| {
        let blank = t.replace('\n', "\r\n\r\n");
        utf16(&blank, u16::to_le_bytes, [0xFF, 0xFE])
    }),
];

#[test]
fn lookup_merge_and_index_from_read_every_variant_alike() {
    let dir = tempfile::tempdir().expect("temporary folder");
    for format in ["tsv", "jsonl"] {
        let saved = run(&["index", FIXTURES, "--format", format], 0);
        let found = |path: &Path| run(&["lookup", arg(path), "0116.00", "--format", "tsv"], 0);
        let plain = dir.path().join(format!("plain.{format}"));
        fs::write(&plain, &saved).unwrap();
        let expected_lookup = found(&plain);
        for (name, variant) in VARIANTS {
            let path = dir.path().join(format!("variant.{format}"));
            fs::write(&path, variant(&saved)).unwrap();
            assert_eq!(found(&path), expected_lookup, "lookup, {format}, {name}");
            let merged = dir.path().join(format!("merged.{format}"));
            run(&["merge", arg(&path), "-o", arg(&merged)], 0);
            let merged = fs::read_to_string(&merged).unwrap();
            assert_eq!(merged, saved, "merge, {format}, {name}");
            let from = run(&["index", "--from", arg(&path), "--format", format], 0);
            assert_eq!(from, saved, "index --from, {format}, {name}");
        }
    }
}

#[test]
fn a_board_of_the_kings_alone_keeps_its_empty_square_list_through_a_saved_tsv() {
    // A bare code under a diagram of the kings alone is a full position with no square
    // (grammar fuzzing): its TSV cell is empty, which reads back as the empty list of a full
    // position, not as no list at all.
    let dir = tempfile::tempdir().expect("temporary folder");
    let text = dir.path().join("kings.txt");
    let board = "9-+k+-+-+0\n9+-+K+-+-0\n9-+-+-+-+0\n9+-+-+-+-0\n\
                 9-+-+-+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9+-+-+-+-0\n0000.00\n";
    fs::write(&text, board).unwrap();
    let direct = run(&["index", arg(&text), "--format", "jsonl"], 0);
    assert!(direct.contains(r#""squares":"""#), "{direct}");
    let tsv = dir.path().join("kings.tsv");
    run(
        &["index", arg(&text), "--format", "tsv", "-o", arg(&tsv)],
        0,
    );
    let from = run(&["index", "--from", arg(&tsv), "--format", "jsonl"], 0);
    // The TSV has no diagram column; every other field reads back.
    let without_diagram = |line: &str| {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        v.as_object_mut().unwrap().remove("diagram");
        v
    };
    assert_eq!(without_diagram(&from), without_diagram(&direct));
    assert_eq!(without_diagram(&from)["squares"], "");
}
