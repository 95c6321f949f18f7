//! The properties of gbr's whole pipelines on one text, checked by the grammar campaign
//! (`fuzz/src/bin/grammar.rs`) and by its bounded run in `cargo test`
//! (`tests/it/fuzz_properties.rs`, which compiles this file by `#[path]`). Each function panics
//! when a property fails; a panic inside the library is a failure too.
//!
//! [`scan`] is cheap and runs on every input: the scan of `gbr scan`, whole and in chunks, and
//! its records written as JSON, its diagrams. [`directory`], [`check`] and [`pgn`] cost more
//! and run on a fraction of the inputs (the campaign's `--deep-every`): the directory of
//! `gbr index` sorted both ways, written in every format and looked up (`gbr lookup`), the
//! comparison of copies of `gbr check`, and the PGN reader.

use std::sync::Arc;

use gbrscan::Record;
use gbrscan::copies::{self, Against, Input};
use gbrscan::directory::{Directory, DuplicateOptions, Order};
use gbrscan::render::{Format, Listing};
use gbrscan::render::{Layout, Print};
use gbrscan::saved::lookup::{Query, SavedDirectory};
use gbrscan::saved::read;
use gbrscan::scan::{ScanOptions, scan_buffer};

/// The name the records of a fuzz input carry as their path.
pub const PATH: &str = "fuzz.txt";

/// The scan of `data` (`gbr scan`), returned for the other properties:
///
/// - a scan in chunks of each of `chunk_sizes` bytes gives the records of the whole-buffer
///   scan (the scanner's promise, src/scan/mod.rs);
/// - the records come in order of offset, each span (`offset`, `length`) inside `data`, lines
///   and columns from 1;
/// - each record's `text` is the text of its span, and its canonical text reads back
///   (`gbr decode`) as the same canonical text;
/// - each record written as JSON (`gbr scan --json`) reads back equal;
/// - every diagram in `data` stands inside it, and its board, and every record's board,
///   written in the EG font reads back the same.
pub fn scan(data: &[u8], chunk_sizes: &[usize]) -> Vec<Record> {
    let whole = scan_buffer(
        data,
        PATH,
        ScanOptions {
            chunk_size: 1 << 20,
        },
        &|_| {},
    );
    for &chunk_size in chunk_sizes {
        let chunked = scan_buffer(data, PATH, ScanOptions { chunk_size }, &|_| {});
        assert!(
            chunked == whole,
            "scan in chunks of {chunk_size} bytes differs from the whole: {} records against {}",
            chunked.len(),
            whole.len()
        );
    }
    let mut last = 0;
    for record in &whole {
        let end = record.offset.checked_add(record.length);
        assert!(
            end.is_some_and(|end| end <= data.len() as u64),
            "record span {}+{} past the input's {} bytes",
            record.offset,
            record.length,
            data.len()
        );
        assert!(record.offset >= last, "records out of order of offset");
        last = record.offset;
        assert!(record.line >= 1 && record.column >= 1, "line or column 0");
        let span = &data[record.offset as usize..(record.offset + record.length) as usize];
        assert!(
            span == record.text.as_bytes(),
            "record text {:?} is not the text of its span {:?}",
            record.text,
            String::from_utf8_lossy(span)
        );
        // The canonical text is what `gbr decode` reads back: the same position again.
        let parsed = gbrscan::parse_text(&record.canonical).unwrap_or_else(|e| {
            panic!(
                "canonical text {:?} does not read back: {e}",
                record.canonical
            )
        });
        let again = parsed.position.to_string();
        assert!(
            again == record.canonical.as_str(),
            "canonical text {:?} reads back as {again:?}",
            record.canonical
        );
        let json = serde_json::to_string(record).expect("a record writes as JSON");
        let back: Record = serde_json::from_str(&json).expect("a record's JSON reads back");
        assert!(
            back == *record,
            "a record's JSON reads back different: {json}"
        );
    }
    for d in gbrscan::internals::diagram::all(data) {
        assert!(
            d.span.start < d.span.end && d.span.end <= data.len(),
            "diagram span {:?} past the input's {} bytes",
            d.span,
            data.len()
        );
        rendered_reads_back(&d.board);
    }
    for board in whole.iter().filter_map(|r| r.fen.as_ref()) {
        rendered_reads_back(board);
    }
    whole
}

