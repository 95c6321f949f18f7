//! What real captions give around a code (gbr-notation.md §6, docs/reading.md), one fixture per layout
//! in `fixtures/captions/`, each scanned with its exact expected records; the same records at
//! every chunk size and thread count, and through `gbr index` and `gbr index --from`.

use assert_cmd::Command;
use gbrscan::Record;
use gbrscan::scan::{ScanOptions, scan_buffer};

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/fixtures/captions/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn scan(bytes: &[u8], chunk_size: usize) -> Vec<Record> {
    scan_buffer(bytes, "t.txt", ScanOptions { chunk_size }, &|_| {})
}

/// (line, column, form, canonical, where the stipulation was read, messages) of one record.
type Row = (u64, u64, String, String, Option<String>, Vec<String>);

fn rows(records: &[Record]) -> Vec<Row> {
    records
        .iter()
        .map(|r| {
            (
                r.line,
                r.column,
                r.form.name().to_string(),
                r.canonical.to_string(),
                r.stipulation_source.map(|s| s.name().to_string()),
                r.findings.iter().map(|f| f.message.clone()).collect(),
            )
        })
        .collect()
}

fn row(line: u64, column: u64, form: &str, canonical: &str, source: Option<&str>) -> Row {
    (
        line,
        column,
        form.into(),
        canonical.into(),
        source.map(String::from),
        vec![],
    )
}

const FIXTURES: [&str; 12] = [
    "sign-above.txt",
    "sign-across-prose.txt",
    "words-above.txt",
    "directory-columns.txt",
    "directory-numbered.txt",
    "side-to-move.txt",
    "words.txt",
    "broken-full.txt",
    "white-space.txt",
    "prose.txt",
    "page-breaks.txt",
    "directory-column-runs.txt",
];

#[test]
fn a_sign_above_reaches_the_next_code_across_caption_lines_only() {
    let ka = "kings-after";
    assert_eq!(
        rows(&scan(&fixture("sign-above.txt"), 1 << 20)),
        [
            row(9, 1, ka, "d6a8 0310.01 +", Some("above")),
            row(18, 1, ka, "f7d5 0031.01 =", Some("above")),
            row(25, 1, ka, "e2g4 0013.01 -+", Some("above")),
            row(28, 1, ka, "h6e8 0002.01", None),
            row(28, 18, ka, "b1g3 0040.11", None),
            row(47, 1, ka, "h6e5 0320.11 =", Some("above")),
            row(51, 1, ka, "a8g3 0033.10 =", Some("beside")),
            row(65, 1, ka, "a1h8 0400.00 =", Some("above")),
        ]
    );
}

#[test]
fn a_study_block_s_sign_reaches_across_its_prose_to_the_code() {
    let ka = "kings-after";
    assert_eq!(
        rows(&scan(&fixture("sign-across-prose.txt"), 1 << 20)),
        [
            // A paragraph of prose between the sign and the code.
            row(14, 1, ka, "a8d5 0031.01 =", Some("above")),
            // Two paragraphs longer than any caption, with checks and a promotion in them.
            row(26, 1, ka, "d6a8 0310.01 -+", Some("above")),
            // The sign of the page before does not cross the page break.
            row(38, 1, ka, "h6e8 0002.01", None),
            // A study number between the sign and the code: the sign is not this study's.
            row(57, 1, ka, "b1g3 0040.11", None),
            // A diagram printed as text between the sign and the prose.
            row(81, 1, ka, "a1h8 0400.00", None),
            // More prose than a study block holds.
            row(101, 1, ka, "e2g4 0013.01", None),
            // A code's own sign wins over the sign above.
            row(111, 1, ka, "a8g3 0033.10 +", Some("beside")),
            // A bare code takes no sign, and stands between the sign and the next code.
            row(122, 17, "bare", "0320.11", None),
            row(129, 1, "full", "a1c3 0130.00 b2d4 2/2.", None),
        ]
    );
}

