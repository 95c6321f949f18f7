//! One study, one entry (docs/directory.md, "A book and its own directory"): a book holds each
//! study twice, its caption in the body and its entry in the book's own GBR directory at the
//! end. `gbr index` of the book merges the two into one entry, the body's, which keeps the
//! directory entry's place beside its own ([`Record::directory_entry`]) and takes the entry's
//! group and number where the caption has none.
//!
//! Read from the records of one file (a PDF's pages share it), in order: an **entry** is a code
//! with kings whose stipulation came from a directory's heading (the scan's carried heading,
//! docs/reading.md, "Headings of a printed directory"); the **body** is every other code with
//! kings. A file has its own directory when it holds at least three entries (`gbr check`'s
//! least), a body, and at least half of the entries share their kings or code with a study of
//! the body, as `gbr check` decides (`copies/book.rs`). An entry is merged with the study of
//! the body with the same code and kings, the one with its number where several have them,
//! else the first not yet merged; an entry left then with the study left that has its number
//! (one each); then with the study left that is its near match as `gbr check` reports it (the
//! same kings with the code one digit apart, or the same code with the kings one square
//! apart; one each); an entry with none stays an entry of its own.

use std::collections::{HashMap, HashSet};

pub use super::mention::merge_mentions;

use crate::code::Code;
use crate::position::{Kings, restipulate};
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
    let mut by_position: HashMap<(Code, Kings), Vec<usize>> = HashMap::new();
    let (mut kings, mut codes) = (HashMap::new(), HashMap::new());
    for &i in &body {
        let r = &records[i];
        let k = r.kings.expect("a study of the body has kings");
        by_position.entry((r.code, k)).or_default().push(i);
        kings.insert(k, ());
        codes.insert(r.code, ());
    }
    let known = entries
        .iter()
        .filter(|&&i| {
            let r = &records[i];
            r.kings.is_some_and(|k| kings.contains_key(&k)) || codes.contains_key(&r.code)
        })
        .count();
    if 2 * known < entries.len() {
        return 0;
    }
    let merged = pair(records, &entries, by_position);
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

/// The pairs (entry, study) of a book's directory `entries` and its body (`by_position`: the
/// studies of each code and kings, in order). An entry is paired with the study of its code
/// and kings that has its number, else the first such study not yet paired; where a code and
/// kings are those of more entries than studies (a directory that misprints one study as
/// another's position), the entries without their number wait until the pairing by number
/// ([`by_number`]) has taken those it can, and the rest then take the studies left in order.
fn pair(
    records: &[Record],
    entries: &[usize],
    mut by_position: HashMap<(Code, Kings), Vec<usize>>,
) -> Vec<(usize, usize)> {
    let key = |e: usize| {
        (
            records[e].code,
            records[e].kings.expect("an entry has kings"),
        )
    };
    let mut listed: HashMap<(Code, Kings), usize> = HashMap::new();
    for &e in entries {
        *listed.entry(key(e)).or_default() += 1;
    }
    let crowded: HashSet<(Code, Kings)> = listed
        .into_iter()
        .filter(|(k, n)| by_position.get(k).is_some_and(|s| *n > s.len()))
        .map(|(k, _)| k)
        .collect();
    let (mut merged, mut waiting) = (Vec::new(), Vec::new());
    for &e in entries {
        let entry = &records[e];
        let Some(studies) = by_position.get_mut(&key(e)) else {
            continue;
        };
        let numbered = studies
            .iter()
            .position(|&s| entry.label.is_some() && records[s].label == entry.label);
        if numbered.is_none() && crowded.contains(&key(e)) {
            waiting.push(e);
            continue;
        }
        let Some(at) = numbered.or((!studies.is_empty()).then_some(0)) else {
            continue;
        };
        merged.push((e, studies.remove(at)));
    }
    let numbered = by_number(records, entries, &merged);
    let taken: HashSet<usize> = numbered.iter().flat_map(|&(e, s)| [e, s]).collect();
    merged.extend(numbered);
    for e in waiting.into_iter().filter(|e| !taken.contains(e)) {
        let Some(studies) = by_position.get_mut(&key(e)) else {
            continue;
        };
        if let Some(at) = studies.iter().position(|s| !taken.contains(s)) {
            merged.push((e, studies.remove(at)));
        }
    }
    let taken: HashSet<usize> = merged.iter().flat_map(|&(e, s)| [e, s]).collect();
    let mut left: Vec<usize> = by_position
        .into_values()
        .flatten()
        .filter(|s| !taken.contains(s))
        .collect();
    left.sort_unstable();
    let entries_left: Vec<usize> = entries
        .iter()
        .copied()
        .filter(|e| !taken.contains(e))
        .collect();
    let near = by_near_match(records, &entries_left, &left);
    let taken: HashSet<usize> = near.iter().flat_map(|&(e, s)| [e, s]).collect();
    merged.extend(near);
    let entries_left: Vec<usize> = entries_left
        .into_iter()
        .filter(|e| !taken.contains(e))
        .collect();
    left.retain(|s| !taken.contains(s));
    let shifted = by_shifted_number(records, &merged, &entries_left, &left);
    merged.extend(shifted);
    merged
}

/// The number a record prints as an integer: its citation's, else its label's (`213`).
fn number_of(record: &Record) -> Option<i64> {
    record
        .citation
        .as_deref()
        .and_then(|c| c.number.as_deref())
        .or(record.label.as_deref())
        .and_then(|n| n.trim().parse().ok())
}

