//! Unit tests of the sort, of duplicate groups, and of writing a listing of many batches.

use proptest::prelude::*;

use super::*;
use crate::parse::{Form, Rank};
use crate::render::{Format, Listing};
use crate::saved::read;

/// A record as the scanner would give it, with the fields the order looks at.
#[track_caller]
fn record(
    code: &str,
    kings: Option<&str>,
    squares: Option<&str>,
    stipulation: Option<&str>,
    path: &str,
    offset: u64,
) -> Record {
    Record {
        path: path.into(),
        page: None,
        page_index: None,
        page_from: None,
        ocr_fixes: None,
        tablebase: None,
        dtz: None,
        citation: None,
        label: None,
        offset,
        length: 7,
        line: 1,
        column: offset + 1,
        text: code.into(),
        form: Form::Bare,
        rank: Rank::Bare,
        code: code.parse().unwrap(),
        kings: kings.map(|k| k.parse().unwrap()),
        squares: squares.map(|s| s.parse().unwrap()),
        men: None,
        stipulation: stipulation.map(|s| s.parse().unwrap()),
        stipulation_source: None,
        canonical: code.into(),
        material: None,
        fen: None,
        diagram: None,
        valid: true,
        findings: Vec::new(),
        study: None,
        directory_entry: None,
        example: false,
    }
}

fn references(directory: &Directory) -> Vec<String> {
    directory
        .entries()
        .map(|r| format!("{}@{}", r.path, r.offset))
        .collect()
}

#[test]
fn order_is_code_kings_squares_stipulation_path_offset() {
    let records = vec![
        record("0116.00", Some("a7d3"), None, Some("="), "b", 5),
        record("0116.00", Some("a7d3"), None, Some("+"), "b", 9),
        record("0116.00", None, None, None, "b", 1),
        record("0023.00", Some("h1h3"), None, None, "b", 2),
        record("0116.00", Some("a7d3"), Some("b2b3c6d6"), Some("+"), "a", 3),
        record("0116.00", Some("a7d3"), None, Some("+"), "a", 7),
        record("0116.00", Some("a6d3"), None, None, "c", 0),
    ];
    let directory = Directory::new(records, Order::Code);
    assert_eq!(
        references(&directory),
        ["b@2", "b@1", "c@0", "a@7", "b@9", "b@5", "a@3"]
    );
}

#[test]
fn grouping_by_stipulation_puts_wins_then_draws_then_the_rest() {
    let records = vec![
        record("0001.00", None, None, None, "a", 0),
        record("0002.00", None, None, Some("="), "a", 1),
        record("0003.00", None, None, Some("-+"), "a", 2),
        record("0001.00", None, None, Some("WTM"), "a", 3),
        record("0004.00", None, None, Some("+"), "a", 4),
    ];
    let directory = Directory::new(records, Order::Stipulation);
    assert_eq!(references(&directory), ["a@2", "a@4", "a@1", "a@3", "a@0"]);
}

#[test]
fn duplicates_share_code_kings_and_squares_where_both_give_them() {
    let records = vec![
        record("0116.00", Some("a7d3"), None, Some("+"), "a", 0),
        record("0116.00", Some("a7d3"), Some("b2b3c6d6"), None, "b", 0),
        record("0116.00", Some("a7d3"), Some("b2b3c6d7"), None, "c", 0),
        record("0116.00", Some("a8d3"), None, None, "d", 0),
        record("0002.01", Some("c3b1"), None, None, "e", 0),
        record("0002.01", Some("c3b1"), None, None, "e", 9),
        record("0002.01", None, None, None, "f", 0),
        record("0002.01", None, None, None, "f", 9),
    ];
    let directory = Directory::new(records, Order::Code);
    let groups: Vec<String> = duplicates(&directory)
        .iter()
        .map(|g| {
            let refs: Vec<String> = g.entries.iter().map(|r| r.path.to_string()).collect();
            let squares = g.squares.map(ToString::to_string);
            format!("{} {} {:?}: {}", g.code, g.kings, squares, refs.join(" "))
        })
        .collect();
    assert_eq!(
        groups,
        [
            "0002.01 c3b1 None: e e",
            "0116.00 a7d3 Some(\"b2b3c6d6\"): a b",
            "0116.00 a7d3 Some(\"b2b3c6d7\"): a c",
        ]
    );
}

fn arb_record() -> impl Strategy<Value = Record> {
    (
        prop::sample::select(vec!["0116.00", "0023.00", "0116.01", "4001.00"]),
        prop::option::of(prop::sample::select(vec!["a7d3", "a6d3", "h1a1"])),
        prop::option::of(prop::sample::select(vec!["b2b3c6d6", "b2b3c6d7"])),
        prop::option::of(prop::sample::select(vec!["+", "=", "-+", "WTM"])),
        prop::sample::select(vec!["a.txt", "b.txt", "c/d.txt"]),
        0u64..50,
    )
        .prop_map(|(c, k, s, st, p, o)| record(c, k, s, st, p, o))
}

