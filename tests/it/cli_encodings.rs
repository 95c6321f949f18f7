//! Encodings through the real binary (docs/inputs.md, "Encodings"): Latin-1 and Windows-1252
//! text keeps its accents in every output, `-E` names an input's encoding, and `check --write`
//! writes a file back in the encoding it was read in.

use std::fs;

use crate::support::gbr::{gbr, streams};

/// A study in Latin-1 (`ü`, `é` as single bytes; 0x93 and 0x94 Windows-1252's curly quotes),
/// its caption's W/B one man short.
const LATIN1: &[u8] = b"Studie f\xFCr Anf\xE4nger\n\
R\xE9ti, \x93Schachmatny Listok\x94 1925\n\
h8a6 0000.11 .c6h5 2/1 Draw.\n";

fn json_records(stdout: &str) -> Vec<serde_json::Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "match")
        .map(|v| v["data"].clone())
        .collect()
}

#[test]
fn latin1_text_keeps_its_accents_in_labels_without_being_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.txt");
    fs::write(&path, LATIN1).unwrap();
    let (out, err, code) = streams(gbr().args(["scan", "--json"]).arg(&path).output().unwrap());
    assert_eq!(code, 0, "{err}");
    let records = json_records(&out);
    assert_eq!(records.len(), 1);
    assert_eq!(
        records[0]["label"],
        "R\u{e9}ti, \u{201c}Schachmatny Listok\u{201d} 1925"
    );
    // The offsets are the file's: nothing was decoded.
    let at = LATIN1.windows(4).position(|w| w == b"h8a6").unwrap();
    assert_eq!(records[0]["offset"], at);
    // The same label in the directory's other formats.
    let (tsv, _, _) = streams(
        gbr()
            .args(["index", "--format", "tsv"])
            .arg(&path)
            .output()
            .unwrap(),
    );
    assert!(tsv.contains("\tR\u{e9}ti, \u{201c}Schachmatny"), "{tsv}");
}

#[test]
fn dash_e_decodes_every_input_from_the_encoding_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.txt");
    fs::write(&path, LATIN1).unwrap();
    let (text, err, code) = streams(
        gbr()
            .args(["text", "-E", "latin1"])
            .arg(&path)
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(text.contains("Studie f\u{fc}r Anf\u{e4}nger\n"), "{text}");
    // Offsets count in the decoded text: two bytes for each accented letter.
    let (out, _, _) = streams(
        gbr()
            .args(["scan", "--json", "--encoding", "ISO-8859-1"])
            .arg(&path)
            .output()
            .unwrap(),
    );
    let records = json_records(&out);
    let decoded = encoding_rs::WINDOWS_1252.decode(LATIN1).0;
    assert_eq!(records[0]["offset"], decoded.find("h8a6").unwrap());
    // Streamed (standard input) the same.
    let (out, _, _) = streams(
        gbr()
            .args(["scan", "--json", "-E", "latin1"])
            .write_stdin(LATIN1)
            .output()
            .unwrap(),
    );
    assert_eq!(
        json_records(&out)[0]["offset"],
        decoded.find("h8a6").unwrap()
    );
    // An unknown label is refused, saying what labels are.
    let (_, err, code) = streams(
        gbr()
            .args(["scan", "-E", "klingon"])
            .arg(&path)
            .output()
            .unwrap(),
    );
    assert_eq!(code, 2);
    assert!(err.contains("\"klingon\" names no encoding"), "{err}");
}

#[test]
fn check_write_writes_a_file_read_with_dash_e_back_in_its_encoding() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("latin1.txt");
    // W/B 3/4 against a code and squares that agree on 3/3: the fix is certain.
    let text = b"Anf\xE4nger: a7d3 0116.00 b2b3c6d6 3/4+.\n";
    fs::write(&path, text).unwrap();
    let (out, err, _) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["check", "--write", "-E", "latin1", "latin1.txt"])
            .output()
            .unwrap(),
    );
    assert!(out.contains("latin1.txt: 1 fixes applied"), "{out}{err}");
    assert_eq!(
        fs::read(&path).unwrap(),
        b"Anf\xE4nger: a7d3 0116.00 b2b3c6d6 3/3+.\n",
        "the accent still one Latin-1 byte"
    );
}
