//! The units the workers claim, in input order: a chunk of an input already opened and offered
//! to all ([`Open`], [`Job`]), else the next input to open ([`Queue::claim`]).

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::Queue;
use crate::input::{Contents, Loaded};
use crate::scan::handoff::lock;
use crate::source_path::SourcePath;

/// An input larger than a chunk, opened and offered to every worker chunk by chunk.
pub(super) struct Open {
    pub(super) index: usize,
    pub(super) path: SourcePath,
    pub(super) loaded: Arc<Loaded>,
    pub(super) ranges: Vec<Range<usize>>,
    /// The next chunk nobody has claimed.
    pub(super) next: usize,
}

/// A chunk to scan: chunk `chunk` (0-based) of the `of` chunks of input `index`, the bytes
/// `range` of its contents.
pub(super) struct Job {
    pub(super) index: usize,
    pub(super) path: SourcePath,
    pub(super) loaded: Arc<Loaded>,
    pub(super) chunk: usize,
    pub(super) of: usize,
    pub(super) range: Range<usize>,
}

impl Drop for Job {
    /// The last job of an input gives its read bytes to this worker's spare read buffer
    /// ([`crate::input::recycle`]), for the next small file it reads.
    fn drop(&mut self) {
        if let Some(loaded) = Arc::get_mut(&mut self.loaded) {
            let bytes = std::mem::replace(&mut loaded.bytes, Contents::Owned(Vec::new()));
            crate::input::recycle(bytes);
        }
    }
}

/// What a worker does next.
pub(super) enum Claim {
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
    pub(super) fn claim(&self, only: Option<(usize, usize)>) -> Claim {
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
                of: first.ranges.len(),
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
}
