//! `--tablebase`: the Syzygy tables of `../shared/tablebase/` (3 and 4 men, real) as a copy of
//! each study's result, in `gbr check`, `gbr scan` and `gbr index` (docs/check.md, "The
//! tables"). Each test says "skipped" where the tables are absent.

use std::path::PathBuf;

use crate::support::gbr::{gbr, streams};

/// The shared tables' folder, or `None` (the test says "skipped") where it is absent.
fn tables() -> Option<String> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tablebase"));
    if dir.join("KQvK.rtbw").exists() {
        Some(dir.to_str().expect("a UTF-8 path").to_string())
    } else {
        eprintln!("skipped: no tables in {}", dir.display());
        None
    }
}

/// `gbr ARGS` run from the package root: stdout, stderr, exit code.
fn run(args: &[&str]) -> (String, String, i32) {
    streams(gbr().args(args).output().expect("run gbr"))
}

#[test]
fn check_names_each_result_the_tables_contradict_and_counts_the_confirmed() {
    let Some(tb) = tables() else { return };
    let (out, err, code) = run(&[
        "check",
        "--tablebase",
        &tb,
        "fixtures/tablebase/few-men.txt",
    ]);
    assert_eq!(code, 0, "warnings only\n{out}{err}");
    let warnings: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("warning[tablebase]"))
        .collect();
    assert_eq!(
        warnings,
        [
            "warning[tablebase]: the tables give a draw where the caption says White wins",
            "warning[tablebase]: the tables give a draw where the caption says White wins",
            "warning[tablebase]: the tables give a win for White (DTZ 1) where the caption says \
             White draws",
        ]
    );
    // Each names the table that gave the verdict, and stands at its study's line.
    for (line, table) in [(4, "KBvK.rtbw"), (7, "KNNvK.rtbw"), (10, "KQvK.rtbw")] {
        assert!(
            out.contains(&format!("few-men.txt:{line}:")),
            "line {line}\n{out}"
        );
        assert!(out.contains(table), "{table}\n{out}");
    }
    assert!(
        out.ends_with(
            "4 positions probed in the tables: 1 confirmed, 3 contradicted; 0 out of their \
             reach\n"
        ),
        "{out}"
    );
    // Without the tables, nothing is said of the results.
    let (out, _, code) = run(&["check", "fixtures/tablebase/few-men.txt"]);
    assert_eq!(code, 0);
    assert!(
        !out.contains("tablebase") && !out.contains("probed"),
        "{out}"
    );
}

