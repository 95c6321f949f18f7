//! The layout classes of real sources (`fixtures/layouts/`, docs/reading.md), each in text of
//! our own: PGN pasted into prose, solvers' command lines broken over lines, notation examples
//! introduced by an example word, and labels with Word's en dashes.

use serde_json::Value;

use crate::support::gbr::run;

/// `(line, canonical text, label)` of each record `gbr scan --json` gives for the fixture
/// `fixtures/layouts/NAME`.
fn records(name: &str) -> Vec<(u64, String, String)> {
    let path = format!("fixtures/layouts/{name}");
    run(&["scan", "--json", &path], 0)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "match")
        .map(|v| {
            let m = &v["data"];
            (
                m["line"].as_u64().unwrap(),
                m["canonical"].as_str().unwrap().to_string(),
                m["label"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The error and warning diagnostics of `gbr check --json ARGS`, as `line: message`.
fn diagnostics(args: &[&str]) -> Vec<String> {
    let mut all = vec!["check", "--json", "--no-near-misses"];
    all.extend(args);
    let out = crate::support::gbr::outcome(&all, "").0;
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "diagnostic" && v["severity"] != "note")
        .map(|v| {
            format!(
                "{}:{}: {}",
                v["path"].as_str().unwrap(),
                v["line"],
                v["message"]
            )
        })
        .collect()
}

#[test]
fn pgn_pasted_into_markdown_gives_only_the_study_databases_code() {
    // Several tags a line, tags wrapped between name and value: the engines' versions
    // (`Komodo 2118.00`, `KomodoMCTS 2210.00`, `Lc0 1601.50` on the line after its tag's name)
    // and a code with kings but no sign in a player's tag (`Stockfish 1234.56 a1b2`) are no
    // codes; the study database's `(+0130.11b4h1)` in the Black tag, wrapped too, is one, and
    // so is a full position with its result in an Annotator tag.
    assert_eq!(
        records("pgn-in-markdown.md"),
        [
            (20, "b4h1 0130.11 +".to_string(), String::new()),
            (25, "a7d3 0116.00 b2b3c6d6 3/3+.".to_string(), String::new())
        ]
    );
    let found = diagnostics(&["fixtures/layouts/pgn-in-markdown.md"]);
    assert_eq!(
        found,
        Vec::<String>::new(),
        "no fen fix for an engine's version"
    );
}

#[test]
fn a_solvers_command_broken_over_lines_is_one_caption() {
    // `\` in a POSIX shell (spaces or tabs before the options), `^` in cmd (CR LF, glued or
    // after a space), a backtick in PowerShell: the options on their lines belong to the code.
    let sh = records("solver-continued.sh");
    assert_eq!(
        sh,
        [
            (4, "a4c4 0400.11 g4h2.g5e4 3/3.".to_string(), String::new()),
            (11, "h1f4 0001.01 c5.d6 2/2.".to_string(), String::new()),
        ]
    );
    let cmd = records("solver-continued.cmd");
    assert_eq!(
        cmd.iter().map(|r| (r.0, r.1.as_str())).collect::<Vec<_>>(),
        [(2, "a1a4 0001.01 c5.d6 2/2."), (8, "e1e8 0000.00 1/1.")]
    );
    let ps = records("solver-continued.ps1");
    assert_eq!(ps[0].1, "h1f4 0010.01 c5.d6 2/2.");
    assert_eq!(ps.len(), 1);
}

#[test]
fn notation_examples_are_no_entries_wherever_their_example_word_stands() {
    // The directory's preface explains the code with examples, the example word before the
    // code on its line, at the end of the line above before a colon, or abbreviated: none is
    // an entry with no study in the body.
    let found = diagnostics(&[
        "--against",
        "fixtures/layouts/examples-directory.txt",
        "fixtures/layouts/examples-body.txt",
    ]);
    assert_eq!(found, Vec::<String>::new());
    // The same directory with a study's entry taken out and an entry no study has: the
    // comparison still runs, and reports exactly these two.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("fixtures/layouts/examples-directory.txt").unwrap();
    let changed = text.replace("0310.01 d6a8  - 3 -", "0310.02 b6a8  - 3 -");
    let path = dir.path().join("directory.txt");
    std::fs::write(&path, changed).unwrap();
    let found = diagnostics(&[
        "--against",
        path.to_str().unwrap(),
        "fixtures/layouts/examples-body.txt",
    ]);
    assert_eq!(found.len(), 2, "{found:?}");
}

#[test]
fn labels_with_en_dashes_and_a_lost_dash() {
    // Word writes en dashes for the hyphens of `- 29 -`, on either side; in UTF-8 and in a
    // Windows-1252 text export (the byte 0x96) alike, the studies above and the directory's
    // entries after their codes.
    for name in ["dash-labels.txt", "dash-labels-cp1252.txt"] {
        let labels: Vec<String> = records(name).into_iter().map(|r| r.2).collect();
        assert_eq!(labels, ["29", "36", "71", "29", "71", "36"], "{name}");
    }
}
