//! The three outputs of `gbr scan`, one small file each, all behind [`Printer`]. A printer
//! knows records and paths, never files, terminals or threads: whether to colour is the
//! caller's choice (`styled`). The formats of `gbr scan` are documented in `docs/scan-output.md`.

pub mod csv;
pub mod json;
pub mod text;

use std::io::{self, Write};

use crate::record::Record;
use crate::scan::message::Summary;
use crate::source_path::SourcePath;

/// The output format of `gbr scan` (the directory's are [`crate::render::Format`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanFormat {
    /// One line per code, like a compiler's messages ([`text`]).
    Text,
    /// JSON Lines messages in ripgrep's style ([`json`]).
    Json,
    /// A header row, then one row per code ([`csv`]).
    Csv,
}

/// Writes the records of a scan in one [`ScanFormat`] to `W`.
pub enum Printer<W: Write> {
    /// See [`text`].
    Text(text::TextPrinter<W>),
    /// See [`json`].
    Json(json::JsonPrinter<W>),
    /// See [`csv`]; boxed, as the CSV writer holds its own buffer.
    Csv(Box<csv::CsvPrinter<W>>),
}

impl<W: Write> Printer<W> {
    /// A printer of `format` over `out`, the text format in colour when `styled`. The CSV
    /// header is written with the first row.
    pub fn new(format: ScanFormat, out: W, styled: bool) -> Printer<W> {
        match format {
            ScanFormat::Text => Printer::Text(text::TextPrinter::new(out, styled)),
            ScanFormat::Json => Printer::Json(json::JsonPrinter::new(out)),
            ScanFormat::Csv => Printer::Csv(Box::new(csv::CsvPrinter::new(out))),
        }
    }

    /// Writes a batch of records of an input. An input's batches come one after the other,
    /// then its [`Printer::end`]. `path` gives the input's name, asked only by the format that
    /// writes it apart from the records' (JSON's `begin`): a tree's text listing makes no name
    /// a file.
    pub fn records(
        &mut self,
        path: impl FnOnce() -> SourcePath,
        records: &[&Record],
    ) -> io::Result<()> {
        if records.is_empty() {
            return Ok(());
        }
        match self {
            Printer::Text(p) => p.records(records),
            Printer::Json(p) => p.records(&path(), records),
            Printer::Csv(p) => p.records(records),
        }
    }

    /// Ends an input, scanned over `bytes` bytes; `path` gives its name, asked as by
    /// [`Printer::records`]. Nothing is written for an input without records.
    pub fn end(&mut self, path: impl FnOnce() -> SourcePath, bytes: u64) -> io::Result<()> {
        match self {
            Printer::Json(p) => p.end(&path(), bytes),
            Printer::Text(_) | Printer::Csv(_) => Ok(()),
        }
    }

    /// Writes the end of the output (the `summary` message of JSON) and flushes.
    pub fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        match self {
            Printer::Text(p) => p.flush(),
            Printer::Json(p) => p.finish(summary),
            Printer::Csv(p) => p.flush(),
        }
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        match self {
            Printer::Text(p) => p.flush(),
            Printer::Json(p) => p.flush(),
            Printer::Csv(p) => p.flush(),
        }
    }
}
