//! Tables exported column by column (docs/reading.md, "Tables exported as column runs"): a PDF's
//! directory printed in columns `code kings - N -` often comes out of a text extractor as a run
//! of codes, then a run of king pairs, then a run of labels, column after column, or as rows of
//! `code kings` with the labels in a run after them. The runs are paired in the book's order:
//! each column's king pairs with its codes, its labels with its codes where their numbers
//! agree, and labels set apart from their column (after the next heading's entries) with the
//! codes still waiting for theirs, where the numbers agree over the columns between. Where
//! they do not, nothing is paired and the codes say so in a note.
//!
//! A table is a sequence of lines that hold tokens of the table's kinds only (`line.rs`):
//! codes, king pairs, labels, rows of a code and its king pair, with blank lines, stray dashes,
//! folios and headings between. Read only for a code whose own line holds codes (or rows)
//! alone, so prose costs one line's first token; a table is read once and kept for the codes
//! after it ([`Tables`]), and so is the extent of a table too long to pair, so that a long
//! column of codes costs each code one look-up.

mod line;
mod pair;

use std::ops::Range;

use crate::context::Above;
use crate::parse::{Form, Parsed, Parts};
use crate::position::{Kings, Position};
use line::{LineKind, is_gap, line_at, tokens};

/// Most bytes a table may span, from its first line to its last, to be paired: every code of
/// it then gets the same answer, whichever asks first and in whichever chunk. 16 KiB holds a
/// directory of some 600 entries set as column runs; a printed page holds fewer than 300.
pub const MAX_TABLE_BYTES: usize = 16 << 10;

/// How far past a code the extent of a table too long to pair is read at once, to be kept
/// for the codes after it ([`Tables`]): a column of codes of any length costs each code a
/// look-up in what is kept, and each 64 KiB of it one more read of [`MAX_TABLE_BYTES`] back.
const NO_TABLE_READ: usize = 64 << 10;

/// What a table gives one of its codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The king pair paired with the code, and its 0-based byte range.
    pub kings: Option<(Kings, Range<usize>)>,
    /// The 0-based byte range of the label's number paired with the code.
    pub label: Option<Range<usize>>,
    /// The runs that were not paired with the code's, their lengths differing; `None` when
    /// every run was paired.
    pub unpaired: Option<Unpaired>,
    /// What stands above the code in the table's reading order, for every code but the
    /// table's first: the code before it ([`Above::Code`]: the next column of a directory
    /// continues the heading in force, as the next entry of one printed row by row does), or
    /// a heading between the two ([`Above::Heading`]). `None` for the first code, whose
    /// look-back reads the lines above the table.
    pub above: Option<Above>,
    /// True for a code of a row `code kings`: the parser's reading of the row stands.
    pub row: bool,
}

/// A table whose runs differ in length: not paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpaired {
    /// The number of codes the runs were to be paired with.
    pub codes: u32,
    /// The number of king pairs, where it differs.
    pub king_pairs: Option<u32>,
    /// The number of labels, where it differs.
    pub labels: Option<u32>,
}

impl Unpaired {
    /// The note a code of such a table gets: `a run of 12 codes, then 11 king pairs: not
    /// paired`.
    pub fn message(&self) -> String {
        let mut runs = Vec::new();
        if let Some(n) = self.king_pairs {
            runs.push(format!("{n} king pairs"));
        }
        if let Some(n) = self.labels {
            runs.push(format!("{n} labels"));
        }
        format!(
            "a run of {} codes, then {}: not paired (docs/reading.md, tables exported as column runs)",
            self.codes,
            runs.join(" and ")
        )
    }
}

/// One code of a table read, with what the table gives it.
#[derive(Debug, Clone, Default)]
struct Slot {
    /// 0-based offset of its `dddd.dd`.
    anchor: usize,
    kings: Option<Range<usize>>,
    row: bool,
    label: Option<Range<usize>>,
    unpaired: Option<Unpaired>,
    above: Option<Above>,
}

/// One table read: its codes in order, or the extent of a run that is no table.
#[derive(Debug, Clone, Default)]
struct Table {
    /// 0-based byte range of the lines read for it: codes inside it use it, or are no table.
    covers: Range<usize>,
    /// Its codes, in order of offset; empty when the lines are no table (nothing to pair, a
    /// single code, or too long).
    slots: Vec<Slot>,
}

