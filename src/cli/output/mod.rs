//! The formats of `gbr scan`, one small file each, all behind [`Printer`]. A printer knows records and paths,
//! never files or threads. The formats of `gbr scan` are documented in `docs/scan-output.md`.

pub mod csv;
pub mod json;
pub mod text;

use std::io::{self, Write};

use gbrscan::{Rank, Record, Severity};
use serde::Serialize;

/// The output format of `gbr scan`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// One line per code, like a compiler's messages ([`text`]).
    Text,
    /// JSON Lines messages in ripgrep's style ([`json`]).
    Json,
    /// A header row, then one row per code ([`csv`]).
    Csv,
}

/// What the scan of all inputs came to, for the final `summary` message of JSON and the last
/// line of the text output. The codes counted are those printed (after the filters).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Summary {
    /// Inputs scanned.
    pub files: u64,
    /// Bytes scanned, over all inputs (after UTF-16 decoding).
    pub bytes: u64,
    /// Codes printed (those that passed the filters).
    pub matches: u64,
    /// Inputs that could not be read (the same number as `unreadable`, under its first name).
    pub errors: u64,
    /// Inputs left out on purpose (binary files, special files in folders).
    pub skipped: u64,
    /// Wall-clock time of the whole command, in seconds.
    pub elapsed: f64,
    /// Codes printed with an error finding (`invalid` in the text output).
    pub invalid: u64,
    /// Codes printed without an error, but with nothing beside them that repeats the material
    /// (`unchecked` in the text output: rank `bare` or `kings`).
    pub unchecked: u64,
    /// Warning findings of the codes printed.
    pub warnings: u64,
    /// Inputs that could not be read (exit status 2).
    pub unreadable: u64,
}

impl Summary {
    /// Counts a printed record: invalid, unchecked, and its warnings.
    pub fn add(&mut self, record: &Record) {
        if !record.valid {
            self.invalid += 1;
        } else if record.rank < Rank::Wb {
            self.unchecked += 1;
        }
        self.warnings += record
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Warning)
            .count() as u64;
    }

    /// The last line of the text output, on stderr:
    /// `6 codes in 1 file, 1 invalid, 2 unchecked, 0 warnings, 318 B in 0.00 s`, with
    /// `, N unreadable` and `, N not scanned` before the size when there are any.
    pub fn line(&self) -> String {
        let mut line = format!(
            "{} in {}, {} invalid, {} unchecked, {}",
            plural(self.matches, "code"),
            plural(self.files, "file"),
            self.invalid,
            self.unchecked,
            plural(self.warnings, "warning"),
        );
        if self.unreadable > 0 {
            line.push_str(&format!(", {} unreadable", self.unreadable));
        }
        if self.skipped > 0 {
            line.push_str(&format!(", {} not scanned", self.skipped));
        }
        line.push_str(&format!(
            ", {} in {:.2} s",
            indicatif::DecimalBytes(self.bytes),
            self.elapsed
        ));
        line
    }
}

/// `1 code`, `2 codes`.
fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Writes the records of a scan in one [`Format`] to `W`.
pub enum Printer<W: Write> {
    /// See [`text`].
    Text(text::Printer<W>),
    /// See [`json`].
    Json(json::Printer<W>),
    /// See [`csv`]; boxed, as the CSV writer holds its own buffer.
    Csv(Box<csv::Printer<W>>),
}

impl<W: Write> Printer<W> {
    /// A printer of `format` over `out`, the text format in colour when `styled`. The CSV
    /// header is written with the first row.
    pub fn new(format: Format, out: W, styled: bool) -> Printer<W> {
        match format {
            Format::Text => Printer::Text(text::Printer::new(out, styled)),
            Format::Json => Printer::Json(json::Printer::new(out)),
            Format::Csv => Printer::Csv(Box::new(csv::Printer::new(out))),
        }
    }

    /// Writes a batch of records of the input `path` (the records name it so too). An input's
    /// batches come one after the other, then its [`Printer::end`].
    pub fn records(&mut self, path: &gbrscan::SourcePath, records: &[&Record]) -> io::Result<()> {
        if records.is_empty() {
            return Ok(());
        }
        match self {
            Printer::Text(p) => p.records(records),
            Printer::Json(p) => p.records(path, records),
            Printer::Csv(p) => p.records(records),
        }
    }

    /// Ends the input `path`, scanned over `bytes` bytes. Nothing is written for an input
    /// without records.
    pub fn end(&mut self, path: &gbrscan::SourcePath, bytes: u64) -> io::Result<()> {
        match self {
            Printer::Json(p) => p.end(path, bytes),
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
