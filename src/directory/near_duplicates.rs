//! Options of the anticipation check: duplicates across sources only, and near matches (the
//! same kings, codes one digit apart), for `gbr index --duplicates --across-sources --near`.

use std::collections::{BTreeMap, HashSet};

use crate::code::Code;
use crate::order::kings_text;
use crate::position::Kings;
use crate::record::Record;

use super::{Directory, DuplicateGroup, duplicates};
use crate::code::neighbours;

/// Which duplicate groups to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct DuplicateOptions {
    /// Keep only groups whose entries come from two or more different files (paths): a book's
    /// study and its own directory line are one source.
    pub across_sources: bool,
    /// Add near matches: entries with the same kings whose codes differ in exactly one of the
    /// six digits (a misprinted or miscounted digit), a group per pair of codes.
    pub near: bool,
}

/// The duplicate groups of `directory` ([`duplicates`]), then with `options.near` the near
/// groups in order of code, kings and the other code; with `options.across_sources` only the
/// groups found in two or more files.
pub fn duplicates_with(
    directory: &Directory,
    options: DuplicateOptions,
) -> Vec<DuplicateGroup<'_>> {
    let mut groups = duplicates(directory);
    if options.near {
        groups.extend(near(directory));
    }
    if options.across_sources {
        groups.retain(|g| {
            let first = &g.entries[0].path;
            g.entries.iter().any(|r| r.path != *first)
        });
    }
    groups
}

/// Entries by their kings' text (`*b"a7d3"`) and code, each run with its kings.
type ByKings<'a> = BTreeMap<([u8; 4], Code), (Kings, Vec<&'a Record>)>;

/// Near groups: for every two codes one digit apart that occur with the same kings, their
/// entries with those kings (the smaller code's first), in directory order within each code.
fn near(directory: &Directory) -> Vec<DuplicateGroup<'_>> {
    // Kings as their text, which sorts as printed directories do.
    let mut by_kings: ByKings<'_> = BTreeMap::new();
    for record in directory.entries() {
        if let Some(kings) = record.kings {
            by_kings
                .entry((kings_text(kings), record.code))
                .or_insert_with(|| (kings, Vec::new()))
                .1
                .push(record);
        }
    }
    let present: HashSet<([u8; 4], Code)> = by_kings.keys().copied().collect();
    let mut groups = Vec::new();
    for (&(text, code), (kings, entries)) in &by_kings {
        let mut others: Vec<Code> = neighbours(code)
            .filter(|other| *other > code && present.contains(&(text, *other)))
            .collect();
        others.sort_unstable();
        for other in others {
            let mut all = entries.clone();
            all.extend(&by_kings[&(text, other)].1);
            groups.push(DuplicateGroup {
                code,
                kings: *kings,
                squares: None,
                near: Some(other),
                entries: all,
            });
        }
    }
    groups.sort_by_key(|g| (g.code, kings_text(g.kings), g.near));
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_differ_in_one_digit() {
        let code: Code = "0116.00".parse().unwrap();
        let all: Vec<String> = neighbours(code).map(|c| c.to_string()).collect();
        assert_eq!(all.len(), 54);
        assert!(all.contains(&"0126.00".to_string()));
        assert!(all.contains(&"0116.01".to_string()));
        assert!(all.contains(&"9116.00".to_string()));
        assert!(!all.contains(&"0116.00".to_string()));
        assert!(!all.contains(&"0127.00".to_string()));
    }
}
