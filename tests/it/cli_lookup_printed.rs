//! `gbr lookup` takes a code as it is printed, near matches and a study's citation, through
//! the real binary on a directory indexed from the fixtures (docs/directory.md, "Lookup").

use std::path::Path;

use crate::support::gbr::{gbr, streams};

/// A directory of the directory fixtures and the study database fixture, saved as `name`
/// (tsv or jsonl by its extension) in `dir`.
fn indexed(dir: &Path, name: &str) -> String {
    let path = dir.join(name);
    let (_, err, code) = streams(
        gbr()
            .args([
                "index",
                "fixtures/directory",
                "fixtures/pgn/studies.pgn",
                "-o",
            ])
            .arg(&path)
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    path.to_str().unwrap().to_string()
}

fn lookup(args: &[&str]) -> (String, String, i32) {
    streams(gbr().arg("lookup").args(args).output().unwrap())
}

#[test]
fn a_code_as_printed_is_looked_up_by_its_code_and_kings_saying_what_was_used() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = indexed(dir.path(), "all.tsv");
    let (plain, _, code) = lookup(&[&tsv, "0116.00", "--kings", "a7d3"]);
    assert_eq!(code, 0);
    assert_eq!(plain.matches("a7d3").count(), 4, "{plain}");
    for (printed, said) in [
        ("0116.00 a7d3", "read as code 0116.00 and kings a7d3\n"),
        (
            "+0116.00 a7d3",
            "read as code 0116.00 and kings a7d3; the stipulation + not used (a lookup matches \
             code and kings)\n",
        ),
        (
            "a7d3 0116.00 3/3",
            "read as code 0116.00 and kings a7d3; W/B 3/3 not used",
        ),
        (
            "0116.00 a7d3 3/3 Win",
            "W/B 3/3, the stipulation + not used",
        ),
    ] {
        let (out, err, code) = lookup(&[&tsv, printed]);
        assert_eq!(code, 0, "{printed}: {err}");
        assert_eq!(out, plain, "{printed}");
        assert!(err.contains(said), "{printed}: {err}");
    }
    // A full position is looked up as --position does.
    let full = "a7d3 0116.00 b2b3c6d6 3/3+.";
    let (by_flag, _, _) = lookup(&[&tsv, "--position", full]);
    let (out, err, code) = lookup(&[&tsv, full]);
    assert_eq!((code, &out), (0, &by_flag));
    assert!(out.starts_with("exact position (as given):\n"), "{out}");
    assert!(err.contains("read as a full position"), "{err}");
    // Kings read and kings asked must agree.
    let (_, err, code) = lookup(&[&tsv, "0116.00 a7d3", "--kings", "a7d4"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("(a7d3) are not those of --kings (a7d4)"),
        "{err}"
    );
    // Text that is none of these says what would be.
    let (_, err, code) = lookup(&[&tsv, "nonsense 12"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "give a code (0323.12), a pattern (03??.1?), a material (KRBvKNN), a code as printed"
        ),
        "{err}"
    );
}

#[test]
fn near_lists_codes_one_digit_off_and_kings_one_character_off_under_headings() {
    let dir = tempfile::tempdir().unwrap();
    let tsv = indexed(dir.path(), "all.tsv");
    // 0116.01 is in no fixture; 0116.00 with the same kings is one digit off.
    let (_, _, code) = lookup(&[&tsv, "0116.01 a7d3"]);
    assert_eq!(code, 1);
    let (out, err, code) = lookup(&[&tsv, "0116.01 a7d3", "--near"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("one digit off:\n  a7d3 0116.00"), "{out}");
    assert!(!out.contains("exact:"), "{out}");
    // a7d4 for a7d3: one character of the kings.
    let (out, _, code) = lookup(&[&tsv, "0116.00", "--kings", "a7d4", "--near"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("one king square off:\n  a7d3 0116.00"),
        "{out}"
    );
    // Exact matches first, each entry once.
    let (out, _, _) = lookup(&[&tsv, "0116.00 a7d3", "--near", "--format", "jsonl"]);
    let matches: Vec<String> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["match"].to_string())
        .collect();
    assert!(matches.iter().all(|m| m == "\"exact\""), "{matches:?}");
    assert_eq!(matches.len(), 4);
    // A pattern has no one code to be near.
    let (_, err, code) = lookup(&[&tsv, "01??.00", "--near"]);
    assert_eq!(code, 2);
    assert!(err.contains("--near needs one code"), "{err}");
}

#[test]
fn composer_source_and_year_select_by_the_study_fields_or_the_label() {
    let dir = tempfile::tempdir().unwrap();
    let jsonl = indexed(dir.path(), "all.jsonl");
    // The PGN game's White, Event and Date tags (studies.pgn: Roycroft, EG, 1995).
    for asked in [
        &["--composer", "roycroft"][..],
        &["--source", "eg", "--year", "1995"],
        &["0116.00", "--composer", "ROYCROFT"],
    ] {
        let args = [&[jsonl.as_str()][..], asked].concat();
        let (out, err, code) = lookup(&args);
        assert_eq!(code, 0, "{asked:?}: {err}");
        assert_eq!(
            out.lines().filter(|l| l.starts_with("  a7d3")).count(),
            1,
            "{out}"
        );
        assert!(out.contains("studies.pgn:1"), "{out}");
    }
    let (out, err, code) = lookup(&[&jsonl, "--year", "1996"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("no entry for year 1996 in "), "{err}");
    let (_, err, code) = lookup(&[&jsonl, "--position", "a7d3 0116.00", "--year", "1995"]);
    assert_eq!(code, 2, "{err}");
}