#[test]
fn a_result_or_side_to_move_in_words_on_its_own_line_stands_as_a_sign() {
    let found = rows(&scan(&fixture("words-above.txt"), 1 << 20));
    let expected = vec![
        row(5, 1, "full", "a1c3 0130.00 b2d4 2/2+.", Some("above")),
        row(8, 1, "full", "h8f6 0000.01 .f7 1/2 BTM.", Some("above")),
        row(12, 1, "full", "a1c3 0130.00 b2d4 2/2-=.", Some("above")),
        row(15, 1, "kings-before", "e2g4 0013.01 BTM", Some("above")),
        // Not alone on its line: a caption, not a sign.
        row(18, 1, "full", "h8f6 0000.01 .f7 1/2.", None),
        // Its own result beside it wins over the line above.
        row(21, 1, "full", "a1c3 0130.00 b2d4 2/2+.", Some("beside")),
        // Words that end a sentence of the long line of prose above them: neither a sign line
        // nor a heading.
        row(26, 1, "full", "a1c3 0130.00 b2d4 2/2.", None),
        row(30, 1, "full", "a1c3 0130.00 b2d4 2/2.", None),
    ];
    assert_eq!(found, expected);
}

#[test]
fn headings_of_a_printed_directory_hold_until_the_next_heading() {
    let found = rows(&scan(&fixture("directory-columns.txt"), 1 << 20));
    let expected: Vec<Row> = [
        (5, 1, "c3b1 0002.01 +"),
        (5, 26, "h4b1 0014.00 +"),
        (5, 51, "g8d7 0041.01 +"),
        (6, 1, "b8e2 0003.10 +"),
        (6, 26, "b3a5 0014.01 +"),
        (6, 51, "c5b7 0041.02 +"),
        (7, 1, "e8e4 0010.11 +"),
        (7, 26, "h7f7 0023.02 +"),
        (7, 51, "f1e3 0045.00 +"),
        (10, 1, "h8g6 0053.01 +"),
        (10, 26, "f2h4 0301.20 +"),
        (10, 51, "c3c6 4010.00 +"),
        (11, 1, "e2g4 0013.01 -+"),
        (15, 1, "g5d6 0014.22 ="),
        (15, 26, "a2d5 0130.22 ="),
        (15, 51, "b8a6 0330.52 ="),
        (16, 1, "a8d5 0031.01 ="),
        (16, 26, "a8d4 0131.22 ="),
    ]
    .into_iter()
    .map(|(l, c, canonical)| row(l, c, "kings-after", canonical, Some("heading")))
    .collect();
    assert_eq!(found, expected);
}

/// (line, column, canonical, label, where the stipulation was read, findings) of one record.
type TableRow = (u64, u64, String, Option<String>, Option<String>, usize);

