//! The scanner: every code in a buffer, found in parallel chunks, parsed, checked and given
//! its source reference.
//!
//! A buffer is cut into chunks; each chunk owns the anchors (`dddd.dd`) that *start* in it and
//! parses them with the whole buffer in view, so a form broken over a chunk boundary is read
//! whole and found exactly once. Line numbers come from the newline counts the finder makes in
//! the same pass, added up across chunks afterwards (`Stitcher`). The result does not depend
//! on the chunk size or the number of threads.
//!
//! [`scan_buffer`] scans one buffer and returns its records; [`scan_inputs`] scans files and
//! hands their records back in input order as they are found (`chunk.rs`: one chunk's codes,
//! read in groups of anchors a step at a time; `queue/`: the workers and the units they claim,
//! `queue/source.rs` one opened input's texts; `batches.rs`: the batches a chunk's records are
//! handed on in; `handoff.rs`: the events and their ordered hand-over).

mod batches;
mod chunk;
mod chunked;
mod guard;
mod handoff;
mod keyed;
pub mod message;
mod ocr;
mod queue;
mod stitch;
mod stream;

use std::ops::Range;

use crate::context::Link;
use crate::context::label::LabelRules;
use crate::pgn::GameCounts;
use crate::record::{Fields, Record};
use crate::source_path::SourcePath;

pub use handoff::{FileOutcome, FileScan, ScanEvent};
pub use ocr::{OcrRead, read_ocr, read_whole};
pub use queue::{InputConfig, ScanInputs, scan_inputs};

pub(crate) use chunk::scan_chunk;
pub(crate) use chunked::{Chunking, Stopped, scan_chunked};
pub(crate) use stitch::Stitcher;

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

/// What scanning one chunk gives: its records, waiting for their lines, and what the chunks
/// after it need to know of its line feeds.
pub(crate) struct ChunkScan {
    /// Line feeds in the chunk.
    newlines: u64,
    /// Offset of the chunk's last line feed.
    last_newline: Option<usize>,
    /// The records, whose line and column wait for the chunks before ([`Stitcher`]): until
    /// then `line` is 0 ([`ChunkScan::line_feeds`] holds what it is made from), and `column`
    /// the byte column when it could be told inside the chunk (a line feed stands between
    /// the chunk's start and the record, or between its text's start and its code, or the
    /// record starts before the chunk), else 0.
    found: Vec<Record>,
    /// For each record of `found`, the line feeds from the chunk's start to the record's
    /// code (its `dddd.dd`, which starts in the chunk: never negative for text). The
    /// stitcher makes each record's 1-based line of it; kept here, beside the records, so
    /// that a record's `line` is only ever a line.
    line_feeds: Vec<i64>,
    /// What a PGN input's games gave besides records ([`scan_pgn`]); `None` for text.
    games: Option<GameCounts>,
    /// The context of each record, for [`Stitcher`]'s [`Chain`].
    links: Vec<Link>,
    /// For the scan holding the first record of a page after a source's first page: the text
    /// from the page's start to that record, when its look-back found nothing and may read on
    /// into the page before, or it opens its page with no number and may take the head at the
    /// foot of the page before ([`context::page::head`]).
    head: Option<Box<[u8]>>,
    /// For the last scan of a page: the page's last lines ([`context::page::tail`]), which the
    /// next page's first code may read.
    tail: Option<Box<[u8]>>,
    /// The award headings read ([`cite::Awards`]), for the stitcher to carry: the index in
    /// `found` of the record each stands above (`found.len()` for one after the last), the
    /// 0-based offset of its line, and its citation.
    award_headings: Vec<(usize, usize, crate::citation::Citation)>,
    /// 0-based offset just past the bytes the scan read: where the next chunk starts.
    end: u64,
}

impl ChunkScan {
    /// Leaves out of the chunk's line feeds, and of each record's, those of `added` (0-based
    /// offsets in the text, in order: the line feeds written into it that its source does not
    /// hold, [`crate::input::Member::added`]) from `from`, the chunk's first byte: a record's
    /// line is then the source's. A record inside added lines (a caption a board gave itself)
    /// takes the line they stand before.
    pub(crate) fn uncount_added(&mut self, added: &[u64], from: u64) {
        if added.is_empty() {
            return;
        }
        let before = |offset: u64| added.partition_point(|&a| a < offset) as i64;
        let first = before(from);
        for (record, feeds) in self.found.iter_mut().zip(&mut self.line_feeds) {
            *feeds -= before(record.offset.max(from)) - first;
        }
        self.newlines -= (before(self.end.max(from)) - first) as u64;
    }

    /// The scan of nothing: no line feed, no record.
    fn empty() -> ChunkScan {
        ChunkScan {
            newlines: 0,
            last_newline: None,
            found: Vec::new(),
            line_feeds: Vec::new(),
            games: None,
            links: Vec::new(),
            head: None,
            tail: None,
            award_headings: Vec::new(),
            end: 0,
        }
    }
}

/// What a scan of text reads for each code besides its position and checks.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Reading<'a> {
    /// How the label of each study is read; `None` reads none.
    pub labels: Option<&'a LabelRules>,
    /// The record's fields filled.
    pub fields: Fields,
}

