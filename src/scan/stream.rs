//! Scanning a text read as a stream: block by block, with enough of the text before and after
//! each block in memory that every form is read as in the whole text, so the records, their
//! lines and columns are those of the mapped path (a test compares them at many block sizes).
//!
//! Memory is bounded: a block, the [`OVERLAP`] on each side, and one read ahead, whatever the
//! length of the stream. Standard input, pipes, devices, files under `--no-mmap`, decompressed
//! data and archive members all come through here.

use std::io::{self, Read};
use std::ops::{ControlFlow, Range};
use std::sync::Arc;

use super::{ChunkScan, scan_chunk};
use crate::input::{BINARY_PROBE_LEN, is_binary};

/// Bytes of text kept in memory before and after the block being scanned: 64 KiB. The parser
/// reads at most a few hundred bytes around an anchor (gaps of at most `MAX_GAP`, 100 bytes,
/// between at most a handful of tokens), so a form that starts in a block is read whole, and
/// the look-back of the false-friend tests (4 bytes) sees the same bytes as in the whole text.
pub const OVERLAP: usize = 64 << 10;

/// Bytes asked of the reader at a time, at least.
const READ_SIZE: usize = 64 << 10;

/// How a streamed text ended.
pub(super) enum StreamEnd {
    /// Read to its end (or until the reader of the output went away): `bytes` bytes.
    Scanned { bytes: u64 },
    /// A NUL byte in its first [`BINARY_PROBE_LEN`] bytes, and binary texts are not scanned.
    Binary,
}

/// Scans the text `reader` yields, named `name` and on PDF page `page`, `block` bytes at a
/// time, and hands each block's [`ChunkScan`] to `emit` in order, its offsets counted from the
/// start of the text. Stops early when `emit` breaks.
///
/// # Errors
///
/// The reader's error; the blocks before it have been handed on.
pub(super) fn scan_stream(
    reader: &mut dyn Read,
    name: &Arc<str>,
    page: Option<u32>,
    block: usize,
    binary: bool,
    mut emit: impl FnMut(ChunkScan, u64) -> ControlFlow<()>,
) -> io::Result<StreamEnd> {
    let block = block.max(1);
    let mut window = Window::default();
    let probe = window.fill(reader, BINARY_PROBE_LEN)?;
    if !binary && is_binary(&window.buf[..probe]) {
        return Ok(StreamEnd::Binary);
    }
    loop {
        window.fill(reader, window.own + block + OVERLAP)?;
        let end = if window.eof {
            (window.own + block).min(window.buf.len())
        } else {
            window.own + block
        };
        if end > window.own {
            let range = window.own..end;
            let scan = window.scan(name, page, range);
            if emit(scan, (end - window.own) as u64).is_break() {
                break;
            }
        }
        window.own = end;
        if window.eof && window.own == window.buf.len() {
            break;
        }
        window.compact(block);
    }
    Ok(StreamEnd::Scanned {
        bytes: window.base + window.own as u64,
    })
}

/// The part of the stream in memory.
#[derive(Default)]
struct Window {
    /// Bytes of the stream from offset `base`.
    buf: Vec<u8>,
    /// Stream offset of `buf[0]`.
    base: u64,
    /// Start of the next block in `buf`: everything before it is scanned.
    own: usize,
    /// Stream offset of the last line feed before `buf[0]`, if any.
    last_newline: Option<u64>,
    /// The reader reached its end.
    eof: bool,
}

impl Window {
    /// Reads until `buf` holds `want` bytes or the stream ends; returns the bytes held, at
    /// most `want`.
    fn fill(&mut self, reader: &mut dyn Read, want: usize) -> io::Result<usize> {
        let target = want;
        while !self.eof && self.buf.len() < target {
            let len = self.buf.len();
            self.buf.resize(len + (target - len).max(READ_SIZE), 0);
            let read = loop {
                match reader.read(&mut self.buf[len..]) {
                    Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                    other => break other,
                }
            };
            let n = match read {
                Ok(n) => n,
                Err(err) => {
                    self.buf.truncate(len);
                    return Err(err);
                }
            };
            self.buf.truncate(len + n);
            self.eof = n == 0;
        }
        Ok(self.buf.len().min(want))
    }

    /// Scans `range` of `buf` and moves its offsets to the stream's.
    fn scan(&self, name: &Arc<str>, page: Option<u32>, range: Range<usize>) -> ChunkScan {
        let mut scan = scan_chunk(&self.buf, name, range.clone());
        let base = self.base;
        for record in &mut scan.found {
            let start = record.offset as usize;
            // A code read back over the block's start counts its column back to its line's
            // start; when that start is before the window, the scanner counted from the
            // window's first byte.
            if base > 0 && start < range.start && memchr::memrchr(b'\n', &self.buf[..start]).is_none()
            {
                let line_start = self.last_newline.map_or(0, |i| i + 1);
                record.column = base + start as u64 - line_start + 1;
            }
            record.offset += base;
            record.page = page;
            for finding in &mut record.findings {
                finding.offset += base;
            }
        }
        scan.last_newline = scan.last_newline.map(|i| i + base as usize);
        scan
    }

    /// Drops what no later block needs: everything up to [`OVERLAP`] bytes before the next
    /// block, once that is at least a block (so each byte is moved a bounded number of times).
    fn compact(&mut self, block: usize) {
        let drop = self.own.saturating_sub(OVERLAP);
        if drop < block.max(READ_SIZE) {
            return;
        }
        if let Some(i) = memchr::memrchr(b'\n', &self.buf[..drop]) {
            self.last_newline = Some(self.base + i as u64);
        }
        self.buf.drain(..drop);
        self.base += drop as u64;
        self.own -= drop;
    }
}
