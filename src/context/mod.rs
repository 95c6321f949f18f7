//! What the text around a code adds to it (gbr-notation.md §5, §6; docs/reading.md): a sign on a line
//! of its own above the study, the heading of a printed directory, and for a bare code the
//! evidence that it is one.
//!
//! Everything here looks back (or, for a bare code, around) only where the finder found a
//! code, with the whole buffer in view, so a chunk boundary changes nothing. What one code
//! cannot know alone (the heading over a run of directory entries, a code with kings
//! elsewhere in the same source) is carried from code to code in order by [`Chain`], which
//! the scanner's stitcher runs over the chunks in order: the result is the same at every
//! chunk size and thread count.

mod chain;
pub mod evidence;
pub(crate) mod example;
pub mod fen_near;
pub mod label;
pub mod lines;
pub mod page;
mod pgn_tag;
pub mod table;
mod upward;

pub use chain::Chain;
pub use evidence::Evidence;
pub use lines::Above;
pub use table::Tables;

use crate::parse::{Parsed, Rank, parse_at};
use crate::record::Record;
use crate::stipulation::StipulationSource;

/// What a code's context says, kept beside its record until [`Chain`] has passed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    /// What stands first above the code.
    pub above: Above,
    /// True for a bare code with no chess near it: it is kept only if its source holds a code
    /// with kings, W/B or squares ([`Evidence::None`]).
    pub needs_source_evidence: bool,
    /// Where the stipulation of the parsed position came from, when it has one.
    pub source: Option<StipulationSource>,
    /// 0-based byte range of the square list, where given: where a legality finding stands
    /// when a heading gives a full position its side to move.
    pub squares: Option<(usize, usize)>,
    /// 0-based byte offset of the record's label ([`crate::context::label`]), where one was found: the
    /// scanner's stitcher drops a label that stands before the end of the code before.
    pub label_at: Option<usize>,
    /// 0-based byte offset of the head line the record's citation was read from
    /// ([`label::cite`]), where one was: dropped with the label when it stands before the end
    /// of the code before.
    pub cite_at: Option<usize>,
    /// 0-based offset just past the label written after the code on its line
    /// ([`label::LabelRules::find_after`]), where there is one: no later code takes a
    /// label before it.
    pub claimed_to: Option<usize>,
    /// 0-based byte range of the label a table exported as column runs pairs with the code
    /// ([`table`]): the record's label, whatever stands near the code.
    pub table_label: Option<(usize, usize)>,
    /// A table whose runs were not paired with its codes, their lengths differing: the
    /// record gets a note.
    pub unpaired: Option<table::Unpaired>,
    /// True for a code of a table exported as column runs: its label comes from the table
    /// alone.
    pub in_table: bool,
    /// True for the first study of a text that is a page (a PDF's), with no number and no head
    /// above it on its page: the scanner's stitcher gives it the head at the foot of the page
    /// before, where there is one (docs/printing.md, "A head at a page's foot").
    pub opens_page: bool,
    /// The number of the record's label when the label was read on its page's only edge
    /// number, a number alone between dashes on the page's first or last line (`- 417 -`):
    /// where the page is a PDF's and its printed folio is that number, the number is the
    /// folio's, and the scan drops it (docs/printing.md, "A folio is no number").
    pub edge_number: Option<u32>,
    /// 0-based byte offset of the code's `dddd.dd`: the record's line and column are on its
    /// line (docs/scan-output.md, "Where a record points").
    pub code_at: usize,
}

impl Link {
    /// The link of a record that stands alone, its context read already (a PGN game, a study
    /// record of data): nothing above it to carry, nothing for the chain to drop it for.
    pub fn alone() -> Link {
        Link {
            above: Above::Nothing,
            needs_source_evidence: false,
            source: None,
            squares: None,
            label_at: None,
            cite_at: None,
            claimed_to: None,
            table_label: None,
            unpaired: None,
            in_table: false,
            opens_page: false,
            edge_number: None,
            code_at: 0,
        }
    }

    /// Sets the record's stipulation source to the one this link found.
    pub fn mark(&self, record: &mut Record) {
        record.stipulation_source = self.source;
    }
}

/// What the caller of [`read_code`] knows of the codes before an anchor in the same source.
/// It changes how much work [`read_code`] takes, never its answer; the default knows nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Before {
    /// The 0-based offset of the token `dddd.dd` ([`crate::finder::is_token`]) found last
    /// before this anchor, with no token between the two; `None` when not known, or when
    /// [`Before::anchors_from`] says there is none. The scanner knows it from the anchors the
    /// finder gives it in order, from the second anchor of a chunk on: the look-back then
    /// walks lines by their line feeds alone ([`lines::look_back_after`]) instead of reading
    /// each line's full stops for a code.
    pub last_anchor: Option<usize>,
    /// The 0-based offset from which every token is known: [`Before::last_anchor`] is the
    /// last token starting at or after it, before this anchor, and `None` there means no token
    /// starts between the two. The scanner gives its chunk's start: the first code of a chunk
    /// that starts the buffer (a file's first code), or of one more than [`lines::MAX_BYTES`]
    /// into it, then knows that no code stands within the look-back's reach. `None` when
    /// nothing is known.
    pub anchors_from: Option<usize>,
    /// True when a code with kings or more stands before this one in the source. A bare
    /// code's evidence then changes nothing ([`Chain`] hands every record on once such a code
    /// was met), so only the token rules of [`Evidence::Refused`] are read, not the text
    /// around it.
    pub position: bool,
}