/// The tables of one source read so far, for the codes read after them in order of offset.
#[derive(Debug, Clone, Default)]
pub struct Tables {
    last: Option<Table>,
    /// Lines read, over every table: the work a test bounds.
    #[cfg(test)]
    lines: u64,
}

impl Tables {
    /// No table read yet.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// The table entry of the code at `anchor` (0-based offset of its `dddd.dd`), or `None`
    /// when the code's line holds anything but codes (or rows of a code and its kings) or its
    /// table pairs nothing. Reads a table once for all its codes when asked in order of
    /// offset.
    pub fn entry(&mut self, buf: &[u8], anchor: usize) -> Option<Entry> {
        let cached = self
            .last
            .as_ref()
            .is_some_and(|t| t.covers.contains(&anchor));
        if !cached {
            if !may_stand_alone(buf, anchor) {
                return None;
            }
            let table = self.read_table(buf, anchor)?;
            self.last = Some(table);
        }
        let table = self.last.as_ref()?;
        let i = table
            .slots
            .binary_search_by_key(&anchor, |s| s.anchor)
            .ok()?;
        let slot = &table.slots[i];
        let kings = match &slot.kings {
            Some(range) => Some((line::kings(&buf[range.clone()])?, range.clone())),
            None => None,
        };
        Some(Entry {
            kings,
            label: slot.label.clone(),
            unpaired: slot.unpaired,
            above: slot.above,
            row: slot.row,
        })
    }
}

/// Reads the code `parsed` (whose `dddd.dd` starts at `anchor`) as its table gives it, when it
/// is a code of a table ([`Tables::entry`]): the code alone, whatever the parser read after it
/// on the lines of another run, with the king pair of its row where the runs were paired (a
/// row `code kings` as the parser read it). Returns the table's entry; leaves `parsed` as it
/// is and returns `None` for any other code.
pub fn complete(
    buf: &[u8],
    anchor: usize,
    tables: &mut Tables,
    parsed: &mut Parsed,
) -> Option<Entry> {
    let entry = tables.entry(buf, anchor)?;
    let read_as_row = entry.row
        && entry.kings.as_ref().is_some_and(|(_, range)| {
            parsed.parts.kings.as_ref() == Some(range) && parsed.span.end == range.end
        });
    if read_as_row {
        return Some(entry);
    }
    let code = parsed.parts.code.clone();
    *parsed = Parsed {
        position: Position::bare(parsed.position.code),
        form: Form::Bare,
        span: code.clone(),
        parts: Parts {
            code,
            ..Parts::default()
        },
        sign: None,
        word: None,
        kings_repeated: false,
    };
    if let Some((kings, range)) = &entry.kings {
        parsed.position.kings = Some(*kings);
        parsed.parts.kings = Some(range.clone());
    }
    Some(entry)
}

/// Whether the code at `anchor` may stand on a line of codes or rows alone: across gaps, a
/// line's end, a digit (another code) or a king pair after it, and a line's start or a digit
/// (a code, a king pair's rank) before it. A few bytes decide for almost every code of prose
/// or captions, before any line is read.
fn may_stand_alone(buf: &[u8], anchor: usize) -> bool {
    // A table's line may hold stray dashes between its tokens (`0641.00 - -`): passed over
    // as gaps, so that every code of a table passes here and a code asks its table the same
    // whether the table was read for a code before it or for itself (in another chunk).
    let mut i = anchor + 7;
    loop {
        while buf.get(i).is_some_and(|&b| is_gap(b)) {
            i += 1;
        }
        match line::dash(buf.get(i..).unwrap_or_default()) {
            0 => break,
            n => i += n,
        }
    }
    let after = buf.get(i..).unwrap_or_default();
    let kings_after = after.len() >= 4
        && line::kings(&after[..4]).is_some()
        && after.get(4).is_none_or(|&b| is_gap(b) || b == b'\n');
    if !(after
        .first()
        .is_none_or(|&b| b == b'\n' || b.is_ascii_digit())
        || kings_after)
    {
        return false;
    }
    let mut j = anchor;
    loop {
        while j > 0 && is_gap(buf[j - 1]) {
            j -= 1;
        }
        match line::dash(buf.get(j.saturating_sub(3)..j).unwrap_or_default()) {
            3 => j -= 3,
            _ if j > 0 && buf[j - 1] == b'-' => j -= 1,
            _ => break,
        }
    }
    j == 0 || buf[j - 1] == b'\n' || buf[j - 1].is_ascii_digit()
}

