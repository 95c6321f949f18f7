//! `scan_inputs` on the project's fixtures and the real corpus: records stream back in input
//! order, each input's batches then its end, the same records as a whole-buffer scan of each
//! file, at every thread count and chunk size (STYLE.md practice 7).

use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::time::Duration;

use gbrscan::Record;
use gbrscan::input::{InputPath, LoadOptions, walk};
use gbrscan::scan::{
    FileOutcome, InputConfig, ScanEvent, ScanInputs, ScanOptions, scan_buffer, scan_inputs,
};

/// What a scan handed back, flattened: `Records(path, line, column, canonical)` per record and
/// `Done(path, bytes, codes, outcome)` per input, in the order handed back.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Seen {
    Record(String, u64, u64, String),
    Done(String, u64, u64, &'static str),
}

fn outcome_name(outcome: &FileOutcome) -> &'static str {
    match outcome {
        FileOutcome::Scanned { .. } => "scanned",
        FileOutcome::SkippedBinary => "binary",
        FileOutcome::Failed(_) => "failed",
        FileOutcome::Changed { .. } => "changed",
    }
}

/// A rayon pool of `threads` workers.
fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool")
}

/// The configuration of the scans here: chunks of `chunk_size` bytes, files memory-mapped
/// when `mmap` (else read as streams), the built-in label rules.
fn config(mmap: bool, chunk_size: usize) -> InputConfig {
    InputConfig {
        scan: ScanOptions { chunk_size },
        open: gbrscan::input::OpenOptions {
            load: LoadOptions {
                mmap,
                ..LoadOptions::default()
            },
            ..gbrscan::input::OpenOptions::default()
        },
        ..InputConfig::default()
    }
}

/// The scans of `config`, every field filled (labels read), no progress.
fn options(config: &InputConfig) -> ScanInputs<'_> {
    ScanInputs {
        config,
        progress: &|_| {},
        fields: gbrscan::Fields::All,
    }
}

/// Scans `inputs` on a pool of `threads` with chunks of `chunk_size` bytes.
fn scan_all(inputs: &[InputPath], threads: usize, chunk_size: usize) -> Vec<Seen> {
    scan_slowly(inputs, threads, chunk_size, Duration::ZERO)
}

/// [`scan_all`] with a reader that takes `pause` over each event, as a slow terminal does.
fn scan_slowly(
    inputs: &[InputPath],
    threads: usize,
    chunk_size: usize,
    pause: Duration,
) -> Vec<Seen> {
    let pool = pool(threads);
    let config = config(true, chunk_size);
    let options = options(&config);
    let mut seen = Vec::new();
    pool.install(|| {
        scan_inputs(inputs, &options, |event| {
            std::thread::sleep(pause);
            match event {
                ScanEvent::Records { input, records } => {
                    assert!(!records.is_empty(), "an empty batch for {input:?}");
                    for r in records {
                        assert_eq!(r.path.to_path_buf(), input.path());
                        seen.push(Seen::Record(
                            r.path.to_string(),
                            r.line,
                            r.column,
                            r.canonical.into(),
                        ));
                    }
                }
                ScanEvent::Done(file) => seen.push(Seen::Done(
                    file.input.path().display().to_string(),
                    file.bytes,
                    file.codes,
                    outcome_name(&file.outcome),
                )),
            }
            ControlFlow::Continue(())
        });
    });
    seen
}

/// The fixtures folder (and the real corpus, when present) walked as `gbr scan` walks them,
/// and a path that cannot be read.
fn fixture_inputs() -> Vec<InputPath> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<PathBuf> = vec![root.join("fixtures")];
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        paths.push(corpus);
    } else {
        eprintln!("skipped: ../shared/corpus not found; the fixtures alone were read");
    }
    // Text inputs only: the oracle below scans each file's bytes whole, which a PDF or a
    // document is not (tests/it/cli_inputs.rs and cli_documents.rs cover the other kinds).
    let mut inputs: Vec<InputPath> = walk(&paths)
        .inputs
        .into_iter()
        .filter(|i| {
            i.path().extension().is_none_or(|e| {
                !["pdf", "docx", "odt", "html", "epub"].contains(&e.to_str().unwrap_or(""))
            })
        })
        .collect();
    // An input that fails to open in the middle (the walk reports missing paths itself).
    inputs.insert(3, InputPath::File(root.join("fixtures/no-such-file.txt")));
    inputs
}

