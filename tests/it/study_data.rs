//! Study data read by its keys (docs/inputs.md, "Study data"; docs/check.md, "Study data"):
//! each shape of `fixtures/data/`, the real web edition's files in `../shared/real/`, and
//! `gbr check --write` on JSON and CSV.

use serde_json::Value;

use crate::real::real_dir;
use crate::support::gbr::{gbr, outcome, run, streams};

/// The `match` records of `gbr scan --json ARGS`.
#[track_caller]
fn matches(args: &[&str]) -> Vec<Value> {
    let mut all = vec!["scan", "--json"];
    all.extend_from_slice(args);
    let (out, _, _) = outcome(&all, "");
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter(|m| m["type"] == "match")
        .map(|m| m["data"].clone())
        .collect()
}

fn field<'a>(record: &'a Value, name: &str) -> &'a str {
    record[name].as_str().unwrap_or_default()
}

#[test]
fn the_six_real_web_edition_files_give_six_whole_records_and_no_finding() {
    let Some(dir) = real_dir() else { return };
    let dir = dir.join("ss2017-web");
    let records = matches(&[dir.to_str().unwrap()]);
    assert_eq!(records.len(), 6);
    let mut numbers = Vec::new();
    for r in &records {
        // Code, kings, squares and W/B from the FEN; stipulation, number and source.
        for name in [
            "code",
            "kings",
            "squares",
            "men",
            "stipulation",
            "fen",
            "number",
            "source",
        ] {
            assert!(!field(r, name).is_empty(), "{name} missing in {r}");
        }
        assert_eq!(r["form"], "fen", "{r}");
        assert_eq!(r["valid"], true, "{r}");
        assert_eq!(r["findings"], serde_json::json!([]), "{r}");
        numbers.push(field(r, "number").to_string());
    }
    assert_eq!(numbers, ["1", "3", "7", "8", "130", "152"]);
    let first = &records[0];
    assert_eq!(field(first, "canonical"), "d1b3 4001.00 e4c8b7 3/2+.");
    assert_eq!(
        (field(first, "source"), &first["year"]),
        ("Origineel", &Value::from(2008))
    );
    let (out, _, code) = outcome(&["check", dir.to_str().unwrap()], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.ends_with("6 files, 6 codes, 6 valid; no errors; 0 warnings; 0 near misses\n"),
        "{out}"
    );
}

