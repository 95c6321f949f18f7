//! `tsv`: a header row, then one entry per row, every field its own cell (issue #4).
//!
//! A cell escapes `\` as `\\`, tab as `\t`, line feed as `\n` and carriage return as `\r`, so
//! every entry is exactly one line: what lets `gbr lookup` search the file by its bytes.

use std::io::{self, Write};

use crate::record::Record;

use super::{COLUMNS, Lead, Listing, block_number, cells, lead_cell};

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

/// Writes one entry of block `number` as a row.
pub(crate) fn write_row<W: Write>(
    lead: Lead,
    number: usize,
    record: &Record,
    w: &mut W,
    scratch: &mut Vec<u8>,
) -> io::Result<()> {
    let mut first = true;
    let mut cell = |bytes: &[u8]| {
        if !std::mem::take(&mut first) {
            w.write_all(b"\t")?;
        }
        escape(bytes, w)
    };
    lead_cell(lead, number, record, &mut cell)?;
    cells(record, scratch, &mut cell)?;
    w.write_all(b"\n")
}

/// Writes `bytes` with `\ tab LF CR` escaped.
fn escape<W: Write>(bytes: &[u8], w: &mut W) -> io::Result<()> {
    let special = |b: &u8| matches!(b, b'\\' | b'\t' | b'\n' | b'\r');
    if !bytes.iter().any(special) {
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
    let lead = listing.lead();
    let mut scratch = Vec::new();
    write_header(lead, w)?;
    for block in &listing.blocks {
        let number = block_number(block);
        for record in &block.entries {
            write_row(lead, number, record, w, &mut scratch)?;
        }
    }
    Ok(())
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