/// Reads `buf` (a whole input) as a PGN file ([`crate::pgn::read_pgn`]): a unit of one chunk
/// whose records are the games with a FEN, each with its label under `labels`
/// ([`LabelRules::of_game`]; none when `None`). Their lines are given as the [`Stitcher`] of a
/// first chunk expects (the line feeds before the record), their column is 1.
///
/// With the scan, the panic that stopped the read, if one did: the byte of its game and the
/// fault ([`crate::pgn::PgnRead::fault`]).
pub(crate) fn scan_pgn(
    buf: &[u8],
    path: &SourcePath,
    labels: Option<&LabelRules>,
) -> (ChunkScan, Option<(u64, crate::fault::Fault)>) {
    let read = crate::pgn::read_pgn(buf, &path.escaped());
    let fault = read.fault;
    let mut found = read.records;
    // The offsets of the records count in the decoded text.
    let text = labels.map(|_| crate::pgn::text(buf));
    let line_feeds = found.iter().map(|r| r.line as i64 - 1).collect();
    for record in &mut found {
        record.path = path.clone();
        if let (Some(rules), Some(text)) = (labels, &text) {
            let game = text
                .get(record.offset as usize..(record.offset + record.length) as usize)
                .unwrap_or_default();
            record.label = rules.of_game(record.study.as_deref(), game);
        }
    }
    // A game stands alone: no sign, heading or prose around it to read (and the chain drops a
    // record that has no link).
    let links = found.iter().map(|_| Link::alone()).collect();
    let scan = ChunkScan {
        newlines: 0,
        last_newline: None,
        found,
        line_feeds,
        games: Some(read.counts),
        links,
        head: None,
        tail: None,
        award_headings: Vec::new(),
        end: 0,
    };
    (scan, fault)
}

/// [`scan_pgn`] with any panic caught: the unit's scan and why the input stops, if it does
/// (a panic in one game, or outside the games' loop at byte 0).
fn scan_pgn_guarded(
    buf: &[u8],
    path: &SourcePath,
    labels: Option<&LabelRules>,
) -> (ChunkScan, Option<handoff::Stop>) {
    let (scan, fault) = match crate::fault::catch(|| scan_pgn(buf, path, labels)) {
        Ok(done) => done,
        Err(fault) => (ChunkScan::empty(), Some((0, fault))),
    };
    let stop = fault.map(|(at, fault)| handoff::Stop::Fault {
        text: path.clone(),
        at,
        message: fault.message,
    });
    (scan, stop)
}

/// The byte ranges of the chunks of a buffer of `len` bytes.
pub(crate) fn chunks(len: usize, chunk_size: usize) -> impl ExactSizeIterator<Item = Range<usize>> {
    let size = chunk_size.max(1);
    (0..len.div_ceil(size)).map(move |i| i * size..((i + 1) * size).min(len))
}

/// Scans `buf` (the whole source) and returns a record for every code, in order of offset,
/// each with its label under the built-in rules ([`LabelRules::builtin`]).
/// `path` names the source in the records. `progress` is called with the bytes of each chunk
/// when it is done, from any thread. Runs on the current rayon pool.
///
/// # Panics
///
/// When the reading rules panic on a code (a bug): [`scan_buffer_guarded`] reports that as an
/// error instead, with the records before it.
pub fn scan_buffer(
    buf: &[u8],
    path: &str,
    options: ScanOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Vec<Record> {
    match scan_buffer_guarded(buf, path, options, progress) {
        Ok(records) => records,
        Err(failed) => std::panic::resume_unwind(Box::new(failed.fault.message)),
    }
}

/// A scan of one buffer that panicked ([`scan_buffer_guarded`]).
#[derive(Debug)]
pub struct BufferFault {
    /// The records of the codes before byte `at`, as [`scan_buffer`] gives them.
    pub records: Vec<Record>,
    /// 0-based byte offset of the first byte whose code could not be read.
    pub at: u64,
    /// The panic.
    pub fault: crate::fault::Fault,
}

/// [`scan_buffer`] with a panic of the reading rules caught (docs/reliability.md, "Fault
/// isolation"): the same records when none panics.
///
/// # Errors
///
/// [`BufferFault`] with the records before the first byte whose code made the scan panic.
pub fn scan_buffer_guarded(
    buf: &[u8],
    path: &str,
    options: ScanOptions,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Vec<Record>, Box<BufferFault>> {
    let path = SourcePath::from(path);
    let rules = LabelRules::builtin();
    let how = chunked::Chunking {
        chunk_size: options.chunk_size,
        // Every chunk at once: the records of the whole buffer are returned anyway.
        batch: usize::MAX,
        reading: Reading {
            labels: Some(&rules),
            fields: Fields::All,
        },
        progress,
    };
    let mut records = Vec::new();
    match chunked::scan_chunked(buf, &path, &[], &how, &mut |found| records.extend(found)) {
        Ok(()) => Ok(records),
        Err(stopped) => {
            let chunked::Stopped { at, fault, .. } = *stopped;
            Err(Box::new(BufferFault { records, at, fault }))
        }
    }
}

#[cfg(test)]
mod tests;
