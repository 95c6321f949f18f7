//! `tsv`: a header row, then one entry per row, every field its own cell (issue #4).
//!
//! A cell escapes `\` as `\\`, tab as `\t`, line feed as `\n` and carriage return as `\r`, so
//! every entry is exactly one line: what lets `gbr lookup` search the file by its bytes.

use std::io::{self, Write};

use crate::record::Record;

use super::rows::write_rows;
use super::{COLUMNS, Lead, Listing, cells, lead_cell};

/// Writes the header row: the lead column's name, if any, then [`COLUMNS`].
pub(crate) fn write_header<W: Write>(lead: Lead, w: &mut W) -> io::Result<()> {
    let names = lead.name().into_iter().chain(COLUMNS);
    for (i, name) in names.enumerate() {
        if i > 0 {
            w.write_all(b"\t")?;
        }
        w.write_all(name.as_bytes())?;
    }
    w.write_all(b"\n")
}

/// Writes the cells of `record` (all but the lead), then the line feed.
fn body<W: Write>(record: &Record, w: &mut W, scratch: &mut Vec<u8>) -> io::Result<()> {
    let mut first = true;
    cells(record, scratch, |bytes| {
        if !std::mem::take(&mut first) {
            w.write_all(b"\t")?;
        }
        escape(bytes, w)
    })?;
    w.write_all(b"\n")
}

/// Writes the lead cell of `record` in block `number` and its tab, if the lead has a cell.
fn lead<W: Write>(lead: Lead, number: usize, record: &Record, w: &mut W) -> io::Result<()> {
    lead_cell(lead, number, record, |bytes| {
        escape(bytes, w)?;
        w.write_all(b"\t")
    })
}

/// Writes one entry of block `number` as a row.
pub(crate) fn write_row<W: Write>(
    lead_kind: Lead,
    number: usize,
    record: &Record,
    w: &mut W,
    scratch: &mut Vec<u8>,
) -> io::Result<()> {
    lead(lead_kind, number, record, w)?;
    body(record, w, scratch)
}

/// Writes `bytes` with `\ tab LF CR` escaped.
fn escape<W: Write>(bytes: &[u8], w: &mut W) -> io::Result<()> {
    let special = |b: &u8| matches!(b, b'\\' | b'\t' | b'\n' | b'\r');
    // A test without an early exit, which the compiler vectorises: any control byte up to CR,
    // or a backslash, sends the cell down the exact path.
    let maybe = bytes
        .iter()
        .fold(false, |acc, &b| acc | (b <= b'\r') | (b == b'\\'));
    if !maybe {
        return w.write_all(bytes);
    }
    let mut rest = bytes;
    while let Some(at) = rest.iter().position(special) {
        w.write_all(&rest[..at])?;
        w.write_all(match rest[at] {
            b'\\' => b"\\\\",
            b'\t' => b"\\t",
            b'\n' => b"\\n",
            _ => b"\\r",
        })?;
        rest = &rest[at + 1..];
    }
    w.write_all(rest)
}

/// Writes `listing`: the header, then every entry of every block.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead_kind = listing.lead();
    write_header(lead_kind, w)?;
    write_rows(
        listing,
        w,
        || {
            let mut scratch = Vec::new();
            move |record: &Record, out: &mut Vec<u8>| body(record, out, &mut scratch)
        },
        |number, record, body, out| {
            // Writing to a Vec cannot fail.
            let _ = lead(lead_kind, number, record, out);
            out.extend_from_slice(body);
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_are_escaped_and_the_rest_kept() {
        let mut out = Vec::new();
        escape(b"a\tb\nc\\d\re", &mut out).unwrap();
        assert_eq!(out, b"a\\tb\\nc\\\\d\\re");
    }
}
