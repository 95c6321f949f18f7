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
//! few chunks per thread, not with the input (issue #5).

use std::collections::VecDeque;
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::handoff::{FileOutcome, Handoff, ScanEvent, Unit, lock};
use super::{ScanOptions, chunks, scan_chunk};
use crate::input::{InputPath, LoadOptions, Loaded, load};

/// Everything a multi-input scan needs besides the inputs.
pub struct ScanInputs<'a> {
    /// Chunking of each buffer.
    pub scan: ScanOptions,
    /// Memory-mapping and binary files.
    pub load: LoadOptions,
    /// Called with bytes done, from any thread.
    pub progress: &'a (dyn Fn(u64) + Sync),
    /// Read every input as PGN ([`crate::pgn`]); inputs named `*.pgn` always are.
    pub pgn: bool,
}

/// True when `input` is read as PGN: asked for, or a file named `*.pgn` (any case).
fn is_pgn(input: &InputPath, asked: bool) -> bool {
    asked
        || input
            .path()
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"))
}

/// Finished units per thread that may wait to be handed on before the workers pause.
const BACKLOG_PER_THREAD: usize = 4;

/// How long a worker pauses when the backlog is full.
const BACKLOG_PAUSE: Duration = Duration::from_micros(200);

/// An input larger than a chunk, opened and offered to every worker chunk by chunk.
struct Open {
    index: usize,
    path: Arc<str>,
    loaded: Arc<Loaded>,
    ranges: Vec<Range<usize>>,
    /// Units (batches) of the input.
    of: usize,
    /// The next chunk nobody has claimed.
    next: usize,
}

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

/// A unit's key: (input, unit), the order in which units are handed on.
type Key = (usize, usize);

/// Bytes of a chunk handed on at once, about: 256 KiB. At the densest (a code every eight
/// bytes) a batch holds 32,768 records of about 0.9 KB each, so the records waiting to be
/// handed on stay within tens of MB a thread, whatever the text; a 4 MiB chunk of such text
/// held 470 MB.
pub(super) const BATCH_LEN: usize = 256 << 10;

/// How chunks are cut into batches, each handed on as a unit of its own: every chunk but an
/// input's last has `per_chunk` batches of `len` bytes, so an input's units are numbered
/// without gaps (chunk `c`'s first is `c * per_chunk`).
#[derive(Debug, Clone, Copy)]
struct Batches {
    per_chunk: usize,
    len: usize,
}

impl Batches {
    fn new(chunk_size: usize) -> Batches {
        let chunk_size = chunk_size.max(1);
        let per_chunk = chunk_size.div_ceil(BATCH_LEN);
        Batches {
            per_chunk,
            len: chunk_size.div_ceil(per_chunk),
        }
    }

    /// The batches of `range` (one, empty, for an empty range).
    fn cut(self, range: Range<usize>) -> impl Iterator<Item = Range<usize>> {
        let len = self.len;
        let count = range.len().div_ceil(len).max(1);
        (0..count).map(move |i| {
            let start = range.start + i * len;
            start..(start + len).min(range.end)
        })
    }

    /// Units of an input cut into the chunks `ranges` (one for an empty input).
    fn units(self, ranges: &[Range<usize>]) -> usize {
        ranges.last().map_or(1, |last| {
            (ranges.len() - 1) * self.per_chunk + self.cut(last.clone()).count()
        })
    }
}

/// A chunk to scan: chunk `chunk` (0-based) of input `index`, the bytes `range` of its
/// contents, whose batches are units `chunk * per_chunk ..` of the input's `of`.
struct Job {
    index: usize,
    path: Arc<str>,
    loaded: Arc<Loaded>,
    chunk: usize,
    of: usize,
    range: Range<usize>,
}

/// What a worker does next.
enum Claim {
    Chunk(Job),
    Input(usize),
    /// Nothing to claim until another worker has opened an input.
    Wait,
    /// Nothing to claim until the output has caught up.
    Pause,
    Finished,
}

