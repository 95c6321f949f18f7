//! One buffer scanned chunk by chunk: cut into chunks, each scanned under the fault guard
//! ([`scan_chunk_guarded`]), in parallel a batch at a time, and stitched in order
//! ([`Stitcher`]). [`super::scan_buffer_guarded`] and the captions of `gbr check`
//! (`copies/captions.rs`) both read a buffer through it.

use std::ops::Range;

use rayon::prelude::*;

use super::guard::{Failed, scan_chunk_guarded};
use super::{ChunkScan, Reading, Stitcher, chunks};
use crate::fault::Fault;
use crate::record::Record;
use crate::source_path::SourcePath;

/// How [`scan_chunked`] reads a buffer.
pub(crate) struct Chunking<'a> {
    /// Bytes per chunk, at least 1.
    pub chunk_size: usize,
    /// Chunks scanned at once before their records are handed on: `usize::MAX` scans every
    /// chunk at once; the number of threads keeps the records of a few chunks in memory.
    pub batch: usize,
    /// What each code is read with.
    pub reading: Reading<'a>,
    /// Called with the bytes of each chunk when it is scanned, from any thread.
    pub progress: &'a (dyn Fn(u64) + Sync),
}

/// Where a chunked scan stopped on a panic of the reading rules.
pub(crate) struct Stopped {
    /// 0-based byte offset of the first byte whose code could not be read.
    pub at: u64,
    /// The panic.
    pub fault: Fault,
    /// The records the stitcher's chain still held back when the scan stopped (codes before
    /// `at`, whose context waited for text after them): not handed to `take`, for the caller
    /// to keep or leave.
    pub held: Vec<Record>,
}

/// Scans `buf` (a whole text, named `path`) chunk by chunk as `how` says, handing each
/// batch's records to `take` in order of offset, with their lines and columns, then the
/// records held to the end. The records do not depend on the chunk size or the batch. The
/// line feeds at the 0-based offsets `added` (in order; written into the text, not its
/// source's, [`crate::input::Member::added`]) are not counted in any line.
///
/// # Errors
///
/// [`Stopped`] when the reading rules panic on a code: the records of the codes before it have
/// been handed to `take`, the chunks after it are not scanned.
pub(crate) fn scan_chunked(
    buf: &[u8],
    path: &SourcePath,
    added: &[u64],
    how: &Chunking<'_>,
    take: &mut dyn FnMut(Vec<Record>),
) -> Result<(), Box<Stopped>> {
    let ranges: Vec<Range<usize>> = chunks(buf.len(), how.chunk_size).collect();
    let mut stitcher = Stitcher::new();
    for batch in ranges.chunks(how.batch.max(1)) {
        let scans: Vec<Result<ChunkScan, Box<Failed>>> = batch
            .par_iter()
            .map(|range| {
                let mut scan = scan_chunk_guarded(buf, path, range.clone(), how.reading, 0);
                (how.progress)(range.len() as u64);
                let from = range.start as u64;
                match &mut scan {
                    Ok(scan) => scan.uncount_added(added, from),
                    Err(failed) => failed.scan.uncount_added(added, from),
                }
                scan
            })
            .collect();
        for scan in scans {
            match scan {
                Ok(scan) => take(stitcher.stitch(scan)),
                Err(failed) => {
                    let Failed { scan, at, fault } = *failed;
                    take(stitcher.stitch(scan));
                    let held = stitcher.finish();
                    return Err(Box::new(Stopped { at, fault, held }));
                }
            }
        }
    }
    take(stitcher.finish());
    Ok(())
}
