//! CSV: a header row, then one row per code. The columns are the scalar fields of [`Record`]
//! in its order, then `page` (empty but for a PDF page) and `label` (the study's label, empty
//! when none was found); `findings` joins every finding as `severity message` with ` | `, and `fix`
//! joins the proposed corrections the same way. Empty cells stand for absent values. A cell
//! that starts with `=`, `+`, `-`, `@`, tab, carriage return or `'` is written after a `'`,
//! so that a spreadsheet shows it as text rather than run it as a formula (OWASP's advice on
//! CSV injection); drop that one `'` to read the cell back.

use std::io::{self, Write};

use compact_str::CompactString;
use gbrscan::Record;
use gbrscan::directory::format::{GUARD, needs_guard};

use super::text::severity_name;

/// The header row.
pub const HEADER: [&str; 21] = [
    "path",
    "line",
    "column",
    "offset",
    "length",
    "text",
    "form",
    "rank",
    "code",
    "kings",
    "squares",
    "men",
    "stipulation",
    "canonical",
    "material",
    "fen",
    "valid",
    "findings",
    "fix",
    "page",
    "label",
];

/// Writes the header, then the rows.
pub struct Printer<W: Write> {
    out: ::csv::Writer<W>,
    header_written: bool,
}

fn row(r: &Record) -> [String; 21] {
    let opt = |v: &Option<CompactString>| v.as_deref().unwrap_or_default().to_string();
    let findings: Vec<String> = r
        .findings
        .iter()
        .map(|f| format!("{} {}", severity_name(f.severity), f.message))
        .collect();
    let fixes: Vec<&str> = r.findings.iter().filter_map(|f| f.fix.as_deref()).collect();
    [
        r.path.to_string(),
        r.line.to_string(),
        r.column.to_string(),
        r.offset.to_string(),
        r.length.to_string(),
        r.text.to_string(),
        r.form.name().to_string(),
        r.rank.name().to_string(),
        r.code.to_string(),
        opt(&r.kings),
        opt(&r.squares),
        opt(&r.men),
        r.stipulation.map(|s| s.to_string()).unwrap_or_default(),
        r.canonical.to_string(),
        r.material.map(|m| m.to_string()).unwrap_or_default(),
        r.fen.as_ref().map(|b| b.to_string()).unwrap_or_default(),
        r.valid.to_string(),
        findings.join(" | "),
        fixes.join(" | "),
        r.page.map(|p| p.to_string()).unwrap_or_default(),
        opt(&r.label),
    ]
}

/// The cell as written: after `'` when a spreadsheet would take it for a formula (it starts
/// with `=`, `+`, `-`, `@`, tab, carriage return, or `'` itself:
/// [`gbrscan::directory::format::needs_guard`], the rule of the directory's CSV and TSV).
fn guarded(cell: &str) -> std::borrow::Cow<'_, [u8]> {
    if needs_guard(cell.as_bytes()) {
        let mut out = Vec::with_capacity(cell.len() + 1);
        out.push(GUARD);
        out.extend_from_slice(cell.as_bytes());
        std::borrow::Cow::Owned(out)
    } else {
        std::borrow::Cow::Borrowed(cell.as_bytes())
    }
}

/// The I/O error inside a CSV error, so that a broken pipe is still seen as one.
fn io_error(err: ::csv::Error) -> io::Error {
    if !err.is_io_error() {
        return io::Error::other(err);
    }
    match err.into_kind() {
        ::csv::ErrorKind::Io(err) => err,
        kind => io::Error::other(format!("{kind:?}")),
    }
}

impl<W: Write> Printer<W> {
    /// A printer over `out`.
    pub fn new(out: W) -> Printer<W> {
        Printer {
            out: ::csv::Writer::from_writer(out),
            header_written: false,
        }
    }

    /// Writes the rows of a batch of records, after the header if not yet written.
    pub fn records(&mut self, records: &[&Record]) -> io::Result<()> {
        if !self.header_written {
            self.out.write_record(HEADER).map_err(io_error)?;
            self.header_written = true;
        }
        for r in records {
            self.out
                .write_record(row(r).iter().map(|c| guarded(c)))
                .map_err(io_error)?;
        }
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
