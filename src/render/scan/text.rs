//! The default output: one line per code, like a compiler's messages.
//!
//! ```text
//! eg.txt:3:1: a2f1 0411.56 10/9+. invalid [wb] | error men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67
//! ```
//!
//! `path:line:column: canonical status [rank]`, then ` | severity message` for each finding;
//! on a PDF page, `path:page:line:column` (the page's 1-based index in the file, as a viewer's
//! "go to page" and `gbr text` count, not the number printed on it, which JSON gives; then
//! line and column within the page's text).
//! `status` is `invalid` when a finding is an error; else `ok` when the text repeats the
//! material beside the code (rank `wb` or `full`: W/B or the squares, checked against it), and
//! `unchecked` when it does not (rank `bare` or `kings`: a wrong digit could not be seen).
//! Line and column are 1-based, the column counted in bytes.
//!
//! With colour (`--color always`, or `auto` on a terminal), the parts are coloured as ripgrep
//! colours its own: the path magenta, line and column green, the code bold; the status `ok`
//! green, `unchecked` yellow, `invalid` bold red; each finding's severity bold, red for an
//! error, yellow for a warning, cyan for a note. [`Styles`] holds them, and [`Styles::PATH`]
//! colours the paths of `--count` and `--files-with-codes` too.

use std::io::{self, Write};

use crate::{Record, Severity};
use anstyle::{AnsiColor, Style};

/// Writes one line per record.
pub struct Printer<W: Write> {
    out: W,
    styled: bool,
}

/// The styles of the coloured text output (see the module's documentation).
pub struct Styles;

impl Styles {
    /// A path: magenta.
    pub const PATH: Style = AnsiColor::Magenta.on_default();
    /// Line, page and column numbers: green.
    pub const NUMBER: Style = AnsiColor::Green.on_default();
    /// The code as gbr reads it: bold.
    pub const CODE: Style = Style::new().bold();

    /// The style of a record's status.
    pub fn status(r: &Record) -> Style {
        match status(r) {
            " invalid" => AnsiColor::Red.on_default().bold(),
            " unchecked" => AnsiColor::Yellow.on_default(),
            _ => AnsiColor::Green.on_default(),
        }
    }

    /// The style of a finding's severity.
    pub fn severity(severity: Severity) -> Style {
        match severity {
            Severity::Error => AnsiColor::Red.on_default().bold(),
            Severity::Warning => AnsiColor::Yellow.on_default().bold(),
            Severity::Note => AnsiColor::Cyan.on_default().bold(),
        }
    }
}

/// Writes `text` in `style` when `styled`, as it is otherwise.
pub fn write_styled(
    out: &mut (impl Write + ?Sized),
    styled: bool,
    style: Style,
    text: &[u8],
) -> io::Result<()> {
    if styled {
        write!(out, "{}", style.render())?;
        out.write_all(text)?;
        write!(out, "{}", style.render_reset())
    } else {
        out.write_all(text)
    }
}

/// ` ok`, ` unchecked` or ` invalid`, as the module documentation says.
fn status(r: &Record) -> &'static str {
    match r.status() {
        crate::record::Status::Invalid => " invalid",
        crate::record::Status::Unchecked => " unchecked",
        crate::record::Status::Ok => " ok",
    }
}

/// Writes the line of one record, line feed included, piece by piece: the printer runs one
/// batch at a time on the worker that hands the records on, while the others scan, so it must
/// cost little per code.
fn write_line(out: &mut impl Write, r: &Record, styled: bool) -> io::Result<()> {
    let mut numbers = itoa::Buffer::new();
    write_styled(out, styled, Styles::PATH, &r.path.escaped_bytes())?;
    out.write_all(b":")?;
    if let Some(page) = r.page_index {
        write_styled(out, styled, Styles::NUMBER, numbers.format(page).as_bytes())?;
        out.write_all(b":")?;
    }
    write_styled(
        out,
        styled,
        Styles::NUMBER,
        numbers.format(r.line).as_bytes(),
    )?;
    out.write_all(b":")?;
    write_styled(
        out,
        styled,
        Styles::NUMBER,
        numbers.format(r.column).as_bytes(),
    )?;
    out.write_all(b": ")?;
    write_styled(out, styled, Styles::CODE, r.canonical.as_bytes())?;
    out.write_all(b" ")?;
    write_styled(out, styled, Styles::status(r), &status(r).as_bytes()[1..])?;
    out.write_all(b" [")?;
    out.write_all(r.rank.name().as_bytes())?;
    out.write_all(b"]")?;
    for f in &r.findings {
        out.write_all(b" | ")?;
        let severity = f.severity.name().as_bytes();
        write_styled(out, styled, Styles::severity(f.severity), severity)?;
        out.write_all(b" ")?;
        out.write_all(f.message.as_bytes())?;
    }
    out.write_all(b"\n")
}

impl<W: Write> Printer<W> {
    /// A printer over `out`, in colour when `styled`.
    pub fn new(out: W, styled: bool) -> Printer<W> {
        Printer { out, styled }
    }

    /// Writes the lines of a batch of records.
    pub fn records(&mut self, records: &[&Record]) -> io::Result<()> {
        for r in records {
            write_line(&mut self.out, r, self.styled)?;
        }
        Ok(())
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
