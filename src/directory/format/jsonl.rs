//! `jsonl`: JSON Lines, one entry per line (issue #4). Each line is the [`Record`] object
//! (the schema of `gbr scan --json`'s `match` data, documented in `docs/directory.md`), with a
//! leading `"group"` (`win`, `draw`, `other`) in a directory sorted by stipulation, or a leading
//! `"duplicate"` (the 1-based group number) in a duplicates listing.

use std::io::{self, Write};

use serde::Serialize;

use crate::record::Record;

use super::{Lead, Listing, block_number};

#[derive(Serialize)]
struct Line<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    group: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicate: Option<usize>,
    #[serde(flatten)]
    record: &'a Record,
}

/// Writes one entry of block `number` as a line.
pub(crate) fn write_row<W: Write>(
    lead: Lead,
    number: usize,
    record: &Record,
    w: &mut W,
) -> io::Result<()> {
    let line = Line {
        group: (lead == Lead::Group).then(|| super::Group::of(record.stipulation).name()),
        duplicate: (lead == Lead::Duplicate).then_some(number),
        record,
    };
    serde_json::to_writer(&mut *w, &line)?;
    w.write_all(b"\n")
}

/// Writes `listing`, one line per entry.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    for block in &listing.blocks {
        let number = block_number(block);
        for record in &block.entries {
            write_row(lead, number, record, w)?;
        }
    }
    Ok(())
}
