//! The per-code work of one chunk: the anchors the finder reports, read in groups, each step
//! of the reading taken over a whole group before the next (docs/performance.md, "The caption
//! and diagram rules").
//!
//! Reading a code takes the parser, the look-back over the lines above, the diagram search,
//! the checks and the record: more machine code than a processor's first-level instruction
//! cache holds (32 KiB on this project's machines). Taken code by code, with the finder's
//! loop between codes, every step found its code evicted by the steps after it and fetched it
//! again for the next code. Taken a step at a time over a group, each step's code stays in the
//! cache from one code to the next; the text near the codes of a group is read again by each
//! step, from the second-level data cache. The records and their order are the same as code by
//! code: each step keeps its state from code to code in order.

use std::ops::Range;

use super::{ChunkScan, Reading};
use crate::context::label::{LabelRules, cite};
use crate::context::{self, Link};
use crate::diagram::{Diagram, NineLines};
use crate::finder;
use crate::parse::{Parsed, Rank};
use crate::record::{Fields, FoundAt, Record};
use crate::source_path::SourcePath;
use label::claimed_before;

/// Most anchors read in one group: the size that missed the first-level instruction cache
/// least of those measured (docs/performance.md, "The caption and diagram rules").
pub(crate) const GROUP: usize = 64;

/// Finds, parses and checks the codes whose anchor starts in `range`, and makes their records
/// (all the per-code work happens here, in parallel), each with its label and fields as
/// `reading` says.
pub(crate) fn scan_chunk(
    buf: &[u8],
    path: &SourcePath,
    range: Range<usize>,
    reading: Reading<'_>,
) -> ChunkScan {
    scan_chunk_in_groups(buf, path, range, reading, GROUP)
}

/// [`scan_chunk`] with groups of at most `size` anchors (at least 1): the same result for
/// every size.
fn scan_chunk_in_groups(
    buf: &[u8],
    path: &SourcePath,
    range: Range<usize>,
    reading: Reading<'_>,
    size: usize,
) -> ChunkScan {
    let size = size.max(1);
    let (group, mut pending) = SPARE_GROUP.take();
    let mut reader = Reader::new(buf, path, range.clone(), reading, size, group);
    pending.reserve(size);
    let scan = finder::scan_range(buf, range.clone(), |anchor, newlines_before| {
        pending.push((anchor, newlines_before));
        if pending.len() >= size {
            reader.group(&pending);
            pending.clear();
        }
    });
    reader.group(&pending);
    pending.clear();
    SPARE_GROUP.set((std::mem::take(&mut reader.group), pending));
    if let Some((at, cite)) = reader
        .awards
        .as_mut()
        .and_then(|a| a.read_to_end(buf, range.end))
    {
        reader.award_headings.push((reader.found.len(), at, cite));
    }
    let last_newline = memchr::memrchr(b'\n', &buf[range.clone()]).map(|i| range.start + i);
    ChunkScan {
        newlines: scan.newlines,
        last_newline,
        found: reader.found,
        line_feeds: reader.line_feeds,
        games: None,
        links: reader.links,
        head: None,
        tail: None,
        award_headings: reader.award_headings,
        end: range.end as u64,
    }
}

