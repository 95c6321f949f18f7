//! `text`: print-ready. A heading per code with the material in words
//! (`0116.00  wR wB v bN bN`), then one line per entry with kings, squares, W/B, stipulation
//! the study's citation as an index prints it (else its label) and the reference `path:line` (` (p. 12)` on a PDF page), aligned within
//! the block; an invalid entry ends with
//! `invalid:` and its errors. Under [`super::Order::Stipulation`] a heading per group
//! (`Wins`, `Draws`, `Others`) comes first, as printed books do.

use std::borrow::Cow;
use std::io::{self, Write};

use crate::check::Severity;
use crate::record::Record;

use super::cells::{printed_label, reference};
use super::{Block, Heading, Listing, code_text, material_words, stipulation_text};

/// The cells of an entry's line before the reference.
fn columns(record: &Record) -> [Cow<'_, str>; 5] {
    let text = |part: Option<String>| part.map_or(Cow::Borrowed(""), Cow::Owned);
    [
        text(record.kings.map(|k| k.to_string())),
        text(record.squares.as_ref().map(ToString::to_string)),
        text(record.men.map(|m| m.to_string())),
        Cow::Borrowed(stipulation_text(record.stipulation)),
        printed_label(record),
    ]
}

fn write_heading<W: Write>(block: &Block<'_>, w: &mut W) -> io::Result<()> {
    let code = code_text(block.heading.code());
    let code = String::from_utf8_lossy(&code);
    let words = material_words(block.heading.code());
    match block.heading {
        Heading::Code { .. } => writeln!(w, "{code}  {words}"),
        Heading::Position {
            number,
            kings,
            squares,
            near,
            ..
        } => {
            let squares = squares.map(|s| format!(" {s}")).unwrap_or_default();
            let code = near.map_or(code.to_string(), |n| format!("{code} ~ {n}"));
            let places = block.entries.len();
            writeln!(
                w,
                "#{number}  {code} {kings}{squares}  {words}  ({places} places)"
            )
        }
    }
}

fn write_block<W: Write>(block: &Block<'_>, w: &mut W) -> io::Result<()> {
    write_heading(block, w)?;
    let mut widths = [0usize; 5];
    for record in &block.entries {
        for (width, cell) in widths.iter_mut().zip(columns(record)) {
            *width = (*width).max(cell.len());
        }
    }
    for record in &block.entries {
        w.write_all(b" ")?;
        for (width, cell) in widths.iter().zip(columns(record)) {
            if *width > 0 {
                write!(w, " {cell:width$} ")?;
            }
        }
        write!(w, " {}", reference(record))?;
        if !record.valid {
            let errors: Vec<&str> = record
                .findings
                .iter()
                .filter(|f| f.severity == Severity::Error)
                .map(|f| f.message.as_str())
                .collect();
            write!(w, "  invalid: {}", errors.join("; "))?;
        }
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes `listing`, blocks separated by a blank line.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let mut group = None;
    for (i, block) in listing.blocks.iter().enumerate() {
        if i > 0 {
            w.write_all(b"\n")?;
        }
        if let Some(g) = block.heading.group().filter(|g| Some(*g) != group) {
            group = Some(g);
            let heading = g.heading();
            writeln!(w, "{heading}\n{}\n", "=".repeat(heading.len()))?;
        }
        write_block(block, w)?;
    }
    Ok(())
}
