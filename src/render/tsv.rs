//! `tsv`: a header row, then one entry per row, every field its own cell.
//!
//! Written with the `csv` crate's writer (tab-delimited, `"` quotes, quoted only where needed),
//! the dialect xsv, qsv and Python's `csv.reader(f, delimiter='\t')` read: a cell holding a tab
//! or a `"` is put in double quotes, its quotes doubled (`"a\tb"`, `"""Schach"" 1950"`); every
//! other cell is written as it is, so a row without those is plain TSV.
//!
//! A cell that starts with `=`, `+`, `-`, `@`, tab, carriage return or `'` is written with a
//! `'` before it, so that a spreadsheet shows it as text rather than run it as a formula;
//! the reader drops that one `'` ([`crate::saved::columns::needs_guard`]).
//!
//! Every entry is exactly one line, which lets `gbr lookup` search the file by its bytes and
//! `gbr merge` stream it: a cell escapes `\` as `\\`, line feed as `\n` and carriage return as
//! `\r` before it is quoted. The `path` cell is the path's escaped text ([`crate::source_path`]),
//! which escapes the same bytes (and tab as `\t`) the same way and adds `\xHH` for bytes that
//! are not UTF-8: written as it is. So a program reading the dialect gets every cell exactly,
//! but for a backslash or a line break, which it reads as these escapes.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use crate::record::Record;

use super::rows::write_rows;
use super::{COLUMNS, Lead, LeadOf, Listing, cells, lead_cell};
use crate::saved::columns::{GUARD, PATH_COLUMN, needs_guard, tsv_writer as writer};

/// Memory the csv writer of a thread writes to, from which each row is moved to the caller's
/// buffer.
#[derive(Default, Clone)]
struct Written(Rc<RefCell<Vec<u8>>>);

impl Write for Written {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

thread_local! {
    /// The dialect's writer of this thread and its memory, for the rows that need it.
    static WRITER: (RefCell<csv::Writer<Written>>, Written) = {
        let written = Written::default();
        (RefCell::new(writer(written.clone())), written)
    };
}

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
/// Most rows need neither an escape nor quotes, and for them the csv writer writes the cells as
/// they are; so a row is first written raw and searched once for the bytes that need either:
/// if the only ones are the separating tabs, the final line feed and the backslashes of the
/// path's own escapes, it stands; otherwise its cells, taken from the raw row, go through the
/// csv writer, each escaped. One pass over the row instead of one per cell (ten million rows),
/// and each cell rendered once.
fn body(record: &Record, out: &mut Vec<u8>, scratch: &mut Vec<u8>) -> io::Result<()> {
    let start = out.len();
    let mut ends = [0; COLUMNS.len()];
    joined(record, out, scratch, &mut ends)?;
    // COLUMNS.len() - 1 tabs and the line feed, and the `\` of the path's own escapes.
    let in_path = if record.path.is_plain() {
        0
    } else {
        record
            .path
            .escaped_bytes()
            .iter()
            .filter(|&&b| b == b'\\')
            .count()
    };
    if specials(&out[start..]) == COLUMNS.len() + in_path {
        return Ok(());
    }
    scratch.clear();
    scratch.extend_from_slice(&out[start..]);
    out.truncate(start);
    quoted(scratch, &ends, out)
}

/// Appends the cells of `record` to `out` as they are, a tab between two, then the line feed;
/// a cell a spreadsheet would read as a formula gets [`GUARD`] before it ([`needs_guard`]),
/// which the reader drops. `ends` gets the end of each cell, from the row's start.
fn joined(
    record: &Record,
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
    ends: &mut [usize; COLUMNS.len()],
) -> io::Result<()> {
    let start = out.len();
    let mut column = 0;
    cells(record, scratch, |bytes| {
        if column > 0 {
            out.push(b'\t');
        }
        if needs_guard(bytes) {
            out.push(GUARD);
        }
        out.extend_from_slice(bytes);
        ends[column] = out.len() - start;
        column += 1;
        Ok(())
    })?;
    out.push(b'\n');
    Ok(())
}

/// Appends to `out`, through the csv writer, the row whose cells, as [`joined`] wrote them,
/// are `raw` and end at `ends`: each escaped ([`escape`]; the path cell is already), then
/// quoted where it needs it.
fn quoted(raw: &[u8], ends: &[usize; COLUMNS.len()], out: &mut Vec<u8>) -> io::Result<()> {
    WRITER.with(|(writer, written)| {
        let mut writer = writer.borrow_mut();
        let mut cell = Vec::new();
        let mut from = 0;
        for (column, &end) in ends.iter().enumerate() {
            let bytes = &raw[from..end];
            from = end + 1;
            let field = if column == PATH_COLUMN || !bytes.iter().any(|&b| special_escape(b)) {
                bytes
            } else {
                cell.clear();
                escape(bytes, &mut cell);
                &cell
            };
            writer.write_field(field).map_err(io::Error::other)?;
        }
        writer
            .write_record(None::<&[u8]>)
            .map_err(io::Error::other)?;
        writer.flush()?;
        out.append(&mut written.0.borrow_mut());
        Ok(())
    })
}

/// The bytes a cell escapes: `\\` `LF` `CR`.
fn special_escape(b: u8) -> bool {
    matches!(b, b'\\' | b'\n' | b'\r')
}

/// Writes the lead cell of a row led by `of` and its tab, if the lead has a cell: a group name
/// or a number, which need neither escape nor quotes.
fn lead<W: Write>(lead: Lead, of: LeadOf, w: &mut W) -> io::Result<()> {
    lead_cell(lead, of, |bytes| {
        w.write_all(bytes)?;
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

/// The bytes a row is searched for: those a cell escapes (`\ LF CR`) and those the csv writer
/// quotes (tab, `"`).
fn special(b: &u8) -> bool {
    matches!(b, b'\\' | b'\t' | b'\n' | b'\r' | b'"')
}

/// How many bytes of `bytes` are [`special`]: counted in byte lanes, 128 bytes at a time so
/// that a lane cannot overflow, which the compiler vectorises.
fn specials(bytes: &[u8]) -> usize {
    bytes
        .chunks(128)
        .map(|chunk| usize::from(chunk.iter().fold(0u8, |n, b| n + u8::from(special(b)))))
        .sum()
}

/// Appends `bytes` to `out` with `\` `LF` `CR` escaped (`\\ \n \r`); a tab stays, for the
/// writer's quotes.
fn escape(bytes: &[u8], out: &mut Vec<u8>) {
    for &b in bytes {
        match b {
            b'\\' => out.extend_from_slice(b"\\\\"),
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            b => out.push(b),
        }
    }
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
            row[at] = [b'\\', b'\t', b'\n', b'\r', b'"'][at % 5];
        }
        assert_eq!(specials(&row), 7);
        assert_eq!(specials(&[b'\t'; 300]), 300);
    }

    #[test]
    fn backslashes_and_line_breaks_are_escaped_and_tabs_kept() {
        let mut out = Vec::new();
        escape(b"a\tb\nc\\d\re\"", &mut out);
        assert_eq!(out, b"a\tb\\nc\\\\d\\re\"");
    }
}