thread_local! {
    /// This thread's buffers of a group's codes and anchors, both empty, kept from one chunk
    /// to the next: a group of [`GROUP`] codes read takes 29 KiB (456 bytes a code), which a
    /// tree of small files allocated and freed once a file, each time through the allocator's
    /// slow path (docs/performance.md, "Against the build before the reading rules"). A chunk
    /// whose scan panics leaves none, and the next allocates them again.
    static SPARE_GROUP: std::cell::Cell<GroupBuffers> =
        const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

/// A group's codes read and the anchors waiting to be read: each anchor a 0-based byte offset
/// with the line feeds from the range's start to it.
type GroupBuffers = (Vec<Found>, Vec<(usize, u64)>);

/// A code read with its context, waiting for the steps after.
struct Found {
    /// 0-based byte offset of its `dddd.dd`.
    anchor: usize,
    /// Line feeds from the range's start to the anchor.
    newlines_before: u64,
    parsed: Parsed,
    link: Link,
    /// The diagram printed near it, once searched.
    diagram: Option<Diagram>,
}

/// The state of one chunk's reading, carried from code to code in order by each step.
struct Reader<'a> {
    buf: &'a [u8],
    path: &'a SourcePath,
    range: Range<usize>,
    labels: Option<&'a LabelRules>,
    fields: Fields,
    /// Every token of the chunk is an anchor, in order: the look-back of each but the first
    /// knows where the last code above it stands without reading for one, and a bare code
    /// after a code with kings needs no evidence of chess.
    before: context::Before,
    nines: NineLines,
    /// The tables exported as column runs read so far ([`context::table`]).
    tables: context::Tables,
    /// The start of the line of the last record, as far as the chunk tells (after its last
    /// line feed in `range.start..searched`): each record looks back only to the one before,
    /// so the columns of many codes on one long line (or in text with no line feed at all)
    /// cost one pass over the chunk, not one pass back to its start a code.
    searched: usize,
    line_start: Option<usize>,
    /// The end of the record before (and of the label written after it): no label is looked
    /// for before it. Before the first record of the range, the record before the range.
    floor: usize,
    /// The award heading over the codes read so far ([`cite::Awards`]), when labels are read.
    awards: Option<cite::Awards>,
    /// The pages read for their heads ([`cite::Pages`]), when labels are read.
    pages: cite::Pages,
    /// The award headings read ([`cite::Awards`]): the index of the record they stand above
    /// (the records' count for one after the last), the start of the heading's line and its
    /// citation.
    award_headings: Vec<(usize, usize, crate::citation::Citation)>,
    /// The codes of the group being read.
    group: Vec<Found>,
    found: Vec<Record>,
    /// For each record, the line feeds from the range's start to its code:
    /// [`ChunkScan::line_feeds`].
    line_feeds: Vec<i64>,
    links: Vec<Link>,
}

