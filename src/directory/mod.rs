//! Look-up directories: every code found, sorted as printed directories sort them
//! (gbr-notation.md §4), in memory or, beyond a memory budget, in sorted runs spilled to files and
//! merged ([`spill`], [`merge`]); their duplicates and near duplicates ([`duplicates`],
//! [`duplicates_with`]). The saved file is [`crate::saved`]; the formats a directory is
//! written in are [`crate::render`].
//!
//! A directory entry is a [`Record`]. Every occurrence is kept, duplicates included, each with
//! its own reference (path, 0-based byte offset, 1-based line). The order is total
//! ([`Key`]): the same records give byte-identical output whatever the number of threads.

mod duplicates;
mod listing;
pub mod merge;
mod near_duplicates;
pub mod spill;

use std::collections::HashMap;

use rayon::prelude::*;

use crate::code::Code;
use crate::order::PackedKey;
use crate::record::Record;

pub use crate::order::{Group, Key, Order};
pub use duplicates::{DuplicateGroup, duplicates};
pub use near_duplicates::{DuplicateOptions, duplicates_with};

/// Records sorted in directory order ([`Key`], gbr-notation.md §4).
///
/// ```
/// use gbrscan::{Directory, Format, Listing, Order, ScanOptions, scan_buffer};
///
/// let text = b"0130.00 h1a8 3/3+\na7d3 0116.00 b2b3c6d6 3/3+.\n";
/// let records = scan_buffer(text, "book.txt", ScanOptions::default(), &|_| {});
/// let directory = Directory::new(records, Order::Code);
/// let codes: Vec<String> = directory.entries().map(|r| r.code.to_string()).collect();
/// assert_eq!(codes, ["0116.00", "0130.00"]);
///
/// let mut tsv = Vec::new();
/// Format::Tsv.write(&Listing::directory(&directory), &mut tsv)?;
/// assert!(tsv.starts_with(b"code\tkings\t"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Directory {
    records: Vec<Record>,
    /// The packed keys, in directory order; each names its record by index.
    sorted: Vec<PackedKey>,
    order: Order,
}

impl Directory {
    /// Sorts `records` in `order`. Records with equal keys (the same occurrence twice) keep
    /// the order given. Runs on the current rayon pool.
    pub fn new(records: Vec<Record>, order: Order) -> Directory {
        let sorted = sort_indices(&records, order);
        Directory {
            records,
            sorted,
            order,
        }
    }

    /// The records, in the order given (not sorted), for a sort that fills the same memory
    /// again ([`spill::SpillSort`]).
    pub(crate) fn into_records(self) -> Vec<Record> {
        self.records
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
        let runs: Vec<&[PackedKey]> = self
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

/// Records whose paths one task tells apart ([`path_ranks`]); a few in unit tests, so that
/// their records fill many.
const PATH_CHUNK: usize = if cfg!(test) { 7 } else { 1 << 16 };

/// The rank of each record's path among the distinct paths, sorted by their bytes.
///
/// Each chunk of records names its own distinct paths (records of one file come in runs, so
/// most lookups are a comparison with the previous path); the chunks' paths are then sorted
/// and deduplicated together, and every record's local name is turned into its rank. All of it
/// in parallel but the merge of the chunks' few distinct paths.
fn path_ranks(records: &[Record]) -> Vec<u32> {
    let named: Vec<(Vec<&[u8]>, Vec<u32>)> = records
        .par_chunks(PATH_CHUNK)
        .map(|chunk| {
            let mut ids: HashMap<&[u8], u32, foldhash::fast::RandomState> = HashMap::default();
            let mut distinct: Vec<&[u8]> = Vec::new();
            let mut of_record = Vec::with_capacity(chunk.len());
            let mut previous: Option<(&[u8], u32)> = None;
            for record in chunk {
                let name = record.path.as_bytes();
                let id = match previous {
                    Some((path, id)) if path == name => id,
                    _ => *ids.entry(name).or_insert_with(|| {
                        distinct.push(name);
                        // A chunk holds at most PATH_CHUNK distinct paths.
                        (distinct.len() - 1) as u32
                    }),
                };
                previous = Some((name, id));
                of_record.push(id);
            }
            (distinct, of_record)
        })
        .collect();
    let mut all: Vec<&[u8]> = named.iter().flat_map(|(d, _)| d.iter().copied()).collect();
    all.par_sort_unstable();
    all.dedup();
    // Every path of a chunk is in `all`; fewer than 2^32 distinct paths fit in memory.
    let rank_of = |path: &[u8]| all.binary_search(&path).unwrap_or_default() as u32;
    let mut ranks = vec![0u32; records.len()];
    ranks
        .par_chunks_mut(PATH_CHUNK)
        .zip(named.par_iter())
        .for_each(|(ranks, (distinct, of_record))| {
            let local: Vec<u32> = distinct.iter().map(|p| rank_of(p)).collect();
            for (rank, &id) in ranks.iter_mut().zip(of_record) {
                *rank = local[id as usize];
            }
        });
    ranks
}

/// Indices of `records` in directory order: a packed key per record, sorted in parallel,
/// with the record's squares consulted only when two keys tie up to them.
fn sort_indices(records: &[Record], order: Order) -> Vec<PackedKey> {
    let ranks = path_ranks(records);
    let mut keys = Vec::with_capacity(records.len());
    records
        .par_iter()
        .zip(ranks.par_iter())
        .enumerate()
        .map(|(index, (record, &rank))| PackedKey::new(&Key::of(record, order), rank, index))
        .collect_into_vec(&mut keys);
    keys.par_sort_unstable_by(|a, b| a.cmp(b, records));
    keys
}

#[cfg(test)]
mod tests;