#[test]
fn a_directory_exported_as_column_runs_pairs_its_runs_in_order() {
    // A run of codes, then a run of king pairs, then a run of labels (one without its closing
    // dash); runs whose lines hold two tokens; a page break and a heading between tables; a
    // table with no labels; a table whose run of king pairs lost one: its codes stay bare,
    // with a note, and still take their labels.
    let records = scan(&fixture("directory-column-runs.txt"), 1 << 20);
    let found: Vec<TableRow> = records
        .iter()
        .map(|r| {
            (
                r.line,
                r.column,
                r.canonical.to_string(),
                r.label.as_ref().map(|l| l.to_string()),
                r.stipulation_source.map(|s| s.name().to_string()),
                r.findings.len(),
            )
        })
        .collect();
    let entry = |line, column, canonical: &str, label: Option<&str>, heading: bool, notes| {
        (
            line,
            column,
            canonical.to_string(),
            label.map(String::from),
            heading.then(|| "heading".to_string()),
            notes,
        )
    };
    assert_eq!(
        found,
        [
            entry(5, 1, "c3b1 0002.01 +", Some("31"), true, 0),
            entry(6, 1, "b8e2 0003.10 +", Some("16"), true, 0),
            entry(7, 1, "e8e4 0010.11 +", Some("37"), true, 0),
            entry(8, 1, "e2g4 0013.01 +", Some("41"), true, 0),
            entry(20, 1, "h4b1 0014.00 +", Some("106"), true, 0),
            entry(20, 9, "b3a5 0014.01 +", Some("150"), true, 0),
            entry(21, 1, "h7f7 0023.02 +", Some("85"), true, 0),
            entry(29, 1, "g5d6 0014.22 =", None, true, 0),
            entry(30, 1, "a8d5 0031.01 =", None, true, 0),
            entry(31, 1, "a2d5 0130.22 =", None, true, 0),
            entry(36, 1, "0131.22", Some("179"), false, 1),
            entry(37, 1, "0330.52", Some("177"), false, 1),
            entry(38, 1, "4010.00", Some("40"), false, 1),
        ]
    );
    assert_eq!(
        records[10].findings[0].message,
        "a run of 3 codes, then 2 king pairs: not paired (docs/reading.md, tables exported as \
         column runs)"
    );
}

#[test]
fn numbered_and_counted_headings_and_french_ones_hold_their_entries() {
    let found = rows(&scan(&fixture("directory-numbered.txt"), 1 << 20));
    let heading =
        |line, column, canonical| row(line, column, "kings-after", canonical, Some("heading"));
    let expected = vec![
        heading(5, 1, "c3b1 0002.01 +"),
        heading(6, 1, "h4b1 0014.00 +"),
        heading(7, 4, "g8d7 0041.01 +"),
        heading(11, 1, "g5d6 0014.22 ="),
        heading(12, 1, "a8d5 0031.01 ="),
        heading(18, 1, "b2d4 0103.10 +"),
        heading(19, 1, "d6a8 0310.01 +"),
        heading(23, 1, "a1a3 0000.11 ="),
        // Its own result, after a blank line: the heading does not override it.
        row(25, 1, "kings-after", "e8h8 0001.11 +", Some("beside")),
    ];
    assert_eq!(found, expected);
}

#[test]
fn a_side_to_move_in_words_beside_the_sign_turns_it() {
    let sa = "sign-apart";
    let beside = Some("beside");
    assert_eq!(
        rows(&scan(&fixture("side-to-move.txt"), 1 << 20)),
        [
            row(3, 1, sa, "e2g4 0013.01 -+", beside),
            row(4, 1, sa, "a8d5 0031.01 =", beside),
            row(5, 1, sa, "h6e8 0410.12 -+", beside),
            row(6, 1, sa, "b1g3 0040.11 -=", beside),
            row(7, 1, sa, "c3b1 0002.01 -+", beside),
            row(8, 1, sa, "e8h8 0001.11 BTM", beside),
            row(9, 22, "kings-after", "h4b1 0014.00 -=", beside),
        ]
    );
}

#[test]
fn results_in_words_read_to_their_sign() {
    let kb = "kings-before";
    let beside = Some("beside");
    assert_eq!(
        rows(&scan(&fixture("words.txt"), 1 << 20)),
        [
            row(3, 11, kb, "a2f1 0411.67 10/9+.", beside),
            row(4, 11, kb, "h1h3 0000.11 2/2=.", beside),
            row(5, 11, kb, "e1e8 0000.10 2/1-+.", beside),
            row(6, 11, kb, "c3a1 0320.15 4/7+.", beside),
            row(7, 11, kb, "a2b6 0430.11 3/4=.", beside),
            row(8, 11, kb, "a2b6 0430.11 3/4-+.", beside),
            row(9, 51, "kings-after", "d6a8 0310.01 +", beside),
            row(10, 38, "kings-after", "d6a8 0310.01", None),
        ]
    );
}

