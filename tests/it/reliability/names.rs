//! File names that are not UTF-8 are kept as bytes: two files whose names differ only in a
//! Latin-1 byte (`caf\xE9.txt`, `caf\xE8.txt`) stay two sources in every output, and read back
//! to the same two after `merge`, `index --from` and `lookup` (docs/reliability.md, "File
//! names that are not UTF-8").

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use base64::Engine as _;

use crate::support::gbr::gbr;

/// The same study in both files, so that their entries differ by their path alone.
const STUDY: &str = "a7d3 0116.00 b2b3c6d6 3/3+.\n";

/// A temporary folder holding `caf\xE9.txt` and `caf\xE8.txt`.
fn two_latin1_names() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    for name in [&b"caf\xE9.txt"[..], b"caf\xE8.txt"] {
        std::fs::write(dir.path().join(OsStr::from_bytes(name)), STUDY).expect("a study");
    }
    dir
}

/// The standard output of `gbr ARGS` run in `dir`, which must succeed.
#[track_caller]
fn run_in(dir: &Path, args: &[&OsStr]) -> Vec<u8> {
    let output = gbr().current_dir(dir).args(args).output().expect("run gbr");
    assert!(
        output.status.success(),
        "gbr {args:?}\nstderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn os(text: &str) -> &OsStr {
    OsStr::new(text)
}

/// Both names, escaped, each on its own line of `out` (in this order), and no lossy `U+FFFD`.
#[track_caller]
fn both_escaped(out: &[u8], what: &str) {
    let text = String::from_utf8(out.to_vec()).expect("escaped output is UTF-8");
    assert!(!text.contains('\u{FFFD}'), "{what}: a lossy name\n{text}");
    let e8 = text
        .find("caf\\xe8.txt")
        .unwrap_or_else(|| panic!("{what}: no e8\n{text}"));
    let e9 = text
        .find("caf\\xe9.txt")
        .unwrap_or_else(|| panic!("{what}: no e9\n{text}"));
    assert!(e8 < e9, "{what}: sorted by their bytes\n{text}");
}

/// The base64 of both names, as the JSON `{"bytes": ...}` form holds them.
fn json_bytes() -> [String; 2] {
    [b"caf\xE8.txt", b"caf\xE9.txt"].map(|n| base64::engine::general_purpose::STANDARD.encode(n))
}

/// The `path` of each JSON object of `out` (one a line) that has one, as the JSON text of it.
fn json_paths(
    out: &[u8],
    pick: impl Fn(&serde_json::Value) -> Option<&serde_json::Value>,
) -> Vec<String> {
    String::from_utf8(out.to_vec())
        .expect("JSON is UTF-8")
        .lines()
        .filter_map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
            pick(&value).map(|path| path.to_string())
        })
        .collect()
}

#[test]
fn two_latin1_names_stay_apart_in_scan_output() {
    let dir = two_latin1_names();
    let (e9, e8) = (
        OsStr::from_bytes(b"caf\xE9.txt"),
        OsStr::from_bytes(b"caf\xE8.txt"),
    );
    let text = run_in(dir.path(), &[os("scan"), e8, e9]);
    assert_eq!(
        String::from_utf8(text).expect("escaped"),
        "caf\\xe8.txt:1:1: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]\n\
         caf\\xe9.txt:1:1: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]\n"
    );
    both_escaped(
        &run_in(dir.path(), &[os("scan"), os("--csv"), e8, e9]),
        "scan --csv",
    );
    both_escaped(
        &run_in(dir.path(), &[os("scan"), os("-c"), e8, e9]),
        "scan --count",
    );
    let json = run_in(dir.path(), &[os("scan"), os("--json"), e8, e9]);
    let [b8, b9] = json_bytes();
    let bytes = |b: &str| format!("{{\"bytes\":\"{b}\"}}");
    // begin, match, end of each file, every one naming it by its bytes.
    let paths = json_paths(&json, |v| v.get("data")?.get("path"));
    assert_eq!(
        paths,
        [
            bytes(&b8),
            bytes(&b8),
            bytes(&b8),
            bytes(&b9),
            bytes(&b9),
            bytes(&b9)
        ]
    );
}

