//! Scanning many inputs in parallel and handing their records back in input order, as they
//! are found.
//!
//! Work is cut into *units*: a whole small input, or one chunk of an input larger than a chunk.
//! Every worker of the rayon pool takes the next unit in input order: first an unclaimed chunk
//! of an input already opened (the earliest such input), else the next input, which it opens;
//! an input larger than a chunk is then offered to every worker, chunk by chunk. So units
//! finish about in the order the output needs them and one big file keeps every core busy. The
//! worker that finishes the unit next in order hands it on ([`Handoff`]); the few that finished
//! early wait, at most [`BACKLOG_PER_THREAD`] a thread, so the heap grows with the records of a
//! few chunks per thread, not with the input.

use std::collections::VecDeque;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

mod claim;
mod config;
mod source;

pub use config::InputConfig;

use claim::{Claim, Job, Open};

use super::batches::{Batches, MERGE_RECORDS};
use super::guard::{Failed, scan_chunk_guarded};
use super::handoff::{FileOutcome, Handoff, ScanEvent, Stop, Unit, lock};
use super::{ChunkScan, Reading, chunks};
use crate::context::label::LabelRules;
use crate::fault::Fault;
use crate::input::{InputPath, Opened, open_caught};
use crate::record::Fields;
use crate::source_path::SourcePath;

/// Everything a multi-input scan needs besides the inputs: the run's [`InputConfig`] and what
/// this call decides of its own.
pub struct ScanInputs<'a> {
    /// How inputs are opened and their texts scanned: chunking, [`OpenOptions`](crate::input::OpenOptions), PGN, label
    /// rules.
    pub config: &'a InputConfig,
    /// Called with bytes done, from any thread.
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// The fields of each record of text filled ([`Fields`]): [`Fields::Listing`] for an output
    /// of one line per code, which shows fewer and reads no label (the look-back is not paid
    /// for); [`Fields::All`] reads labels under the config's rules. The records of PGN games
    /// are always whole.
    pub fields: Fields,
}

impl ScanInputs<'_> {
    /// What the scan of each text reads besides positions.
    fn reading(&self) -> Reading<'_> {
        Reading {
            labels: self.labels(),
            fields: self.fields,
        }
    }

    /// The label rules when labels are read ([`Fields::All`]), else `None`.
    fn labels(&self) -> Option<&LabelRules> {
        (self.fields == Fields::All).then_some(&self.config.labels)
    }
}

/// True when `input` is read as PGN: asked for, or a file named `*.pgn` (any case).
fn is_pgn(input: &InputPath, asked: bool) -> bool {
    // The name's last bytes, not `Path::extension`, which takes the path apart (a cost per
    // file seen in a tree of small files, docs/performance.md); the same answer: a name `.pgn`
    // alone is a hidden file with no extension.
    let name = input.path().as_os_str().as_encoded_bytes();
    asked
        || name.len() > 4
            && name[name.len() - 4..].eq_ignore_ascii_case(b".pgn")
            && !std::path::is_separator(char::from(name[name.len() - 5]))
}

/// True when a text's name (a path, an archive member, standard input's `--label`) ends in
/// `.pgn`, any case.
fn is_pgn_name(name: &SourcePath) -> bool {
    name.ends_with_ignore_case(".pgn")
}

/// Finished units per thread that may wait to be handed on before the workers pause.
const BACKLOG_PER_THREAD: usize = 4;

/// How long a worker pauses when the backlog is full.
const BACKLOG_PAUSE: Duration = Duration::from_micros(200);

/// What the workers share.
struct Queue<'a> {
    inputs: &'a [InputPath],
    options: &'a ScanInputs<'a>,
    /// The next input nobody has opened.
    next_input: AtomicUsize,
    /// Inputs being opened right now: a worker that finds no unit waits for them, as one of
    /// them may turn out large enough to share.
    opening: AtomicUsize,
    /// Inputs larger than a chunk with chunks left to claim, in input order.
    open: Mutex<VecDeque<Open>>,
    /// Set when the reader of the results went away.
    cancel: AtomicBool,
    /// How chunks are cut into batches.
    batches: Batches,
}