#[test]
fn the_codes_digits_drive_a_broken_square_list() {
    let beside = Some("beside");
    let mut short = row(8, 26, "full", "b6d1 0116.00 b2b3c6 3/3+.", beside);
    short.5 = vec![
        "squares: the code has 4 pieces, the squares list 3".to_string(),
        "men-squares: W/B counts 6 men, the squares (kings included) 5".to_string(),
    ];
    assert_eq!(
        rows(&scan(&fixture("broken-full.txt"), 1 << 20)),
        [
            row(3, 37, "full", "a3c6 0320.13 d4e7f8.b2c5f6g7 4/5+.", beside),
            row(5, 30, "full", "h1f3 0130.12 a1c8.d5e4e5 3/4=.", beside),
            row(6, 25, "full", "a7d3 0116.00 b2b3c6d6 3/3+.", beside),
            short,
            row(9, 29, "full", "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", beside),
            row(10, 39, "full", "h1a8 0010.00 b2 2/1.", None),
        ]
    );
}

#[test]
fn no_break_and_thin_spaces_tabs_soft_hyphens_markup_and_cr_separate_tokens() {
    let beside = Some("beside");
    let sa = "sign-apart";
    assert_eq!(
        rows(&scan(&fixture("white-space.txt"), 1 << 20)),
        [
            row(3, 19, "full", "a7d3 0116.00 b2b3c6d6 3/3+.", beside),
            row(4, 15, sa, "g3g1 0323.12 =", beside),
            row(5, 8, sa, "d6a8 0310.01 +", beside),
            row(
                6,
                32,
                "full",
                "c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7+.",
                beside
            ),
            row(7, 12, "full", "b6d1 0400.11 e2a5.a7b7 3/3+.", beside),
            // Lines are counted at line feeds: the CR-only lines stay on line 8.
            row(8, 3, sa, "f7d5 0031.01 +", beside),
            row(8, 40, sa, "h6e8 0002.01 +", beside),
        ]
    );
}

#[test]
fn page_breaks_and_control_bytes_at_a_line_s_ends_do_not_change_what_the_line_is() {
    // Form feeds (a PDF's page breaks) and other control bytes before or after a heading, a
    // sign line, a label and the lines of a diagram.
    let bytes = fixture("page-breaks.txt");
    let records = scan(&bytes, 1 << 20);
    let ka = "kings-after";
    assert_eq!(
        rows(&records),
        [
            row(3, 1, ka, "f1h1 0001.03 +", Some("heading")),
            row(4, 1, ka, "e2g4 0013.01 +", Some("heading")),
            row(6, 1, ka, "d6a8 0310.01 =", Some("heading")),
            row(12, 1, ka, "f7d5 0031.01 =", Some("above")),
            row(16, 1, ka, "h6e8 0002.01 -+", Some("above")),
            // The diagram above, its lines behind form feeds and spaces, gives the squares.
            row(28, 1, "bare", "a7d3 0116.00 b2b3c6d6 3/3+.", Some("beside")),
        ]
    );
    // The folio `- 118 -` of the page before is not the label of the first study on the
    // next page: a label is read on the code's page only.
    let labels: Vec<Option<&str>> = records.iter().map(|r| r.label.as_deref()).collect();
    assert_eq!(labels[3], Some("Tijdschrift, 1999"));
    // The same text without its form feeds reads the same.
    let plain: Vec<u8> = bytes.iter().copied().filter(|b| *b != 0x0c).collect();
    assert_eq!(rows(&scan(&plain, 1 << 20)), rows(&records));
}

#[test]
fn chess_free_prose_with_numbers_yields_no_code() {
    // The finder sees lone tokens here (src/tests.rs); the evidence rules keep none of them.
    let bytes = fixture("prose.txt");
    assert_eq!(rows(&scan(&bytes, 1 << 20)), Vec::<Row>::new());
}

