//! The scanner on real printed text (`../shared/corpus/`, gbr-notation.md §2): every code found, with
//! its sign and kings where the text gives them next to the code, and the compact Probleemblad
//! positions decoded square by square and checked. The corpus is not shipped with the project:
//! outside this workplace the folder is absent and these tests say so and pass.

use std::path::PathBuf;

use gbrscan::Record;
use gbrscan::scan::{ScanOptions, scan_buffer};
use regex::bytes::Regex;

fn corpus(name: &str) -> Option<(Vec<u8>, Vec<Record>)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus")
        .join(name);
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!(
            "skipped: {} is not here (the corpus ships only with the workplace)",
            path.display()
        );
        return None;
    };
    let records = scan_buffer(&bytes, name, ScanOptions::default(), &|_| {});
    Some((bytes, records))
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn printed_directory_yields_every_entry_with_its_kings_and_its_heading() {
    let Some((bytes, records)) = corpus("schaakstudiespinsels-2008-gbr-index.txt") else {
        return;
    };
    // An independent oracle: the table's `code kings` pairs by a plain regular expression,
    // each a win above the heading of the draws and a draw below it.
    let table =
        Regex::new(r"(?m)(?:^|\s)(\d{4}\.\d{2}) ([a-h][1-8][a-h][1-8])\s+- +\d+ -").unwrap();
    let draws = Regex::new(r"(?m)^Remisestudies \(=\): *$")
        .unwrap()
        .find(&bytes)
        .expect("the heading of the draws")
        .start();
    let expected: Vec<String> = table
        .captures_iter(&bytes)
        .map(|c| {
            let sign = if c.get(1).unwrap().start() < draws {
                "+"
            } else {
                "="
            };
            format!(
                "{} {} {sign}",
                String::from_utf8_lossy(&c[2]),
                String::from_utf8_lossy(&c[1])
            )
        })
        .collect();
    assert_eq!(expected.len(), 203, "the book's index has 203 entries");
    let entries: Vec<String> = records
        .iter()
        .filter(|r| r.form.name() == "kings-after")
        .map(|r| r.canonical.to_string())
        .collect();
    assert_eq!(entries, expected);
    assert!(
        records
            .iter()
            .filter(|r| r.form.name() == "kings-after")
            .all(|r| r.stipulation_source.map(|s| s.name()) == Some("heading")),
        "every entry takes its stipulation from the heading over it"
    );
    // Besides the table, the preface's example and its bare mention of the form.
    let others: Vec<(&str, &str)> = records
        .iter()
        .filter(|r| r.form.name() != "kings-after")
        .map(|r| (r.form.name(), r.canonical.as_str()))
        .collect();
    assert_eq!(
        others,
        [("bare", "1234.56"), ("sign-apart", "a7c8 1234.56 +")]
    );
    assert!(
        records.iter().all(|r| r.valid),
        "every printed entry passes the checks"
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_printed_directory_reindexed_by_stipulation_gives_its_wins_then_its_draws() {
    let Some((bytes, _)) = corpus("schaakstudiespinsels-2008-gbr-index.txt") else {
        return;
    };
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/schaakstudiespinsels-2008-gbr-index.txt");
    let out = std::process::Command::new(crate::support::gbr::GBR)
        .args(["index", "--group-by", "stipulation", "--format", "tsv"])
        .arg(&path)
        .output()
        .expect("gbr runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let tsv = String::from_utf8(out.stdout).unwrap();
    // The book's entries in the book's order: wins then draws, each sorted by code and kings
    // (gbr-notation.md §4), as the book printed them column by column.
    let entry = Regex::new(r"(\d{4}\.\d{2}) ([a-h][1-8][a-h][1-8])\s+- +\d+ -").unwrap();
    let draws = memchr::memmem::find(&bytes, b"Remisestudies (=):").unwrap();
    let mut book: Vec<(String, String, String)> = entry
        .captures_iter(&bytes)
        .map(|c| {
            let group = if c.get(0).unwrap().start() < draws {
                "win"
            } else {
                "draw"
            };
            let text = |i| String::from_utf8_lossy(&c[i]).into_owned();
            (group.to_string(), text(1), text(2))
        })
        .collect();
    book.sort_by_key(|(g, code, kings)| (g != "win", code.clone(), kings.clone()));
    let header: Vec<&str> = tsv.lines().next().unwrap().split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (form, rank) = (at("form"), at("rank"));
    let listed: Vec<(String, String, String)> = tsv
        .lines()
        .skip(1)
        .map(|l| l.split('\t').map(String::from).collect::<Vec<_>>())
        .filter(|c| c[rank] == "kings" && c[form] == "kings-after")
        .map(|c| (c[0].clone(), c[1].clone(), c[2].clone()))
        .collect();
    assert_eq!(listed.len(), 203);
    assert_eq!(listed, book);
    let groups: Vec<&str> = tsv
        .lines()
        .skip(1)
        .map(|l| &l[..l.find('\t').unwrap()])
        .collect();
    // The notation's example (`+ 1234.56 a7c8`) is no entry (docs/reading.md).
    assert_eq!(groups.iter().filter(|g| **g == "win").count(), 171);
    assert_eq!(groups.iter().filter(|g| **g == "draw").count(), 32);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn study_captions_keep_the_sign_from_across_the_spaces() {
    let Some((_, records)) = corpus("schaakstudiespinsels-2008-body-excerpt.txt") else {
        return;
    };
    let found: Vec<(u64, &str, &str)> = records
        .iter()
        .map(|r| (r.line, r.form.name(), r.canonical.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (10, "sign-apart", "d1b3 4001.00 +"),
            (53, "sign-apart", "a8g3 0033.10 +"),
            (116, "sign-apart", "a8d5 0031.01 ="),
            (159, "sign-apart", "h6e8 0002.01 +"),
            (198, "sign-apart", "f7d5 0031.01 ="),
            (297, "sign-apart", "d3g5 0003.10 +"),
        ]
    );
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn compact_probleemblad_positions_decode_square_by_square_and_pass() {
    let Some((_, records)) = corpus("probleemblad-2013-4-studies-excerpt.txt") else {
        return;
    };
    let fens: Vec<Option<String>> = records
        .iter()
        .map(|r| r.fen.as_ref().map(|b| b.to_string()))
        .collect();
    let found: Vec<(u64, u64, &str, Option<&str>, bool)> = records
        .iter()
        .zip(&fens)
        .map(|(r, fen)| {
            (
                r.line,
                r.column,
                r.canonical.as_str(),
                fen.as_deref(),
                r.valid && r.findings.is_empty(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            (
                123,
                16,
                "a1h8 0031.10 h1f4.a7 3/2+.",
                Some("7k/P7/8/8/5N2/8/8/K6b"),
                true
            ),
            (
                138,
                22,
                "a6c8 4032.00 d1h7d8a5d3 4/3+.",
                Some("2kb4/7q/K7/N7/8/3N4/8/3Q4"),
                true
            ),
            (
                145,
                11,
                "e2d7 0000.33 .a5b6d4e6g5h7 4/4+.",
                Some("8/3k3p/1P2p3/P5p1/3P4/8/4K3/8"),
                true
            ),
            (
                154,
                11,
                "f3e7 0341.23 a3c8b2h8.c6f7d3e5f6 5/6=.",
                Some("2B4N/4kP2/2P2p2/4p3/8/r2p1K2/1b6/8"),
                true
            ),
            (
                159,
                16,
                "f8h8 3108.34 d6e8c4e6e5e7.b4g4h3b5c6f6h6 7/8+.",
                Some("4RK1k/4n3/2pqNp1p/1p2n3/1PN3P1/7P/8/8"),
                true
            ),
            (
                167,
                14,
                "e7h5 0133.10 e4h8f6.d6 3/3+.",
                Some("7b/4K3/3P1n2/7k/4R3/8/8/8"),
                true
            ),
        ]
    );
}
