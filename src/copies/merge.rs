//! One study, one entry (docs/directory.md, "A book and its own directory"): a book holds each
//! study twice, its caption in the body and its entry in the book's own GBR directory at the
//! end. `gbr index` of the book merges the two into one entry, the body's, which keeps the
//! directory entry's place beside its own ([`Record::directory_entry`]), what the entry printed
//! that differs, and takes the entry's group and number where the caption has none.
//!
//! Read from the records of one book ([`crate::source_path::SourcePath::book`]: a file, an
//! archive's member, a document with its parts), in order: an **entry** is a code with kings
//! whose stipulation came from a directory's heading (the scan's carried heading,
//! docs/reading.md, "Headings of a printed directory"); the **body** is every other code with
//! kings. A book has its own directory when it holds at least three entries (`gbr check`'s
//! least), a body, and at least half of the entries share their kings or code with a study of
//! the body, as `gbr check` decides (`copies/book.rs`). A merge needs evidence and no
//! contradiction (`merge/evidence.rs`): an entry is merged with a study of the same position, or,
//! where the positions differ, with the study its number names in a numbering the book shows
//! it shares with its directory; where the evidence is short, both stay entries
//! (`merge/pairing.rs` gives the four steps).

use std::collections::HashSet;

pub use super::mention::merge_mentions;

use crate::position::restipulate;
use crate::record::{EntryAt, Record};
use crate::stipulation::StipulationSource;

/// What [`merge_book`] merged in one file or more: entries of a book's own directory into
/// their studies, and mentions of a study in prose ([`merge_mentions`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Merged {
    /// Entries of the book's own directory merged into their studies.
    pub entries: usize,
    /// Codes mentioning a study in prose merged into it.
    pub mentions: usize,
}

impl std::ops::AddAssign for Merged {
    fn add_assign(&mut self, other: Merged) {
        self.entries += other.entries;
        self.mentions += other.mentions;
    }
}

/// Records handed on in input order, merged a book at a time ([`merge_book`]; a book is
/// [`SourcePath::book`](crate::source_path::SourcePath::book): a file, an archive's member, a
/// document with its parts). `gbr index` hands each record of a scan, or of saved `gbr scan
/// --json` output, to [`Books::push`], and calls [`Books::finish`] at the end: both ways give
/// the same records. A book is held whole, whatever its size (a merge may join its first
/// study with its last entry), in blocks of [`BLOCK`] records. They are joined once at its end
/// where a merge is possible (a directory's entries and a body, or a code without kings
/// beside a study), and handed on as they are where none is, so that a book of a million
/// captions costs no second copy.
#[derive(Debug, Default)]
pub struct Books {
    held: Vec<Vec<Record>>,
    /// Records held.
    count: usize,
    /// Records held that may be merged: entries of a directory, studies of a body, codes
    /// without kings.
    entries: usize,
    body: usize,
    without_kings: usize,
    merged: Merged,
}

/// Records in one block of a book held ([`Books`]).
pub const BLOCK: usize = 1 << 14;

impl Books {
    /// Adds `record`; when it opens another book than the records held, returns those
    /// records, merged, in order, in blocks.
    pub fn push(&mut self, record: Record) -> Option<Vec<Vec<Record>>> {
        let last = self.held.last().and_then(|b| b.last());
        let ends = last.is_some_and(|r| r.path.book() != record.path.book());
        let done = ends.then(|| self.finish());
        match (record.kings.is_some(), record.stipulation_source) {
            (false, _) => self.without_kings += 1,
            (true, Some(StipulationSource::Heading)) if record.directory_entry.is_none() => {
                self.entries += 1;
            }
            (true, _) => self.body += 1,
        }
        match self.held.last_mut() {
            Some(block) if block.len() < BLOCK => block.push(record),
            _ => {
                let mut block = Vec::with_capacity(BLOCK);
                block.push(record);
                self.held.push(block);
            }
        }
        self.count += 1;
        done
    }

    /// The records held (of the book under way), merged, in order, in blocks; none when none
    /// is held.
    pub fn finish(&mut self) -> Vec<Vec<Record>> {
        let blocks = std::mem::take(&mut self.held);
        let count = std::mem::take(&mut self.count);
        let (entries, body, without_kings) = (self.entries, self.body, self.without_kings);
        (self.entries, self.body, self.without_kings) = (0, 0, 0);
        let directory = entries >= super::book::MIN_ENTRIES && body > 0;
        if !directory && (without_kings == 0 || entries + body == 0) {
            return blocks;
        }
        let mut book = Vec::with_capacity(count);
        for block in blocks {
            book.extend(block);
        }
        self.merged += merge_book(&mut book);
        vec![book]
    }

