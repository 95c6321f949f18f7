//! Every form of gbr-notation.md §2 in a fixture of its own (`fixtures/forms/`), scanned with its
//! exact expected records; and the prose fixture that must yield no code at all.

use gbrscan::Record;
use gbrscan::scan::{ScanOptions, scan_buffer};

#[track_caller]
fn scan_fixture(name: &str) -> Vec<Record> {
    let path = format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap();
    scan_buffer(&bytes, name, ScanOptions::default(), &|_| {})
}

/// (line, column, form, canonical, messages) of one record.
type Row<'a> = (u64, u64, &'a str, &'a str, Vec<&'a str>);

fn summary(records: &[Record]) -> Vec<Row<'_>> {
    records
        .iter()
        .map(|r| {
            (
                r.line,
                r.column,
                r.form.name(),
                r.canonical.as_str(),
                r.findings.iter().map(|f| f.message.as_str()).collect(),
            )
        })
        .collect()
}

#[test]
fn each_form_fixture_yields_its_expected_records() {
    let none = Vec::<&str>::new;
    let table: Vec<(&str, Vec<Row>)> = vec![
        (
            "forms/bare.txt",
            vec![
                (2, 11, "bare", "0002.01", none()),
                (3, 5, "bare", "0800.00", none()),
            ],
        ),
        (
            "forms/kings-after.txt",
            vec![
                (1, 30, "kings-after", "g3g1 0323.12 =", none()),
                (2, 29, "kings-after", "d6a8 0310.01", none()),
            ],
        ),
        (
            "forms/sign-apart.txt",
            vec![
                (3, 1, "sign-apart", "h4b1 0014.00 +", none()),
                (10, 4, "sign-apart", "g8h1 0031.01 =", none()),
            ],
        ),
        (
            "forms/bracketed.txt",
            vec![
                (1, 53, "bracketed", "c1a1 0020.42 +", none()),
                (2, 13, "bracketed", "a2d5 0130.22 =", none()),
            ],
        ),
        (
            "forms/kings-before.txt",
            vec![
                (2, 1, "kings-before", "f1h1 0001.04 2/5+.", none()),
                (5, 1, "kings-before", "e1a8 4001.02 3/4-+.", none()),
            ],
        ),
        (
            "forms/full-roycroft.txt",
            vec![
                (2, 17, "full", "a7d3 0116.00 b2b3c6d6 3/3+.", none()),
                (3, 9, "full", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", none()),
            ],
        ),
        (
            "forms/full-eg.txt",
            vec![(
                2,
                1,
                "full",
                "c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7+.",
                none(),
            )],
        ),
        (
            "forms/compact.txt",
            vec![
                (1, 14, "compact", "a1h8 0031.10 h1f4.a7 3/2+.", none()),
                (
                    2,
                    12,
                    "compact",
                    "f3e7 0341.23 a3c8b2h8.c6f7d3e5f6 5/6=.",
                    none(),
                ),
            ],
        ),
        (
            "forms/dotted.txt",
            vec![(1, 11, "dotted", "a1a8 0000.02 .a2b2 1/3.", none())],
        ),
        (
            // Meson's and sengine's command line, and Meson's XML: whole positions.
            "forms/solver.txt",
            vec![
                (
                    3,
                    9,
                    "solver",
                    "a2c3 4112.24 f7g7g6f5b6b3.d4h4f6d5h5b4 8/6.",
                    none(),
                ),
                (4, 7, "solver", "e1e8 0000.10 .a2 2/1.", none()),
                (5, 10, "solver", "a7d3 0116.00 b2b3c6d6 3/3.", none()),
                (6, 10, "solver", "c3e5 0130.22 f2f6.c4e4b5d6 4/4.", none()),
            ],
        ),
    ];
    for (name, expected) in table {
        assert_eq!(summary(&scan_fixture(name)), expected, "{name}");
    }
}

#[test]
fn transcription_errors_are_each_named_with_their_fix() {
    let records = scan_fixture("errors/transcriptions.txt");
    let lines: Vec<(u64, bool, Vec<&str>)> = records
        .iter()
        .map(|r| {
            (
                r.line,
                r.valid,
                r.findings.iter().filter_map(|f| f.fix.as_deref()).collect(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            (3, false, vec!["0411.67"]),
            (4, false, vec!["3/3"]),
            (5, false, vec![]),
            (6, false, vec![]),
            (7, true, vec![]),
            // Two knights on c3: a square used twice is an error (gbr-notation.md §3 rule 5).
            (8, false, vec![]),
            (9, true, vec![]),
            (10, false, vec![".e2", ".e2"]),
            (11, true, vec![]),
        ]
    );
}

#[test]
fn prose_without_chess_yields_no_code() {
    // The finder still sees lone `dddd.dd` tokens here (prices, a balance, a grant:
    // src/tests.rs), but none has chess near it, and the file holds no code with kings: none
    // is kept (docs/reading.md, "Bare codes").
    let records = scan_fixture("prose/false-friends.txt");
    assert_eq!(summary(&records), Vec::<Row>::new());
}

/// (line, canonical text) of each record of fixture `name`.
fn lines_and_canonicals(name: &str) -> Vec<(u64, String)> {
    scan_fixture(name)
        .iter()
        .map(|r| (r.line, r.canonical.to_string()))
        .collect()
}

#[test]
fn numbers_in_pgn_tags_and_pgn_dates_are_no_codes() {
    // A chess text with games: the numbers of the Event, Round, Date, White, Black and Elo
    // tags are names, ratings, versions and dates; a tag that names a code (`GBR`) and the
    // study databases' codes with kings in Black or Annotator are codes; a PGN date in prose
    // (`1930.02.??`) is none, a code in the same prose is one.
    let found = lines_and_canonicals("prose/pgn-tags.txt");
    assert_eq!(
        found,
        [
            (19, "d4g7 0016.32 +".to_string()),
            (20, "h5a4 0040.34 =".to_string()),
            (21, "0323.12".to_string()),
            (26, "0103.10".to_string()),
        ]
    );
}

#[test]
fn versions_ratings_and_scores_in_a_chess_blog_are_no_codes() {
    // A chess blog about engines, in every layout it gives numbers of the code's shape: a
    // version after an engine's name in prose, a crosstable's score column in a table and in
    // prose, a rating after `Rating`, and the numbers of PGN tags. The codes are the two in the
    // study databases' tags and the bare codes of the last two lines: after an article, a
    // possessive's word, `see` and another code (docs/reading.md, "Bare codes").
    let found = lines_and_canonicals("prose/engine-blog.txt");
    assert_eq!(
        found,
        [
            (31, "b4h1 0130.11 +".to_string()),
            (36, "c1a1 0002.01 =".to_string()),
            (38, "0002.01".to_string()),
            (38, "0002.01".to_string()),
            (38, "0003.10".to_string()),
            (38, "0004.11".to_string()),
            (39, "0130.11".to_string()),
        ]
    );
}
