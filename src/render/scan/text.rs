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

use crate::check::Severity;
use crate::parse::Rank;
use crate::record::Record;
use crate::record::Status;
use anstyle::{AnsiColor, Style};

/// Writes one line per record.
pub struct TextPrinter<W: Write> {
    out: W,
    styled: bool,
    /// The lines of the batch being written, up to [`BATCH_BYTES`] at a time.
    lines: Vec<u8>,
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

/// `status [rank]` of a line without colour, in one piece: the status's name, then the rank's
/// name in brackets.
fn status_and_rank(status: Status, rank: Rank) -> &'static [u8] {
    match (status, rank) {
        (Status::Ok, Rank::Bare) => b"ok [bare]",
        (Status::Ok, Rank::Kings) => b"ok [kings]",
        (Status::Ok, Rank::Wb) => b"ok [wb]",
        (Status::Ok, Rank::Full) => b"ok [full]",
        (Status::Unchecked, Rank::Bare) => b"unchecked [bare]",
        (Status::Unchecked, Rank::Kings) => b"unchecked [kings]",
        (Status::Unchecked, Rank::Wb) => b"unchecked [wb]",
        (Status::Unchecked, Rank::Full) => b"unchecked [full]",
        (Status::Invalid, Rank::Bare) => b"invalid [bare]",
        (Status::Invalid, Rank::Kings) => b"invalid [kings]",
        (Status::Invalid, Rank::Wb) => b"invalid [wb]",
        (Status::Invalid, Rank::Full) => b"invalid [full]",
    }
}

/// The bytes written for a batch before they are handed to the writer: the lines are put
/// together in the printer's own buffer and written a few KiB at a time, as a write to the
/// writer for each piece of a line cost more than the piece.
const BATCH_BYTES: usize = 8 * 1024;

/// Appends `text` to `out`, in `style` when `styled` ([`write_styled`], which cannot fail on
/// a vector).
#[inline(always)]
fn push_styled(out: &mut Vec<u8>, styled: bool, style: Style, text: &[u8]) {
    let _ = write_styled(out, styled, style, text);
}

/// Appends the line of one record, line feed included, to `out`: the printer runs one batch at
/// a time on the worker that hands the records on, while the others scan, so it must cost
/// little per code.
fn push_line(out: &mut Vec<u8>, r: &Record, styled: bool) {
    if styled {
        push_line_styled(out, r, true);
    } else {
        push_line_styled(out, r, false);
    }
}

/// [`push_line`] with `styled` a constant in each copy inlined into it.
#[inline(always)]
fn push_line_styled(out: &mut Vec<u8>, r: &Record, styled: bool) {
    let mut numbers = itoa::Buffer::new();
    push_styled(out, styled, Styles::PATH, &r.path.escaped_bytes());
    out.push(b':');
    if let Some(page) = r.page_index {
        push_styled(out, styled, Styles::NUMBER, numbers.format(page).as_bytes());
        out.push(b':');
    }
    push_styled(
        out,
        styled,
        Styles::NUMBER,
        numbers.format(r.line).as_bytes(),
    );
    out.push(b':');
    push_styled(
        out,
        styled,
        Styles::NUMBER,
        numbers.format(r.column).as_bytes(),
    );
    out.extend_from_slice(b": ");
    push_styled(out, styled, Styles::CODE, r.canonical.as_bytes());
    out.push(b' ');
    if styled {
        push_styled(out, styled, Styles::status(r), &status(r).as_bytes()[1..]);
        out.extend_from_slice(b" [");
        out.extend_from_slice(r.rank.name().as_bytes());
        out.push(b']');
    } else {
        out.extend_from_slice(status_and_rank(r.status(), r.rank));
    }
    for f in &r.findings {
        out.extend_from_slice(b" | ");
        let severity = f.severity.name().as_bytes();
        push_styled(out, styled, Styles::severity(f.severity), severity);
        out.push(b' ');
        out.extend_from_slice(f.message.as_bytes());
    }
    out.push(b'\n');
}

impl<W: Write> TextPrinter<W> {
    /// A printer over `out`, in colour when `styled`.
    pub fn new(out: W, styled: bool) -> TextPrinter<W> {
        TextPrinter {
            out,
            styled,
            lines: Vec::with_capacity(2 * BATCH_BYTES),
        }
    }

    /// Writes the lines of a batch of records.
    pub fn records(&mut self, records: &[&Record]) -> io::Result<()> {
        let lines = &mut self.lines;
        lines.clear();
        for r in records {
            push_line(lines, r, self.styled);
            if lines.len() >= BATCH_BYTES {
                self.out.write_all(lines)?;
                lines.clear();
            }
        }
        self.out.write_all(lines)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each status and rank in one piece reads as the two written apart.
    #[test]
    fn status_and_rank_in_one_piece_reads_as_apart() {
        for status in [Status::Ok, Status::Unchecked, Status::Invalid] {
            for rank in [Rank::Bare, Rank::Kings, Rank::Wb, Rank::Full] {
                let apart = format!("{} [{}]", status.name(), rank.name());
                assert_eq!(status_and_rank(status, rank), apart.as_bytes());
            }
        }
    }
}
