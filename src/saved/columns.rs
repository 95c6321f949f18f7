//! The saved layout of a directory, in one place for the writers ([`crate::render`]) and the
//! readers ([`super::read`], [`super::lookup`], [`crate::directory::merge`]): the columns, the
//! formats that read back, the TSV dialect and its guard against formulas, and the rules every
//! reader applies to a line (docs/directory.md, "Reading a saved directory").
//!
//! The rules, the same for `gbr lookup`, `gbr merge` and `gbr index --from`:
//! - A file that starts with a UTF-16 byte order mark is decoded to UTF-8 first (a
//!   spreadsheet's "Unicode text"); a UTF-8 byte order mark is ignored.
//! - A line ends with a line feed, optionally after a carriage return (CRLF).
//! - A blank line (nothing but white space) is no entry and is skipped, wherever it stands.

use std::io::Write;

/// The columns of the `tsv` and `csv` formats, after the optional lead column (`group` or
/// `duplicate`). The key fields come first, in sort order, then the source reference with the
/// PDF page (as printed, its index in the file, and where the printed one comes from), the
/// study's label and its citation (number, composers, source, year, honour), the position's
/// texts and checks, and last the place of the study's entry in its book's own directory
/// where `gbr index` merged the two (`directory_entry`). Documented in `docs/directory.md`.
pub const COLUMNS: [&str; 28] = [
    "code",
    "kings",
    "squares",
    "men",
    "stipulation",
    "path",
    "page",
    "page_index",
    "page_from",
    "offset",
    "line",
    "column",
    "length",
    "label",
    "number",
    "composers",
    "source",
    "year",
    "honour",
    "text",
    "form",
    "rank",
    "material",
    "canonical",
    "fen",
    "valid",
    "findings",
    "directory_entry",
];

/// The columns of directories written before entries carried their citation: [`COLUMNS`]
/// without `number`, `composers`, `source`, `year`, `honour` and `directory_entry`. Readers still read them;
/// their entries have no citation.
pub const PAGED_COLUMNS: [&str; 22] = [
    "code",
    "kings",
    "squares",
    "men",
    "stipulation",
    "path",
    "page",
    "page_index",
    "page_from",
    "offset",
    "line",
    "column",
    "length",
    "label",
    "text",
    "form",
    "rank",
    "material",
    "canonical",
    "fen",
    "valid",
    "findings",
];

/// The columns of directories written before pages were numbered as printed: [`COLUMNS`]
/// without `page_index` and `page_from`, whose `page` is the page's index. Readers still read
/// them; their pages read back as indexes.
pub const INDEXED_COLUMNS: [&str; 20] = [
    "code",
    "kings",
    "squares",
    "men",
    "stipulation",
    "path",
    "page",
    "offset",
    "line",
    "column",
    "length",
    "label",
    "text",
    "form",
    "rank",
    "material",
    "canonical",
    "fen",
    "valid",
    "findings",
];

/// The columns of directories written before entries carried a page and a label: [`COLUMNS`]
/// without the page's three and `label`. Readers still read them; their entries have neither.
pub const UNLABELLED_COLUMNS: [&str; 18] = [
    "code",
    "kings",
    "squares",
    "men",
    "stipulation",
    "path",
    "offset",
    "line",
    "column",
    "length",
    "text",
    "form",
    "rank",
    "material",
    "canonical",
    "fen",
    "valid",
    "findings",
];

/// The place of the `path` column in [`COLUMNS`]. Its cell in `tsv` is the path's escaped
/// text ([`crate::source_path`]), whose escapes include the cell's own (`\\ \t \n \r`), so
/// it is written and read as it is, never escaped twice.
pub(crate) const PATH_COLUMN: usize = column("path");

/// The place of `name` in [`COLUMNS`] (a compile-time error when it is none).
const fn column(name: &str) -> usize {
    let mut i = 0;
    while i < COLUMNS.len() {
        let (a, b) = (COLUMNS[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return i;
            }
        }
        i += 1;
    }
    panic!("no such column")
}

/// Which columns a saved TSV directory has: those of today, or of an older `gbr`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Columns {
    /// [`COLUMNS`]; always for JSON Lines, whose entries name their fields.
    Current,
    /// [`PAGED_COLUMNS`]: no citation.
    Paged,
    /// [`INDEXED_COLUMNS`]: `page` is the page's index.
    Indexed,
    /// [`UNLABELLED_COLUMNS`]: no page, no label.
    Unlabelled,
}