#[test]
fn check_probes_the_diagrams_position_where_the_caption_has_no_squares() {
    let Some(tb) = tables() else { return };
    let (out, _, code) = run(&[
        "check",
        "--tablebase",
        &tb,
        "fixtures/tablebase/diagram.txt",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with(
            "warning[tablebase]: the tables give a draw for the position of the diagram above \
             where the caption says White wins\n  --> fixtures/tablebase/diagram.txt:11:18"
        ),
        "{out}"
    );
}

#[test]
fn check_takes_the_tables_as_the_copy_that_breaks_a_tie() {
    let Some(tb) = tables() else { return };
    // Without the tables: two copies, one square apart, a warning each.
    let (out, _, code) = run(&["check", "fixtures/tablebase/reprint.txt"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out.matches("warning[elsewhere]").count(), 2, "{out}");
    // With them: the misprinted copy is the error, with its fix; the other is left alone,
    // and its contradiction is said once, in that error.
    let (out, _, code) = run(&[
        "check",
        "--tablebase",
        &tb,
        "fixtures/tablebase/reprint.txt",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with(
            "error[elsewhere]: squares .g5: another copy prints .h5, and the tables agree \
             with it alone\n --> fixtures/tablebase/reprint.txt:5:14"
        ),
        "{out}"
    );
    assert!(
        out.contains("= note: a draw with .h5, a win for White (DTZ 1) with .g5 (the tables)"),
        "{out}"
    );
    assert!(!out.contains("warning["), "{out}");
    // The fix is decided, so --diff writes it.
    let (diff, _, _) = run(&[
        "check",
        "--diff",
        "--tablebase",
        &tb,
        "fixtures/tablebase/reprint.txt",
    ]);
    assert!(
        diff.contains("-f6h8 0000.10 .g5 2/1=.\n+f6h8 0000.10 .h5 2/1=.\n"),
        "{diff}"
    );
}

#[test]
fn check_json_summary_carries_the_counts() {
    let Some(tb) = tables() else { return };
    let (out, _, _) = run(&[
        "check",
        "--json",
        "--tablebase",
        &tb,
        "fixtures/tablebase/few-men.txt",
    ]);
    let summary: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("a summary")).expect("JSON");
    assert_eq!(
        summary["tables"],
        serde_json::json!({"probed": 4, "confirmed": 1, "contradicted": 3,
            "out_of_reach": 0, "illegal": 0, "failed": 0})
    );
    let first: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("a diagnostic")).expect("JSON");
    assert_eq!(first["check"], "tablebase");
    assert_eq!(first["severity"], "warning");
}

#[test]
fn the_environment_names_the_tables_when_the_flag_does_not() {
    let Some(tb) = tables() else { return };
    let output = gbr()
        .args(["check", "fixtures/tablebase/few-men.txt"])
        .env(
            "GBR_TABLEBASE",
            format!("/nonexistent-first-part-is-dropped-not:{tb}"),
        )
        .output()
        .expect("run gbr");
    let (out, err, code) = streams(output);
    // A folder that cannot be listed is an error, named.
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("/nonexistent-first-part-is-dropped-not"),
        "{err}"
    );
    let output = gbr()
        .args(["check", "fixtures/tablebase/few-men.txt"])
        .env("GBR_TABLEBASE", &tb)
        .output()
        .expect("run gbr");
    let (out, _, code) = streams(output);
    assert_eq!(code, 0);
    assert!(out.contains("4 positions probed in the tables"), "{out}");
}