#[test]
fn every_fixture_reads_the_same_at_every_chunk_size_and_thread_count() {
    for name in FIXTURES {
        let bytes = fixture(name);
        let whole = scan(&bytes, bytes.len().max(1));
        for chunk_size in 1..=bytes.len() + 1 {
            assert_eq!(
                scan(&bytes, chunk_size),
                whole,
                "{name}, chunk size {chunk_size}"
            );
        }
        for threads in [1, 3] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            for chunk_size in [5, 64] {
                let found = pool.install(|| scan(&bytes, chunk_size));
                assert_eq!(
                    found, whole,
                    "{name}, {threads} threads, chunk size {chunk_size}"
                );
            }
        }
    }
}

fn gbr(args: &[&str], stdin: &[u8]) -> String {
    let out = Command::new(crate::support::gbr::GBR)
        .current_dir(format!("{}/fixtures/captions", env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .write_stdin(stdin)
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn scan_index_and_index_from_give_the_same_records() {
    let names: Vec<&str> = FIXTURES.to_vec();
    let mut scan_args = vec!["scan", "--json"];
    scan_args.extend(&names);
    let saved = gbr(&scan_args, b"");
    let mut index_args = vec![
        "index",
        "--format",
        "jsonl",
        "--chunk-size",
        "13",
        "-j",
        "2",
    ];
    index_args.extend(&names);
    let direct = gbr(&index_args, b"");
    let from = gbr(
        &["index", "--format", "jsonl", "--from", "-"],
        saved.as_bytes(),
    );
    assert_eq!(direct, from);
    // Every match of the scan is an entry of the directory, sign and source included: the codes
    // quoted in sentences (`Its material is 0320.11 in the GBR code`, `then one word of prose:
    // 0310.01 d6a8 draw the curtain`) are studies cited, since no word names them examples of
    // the notation (docs/reading.md).
    let matches = saved
        .lines()
        .filter(|l| l.contains(r#""type":"match""#))
        .count();
    assert_eq!(saved.matches(r#""example":true"#).count(), 0);
    assert_eq!(direct.lines().count(), matches);
    assert_eq!(matches, 8 + 9 + 8 + 18 + 9 + 7 + 8 + 6 + 7 + 6 + 13);
}

#[test]
fn decode_reads_a_side_to_move_beside_the_sign_as_scan_does() {
    let decoded = gbr(&["decode", "--json", "+ ZAZ   0013.01 e2g4"], b"");
    let record: Record = serde_json::from_str(&decoded).unwrap();
    assert_eq!(record.canonical, "e2g4 0013.01 -+");
    assert_eq!(record.stipulation_source.map(|s| s.name()), Some("beside"));
    let scanned = scan(b"+ ZAZ   0013.01 e2g4", 64);
    assert_eq!(scanned[0].canonical, record.canonical);
    assert_eq!(scanned[0].stipulation, record.stipulation);
}

#[test]
fn a_full_position_under_a_heading_is_checked_for_legality_with_white_to_move() {
    // wK a1, bK h8, wR h1: with White to move the black king stands in check.
    let headed = scan(b"Wins\n\na1h8 0100.00 h1 2/1\n", 64);
    let signed = scan(b"a1h8 0100.00 h1 2/1+.\n", 64);
    let messages = |r: &Record| {
        r.findings
            .iter()
            .map(|f| f.message.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(headed[0].canonical, signed[0].canonical);
    assert_eq!(messages(&headed[0]), messages(&signed[0]));
    assert_eq!(messages(&headed[0]).len(), 1, "{:?}", messages(&headed[0]));
    assert_eq!(
        messages(&headed[0]),
        ["legality: black is in check but not to move"]
    );
    assert_eq!(headed[0].valid, signed[0].valid);
    assert_eq!(
        headed[0].findings[0].offset - 6,
        signed[0].findings[0].offset,
        "the finding stands on the squares"
    );
    // Without the heading, no side to move: no legality check.
    assert!(scan(b"a1h8 0100.00 h1 2/1\n", 64)[0].findings.is_empty());
}
