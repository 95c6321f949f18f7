//! What can be wrong with a saved directory or scan output, and with one of its lines.

use std::io;

/// What is wrong with one line of a saved directory or scan output.
#[derive(Debug, thiserror::Error)]
pub enum LineError {
    /// A TSV row with the wrong number of cells.
    #[error("expected {expected} tab-separated cells, found {found}")]
    Cells {
        /// Cells of the header.
        expected: usize,
        /// Cells found.
        found: usize,
    },
    /// A TSV cell that does not hold what its column holds.
    #[error("column `{column}`: expected {expected}, found {found:?}")]
    Cell {
        /// The column's name.
        column: &'static str,
        /// What the column holds.
        expected: &'static str,
        /// The cell's text.
        found: String,
    },
    /// A JSON line that is not an entry.
    #[error("not a JSON entry")]
    Json {
        /// What the JSON parser said.
        source: serde_json::Error,
    },
}

/// Why a saved directory or scan output cannot be read. Line numbers are 1-based.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// Reading failed.
    #[error("cannot read line {line}")]
    Io {
        /// The line being read.
        line: u64,
        /// The operating system's error.
        source: io::Error,
    },
    /// The first line is neither a TSV header nor a JSON entry.
    #[error(
        "line 1: not a saved directory: expected a TSV header (code, kings, ...) or a JSON \
         entry, found {found:?}"
    )]
    NotADirectory {
        /// The start of the first line.
        found: String,
    },
    /// A TSV header whose columns are not those of [`COLUMNS`](crate::saved::columns::COLUMNS)
    /// or of an older layout.
    #[error("line 1: expected the columns {expected}, found {found}")]
    Columns {
        /// The columns expected, tab-separated.
        expected: String,
        /// The columns found.
        found: String,
    },
    /// A duplicates listing: its entries repeat and are not in directory order.
    #[error("line 1: a duplicates listing (gbr index --duplicates) is not a sorted directory")]
    Duplicates,
    /// Saved `gbr scan --json` output: not sorted.
    #[error("line 1: scan output is not a sorted directory; build one with gbr index --from")]
    ScanOutput,
    /// A line that cannot be read as an entry.
    #[error("line {line}")]
    Line {
        /// The line.
        line: u64,
        /// What is wrong with it.
        source: LineError,
    },
    /// An entry that sorts before the one above it.
    #[error(
        "line {line}: not sorted: {entry} comes after {previous}; rebuild the directory with \
         gbr index"
    )]
    NotSorted {
        /// The line of the entry out of place.
        line: u64,
        /// The entry, described by its key.
        entry: String,
        /// The entry above it.
        previous: String,
    },
}
