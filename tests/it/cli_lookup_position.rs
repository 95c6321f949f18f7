//! `gbr lookup --fen/--position [--mirror]` through the real binary, on a directory of
//! `fixtures/pgn/twins.pgn`: ranking, twins and their labels, the miss on stderr.

use std::path::Path;

/// The output, stderr and exit code of `gbr ARGS...`.
#[track_caller]
fn gbr(args: &[&str]) -> (String, String, i32) {
    crate::support::gbr::outcome(args, "")
}

const SEED: &str = "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1";

/// A directory of `fixtures/pgn/twins.pgn` saved as `name`.
fn twins_directory(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    let path = path.to_str().unwrap().to_string();
    gbr(&["index", "fixtures/pgn/twins.pgn", "-o", &path]);
    path
}

#[test]
fn lookup_by_fen_ranks_exact_then_kings_then_code_and_labels_the_twins() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["dir.tsv", "dir.jsonl"] {
        let path = twins_directory(dir.path(), name);
        let (out, err, code) = gbr(&["lookup", &path, "--fen", SEED, "--mirror"]);
        assert_eq!((err.as_str(), code), ("", 0));
        let expected = "\
exact position (as given):
  a7d3 0116.00 b2b3c6d6 3/3+.  fixtures/pgn/twins.pgn:1  (Roycroft, John, Seed study)

same code and kings (as given):
  a7d3 0116.00 h1h2f8g8 3/3+.  fixtures/pgn/twins.pgn:25  (Kings, K, Same code and kings)

exact position (mirrored left-right):
  h7e3 0116.00 g2g3e6f6 3/3+.  fixtures/pgn/twins.pgn:9  (Mirror, M, Mirrored left-right)

exact position (colours reversed):
  d6a2 0332.00 b7b6c3d3 3/3 BTM.  fixtures/pgn/twins.pgn:17  (Reverse, R, Colours reversed)

same code (as given):
  a1d1 0116.00 b2b3c6d6 3/3=.  fixtures/pgn/twins.pgn:33  (Code, C, Same code)
";
        // The TSV keeps no metadata: its lines end at the reference.
        let expected = if name == "dir.tsv" {
            expected
                .lines()
                .map(|l| l.split("  (").next().unwrap())
                .collect::<Vec<_>>()
                .join("\n")
                + "\n"
        } else {
            expected.to_string()
        };
        assert_eq!(out, expected, "{name}");
    }
}

#[test]
fn lookup_without_mirror_finds_no_twin_and_a_miss_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = twins_directory(dir.path(), "dir.jsonl");
    let (out, _, code) = gbr(&["lookup", &path, "--position", "a7d3 0116.00 b2b3c6d6"]);
    assert_eq!(code, 0);
    assert!(!out.contains("mirrored"), "{out}");
    assert!(out.contains("same code (as given):\n  a1d1"), "{out}");
    // The mirror's entry has the same code, so it is listed there, not as a mirror.
    assert!(out.contains("  h7e3 0116.00 g2g3e6f6 3/3+."), "{out}");
    let (out, err, code) = gbr(&["lookup", &path, "--position", "a7d3 0000.10 b2"]);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("gbr: no entry for a7d3 0000.10 b2 2/1 in 6 entries of {path}\n")
    );
    assert_eq!(code, 1);
    let (_, err, code) = gbr(&["lookup", &path, "0000.11"]);
    assert_eq!(
        err,
        format!("gbr: no entry for 0000.11 in 6 entries of {path}\n")
    );
    assert_eq!(code, 1);
}

#[test]
fn lookup_with_mirror_finds_the_colour_reversed_position_from_its_twin() {
    let dir = tempfile::tempdir().unwrap();
    let path = twins_directory(dir.path(), "dir.jsonl");
    // Asked from the colour-reversed side, the seed is its colour-reversed twin.
    let (out, _, code) = gbr(&[
        "lookup",
        &path,
        "--fen",
        "8/1r6/1b1K4/8/8/2NN4/k7/8 b - - 0 1",
        "--mirror",
    ]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("exact position (as given):\n  d6a2 0332.00"),
        "{out}"
    );
    assert!(
        out.contains("exact position (colours reversed):\n  a7d3 0116.00 b2b3c6d6"),
        "{out}"
    );
    assert!(
        out.contains("exact position (mirrored left-right, colours reversed):\n  h7e3"),
        "{out}"
    );
}
