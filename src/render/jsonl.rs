//! `jsonl`: JSON Lines, one entry per line. Each line is the [`Record`] object
//! (the schema of `gbr scan --json`'s `match` data, documented in `docs/directory.md`), with a
//! leading `"group"` (`win`, `draw`, `other`) in a directory sorted by stipulation, or a leading
//! `"duplicate"` (the 1-based group number) in a duplicates listing.

use std::io::{self, Write};

use crate::record::Record;

use super::rows::write_rows;
use super::{Lead, LeadOf, Listing};

/// Writes the record's object and the line feed.
fn body(record: &Record, out: &mut Vec<u8>) -> io::Result<()> {
    serde_json::to_writer(&mut *out, record)?;
    out.push(b'\n');
    Ok(())
}

/// Appends the line of one entry, led by `of`, to `out`: the record's object, with the lead
/// member spliced in after its `{` when the lead has one. `scratch` is a buffer to reuse. The
/// one row writer of the format, for whole listings and for `gbr merge`'s stream alike.
pub(crate) fn append_row(
    lead: Lead,
    of: LeadOf,
    record: &Record,
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> io::Result<()> {
    match lead {
        Lead::None => return body(record, out),
        Lead::Group => write!(out, "{{\"group\":\"{}\",", of.group.name())?,
        Lead::Duplicate => write!(out, "{{\"duplicate\":{},", of.number)?,
    }
    scratch.clear();
    body(record, scratch)?;
    out.extend_from_slice(scratch.get(1..).unwrap_or_default());
    Ok(())
}

/// Writes `listing`, one line per entry.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    write_rows(listing, w, || {
        let mut scratch = Vec::new();
        move |of: LeadOf, record: &Record, out: &mut Vec<u8>| {
            append_row(lead, of, record, out, &mut scratch)
        }
    })
}