/// A board written in the EG diagram font (`diagram::render`) reads back the same
/// (`diagram::read_at`, of which it is the inverse).
fn rendered_reads_back(board: &shakmaty::Board) {
    let text = gbrscan::internals::diagram::render(board);
    let start = text.find('\n').map_or(0, |i| i + 1);
    let back = gbrscan::internals::diagram::read_at(text.as_bytes(), start);
    assert!(
        back.as_ref().is_some_and(|d| d.board == *board),
        "a rendered diagram reads back as another board: {board} then {:?}",
        back.map(|d| d.board.to_string())
    );
}

/// The PGN reader (`gbr scan` of a `.pgn` file) on `data`: each game's record written as
/// JSON reads back equal.
pub fn pgn(data: &[u8]) {
    let read = gbrscan::pgn::read_pgn(data, PATH);
    for record in &read.records {
        let json = serde_json::to_string(record).expect("a record writes as JSON");
        let back: Record = serde_json::from_str(&json).expect("a record's JSON reads back");
        assert!(
            back == *record,
            "a PGN record's JSON reads back different: {json}"
        );
    }
}

/// The directory of `records` (`gbr index`): sorted in both orders; every format written
/// (`xlsx` in code order only),
/// the printed ones also in the compact layout and with diagrams under a title of markup,
/// and with duplicates and near duplicates listed; `gbr lookup` finds entries in the saved
/// formats by their code and kings; the two saved formats read back the
/// entries written, in directory order (the TSV has the columns of
/// `gbrscan::saved::columns::COLUMNS` only).
pub fn directory(records: &[Record]) {
    for order in [Order::Code, Order::Stipulation] {
        let directory = Directory::new(records.to_vec(), order);
        assert_eq!(directory.len(), records.len(), "a directory loses entries");
        let listing = Listing::directory(&directory);
        let mut written = Vec::new();
        // The workbook (a zip of XML, compressed) costs as much as the other formats together:
        // written in one order only.
        let formats = Format::ALL
            .into_iter()
            .filter(|f| order == Order::Code || *f != Format::Xlsx);
        for format in formats {
            let mut out = Vec::new();
            format
                .write(&listing, &mut out)
                .unwrap_or_else(|e| panic!("{} fails to write: {e}", format.name()));
            written.push((format, out));
        }
        // The printed layouts: a book's compact columns, diagrams, a title of markup.
        for (layout, diagrams) in [(Layout::Compact, false), (Layout::Full, true)] {
            let print = Print {
                title: Some("<b>Studies & \"wins\"</b> {{ title }} \\".to_string()),
                layout,
                diagrams,
                columns: 2,
                ..Print::default()
            };
            for format in [Format::Text, Format::Html, Format::Markdown, Format::Latex] {
                format
                    .write_with(&listing, &print, &mut Vec::new())
                    .unwrap_or_else(|e| panic!("{} fails to print: {e}", format.name()));
            }
        }
        let entries: Vec<Record> = directory.entries().cloned().collect();
        let read = |format: Format| {
            let (_, out) = written.iter().find(|(f, _)| *f == format).expect("written");
            read::records(&out[..])
                .unwrap_or_else(|e| panic!("{} does not read back: {e}", format.name()))
        };
        let jsonl = read(Format::Jsonl);
        assert!(
            jsonl == entries,
            "JSON Lines read back different entries: {}",
            difference(&jsonl, &entries)
        );
        let mut tsv = read(Format::Tsv);
        let mut expected = entries;
        // A TSV row has no column for where the stipulation was read, for the diagram's
        // board or for a PGN game's study (src/saved/columns.rs).
        for record in tsv.iter_mut().chain(&mut expected) {
            record.stipulation_source = None;
            record.diagram = None;
            record.study = None;
        }
        assert!(
            tsv == expected,
            "TSV reads back different entries: {}",
            difference(&tsv, &expected)
        );
        lookup(&written, &directory);
        for options in [
            DuplicateOptions::default(),
            DuplicateOptions {
                across_sources: false,
                near: true,
            },
        ] {
            let listing = Listing::duplicates_with(&directory, options);
            for format in [Format::Text, Format::Tsv, Format::Html] {
                format
                    .write(&listing, &mut Vec::new())
                    .unwrap_or_else(|e| panic!("duplicates in {} fail: {e}", format.name()));
            }
        }
    }
}

