//! Reading a TSV row back into a record: one cell per column of [`COLUMNS`], escapes undone.

use serde::de::IntoDeserializer;

use crate::code::Code;
use crate::record::{FindingRecord, Record};

use super::{COLUMNS, LineError, Order, check_group};

/// `\\ \t \n \r` undone.
fn unescape(column: &'static str, cell: &[u8]) -> Result<String, LineError> {
    let bad = |expected| LineError::Cell {
        column,
        expected,
        found: String::from_utf8_lossy(cell).into_owned(),
    };
    let mut out = Vec::with_capacity(cell.len());
    let mut bytes = cell.iter();
    while let Some(&b) = bytes.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        out.push(match bytes.next() {
            Some(b'\\') => b'\\',
            Some(b't') => b'\t',
            Some(b'n') => b'\n',
            Some(b'r') => b'\r',
            _ => return Err(bad("text with only the escapes \\\\ \\t \\n \\r")),
        });
    }
    String::from_utf8(out).map_err(|_| bad("UTF-8 text"))
}

/// The cells of a TSV row, read column by column.
struct Cells<'a> {
    cells: std::slice::Iter<'a, &'a [u8]>,
    names: std::slice::Iter<'static, &'static str>,
}

impl Cells<'_> {
    fn text(&mut self) -> Result<(&'static str, String), LineError> {
        let name = self.names.next().copied().unwrap_or_default();
        let cell = self.cells.next().copied().unwrap_or_default();
        Ok((name, unescape(name, cell)?))
    }

    fn string(&mut self) -> Result<String, LineError> {
        self.text().map(|(_, t)| t)
    }

    fn optional(&mut self) -> Result<Option<String>, LineError> {
        self.text().map(|(_, t)| Some(t).filter(|t| !t.is_empty()))
    }

    fn parse<T>(
        &mut self,
        expected: &'static str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, LineError> {
        let (column, text) = self.text()?;
        parse(&text).ok_or(LineError::Cell {
            column,
            expected,
            found: text,
        })
    }
}

fn from_name<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    T::deserialize(IntoDeserializer::<serde::de::value::Error>::into_deserializer(name)).ok()
}

/// The record of a TSV row (without its line feed) of a directory in `order`.
pub(super) fn entry(order: Order, line: &[u8]) -> Result<Record, LineError> {
    let cells: Vec<&[u8]> = line.split(|&b| b == b'\t').collect();
    let lead = usize::from(order == Order::Stipulation);
    if cells.len() != COLUMNS.len() + lead {
        return Err(LineError::Cells {
            expected: COLUMNS.len() + lead,
            found: cells.len(),
        });
    }
    let group = (lead == 1).then(|| String::from_utf8_lossy(cells[0]).into_owned());
    let mut c = Cells {
        cells: cells[lead..].iter(),
        names: COLUMNS.iter(),
    };
    let number = |t: &str| t.parse::<u64>().ok().filter(|_| !t.starts_with('+'));
    let record = Record {
        code: c.parse("a code dddd.dd", |t| Code::from_ascii(t.as_bytes()).ok())?,
        kings: c.optional()?,
        squares: c.optional()?,
        men: c.optional()?,
        stipulation: c.parse("a stipulation (+ = -+ -= WTM BTM) or nothing", |t| {
            if t.is_empty() {
                Some(None)
            } else {
                t.parse().ok().map(Some)
            }
        })?,
        path: c.string()?,
        offset: c.parse("a byte offset", number)?,
        line: c.parse("a line number", number)?,
        column: c.parse("a column number", number)?,
        length: c.parse("a length in bytes", number)?,
        text: c.string()?,
        form: c.parse("a form (bare, kings-after, full, ...)", from_name)?,
        rank: c.parse("a rank (bare, kings, men-count, full)", from_name)?,
        material: c.optional()?,
        canonical: c.string()?,
        fen: c.optional()?,
        valid: c.parse("true or false", |t| match t {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        })?,
        findings: c.parse("a JSON array of findings", |t| {
            serde_json::from_str::<Vec<FindingRecord>>(t).ok()
        })?,
    };
    check_group(group.as_deref(), &record)?;
    Ok(record)
}
