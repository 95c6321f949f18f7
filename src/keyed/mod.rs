//! Study data read by its keys: a JSON value, JSON Lines, and CSV or TSV with a header give
//! records ([`read_keyed`]), each an object or row whose value under a code key is a GBR code,
//! its siblings filling the record as a PGN game's tags do (docs/inputs.md, "Study data").
//!
//! A record is checked as a PGN game is: the code against the FEN (material, kings, W/B), the
//! FEN's board (a position that is no legal one is a finding), the stipulation against the
//! FEN's side to move (`study.rs`, docs/check.md, "Study data"). Every finding points at the
//! value it is about, as 0-based byte offsets into the file, and names the value's place: a
//! JSON pointer (`046.json#/fen`, RFC 6901) or a CSV cell (`studies.csv#cell=3,2`, RFC 7111).
//!
//! The readers (`json.rs`, `csv.rs`) turn a file into objects of `Item`s, each value with
//! its byte range; `study.rs` makes a record of an object. Bounded: JSON nesting deeper than
//! [`MAX_DEPTH`] is an error that names the limit, and a JSON array is walked element by
//! element, never copied.

mod csv;
mod json;
mod keys;
mod study;

use std::ops::Range;

pub use keys::{KeyName, KeyNameError, Keys, StudyField};

use crate::record::Record;
use crate::source_path::SourcePath;

/// Deepest nesting of JSON objects and arrays read (the top value is depth 1); a deeper value
/// is a [`DataProblem`] naming the limit, and the rest of the file is not read.
pub const MAX_DEPTH: usize = 64;

/// The shape of a file of study data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DataKind {
    /// One JSON value (RFC 8259), or several one after another.
    Json,
    /// JSON Lines: one JSON value a line; a line that is not read is a problem, the others are
    /// read.
    JsonLines,
    /// Comma-separated values (RFC 4180) with a header row.
    Csv,
    /// Tab-separated values with a header row.
    Tsv,
}

impl DataKind {
    /// The kind's name in messages: `JSON`, `JSON Lines`, `CSV`, `TSV`.
    pub fn name(self) -> &'static str {
        match self {
            DataKind::Json => "JSON",
            DataKind::JsonLines => "JSON Lines",
            DataKind::Csv => "CSV",
            DataKind::Tsv => "TSV",
        }
    }

    /// The kind a file's name says: `.json`, `.jsonl`, `.ndjson`, `.csv`, `.tsv` (any case).
    pub fn of_name(name: &[u8]) -> Option<DataKind> {
        let ends = |ext: &[u8]| {
            name.len() > ext.len()
                && name[name.len() - ext.len()..].eq_ignore_ascii_case(ext)
                && !matches!(name[name.len() - ext.len() - 1], b'/' | b'\\')
        };
        if ends(b".json") {
            Some(DataKind::Json)
        } else if ends(b".jsonl") || ends(b".ndjson") {
            Some(DataKind::JsonLines)
        } else if ends(b".csv") {
            Some(DataKind::Csv)
        } else if ends(b".tsv") {
            Some(DataKind::Tsv)
        } else {
            None
        }
    }

    /// The kind a file's first bytes say, for a name that says nothing (standard input, a
    /// file without an extension): JSON when the first byte after white space (and a UTF-8
    /// byte order mark) is `{` followed by `"` or `}`, or `[` followed by `{`, `[`, `"` or `]`
    /// (never a PGN tag `[Event "..."]`); CSV or TSV when the first line is a header with a
    /// code key ([`StudyField::Code`]'s built-in names) among its cells. `None` otherwise.
    pub fn of_content(head: &[u8]) -> Option<DataKind> {
        let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
        let mut bytes = body.iter().copied().filter(|b| !b.is_ascii_whitespace());
        match (bytes.next(), bytes.next()) {
            (Some(b'{'), Some(b'"' | b'}')) | (Some(b'['), Some(b'{' | b'[' | b'"' | b']')) => {
                return Some(DataKind::Json);
            }
            _ => {}
        }
        let line = body.split(|&b| b == b'\n').next()?;
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        for (sep, kind) in [(b'\t', DataKind::Tsv), (b',', DataKind::Csv)] {
            let has_code = line.split(|&b| b == sep).any(|cell| {
                let cell = cell.trim_ascii();
                let cell = cell
                    .strip_prefix(b"\"")
                    .and_then(|c| c.strip_suffix(b"\""))
                    .unwrap_or(cell);
                StudyField::Code
                    .builtin_names()
                    .iter()
                    .any(|n| n.as_bytes().eq_ignore_ascii_case(cell))
            });
            if memchr::memchr(sep, line).is_some() && has_code {
                return Some(kind);
            }
        }
        None
    }
}

/// How many first bytes [`data_kind`] reads of a text whose name says nothing.
pub const SNIFF_LEN: usize = 4096;