#[test]
fn two_latin1_names_stay_apart_in_directories_and_their_round_trips() {
    let dir = two_latin1_names();
    let d = dir.path();
    let (e9, e8) = (
        OsStr::from_bytes(b"caf\xE9.txt"),
        OsStr::from_bytes(b"caf\xE8.txt"),
    );
    let [b8, b9] = json_bytes();
    let bytes = |b: &str| format!("{{\"bytes\":\"{b}\"}}");
    let expected_json = [bytes(&b8), bytes(&b9)];
    let jsonl_paths = |out: &[u8]| json_paths(out, |v| v.get("path"));
    for format in ["text", "tsv", "csv"] {
        let out = run_in(d, &[os("index"), os("--format"), os(format), e8, e9]);
        both_escaped(&out, format);
    }
    let jsonl = run_in(d, &[os("index"), os("--format"), os("jsonl"), e8, e9]);
    assert_eq!(jsonl_paths(&jsonl), expected_json);

    // Saved, merged with itself and read back: still two sources, each twice, bytes intact.
    run_in(d, &[os("index"), os("-o"), os("saved.tsv"), e8, e9]);
    run_in(d, &[os("index"), os("-o"), os("saved.jsonl"), e8, e9]);
    let tsv = std::fs::read(d.join("saved.tsv")).expect("saved tsv");
    both_escaped(&tsv, "saved tsv");
    for saved in ["saved.tsv", "saved.jsonl"] {
        let merged = run_in(
            d,
            &[
                os("merge"),
                os("--format"),
                os("jsonl"),
                os(saved),
                os(saved),
            ],
        );
        assert_eq!(
            jsonl_paths(&merged),
            [
                &expected_json[0],
                &expected_json[0],
                &expected_json[1],
                &expected_json[1]
            ]
            .map(String::clone),
            "merge {saved}"
        );
        let again = run_in(
            d,
            &[
                os("index"),
                os("--from"),
                os(saved),
                os("--format"),
                os("jsonl"),
            ],
        );
        assert_eq!(jsonl_paths(&again), expected_json, "index --from {saved}");
        let tsv_again = run_in(
            d,
            &[
                os("index"),
                os("--from"),
                os(saved),
                os("--format"),
                os("tsv"),
            ],
        );
        assert_eq!(tsv_again, tsv, "index --from {saved} --format tsv");
        let found = run_in(d, &[os("lookup"), os(saved), os("0116.00")]);
        both_escaped(&found, "lookup");
    }
    // `gbr scan --json` output read by `index --from`.
    let scanned = run_in(d, &[os("scan"), os("--json"), e8, e9]);
    std::fs::write(d.join("scan.json"), scanned).expect("saved scan");
    let from_scan = run_in(
        d,
        &[
            os("index"),
            os("--from"),
            os("scan.json"),
            os("--format"),
            os("jsonl"),
        ],
    );
    assert_eq!(jsonl_paths(&from_scan), expected_json);
}

#[test]
fn a_label_that_is_not_utf8_names_standard_input_by_its_bytes() {
    let out = gbr()
        .args([
            os("scan"),
            os("--label"),
            OsStr::from_bytes(b"caf\xE9\\1.txt"),
            os("-"),
        ])
        .write_stdin(STUDY)
        .output()
        .expect("run gbr");
    assert_eq!(
        String::from_utf8(out.stdout).expect("escaped"),
        "caf\\xe9\\\\1.txt:1:1: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]\n"
    );
}

/// Messages on standard error name a file as the outputs do: two missing files whose names
/// differ in a Latin-1 byte are two names there too, not two `caf\u{FFFD}.gbr`.
#[test]
fn messages_on_stderr_keep_the_names_apart() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let output = gbr()
        .current_dir(dir.path())
        .arg("scan")
        .args([
            OsStr::from_bytes(b"caf\xE9.gbr"),
            OsStr::from_bytes(b"caf\xE8.gbr"),
        ])
        .output()
        .expect("run gbr");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).expect("escaped messages are UTF-8");
    assert!(!stderr.contains('\u{FFFD}'), "a lossy name\n{stderr}");
    assert!(stderr.contains("caf\\xe9.gbr"), "{stderr}");
    assert!(stderr.contains("caf\\xe8.gbr"), "{stderr}");
}
