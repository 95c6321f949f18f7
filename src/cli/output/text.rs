//! The default output: one line per code, like a compiler's messages.
//!
//! ```text
//! eg.txt:3:1: a2f1 0411.56 10/9+. invalid [wb] | error men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67
//! ```
//!
//! `path:line:column: canonical status [rank]`, then ` | severity message` for each finding;
//! on a PDF page, `path:page:line:column` (the 1-based page, then line and column within the
//! page's text).
//! `status` is `invalid` when a finding is an error; else `ok` when the text repeats the
//! material beside the code (rank `wb` or `full`: W/B or the squares, checked against it), and
//! `unchecked` when it does not (rank `bare` or `kings`: a wrong digit could not be seen).
//! Line and column are 1-based, the column counted in bytes.

use std::io::{self, Write};

use gbrscan::{Rank, Record, Severity};

/// Writes one line per record.
pub struct Printer<W: Write> {
    out: W,
}

/// `error`, `warning` or `note`.
pub fn severity_name(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
    }
}

/// ` ok`, ` unchecked` or ` invalid`, as the module documentation says.
fn status(r: &Record) -> &'static str {
    if !r.valid {
        " invalid"
    } else if r.rank < Rank::Wb {
        " unchecked"
    } else {
        " ok"
    }
}

/// Writes the line of one record, line feed included, piece by piece: the printer runs one
/// batch at a time on the worker that hands the records on, while the others scan, so it must
/// cost little per code.
fn write_line(out: &mut impl Write, r: &Record) -> io::Result<()> {
    let mut numbers = itoa::Buffer::new();
    out.write_all(&r.path.escaped_bytes())?;
    out.write_all(b":")?;
    if let Some(page) = r.page {
        out.write_all(numbers.format(page).as_bytes())?;
        out.write_all(b":")?;
    }
    out.write_all(numbers.format(r.line).as_bytes())?;
    out.write_all(b":")?;
    out.write_all(numbers.format(r.column).as_bytes())?;
    out.write_all(b": ")?;
    out.write_all(r.canonical.as_bytes())?;
    out.write_all(status(r).as_bytes())?;
    out.write_all(b" [")?;
    out.write_all(r.rank.name().as_bytes())?;
    out.write_all(b"]")?;
    for f in &r.findings {
        out.write_all(b" | ")?;
        out.write_all(severity_name(f.severity).as_bytes())?;
        out.write_all(b" ")?;
        out.write_all(f.message.as_bytes())?;
    }
    out.write_all(b"\n")
}

impl<W: Write> Printer<W> {
    /// A printer over `out`.
    pub fn new(out: W) -> Printer<W> {
        Printer { out }
    }

    /// Writes the lines of a batch of records.
    pub fn records(&mut self, records: &[&Record]) -> io::Result<()> {
        for r in records {
            write_line(&mut self.out, r)?;
        }
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
