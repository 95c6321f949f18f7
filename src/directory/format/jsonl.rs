//! `jsonl`: JSON Lines, one entry per line (issue #4). Each line is the [`Record`] object
//! (the schema of `gbr scan --json`'s `match` data, documented in `docs/directory.md`), with a
//! leading `"group"` (`win`, `draw`, `other`) in a directory sorted by stipulation, or a leading
//! `"duplicate"` (the 1-based group number) in a duplicates listing.

use std::io::{self, Write};

use crate::record::Record;

use super::rows::write_rows;
use super::{Group, Lead, Listing};

/// Writes the record's object and the line feed.
fn body(record: &Record, out: &mut Vec<u8>) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.push(b'\n');
    Ok(())
}

/// Writes the row of `record` in block `number` from its `body`: the body itself, or with the
/// lead member spliced in after its `{`.
fn row(lead: Lead, number: usize, record: &Record, body: &[u8], out: &mut Vec<u8>) {
    let member = match lead {
        Lead::None => {
            out.extend_from_slice(body);
            return;
        }
        Lead::Group => format!("{{\"group\":\"{}\",", Group::of(record.stipulation).name()),
        Lead::Duplicate => format!("{{\"duplicate\":{number},"),
    };
    out.extend_from_slice(member.as_bytes());
    out.extend_from_slice(body.get(1..).unwrap_or_default());
}

/// Writes one entry of block `number` as a line.
pub(crate) fn write_row<W: Write>(
    lead: Lead,
    number: usize,
    record: &Record,
    w: &mut W,
    scratch: &mut Vec<u8>,
) -> io::Result<()> {
    let mut line = Vec::with_capacity(scratch.len() + 24);
    scratch.clear();
    body(record, scratch)?;
    row(lead, number, record, scratch, &mut line);
    w.write_all(&line)
}

/// Writes `listing`, one line per entry.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    write_rows(
        listing,
        w,
        || body,
        |number, record, body, out| row(lead, number, record, body, out),
    )
}