#[test]
fn each_shape_gives_its_records_with_their_fields() {
    let rows = |path: &str| -> Vec<(String, String, String)> {
        matches(&[path])
            .iter()
            .filter(|r| r["form"] == "fen")
            .map(|r| {
                (
                    field(r, "canonical").to_string(),
                    r["number"].as_str().unwrap_or_default().to_string(),
                    r["composers"].to_string(),
                )
            })
            .collect()
    };
    let pawns = "h8a6 0000.11 .c6h2 2/2=.";
    let rook = "a1c3 0100.00 b2 2/1+.";
    let nested = rows("fixtures/data/nested.json");
    assert_eq!(
        nested,
        [(
            "a7d3 0116.00 b2b3c6d6 3/3+.".into(),
            "12".into(),
            r#"["A. Troitzky","H. Rinck"]"#.into()
        )]
    );
    let array = rows("fixtures/data/array.json");
    assert_eq!(array[0], (rook.into(), "A1".into(), r#"["Anon"]"#.into()));
    assert_eq!(array[1].0, pawns);
    for path in ["fixtures/data/studies.csv", "fixtures/data/studies.tsv"] {
        let got: Vec<String> = rows(path).into_iter().map(|r| r.0).collect();
        assert_eq!(got, [rook, pawns], "{path}");
    }
    let csv = matches(&["fixtures/data/studies.csv"]);
    assert_eq!(
        csv[1]["composers"],
        serde_json::json!(["Smith, J.", "Jones, K."])
    );
    assert_eq!(
        (field(&csv[0], "source"), &csv[0]["year"]),
        ("Made-up Review", &Value::from(2001))
    );
    // The code in a prose value is read as text, with its kings.
    let prose = matches(&["fixtures/data/nested.json"]);
    assert_eq!(field(&prose[1], "canonical"), "c2a8 0000.10");
}

#[test]
fn json_lines_read_every_line_but_the_one_that_is_no_json() {
    let (out, err, _) = outcome(&["scan", "fixtures/data/studies.jsonl"], "");
    assert!(
        err.contains(
            "studies.jsonl:2: column 98: not read as JSON Lines: EOF while parsing an object"
        ),
        "{err}"
    );
    let full: Vec<&str> = out.lines().filter(|l| l.contains("[full]")).collect();
    assert_eq!(full.len(), 2, "{out}");
}

#[test]
fn other_key_names_are_read_through_key() {
    let without = matches(&["fixtures/data/other-keys.json"]);
    assert_eq!(field(&without[0], "canonical"), "a7d3 0116.00");
    let with = matches(&[
        "--key",
        "fen=Stelling",
        "--key",
        "stipulation=Opgave",
        "--key",
        "number=Nr",
        "--key",
        "source=Bron",
        "fixtures/data/other-keys.json",
    ]);
    assert_eq!(field(&with[0], "canonical"), "a7d3 0116.00 b2b3c6d6 3/3+.");
    assert_eq!(
        (field(&with[0], "number"), field(&with[0], "source")),
        ("7", "Made-up Bulletin")
    );
    let err =
        crate::support::gbr::fail(&["scan", "--key", "colour=x", "fixtures/data/other-keys.json"]);
    assert!(err.contains("unknown field \"colour\""), "{err}");
}

#[test]
fn a_fen_that_disagrees_with_its_code_is_reported_at_its_place() {
    let (out, _, code) = outcome(
        &["check", "--no-near-misses", "fixtures/data/disagree.json"],
        "",
    );
    assert_eq!(code, 1);
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error[")).collect();
    assert_eq!(
        errors,
        [
            // Material: a black rook in the FEN where the code says a knight.
            "error[fen]: fen: the code 0116.00 at fixtures/data/disagree.json#/0/gbr (wR wB v bN bN) \
             disagrees with the FEN at fixtures/data/disagree.json#/0/fen, which gives 0413.00 \
             (wR wB v bR bN); no third copy says which of the two is wrong",
            // Side to move.
            "error[stipulation]: stipulation: fixtures/data/disagree.json#/1/stipulation reads \"+\", \
             White to move; the FEN at fixtures/data/disagree.json#/1/fen has Black to move",
            // Kings.
            "error[fen]: fen: the kings a7d4 at fixtures/data/disagree.json#/2/gbr disagree with the \
             FEN at fixtures/data/disagree.json#/2/fen, which has a7d3; no third copy says which \
             is wrong",
            // A FEN that is no position.
            "error[fen]: fen: the FEN at fixtures/data/disagree.json#/3/fen is no position: white \
             has 2 kings; a GBR position needs exactly one a side",
            "error[fen]: fen: the code 0100.00 at fixtures/data/disagree.json#/4/gbr (wR v bK) \
             disagrees with the FEN at fixtures/data/disagree.json#/4/fen, which gives 0000.00 \
             (wK v bK); no third copy says which of the two is wrong",
            // The W/B beside the code decides: the code is the odd one out.
            "error[fen]: fen: the code 0126.00 at fixtures/data/disagree.json#/5/gbr (wR wB wB v bN \
             bN) disagrees with the FEN at fixtures/data/disagree.json#/5/fen, which gives 0116.00 \
             (wR wB v bN bN); the code should read 0116.00",
        ]
    );
    // An illegal FEN: kings side by side, the board's warning at the FEN.
    assert!(out.contains("warning[board]: board: kings next to each other on a1 and b2\n --> fixtures/data/disagree.json:6:48"), "{out}");
    assert!(
        out.contains("--> fixtures/data/disagree.json:2:25"),
        "{out}"
    );
}

#[test]
fn malformed_and_too_deep_files_are_reported_and_the_run_goes_on() {
    let (out, _, code) = outcome(
        &[
            "check",
            "--no-near-misses",
            "fixtures/data/malformed.json",
            "fixtures/data/deep.json",
            "fixtures/data/studies.csv",
        ],
        "",
    );
    assert_eq!(code, 1);
    assert!(
        out.contains(
            "error[data]: not read as JSON: expected value\n --> fixtures/data/malformed.json:3:9"
        ),
        "{out}"
    );
    assert!(
        out.contains("error[data]: not read as JSON: nesting deeper than 64 levels of objects and arrays\n --> fixtures/data/deep.json:1:"),
        "{out}"
    );
    assert!(out.contains("3 files, "), "{out}");
}

#[test]
fn write_fixes_json_and_csv_and_leaves_every_other_byte() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["fix.json", "fix.csv"] {
        std::fs::copy(format!("fixtures/data/{name}"), dir.path().join(name)).unwrap();
    }
    let json = dir.path().join("fix.json");
    let csv = dir.path().join("fix.csv");
    let (out, _, _) = streams(
        gbr()
            .args([
                "check",
                "--write",
                json.to_str().unwrap(),
                csv.to_str().unwrap(),
            ])
            .output()
            .unwrap(),
    );
    assert!(out.contains("fix.json: 1 fixes applied"), "{out}");
    assert!(out.contains("fix.csv: 1 fixes applied"), "{out}");
    let was = std::fs::read_to_string("fixtures/data/fix.json").unwrap();
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        was.replacen("\"0126.00 a7d3 3/3\"", "\"0116.00 a7d3 3/3\"", 1)
    );
    let was = std::fs::read_to_string("fixtures/data/fix.csv").unwrap();
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        was.replacen("a7d3 3/4,", "a7d3 3/3,", 1)
    );
    // Fixed, they check clean: nothing is left to write.
    let out = run(&["check", json.to_str().unwrap(), csv.to_str().unwrap()], 0);
    assert!(out.contains("no errors"), "{out}");
}

#[test]
fn study_data_on_standard_input_is_told_by_its_content() {
    let text = std::fs::read_to_string("fixtures/data/array.json").unwrap();
    let (out, _, _) = outcome(&["scan", "-"], &text);
    assert!(out.contains("a1c3 0100.00 b2 2/1+. ok [full]"), "{out}");
    let text = std::fs::read_to_string("fixtures/data/studies.csv").unwrap();
    let (out, _, _) = outcome(&["scan", "-"], &text);
    assert!(out.contains("a1c3 0100.00 b2 2/1+. ok [full]"), "{out}");
}
