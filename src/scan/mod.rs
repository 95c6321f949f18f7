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

use crate::check::{Finding, check};
use crate::finder;
use crate::parse::{Parsed, parse_at};
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

/// One code found in a chunk, before line numbers are known.
struct Hit {
    parsed: Parsed,
    findings: Vec<Finding>,
    /// Line feeds between the chunk's start and the anchor.
    newlines_before: u64,
    anchor: usize,
}

struct ChunkScan {
    newlines: u64,
    /// Offset of the chunk's last line feed.
    last_newline: Option<usize>,
    hits: Vec<Hit>,
}

fn scan_chunk(buf: &[u8], range: Range<usize>) -> ChunkScan {
    let mut hits = Vec::new();
    let scan = finder::scan_range(buf, range.clone(), |anchor, newlines_before| {
        if let Some(parsed) = parse_at(buf, anchor) {
            let findings = check(&parsed);
            hits.push(Hit {
                parsed,
                findings,
                newlines_before,
                anchor,
            });
        }
    });
    let last_newline = memchr::memrchr(b'\n', &buf[range.clone()]).map(|i| range.start + i);
    ChunkScan {
        newlines: scan.newlines,
        last_newline,
        hits,
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
            let scan = scan_chunk(buf, range);
            progress(len);
            scan
        })
        .collect();
    let mut records = Vec::new();
    let mut line_base = 1; // 1-based line of each chunk's first byte
    let mut last_newline_before: Option<usize> = None;
    for scan in &scans {
        for hit in &scan.hits {
            let (line, column) = locate(buf, hit, line_base, last_newline_before);
            records.push(Record::new(
                path,
                line,
                column,
                &hit.parsed,
                buf,
                &hit.findings,
            ));
        }
        line_base += scan.newlines;
        last_newline_before = scan.last_newline.or(last_newline_before);
    }
    // Anchors come in order; the text read starts at most one gap before its anchor, so
    // sorting by (offset, anchor) only matters for pathological overlaps, and keeps the
    // order total.
    records.sort_by_key(|r| r.offset);
    records
}

/// Line and byte column (1-based) of the hit's text start. `line_base` is the line of the
/// chunk's first byte, `newline_before_chunk` the offset of the last line feed before the chunk.
fn locate(
    buf: &[u8],
    hit: &Hit,
    line_base: u64,
    newline_before_chunk: Option<usize>,
) -> (u64, u64) {
    let start = hit.parsed.span.start;
    let between = memchr::memchr_iter(b'\n', &buf[start..hit.anchor]).count() as u64;
    let line = line_base + hit.newlines_before - between;
    // No line feed stands between `floor` and the chunk's start, so a backward search from
    // `start` stops within the current line, wherever the chunk begins.
    let floor = newline_before_chunk.map_or(0, |i| i + 1);
    let (lo, fallback) = if start >= floor {
        (floor, floor)
    } else {
        (0, 0)
    };
    let line_start = memchr::memrchr(b'\n', &buf[lo..start]).map_or(fallback, |i| lo + i + 1);
    (line, (start - line_start) as u64 + 1)
}

#[cfg(test)]
mod tests;