/// `gbr lookup` in the saved directories `written`: the first entries of `directory` (and
/// its last) are found by their code, and by their code and kings.
fn lookup(written: &[(Format, Vec<u8>)], directory: &Directory) {
    let entries: Vec<&Record> = directory.entries().collect();
    let some = entries.iter().take(3).chain(entries.last());
    for (format, bytes) in written {
        if format.saved().is_none() {
            continue;
        }
        let saved = SavedDirectory::new(bytes)
            .unwrap_or_else(|e| panic!("{} does not open for lookup: {e}", format.name()));
        for entry in some.clone() {
            let code = entry.code.to_string();
            let entry_kings = entry.kings.map(|k| k.to_string());
            for kings in [None, entry_kings.as_deref()] {
                let query = Query::parse(Some(&code), kings)
                    .unwrap_or_else(|e| panic!("query {code} {kings:?} does not parse: {e}"));
                let found = saved
                    .lookup(&query)
                    .unwrap_or_else(|e| panic!("lookup in {} fails: {e}", format.name()));
                assert!(
                    found.iter().any(|r| r.offset == entry.offset),
                    "lookup of {code} {kings:?} in {} misses the entry at byte {}",
                    format.name(),
                    entry.offset
                );
            }
        }
    }
}

/// The fields that differ in the first record where `read` and `written` differ, or the
/// counts when they differ, for a failure's message.
fn difference(read: &[Record], written: &[Record]) -> String {
    if read.len() != written.len() {
        return format!("{} entries read, {} written", read.len(), written.len());
    }
    let Some((r, w)) = read.iter().zip(written).find(|(r, w)| r != w) else {
        return "none".to_string();
    };
    let (serde_json::Value::Object(r), serde_json::Value::Object(w)) = (
        serde_json::to_value(r).unwrap_or_default(),
        serde_json::to_value(w).unwrap_or_default(),
    ) else {
        return "not objects".to_string();
    };
    let fields: Vec<String> = w
        .iter()
        .filter(|(k, v)| r.get(*k) != Some(*v))
        .map(|(k, v)| {
            format!(
                "{k} written {v} read {}",
                r.get(k).unwrap_or(&serde_json::Value::Null)
            )
        })
        .collect();
    fields.join("; ")
}

/// The comparison of copies (`gbr check`) on `data` alone, with its near misses, and against
/// the directory of its own records, and with `data` as a printed index of itself: every
/// diagnostic's span inside the text, its line and column from 1; no panic caught as a fault;
/// as many codes checked as the scan finds.
pub fn check(data: &[u8], records: &[Record]) {
    let path: Arc<str> = Arc::from(PATH);
    let inputs = [
        Input {
            path: path.clone(),
            source: path.clone(),
            text: data,
            added: &[],
        },
        Input {
            path: Arc::from("index.txt"),
            source: Arc::from("index.txt"),
            text: data,
            added: &[],
        },
    ];
    let entries = records
        .iter()
        .map(copies::index::Entry::of_record)
        .collect();
    let runs = [
        (&inputs[..1], None),
        (&inputs[..1], Some(Against::Entries(entries))),
        (&inputs[..], Some(Against::Input(1))),
    ];
    for (inputs, against) in runs {
        // Without a directory, the file's own directory is looked for, as `gbr check` does.
        let options = copies::Options {
            near_misses: true,
            own_directory: against.is_none(),
            against,
            ..copies::Options::default()
        };
        let report = copies::check_inputs(inputs, &options);
        // `gbr check` reports a panic of its reading as a fault of the input and goes on
        // (docs/reliability.md, "Fault isolation"); here it is a failure, raised again with
        // its own message so that it counts with the same panic met elsewhere.
        if let Some(fault) = report.faults.first() {
            std::panic::resume_unwind(Box::new(fault.fault.message.clone()));
        }
        if inputs.len() == 1 {
            assert!(
                report.codes == records.len() as u64,
                "check reads {} codes where the scan finds {}",
                report.codes,
                records.len()
            );
        }
        for d in &report.diagnostics {
            let Some(input) = d.input else { continue };
            let text = inputs[input].text;
            assert!(
                d.span.start <= d.span.end && d.span.end <= text.len(),
                "diagnostic {} span {:?} past the text's {} bytes",
                d.check,
                d.span,
                text.len()
            );
            assert!(
                d.line >= 1 && d.column >= 1,
                "diagnostic at line or column 0"
            );
        }
    }
}