/// True when a text's name says nothing of its kind: standard input (`<stdin>`), or a last
/// part without a full stop (`README`, `studies`). Only such a text is told by its content.
pub fn name_says_nothing(name: &[u8]) -> bool {
    let last = name
        .rsplit(|&b| b == b'/' || b == b'\\')
        .next()
        .unwrap_or(name);
    last == b"<stdin>" || !last.contains(&b'.')
}

/// The kind of study data a text is: by its name ([`DataKind::of_name`]), else, when the
/// name's last part has no extension (standard input, `README`), by its first bytes
/// ([`DataKind::of_content`]). A CSV or TSV whose header has the columns `kings` and
/// `canonical` is `gbr`'s own saved directory, no study data: `None`, as for any other text.
pub fn data_kind(name: &[u8], head: &[u8]) -> Option<DataKind> {
    let kind = DataKind::of_name(name).or_else(|| {
        name_says_nothing(name)
            .then(|| DataKind::of_content(&head[..head.len().min(SNIFF_LEN)]))
            .flatten()
    })?;
    if matches!(kind, DataKind::Csv | DataKind::Tsv) {
        let line = head.split(|&b| b == b'\n').next().unwrap_or_default();
        let has = |name: &[u8]| memchr::memmem::find(line, name).is_some();
        if has(b"kings") && has(b"canonical") {
            return None;
        }
    }
    Some(kind)
}

/// What could not be read in a file of study data: where, and why. The file's other records
/// are read (JSON Lines: the other lines; JSON and CSV: the records before it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataProblem {
    /// 0-based byte offset in the file of the place.
    pub offset: usize,
    /// 1-based line.
    pub line: u64,
    /// 1-based column (in characters, as serde_json and csv count it; bytes for the
    /// nesting limit).
    pub column: u64,
    /// What is wrong (`expected `:` at line 3 column 9`, `nesting deeper than 64 levels`).
    pub message: String,
}

/// The records of a file of study data and what could not be read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeyedRead {
    /// One record per object or row with a code, in order of the code's offset.
    pub records: Vec<Record>,
    /// Objects and rows read, with a code or without.
    pub objects: u64,
    /// What could not be read, in file order.
    pub problems: Vec<DataProblem>,
    /// The 0-based byte ranges of the code values the records were made from, in order: a
    /// text scan of the same file leaves the codes it finds there to the records.
    pub code_values: Vec<Range<usize>>,
}

/// One value of an object or row, with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Item {
    /// The key (JSON) or the column's name (CSV).
    pub key: String,
    /// The value as text: a string decoded, a number or literal as written, an array of
    /// strings joined by `; `.
    pub text: String,
    /// 0-based byte range of the value's text in the file: a string's inside its quotes.
    pub span: Range<usize>,
    /// True when the bytes at `span` are `text` itself (no escape, no doubled quote): a fix
    /// may be written there.
    pub exact: bool,
    /// The value's place after the file's name: `#/fen`, `#/studies/3/fen`, `#cell=3,2`.
    pub place: String,
}

/// Reads `bytes`, the whole file named `path`, as study data of `kind` with the key names of
/// `keys`. Never fails and never panics on bad input: what cannot be read is a
/// [`DataProblem`], and the records read are kept.
pub fn read_keyed(bytes: &[u8], path: &SourcePath, kind: DataKind, keys: &Keys) -> KeyedRead {
    let mut builder = study::Builder::new(bytes, path, keys);
    let mut problems = Vec::new();
    match kind {
        DataKind::Json => json::read(bytes, false, &mut builder, &mut problems),
        DataKind::JsonLines => json::read(bytes, true, &mut builder, &mut problems),
        DataKind::Csv => csv::read(bytes, b',', &mut builder, &mut problems),
        DataKind::Tsv => csv::read(bytes, b'\t', &mut builder, &mut problems),
    }
    let (records, objects, code_values) = builder.finish();
    KeyedRead {
        records,
        objects,
        problems,
        code_values,
    }
}

/// The 0-based offset of the 1-based `line` and byte `column` of `bytes` (the end when past
/// it).
pub(crate) fn offset_of(bytes: &[u8], line: u64, column: u64) -> usize {
    let start = if line <= 1 {
        0
    } else {
        memchr::memchr_iter(b'\n', bytes)
            .nth(line as usize - 2)
            .map_or(bytes.len(), |i| i + 1)
    };
    (start + column.saturating_sub(1) as usize).min(bytes.len())
}

/// serde_json's message without its place (`expected value`): the place is said apart.
pub(crate) fn json_message(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rsplit_once(" at line ") {
        Some((message, _)) => message.to_string(),
        None => text,
    }
}

/// The 1-based line and byte column of byte `at` of `bytes`.
pub(crate) fn line_column(bytes: &[u8], at: usize) -> (u64, u64) {
    let at = at.min(bytes.len());
    let line = memchr::memchr_iter(b'\n', &bytes[..at]).count() as u64 + 1;
    let start = memchr::memrchr(b'\n', &bytes[..at]).map_or(0, |i| i + 1);
    (line, (at - start) as u64 + 1)
}

#[cfg(test)]
mod tests;
