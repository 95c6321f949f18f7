//! What a scan of many inputs hands back ([`ScanEvent`]), and the ordered hand-over of
//! finished units to its reader, without a thread of its own ([`Handoff`]). The workers that
//! make the units are in `queue/`.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard, TryLockError};

use super::{ChunkScan, Stitcher};
use crate::input::{Encoding, InputError, InputPath};
use crate::record::Record;
use crate::source_path::SourcePath;

/// What became of one input.
#[derive(Debug)]
pub enum FileOutcome {
    /// Scanned; it may have held no code.
    Scanned {
        /// How the bytes were decoded (of an input with several texts, the last one's).
        encoding: Encoding,
    },
    /// Scanned in part: the file shrank while it was read (another process truncated it). Its
    /// records before byte `from` were handed back; none from there on, as the bytes read
    /// there may not be the file's (docs/reliability.md). An error, like [`Self::Failed`].
    Changed {
        /// How the bytes were decoded.
        encoding: Encoding,
        /// 0-based byte offset of the first chunk whose records were left out.
        from: u64,
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
    /// What went wrong inside an input that was otherwise read: a damaged archive member, a
    /// truncated compressed stream, a PDF page that gave no text, a PDF without a text layer.
    /// Each is an error of this input (exit status 2); the records before it were handed on.
    pub problems: Vec<InputError>,
    /// Texts inside the input (archive members) not scanned because they are binary.
    pub binary_members: Vec<SourcePath>,
    /// What a PGN input's games gave besides records ([`crate::pgn`]); `None` for text.
    pub games: Option<crate::pgn::GameCounts>,
}

/// What [`scan_inputs`](super::scan_inputs) hands back, in input order: for each input, zero
/// or more batches of records (each in order of offset, each batch after the one before), then
/// its end.
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

/// A finished unit, as a worker files it for the hand-over. Units of an input are numbered
/// from 0, in order; each `Chunk` names the number of the one after it (`following`), which
/// skips the numbers of batches handed on with it. The last is a `Chunk` with `last` set, or
/// an `End`.
pub(super) enum Unit {
    /// Chunk `chunk` of an input (a small input is one chunk). `restart` marks the first
    /// chunk of a new text of the input (an archive member, a PDF page), whose lines count
    /// from 1 again.
    Chunk {
        chunk: usize,
        /// The number of the input's next unit.
        following: usize,
        last: bool,
        restart: bool,
        bytes: u64,
        encoding: Encoding,
        /// Why the input's scan stops at this unit, if it does: its records are handed on
        /// (for [`Stop::Shrank`] the worker already dropped them), every later unit's are
        /// left out.
        stop: Option<Stop>,
        scan: ChunkScan,
        /// The scans of the batches handed on with it, in order after `scan` (each stitched
        /// on its own, so that no record is moved to join them).
        more: Vec<ChunkScan>,
    },
    /// The end of input after its `chunk` units.
    End {
        chunk: usize,
        bytes: u64,
        outcome: FileOutcome,
        problems: Vec<InputError>,
        binary_members: Vec<SourcePath>,
    },
}

/// Why the scan of an input stops before its end: no record from the unit that says so on
/// is handed back but that unit's own.
#[derive(Debug)]
pub(super) enum Stop {
    /// The mapped file was seen to change (shrink) during the scan of the unit starting at
    /// byte `from`; the unit's records were dropped, as they may have been read from zeros.
    Shrank { from: u64 },
    /// The scan panicked on the code at byte `at` of `text` (the input, an archive member or
    /// a PDF page); the unit holds the records before it.
    Fault {
        text: SourcePath,
        at: u64,
        message: String,
    },
}

/// Units that finished before the ones ahead of them, and the next one to hand on.
struct Waiting {
    /// Each with its (input, chunk), in no order: a few at a time wait (at most about the
    /// backlog the workers keep to), so a search of a vector that keeps its room costs less
    /// than a map that allocates and frees a node as it fills and empties, file after file.
    units: Vec<((usize, usize), Unit)>,
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
pub(super) struct Handoff<'a, F> {
    waiting: Mutex<Waiting>,
    sink: Mutex<Sink<'a, F>>,
}

impl<'a, F: FnMut(ScanEvent<'_>) -> ControlFlow<()>> Handoff<'a, F> {
    /// A hand-over of the units of `inputs` to `on_event`, from the first.
    pub(super) fn new(inputs: &'a [InputPath], on_event: F) -> Handoff<'a, F> {
        Handoff {
            waiting: Mutex::new(Waiting {
                units: Vec::new(),
                next: (0, 0),
            }),
            sink: Mutex::new(Sink {
                order: InOrder::new(inputs),
                on_event,
            }),
        }
    }

    /// Files `unit` of input `index` and hands on what is next in order, if the sink is free.
    /// Once `cancel` is set, units are dropped instead, and a `Break` sets it.
    pub(super) fn finished(&self, index: usize, unit: Unit, cancel: &AtomicBool) {
        let key = match &unit {
            Unit::Chunk { chunk, .. } | Unit::End { chunk, .. } => (index, *chunk),
        };
        lock(&self.waiting).units.push((key, unit));
        loop {
            let mut sink = match self.sink.try_lock() {
                Ok(sink) => sink,
                // The worker inside will look again after letting go.
                Err(TryLockError::WouldBlock) => return,
                // The consumer panicked on an earlier unit: nothing more is handed on, and the
                // panic reaches `scan_inputs`' caller through the worker it happened on.
                Err(TryLockError::Poisoned(_)) => {
                    cancel.store(true, Ordering::SeqCst);
                    return;
                }
            };
            while let Some((index, unit)) = self.take_next() {
                if cancel.load(Ordering::Relaxed) {
                    continue; // drop what nobody wants any more
                }
                let Sink { order, on_event } = &mut *sink;
                if order.hand_on(index, unit, on_event).is_break() {
                    cancel.store(true, Ordering::Relaxed);
                }
            }
            drop(sink);
            // A unit filed while the sink was held, after the last look inside, is ours: its
            // worker found the sink busy and left.
            let waiting = lock(&self.waiting);
            if !waiting.units.iter().any(|(key, _)| *key == waiting.next) {
                return;
            }
        }
    }

    /// The key of the next unit to hand on, when at least `most` finished units wait for it.
    pub(super) fn backlog(&self, most: usize) -> Option<(usize, usize)> {
        let waiting = lock(&self.waiting);
        (waiting.units.len() >= most).then_some(waiting.next)
    }

    /// Takes the unit next in order, with its input's index, and moves `next` past it.
    fn take_next(&self) -> Option<(usize, Unit)> {
        let mut waiting = lock(&self.waiting);
        let next = waiting.next;
        let at = waiting.units.iter().position(|(key, _)| *key == next)?;
        let ((index, _), unit) = waiting.units.swap_remove(at);
        waiting.next = match &unit {
            Unit::Chunk {
                last: false,
                following,
                ..
            } => (index, *following),
            _ => (index + 1, 0),
        };
        Some((index, unit))
    }
}