impl Queue<'_> {
    /// Opens input `index`. A text file loaded whole is scanned whole when it is one chunk,
    /// or its chunks are offered to every worker (this one takes the first); any other input
    /// is read and scanned by this worker, text after text ([`Queue::scan_source`]).
    fn open(&self, index: usize, send: &impl Fn(usize, Unit), backlog: &impl Backlog) {
        let options = self.options;
        let input = &self.inputs[index];
        let opened = open_caught(input, &options.config.open);
        let loaded = match opened {
            Ok(Opened::Whole(loaded)) if loaded.should_scan(options.config.open.load) => loaded,
            Ok(Opened::Whole(loaded)) => {
                self.opening.fetch_sub(1, Ordering::SeqCst);
                (options.progress)(loaded.bytes.len() as u64);
                crate::input::recycle(loaded.bytes);
                return send(index, end(0, 0, FileOutcome::SkippedBinary));
            }
            Ok(Opened::Source(source)) => {
                self.opening.fetch_sub(1, Ordering::SeqCst);
                return self.scan_source(index, source, send, backlog);
            }
            Err(err) => {
                self.opening.fetch_sub(1, Ordering::SeqCst);
                return send(index, end(0, 0, FileOutcome::Failed(err)));
            }
        };
        let path = options.config.open.name(input);
        if is_pgn(input, options.config.pgn) {
            // Games, not text: read whole by pgn-reader on this worker.
            self.opening.fetch_sub(1, Ordering::SeqCst);
            let (scan, stop) = super::scan_pgn_guarded(&loaded.bytes, &path, options.labels());
            return send(index, whole_unit(&loaded, scan, stop, options));
        }
        if let Some(kind) = crate::keyed::data_kind(path.as_bytes(), &loaded.bytes) {
            // Study data: its records by their keys, and its text, read whole on this worker.
            self.opening.fetch_sub(1, Ordering::SeqCst);
            let (scan, stop) = crate::scan::keyed::scan_keyed_guarded(
                &loaded.bytes,
                &path,
                kind,
                &options.config.keys,
                options.reading(),
            );
            return send(index, whole_unit(&loaded, scan, stop, options));
        }
        let ranges: Vec<Range<usize>> =
            chunks(loaded.bytes.len(), options.config.scan.chunk_size).collect();
        let first = Job {
            index,
            path: path.clone(),
            range: ranges.first().cloned().unwrap_or(0..0),
            loaded: Arc::new(loaded),
            chunk: 0,
            of: ranges.len().max(1),
        };
        if ranges.len() <= 1 {
            self.opening.fetch_sub(1, Ordering::SeqCst);
            return self.scan(first, send, backlog);
        }
        {
            let mut open = lock(&self.open);
            // Inputs are opened in order but may finish opening out of it.
            let at = open.partition_point(|o| o.index < index);
            open.insert(
                at,
                Open {
                    index,
                    path,
                    loaded: first.loaded.clone(),
                    ranges,
                    next: 1,
                },
            );
            self.opening.fetch_sub(1, Ordering::SeqCst);
        }
        self.scan(first, send, backlog);
    }

    /// Scans the chunk of `job` a batch at a time ([`Batches`]) and files the batches as
    /// units: consecutive batches together while their records are fewer than
    /// [`MERGE_RECORDS`] (so sparse text, nearly all text, is handed on a chunk at a time, as
    /// cheaply as before), a batch on its own once they are more. Before each batch that starts
    /// a unit, but the chunk's first, it waits while too many finished units wait for an
    /// earlier one ([`Queue::wait_turn`]), so that a chunk dense with codes does not pile up
    /// its records.
    fn scan(&self, job: Job, send: &impl Fn(usize, Unit), backlog: &impl Backlog) {
        let batches = self.batches;
        let first = job.chunk * batches.per_chunk;
        let cut = batches.cut(job.range.clone());
        let count = cut.len();
        let bytes = job.loaded.bytes.len() as u64;
        // The batches scanned and not yet filed: the first one's unit number, its scan, the
        // scans after it, and their records.
        let mut pending: Option<(usize, ChunkScan, Vec<ChunkScan>, usize)> = None;
        // Bytes scanned and not yet reported to `progress` (once a unit, not once a batch).
        let done = std::cell::Cell::new(0u64);
        let file = |from: usize, to: usize, scan, more, stop: Option<Stop>| {
            (self.options.progress)(done.take());
            send(
                job.index,
                Unit::Chunk {
                    chunk: first + from,
                    following: first + to,
                    last: job.chunk + 1 == job.of && to == count,
                    restart: false,
                    bytes,
                    encoding: job.loaded.encoding,
                    stop,
                    scan,
                    more,
                },
            );
        };
        for (i, range) in cut.enumerate() {
            if i > 0 && pending.is_none() && !self.wait_turn((job.index, first + i), send, backlog)
            {
                return;
            }
            let len = range.len() as u64;
            let start = range.start as u64;
            let last_of_chunk = i + 1 == count;
            let scanned = scan_chunk_guarded(
                &job.loaded.bytes,
                &job.path,
                range,
                self.options.reading(),
                0,
            );
            done.set(done.get() + len);
            let mut scan = match scanned {
                Ok(scan) => scan,
                Err(failed) => {
                    // The records before the fault are handed on, then the input stops.
                    if let Some((from, before, more, _)) = pending.take() {
                        file(from, i, before, more, None);
                    }
                    let Failed { scan, at, fault } = *failed;
                    let stop = Stop::Fault {
                        text: job.path.clone(),
                        at,
                        message: fault.message,
                    };
                    let last = job.chunk + 1 == job.of;
                    (self.options.progress)(done.take());
                    send(
                        job.index,
                        Unit::Chunk {
                            chunk: first + i,
                            following: first + count,
                            last,
                            restart: false,
                            bytes,
                            encoding: job.loaded.encoding,
                            stop: Some(stop),
                            scan,
                            more: Vec::new(),
                        },
                    );
                    return;
                }
            };
            // A file that shrank under its map may have been read as zeros: this batch's
            // records are not trusted, nor those of the batches after it (`InOrder` drops
            // them); those before it are handed on. The guard's flag after every batch, one
            // `fstat` a chunk, for a map only (docs/reliability.md).
            let changed = if last_of_chunk {
                job.loaded.bytes.changed()
            } else {
                job.loaded.bytes.read_zeros()
            };
            if changed {
                if let Some((from, before, more, _)) = pending.take() {
                    file(from, i, before, more, None);
                }
                scan.found = Vec::new();
                scan.line_feeds = Vec::new();
                scan.links = Vec::new();
                file(
                    i,
                    i + 1,
                    scan,
                    Vec::new(),
                    Some(Stop::Shrank { from: start }),
                );
                continue;
            }
            let records = scan.found.len();
            let (from, head, more, records) = match pending.take() {
                Some((from, head, mut more, before)) => {
                    more.push(scan);
                    (from, head, more, before + records)
                }
                None => (i, scan, Vec::new(), records),
            };
            if last_of_chunk || records >= MERGE_RECORDS {
                file(from, i + 1, head, more, None);
            } else {
                pending = Some((from, head, more, records));
            }
        }
        // The chunk's pages of a mapped file are unmapped by this worker now, not all by one
        // thread at exit (docs/performance.md, "Pages released as the scan goes").
        job.loaded.bytes.release(job.range.clone());
    }

    /// A worker: takes units until none is left. While `backlog` names the unit that too
    /// many finished ones wait for, it takes that unit or none (a slow reader of the output
    /// must not make the records of a whole file pile up in memory).
    fn work(&self, send: &impl Fn(usize, Unit), backlog: &impl Backlog) {
        loop {
            match self.claim(backlog()) {
                Claim::Chunk(job) => self.scan(job, send, backlog),
                Claim::Input(index) => self.open(index, send, backlog),
                // Another worker is opening an input that may be shared; opening is short.
                Claim::Wait => std::thread::yield_now(),
                Claim::Pause => std::thread::sleep(BACKLOG_PAUSE),
                Claim::Finished => return,
            }
        }
    }
}

