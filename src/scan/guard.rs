//! A chunk's scan under [`fault::catch`]: a panic in the reading rules costs the rest of its
//! input, never the run (docs/reliability.md, "Fault isolation").
//!
//! When the scan of a range panics, the range is cut in two again and again (each half
//! scanned under `catch` once more) to find the first byte whose anchor makes it panic: the
//! records of the codes before that byte are kept and handed on, and the fault names that
//! byte. A scan is a pure function of its range, so the search ends on the byte that fails;
//! it costs about 20 scans of at most one batch (256 KiB), and only after a panic.

use std::ops::Range;

use super::{ChunkScan, Reading, scan_chunk};
use crate::fault::{self, Fault};
use crate::source_path::SourcePath;

/// What is left of a chunk whose scan panicked.
pub(crate) struct Failed {
    /// The records of the codes before [`Failed::at`], as [`scan_chunk`] makes them.
    pub scan: ChunkScan,
    /// 0-based byte offset in the text (the buffer's `origin` added) of the first byte whose
    /// code could not be read.
    pub at: u64,
    /// The panic.
    pub fault: Fault,
}

/// [`scan_chunk`] of `range` of `buf` (whose first byte is byte `origin` of its text), with a
/// panic caught.
///
/// # Errors
///
/// [`Failed`] when the scan panics: the records before the failing byte, the byte, the panic.
pub(crate) fn scan_chunk_guarded(
    buf: &[u8],
    path: &SourcePath,
    range: Range<usize>,
    reading: Reading<'_>,
    origin: u64,
) -> Result<ChunkScan, Box<Failed>> {
    let scan = |end: usize| {
        fault::catch(|| {
            fault::inject(origin + range.start as u64..origin + end as u64);
            scan_chunk(buf, path, range.start..end, reading)
        })
    };
    let fault = match scan(range.end) {
        Ok(done) => return Ok(done),
        Err(fault) => fault,
    };
    // The scan of `start..good` does not panic (an empty range reads nothing) and that of
    // `start..bad` does: halve the gap.
    let (mut good, mut bad) = (range.start, range.end);
    let mut kept = None;
    while bad - good > 1 {
        let mid = good + (bad - good) / 2;
        match scan(mid) {
            Ok(done) => {
                good = mid;
                kept = Some(done);
            }
            Err(_) => bad = mid,
        }
    }
    let kept = match kept {
        Some(done) => Some(done),
        None => scan(good).ok(),
    };
    let scan = kept.unwrap_or_else(ChunkScan::empty);
    Err(Box::new(Failed {
        scan,
        at: origin + (bad - 1) as u64,
        fault,
    }))
}
