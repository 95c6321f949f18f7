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

/// What a column's cells hold, for the writers that type their cells (CSV, xlsx).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellKind {
    /// Text (a spreadsheet column formatted as text, so that `0116.00` stays as written).
    Text,
    /// A count or index, always a number: a number in CSV and xlsx.
    Number,
    /// The page as printed: a number in xlsx when it is all digits, else text (`xii`).
    Page,
    /// A year: a number in CSV and xlsx, empty where none, in a column formatted as text.
    Year,
}

/// One column of the saved layout: its name, the oldest layout that has it, and what its cells
/// hold.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    /// The name in the header row.
    pub name: &'static str,
    /// The oldest layout with this column ([`Columns::Unlabelled`] for the first ones): every
    /// later layout has it too.
    pub since: Columns,
    /// What its cells hold.
    pub kind: CellKind,
}

/// A column of the table below.
const fn col(name: &'static str, since: Columns, kind: CellKind) -> Column {
    Column { name, since, kind }
}

use CellKind::{Number, Page, Text, Year};
use Columns::{Cited, Current, Indexed, Marked, Paged, Unlabelled};

/// The columns of the `tsv` and `csv` formats, after the optional lead column (`group` or
/// `duplicate`): the one table every list of column names is made from (TSV and CSV headers,
/// xlsx, the readers of older layouts; JSON Lines and templates name the same fields). The key
/// fields come first, in sort order, then the source reference with the PDF page (as printed,
/// its index in the file, and where the printed one comes from), the study's label and its
/// citation (number, composers, source, year, honour), the position's texts and checks, and
/// last the place of the study's entry in its book's own directory where `gbr index` merged
/// the two (`directory_entry`), whether it is an example of the notation, no study
/// (`example`), and the Syzygy tables' verdict where `--tablebase` probed the position
/// (`tablebase`, `dtz`). Documented in `docs/directory.md`.
pub const TABLE: [Column; 31] = [
    col("code", Unlabelled, Text),
    col("kings", Unlabelled, Text),
    col("squares", Unlabelled, Text),
    col("men", Unlabelled, Text),
    col("stipulation", Unlabelled, Text),
    col("path", Unlabelled, Text),
    col("page", Indexed, Page),
    col("page_index", Paged, Number),
    col("page_from", Paged, Text),
    col("offset", Unlabelled, Number),
    col("line", Unlabelled, Number),
    col("column", Unlabelled, Number),
    col("length", Unlabelled, Number),
    col("label", Indexed, Text),
    col("number", Cited, Text),
    col("composers", Cited, Text),
    col("source", Cited, Text),
    col("year", Cited, Year),
    col("honour", Cited, Text),
    col("text", Unlabelled, Text),
    col("form", Unlabelled, Text),
    col("rank", Unlabelled, Text),
    col("material", Unlabelled, Text),
    col("canonical", Unlabelled, Text),
    col("fen", Unlabelled, Text),
    col("valid", Unlabelled, Text),
    col("findings", Unlabelled, Text),
    col("directory_entry", Cited, Text),
    col("example", Marked, Text),
    col("tablebase", Current, Text),
    col("dtz", Current, Number),
];

/// The names of the columns of [`TABLE`] that `layout` has, in order; `N` their number (a
/// compile-time error when it is not).
const fn names<const N: usize>(layout: Columns) -> [&'static str; N] {
    let mut out = [""; N];
    let (mut i, mut n) = (0, 0);
    while i < TABLE.len() {
        // Newest first: a layout has the columns of every layout after it.
        if layout as u8 <= TABLE[i].since as u8 {
            out[n] = TABLE[i].name;
            n += 1;
        }
        i += 1;
    }
    assert!(n == N, "the layout has another number of columns");
    out
}

/// The names of today's columns ([`TABLE`]).
pub const COLUMNS: [&str; 31] = names(Current);

/// The columns of directories written before entries carried the tables' verdict:
/// [`COLUMNS`] without `tablebase` and `dtz`. Readers still read them; none of their entries
/// was probed.
pub const MARKED_COLUMNS: [&str; 29] = names(Marked);

/// The columns of directories written before entries marked an example of the notation:
/// [`MARKED_COLUMNS`] without `example`. Readers still read them; none of their entries is an
/// example.
pub const CITED_COLUMNS: [&str; 28] = names(Cited);

/// The columns of directories written before entries carried their citation: [`COLUMNS`]
/// without `number`, `composers`, `source`, `year`, `honour`, `directory_entry` and
/// `example`. Readers
/// still read them; their entries have no citation.
pub const PAGED_COLUMNS: [&str; 22] = names(Paged);

/// The columns of directories written before pages were numbered as printed: [`COLUMNS`]
/// without `page_index` and `page_from`, whose `page` is the page's index. Readers still read
/// them; their pages read back as indexes.
pub const INDEXED_COLUMNS: [&str; 20] = names(Indexed);

/// The columns of directories written before entries carried a page and a label: [`COLUMNS`]
/// without the page's three and `label`. Readers still read them; their entries have neither.
pub const UNLABELLED_COLUMNS: [&str; 18] = names(Unlabelled);

/// The place of the `path` column in [`COLUMNS`]. Its cell in `tsv` is the path's escaped
/// text ([`crate::source_path`]), whose escapes include the cell's own (`\\ \t \n \r`), so
/// it is written and read as it is, never escaped twice.
pub(crate) const PATH_COLUMN: usize = column("path");

/// The place of `name` in [`COLUMNS`] (a compile-time error when it is none).
pub(crate) const fn column(name: &str) -> usize {
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

/// Which columns a saved TSV directory has: those of today, or of an older `gbr`, newest first
/// (each layout has every column of the ones after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Columns {
    /// [`COLUMNS`]; always for JSON Lines, whose entries name their fields.
    Current,
    /// [`MARKED_COLUMNS`]: no `tablebase`, no `dtz`.
    Marked,
    /// [`CITED_COLUMNS`]: no `example`.
    Cited,
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
        } else if names == MARKED_COLUMNS {
            Some(Columns::Marked)
        } else if names == CITED_COLUMNS {
            Some(Columns::Cited)
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

    /// True when the layout has the column `name`.
    pub fn has(self, name: &str) -> bool {
        TABLE
            .iter()
            .any(|c| c.name == name && self as u8 <= c.since as u8)
    }

    /// Their names, in order.
    pub fn names(self) -> &'static [&'static str] {
        match self {
            Columns::Current => &COLUMNS,
            Columns::Marked => &MARKED_COLUMNS,
            Columns::Cited => &CITED_COLUMNS,
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
            "example",
            "tablebase",
            "dtz",
        ];
        assert_eq!(MARKED_COLUMNS.to_vec(), without(&["tablebase", "dtz"]));
        assert_eq!(
            CITED_COLUMNS.to_vec(),
            without(&["example", "tablebase", "dtz"])
        );
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