/// Reports the unit that too many finished ones wait for, if any (see [`Queue::work`]).
trait Backlog: Fn() -> Option<(usize, usize)> {}
impl<F: Fn() -> Option<(usize, usize)>> Backlog for F {}

/// The one unit of an input scanned whole on one worker (a PGN file's games, a file of study
/// data): its `scan` and why it stopped, if it did; the input's bytes counted as read.
fn whole_unit(
    loaded: &crate::input::Loaded,
    scan: super::ChunkScan,
    stop: Option<super::handoff::Stop>,
    options: &ScanInputs<'_>,
) -> Unit {
    let bytes = loaded.bytes.len() as u64;
    (options.progress)(bytes);
    Unit::Chunk {
        chunk: 0,
        following: 1,
        last: true,
        restart: false,
        bytes,
        encoding: loaded.encoding,
        stop,
        scan,
        more: Vec::new(),
    }
}

/// The last unit of an input after `chunk` others: its end, with nothing inside it.
fn end(chunk: usize, bytes: u64, outcome: FileOutcome) -> Unit {
    Unit::End {
        chunk,
        bytes,
        outcome,
        problems: Vec::new(),
        binary_members: Vec::new(),
    }
}

/// Scans `inputs` on the current rayon pool (inputs in parallel, and the chunks of each large
/// input too) and calls `on_event` with their records and ends **in input order**, each
/// input's records as soon as the chunks before them are done. `on_event` runs on the worker
/// that finished the unit next in order, one call at a time; the calling thread only waits.
/// When `on_event` returns `Break` (the reader of the output went away), no unit is started
/// any more and nothing further is handed back.
pub fn scan_inputs(
    inputs: &[InputPath],
    options: &ScanInputs<'_>,
    on_event: impl FnMut(ScanEvent<'_>) -> ControlFlow<()> + Send,
) {
    let queue = Queue {
        inputs,
        options,
        next_input: AtomicUsize::new(0),
        opening: AtomicUsize::new(0),
        open: Mutex::new(VecDeque::new()),
        cancel: AtomicBool::new(false),
        batches: Batches::new(options.config.scan.chunk_size),
    };
    let handoff = Handoff::new(inputs, on_event);
    // Faults of inputs are caught where they happen (`guard.rs`, `open`, `source.rs`); one
    // that escapes to here (in the hand-over's consumer, or in the queue itself) cancels the
    // scan, so that no worker waits for a unit that will never come, and is raised again on
    // the calling thread once every worker has stopped.
    let escaped: Mutex<Option<Fault>> = Mutex::new(None);
    rayon::scope(|s| {
        for _ in 0..rayon::current_num_threads() {
            s.spawn(|_| {
                let worked = crate::fault::catch(|| {
                    queue.work(
                        &|index, unit| handoff.finished(index, unit, &queue.cancel),
                        &|| handoff.backlog(BACKLOG_PER_THREAD * rayon::current_num_threads()),
                    );
                });
                if let Err(fault) = worked {
                    queue.cancel.store(true, Ordering::SeqCst);
                    lock(&escaped).get_or_insert(fault);
                }
            });
        }
    });
    if let Some(fault) = escaped.into_inner().unwrap_or_else(|e| e.into_inner()) {
        std::panic::resume_unwind(Box::new(fault.message));
    }
}

#[cfg(test)]
mod tests;