    /// The last record held.
    pub fn last(&self) -> Option<&Record> {
        self.held.last().and_then(|b| b.last())
    }

    /// What was merged so far.
    pub fn merged(&self) -> Merged {
        self.merged
    }
}

/// The records of one file (`records`, in order) as `gbr index` lists them: the entries of its
/// own directory merged into its studies ([`merge_own_directory`]), then each mention of a
/// study in prose merged into the study ([`merge_mentions`]), which the first leaves one
/// record with kings for. Examples of the notation ([`Record::example`]) are best left out
/// before: they are no studies.
pub fn merge_book(records: &mut Vec<Record>) -> Merged {
    let entries = merge_own_directory(records);
    Merged {
        entries,
        mentions: merge_mentions(records),
    }
}

/// The records of one file (`records`, in order) with the entries of its own directory merged
/// into the studies of its body; returns how many entries were merged. A file without its own
/// directory is left as it is.
pub fn merge_own_directory(records: &mut Vec<Record>) -> usize {
    // A study that holds its entry already (a saved directory read back) is no entry.
    let is_entry = |r: &Record| {
        r.kings.is_some()
            && r.stipulation_source == Some(StipulationSource::Heading)
            && r.directory_entry.is_none()
    };
    // An example of the notation is neither a study nor an entry.
    let (entries, body): (Vec<usize>, Vec<usize>) = (0..records.len())
        .filter(|&i| records[i].kings.is_some() && !records[i].example)
        .partition(|&i| is_entry(&records[i]));
    if entries.len() < super::book::MIN_ENTRIES || body.is_empty() {
        return 0;
    }
    let (mut kings, mut codes) = (HashSet::new(), HashSet::new());
    for &i in &body {
        kings.insert(records[i].kings.expect("a study of the body has kings"));
        codes.insert(records[i].code);
    }
    let known = entries
        .iter()
        .filter(|&&i| {
            let r = &records[i];
            r.kings.is_some_and(|k| kings.contains(&k)) || codes.contains(&r.code)
        })
        .count();
    if 2 * known < entries.len() {
        return 0;
    }
    let merged = pairing::pair(records, &entries, &body);
    let count = merged.len();
    let mut dropped = vec![false; records.len()];
    for (e, s) in merged {
        let entry = records[e].clone();
        merge(&mut records[s], &entry);
        dropped[e] = true;
    }
    let mut i = 0;
    records.retain(|_| {
        i += 1;
        !dropped[i - 1]
    });
    count
}

/// Gives the study `study` of the body what its directory entry `entry` says: its place, and
/// its group and number where the caption has none.
fn merge(study: &mut Record, entry: &Record) {
    let own = study.stipulation;
    if own.is_none_or(|s| s.outcome.is_none())
        && let Some(group) = entry.stipulation
    {
        let stipulation = own.map_or(group, |s| group.combine(s));
        study.canonical = restipulate(&study.canonical, own, stipulation).into();
        study.stipulation = Some(stipulation);
        study.stipulation_source = Some(StipulationSource::Heading);
    }
    if study.label.is_none() {
        study.label = entry.label.clone();
    }
    study.directory_entry = Some(Box::new(EntryAt {
        line: entry.line,
        page: entry.page.clone(),
        page_index: entry.page_index,
        label: entry.label.clone(),
        printed: printed(study, entry),
    }));
}

/// The entry's position as its directory prints it (`0055.02 b1b8`, with its squares where it
/// gives them: `0116.01 a7d3 b2b3c6d6.e4`), where it differs from the study's in code, kings
/// or squares: nothing the entry printed is lost in the merge.
fn printed(study: &Record, entry: &Record) -> Option<compact_str::CompactString> {
    let squares = entry
        .squares
        .as_ref()
        .filter(|s| Some(*s) != study.squares.as_ref());
    if entry.code == study.code && entry.kings == study.kings && squares.is_none() {
        return None;
    }
    let mut text = entry.code.to_string();
    if let Some(k) = entry.kings {
        text = format!("{text} {k}");
    }
    if let Some(s) = squares {
        text = format!("{text} {s}");
    }
    Some(text.into())
}

mod evidence;
mod pairing;

#[cfg(test)]
mod tests;