#[test]
fn a_broken_table_is_named_and_gives_no_verdict() {
    let Some(tb) = tables() else { return };
    let dir = tempfile::tempdir().expect("a folder");
    for entry in std::fs::read_dir(&tb).expect("the tables") {
        let path = entry.expect("an entry").path();
        std::fs::copy(&path, dir.path().join(path.file_name().expect("a name"))).expect("copy");
    }
    // KQvK truncated: left out at once; KBvK with another table's bytes: no table.
    let kqk = dir.path().join("KQvK.rtbw");
    let bytes = std::fs::read(&kqk).expect("KQvK");
    std::fs::write(&kqk, &bytes[..bytes.len() - 5]).expect("truncate");
    let kbk = dir.path().join("KBvK.rtbw");
    let size = std::fs::metadata(&kbk).expect("KBvK").len() as usize;
    std::fs::write(&kbk, vec![0x55u8; size]).expect("overwrite");
    let folder = dir.path().to_str().expect("UTF-8");
    let (out, err, code) = run(&[
        "check",
        "--tablebase",
        folder,
        "fixtures/tablebase/few-men.txt",
    ]);
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(
        err.contains("KQvK.rtbw: ") && err.contains("a size no Syzygy table has (truncated?)"),
        "{err}"
    );
    assert!(
        err.contains("KBvK.rtbw: not a Syzygy table: it starts with 55 55 55 55"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    // Neither study is given a verdict; the others still are.
    assert!(
        !out.contains("KBvK.rtbw") && !out.contains("KQvK.rtbw"),
        "{out}"
    );
    assert!(out.contains("KNNvK.rtbw"), "{out}");
    assert!(
        out.contains("2 positions probed in the tables: 1 confirmed, 1 contradicted; 1 out of their reach, 1 not probed: a table failed"),
        "{out}"
    );
}

#[test]
fn a_folder_without_tables_says_so() {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().to_str().expect("UTF-8");
    let (_, err, code) = run(&[
        "check",
        "--tablebase",
        folder,
        "fixtures/tablebase/few-men.txt",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("no Syzygy table (.rtbw, .rtbz) in"), "{err}");
}

#[test]
fn scan_and_index_carry_the_verdict() {
    let Some(tb) = tables() else { return };
    let (out, _, code) = run(&[
        "scan",
        "--json",
        "--tablebase",
        &tb,
        "fixtures/tablebase/game.pgn",
    ]);
    assert_eq!(code, 0);
    let game: serde_json::Value = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|v| v["type"] == "match")
        .expect("the game");
    // The game's result says a draw; the tables, a win (DTZ 11, as python-chess gives it).
    assert_eq!(game["data"]["stipulation"], "=");
    assert_eq!(game["data"]["tablebase"], "win");
    assert_eq!(game["data"]["dtz"], 11);

    let dir = tempfile::tempdir().expect("a folder");
    let tsv = dir.path().join("index.tsv");
    let tsv = tsv.to_str().expect("UTF-8");
    let (_, err, code) = run(&[
        "index",
        "--tablebase",
        &tb,
        "-o",
        tsv,
        "fixtures/tablebase/few-men.txt",
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(tsv).expect("the directory");
    let header: Vec<&str> = text.lines().next().expect("a header").split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let verdicts: Vec<(String, String, String)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (
                cells[at("code")].to_string(),
                cells[at("tablebase")].to_string(),
                cells[at("dtz")].to_string(),
            )
        })
        .collect();
    let kp = verdicts
        .iter()
        .find(|v| v.0 == "0000.10")
        .expect("the pawn study");
    assert_eq!(
        (kp.1.as_str(), kp.2.is_empty()),
        ("win", false),
        "{verdicts:?}"
    );
    let kb = verdicts
        .iter()
        .find(|v| v.0 == "0010.00")
        .expect("the bishop study");
    assert_eq!((kb.1.as_str(), kb.2.as_str()), ("draw", ""));
    // Read back as written.
    let (jsonl, _, _) = run(&["index", "--from", tsv, "--format", "jsonl"]);
    assert!(jsonl.contains("\"tablebase\":\"draw\""), "{jsonl}");
    assert!(jsonl.contains("\"tablebase\":\"win\",\"dtz\":"), "{jsonl}");
}

#[test]
fn a_real_study_database_is_confirmed_where_the_tables_reach() {
    let Some(tb) = tables() else { return };
    let pgn = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/real/hhdb-cql62-sample.pgn"
    );
    if !std::path::Path::new(pgn).exists() {
        eprintln!("skipped: no {pgn}");
        return;
    }
    let (out, _, _) = run(&["check", "--tablebase", &tb, pgn]);
    // Of 252 studies, one has at most 4 men (Van Reek, En Passant 1987: a KP v KP win), and
    // the tables confirm it; the rest are out of their reach.
    assert!(
        out.ends_with(
            "1 position probed in the tables: 1 confirmed, 0 contradicted; 249 out of their \
             reach\n"
        ),
        "{out}"
    );
    assert!(!out.contains("[tablebase]"), "{out}");
}

#[test]
fn study_data_is_probed_by_its_fen() {
    let Some(tb) = tables() else { return };
    let (out, _, _) = run(&["check", "--tablebase", &tb, "fixtures/data/array.json"]);
    // A2 asks for a draw; the tables give Black the win, whatever White plays.
    assert!(
        out.contains(
            "warning[tablebase]: the tables give a win for Black (DTZ 1) for its FEN where the \
             record says White draws\n --> fixtures/data/array.json:3:24"
        ),
        "{out}"
    );
    assert!(
        out.ends_with(
            "2 positions probed in the tables: 1 confirmed, 1 contradicted; 0 out of their reach\n"
        ),
        "{out}"
    );
}
