use super::*;

const BROKEN: &str = concat!(
    "Study captions, some broken over lines.\n",
    "c2h4 0015.15 d3d6g5\n",
    "g2.c4c5c7e5e6h3 5/7 Win: 1.Kd1\n",
    "+\n",
    "   4001.00 d1b3 and a7d3\n",
    "0116.00 b2b3\n",
    "c6d6 3/3+. Then (+0031.10a1h8h1f4a7) and [=0323.12g3g1].\n",
    "Prices of 1234.56 and dates 2012.10.05 are no codes.\n",
);

fn no_progress(_: u64) {}

#[track_caller]
fn scan(text: &str, chunk_size: usize) -> Vec<Record> {
    scan_buffer(
        text.as_bytes(),
        "t.txt",
        ScanOptions { chunk_size },
        &no_progress,
    )
}

#[test]
fn every_code_gets_its_line_and_byte_column() {
    let found: Vec<(u64, u64, String)> = scan(BROKEN, 1 << 20)
        .iter()
        .map(|r| (r.line, r.column, r.canonical.to_string()))
        .collect();
    assert_eq!(
        found,
        [
            (2, 1, "c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7+.".to_string()),
            // A sign or kings on the lines above: the record points at its code.
            (5, 4, "d1b3 4001.00 +".to_string()),
            (6, 1, "a7d3 0116.00 b2b3c6d6 3/3+.".to_string()),
            (7, 17, "a1h8 0031.10 h1f4.a7 3/2+.".to_string()),
            (7, 42, "g3g1 0323.12 =".to_string()),
            (8, 11, "1234.56".to_string()),
        ]
    );
}

#[test]
fn parallel_scan_matches_sequential_for_every_chunk_size() {
    let whole = scan(BROKEN, BROKEN.len());
    for chunk_size in 1..=BROKEN.len() + 1 {
        assert_eq!(scan(BROKEN, chunk_size), whole, "chunk size {chunk_size}");
    }
}

#[test]
fn crlf_line_ends_give_the_same_lines_and_codes() {
    let crlf = BROKEN.replace('\n', "\r\n");
    let a: Vec<(u64, String)> = scan(BROKEN, 64)
        .iter()
        .map(|r| (r.line, r.canonical.to_string()))
        .collect();
    let b: Vec<(u64, String)> = scan(&crlf, 64)
        .iter()
        .map(|r| (r.line, r.canonical.to_string()))
        .collect();
    assert_eq!(a, b);
}

#[test]
fn progress_adds_up_to_the_buffer_length() {
    let done = std::sync::atomic::AtomicU64::new(0);
    let add = |n: u64| {
        done.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    };
    scan_buffer(BROKEN.as_bytes(), "t", ScanOptions { chunk_size: 7 }, &add);
    assert_eq!(done.into_inner(), BROKEN.len() as u64);
}

const CAPTIONS: &str = concat!(
    "+\n",
    "A. Composer\n",
    "Source, 2001\n",
    "\n",
    "0310.01 d6a8\n",
    "Wins (+):\n",
    "\n",
    "0001.11 e8h8 - 1 -   0014.00 h1e1 - 2 -\n",
    "0002.01 c3b1 - 3 -\n",
    "Draws:\n",
    "0014.22 g5d6 - 4 -   0013.01 e2g4 ZAZ - 5 -\n",
    "the 1205.40 model, and 6080.27 feet\n",
);

#[test]
fn signs_above_and_headings_are_the_same_at_every_chunk_size() {
    let whole = scan(CAPTIONS, CAPTIONS.len());
    let found: Vec<(u64, &str)> = whole
        .iter()
        .map(|r| (r.line, r.canonical.as_str()))
        .collect();
    assert_eq!(
        found,
        [
            (5, "d6a8 0310.01 +"),
            (8, "e8h8 0001.11 +"),
            (8, "h1e1 0014.00 +"),
            (9, "c3b1 0002.01 +"),
            (11, "g5d6 0014.22 ="),
            (11, "e2g4 0013.01 -="),
            (12, "1205.40"),
        ]
    );
    for chunk_size in 1..=CAPTIONS.len() + 1 {
        assert_eq!(scan(CAPTIONS, chunk_size), whole, "chunk size {chunk_size}");
    }
}