/// The expected events: each readable input scanned whole by `scan_buffer` (read by
/// `read_pgn` when named `*.pgn`; study data by `read_keyed` and `scan_buffer` together).
fn expected(inputs: &[InputPath]) -> Vec<Seen> {
    let mut seen = Vec::new();
    for input in inputs {
        let path = input.path().display().to_string();
        let Ok(loaded) = gbrscan::input::load(input, LoadOptions::default()) else {
            seen.push(Seen::Done(path, 0, 0, "failed"));
            continue;
        };
        if loaded.binary {
            seen.push(Seen::Done(path, 0, 0, "binary"));
            continue;
        }
        // Files named *.pgn are read as games, study data by its keys and as text (the text's
        // codes inside a record's code value left to the record), the rest scanned as text.
        let kind = gbrscan::keyed::data_kind(path.as_bytes(), &loaded.bytes);
        let records: Vec<Record> = if path.ends_with(".pgn") {
            gbrscan::pgn::read_pgn(&loaded.bytes, &path).records
        } else if let Some(kind) = kind {
            let keys = gbrscan::keyed::Keys::default();
            let name = gbrscan::SourcePath::from(path.as_str());
            let read = gbrscan::keyed::read_keyed(&loaded.bytes, &name, kind, &keys);
            let text = scan_buffer(&loaded.bytes, &path, ScanOptions::default(), &|_| {});
            let mut records = read.records;
            records.extend(text.into_iter().filter(|r| {
                let at = r.offset as usize + r.text.find(r.code.to_string().as_str()).unwrap_or(0);
                !read.code_values.iter().any(|v| v.contains(&at))
            }));
            records.sort_by_key(|r| r.offset);
            records
        } else {
            scan_buffer(&loaded.bytes, &path, ScanOptions::default(), &|_| {})
        };
        let codes = records.len() as u64;
        seen.extend(
            records
                .into_iter()
                .map(|r| Seen::Record(r.path.to_string(), r.line, r.column, r.canonical.into())),
        );
        seen.push(Seen::Done(
            path,
            loaded.bytes.len() as u64,
            codes,
            "scanned",
        ));
    }
    seen
}

#[test]
fn records_stream_in_input_order_at_every_thread_count_and_chunk_size() {
    let inputs = fixture_inputs();
    let want = expected(&inputs);
    assert!(
        want.iter()
            .filter(|s| matches!(s, Seen::Record(..)))
            .count()
            > 50,
        "the fixtures hold codes"
    );
    assert!(want.contains(&Seen::Done(
        inputs[3].path().display().to_string(),
        0,
        0,
        "failed"
    )));
    assert!(want.iter().any(|s| matches!(s, Seen::Done(.., "binary"))));
    for threads in [1, 2, 3] {
        for chunk_size in [1, 7, 64, 1000, 1 << 22] {
            assert_eq!(
                scan_all(&inputs, threads, chunk_size),
                want,
                "{threads} threads, chunks of {chunk_size} bytes"
            );
        }
    }
}

#[test]
fn a_slow_reader_holds_the_workers_back_without_losing_or_reordering_records() {
    // Finished units pile up behind the reader until the workers pause; they must still hand
    // on everything, in order, and finish.
    let inputs = fixture_inputs();
    let want = expected(&inputs);
    for (threads, chunk_size) in [(2, 64), (3, 7), (3, 1 << 22)] {
        assert_eq!(
            scan_slowly(&inputs, threads, chunk_size, Duration::from_micros(50)),
            want,
            "{threads} threads, chunks of {chunk_size} bytes"
        );
    }
}

