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

use std::collections::{BTreeMap, VecDeque};
use std::ops::{ControlFlow, Range};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::{ChunkScan, ScanOptions, Stitcher, chunks, scan_chunk};
use crate::input::{Encoding, InputError, InputPath, LoadOptions, Loaded, load};
use crate::record::Record;

/// What became of one input.
#[derive(Debug)]
pub enum FileOutcome {
    /// Scanned; it may have held no code.
    Scanned {
        /// How the bytes were decoded.
        encoding: Encoding,
    },
    /// Not scanned: a NUL byte in its first 64 KiB and no `binary` option
    /// ([`crate::input::BINARY_PROBE_LEN`]).
    SkippedBinary,
    /// Not scanned: it could not be opened or read.
    Failed(InputError),
}

/// The end of one input's scan.
#[derive(Debug)]
pub struct FileScan {
    /// The input.
    pub input: InputPath,
    /// Bytes scanned (after decoding); 0 when not scanned.
    pub bytes: u64,
    /// Codes found in it, over all its batches of records.
    pub codes: u64,
    /// Scanned, skipped or failed.
    pub outcome: FileOutcome,
}

/// What [`scan_inputs`] hands back, in input order: for each input, zero or more batches of
/// records (each in order of offset, each batch after the one before), then its end.
#[derive(Debug)]
pub enum ScanEvent<'a> {
    /// Records of `input`, following any handed back before for it.
    Records {
        /// The input they were found in.
        input: &'a InputPath,
        /// At least one record, in order of offset.
        records: Vec<Record>,
    },
    /// `input` is done: every record it holds has been handed back.
    Done(FileScan),
}

/// Everything a multi-input scan needs besides the inputs.
pub struct ScanInputs<'a> {
    /// Chunking of each buffer.
    pub scan: ScanOptions,
    /// Memory-mapping and binary files.
    pub load: LoadOptions,
    /// Called with bytes done, from any thread.
    pub progress: &'a (dyn Fn(u64) + Sync),
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
    /// The next chunk nobody has claimed.
    next: usize,
}

/// A finished unit, as a worker sends it to the calling thread.
enum Unit {
    /// Chunk `chunk` of `of` of an input (a small input is one chunk of one).
    Chunk {
        chunk: usize,
        of: usize,
        bytes: u64,
        encoding: Encoding,
        scan: ChunkScan,
    },
    /// An input that was not scanned.
    NotScanned(FileOutcome),
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
}

