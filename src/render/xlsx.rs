//! `xlsx`: an Excel workbook through `rust_xlsxwriter`, for editors who open a directory in a
//! spreadsheet without repairing it. One sheet, `Directory`, with the columns of `tsv` (after
//! the lead column of a grouped or duplicates listing): a bold header row frozen in place with
//! a filter, every cell text (so `0000.10` stays `0000.10` and `a7d3` is never a formula),
//! but `offset`, `line`, `column` and `length`, which are numbers. `findings` is in words, one
//! finding a line: `error: MESSAGE (fix: FIX)`.
//!
//! A sheet holds at most 1,048,576 rows (Excel's limit); longer listings go on in `Directory
//! 2`, `Directory 3`, ..., each with its header. The workbook is written in constant memory
//! (rows streamed to a temporary file) and then copied to the output.

use std::io::{self, Write};

use rust_xlsxwriter::{Format as CellFormat, Workbook, Worksheet, XlsxError};

use crate::check::Severity;
use crate::record::Record;

use super::{COLUMNS, LeadOf, Listing, cells, lead_cell};
use crate::saved::columns::{CellKind, TABLE};

/// Rows of a sheet, header included (Excel's limit).
const SHEET_ROWS: u32 = 1_048_576;

fn to_io(error: XlsxError) -> io::Error {
    match error {
        XlsxError::IoError(e) => e,
        other => io::Error::other(other),
    }
}

/// The findings of `record` in words, one a line.
pub(crate) fn findings_words(record: &Record) -> String {
    let mut out = String::new();
    for (i, f) in record.findings.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(match f.severity {
            Severity::Note => "note: ",
            Severity::Warning => "warning: ",
            Severity::Error => "error: ",
        });
        out.push_str(&f.message);
        if let Some(fix) = &f.fix {
            out.push_str(" (fix: ");
            out.push_str(fix);
            out.push(')');
        }
    }
    out
}

struct Sheets<'h> {
    header: &'h [&'h str],
    text: CellFormat,
    bold: CellFormat,
    sheets: u32,
    row: u32,
}

impl Sheets<'_> {
    /// A new sheet with its header row, frozen and filtered.
    fn add<'w>(&mut self, workbook: &'w mut Workbook) -> Result<&'w mut Worksheet, XlsxError> {
        self.sheets += 1;
        let sheet = workbook.add_worksheet_with_constant_memory()?;
        if self.sheets == 1 {
            sheet.set_name("Directory")?;
        } else {
            sheet.set_name(format!("Directory {}", self.sheets))?;
        }
        for (col, name) in self.header.iter().enumerate() {
            let col = col as u16;
            let width = match *name {
                "code" | "kings" | "men" | "form" | "rank" | "valid" | "group" => 10.0,
                "text" | "canonical" | "fen" | "findings" | "path" | "label" => 30.0,
                _ => 12.0,
            };
            sheet.set_column_width(col, width)?;
            if matches!(kind(name), CellKind::Text | CellKind::Year) {
                sheet.set_column_format(col, &self.text)?;
            }
            sheet.write_string_with_format(0, col, *name, &self.bold)?;
        }
        sheet.set_freeze_panes(1, 0)?;
        sheet.autofilter(0, 0, 0, (self.header.len() - 1) as u16)?;
        self.row = 1;
        Ok(sheet)
    }
}

/// What the cells of the column `name` hold: the saved column's [`CellKind`], a number for
/// the `duplicate` lead column (the group's number), text for `group`.
fn kind(name: &str) -> CellKind {
    match TABLE.iter().find(|c| c.name == name) {
        Some(column) => column.kind,
        None if name == "duplicate" => CellKind::Number,
        None => CellKind::Text,
    }
}

/// Writes `listing` as a workbook.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    let header: Vec<&str> = lead.name().into_iter().chain(COLUMNS).collect();
    let mut workbook = Workbook::new();
    let mut sheets = Sheets {
        header: &header,
        text: CellFormat::new().set_num_format("@"),
        bold: CellFormat::new().set_bold(),
        sheets: 0,
        row: 0,
    };
    let mut sheet = sheets.add(&mut workbook).map_err(to_io)?;
    let mut scratch = Vec::new();
    for block in &listing.blocks {
        let of = LeadOf::block(block);
        for record in &block.entries {
            if sheets.row == SHEET_ROWS {
                sheet = sheets.add(&mut workbook).map_err(to_io)?;
            }
            let row = sheets.row;
            let mut col: u16 = 0;
            let mut failed: Option<XlsxError> = None;
            let mut put = |name: &str, value: &[u8]| -> io::Result<()> {
                let value = String::from_utf8_lossy(value);
                let result = match kind(name) {
                    CellKind::Number | CellKind::Page | CellKind::Year if value.is_empty() => {
                        Ok(())
                    }
                    // A page printed `xii` or `A-3` is text; `302` a number, as the index.
                    CellKind::Page if !value.bytes().all(|b| b.is_ascii_digit()) => {
                        sheet.write_string(row, col, value).map(|_| ())
                    }
                    CellKind::Number | CellKind::Page | CellKind::Year => {
                        let n: f64 = value.parse().unwrap_or_default();
                        sheet.write_number(row, col, n).map(|_| ())
                    }
                    _ if name == "findings" => sheet
                        .write_string(row, col, findings_words(record))
                        .map(|_| ()),
                    CellKind::Text => sheet.write_string(row, col, value).map(|_| ()),
                };
                col += 1;
                if let Err(e) = result {
                    failed.get_or_insert(e);
                }
                Ok(())
            };
            lead_cell(lead, of, |v| put(lead.name().unwrap_or_default(), v))?;
            let mut names = COLUMNS.iter();
            cells(record, &mut scratch, |v| {
                put(names.next().copied().unwrap_or_default(), v)
            })?;
            if let Some(e) = failed {
                return Err(to_io(e));
            }
            sheets.row += 1;
        }
    }
    let bytes = workbook.save_to_buffer().map_err(to_io)?;
    w.write_all(&bytes)
}