impl Queue<'_> {
    /// The next unit to work on. `only` restricts the claim to the unit with that key (input,
    /// chunk), when too many finished units already wait for it ([`Claim::Pause`] otherwise):
    /// the lowest unclaimed unit is the front of `open` or else the next input, so the unit
    /// every waiting one waits for can always be claimed, and the workers never all pause
    /// with it left unclaimed.
    fn claim(&self, only: Option<Key>) -> Claim {
        if self.cancel.load(Ordering::Relaxed) {
            return Claim::Finished;
        }
        let allowed = |key: (usize, usize)| only.is_none_or(|only| only == key);
        let mut open = lock(&self.open);
        if let Some(first) = open.front_mut() {
            if !allowed((first.index, first.next * self.batches.per_chunk)) {
                return Claim::Pause;
            }
            let claim = Claim::Chunk(Job {
                index: first.index,
                path: first.path.clone(),
                loaded: first.loaded.clone(),
                chunk: first.next,
                of: first.of,
                range: first.ranges[first.next].clone(),
            });
            first.next += 1;
            if first.next == first.ranges.len() {
                open.pop_front();
            }
            return claim;
        }
        let index = self.next_input.load(Ordering::Relaxed);
        if index < self.inputs.len() {
            if !allowed((index, 0)) {
                return Claim::Pause;
            }
            // Claimed and counted as opening under the lock, so that no worker concludes the
            // scan is over while this input may still be shared.
            self.next_input.store(index + 1, Ordering::Relaxed);
            self.opening.fetch_add(1, Ordering::SeqCst);
            return Claim::Input(index);
        }
        // Read under the lock: an input being opened is offered to all and stops being counted
        // under the same lock, so it cannot slip between the two looks.
        if self.opening.load(Ordering::SeqCst) > 0 {
            Claim::Wait
        } else {
            Claim::Finished
        }
    }

    /// Opens input `index` and scans it whole when it is one chunk, or offers its chunks to
    /// every worker (this one takes the first).
    fn open(&self, index: usize, send: &impl Fn(usize, Unit), backlog: &impl Fn() -> Option<Key>) {
        let options = self.options;
        let input = &self.inputs[index];
        let loaded = load(input, options.load);
        let loaded = match loaded {
            Ok(loaded) if loaded.should_scan(options.load) => loaded,
            Ok(loaded) => {
                self.opening.fetch_sub(1, Ordering::SeqCst);
                (options.progress)(loaded.bytes.len() as u64);
                return send(index, Unit::NotScanned(FileOutcome::SkippedBinary));
            }
            Err(err) => {
                self.opening.fetch_sub(1, Ordering::SeqCst);
                return send(index, Unit::NotScanned(FileOutcome::Failed(err)));
            }
        };
        let path: Arc<str> = input.path().to_string_lossy().into();
        if is_pgn(input, options.pgn) {
            // Games, not text: read whole by pgn-reader on this worker.
            self.opening.fetch_sub(1, Ordering::SeqCst);
            let scan = super::scan_pgn(&loaded.bytes, &path);
            let bytes = loaded.bytes.len() as u64;
            (options.progress)(bytes);
            let (chunk, of, encoding) = (0, 1, loaded.encoding);
            return send(
                index,
                Unit::Chunk {
                    chunk,
                    of,
                    bytes,
                    encoding,
                    changed: None,
                    scan,
                },
            );
        }
        let ranges: Vec<Range<usize>> =
            chunks(loaded.bytes.len(), options.scan.chunk_size).collect();
        let first = Job {
            index,
            path: path.clone(),
            range: ranges.first().cloned().unwrap_or(0..0),
            loaded: Arc::new(loaded),
            chunk: 0,
            of: self.batches.units(&ranges),
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
                    of: first.of,
                    next: 1,
                },
            );
            self.opening.fetch_sub(1, Ordering::SeqCst);
        }
        self.scan(first, send, backlog);
    }

    /// Scans the chunk of `job` a batch at a time ([`Batches`]) and files each batch as a unit
    /// of its own. Before each batch after the first it waits while too many finished units
    /// wait for another one, so that a chunk dense with codes does not pile up its records.
    fn scan(&self, job: Job, send: &impl Fn(usize, Unit), backlog: &impl Fn() -> Option<Key>) {
        let batches = self.batches;
        let first = job.chunk * batches.per_chunk;
        let count = batches.cut(job.range.clone()).count();
        for (i, range) in batches.cut(job.range.clone()).enumerate() {
            let unit = first + i;
            if i > 0 {
                self.wait_turn((job.index, unit), backlog);
            }
            let len = range.len() as u64;
            let start = range.start as u64;
            let mut scan = scan_chunk(&job.loaded.bytes, &job.path, range);
            // A file that shrank under its map may have been read as zeros: this batch's
            // records are not trusted, nor those of the batches after it (`InOrder` drops
            // them). Zeros read are seen at once; a shrink with no zero read yet (one `fstat`)
            // at the end of each chunk.
            let bytes = &job.loaded.bytes;
            let changed = if i + 1 == count {
                bytes.changed()
            } else {
                bytes.read_zeros()
            };
            let changed = changed.then_some(start);
            if changed.is_some() {
                scan.found = Vec::new();
            }
            (self.options.progress)(len);
            send(
                job.index,
                Unit::Chunk {
                    chunk: unit,
                    of: job.of,
                    bytes: job.loaded.bytes.len() as u64,
                    encoding: job.loaded.encoding,
                    changed,
                    scan,
                },
            );
        }
    }

    /// Waits while too many finished units wait for a unit other than `key`. The unit they
    /// wait for is never one a waiting worker holds back: units are claimed in order, and a
    /// worker holding the lowest unit not yet filed is working on it, not waiting.
    fn wait_turn(&self, key: Key, backlog: &impl Fn() -> Option<Key>) {
        while let Some(next) = backlog() {
            if next == key || self.cancel.load(Ordering::Relaxed) {
                return;
            }
            std::thread::sleep(BACKLOG_PAUSE);
        }
    }

    /// A worker: takes units until none is left. While `backlog` names the unit that too
    /// many finished ones wait for, it takes that unit or none (a slow reader of the output
    /// must not make the records of a whole file pile up in memory).
    fn work(&self, send: &impl Fn(usize, Unit), backlog: &impl Fn() -> Option<Key>) {
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
        batches: Batches::new(options.scan.chunk_size),
    };
    let handoff = Handoff::new(inputs, on_event);
    rayon::scope(|s| {
        for _ in 0..rayon::current_num_threads() {
            s.spawn(|_| {
                queue.work(
                    &|index, unit| handoff.finished(index, unit, &queue.cancel),
                    &|| handoff.backlog(BACKLOG_PER_THREAD * rayon::current_num_threads()),
                );
            });
        }
    });
}