/// What a worker does next.
enum Claim {
    Chunk {
        index: usize,
        path: Arc<str>,
        loaded: Arc<Loaded>,
        chunk: usize,
        of: usize,
        range: Range<usize>,
    },
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
    fn claim(&self, only: Option<(usize, usize)>) -> Claim {
        if self.cancel.load(Ordering::Relaxed) {
            return Claim::Finished;
        }
        let allowed = |key: (usize, usize)| only.is_none_or(|only| only == key);
        let mut open = lock(&self.open);
        if let Some(first) = open.front_mut() {
            if !allowed((first.index, first.next)) {
                return Claim::Pause;
            }
            let claim = Claim::Chunk {
                index: first.index,
                path: first.path.clone(),
                loaded: first.loaded.clone(),
                chunk: first.next,
                of: first.ranges.len(),
                range: first.ranges[first.next].clone(),
            };
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
    fn open(&self, index: usize, send: &impl Fn(usize, Unit)) {
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
        let ranges: Vec<Range<usize>> =
            chunks(loaded.bytes.len(), options.scan.chunk_size).collect();
        if ranges.len() <= 1 {
            self.opening.fetch_sub(1, Ordering::SeqCst);
            let range = 0..loaded.bytes.len();
            return self.scan(index, &path, &loaded, 0, 1, range, send);
        }
        let loaded = Arc::new(loaded);
        let first = ranges[0].clone();
        let of = ranges.len();
        {
            let mut open = lock(&self.open);
            // Inputs are opened in order but may finish opening out of it.
            let at = open.partition_point(|o| o.index < index);
            open.insert(
                at,
                Open {
                    index,
                    path: path.clone(),
                    loaded: loaded.clone(),
                    ranges,
                    next: 1,
                },
            );
            self.opening.fetch_sub(1, Ordering::SeqCst);
        }
        self.scan(index, &path, &loaded, 0, of, first, send);
    }

    #[allow(clippy::too_many_arguments)]
    fn scan(
        &self,
        index: usize,
        path: &str,
        loaded: &Loaded,
        chunk: usize,
        of: usize,
        range: Range<usize>,
        send: &impl Fn(usize, Unit),
    ) {
        let len = range.len() as u64;
        let scan = scan_chunk(&loaded.bytes, path, range);
        (self.options.progress)(len);
        send(
            index,
            Unit::Chunk {
                chunk,
                of,
                bytes: loaded.bytes.len() as u64,
                encoding: loaded.encoding,
                scan,
            },
        );
    }

    /// A worker: takes units until none is left. While `backlog` names the unit that too
    /// many finished ones wait for, it takes that unit or none (a slow reader of the output
    /// must not make the records of a whole file pile up in memory).
    fn work(&self, send: &impl Fn(usize, Unit), backlog: &impl Fn() -> Option<(usize, usize)>) {
        loop {
            match self.claim(backlog()) {
                Claim::Chunk {
                    index,
                    path,
                    loaded,
                    chunk,
                    of,
                    range,
                } => self.scan(index, &path, &loaded, chunk, of, range, send),
                Claim::Input(index) => self.open(index, send),
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
    };
    let handoff = Handoff {
        waiting: Mutex::new(Waiting {
            units: BTreeMap::new(),
            next: (0, 0),
        }),
        sink: Mutex::new(Sink {
            order: InOrder::new(inputs),
            on_event,
        }),
    };
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

/// Units that finished before the ones ahead of them, and the next one to hand on.
struct Waiting {
    /// By (input, chunk).
    units: BTreeMap<(usize, usize), Unit>,
    /// The next input and chunk to hand on.
    next: (usize, usize),
}

/// The ordered hand-over and the consumer of the events.
struct Sink<'a, F> {
    order: InOrder<'a>,
    on_event: F,
}

/// Hands finished units on in order without a thread of its own: the worker that finishes a
/// unit files it, and if the sink is free, hands on every unit that is next in order. A worker
/// that finds the sink busy leaves its unit to the one inside, which looks again after letting
/// the sink go, so no unit is left behind. Waking a consumer thread for every small file cost
/// more than the scan of it.
struct Handoff<'a, F> {
    waiting: Mutex<Waiting>,
    sink: Mutex<Sink<'a, F>>,
}

impl<F: FnMut(ScanEvent<'_>) -> ControlFlow<()>> Handoff<'_, F> {
    fn finished(&self, index: usize, unit: Unit, cancel: &AtomicBool) {
        let key = match &unit {
            Unit::Chunk { chunk, .. } => (index, *chunk),
            Unit::NotScanned(_) => (index, 0),
        };
        lock(&self.waiting).units.insert(key, unit);
        loop {
            let Ok(mut sink) = self.sink.try_lock() else {
                return; // the worker inside will look again after letting go
            };
            while let Some(unit) = self.take_next() {
                if cancel.load(Ordering::Relaxed) {
                    continue; // drop what nobody wants any more
                }
                let Sink { order, on_event } = &mut *sink;
                let next = order.hand_on(unit, on_event);
                lock(&self.waiting).next = order.next;
                if next.is_break() {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
            drop(sink);
            // A unit filed while the sink was held, after the last look inside, is ours: its
            // worker found the sink busy and left.
            let waiting = lock(&self.waiting);
            if !waiting.units.contains_key(&waiting.next) {
                return;
            }
        }
    }

    /// The key of the next unit to hand on, when at least `most` finished units wait for it.
    fn backlog(&self, most: usize) -> Option<(usize, usize)> {
        let waiting = lock(&self.waiting);
        (waiting.units.len() >= most).then_some(waiting.next)
    }

    fn take_next(&self) -> Option<Unit> {
        let mut waiting = lock(&self.waiting);
        let next = waiting.next;
        waiting.units.remove(&next)
    }
}

/// Locks `mutex`; a poisoned lock means a worker panicked, and the scan is lost then anyway.
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Hands units on in input order, each input's records then its end.
struct InOrder<'a> {
    inputs: &'a [InputPath],
    /// The next input and chunk to hand on.
    next: (usize, usize),
    stitcher: Stitcher,
    codes: u64,
}

impl<'a> InOrder<'a> {
    fn new(inputs: &'a [InputPath]) -> InOrder<'a> {
        InOrder {
            inputs,
            next: (0, 0),
            stitcher: Stitcher::new(),
            codes: 0,
        }
    }

    /// Hands on `unit`, which must be the next in order.
    fn hand_on(
        &mut self,
        unit: Unit,
        on_event: &mut impl FnMut(ScanEvent<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let input = &self.inputs[self.next.0];
        let (outcome, bytes) = match unit {
            Unit::NotScanned(outcome) => (outcome, 0),
            Unit::Chunk {
                chunk,
                of,
                bytes,
                encoding,
                scan,
            } => {
                let records = self.stitcher.stitch(scan);
                if !records.is_empty() {
                    self.codes += records.len() as u64;
                    on_event(ScanEvent::Records { input, records })?;
                }
                if chunk + 1 < of {
                    self.next.1 += 1;
                    return ControlFlow::Continue(());
                }
                (FileOutcome::Scanned { encoding }, bytes)
            }
        };
        let done = FileScan {
            input: input.clone(),
            bytes,
            codes: std::mem::take(&mut self.codes),
            outcome,
        };
        self.next = (self.next.0 + 1, 0);
        self.stitcher = Stitcher::new();
        on_event(ScanEvent::Done(done))
    }
}
