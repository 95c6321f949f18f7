//! `jsonl`: JSON Lines, one entry per line (issue #4). Each line is the [`Record`] object
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

/// Writes the row led by `of` from its `body`: the body itself, or with the lead member spliced
/// in after its `{`.
fn row(lead: Lead, of: LeadOf, body: &[u8], out: &mut Vec<u8>) {
    // Writing to a Vec cannot fail.
    let _ = match lead {
        Lead::None => {
            out.extend_from_slice(body);
            return;
        }
        Lead::Group => write!(out, "{{\"group\":\"{}\",", of.group.name()),
        Lead::Duplicate => write!(out, "{{\"duplicate\":{},", of.number),
    };
    out.extend_from_slice(body.get(1..).unwrap_or_default());
}

/// Writes one entry, led by `of`, as a line. `line` and `scratch` are buffers to reuse.
pub(crate) fn write_row<W: Write>(
    lead: Lead,
    of: LeadOf,
    record: &Record,
    w: &mut W,
    line: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> io::Result<()> {
    line.clear();
    scratch.clear();
    body(record, scratch)?;
    row(lead, of, scratch, line);
    w.write_all(line)
}

/// Writes `listing`, one line per entry.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    write_rows(listing, w, || {
        let mut scratch = Vec::new();
        move |of: LeadOf, record: &Record, out: &mut Vec<u8>| {
            if lead == Lead::None {
                return body(record, out);
            }
            scratch.clear();
            body(record, &mut scratch)?;
            row(lead, of, &scratch, out);
            Ok(())
        }
    })
}