impl Columns {
    /// The columns of a header row (lead column removed), `None` for no known set.
    pub fn of(names: &[&str]) -> Option<Columns> {
        if names == COLUMNS {
            Some(Columns::Current)
        } else if names == PAGED_COLUMNS {
            Some(Columns::Paged)
        } else if names == INDEXED_COLUMNS {
            Some(Columns::Indexed)
        } else if names == UNLABELLED_COLUMNS {
            Some(Columns::Unlabelled)
        } else {
            None
        }
    }

    /// Their names, in order.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Columns::Current => &COLUMNS,
            Columns::Paged => &PAGED_COLUMNS,
            Columns::Indexed => &INDEXED_COLUMNS,
            Columns::Unlabelled => &UNLABELLED_COLUMNS,
        }
    }
}

/// The formats `gbr lookup` and `gbr merge` read: each entry on exactly one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SavedFormat {
    /// Tab-separated values with a header row.
    Tsv,
    /// JSON Lines, one entry per line.
    Jsonl,
}

impl SavedFormat {
    /// The format's name: `tsv` or `jsonl`.
    pub fn name(self) -> &'static str {
        match self {
            SavedFormat::Tsv => "tsv",
            SavedFormat::Jsonl => "jsonl",
        }
    }
}

/// The UTF-8 byte order mark, ignored before the first line.
pub(crate) const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

/// The line without its line feed (and carriage return).
pub(crate) fn trim_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The first line without a UTF-8 byte order mark.
pub(crate) fn strip_bom(line: &[u8]) -> &[u8] {
    line.strip_prefix(UTF8_BOM).unwrap_or(line)
}

/// True for a line that holds no entry: empty, or white space only.
pub(crate) fn is_blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// The byte written before a CSV or TSV cell that a spreadsheet would take for a formula: the
/// apostrophe that OWASP's advice on CSV injection puts there, and that spreadsheets show as
/// text.
pub const GUARD: u8 = b'\'';

/// True when `cell` is written with [`GUARD`] before it: it starts with `=`, `+`, `-`, `@`, tab
/// or carriage return, which a spreadsheet reads as the start of a formula (OWASP, "CSV
/// Injection"), or with the guard itself, so that a reader can always drop one leading guard
/// and get the cell's text back ([`unguarded`]). Stipulations (`+`, `-+`, `=`) and signed codes
/// (`+0016.32`) are guarded like any other cell.
pub fn needs_guard(cell: &[u8]) -> bool {
    matches!(
        cell.first(),
        Some(&(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r' | GUARD))
    )
}

/// The text of a cell written under [`needs_guard`]'s rule: its first byte dropped when it is
/// [`GUARD`], else the cell as it is.
pub fn unguarded(cell: &[u8]) -> &[u8] {
    cell.strip_prefix(&[GUARD]).unwrap_or(cell)
}

/// The writer of the dialect: tab-delimited, `"` quotes doubled inside a quoted cell, a cell
/// quoted only when it holds a tab, `"`, CR or LF (none of the last two is left by then), rows
/// ended by a line feed. The one definition the reader ([`super::read`]) checks
/// rows against.
pub(crate) fn tsv_writer<W: Write>(w: W) -> csv::Writer<W> {
    csv::WriterBuilder::new()
        .delimiter(b'\t')
        .quote(b'"')
        .double_quote(true)
        .quote_style(csv::QuoteStyle::Necessary)
        .terminator(csv::Terminator::Any(b'\n'))
        .has_headers(false)
        .flexible(true)
        .from_writer(w)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The older layouts are today's columns without the ones added since, in the same order.
    #[test]
    fn older_layouts_are_the_columns_without_the_later_ones() {
        let without = |dropped: &[&str]| -> Vec<&str> {
            COLUMNS
                .into_iter()
                .filter(|c| !dropped.contains(c))
                .collect()
        };
        let cited = [
            "number",
            "composers",
            "source",
            "year",
            "honour",
            "directory_entry",
        ];
        assert_eq!(PAGED_COLUMNS.to_vec(), without(&cited));
        assert_eq!(
            INDEXED_COLUMNS.to_vec(),
            without(&[&["page_index", "page_from"][..], &cited].concat())
        );
        assert_eq!(
            UNLABELLED_COLUMNS.to_vec(),
            without(&[&["page", "page_index", "page_from", "label"][..], &cited].concat())
        );
    }
}
