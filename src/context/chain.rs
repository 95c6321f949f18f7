//! The context carried from code to code through one source, in order.

use super::{Above, Link};
use crate::check::{Check, Finding, Severity, legality_kind};
use crate::parse::Rank;
use crate::position::Part;
use crate::position::restipulate;
use crate::record::{FindingRecord, Record};
use crate::stipulation::{Stipulation, StipulationSource};

/// Records a chain holds back at most while no code with kings has been met: past it the bare
/// codes without evidence are dropped as if the source had ended (docs/reading.md). In input
/// order, so the result does not depend on chunks or threads.
pub const MAX_HELD: usize = 4096;

/// State carried over the records of one source, handed over in order of offset: the
/// heading over the current run of directory entries, whether a code with kings or more has
/// been met, and the records held back until that is known.
#[derive(Debug, Clone, Default)]
pub struct Chain {
    /// The heading in force: set by a heading above a code, kept while each code has the one
    /// before it within reach ([`Above::Code`]), dropped otherwise.
    heading: Option<Stipulation>,
    /// True once a code with kings, W/B or squares was met in this source.
    positions: bool,
    /// Records held back, in order, from the first bare code with no chess near it while no
    /// code with kings has been met; the flag is its [`Link::needs_source_evidence`].
    held: Vec<(Record, bool)>,
}

impl Chain {
    /// A chain at the start of a source.
    pub fn new() -> Chain {
        Chain::default()
    }

    /// Passes the next records of the source (in order of offset, `links[i]` the link of
    /// `records[i]`): gives them the heading in force, and leaves in `records` those that can
    /// be handed on now, in order. Records are changed in place; they move only while some
    /// are held back (before the first code with kings of a source).
    pub fn pass(&mut self, records: &mut Vec<Record>, links: &[Link]) {
        for (record, link) in records.iter_mut().zip(links) {
            match link.above {
                Above::Heading(s) => self.heading = Some(s),
                Above::Code => {}
                Above::Sign(_) | Above::Nothing => self.heading = None,
            }
            // A directory's entry has kings at least; a bare code among prose below the
            // entries takes no heading.
            if let Some(heading) = self.heading
                && record.rank > Rank::Bare
            {
                apply_heading(record, heading, link.squares);
            }
        }
        if self.positions && self.held.is_empty() {
            return;
        }
        // With nothing held, the records before the first that must be held are handed on
        // where they stand: a source's first records (every file of a tree starts so) are not
        // moved one by one through the loop below.
        let mut kept = 0;
        if self.held.is_empty() {
            for (record, link) in records.iter().zip(links) {
                self.positions |= record.rank > Rank::Bare;
                if !self.positions && link.needs_source_evidence {
                    break;
                }
                kept += 1;
            }
            if kept == records.len() {
                return;
            }
        }
        let rest = records.split_off(kept);
        for (record, link) in rest.into_iter().zip(&links[kept..]) {
            if record.rank > Rank::Bare && !self.positions {
                self.positions = true;
                records.extend(self.held.drain(..).map(|(r, _)| r));
            }
            if !self.positions && (link.needs_source_evidence || !self.held.is_empty()) {
                self.held.push((record, link.needs_source_evidence));
                if self.held.len() >= MAX_HELD {
                    // So many bare codes and no code with kings: no chess text. The codes
                    // without evidence go, the others are handed on, and holding starts anew,
                    // so that an endless stream of numbers never fills memory.
                    let held = self.held.drain(..);
                    records.extend(held.filter(|(_, needs)| !needs).map(|(r, _)| r));
                }
            } else {
                records.push(record);
            }
        }
    }

    /// How many records are held back now.
    #[cfg(test)]
    pub fn held_len(&self) -> usize {
        self.held.len()
    }

    /// The end of one page of a source whose pages are texts of their own (a PDF's): the
    /// records still held, as [`Chain::finish`] gives them, and the chain made ready for the
    /// next page with the state that crosses a page break (docs/reading.md, "State carried over
    /// pages"): the heading in force, which the next page's first code keeps when it stands
    /// under the last entry of this page (`context::page`). Whether a code with kings was met,
    /// and what is held for it, are each page's own, as for any text. A state added to the
    /// chain that should run on over pages is kept here, and nowhere else.
    pub fn next_text(&mut self) -> Vec<Record> {
        let heading = self.heading;
        let held = self.finish();
        self.heading = heading;
        held
    }

    /// The end of the source: the records still held, but for the bare codes with no chess
    /// near them (the source holds no code with kings or more).
    pub fn finish(&mut self) -> Vec<Record> {
        let held = std::mem::take(&mut self.held);
        *self = Chain::new();
        held.into_iter()
            .filter(|(_, needs)| !needs)
            .map(|(r, _)| r)
            .collect()
    }
}

/// Gives `record` the result of the heading over it, when the text beside it and a sign
/// above gave none (a side to move it gave is kept: `ZAZ` under `Wins` is `-+`). A full
/// position that had no side to move gets the legality check (gbr-notation.md §3 rule 6) it could
/// not have before; `squares` is where its square list stands.
fn apply_heading(record: &mut Record, heading: Stipulation, squares: Option<(usize, usize)>) {
    let own = record.stipulation;
    if own.is_some_and(|s| s.outcome.is_some()) {
        return;
    }
    let stipulation = own.map_or(heading, |s| heading.combine(s));
    record.canonical = restipulate(&record.canonical, own, stipulation).into();
    record.stipulation = Some(stipulation);
    record.stipulation_source = Some(StipulationSource::Heading);
    let board_sane = !record
        .findings
        .iter()
        .any(|f| f.check == Check::Board && f.severity == Severity::Error);
    if own.is_none()
        && board_sane
        && let (Some(board), Some((start, end))) = (&record.fen, squares)
        && let Some(kind) = legality_kind(board, stipulation.to_move)
    {
        let finding = Finding {
            kind,
            part: Part::Squares,
            against: None,
            span: start..end,
            fix: None,
            alternatives: Vec::new(),
        };
        record.valid &= finding.severity() != Severity::Error;
        record.findings.push(FindingRecord::new(&finding));
    }
}