impl<'a> Reader<'a> {
    /// A reader of the codes whose anchors start in `range`, in groups of at most `size`,
    /// read into `group` (empty).
    fn new(
        buf: &'a [u8],
        path: &'a SourcePath,
        range: Range<usize>,
        reading: Reading<'a>,
        size: usize,
        mut group: Vec<Found>,
    ) -> Reader<'a> {
        group.reserve(size);
        let Reading { labels, fields } = reading;
        // Room for a code every 4 KiB, about the density of a study column: records are
        // large, and growing the vector from empty moved them eight times over.
        let found = Vec::with_capacity(range.len() / 4096);
        let links = Vec::with_capacity(found.capacity());
        let line_feeds = Vec::with_capacity(found.capacity());
        // The finder reports every token from the range's start on, in order.
        let before = context::Before {
            anchors_from: Some(range.start),
            ..context::Before::default()
        };
        Reader {
            buf,
            path,
            floor: labels.map_or(0, |rules| claimed_before(buf, range.start, rules)),
            awards: labels.map(|_| cite::Awards::new(buf, range.start)),
            pages: cite::Pages::new(),
            award_headings: Vec::new(),
            searched: range.start,
            range,
            labels,
            fields,
            before,
            nines: NineLines::default(),
            tables: context::Tables::new(),
            line_start: None,
            group,
            found,
            line_feeds,
            links,
        }
    }

    /// Reads the codes at `anchors` (0-based offsets in order, each with the line feeds from
    /// the range's start to it) and adds their records.
    fn group(&mut self, anchors: &[(usize, u64)]) {
        self.read_codes(anchors);
        self.search_diagrams();
        self.make_records();
    }

    /// The first step: each code read with its context ([`context::read_code`]).
    fn read_codes(&mut self, anchors: &[(usize, u64)]) {
        for &(anchor, newlines_before) in anchors {
            let known = self.before;
            self.before.last_anchor = Some(anchor);
            let Some((parsed, link)) =
                context::read_code_in(self.buf, anchor, known, &mut self.tables)
            else {
                continue;
            };
            // The rank before a diagram can complete the position: a bare code the diagram
            // completes leaves `position` unset, which changes the work of the codes after it,
            // never their records (`context::Before`).
            self.before.position |= parsed.rank() > Rank::Bare;
            self.group.push(Found {
                anchor,
                newlines_before,
                parsed,
                link,
                diagram: None,
            });
        }
    }

    /// The second step: the diagram printed near each code (gbr-notation.md §7), read only where a
    /// line near it begins with `9`, completing the position it gives.
    fn search_diagrams(&mut self) {
        for found in &mut self.group {
            found.diagram = self.nines.near_code(self.buf, found.parsed.span.clone());
            if let Some(d) = &found.diagram {
                crate::diagram::complete(&mut found.parsed, d);
            }
        }
    }

    /// The last step: each code's record, with its source reference and label.
    fn make_records(&mut self) {
        // Read in place: moving each code read out of the group copied it whole.
        let mut group = std::mem::take(&mut self.group);
        let first = self.found.len();
        for found in &group {
            self.make_record(found);
        }
        // An example of the notation in prose: read for the outputs that show it.
        if self.fields == Fields::All {
            for (record, found) in self.found[first..].iter_mut().zip(&group) {
                record.example = context::example::is_example(self.buf, found.parsed.span.clone());
            }
        }
        group.clear();
        self.group = group;
    }

    /// The record of one code read, its column counted from the line start before it.
    fn make_record(&mut self, found: &Found) {
        let Found {
            anchor,
            newlines_before,
            ref parsed,
            mut link,
            ref diagram,
        } = *found;
        let buf = self.buf;
        let start = parsed.span.start;
        // A record points at its code's line (docs/scan-output.md, "Where a record points"):
        // where its text starts when that is on the code's line, else the code itself (kings,
        // a sign or a solver's options on lines above it).
        let code_line = if start < anchor {
            memchr::memrchr(b'\n', &buf[start..anchor]).map(|i| start + i + 1)
        } else {
            None
        };
        let column = if let Some(line_start) = code_line {
            Some((anchor - line_start) as u64 + 1)
        } else if start >= self.searched {
            if let Some(i) = memchr::memrchr(b'\n', &buf[self.searched..start]) {
                self.line_start = Some(self.searched + i + 1);
            }
            self.searched = start;
            self.line_start
                .map(|line_start| (start - line_start) as u64 + 1)
        } else if start >= self.range.start {
            // A record starting before the one before it (never seen): look back in full.
            memchr::memrchr(b'\n', &buf[self.range.start..start])
                .map(|i| (start - (self.range.start + i + 1)) as u64 + 1)
        } else {
            // Rare (a sign or kings before a chunk's first anchor, on the code's line). With
            // no line feed between the record and the chunk, its line starts after the last
            // line feed before the chunk, which the stitcher knows (column 0); else look back
            // to the line's start.
            memchr::memchr(b'\n', &buf[start..self.range.start]).map(|_| {
                let line_start = memchr::memrchr(b'\n', &buf[..start]).map_or(0, |i| i + 1);
                (start - line_start) as u64 + 1
            })
        };
        // The line waits for the chunks before ([`super::Stitcher`]), which count the line
        // feeds kept beside the record; until then the record's is 0.
        let at = FoundAt {
            path: self.path,
            line: 0,
            column: column.unwrap_or(0),
        };
        let line_feeds = newlines_before as i64;
        let mut record = Record::checked_fields(at, parsed, buf, self.fields);
        record.diagram = diagram.as_ref().map(|d| Box::new(d.board.clone()));
        link.mark(&mut record);
        if let Some(unpaired) = link.unpaired {
            record.findings.push(crate::record::FindingRecord {
                check: crate::check::Check::Table,
                severity: crate::check::Severity::Note,
                part: crate::position::Part::Code,
                against: None,
                message: unpaired.message(),
                offset: parsed.parts.code.start as u64,
                length: parsed.parts.code.len() as u64,
                fix: None,
                fixes: Vec::new(),
            });
        }
        // The award headings since the code before, for the stitcher to carry.
        if let Some((at, cite)) = self.awards.as_mut().and_then(|a| a.above(buf, start)) {
            self.award_headings.push((self.found.len(), at, cite));
        }
        if link.in_table {
            // A table's code takes its label from the table's run of labels alone.
            if let (Some(_), Some((a, b))) = (self.labels, link.table_label) {
                record.label = Some(String::from_utf8_lossy(&buf[a..b]).into());
                record.citation =
                    cite::number_only(record.label.as_deref().unwrap_or_default()).map(Box::new);
                link.label_at = Some(a);
            }
        } else if let Some(rules) = self.labels {
            self.label_and_cite(rules, anchor, parsed.span.clone(), &mut record, &mut link);
        }
        self.floor = parsed.span.end.max(link.claimed_to.unwrap_or(0));
        self.found.push(record);
        self.line_feeds.push(line_feeds);
        self.links.push(link);
    }
}

mod label;

#[cfg(test)]
mod tests;
