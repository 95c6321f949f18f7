//! Look-up directories (issue #4): every code found, sorted as printed directories sort them
//! (GBR.md §4), written in five formats ([`Format`]), read back ([`read`]), queried without
//! rescanning ([`lookup`]) and merged ([`merge`]).
//!
//! A directory entry is a [`Record`]. Every occurrence is kept, duplicates included, each with
//! its own reference (path, 0-based byte offset, 1-based line). The order is total
//! ([`Key`]): the same records give byte-identical output whatever the number of threads.

mod duplicates;
pub mod format;
mod key;
pub mod lookup;
pub mod merge;
pub mod read;

use std::collections::HashMap;

use rayon::prelude::*;

use crate::code::Code;
use crate::record::Record;
use key::Compact;

pub use duplicates::{DuplicateGroup, duplicates};
pub use format::{Block, Format, Heading, Listing};
pub use key::{Group, Key, KeyError, Order};

/// Why records cannot form a directory: one has no sort key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("entry {index} ({path}, byte {offset})")]
pub struct EntryError {
    /// 0-based index of the record among those given.
    pub index: usize,
    /// Its path.
    pub path: String,
    /// Its 0-based byte offset.
    pub offset: u64,
    /// What is wrong with it.
    #[source]
    pub source: KeyError,
}

/// Records sorted in directory order ([`Key`], GBR.md §4).
#[derive(Debug, Clone)]
pub struct Directory {
    records: Vec<Record>,
    /// The compact keys, in directory order; each names its record by index.
    sorted: Vec<Compact>,
    order: Order,
}

impl Directory {
    /// Sorts `records` in `order`. Records with equal keys (the same occurrence twice) keep
    /// the order given. Runs on the current rayon pool.
    ///
    /// # Errors
    /// [`EntryError`] for the first record whose `kings` or `men` is not in the scanner's shape.
    pub fn new(records: Vec<Record>, order: Order) -> Result<Directory, EntryError> {
        let sorted = sort_indices(&records, order)?;
        Ok(Directory {
            records,
            sorted,
            order,
        })
    }

    /// The order the entries are sorted in.
    pub fn order(&self) -> Order {
        self.order
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// True when there are no entries.
    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// The entries in directory order.
    pub fn entries(&self) -> impl ExactSizeIterator<Item = &Record> + DoubleEndedIterator {
        self.sorted.iter().map(|k| &self.records[k.index])
    }

    /// The entries in runs of one group (under [`Order::Stipulation`]) and code, read from
    /// the sort keys: grouping them does not touch the records, which lie in memory in input
    /// order, not in this one.
    pub(crate) fn runs(&self) -> Vec<(Option<Group>, Code, Vec<&Record>)> {
        let runs: Vec<&[Compact]> = self
            .sorted
            .chunk_by(|a, b| a.block() == b.block())
            .collect();
        runs.into_par_iter()
            .map(|run| {
                let first = &run[0];
                let record = &self.records[first.index];
                let group = (self.order == Order::Stipulation).then(|| first.group());
                let entries = run.iter().map(|k| &self.records[k.index]).collect();
                (group, first.code().unwrap_or(record.code), entries)
            })
            .collect()
    }
}

/// The rank of each record's path among the distinct paths, sorted as text. Records of one
/// file come in runs, so most lookups are a comparison with the previous path.
fn path_ranks(records: &[Record]) -> Vec<u32> {
    let mut ids: HashMap<&str, u32> = HashMap::new();
    let mut distinct: Vec<&str> = Vec::new();
    let mut of_record = Vec::with_capacity(records.len());
    let mut previous: Option<(&str, u32)> = None;
    for record in records {
        let id = match previous {
            Some((path, id)) if path == &*record.path => id,
            _ => *ids.entry(&record.path).or_insert_with(|| {
                distinct.push(&record.path);
                u32::try_from(distinct.len() - 1).unwrap_or(u32::MAX)
            }),
        };
        previous = Some((&record.path, id));
        of_record.push(id);
    }
    let mut by_text: Vec<u32> = (0..distinct.len() as u32).collect();
    by_text.sort_unstable_by_key(|&id| distinct[id as usize]);
    let mut rank = vec![0u32; distinct.len()];
    for (r, id) in by_text.into_iter().enumerate() {
        rank[id as usize] = r as u32;
    }
    of_record.into_iter().map(|id| rank[id as usize]).collect()
}

/// Indices of `records` in directory order: a compact key per record, sorted in parallel,
/// with the record's squares consulted only when two keys tie up to them.
fn sort_indices(records: &[Record], order: Order) -> Result<Vec<Compact>, EntryError> {
    let ranks = path_ranks(records);
    let mut keys: Vec<Compact> = records
        .par_iter()
        .zip(ranks.par_iter())
        .enumerate()
        .map(|(index, (record, &rank))| {
            let key = Key::of(record, order).map_err(|source| EntryError {
                index,
                path: record.path.to_string(),
                offset: record.offset,
                source,
            })?;
            Ok(Compact::new(&key, rank, index))
        })
        .collect::<Result<_, EntryError>>()?;
    keys.par_sort_unstable_by(|a, b| a.cmp(b, records));
    Ok(keys)
}

#[cfg(test)]
mod tests;
