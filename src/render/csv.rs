//! `csv`: a header row, then one entry per row, for spreadsheets. The one CSV schema of gbr:
//! `gbr index --format csv` and `gbr scan --csv` write the same columns, [`CSV_COLUMNS`]
//! (`gbr index` puts its lead column, the group or the duplicate group's number, first).
//!
//! Written with the `csv` crate, quoted as RFC 4180 says (a cell holding `,` `"` CR or LF is
//! put in double quotes, its quotes doubled), and made to open right in a spreadsheet
//! (docs/directory.md, "Spreadsheets"; measured in LibreOffice):
//!
//! - the code is written as the formula `="0116.00"`, whose value is the text `0116.00`:
//!   a plain `0000.33` opens as the number 0.33 and `1000.00` as 1000, a quoted one too, a
//!   leading `'` or tab stays in the cell's text; so is any other text cell a spreadsheet may
//!   read as a number or a date (W/B `4/5` opens as the 5th of April);
//! - a cell taken from the input that starts with `=`, `+`, `-`, `@`, tab, carriage return or
//!   `'` gets a `'` before it (inside the quotes), so that a spreadsheet shows it as text
//!   rather than run it as a formula ([`super::needs_guard`]); drop that one `'` to read the
//!   cell's text back;
//! - the file starts with the UTF-8 byte order mark, without which LibreOffice and Excel read
//!   it in the system's code page;
//! - `findings` is in words (`error men-count: W/B is 10/9, ...`, joined by ` | `), and `fix`
//!   joins the proposed corrections the same way.
//!
//! For programs, `tsv` and `jsonl` keep every value as it is; `gbr lookup` and `gbr merge`
//! read those, never CSV.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};

use crate::record::Record;

use super::cells::{Findings, cells_with};
use super::rows::write_rows;
use super::{COLUMNS, GUARD, LeadOf, Listing, lead_cell, needs_guard};
use crate::saved::columns::{CellKind, TABLE};

/// The columns of every CSV gbr writes: [`COLUMNS`], `findings` in words, then `fix`.
pub const CSV_COLUMNS: [&str; COLUMNS.len() + 1] = {
    let mut names = ["fix"; COLUMNS.len() + 1];
    let mut i = 0;
    while i < COLUMNS.len() {
        names[i] = COLUMNS[i];
        i += 1;
    }
    names
};

/// The bytes every CSV starts with: the UTF-8 byte order mark, `EF BB BF`.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// True when the cell `bytes` of the saved column `column` (0-based in [`TABLE`]) is written
/// as a number, which a spreadsheet keeps as one: the counts and indexes and the year
/// ([`CellKind::Number`], [`CellKind::Year`]), and the page as printed where it is digits
/// alone (`302`, not `xii` or `1-3`).
fn is_number(column: usize, bytes: &[u8]) -> bool {
    match TABLE.get(column).map(|c| c.kind) {
        Some(CellKind::Number | CellKind::Year) => true,
        Some(CellKind::Page) => bytes.iter().all(u8::is_ascii_digit),
        Some(CellKind::Text) | None => false,
    }
}

/// True when a spreadsheet may read `cell` as a number or a date: a digit first, then only
/// digits and `.` `/` `:` `-` (a code, `0116.00`; W/B, `4/5`, which LibreOffice reads as the
/// 5th of April; a fix, `0411.67`; a label, `12`).
fn reads_as_number(cell: &[u8]) -> bool {
    cell.first().is_some_and(u8::is_ascii_digit)
        && cell
            .iter()
            .all(|&b| b.is_ascii_digit() || matches!(b, b'.' | b'/' | b':' | b'-'))
}

/// `cell` as the formula `="cell"`, whose value is its text (`cell` holds no `"`: it
/// [reads as a number or a date](reads_as_number)).
fn as_text_formula(cell: &[u8], out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(b"=\"");
    out.extend_from_slice(cell);
    out.push(b'"');
}

/// The buffer the csv crate's writer writes to, shared with [`CsvRows`], which moves each row
/// from it to the caller's buffer.
/// (A mutex, never contended, so that a printer holding one may move between threads.)
#[derive(Default, Clone)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<u8>> {
        // A panic while the lock was held leaves bytes, never a broken vector.
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.lock().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes CSV rows of records with the csv crate's writer, each row appended to the caller's
/// buffer (the rows of a directory are put together in parallel, then written in order).
pub(crate) struct CsvRows {
    out: csv::Writer<Shared>,
    written: Shared,
    scratch: Vec<u8>,
    cell: Vec<u8>,
}

impl Default for CsvRows {
    fn default() -> Self {
        CsvRows::new()
    }
}

/// The I/O error of a CSV error (the writer's buffer is memory: none is expected).
fn io_error(err: csv::Error) -> io::Error {
    io::Error::other(err)
}

impl CsvRows {
    /// A writer of rows.
    pub fn new() -> CsvRows {
        let written = Shared::default();
        CsvRows {
            out: csv::WriterBuilder::new()
                .flexible(true)
                .from_writer(written.clone()),
            written,
            scratch: Vec::new(),
            cell: Vec::new(),
        }
    }

    /// Appends the header row, after the `lead` column's name where there is one, to `out`.
    ///
    /// # Errors
    /// None in practice: the rows are written to memory.
    pub fn header(&mut self, lead: Option<&str>, out: &mut Vec<u8>) -> io::Result<()> {
        // The UTF-8 byte order mark: without it LibreOffice and Excel read the file in the
        // system's code page (`RÃ©ti` for `Réti`); the csv crate, xsv, qsv and Python's
        // `utf-8-sig` drop it.
        out.extend_from_slice(UTF8_BOM);
        let names = lead.into_iter().chain(CSV_COLUMNS);
        self.out.write_record(names).map_err(io_error)?;
        self.drain(out)
    }