/// Reads the code at `anchor` (0-based byte offset of its `dddd.dd`) with its context: the
/// position as [`parse_at`] reads it, with the sign of a line of its own above it when the
/// text beside it gives no result (only for a code with kings or more); `None` when there is
/// no code there or a bare code is refused ([`Evidence::Refused`]). `before` changes how much
/// work the look-back takes, never its answer.
pub fn read_code(buf: &[u8], anchor: usize, before: Before) -> Option<(Parsed, Link)> {
    read_code_in(buf, anchor, before, &mut Tables::new())
}

/// [`read_code`], with the tables exported as column runs read so far in the source
/// (docs/reading.md): a code of such a table takes the king pair of its row, whatever the
/// parser read after it on the next line, and its label. Called in order of offset, each table
/// is read once.
pub fn read_code_in(
    buf: &[u8],
    anchor: usize,
    before: Before,
    tables: &mut Tables,
) -> Option<(Parsed, Link)> {
    let mut parsed = parse_at(buf, anchor)?;
    let entry = table::complete(buf, anchor, tables, &mut parsed);
    let rank = parsed.rank();
    let needs_source_evidence = kept(buf, &parsed, before)?;
    let start = parsed.span.start;
    let last = before.last_anchor.filter(|&last| last + 4 < start);
    // No token at all since `anchors_from`, which lies at the buffer's start or below every
    // byte the look-back reads (a token whose full stop it reads starts at most 4 bytes below
    // its lowest byte): the first code of a file is read so, wherever it stands.
    let none_within_reach = before.last_anchor.is_none()
        && before
            .anchors_from
            .is_some_and(|from| from == 0 || from + 4 <= start.saturating_sub(lines::MAX_BYTES));
    let mut above = match last {
        // A code of a table but its first: the code before it in the table's order, or the
        // heading between them, as in a directory printed row by row.
        _ if let Some(above) = entry.as_ref().and_then(|e| e.above) => above,
        // The token's full stop must lie before the text read, as the look-back reads it.
        Some(_) => lines::look_back_after(buf, start, last),
        None if none_within_reach => lines::look_back_after(buf, start, None),
        None => lines::look_back(buf, start),
    };
    let own = parsed.position.stipulation;
    // Prose ended the look-back: a sign line above the prose, in the same study block.
    if above == Above::Nothing
        && rank > Rank::Bare
        && own.is_none_or(|s| s.outcome.is_none())
        && let Some(sign) = lines::sign_across_prose(buf, start, last)
    {
        above = Above::Sign(sign);
    }
    // A code in a PGN tag (a study database's `[Black "+0130.11 b4h1"]`), its game read as
    // plain text: the FEN tag of its game gives the side to move. Read only for a code in
    // quotes.
    if let Some(st) = &mut parsed.position.stipulation
        && st.outcome.is_some()
        && buf[..start].iter().rev().take(2).any(|&b| b == b'"')
        && evidence::fen_tag_side(buf, start) == Some(shakmaty::Color::Black)
    {
        st.to_move = shakmaty::Color::Black;
    }
    let own = parsed.position.stipulation;
    let mut source = own.map(|_| StipulationSource::Beside);
    if let Above::Sign(sign) = above
        && rank > Rank::Bare
        && own.is_none_or(|s| s.outcome.is_none())
    {
        parsed.position.stipulation = Some(own.map_or(sign, |s| sign.combine(s)));
        source = Some(StipulationSource::Above);
    }
    let link = Link {
        above,
        needs_source_evidence,
        source,
        squares: parsed.parts.squares.as_ref().map(|r| (r.start, r.end)),
        label_at: None,
        cite_at: None,
        claimed_to: None,
        table_label: entry
            .as_ref()
            .and_then(|e| e.label.as_ref())
            .map(|r| (r.start, r.end)),
        in_table: entry.is_some(),
        opens_page: false,
        edge_number: None,
        unpaired: entry.and_then(|e| e.unpaired),
        code_at: anchor,
    };
    Some((parsed, link))
}

/// Whether the code read as `parsed` is kept ([`Evidence`]): `None` when it is refused (a
/// bare code that is no code, a code in a tag that is no study's), else whether it needs a
/// code with kings elsewhere in its source ([`Link::needs_source_evidence`]).
fn kept(buf: &[u8], parsed: &Parsed, before: Before) -> Option<bool> {
    match parsed.rank() {
        // After a code with kings, only the token rules.
        Rank::Bare if before.position => (!evidence::refused(buf, parsed)).then_some(false),
        Rank::Bare => match evidence::of_bare(buf, parsed) {
            Evidence::Refused => None,
            Evidence::Near => Some(false),
            Evidence::None => Some(true),
        },
        _ => (!evidence::in_tag_unlike_a_study(buf, parsed)).then_some(false),
    }
}

#[cfg(test)]
mod tests;
