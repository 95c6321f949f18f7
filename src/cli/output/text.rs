//! The default output: one line per code, like a compiler's messages.
//!
//! ```text
//! eg.txt:3:1: a2f1 0411.56 10/9+. invalid [men-count] | error men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67
//! ```
//!
//! `path:line:column: canonical status [rank]`, then ` | severity message` for each finding.
//! `status` is `ok` when no finding is an error, else `invalid`. Line and column are 1-based,
//! the column counted in bytes.

use std::io::{self, Write};

use gbrscan::{Record, Severity};

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

/// The line of one record, without the line feed.
pub fn line(r: &Record) -> String {
    let status = if r.valid { "ok" } else { "invalid" };
    let mut line = format!(
        "{}:{}:{}: {} {status} [{}]",
        r.path,
        r.line,
        r.column,
        r.canonical,
        r.rank.name()
    );
    for f in &r.findings {
        line.push_str(&format!(" | {} {}", severity_name(f.severity), f.message));
    }
    line
}

impl<W: Write> Printer<W> {
    /// A printer over `out`.
    pub fn new(out: W) -> Printer<W> {
        Printer { out }
    }

    /// Writes the lines of a batch of records.
    pub fn records(&mut self, records: &[&Record]) -> io::Result<()> {
        for r in records {
            writeln!(self.out, "{}", line(r))?;
        }
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