#[test]
fn a_break_stops_the_stream() {
    let inputs = fixture_inputs();
    let pool = pool(2);
    let config = config(true, 64);
    let options = options(&config);
    let mut events = 0;
    pool.install(|| {
        scan_inputs(&inputs, &options, |_| {
            events += 1;
            if events == 3 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    });
    assert_eq!(events, 3);
}

/// Text dense with codes that earn their record (kings, squares, W/B on every line, 28 bytes a
/// code), 2 MiB in one 4 MiB chunk: its records are handed back in batches of at most one
/// 256 KiB stretch of text (9,363 codes), never a whole chunk's (74,898) at once; mapped and
/// streamed (`--no-mmap`), at one and two threads, at chunk sizes below, at and above a batch
/// (one that cuts lines) and with a slow reader; and they are, in order, the records of the
/// whole-buffer scan. Bare codes (`0116.00` lines) would prove nothing: a
/// source without kings hands them on in the chain's own batches of 4,096.
#[test]
fn records_of_dense_text_come_in_small_batches() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let dense = dir.path().join("dense.txt");
    let line = "a7d3 0116.00 b2b3c6d6 3/3+.\n";
    let text = line.repeat((2 << 20) / line.len());
    std::fs::write(&dense, &text).expect("dense text");
    let inputs = vec![InputPath::File(dense.clone())];
    let expected = expected(&inputs);
    let codes = text.len() / line.len();
    let Some(Seen::Done(_, _, found, _)) = expected.last() else {
        panic!("the scan ends with the file's end");
    };
    assert_eq!(*found, codes as u64, "every line is a record");
    let most = (256 << 10) / line.len() + 1;
    let default = ScanOptions::default().chunk_size;
    for (mmap, threads, chunk_size, pause) in [
        (true, 1, default, Duration::ZERO),
        (true, 2, default, Duration::ZERO),
        (true, 2, default, Duration::from_millis(5)),
        (true, 2, 300 << 10, Duration::ZERO),
        (true, 1, 64 << 10, Duration::ZERO),
        (true, 2, (1 << 20) + 7, Duration::ZERO),
        (false, 1, default, Duration::ZERO),
        (false, 2, 300 << 10, Duration::from_millis(5)),
    ] {
        let pool = pool(threads);
        let config = config(mmap, chunk_size);
        let options = options(&config);
        let mut largest = 0;
        let mut batches = 0;
        let mut seen = Vec::new();
        pool.install(|| {
            scan_inputs(&inputs, &options, |event| {
                std::thread::sleep(pause);
                match event {
                    ScanEvent::Records { records, .. } => {
                        largest = largest.max(records.len());
                        batches += 1;
                        seen.extend(records.into_iter().map(|r| {
                            Seen::Record(r.path.to_string(), r.line, r.column, r.canonical.into())
                        }));
                    }
                    ScanEvent::Done(file) => seen.push(Seen::Done(
                        file.input.path().display().to_string(),
                        file.bytes,
                        file.codes,
                        outcome_name(&file.outcome),
                    )),
                }
                ControlFlow::Continue(())
            });
        });
        let case =
            format!("mmap {mmap}, {threads} threads, chunks of {chunk_size}, pause {pause:?}");
        assert!(largest <= most, "a batch of {largest} records ({case})");
        assert!(batches >= codes / most, "{batches} batches ({case})");
        assert!(seen == expected, "{case}");
    }
}

/// Sparse text larger than a batch, with lines longer than a batch (a code on a line that
/// starts in an earlier batch, no line feed in between) and CR-only stretches: the batches of
/// a chunk, handed on together while they hold few records, give the records of the
/// whole-buffer scan, lines and columns included, mapped and streamed, at one and two threads
/// and several chunk sizes.
#[test]
fn batches_handed_on_together_keep_lines_and_columns() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let sparse = dir.path().join("sparse.txt");
    let mut text = String::new();
    for i in 0..40 {
        text.push_str(&"prose ".repeat(1000 + 37 * i));
        text.push_str(" a7d3 0116.00 b2b3c6d6 3/3+. ");
        if i % 3 == 0 {
            // A line of about 300 KiB: it crosses a batch boundary.
            text.push_str(&"x".repeat(300 << 10));
            text.push_str(" g3g1 0323.12 = ");
        }
        text.push_str(if i % 5 == 0 { "\r" } else { "\n" });
    }
    std::fs::write(&sparse, &text).expect("sparse text");
    assert!(text.len() > 4 << 20, "several batches and chunks");
    let inputs = vec![InputPath::File(sparse.clone())];
    let expected = expected(&inputs);
    assert!(expected.len() > 50, "{} records", expected.len());
    for (mmap, threads, chunk_size) in [
        (true, 1, ScanOptions::default().chunk_size),
        (true, 2, ScanOptions::default().chunk_size),
        (true, 2, 600 << 10),
        (true, 1, (1 << 20) + 7),
        (false, 2, ScanOptions::default().chunk_size),
        (false, 1, 600 << 10),
    ] {
        let pool = pool(threads);
        let config = config(mmap, chunk_size);
        let options = options(&config);
        let mut batches = 0;
        let mut seen = Vec::new();
        pool.install(|| {
            scan_inputs(&inputs, &options, |event| {
                match event {
                    ScanEvent::Records { records, .. } => {
                        batches += 1;
                        seen.extend(records.into_iter().map(|r| {
                            Seen::Record(r.path.to_string(), r.line, r.column, r.canonical.into())
                        }));
                    }
                    ScanEvent::Done(file) => seen.push(Seen::Done(
                        file.input.path().display().to_string(),
                        file.bytes,
                        file.codes,
                        outcome_name(&file.outcome),
                    )),
                }
                ControlFlow::Continue(())
            });
        });
        let case = format!("mmap {mmap}, {threads} threads, chunks of {chunk_size}");
        assert!(seen == expected, "{case}");
        assert!(batches > 1, "{case}");
    }
}