    /// Appends the row of `record`, after the `lead` cell where there is one, to `out`.
    ///
    /// # Errors
    /// None in practice: the rows are written to memory.
    pub fn row(
        &mut self,
        lead: Option<&[u8]>,
        record: &Record,
        out: &mut Vec<u8>,
    ) -> io::Result<()> {
        let CsvRows {
            out: writer,
            scratch,
            cell,
            ..
        } = self;
        if let Some(lead) = lead {
            write_guarded(writer, cell, lead)?;
        }
        let mut column = 0;
        cells_with(record, scratch, Findings::Words, |bytes| {
            column += 1;
            write_cell(writer, cell, bytes, is_number(column - 1, bytes))
        })?;
        scratch.clear();
        for (i, fix) in record
            .findings
            .iter()
            .filter_map(|f| f.fix.as_deref())
            .enumerate()
        {
            if i > 0 {
                scratch.extend_from_slice(b" | ");
            }
            scratch.extend_from_slice(fix.as_bytes());
        }
        write_cell(writer, cell, scratch, false)?;
        writer.write_record(None::<&[u8]>).map_err(io_error)?;
        self.drain(out)
    }

    /// Moves what the writer holds to the end of `out`.
    fn drain(&mut self, out: &mut Vec<u8>) -> io::Result<()> {
        self.out.flush()?;
        let mut written = self.written.lock();
        out.extend_from_slice(&written);
        written.clear();
        Ok(())
    }
}

/// Writes `bytes` as one field of text (`number` false) or of a number: text that a
/// spreadsheet would read as a number as the formula `="..."`, else after [`GUARD`] where a
/// spreadsheet would take it for a formula. `cell` is scratch space.
fn write_cell<W: Write>(
    writer: &mut csv::Writer<W>,
    cell: &mut Vec<u8>,
    bytes: &[u8],
    number: bool,
) -> io::Result<()> {
    if !number && reads_as_number(bytes) {
        as_text_formula(bytes, cell);
        return writer.write_field(&cell[..]).map_err(io_error);
    }
    write_guarded(writer, cell, bytes)
}

/// Writes `bytes` as one field, after [`GUARD`] when a spreadsheet would take it for a formula
/// ([`needs_guard`]); `cell` is scratch space.
fn write_guarded<W: Write>(
    writer: &mut csv::Writer<W>,
    cell: &mut Vec<u8>,
    bytes: &[u8],
) -> io::Result<()> {
    if !needs_guard(bytes) {
        return writer.write_field(bytes).map_err(io_error);
    }
    cell.clear();
    cell.push(GUARD);
    cell.extend_from_slice(bytes);
    writer.write_field(&cell[..]).map_err(io_error)
}

/// Writes `listing`: the header, then every entry of every block.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    let mut header = Vec::new();
    CsvRows::new().header(lead.name(), &mut header)?;
    w.write_all(&header)?;
    write_rows(listing, w, || {
        let mut rows = CsvRows::new();
        let mut lead_text = Vec::new();
        move |of: LeadOf, record: &Record, out: &mut Vec<u8>| {
            lead_text.clear();
            let mut has_lead = false;
            lead_cell(lead, of, |bytes| {
                lead_text.extend_from_slice(bytes);
                has_lead = true;
                Ok(())
            })?;
            rows.row(has_lead.then_some(&lead_text[..]), record, out)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field(bytes: &[u8]) -> String {
        let mut writer = csv::WriterBuilder::new().from_writer(Vec::new());
        let mut cell = Vec::new();
        write_guarded(&mut writer, &mut cell, bytes).unwrap();
        writer.write_record(None::<&[u8]>).unwrap();
        String::from_utf8(writer.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn cells_are_quoted_only_where_rfc_4180_needs_it() {
        let quoted: Vec<String> = ["plain", "a,b", "say \"x\"", "two\nlines"]
            .iter()
            .map(|t| field(t.as_bytes()))
            .collect();
        assert_eq!(
            quoted,
            [
                "plain\n",
                "\"a,b\"\n",
                "\"say \"\"x\"\"\"\n",
                "\"two\nlines\"\n"
            ]
        );
    }

    #[test]
    fn cells_a_spreadsheet_would_run_get_a_guard_inside_the_quotes() {
        let guarded: Vec<String> = ["=1+1", "+", "-+", "@A1", "'x", "=a,b", "a=b"]
            .iter()
            .map(|t| field(t.as_bytes()))
            .collect();
        assert_eq!(
            guarded,
            [
                "'=1+1\n",
                "'+\n",
                "'-+\n",
                "'@A1\n",
                "''x\n",
                "\"'=a,b\"\n",
                "a=b\n"
            ]
        );
    }

    #[test]
    fn text_a_spreadsheet_would_read_as_a_number_is_a_formula_of_its_text() {
        let cells: Vec<(bool, bool)> = ["0000.33", "1000.00", "12", "4/5", "a7d3", "3/3+", ".", ""]
            .iter()
            .map(|t| {
                let mut out = Vec::new();
                as_text_formula(t.as_bytes(), &mut out);
                (reads_as_number(t.as_bytes()), out.starts_with(b"=\""))
            })
            .collect();
        let numbers: Vec<bool> = cells.iter().map(|c| c.0).collect();
        assert_eq!(
            numbers,
            [true, true, true, true, false, false, false, false]
        );
        let mut out = Vec::new();
        as_text_formula(b"0000.33", &mut out);
        assert_eq!(out, b"=\"0000.33\"");
    }
}
