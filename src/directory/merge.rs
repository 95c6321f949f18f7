//! `gbr merge`: a k-way merge of sorted directories into one, streaming, with one
//! entry per input in memory (a binary heap).
//!
//! Entries with equal keys (the same occurrence in two inputs) come out in the order of the
//! inputs, so merging the directories of shards gives byte for byte the directory of all the
//! inputs at once, when the shards are given in input order; and in any shard order when
//! equal keys mean equal entries, as they do for the records of a scan.

use std::cmp::{Ordering, Reverse};
use std::collections::BinaryHeap;
use std::io::{self, BufRead, Write};

use crate::record::Record;

use crate::order::{Key, Order};
use crate::render::RowWriter;
use crate::saved::columns::SavedFormat;
use crate::saved::read::{self, DirectoryReader, ReadError};

/// Why a merge failed.
#[derive(Debug, thiserror::Error)]
pub enum MergeError {
    /// An input could not be read, or is not sorted.
    #[error("{input}")]
    Read {
        /// The input's name.
        input: String,
        /// What went wrong.
        source: ReadError,
    },
    /// Two inputs sorted in different orders.
    #[error(
        "{input} is sorted by {found} but {first} by {expected}; merge directories of one order"
    )]
    Order {
        /// The input that differs.
        input: String,
        /// Its order: `code` or `stipulation`.
        found: &'static str,
        /// The first input with a known order.
        first: String,
        /// Its order.
        expected: &'static str,
    },
    /// The output could not be written.
    #[error("cannot write the merged directory")]
    Write {
        /// The operating system's error.
        source: io::Error,
    },
}

/// One input of a merge: a name for messages and its reader.
#[derive(Debug)]
pub struct MergeInput<R> {
    /// The input's name (its path).
    pub name: String,
    /// The input.
    pub reader: DirectoryReader<R>,
}

struct Head {
    record: Record,
    input: usize,
    order: Order,
}

impl Head {
    fn cmp_key(&self, other: &Head) -> Ordering {
        Key::of(&self.record, self.order)
            .cmp(&Key::of(&other.record, other.order))
            .then(self.input.cmp(&other.input))
    }
}

impl PartialEq for Head {
    fn eq(&self, other: &Head) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Head {}

impl PartialOrd for Head {
    fn partial_cmp(&self, other: &Head) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Head {
    fn cmp(&self, other: &Head) -> Ordering {
        self.cmp_key(other)
    }
}

fn order_name(order: Order) -> &'static str {
    match order {
        Order::Code => "code",
        Order::Stipulation => "stipulation",
    }
}

/// The order shared by all `inputs`; `None` when none says (every input an empty file).
///
/// # Errors
/// [`MergeError::Order`] when two inputs differ.
pub(crate) fn common_order<R>(inputs: &[MergeInput<R>]) -> Result<Option<Order>, MergeError> {
    let mut first: Option<(&str, Order)> = None;
    for input in inputs {
        let Some(header) = input.reader.header() else {
            continue;
        };
        match first {
            None => first = Some((&input.name, header.order)),
            Some((name, order)) if order != header.order => {
                return Err(MergeError::Order {
                    input: input.name.clone(),
                    found: order_name(header.order),
                    first: name.to_string(),
                    expected: order_name(order),
                });
            }
            Some(_) => {}
        }
    }
    Ok(first.map(|(_, order)| order))
}

/// Merges the sorted `inputs` into one directory written to `w` in `format`, checking that
/// each input is sorted as it goes. Returns the number of entries written. The output is in
/// the inputs' order, or in `otherwise` when no input says (all are empty files).
///
/// # Errors
/// [`MergeError`]: an input unreadable or out of order, inputs of different orders, or `w`
/// failing. What was written before the error is incomplete: write to a temporary file.
pub fn merge<R: BufRead, W: Write>(
    mut inputs: Vec<MergeInput<R>>,
    format: SavedFormat,
    otherwise: Order,
    w: &mut W,
) -> Result<u64, MergeError> {
    let order = common_order(&inputs)?.unwrap_or(otherwise);
    let read_error = |input: &MergeInput<R>, source| MergeError::Read {
        input: input.name.clone(),
        source,
    };
    let mut heap = BinaryHeap::with_capacity(inputs.len());
    for (i, input) in inputs.iter_mut().enumerate() {
        match input.reader.next_entry() {
            Ok(Some(record)) => heap.push(Reverse(Head {
                record,
                input: i,
                order,
            })),
            Ok(None) => {}
            Err(source) => return Err(read_error(input, source)),
        }
    }
    let mut writer = RowWriter::new(format, order);
    let write_error = |source| MergeError::Write { source };
    writer.header(w).map_err(write_error)?;
    let mut written = 0;
    while let Some(Reverse(head)) = heap.pop() {
        writer.entry(&head.record, w).map_err(write_error)?;
        written += 1;
        let input = &mut inputs[head.input];
        let next = input.reader.next_entry().and_then(|next| {
            if let Some(next) = &next {
                let line = input.reader.line();
                read::check_order(&head.record, next, order, || line)?;
            }
            Ok(next)
        });
        match next {
            Ok(Some(record)) => heap.push(Reverse(Head { record, ..head })),
            Ok(None) => {}
            Err(source) => return Err(read_error(input, source)),
        }
    }
    w.flush().map_err(write_error)?;
    Ok(written)
}
