//! `csv`: a header row, then one entry per row, every field its own cell, quoted as RFC 4180
//! says: a cell holding `,` `"` CR or LF is put in double quotes, its quotes doubled. A cell
//! that starts with `=`, `+`, `-`, `@`, tab, carriage return or `'` gets a `'` before it
//! (inside the quotes), so that a spreadsheet shows it as text rather than run it as a
//! formula ([`super::needs_guard`]); drop that one `'` to read the cell's text back. For spreadsheets; `gbr lookup` and `gbr merge` read `tsv` instead, since a quoted cell
//! may span lines.

use std::io::{self, Write};

use crate::record::Record;

use super::rows::write_rows;
use super::{COLUMNS, GUARD, LeadOf, Listing, cells, lead_cell, needs_guard};

/// Appends `bytes` as one cell, after [`GUARD`] when a spreadsheet would take it for a
/// formula ([`needs_guard`]), quoted where RFC 4180 needs it.
fn cell(bytes: &[u8], out: &mut Vec<u8>) {
    let guard = needs_guard(bytes);
    if !bytes
        .iter()
        .any(|b| matches!(b, b',' | b'"' | b'\n' | b'\r'))
    {
        if guard {
            out.push(GUARD);
        }
        out.extend_from_slice(bytes);
        return;
    }
    out.push(b'"');
    if guard {
        out.push(GUARD);
    }
    for &b in bytes {
        if b == b'"' {
            out.push(b'"');
        }
        out.push(b);
    }
    out.push(b'"');
}

/// Appends the cells of `record` (all but the lead), then the line feed.
fn body(record: &Record, out: &mut Vec<u8>, scratch: &mut Vec<u8>) -> io::Result<()> {
    let mut first = true;
    cells(record, scratch, |bytes| {
        if !std::mem::take(&mut first) {
            out.push(b',');
        }
        cell(bytes, out);
        Ok(())
    })?;
    out.push(b'\n');
    Ok(())
}

/// Writes `listing`: the header, then every entry of every block.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    let header: Vec<&str> = lead.name().into_iter().chain(COLUMNS).collect();
    writeln!(w, "{}", header.join(","))?;
    write_rows(listing, w, || {
        let mut scratch = Vec::new();
        move |of: LeadOf, record: &Record, out: &mut Vec<u8>| {
            // The lead is a group name or a number.
            lead_cell(lead, of, |bytes| {
                cell(bytes, out);
                out.push(b',');
                Ok(())
            })?;
            body(record, out, &mut scratch)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_are_quoted_only_where_rfc_4180_needs_it() {
        let mut out = Vec::new();
        for text in ["plain", "a,b", "say \"x\"", "two\nlines", ""] {
            cell(text.as_bytes(), &mut out);
            out.push(b'|');
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "plain|\"a,b\"|\"say \"\"x\"\"\"|\"two\nlines\"||"
        );
    }

    #[test]
    fn cells_a_spreadsheet_would_run_get_a_guard_inside_the_quotes() {
        let mut out = Vec::new();
        for text in ["=1+1", "+", "-+", "@A1", "\tx", "'x", "=a,b", "\rx", "a=b"] {
            cell(text.as_bytes(), &mut out);
            out.push(b'|');
        }
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "'=1+1|'+|'-+|'@A1|'\tx|''x|\"'=a,b\"|\"'\rx\"|a=b|"
        );
    }
}
