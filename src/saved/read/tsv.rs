//! Reading a TSV row back into a record: one cell per column of [`COLUMNS`] (or of
//! [`CITED_COLUMNS`], [`PAGED_COLUMNS`], [`INDEXED_COLUMNS`] or [`UNLABELLED_COLUMNS`], for a directory written
//! by an older `gbr`),
//! quotes and escapes undone.
//!
//! A row is read with the `csv` crate's reader in the dialect the writer writes
//! ([`tsv_writer`]: tab-delimited, a cell with a tab or `"` quoted). Directories written
//! before it never quoted a cell: one of their rows with a `"` that the writer would not have
//! written so (a cell that starts with `"` without being quoted, `"Schach" 1950`) is read as
//! they were, split at every tab.

use std::borrow::Cow;

use compact_str::CompactString;

use serde::de::IntoDeserializer;

use crate::citation::Citation;
use crate::code::Code;
use crate::record::{EntryAt, FindingRecord, PageFrom, Record};
use crate::saved::columns::{tsv_writer, unguarded};
use crate::source_path::SourcePath;

use super::{Columns, LineError, Order, check_group};
#[cfg(doc)]
use crate::saved::columns::{
    CITED_COLUMNS, COLUMNS, INDEXED_COLUMNS, PAGED_COLUMNS, UNLABELLED_COLUMNS,
};

/// The cell's text: the formula guard dropped ([`unguarded`]), `\\ \t \n \r` undone (the
/// writer no longer writes `\t`, which older directories have).
fn unescape(column: &'static str, cell: &[u8]) -> Result<String, LineError> {
    let bad = |expected| LineError::Cell {
        column,
        expected,
        found: String::from_utf8_lossy(cell).into_owned(),
    };
    let mut out = Vec::with_capacity(cell.len());
    let mut bytes = unguarded(cell).iter();
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

/// The cells of a row (without its line feed), quotes undone: split at the tabs when it has
/// no `"`, else read by the csv crate's reader and kept when the writer writes those cells as
/// this very row; else a row of the former dialect, split at the tabs.
fn row_cells(line: &[u8]) -> Vec<Cow<'_, [u8]>> {
    let split = || line.split(|&b| b == b'\t').map(Cow::Borrowed).collect();
    if memchr::memchr(b'"', line).is_none() {
        return split();
    }
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b'\t')
        .quote(b'"')
        .double_quote(true)
        .has_headers(false)
        .flexible(true)
        .from_reader(line);
    let mut record = csv::ByteRecord::new();
    if !reader.read_byte_record(&mut record).unwrap_or(false) {
        return split();
    }
    let mut again = tsv_writer(Vec::new());
    let written = again
        .write_byte_record(&record)
        .ok()
        .and_then(|()| again.into_inner().ok());
    match written {
        Some(w) if w.strip_suffix(b"\n") == Some(line) => {
            record.iter().map(|c| Cow::Owned(c.to_vec())).collect()
        }
        _ => split(),
    }
}

/// The cells of a TSV row, read column by column.
struct Cells<'a> {
    cells: std::slice::Iter<'a, Cow<'a, [u8]>>,
    names: std::slice::Iter<'static, &'static str>,
}

