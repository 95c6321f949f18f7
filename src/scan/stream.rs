//! Scanning a text read as a stream: block by block, with enough of the text before and after
//! each block in memory that every form is read as in the whole text, so the records, their
//! lines and columns are those of the mapped path (a test compares them at many block sizes).
//!
//! Memory is bounded: a block, the [`OVERLAP`] on each side, and one read ahead, whatever the
//! length of the stream. Standard input, pipes, devices, files under `--no-mmap`, decompressed
//! data and archive members all come through here.

use std::io::{self, Read};
use std::ops::{ControlFlow, Range};

use super::batches::Batches;
use super::guard::{Failed, scan_chunk_guarded};
use super::{ChunkScan, Reading};
use crate::context::Link;
use crate::fault::Fault;
use crate::input::{BINARY_PROBE_LEN, is_binary};
use crate::record::Record;
use crate::source_path::SourcePath;
use crate::source_path::{PageFrom, PageRef};

/// Bytes of text kept in memory before and after the block being scanned: 64 KiB. The parser
/// reads at most a few hundred bytes around an anchor (gaps of at most `MAX_GAP`, 100 bytes,
/// between at most a handful of tokens), so a form that starts in a block is read whole, and
/// the look-back of the false-friend tests (4 bytes) sees the same bytes as in the whole text.
pub const OVERLAP: usize = 64 << 10;

// The farthest look-back, a sign across prose, sees the same bytes as in the whole text.
const _: () = assert!(OVERLAP >= crate::context::lines::BLOCK_BYTES);
// So does the rule of an example of the notation, over the line above and the code's own.
const _: () = assert!(OVERLAP >= 2 * crate::context::example::REACH + 2);

/// Bytes asked of the reader at a time, at least.
const READ_SIZE: usize = 64 << 10;

/// How a streamed text ended.
pub(super) enum StreamEnd {
    /// Read to its end (or until the reader of the output went away): `bytes` bytes.
    Scanned { bytes: u64 },
    /// A NUL byte in its first [`BINARY_PROBE_LEN`] bytes, and binary texts are not scanned.
    Binary,
    /// The scan panicked on the code at byte `at` of the text (0-based); the records before
    /// it were handed on, the rest of the text was not read (docs/reliability.md, "Fault
    /// isolation").
    Fault { at: u64, fault: Fault },
}