/// The entries left unmerged (`entries`) paired with the studies left unmerged (`studies`) by
/// the numbering around them: where the body numbers its studies a fixed distance off the
/// directory (a manuscript whose body counts one more than the printed book from some study
/// on), an entry numbered `n` whose neighbours `n - 1` and `n + 1` are both merged with
/// studies numbered `d` more (the same `d`, not 0) is the study left numbered `n + d`, when
/// exactly one study left has that number and no other entry left asks for it.
fn by_shifted_number(
    records: &[Record],
    merged: &[(usize, usize)],
    entries: &[usize],
    studies: &[usize],
) -> Vec<(usize, usize)> {
    let mut shift: HashMap<i64, Option<i64>> = HashMap::new();
    for &(e, s) in merged {
        if let (Some(n), Some(m)) = (number_of(&records[e]), number_of(&records[s])) {
            // A number two pairs give with two shifts says nothing.
            let d = shift.entry(n).or_insert(Some(m - n));
            if *d != Some(m - n) {
                *d = None;
            }
        }
    }
    let mut by_number: HashMap<i64, Vec<usize>> = HashMap::new();
    for &s in studies {
        if let Some(n) = number_of(&records[s]) {
            by_number.entry(n).or_default().push(s);
        }
    }
    let wanted: Vec<(usize, usize)> = entries
        .iter()
        .filter_map(|&e| {
            let n = number_of(&records[e])?;
            let d = shift.get(&(n - 1)).copied().flatten()?;
            if d == 0 || shift.get(&(n + 1)).copied().flatten() != Some(d) {
                return None;
            }
            match by_number.get(&(n + d))?.as_slice() {
                [s] => Some((e, *s)),
                _ => None,
            }
        })
        .collect();
    let mut asked: HashMap<usize, usize> = HashMap::new();
    for &(_, s) in &wanted {
        *asked.entry(s).or_default() += 1;
    }
    wanted.into_iter().filter(|(_, s)| asked[s] == 1).collect()
}

/// The entries left unmerged (`entries`) paired with the studies left unmerged (`studies`)
/// by a near match, as `gbr check` pairs a caption with its directory's entry when it reports
/// that one of the two is wrong ([`super::index::near_match`]: the same kings with the code
/// one digit apart, or the same code with the kings one square apart): an entry whose only
/// near match among the studies left is a study whose only near match among the entries left
/// is that entry. Where two could be meant, none is paired.
fn by_near_match(records: &[Record], entries: &[usize], studies: &[usize]) -> Vec<(usize, usize)> {
    let position = |i: usize| (records[i].code, records[i].kings.expect("kings"));
    // Studies by kings and by code: a near match shares one of the two.
    let (mut by_kings, mut by_code): (HashMap<Kings, Vec<usize>>, HashMap<Code, Vec<usize>>) =
        Default::default();
    for &s in studies {
        let (code, kings) = position(s);
        by_kings.entry(kings).or_default().push(s);
        by_code.entry(code).or_default().push(s);
    }
    let near = |e: usize| -> Vec<usize> {
        let (code, kings) = position(e);
        let mut found: Vec<usize> = by_kings
            .get(&kings)
            .into_iter()
            .chain(by_code.get(&code))
            .flatten()
            .copied()
            .filter(|&s| super::index::near_match(position(e), position(s)))
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    };
    let candidates: Vec<(usize, Vec<usize>)> = entries.iter().map(|&e| (e, near(e))).collect();
    let mut wanted: HashMap<usize, usize> = HashMap::new();
    for (_, found) in &candidates {
        for &s in found {
            *wanted.entry(s).or_default() += 1;
        }
    }
    candidates
        .into_iter()
        .filter_map(|(e, found)| match found.as_slice() {
            [s] if wanted[s] == 1 => Some((e, *s)),
            _ => None,
        })
        .collect()
}

/// The entries left unmerged paired by number with the studies left unmerged (`merged`: the
/// pairs made by position): an entry whose number (its citation's, else its label) is that of
/// exactly one such study of the body, and no other such entry's, is that study's, whatever
/// their codes say (docs/directory.md, "A book and its own directory").
fn by_number(
    records: &[Record],
    entries: &[usize],
    merged: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let number = |r: &Record| {
        r.citation
            .as_deref()
            .and_then(|c| c.number.clone())
            .or_else(|| r.label.clone())
    };
    let taken_entry: HashSet<usize> = merged.iter().map(|p| p.0).collect();
    let taken_study: HashSet<usize> = merged.iter().map(|p| p.1).collect();
    let mut studies: HashMap<compact_str::CompactString, Vec<usize>> = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        if r.kings.is_some()
            && r.stipulation_source != Some(StipulationSource::Heading)
            && !taken_study.contains(&i)
            && let Some(n) = r.citation.as_deref().and_then(|c| c.number.clone())
        {
            studies.entry(n).or_default().push(i);
        }
    }
    let mut left: HashMap<compact_str::CompactString, Vec<usize>> = HashMap::new();
    for &e in entries.iter().filter(|e| !taken_entry.contains(e)) {
        if let Some(n) = number(&records[e]) {
            left.entry(n).or_default().push(e);
        }
    }
    let mut pairs: Vec<(usize, usize)> = left
        .iter()
        .filter_map(
            |(n, es)| match (es.as_slice(), studies.get(n).map(Vec::as_slice)) {
                ([e], Some([s])) => Some((*e, *s)),
                _ => None,
            },
        )
        .collect();
    pairs.sort_unstable();
    pairs
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
        printed: (entry.code != study.code || entry.kings != study.kings).then(|| {
            match entry.kings {
                Some(k) => format!("{} {k}", entry.code),
                None => entry.code.to_string(),
            }
            .into()
        }),
    }));
}

#[cfg(test)]
mod tests;
