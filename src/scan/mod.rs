//! The scanner: every code in a buffer, found in parallel chunks, parsed, checked and given
//! its source reference (issue #3).
//!
//! A buffer is cut into chunks; each chunk owns the anchors (`dddd.dd`) that *start* in it and
//! parses them with the whole buffer in view, so a form broken over a chunk boundary is read
//! whole and found exactly once. Line numbers come from the newline counts the finder makes in
//! the same pass, added up across chunks afterwards. The result does not depend on the chunk
//! size or the number of threads.

mod files;

use std::ops::Range;

use rayon::prelude::*;

use crate::check::check;
use crate::finder;
use crate::parse::parse_at;
use crate::record::Record;

pub use files::{FileOutcome, FileScan, ScanInputs, scan_inputs};

/// Default chunk size: 4 MiB, large enough that per-chunk work is noise, small enough that a
/// 2 GiB file gives hundreds of chunks to share between threads.
pub const DEFAULT_CHUNK_SIZE: usize = 4 << 20;

/// Options of a scan.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanOptions {
    /// Bytes per chunk, at least 1. Changes speed, never the result.
    pub chunk_size: usize,
}

impl Default for ScanOptions {
    fn default() -> ScanOptions {
        ScanOptions {
            chunk_size: DEFAULT_CHUNK_SIZE,
        }
    }
}

/// A record made in a chunk, whose line (and perhaps column) waits for the chunks before.
struct Pending {
    record: Record,
    /// Line feeds from the chunk's start to the record's start; negative when the record
    /// starts before the chunk, across a line feed.
    lines_into_chunk: i64,
    /// The byte column, when a line feed before the record stands in the same chunk.
    column: Option<u64>,
}

struct ChunkScan {
    newlines: u64,
    /// Offset of the chunk's last line feed.
    last_newline: Option<usize>,
    found: Vec<Pending>,
}

/// Finds, parses and checks the codes whose anchor starts in `range`, and makes their records
/// (all the per-code work happens here, in parallel).
fn scan_chunk(buf: &[u8], path: &str, range: Range<usize>) -> ChunkScan {
    let mut found = Vec::new();
    let scan = finder::scan_range(buf, range.clone(), |anchor, newlines_before| {
        let Some(parsed) = parse_at(buf, anchor) else {
            return;
        };
        let findings = check(&parsed);
        let start = parsed.span.start;
        let between = memchr::memchr_iter(b'\n', &buf[start..anchor]).count() as i64;
        let column = (start >= range.start)
            .then(|| memchr::memrchr(b'\n', &buf[range.start..start]))
            .flatten()
            .map(|i| (start - (range.start + i + 1)) as u64 + 1);
        found.push(Pending {
            record: Record::new(path, 0, 0, &parsed, buf, &findings),
            lines_into_chunk: newlines_before as i64 - between,
            column,
        });
    });
    let last_newline = memchr::memrchr(b'\n', &buf[range.clone()]).map(|i| range.start + i);
    ChunkScan {
        newlines: scan.newlines,
        last_newline,
        found,
    }
}

fn chunks(len: usize, chunk_size: usize) -> Vec<Range<usize>> {
    let size = chunk_size.max(1);
    (0..len.div_ceil(size))
        .map(|i| i * size..((i + 1) * size).min(len))
        .collect()
}

/// Scans `buf` (the whole source) and returns a record for every code, in order of offset.
/// `path` names the source in the records. `progress` is called with the bytes of each chunk
/// when it is done, from any thread. Runs on the current rayon pool.
pub fn scan_buffer(
    buf: &[u8],
    path: &str,
    options: ScanOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<Record> {
    let scans: Vec<ChunkScan> = chunks(buf.len(), options.chunk_size)
        .into_par_iter()
        .map(|range| {
            let len = range.len() as u64;
            let scan = scan_chunk(buf, path, range);
            progress(len);
            scan
        })
        .collect();
    let mut records = Vec::with_capacity(scans.iter().map(|s| s.found.len()).sum());
    let mut line_base: i64 = 1; // 1-based line of each chunk's first byte
    let mut last_newline_before: Option<usize> = None;
    for scan in scans {
        for pending in scan.found {
            let mut record = pending.record;
            record.line = (line_base + pending.lines_into_chunk) as u64;
            record.column = pending.column.unwrap_or_else(|| {
                column_across_chunks(buf, record.offset as usize, last_newline_before)
            });
            records.push(record);
        }
        line_base += scan.newlines as i64;
        last_newline_before = scan.last_newline.or(last_newline_before);
    }
    // Anchors come in order and the text read starts at most one gap before its anchor; a
    // stable sort by offset keeps the order total for pathological overlaps.
    records.sort_by_key(|r| r.offset);
    records
}

/// The 1-based byte column of `start` when no line feed stands between it and its chunk's
/// start: `newline_before_chunk` is the last line feed before the chunk, so a backward search
/// from `start` stops within the current line wherever the chunk begins.
fn column_across_chunks(buf: &[u8], start: usize, newline_before_chunk: Option<usize>) -> u64 {
    let floor = newline_before_chunk.map_or(0, |i| i + 1);
    let (lo, fallback) = if start >= floor {
        (floor, floor)
    } else {
        (0, 0)
    };
    let line_start = memchr::memrchr(b'\n', &buf[lo..start]).map_or(fallback, |i| lo + i + 1);
    (start - line_start) as u64 + 1
}

#[cfg(test)]
mod tests;
