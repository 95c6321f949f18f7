//! The scan's sequential stitch (docs/reading.md, "State carried over pages"): the chunks of
//! a text, and the pages of a source, handed over in order after the parallel work, given their
//! lines and columns and the state that crosses chunks and pages.

use super::ChunkScan;
use crate::context;
use crate::context::label::cite;
use crate::context::{Chain, Link};
use crate::record::Record;

/// Gives the records of consecutive chunks their lines and columns, the chunks handed over in
/// order from the first: the 1-based line of a chunk's first byte is one more than the line
/// feeds of the chunks before it, and a record with no line feed before it in its chunk
/// counts its column from the last line feed before the chunk.
#[derive(Debug, Clone)]
pub(crate) struct Stitcher {
    /// 1-based line of the next chunk's first byte.
    line_base: i64,
    /// Offset of the last line feed before the next chunk.
    last_newline: Option<usize>,
    /// Headings and evidence carried from code to code (docs/reading.md).
    chain: Chain,
    /// The end (0-based byte offset) of the last record stitched: a label before it belongs
    /// to that record's code, not to the next.
    last_end: u64,
    /// The last lines of the pages stitched so far, when the texts are pages (a PDF's).
    carry: context::page::Carry,
    /// True once the text under way gave its last lines to `carry`.
    carried: bool,
    /// The award heading in force ([`cite::AwardRun`]), carried over page breaks.
    awards: cite::AwardRun,
    /// True from a page's start to its first record.
    page_first: bool,
}

impl Stitcher {
    pub(crate) fn new() -> Stitcher {
        Stitcher {
            line_base: 1,
            last_newline: None,
            chain: Chain::new(),
            last_end: 0,
            carry: context::page::Carry::new(),
            carried: false,
            awards: cite::AwardRun::default(),
            page_first: false,
        }
    }

    /// The end of one text of a source and the start of the next: the records the chain held
    /// back ([`Chain::next_text`]), and the stitcher made ready for the next text, whose lines
    /// count from 1 again. What crosses a page break (the heading in force, the last lines of
    /// the page) is kept when the text was a page; nothing when it was none.
    pub(crate) fn next_text(&mut self) -> Vec<Record> {
        let held = self.chain.next_text();
        if self.carried {
            *self = Stitcher {
                chain: std::mem::take(&mut self.chain),
                carry: std::mem::take(&mut self.carry),
                awards: self.awards.next_page(),
                page_first: true,
                ..Stitcher::new()
            };
        } else {
            *self = Stitcher::new();
        }
        held
    }

    /// The records of `scan`, the chunk after the ones already stitched, in order of offset.
    pub(crate) fn stitch(&mut self, scan: ChunkScan) -> Vec<Record> {
        let line_start = self.last_newline.map_or(0, |i| i + 1);
        let mut records = scan.found;
        for (record, line_feeds) in records.iter_mut().zip(scan.line_feeds) {
            record.line = (self.line_base + line_feeds) as u64;
            if record.column == 0 {
                record.column = (record.offset as usize - line_start) as u64 + 1;
            }
        }
        self.line_base += scan.newlines as i64;
        self.last_newline = scan.last_newline.or(self.last_newline);
        // Anchors come in order, and the text read before an anchor (sign, kings, bracket)
        // never reaches back over another code, so records come in order of offset; a stable
        // sort keeps the order total should text ever prove that wrong.
        let mut links = scan.links;
        if !records.is_sorted_by_key(|r| r.offset) {
            let mut linked: Vec<(Record, Link)> = records.into_iter().zip(links).collect();
            linked.sort_by_key(|(r, _)| r.offset);
            (records, links) = linked.into_iter().unzip();
        }
        for (record, link) in records.iter_mut().zip(&links) {
            if link.label_at.is_some_and(|at| (at as u64) < self.last_end) {
                record.label = None;
            }
            if link.cite_at.is_some_and(|at| (at as u64) < self.last_end) {
                record.citation = None;
            }
            self.last_end =
                (record.offset + record.length).max(link.claimed_to.map_or(0, |end| end as u64));
        }
        // The first code of a page, whose look-back found nothing on its page, reads on into
        // the pages before.
        if let (Some(head), Some(first)) = (&scan.head, links.first_mut())
            && first.above == context::Above::Nothing
            && !self.carry.is_empty()
        {
            let above = self.carry.above(head);
            if above != context::Above::Nothing {
                first.above = above;
            }
        }
        if std::mem::take(&mut self.page_first) {
            self.page_first = records.is_empty();
            if let (Some(record), Some(link), Some(top)) =
                (records.first_mut(), links.first(), scan.head.as_deref())
                && link.opens_page
                && !link.in_table
                && let Some(cite) = cite::foot_read(self.carry.last_page(), top)
            {
                cite::apply_foot(&mut record.citation, cite);
            }
        }
        if let Some(tail) = &scan.tail {
            self.carry.push(tail);
            self.carried = true;
        }
        self.awards
            .carry(&mut records, &links, scan.award_headings, scan.end);
        self.chain.pass(&mut records, &links);
        records
    }

    /// The records held back to the end of the source ([`Chain::finish`]); call once after
    /// its last chunk.
    pub(crate) fn finish(&mut self) -> Vec<Record> {
        self.chain.finish()
    }
}