impl Cells<'_> {
    fn next_cell(&mut self) -> &[u8] {
        self.cells.next().map_or(&[], |c| c.as_ref())
    }

    fn text(&mut self) -> Result<(&'static str, String), LineError> {
        let name = self.names.next().copied().unwrap_or_default();
        let cell = self.next_cell();
        Ok((name, unescape(name, cell)?))
    }

    /// The `path` cell: the path's escaped text, read as it is ([`SourcePath::unescape`])
    /// once its formula guard is dropped ([`unguarded`]).
    fn path(&mut self) -> Result<SourcePath, LineError> {
        let column = self.names.next().copied().unwrap_or_default();
        let cell = self.next_cell();
        SourcePath::unescape(unguarded(cell)).map_err(|_| LineError::Cell {
            column,
            expected: "a path with only the escapes \\\\ \\t \\n \\r \\xHH",
            found: String::from_utf8_lossy(cell).into_owned(),
        })
    }

    fn string<T: From<String>>(&mut self) -> Result<T, LineError> {
        self.text().map(|(_, t)| t.into())
    }

    fn optional<T: From<String>>(&mut self) -> Result<Option<T>, LineError> {
        self.text()
            .map(|(_, t)| Some(t).filter(|t| !t.is_empty()).map(T::from))
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

/// An empty cell as `None`, else the value its text parses to (`None` when it does not).
fn parsed_or_none<T: std::str::FromStr>(text: &str) -> Option<Option<T>> {
    if text.is_empty() {
        Some(None)
    } else {
        text.parse().ok().map(Some)
    }
}

fn from_name<T: serde::de::DeserializeOwned>(name: &str) -> Option<T> {
    T::deserialize(IntoDeserializer::<serde::de::value::Error>::into_deserializer(name)).ok()
}

/// A page index: a number from 1, without a sign.
fn page_index(t: &str) -> Option<Option<u32>> {
    parsed_or_none::<u32>(t).filter(|p| !t.starts_with('+') && *p != Some(0))
}

/// The citation of the cells `number`, `composers` (joined by ` & `), `source`, `year` and
/// `honour`; `None` when all are empty.
fn citation(c: &mut Cells<'_>) -> Result<Option<Box<Citation>>, LineError> {
    let number = c.optional()?;
    let composers: String = c.string()?;
    let cite = Citation {
        number,
        composers: composers
            .split(crate::citation::COMPOSER_SEPARATOR)
            .filter(|n| !n.trim().is_empty())
            .map(|n| n.trim().into())
            .collect(),
        source: c.optional()?,
        year: c.parse("a year or nothing", |t| {
            parsed_or_none::<u16>(t).filter(|_| !t.starts_with('+'))
        })?,
        honour: c.optional()?,
    };
    Ok((!cite.is_empty()).then(|| Box::new(cite)))
}

/// The page cells of a row: `page`, `page_index` and `page_from` where the layout has them;
/// in [`Columns::Indexed`], `page` is the index, given as printed by the record.
fn page_cells(c: &mut Cells<'_>, columns: Columns) -> Result<Page, LineError> {
    if columns == Columns::Indexed {
        // The page index, given as printed by the index.
        let index = c.parse("a page number or nothing", page_index)?;
        return Ok((
            index.map(|i| itoa::Buffer::new().format(i).into()),
            None,
            None,
        ));
    }
    if !columns.has("page_index") {
        return Ok((None, None, None));
    }
    Ok((
        c.optional()?,
        c.parse("a page number or nothing", page_index)?,
        c.parse("labels, folio, index or nothing", |t| {
            if t.is_empty() {
                Some(None)
            } else {
                PageFrom::from_name(t).map(Some)
            }
        })?,
    ))
}

/// A record's page as printed, its index and where the printed one comes from.
type Page = (
    Option<compact_str::CompactString>,
    Option<u32>,
    Option<PageFrom>,
);

/// The `directory_entry` cell, where the layout has it: a JSON object or nothing.
fn directory_entry(c: &mut Cells<'_>, columns: Columns) -> Result<Option<Box<EntryAt>>, LineError> {
    if !columns.has("directory_entry") {
        return Ok(None);
    }
    c.parse("a directory entry as a JSON object or nothing", |t| {
        if t.is_empty() {
            Some(None)
        } else {
            serde_json::from_str::<EntryAt>(t)
                .ok()
                .map(|e| Some(Box::new(e)))
        }
    })
}

/// The `label` cell, where the layout has it: the label, or nothing.
fn label(c: &mut Cells<'_>, columns: Columns) -> Result<Option<CompactString>, LineError> {
    if !columns.has("label") {
        return Ok(None);
    }
    c.optional()
}

/// The `example` cell, where the layout has it: `true`, or nothing (false); false where the
/// layout is older than the column.
fn example(c: &mut Cells<'_>, columns: Columns) -> Result<bool, LineError> {
    if !columns.has("example") {
        return Ok(false);
    }
    c.parse("true or nothing", |t| match t {
        "true" => Some(true),
        "" => Some(false),
        _ => None,
    })
}

/// The `tablebase` and `dtz` cells, where the layout has them: the verdict (`win`, `draw`,
/// `loss`) and the distance in plies, each or nothing; nothing where the layout is older.
#[allow(clippy::type_complexity)]
fn tablebase(
    c: &mut Cells<'_>,
    columns: Columns,
) -> Result<
    (
        Option<crate::tablebase::TablebaseResult>,
        Option<std::num::NonZeroU16>,
    ),
    LineError,
> {
    if !columns.has("tablebase") {
        return Ok((None, None));
    }
    let verdict = c.parse("win, draw, loss or nothing", |t| match t {
        "" => Some(None),
        t => crate::tablebase::TablebaseResult::from_name(t).map(Some),
    })?;
    let dtz = c.parse("a distance in plies (1 or more) or nothing", |t| match t {
        "" => Some(None),
        t => t.parse().ok().map(Some),
    })?;
    Ok((verdict, dtz))
}

/// The record of a TSV row (without its line feed) of a directory in `order` with `columns`.
pub(super) fn entry(order: Order, columns: Columns, line: &[u8]) -> Result<Record, LineError> {
    let cells = row_cells(line);
    let lead = usize::from(order == Order::Stipulation);
    let names = columns.names();
    if cells.len() != names.len() + lead {
        return Err(LineError::Cells {
            expected: names.len() + lead,
            found: cells.len(),
        });
    }
    let group = (lead == 1).then(|| String::from_utf8_lossy(&cells[0]).into_owned());
    let mut c = Cells {
        cells: cells[lead..].iter(),
        names: names.iter(),
    };
    let number = |t: &str| t.parse::<u64>().ok().filter(|_| !t.starts_with('+'));
    let code = c.parse("a code dddd.dd", |t| Code::from_ascii(t.as_bytes()).ok())?;
    let kings = c.parse("kings as two squares (a7d3) or nothing", parsed_or_none)?;
    let squares = c.parse(
        "glued squares, a full stop before the pawns (b2b3.c6), or nothing",
        parsed_or_none,
    )?;
    let men = c.parse("a men count W/B (3/3) or nothing", parsed_or_none)?;
    let stipulation = c.parse(
        "a stipulation (+ = -+ -= WTM BTM) or nothing",
        parsed_or_none,
    )?;
    let path = c.path()?;
    let (page, page_index, page_from) = page_cells(&mut c, columns)?;
    let mut record = Record {
        ocr_fixes: None,
        code,
        kings,
        squares,
        men,
        stipulation,
        // A directory's rows do not say where the stipulation was read.
        stipulation_source: None,
        path,
        page,
        page_index,
        page_from,
        offset: c.parse("a byte offset", number)?,
        line: c.parse("a line number", number)?,
        column: c.parse("a column number", number)?,
        length: c.parse("a length in bytes", number)?,
        label: label(&mut c, columns)?,
        citation: if columns.has("number") {
            citation(&mut c)?
        } else {
            None
        },
        text: c.string()?,
        form: c.parse("a form (bare, kings-after, full, ...)", from_name)?,
        rank: c.parse("a rank (bare, kings, wb, full)", from_name)?,
        material: c.parse("a material (KRBvKNN) or nothing", parsed_or_none)?,
        canonical: c.string()?,
        fen: c.parse("a FEN board field or nothing", parsed_or_none)?,
        diagram: None,
        valid: c.parse("true or false", |t| match t {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        })?,
        findings: c.parse("a JSON array of findings", |t| {
            serde_json::from_str::<Vec<FindingRecord>>(t).ok()
        })?,
        // The TSV columns do not carry a PGN game's metadata (jsonl does).
        study: None,
        directory_entry: directory_entry(&mut c, columns)?,
        example: example(&mut c, columns)?,
        tablebase: None,
        dtz: None,
    };
    (record.tablebase, record.dtz) = tablebase(&mut c, columns)?;
    if columns == Columns::Indexed {
        record = record.with_page_index();
    }
    checked(record, group.as_deref())
}

/// `record` once its page cells agree and its square list is what its rank says, in the
/// block of `group` where the directory is grouped.
fn checked(mut record: Record, group: Option<&str>) -> Result<Record, LineError> {
    let page = (&record.page, record.page_index, record.page_from);
    if !matches!(page, (None, None, None) | (Some(_), Some(_), Some(_))) {
        return Err(LineError::Cell {
            column: "page_from",
            expected: "page, page_index and page_from all given or all empty",
            found: format!("{:?}", page),
        });
    }
    // An empty cell is no square list, except in a full position, where it is the empty list
    // of a board of the kings alone (a cell cannot tell the two apart; the rank can).
    if record.rank == crate::parse::Rank::Full && record.squares.is_none() {
        record.squares = Some(Default::default());
    }
    check_group(group, &record)?;
    Ok(record)
}

#[cfg(test)]
mod tests;