proptest! {
    #[test]
    fn compact_sort_agrees_with_the_full_key(
        records in prop::collection::vec(arb_record(), 0..60),
        grouped in any::<bool>(),
    ) {
        let order = if grouped { Order::Stipulation } else { Order::Code };
        let directory = Directory::new(records.clone(), order);
        let mut expected: Vec<usize> = (0..records.len()).collect();
        expected.sort_by(|&a, &b| {
            Key::of(&records[a], order)
                .cmp(&Key::of(&records[b], order))
                .then(a.cmp(&b))
        });
        let expected: Vec<&Record> = expected.iter().map(|&i| &records[i]).collect();
        let got: Vec<&Record> = directory.entries().collect();
        prop_assert_eq!(got, expected);
    }
}

/// Every code of the fixtures and the corpus (when it is there), as the scanner records it,
/// copied under `copies` paths of their own: every seventh with a tab, a backslash, a line
/// feed, a carriage return or a byte that is not UTF-8 (Latin-1 `é`) in it, the others under a few names met again and again.
fn real_copies(copies: usize) -> Vec<Record> {
    let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("fixtures")];
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        paths.push(corpus);
    }
    let mut real = Vec::new();
    for input in crate::input::walk(&paths).inputs {
        if let Ok(buf) = std::fs::read(input.path()) {
            let name = input.path().to_string_lossy();
            let options = crate::scan::ScanOptions::default();
            real.extend(crate::scan::scan_buffer(&buf, &name, options, &|_| {}));
        }
    }
    // The fixtures alone give 74 records (the corpus beside the project adds more, where it is
    // present): enough for the small test batches and chunks to cross every edge.
    assert!(real.len() >= 70, "{} real records", real.len());
    let mut out = Vec::with_capacity(copies * real.len());
    for copy in 0..copies {
        let odd: &[u8] = [&b"\t"[..], b"\\", b"\n", b"\r", b"\xE9"][copy % 5];
        let path = if copy % 7 == 0 {
            let mut name = b"copy".to_vec();
            name.extend_from_slice(odd);
            name.extend_from_slice(format!("{copy}/text.txt").as_bytes());
            crate::SourcePath::new(&name)
        } else {
            format!("copy-{}/text.txt", copy % 3).into()
        };
        out.extend(real.iter().cloned().map(|mut r| {
            r.path = path.clone();
            r
        }));
    }
    out
}

#[test]
fn paths_ranked_in_many_chunks_sort_as_the_full_keys() {
    // Chunks of 7 records in unit tests: every chunk meets paths others meet too.
    let records = real_copies(9);
    for order in [Order::Code, Order::Stipulation] {
        let directory = Directory::new(records.clone(), order);
        let mut keyed: Vec<(Key, usize)> = records
            .iter()
            .enumerate()
            .map(|(i, r)| (Key::of(r, order), i))
            .collect();
        keyed.sort();
        let expected: Vec<&Record> = keyed.iter().map(|&(_, i)| &records[i]).collect();
        let got: Vec<&Record> = directory.entries().collect();
        assert!(
            got == expected,
            "{order:?}: the order differs from the full keys'"
        );
    }
}

#[test]
fn a_listing_of_many_batches_reads_back_in_directory_order() {
    // Batches of 15 rows in chunks of 5 in unit tests; the last batch is not full.
    let mut records = real_copies(9);
    if records.len().is_multiple_of(15) {
        records.pop(); // the last batch must not be full, whatever the fixtures hold
    }
    for order in [Order::Code, Order::Stipulation] {
        let directory = Directory::new(records.clone(), order);
        let expected: Vec<&Record> = directory.entries().collect();
        for format in [Format::Tsv, Format::Jsonl] {
            let mut bytes = Vec::new();
            format
                .write(&Listing::directory(&directory), &mut bytes)
                .unwrap();
            let back = read::records(bytes.as_slice()).unwrap();
            assert_eq!(back.len(), expected.len(), "{format:?} {order:?}");
            for (i, (got, want)) in back.iter().zip(&expected).enumerate() {
                // TSV has no column for the diagram copy nor the stipulation's source; JSONL
                // keeps both.
                let mut want = (*want).clone();
                if format == Format::Tsv {
                    want.diagram = None;
                    want.stipulation_source = None;
                }
                assert_eq!(*got, want, "{format:?} {order:?}, entry {i}");
            }
        }
    }
}

/// Takes the first part of the rows slowly, so that the writer's helper renders ahead and waits
/// for buffers, then fails at the second, as a pipe whose reader went away does. The header's
/// small writes pass.
struct FailingLate {
    parts: usize,
}

impl std::io::Write for FailingLate {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if buf.len() < 200 {
            return Ok(buf.len());
        }
        self.parts += 1;
        std::thread::sleep(std::time::Duration::from_millis(200));
        if self.parts == 1 {
            Ok(buf.len())
        } else {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_write_error_in_a_long_listing_is_returned_not_waited_on() {
    // Many batches of 15 rows in unit tests; the writer fails at the second part of the first
    // batch, while the helper that renders the rows waits for buffers to come back. This hung
    // before the fix.
    let records = real_copies(3);
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let directory = Directory::new(records, Order::Code);
        let listing = Listing::directory(&directory);
        let result = Format::Tsv.write(&listing, FailingLate { parts: 0 });
        let _ = done_tx.send(result.map_err(|e| e.kind()));
    });
    let result = done_rx
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("the write returns instead of hanging");
    assert_eq!(result, Err(std::io::ErrorKind::BrokenPipe));
}
