//! `tsv`: a header row, then one entry per row, every field its own cell.
//!
//! A cell that starts with `=`, `+`, `-`, `@`, tab, carriage return or `'` is written with a
//! `'` before it, so that a spreadsheet shows it as text rather than run it as a formula;
//! the reader drops that one `'` ([`super::needs_guard`]).
//!
//! A cell escapes `\` as `\\`, tab as `\t`, line feed as `\n` and carriage return as `\r`, so
//! every entry is exactly one line: what lets `gbr lookup` search the file by its bytes. The
//! `path` cell is the path's escaped text ([`crate::source_path`]), which escapes the same four
//! bytes the same way and adds `\xHH` for bytes that are not UTF-8: written as it is.

use std::io::{self, Write};

use crate::record::Record;

use super::rows::write_rows;
use super::{COLUMNS, GUARD, Lead, LeadOf, Listing, cells, lead_cell, needs_guard};
use crate::directory::layout::PATH_COLUMN;

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

/// Appends the cells of `record` (all but the lead), then the line feed, to `out`.
///
/// Most rows need no escape at all, so a row is first written raw and then searched once for
/// the four special bytes: if the only ones are the separating tabs and the final line feed, it
/// stands; otherwise it is written again cell by cell, escaped. One pass over the row instead
/// of one per cell (ten million rows).
fn body(record: &Record, out: &mut Vec<u8>, scratch: &mut Vec<u8>) -> io::Result<()> {
    let start = out.len();
    joined(record, out, scratch, |_, bytes, out| {
        out.extend_from_slice(bytes);
        Ok(())
    })?;
    // COLUMNS.len() - 1 tabs and the line feed, and the `\` of the path's own escapes.
    let in_path = if record.path.is_plain() {
        0
    } else {
        specials(&record.path.escaped_bytes())
    };
    if specials(&out[start..]) == COLUMNS.len() + in_path {
        return Ok(());
    }
    out.truncate(start);
    joined(record, out, scratch, |column, bytes, out| {
        if column == PATH_COLUMN {
            out.extend_from_slice(bytes);
            Ok(())
        } else {
            escape(bytes, out)
        }
    })
}

/// Appends the cells of `record` to `out` through `cell` (given the cell's place in
/// [`COLUMNS`]), a tab between two, then the line feed; a cell a spreadsheet would read as a
/// formula gets [`GUARD`] before it ([`needs_guard`]), which the reader drops.
fn joined(
    record: &Record,
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
    cell: impl Fn(usize, &[u8], &mut Vec<u8>) -> io::Result<()>,
) -> io::Result<()> {
    let mut column = 0;
    cells(record, scratch, |bytes| {
        if column > 0 {
            out.push(b'\t');
        }
        column += 1;
        // A cell a spreadsheet would take for a formula, guarded (`cells::needs_guard`).
        if needs_guard(bytes) {
            out.push(GUARD);
        }
        cell(column - 1, bytes, out)
    })?;
    out.push(b'\n');
    Ok(())
}

/// Writes the lead cell of a row led by `of` and its tab, if the lead has a cell.
fn lead<W: Write>(lead: Lead, of: LeadOf, w: &mut W) -> io::Result<()> {
    lead_cell(lead, of, |bytes| {
        escape(bytes, w)?;
        w.write_all(b"\t")
    })
}

/// Appends the row of one entry, led by `of`, to `out`: the lead cell and its tab if the lead
/// has one, then the cells and the line feed. `scratch` is a buffer to reuse. The one row
/// writer of the format, for whole listings and for `gbr merge`'s stream alike.
pub(crate) fn append_row(
    lead_kind: Lead,
    of: LeadOf,
    record: &Record,
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> io::Result<()> {
    lead(lead_kind, of, out)?;
    body(record, out, scratch)
}

/// The bytes a cell escapes: `\ tab LF CR`.
fn special(b: &u8) -> bool {
    matches!(b, b'\\' | b'\t' | b'\n' | b'\r')
}

/// How many bytes of `bytes` are [`special`]: counted in byte lanes, 128 bytes at a time so
/// that a lane cannot overflow, which the compiler vectorises.
fn specials(bytes: &[u8]) -> usize {
    bytes
        .chunks(128)
        .map(|chunk| usize::from(chunk.iter().fold(0u8, |n, b| n + u8::from(special(b)))))
        .sum()
}

/// Writes `bytes` with `\ tab LF CR` escaped.
fn escape<W: Write>(bytes: &[u8], w: &mut W) -> io::Result<()> {
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
    write_rows(listing, w, || {
        let mut scratch = Vec::new();
        move |of: LeadOf, record: &Record, out: &mut Vec<u8>| {
            append_row(lead_kind, of, record, out, &mut scratch)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specials_are_counted_past_a_lane_of_128() {
        let mut row = vec![b'a'; 300];
        for at in [0, 127, 128, 129, 255, 256, 299] {
            row[at] = [b'\\', b'\t', b'\n', b'\r'][at % 4];
        }
        assert_eq!(specials(&row), 7);
        assert_eq!(specials(&[b'\t'; 300]), 300);
    }

    #[test]
    fn specials_are_escaped_and_the_rest_kept() {
        let mut out = Vec::new();
        escape(b"a\tb\nc\\d\re", &mut out).unwrap();
        assert_eq!(out, b"a\\tb\\nc\\\\d\\re");
    }
}