/// Codes with kings (bare codes with no chess near them are dropped) on one long line, and in
/// text whose lines end in CR alone (no line feed at all):
/// every code on line 1, each at its own column, whatever the chunk size (the columns are
/// counted looking back only to the code before).
#[test]
fn codes_on_one_long_line_get_their_columns_at_every_chunk_size() {
    for sep in [" ", "\r", " text, then \r"] {
        let text: String = (0..40)
            .map(|i| format!("0{:03}.00 a1h8{sep}", i % 400))
            .collect();
        let expected: Vec<(u64, u64)> = (0..40)
            .map(|i| (1, 1 + i * (12 + sep.len() as u64)))
            .collect();
        for chunk_size in [1, 2, 7, 8, 9, 50, 1 << 20] {
            let found: Vec<(u64, u64)> = scan(&text, chunk_size)
                .iter()
                .map(|r| (r.line, r.column))
                .collect();
            assert_eq!(
                found, expected,
                "separator {sep:?}, chunk size {chunk_size}"
            );
        }
    }
}

/// A code whose kings stand on the line before it, across a chunk boundary, after a long line
/// with no code: the record points at its code's line and column, its text starting above.
#[test]
fn a_record_starting_before_its_chunk_points_at_its_code() {
    let text = format!("{}\nxy a7d3\n0116.00 b2b3c6d6 3/3+.\n", "long ".repeat(30));
    let whole = scan(&text, 1 << 20);
    assert_eq!((whole[0].line, whole[0].column), (3, 1));
    assert_eq!(whole[0].offset, 154, "the text read starts at the kings");
    // On the code's line, the text starting there: its own column.
    let same_line = format!("{}\nxy a7d3 0116.00 b2b3c6d6 3/3+.\n", "long ".repeat(30));
    let whole = scan(&same_line, 1 << 20);
    assert_eq!((whole[0].line, whole[0].column), (2, 4));
    for chunk_size in 1..same_line.len() {
        assert_eq!(
            scan(&same_line, chunk_size),
            whole,
            "chunk size {chunk_size}"
        );
    }
    let whole = scan(&text, 1 << 20);
    for chunk_size in 1..text.len() {
        assert_eq!(scan(&text, chunk_size), whole, "chunk size {chunk_size}");
    }
}

/// What the chunk tells each code of the codes before it (the last anchor, a code with kings
/// before a bare code) only saves work: every fixture gives the same records when each code
/// is the first of its chunk (chunk size 1) as when the whole text is one chunk.
#[test]
fn what_a_chunk_knows_of_earlier_codes_changes_no_record() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    // Bare codes refused by their token rules, with and without chess near, after a code with
    // kings and before one.
    let own = concat!(
        "Weights 0116.00 kg and 1203.45%; see 0003.10 for the record.\n",
        "a7d3 0116.00 b2b3c6d6 3/3+.\n",
        "Weights 0116.00 kg and 1203.45%; see 0003.10 for the record.\n",
        "The endgame 0130.01 was drawn; prices 4000.00 $ and 0100.10 -> 12.\n",
    );
    let whole = scan(own, own.len());
    assert_eq!(whole.len(), 4, "{whole:#?}");
    for chunk_size in [1, 5, 64] {
        assert_eq!(scan(own, chunk_size), whole, "at {chunk_size}");
    }
    let mut codes = 0;
    for dir in ["captions", "forms", "prose", "quirks", "printing", "check"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let whole = scan(&text, text.len().max(1));
            for chunk_size in [1, 5, 64] {
                assert_eq!(scan(&text, chunk_size), whole, "{path:?} at {chunk_size}");
            }
            codes += whole.len();
        }
    }
    assert!(codes > 100, "{codes} codes");
}