/// Whether a page's first code continues a table exported as column runs from the foot of
/// the page before (`tail`, the last lines of the pages before; `head`, the text of the page
/// before the code): the last lines of `tail` that are no blank line, stray dash or folio are
/// runs of a table, with at most [`PAGE_EDGE_LINES`] short lines after them (a running foot),
/// and `head` holds at most as many short lines besides those (a running head). A column's
/// runs printed over a page break so stand in one table, as they do in one text whose pages
/// a form feed separates.
pub fn continues(tail: &[u8], head: &[u8]) -> bool {
    let mut toks = Vec::new();
    let short = |line: &[u8]| line.trim_ascii().len() <= crate::context::lines::LONG_LINE;
    let mut edge = 0;
    for line in head.split(|&b| b == b'\n') {
        match tokens(line, 0, &mut toks) {
            LineKind::Blank => {}
            LineKind::Other if short(line) && edge < PAGE_EDGE_LINES => edge += 1,
            _ => return false,
        }
    }
    let mut edge = 0;
    for line in tail.split(|&b| b == b'\n').rev() {
        match tokens(line, 0, &mut toks) {
            LineKind::Blank => {}
            LineKind::Codes | LineKind::Kings | LineKind::Labels | LineKind::Rows => return true,
            LineKind::Other if short(line) && edge < PAGE_EDGE_LINES => edge += 1,
            _ => return false,
        }
    }
    false
}

/// Most short lines at a page's edge (a running head or foot, a folio with words) that
/// [`continues`] passes on each side of a page break.
pub const PAGE_EDGE_LINES: usize = 2;

impl Tables {
    /// Counts a line read (in tests, the work bounded there).
    #[inline]
    fn count(&mut self) {
        #[cfg(test)]
        {
            self.lines += 1;
        }
    }

    /// Reads the table whose lines hold the code at `anchor`; `None` when its line holds
    /// anything but codes or rows. A table whose first line starts more than
    /// [`MAX_TABLE_BYTES`] before its last line ends is none, and so are the lines read of it.
    fn read_table(&mut self, buf: &[u8], anchor: usize) -> Option<Table> {
        let mut toks = Vec::new();
        let own = line_at(buf, anchor);
        if !matches!(
            tokens(&buf[own.clone()], own.start, &mut toks),
            LineKind::Codes | LineKind::Rows
        ) {
            return None;
        }
        let floor = own.end.saturating_sub(MAX_TABLE_BYTES);
        // Back to the table's first line.
        let mut first = own.start;
        while first > 0 {
            let line = line_at(buf, first - 1);
            self.count();
            if tokens(&buf[line.clone()], line.start, &mut toks) == LineKind::Other {
                break;
            }
            if line.start < floor {
                return Some(self.no_table(buf, own));
            }
            first = line.start;
        }
        let ceiling = first + MAX_TABLE_BYTES;
        let mut lines = Vec::new();
        let mut at = first;
        let mut end = own.end;
        while at < buf.len() {
            let line = line_at(buf, at);
            self.count();
            let kind = tokens(&buf[line.clone()], line.start, &mut toks);
            if kind == LineKind::Other {
                break;
            }
            if line.end > ceiling {
                return Some(self.no_table(buf, own));
            }
            lines.push((kind, toks.clone()));
            end = line.end;
            at = line.end + 1;
        }
        Some(Table {
            covers: first..end.max(own.end) + 1,
            slots: pair::pair(&lines),
        })
    }

    /// The lines of a table too long to pair, from the line `own` on, as far as the table
    /// goes or [`NO_TABLE_READ`] bytes: no table, for every code in them.
    fn no_table(&mut self, buf: &[u8], own: Range<usize>) -> Table {
        let mut toks = Vec::new();
        let limit = own.start + NO_TABLE_READ;
        let mut end = own.end;
        while end < buf.len() && end < limit {
            let line = line_at(buf, end + 1);
            self.count();
            if tokens(&buf[line.clone()], line.start, &mut toks) == LineKind::Other {
                break;
            }
            end = line.end;
        }
        Table {
            covers: own.start..end + 1,
            slots: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
