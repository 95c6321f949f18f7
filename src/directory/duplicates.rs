//! The anticipation check: the same position found in more than one place.

use crate::code::Code;
use crate::position::{Kings, SquareList};
use crate::record::Record;

use super::{Directory, Key, Order};

/// Entries that give the same position: the same code and kings, and the same squares where
/// both give them. Entries without kings are never duplicates: a bare code is not a
/// position.
///
/// "Where both give them" is not transitive: an entry without squares matches two entries
/// whose squares differ, which do not match each other. Such an entry is listed in the group
/// of each square list it could be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateGroup<'a> {
    /// The code.
    pub code: Code,
    /// The kings.
    pub kings: Kings,
    /// The squares that the entries giving squares agree on; `None` when none gives them.
    pub squares: Option<&'a SquareList>,
    /// For a near match (`super::DuplicateOptions::near`), the other code, one digit apart
    /// from `code`; `None` for a duplicate.
    pub near: Option<Code>,
    /// Two or more entries, in directory order (of a near match: `code`'s, then `near`'s).
    pub entries: Vec<&'a Record>,
}

/// Every group of two or more entries that give the same position, in directory order of
/// their code, kings and squares (gbr-notation.md §4).
pub fn duplicates(directory: &Directory) -> Vec<DuplicateGroup<'_>> {
    // Under Order::Code entries of one code and kings are adjacent; otherwise make them so.
    let mut entries: Vec<(Key<'_>, &Record)> = directory
        .entries()
        .map(|r| (Key::of(r, Order::Code), r))
        .filter(|(k, _)| k.kings.is_some())
        .collect();
    if directory.order() != Order::Code {
        entries.sort_by(|a, b| a.0.cmp(&b.0));
    }
    let mut groups = Vec::new();
    for run in entries.chunk_by(|a, b| a.0.code == b.0.code && a.0.kings == b.0.kings) {
        let without = run.iter().take_while(|(k, _)| k.squares.is_none()).count();
        let (without, with) = run.split_at(without);
        if with.is_empty() {
            push_group(&mut groups, None, without, &[]);
        }
        for same in with.chunk_by(|a, b| a.0.squares == b.0.squares) {
            push_group(&mut groups, same[0].0.squares.map(|s| s.0), without, same);
        }
    }
    groups
}

/// Adds the group of the entries `without` squares and those `with` the same `squares`, when
/// they are two or more.
fn push_group<'a>(
    groups: &mut Vec<DuplicateGroup<'a>>,
    squares: Option<&'a SquareList>,
    without: &[(Key<'a>, &'a Record)],
    with: &[(Key<'a>, &'a Record)],
) {
    let entries: Vec<&'a Record> = without.iter().chain(with).map(|(_, r)| *r).collect();
    // Every entry of a run has kings (`duplicates` keeps those alone).
    if let [first, _, ..] = entries[..]
        && let Some(kings) = first.kings
    {
        groups.push(DuplicateGroup {
            code: first.code,
            kings,
            squares,
            near: None,
            entries,
        });
    }
}
