//! `pgn`: one game per entry with a full position, for chess software
//! (`docs/chess-formats.md`). The seven tags of the PGN standard (the composer as `White`, the
//! source as `Event`, the stipulation as `Result`), then `SetUp` and `FEN`, then the project's
//! own: `GBR` (the code), `Position` (the canonical text), `Reference` (`path:line`),
//! `Caption` (the text as read) and, for an entry that fails a check, `Errors`. Entries without
//! a board are skipped ([`super::without_board`] counts them).

use std::io::{self, Write};

use crate::check::Severity;
use crate::fen::fen_of;
use crate::record::Record;
use crate::stipulation::Outcome;

use super::Listing;

/// A tag value with `\` and `"` escaped and line breaks and tabs made spaces (PGN standard
/// 8.1.1: a tag value is one line).
fn escaped(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' | '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The `Result` of an entry: `1-0` a win, `1/2-1/2` a draw, `*` unknown.
pub(crate) fn result(record: &Record) -> &'static str {
    match record.stipulation.and_then(|s| s.outcome) {
        Some(Outcome::Win) => "1-0",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// The whole FEN of an entry with a board: the side to move from its stipulation.
pub(crate) fn fen(record: &Record) -> Option<String> {
    let board = record.fen.clone()?;
    let turn = record
        .stipulation
        .map_or(shakmaty::Color::White, |s| s.to_move);
    Some(fen_of(board, turn))
}

fn write_game<W: Write>(record: &Record, fen: &str, w: &mut W) -> io::Result<()> {
    let study = record.study.as_deref();
    let or = |v: Option<&str>, default: &'static str| escaped(v.unwrap_or(default));
    let result = result(record);
    writeln!(
        w,
        "[Event \"{}\"]",
        or(study.and_then(|s| s.event.as_deref()), "?")
    )?;
    writeln!(w, "[Site \"?\"]")?;
    writeln!(
        w,
        "[Date \"{}\"]",
        or(study.and_then(|s| s.date.as_deref()), "????.??.??")
    )?;
    writeln!(w, "[Round \"?\"]")?;
    writeln!(
        w,
        "[White \"{}\"]",
        or(study.and_then(|s| s.composer.as_deref()), "?")
    )?;
    writeln!(w, "[Black \"?\"]")?;
    writeln!(w, "[Result \"{result}\"]")?;
    writeln!(w, "[SetUp \"1\"]")?;
    writeln!(w, "[FEN \"{fen}\"]")?;
    writeln!(w, "[GBR \"{}\"]", record.code)?;
    writeln!(w, "[Position \"{}\"]", escaped(&record.canonical))?;
    writeln!(
        w,
        "[Reference \"{}:{}\"]",
        escaped(&record.path.escaped()),
        record.line
    )?;
    writeln!(w, "[Caption \"{}\"]", escaped(&record.text))?;
    if !record.valid {
        let errors: Vec<&str> = record
            .findings
            .iter()
            .filter(|f| f.severity == Severity::Error)
            .map(|f| f.message.as_str())
            .collect();
        writeln!(w, "[Errors \"{}\"]", escaped(&errors.join("; ")))?;
    }
    writeln!(w, "\n{result}\n")
}

/// Writes a game for every entry of `listing` with a board, in listing order.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    for record in listing.blocks.iter().flat_map(|b| &b.entries) {
        if let Some(fen) = fen(record) {
            write_game(record, &fen, w)?;
        }
    }
    Ok(())
}
