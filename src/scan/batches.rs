//! How a chunk's records are handed on: in batches of text, so that the records waiting to be
//! handed on stay bounded whatever the density of codes (docs/reliability.md).

use std::ops::Range;

/// Bytes of text whose records are handed on at once, about: 256 KiB. A chunk is scanned and
/// handed on a batch at a time, so at the densest (a code every eight bytes) a batch holds
/// 32,768 records of about 0.9 KB, and the records waiting to be handed on stay within tens of
/// MB a thread whatever the text; a 4 MiB chunk of such text held 470 MB at once.
pub(crate) const BATCH_LEN: usize = 256 << 10;

/// Records below which consecutive batches of a chunk are handed on together, as one unit:
/// about 3.6 MB of records. Handing on a unit costs a little (its order, its lines, the
/// progress), which 256 KiB batches of sparse text would pay sixteen times a chunk.
pub(crate) const MERGE_RECORDS: usize = 4096;

/// How chunks are cut into batches, each handed on as a unit of its own: every chunk but an
/// input's last has `per_chunk` batches of at most `len` bytes, so the units of an input are
/// numbered without gaps (chunk `c`'s first is `c * per_chunk`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Batches {
    /// Batches of a full chunk.
    pub(crate) per_chunk: usize,
    len: usize,
}

impl Batches {
    /// The batches of chunks of `chunk_size` bytes: `ceil(chunk_size / BATCH_LEN)` of them a
    /// chunk, of `ceil(chunk_size / per_chunk)` bytes (at most [`BATCH_LEN`]), so that a full
    /// chunk is cut into exactly `per_chunk`.
    pub(crate) fn new(chunk_size: usize) -> Batches {
        let chunk_size = chunk_size.max(1);
        let per_chunk = chunk_size.div_ceil(BATCH_LEN);
        Batches {
            per_chunk,
            len: chunk_size.div_ceil(per_chunk),
        }
    }

    /// The batches of `range`, in order (one, empty, for an empty range).
    pub(crate) fn cut(self, range: Range<usize>) -> impl ExactSizeIterator<Item = Range<usize>> {
        let len = self.len;
        let count = range.len().div_ceil(len).max(1);
        (0..count).map(move |i| {
            let start = range.start + i * len;
            start..(start + len).min(range.end)
        })
    }
}