/// Locks `mutex`; a poisoned lock means a worker panicked, and the scan is lost then anyway.
pub(super) fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// Turns units, handed over in order, into events: each input's records, then its end.
struct InOrder<'a> {
    inputs: &'a [InputPath],
    /// Lines and columns of the input under way.
    stitcher: Stitcher,
    /// Codes of the input under way so far.
    codes: u64,
    /// Where the input under way stopped ([`Stop`]); no record of a later unit is handed on.
    stop: Option<Stop>,
    /// What the input's PGN games gave besides records, where it is read as PGN.
    games: Option<crate::pgn::GameCounts>,
}

impl<'a> InOrder<'a> {
    fn new(inputs: &'a [InputPath]) -> InOrder<'a> {
        InOrder {
            inputs,
            stitcher: Stitcher::new(),
            codes: 0,
            stop: None,
            games: None,
        }
    }

    /// Hands on `records` of `input`, if there are any and the input has not changed.
    fn emit(
        &mut self,
        input: &InputPath,
        records: Vec<Record>,
        on_event: &mut impl FnMut(ScanEvent<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if records.is_empty() || self.stop.is_some() {
            return ControlFlow::Continue(());
        }
        self.codes += records.len() as u64;
        on_event(ScanEvent::Records { input, records })
    }

    /// The end of one text of the input (the input, an archive member, a PDF page): the
    /// records its chain held back to the end ([`Stitcher::finish`]) are handed on, and the
    /// next text counts its lines from 1 again.
    fn end_text(
        &mut self,
        input: &InputPath,
        on_event: &mut impl FnMut(ScanEvent<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let held = self.stitcher.next_text();
        self.emit(input, held, on_event)
    }

    /// Hands on `unit` of input `index`, which must be the next in order.
    fn hand_on(
        &mut self,
        index: usize,
        unit: Unit,
        on_event: &mut impl FnMut(ScanEvent<'_>) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        let input = &self.inputs[index];
        let (outcome, bytes, problems, binary_members) = match unit {
            Unit::End {
                bytes,
                outcome,
                problems,
                binary_members,
                ..
            } => {
                self.end_text(input, on_event)?;
                (outcome, bytes, problems, binary_members)
            }
            Unit::Chunk {
                last,
                restart,
                bytes,
                encoding,
                stop,
                mut scan,
                more,
                ..
            } => {
                if restart {
                    self.end_text(input, on_event)?;
                }
                if let Some(games) = scan.games.take() {
                    self.games = Some(games);
                }
                let records = self.stitcher.stitch(scan);
                self.emit(input, records, on_event)?;
                for scan in more {
                    let records = self.stitcher.stitch(scan);
                    self.emit(input, records, on_event)?;
                }
                // The unit's own records are handed on; nothing after them, not even the bare
                // codes the chain holds back for evidence that would come later.
                if self.stop.is_none() {
                    self.stop = stop;
                }
                if !last {
                    return ControlFlow::Continue(());
                }
                self.end_text(input, on_event)?;
                let outcome = match self.stop.take() {
                    Some(Stop::Shrank { from }) => FileOutcome::Changed { encoding, from },
                    Some(Stop::Fault { text, at, message }) => {
                        FileOutcome::Failed(InputError::Internal {
                            path: text.to_path_buf(),
                            at,
                            message,
                        })
                    }
                    None => FileOutcome::Scanned { encoding },
                };
                (outcome, bytes, Vec::new(), Vec::new())
            }
        };
        self.stop = None;
        let done = FileScan {
            input: input.clone(),
            bytes,
            codes: std::mem::take(&mut self.codes),
            outcome,
            problems,
            binary_members,
            games: self.games.take(),
        };
        self.stitcher = Stitcher::new();
        on_event(ScanEvent::Done(done))
    }
}
