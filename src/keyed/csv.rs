//! CSV and TSV with a header row, read field by field with csv-core, which says how many
//! bytes of the file each field took: every cell's byte range is known. The header row names
//! the columns; each row after it is an object of the cells under a name. A cell's place is
//! `#cell=ROW,COL` (RFC 7111: rows and columns 1-based, the header row being row 1).

use std::ops::Range;

use csv_core::{ReadFieldResult, ReaderBuilder};

use super::study::Builder;
use super::{DataProblem, Item};

/// Longest cell kept, in bytes: a longer one is cut (a spreadsheet cell holds at most 32,767
/// characters; a study's fields are far shorter).
const MAX_CELL: usize = 1 << 20;

/// Reads `bytes` as rows separated by `delimiter`, the first the header, each row after it
/// handed to `builder` as an object of its cells.
pub(super) fn read(
    bytes: &[u8],
    delimiter: u8,
    builder: &mut Builder<'_>,
    problems: &mut Vec<DataProblem>,
) {
    let base = if bytes.starts_with(b"\xEF\xBB\xBF") {
        3
    } else {
        0
    };
    let mut reader = ReaderBuilder::new().delimiter(delimiter).build();
    let mut header: Option<Vec<String>> = None;
    let mut row: Vec<(Range<usize>, Vec<u8>)> = Vec::new();
    let mut field = Vec::new();
    let mut out = vec![0u8; 4096];
    let mut at = base;
    let mut field_start = base;
    let mut rows = 0u64;
    loop {
        // csv-core takes an empty input as the end of the file.
        let (result, read, written) = reader.read_field(&bytes[at..], &mut out);
        if field.len() < MAX_CELL {
            field.extend_from_slice(&out[..written]);
        }
        at += read;
        match result {
            ReadFieldResult::InputEmpty | ReadFieldResult::OutputFull => {}
            ReadFieldResult::Field { record_end } => {
                row.push((field_start..at, std::mem::take(&mut field)));
                field_start = at;
                if record_end {
                    rows += 1;
                    end_row(bytes, &mut header, &mut row, rows, builder, problems);
                }
            }
            ReadFieldResult::End => break,
        }
    }
}

/// A row read (`row`, the `rows`-th): the header when none is known, else an object of its
/// cells under the header's names.
fn end_row(
    bytes: &[u8],
    header: &mut Option<Vec<String>>,
    row: &mut Vec<(Range<usize>, Vec<u8>)>,
    rows: u64,
    builder: &mut Builder<'_>,
    problems: &mut Vec<DataProblem>,
) {
    let cells = std::mem::take(row);
    let Some(names) = header.as_ref() else {
        *header = Some(
            cells
                .iter()
                .map(|(_, text)| String::from_utf8_lossy(text).trim().to_string())
                .collect(),
        );
        return;
    };
    if cells.len() == 1 && cells[0].1.is_empty() {
        return;
    }
    let mut items = Vec::with_capacity(cells.len());
    for (col, (raw, text)) in cells.into_iter().enumerate() {
        let Some(name) = names.get(col) else {
            let (line, column) = super::line_column(bytes, raw.start);
            problems.push(DataProblem {
                offset: raw.start,
                line,
                column,
                message: format!(
                    "row {rows} has more cells than the header's {} names: cell {} has no name",
                    names.len(),
                    col + 1
                ),
            });
            break;
        };
        let (span, exact) = cell_span(bytes, raw, &text);
        items.push(Item {
            key: name.clone(),
            text: String::from_utf8_lossy(&text).into_owned(),
            span,
            exact,
            place: format!("#cell={rows},{}", col + 1),
        });
    }
    builder.object(&items);
}

/// The byte range of a cell's text in the file, from the bytes csv-core took for it (`raw`:
/// line ends before it and the delimiter or line end after it included), and whether the
/// bytes there are its text `text` itself (unquoted, or quoted without a doubled quote).
/// A cell whose text is not found so is placed at its start, not exact.
fn cell_span(bytes: &[u8], raw: Range<usize>, text: &[u8]) -> (Range<usize>, bool) {
    let end = raw.end.min(bytes.len());
    let mut start = raw.start.min(end);
    while start < end && matches!(bytes[start], b'\r' | b'\n') {
        start += 1;
    }
    let cell = &bytes[start..end];
    if cell.starts_with(text) && cell.first() != Some(&b'"') {
        return (start..start + text.len(), true);
    }
    if let Some(inside) = cell.strip_prefix(b"\"")
        && inside.starts_with(text)
        && inside.get(text.len()) == Some(&b'"')
        && inside.get(text.len() + 1) != Some(&b'"')
    {
        return (start + 1..start + 1 + text.len(), true);
    }
    (start..start, false)
}
