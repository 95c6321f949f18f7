//! `epd`: one EPD line per entry with a full position, for chess software
//! (`docs/chess-formats.md`): the four fields of the board and side to move (from the
//! stipulation), then the operations `id` (the reference `path:line`), `c0` (the canonical
//! position), `c1` (composer and source, where known) and `c9` (`invalid`, for an entry that
//! fails a check). Entries without a board are skipped ([`super::without_board`] counts them).

use std::io::{self, Write};

use crate::record::Record;

use super::Listing;
use super::pgn::fen;

/// An EPD string operand: in double quotes, which it cannot hold (made `'`), on one line.
fn quoted(value: &str) -> String {
    let inner: String = value
        .chars()
        .map(|c| match c {
            '"' => '\'',
            '\n' | '\r' | '\t' => ' ',
            c => c,
        })
        .collect();
    format!("\"{inner}\"")
}

fn write_line<W: Write>(record: &Record, fen: &str, w: &mut W) -> io::Result<()> {
    // The first four fields of the FEN: board, side to move, castling, en passant.
    let fields: Vec<&str> = fen.split(' ').take(4).collect();
    write!(w, "{}", fields.join(" "))?;
    write!(
        w,
        " id {};",
        quoted(&format!("{}:{}", record.path, record.line))
    )?;
    write!(w, " c0 {};", quoted(&record.canonical))?;
    if let Some(study) = &record.study {
        let about: Vec<&str> = [study.composer.as_deref(), study.event.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        if !about.is_empty() {
            write!(w, " c1 {};", quoted(&about.join(", ")))?;
        }
    }
    if !record.valid {
        write!(w, " c9 \"invalid\";")?;
    }
    writeln!(w)
}

/// Writes a line for every entry of `listing` with a board, in listing order.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    for record in listing.blocks.iter().flat_map(|b| &b.entries) {
        if let Some(fen) = fen(record) {
            write_line(record, &fen, w)?;
        }
    }
    Ok(())
}