/// Scans the text `reader` yields, named `name` and on PDF page `page`, `block` bytes at a
/// time, with labels read under `labels`, and hands the [`ChunkScan`] of each batch of a block (at most 256 KiB, `batches.rs`'s
/// `BATCH_LEN`) to `emit` in order, with its length in bytes, its offsets counted from the
/// start of the text. Stops early when `emit` breaks.
///
/// # Errors
///
/// The reader's error; the blocks before it have been handed on.
pub(super) fn scan_stream(
    reader: &mut dyn Read,
    name: &SourcePath,
    page: Option<&PageRef>,
    reading: Reading<'_>,
    block: usize,
    binary: bool,
    mut emit: impl FnMut(ChunkScan, u64) -> ControlFlow<()>,
) -> io::Result<StreamEnd> {
    let block = block.max(1);
    let mut window = Window::default();
    // A page after a source's first reads on into the page before above its first code, and
    // every page gives its last lines to the next (`context::page`).
    let paged = page.is_some();
    let mut head_open = page.is_some_and(|p| p.index > 1);
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
            // Handed on a batch at a time, as the chunks of a file are (`batches.rs`).
            let mut stopped = false;
            let last_block = window.eof && end == window.buf.len();
            for range in Batches::new(block).cut(window.own..end) {
                let (len, from) = (range.len() as u64, range.start);
                let last = last_block && range.end == end;
                let mut scan = match window.scan(name, page, reading, range) {
                    Ok(scan) => scan,
                    Err(failed) => {
                        let Failed { scan, at, fault } = *failed;
                        let _ = emit(window.rebased(scan, page, from), len);
                        return Ok(StreamEnd::Fault { at, fault });
                    }
                };
                if paged {
                    window.carry(&mut scan, &mut head_open, last);
                }
                if emit(scan, len).is_break() {
                    stopped = true;
                    break;
                }
            }
            if stopped {
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

    /// Gives the scan of a page what crosses to the pages around it (`context::page`): the
    /// text before its first record, while `head_open` (the first record not yet met), and,
    /// when it is the page's `last` scan, the page's last lines.
    fn carry(&self, scan: &mut ChunkScan, head_open: &mut bool, last: bool) {
        if *head_open && let (Some(record), Some(link)) = (scan.found.first(), scan.links.first()) {
            *head_open = false;
            let start = (record.offset - self.base) as usize;
            scan.head = crate::context::page::head(&self.buf, start, link.above, link.opens_page)
                .filter(|_| self.base == 0)
                .map(Box::from);
        }
        if last {
            scan.tail = Some(crate::context::page::tail(&self.buf).into());
        }
    }

    /// Scans `range` of `buf` and moves its offsets to the stream's.
    ///
    /// # Errors
    ///
    /// [`Failed`] when the scan panics, with the byte in stream offsets and the records before
    /// it still in `buf`'s (for [`Window::rebased`]).
    fn scan(
        &self,
        name: &SourcePath,
        page: Option<&PageRef>,
        reading: Reading<'_>,
        range: Range<usize>,
    ) -> Result<ChunkScan, Box<Failed>> {
        let start = range.start;
        let scan = scan_chunk_guarded(&self.buf, name, range, reading, self.base)?;
        Ok(self.rebased(scan, page, start))
    }

    /// `scan`, the scan of the range of `buf` from `start`, with its offsets moved to the
    /// stream's.
    fn rebased(&self, mut scan: ChunkScan, page: Option<&PageRef>, from: usize) -> ChunkScan {
        let base = self.base;
        for (record, link) in scan.found.iter_mut().zip(&scan.links) {
            let start = record.offset as usize;
            // A code read back over the block's start counts its column back to its line's
            // start; when that start is before the window, the scanner counted from the
            // window's first byte (unless a line feed before the code put the record on the
            // code's line).
            if base > 0
                && start < from
                && memchr::memrchr(b'\n', &self.buf[..start]).is_none()
                && memchr::memchr(b'\n', &self.buf[start..link.code_at]).is_none()
            {
                let line_start = self.last_newline.map_or(0, |i| i + 1);
                record.column = base + start as u64 - line_start + 1;
            }
            record.shift_offsets(base);
            record.set_page(page);
            if let Some(page) = page {
                folio_no_number(record, link, page);
            }
        }
        // The offsets the stitcher reads after this: labels, their ends, and the square list
        // a heading's legality finding stands on.
        let by = base as usize;
        for link in &mut scan.links {
            link.label_at = link.label_at.map(|at| at + by);
            link.cite_at = link.cite_at.map(|at| at + by);
            link.claimed_to = link.claimed_to.map(|end| end + by);
            link.squares = link.squares.map(|(start, end)| (start + by, end + by));
        }
        scan.last_newline = scan.last_newline.map(|i| i + base as usize);
        for (_, at, _) in &mut scan.award_headings {
            *at += by;
        }
        scan.end += base;
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

/// Drops the label and the citation's number of `record` where they are its page's folio:
/// read on the page's only edge number (`- 417 -`, [`Link::edge_number`]) and equal to the
/// page as printed, when that comes from the PDF's page labels or folios (docs/printing.md,
/// "A folio is no number").
fn folio_no_number(record: &mut Record, link: &Link, page: &PageRef) {
    let Some(n) = link.edge_number else { return };
    if page.from == PageFrom::Index || page.printed.parse::<u32>().ok() != Some(n) {
        return;
    }
    record.label = None;
    if let Some(cite) = record.citation.as_mut() {
        cite.number = None;
        if cite.is_empty() {
            record.citation = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::context::label::LabelRules;
    use crate::record::Fields;
    use crate::record::Record;
    use crate::scan::{ScanOptions, Stitcher, scan_buffer};

    /// The records of `text` streamed `block` bytes at a time, stitched as the hand-over does.
    fn streamed(text: &[u8], block: usize) -> Vec<Record> {
        let name = SourcePath::from("t.txt");
        let mut stitcher = Stitcher::new();
        let mut records = Vec::new();
        let end = scan_stream(
            &mut &text[..],
            &name,
            None,
            Reading {
                labels: Some(&LabelRules::builtin()),
                fields: Fields::All,
            },
            block,
            false,
            |scan, _| {
                records.extend(stitcher.stitch(scan));
                ControlFlow::Continue(())
            },
        )
        .expect("reading a slice cannot fail");
        assert!(matches!(end, StreamEnd::Scanned { bytes } if bytes == text.len() as u64));
        records
    }

    #[track_caller]
    fn assert_same_as_whole(text: &[u8], blocks: impl IntoIterator<Item = usize>) {
        let whole = scan_buffer(text, "t.txt", ScanOptions::default(), &|_| {});
        assert!(!whole.is_empty(), "the text holds codes");
        for block in blocks {
            assert_eq!(streamed(text, block), whole, "blocks of {block} bytes");
        }
    }

    #[test]
    fn streamed_records_equal_whole_buffer_records_at_every_block_size() {
        let fixtures: &[&[u8]] = &[
            include_bytes!("../../fixtures/cli/broken-lines.txt"),
            include_bytes!("../../fixtures/cli/mixed.txt"),
            include_bytes!("../../fixtures/forms/full-eg.txt"),
            include_bytes!("../../fixtures/forms/sign-apart.txt"),
            include_bytes!("../../fixtures/quirks/signs-and-breaks.txt"),
        ];
        for text in fixtures {
            assert_same_as_whole(text, (1..=80).chain([127, 500, 4096, 1 << 20]));
        }
    }

    #[test]
    fn streamed_records_keep_their_offsets_lines_and_columns_past_the_overlap() {
        // Lines longer than the overlap, with forms broken over block boundaries: the column
        // of a code read back over a block's start counts from a line start long dropped.
        let mut text = Vec::new();
        for i in 0..6 {
            text.extend(std::iter::repeat_n(b'x', 3 * OVERLAP + 1000 * i));
            text.extend_from_slice(b" a7d3 0116.00 b2b3c6d6 3/3+. then +\n0323.12 g3g1 and ");
            text.extend(std::iter::repeat_n(b' ', 3000));
            text.extend_from_slice(b"=0800.00\n");
        }
        let len = text.len();
        assert_same_as_whole(
            &text,
            [1, 3, 1000, 4093, OVERLAP - 7, OVERLAP + 11, len / 3, len],
        );
    }

    #[test]
    fn a_nul_byte_in_the_first_64_kib_makes_a_stream_binary() {
        let name = SourcePath::from("b");
        let text = b"a\0 0323.12";
        let skip = scan_stream(
            &mut &text[..],
            &name,
            None,
            Reading::default(),
            4,
            false,
            |_, _| panic!("a binary stream is not scanned"),
        );
        assert!(matches!(skip, Ok(StreamEnd::Binary)));
        let mut found = 0;
        let scanned = scan_stream(
            &mut &text[..],
            &name,
            None,
            Reading::default(),
            4,
            true,
            |scan, _| {
                found += scan.found.len();
                ControlFlow::Continue(())
            },
        );
        assert!(matches!(scanned, Ok(StreamEnd::Scanned { bytes: 10 })));
        assert_eq!(found, 1);
    }
}