/// Labels under a user's pattern over a printed directory whose numbers follow the codes: each
/// entry its own number, at every chunk size (a range's first code knows the label claimed
/// after the code before it).
#[test]
fn labels_after_the_codes_are_the_same_at_every_chunk_size() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/captions/directory-columns.txt");
    let text = std::fs::read(path).unwrap();
    let rules = LabelRules::pattern(r"- (\d+) -").unwrap();
    let scan_with = |chunk_size: usize| {
        let name = SourcePath::from("t.txt");
        let mut stitcher = Stitcher::new();
        let mut records = Vec::new();
        for range in chunks(text.len(), chunk_size) {
            records.extend(stitcher.stitch(scan_chunk(
                &text,
                &name,
                range,
                Reading {
                    labels: Some(&rules),
                    fields: Fields::All,
                },
            )));
        }
        records.extend(stitcher.finish());
        records
            .into_iter()
            .map(|r| (r.offset, r.label.map(|l| l.to_string())))
            .collect::<Vec<_>>()
    };
    let whole = scan_with(text.len());
    let labels: Vec<&str> = whole.iter().filter_map(|(_, l)| l.as_deref()).collect();
    assert_eq!(
        labels,
        [
            "31", "106", "99", "16", "150", "134", "37", "85", "35", "38", "72", "40", "41", "178",
            "151", "177", "3", "179"
        ]
    );
    for chunk_size in [1, 5, 13, 64, 200] {
        assert_eq!(scan_with(chunk_size), whole, "chunk size {chunk_size}");
    }
}

/// A listing's records are the full records without the text read, kings, squares and W/B
/// and the example mark,
/// over fixtures of every form, of errors and of captions.
#[test]
fn listing_records_are_full_records_without_their_text_fields() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let (mut compared, mut with_squares) = (0, 0);
    for sub in ["forms", "errors", "captions"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let text = std::fs::read(&path).unwrap();
            let name = SourcePath::from("t.txt");
            let scan = |fields: Fields| {
                let mut stitcher = Stitcher::new();
                let mut records = Vec::new();
                for range in chunks(text.len(), 97) {
                    let reading = Reading {
                        labels: None,
                        fields,
                    };
                    records.extend(stitcher.stitch(scan_chunk(&text, &name, range, reading)));
                }
                records.extend(stitcher.finish());
                records
            };
            let mut all = scan(Fields::All);
            let listing = scan(Fields::Listing);
            with_squares += all.iter().filter(|r| r.squares.is_some()).count();
            for r in &mut all {
                assert!(!r.text.is_empty());
                r.text = Default::default();
                (r.kings, r.squares, r.men) = (None, None, None);
                // A listing does not show the example mark, and does not read it.
                r.example = false;
            }
            assert_eq!(all, listing, "{path:?}");
            compared += all.len();
        }
    }
    assert!(
        compared > 80 && with_squares > 20,
        "{compared} records, {with_squares} with squares"
    );
}

/// A page's text with a board's eight lines written in above a caption and a board that
/// gave itself a caption (`Member::added`): every record keeps the line and column of the
/// source's text, at every chunk size; the caption written in takes the line it stands
/// before.
#[test]
fn lines_written_into_a_text_are_not_counted() {
    let board = "9.:.:.:.:0\n".repeat(8);
    let own = "e7b5 0040.11 f5c8.e2c2 3/3\n";
    let text =
        format!("Studies.\n{board}a7d3 0116.00 b2b3c6d6 3/3+.\nmore\n{board}{own}g3g1 0323.12 =\n");
    let first = "Studies.\n".len();
    let second = first + board.len() + "a7d3 0116.00 b2b3c6d6 3/3+.\nmore\n".len();
    let mut added: Vec<u64> = (1..=8).map(|n| (first + n * 11 - 1) as u64).collect();
    added.extend((1..=8).map(|n| (second + n * 11 - 1) as u64));
    added.push((second + board.len() + own.len() - 1) as u64);
    let rules = LabelRules::builtin();
    for chunk_size in [1, 5, 11, 64, 1 << 20] {
        let how = chunked::Chunking {
            chunk_size,
            batch: 3,
            reading: Reading {
                labels: Some(&rules),
                fields: Fields::All,
            },
            progress: &no_progress,
        };
        let mut found = Vec::new();
        let path = SourcePath::from("page.pdf");
        let scanned = chunked::scan_chunked(text.as_bytes(), &path, &added, &how, &mut |r| {
            found.extend(r)
        });
        assert!(scanned.is_ok());
        let places: Vec<(u64, u64, String)> = found
            .iter()
            .map(|r| (r.line, r.column, r.code.to_string()))
            .collect();
        let expected = [(2, 1, "0116.00"), (4, 1, "0040.11"), (4, 1, "0323.12")];
        let expected: Vec<(u64, u64, String)> = expected
            .iter()
            .map(|&(line, column, code)| (line, column, code.to_owned()))
            .collect();
        assert_eq!(places, expected, "chunk size {chunk_size}");
    }
}
