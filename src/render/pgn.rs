//! `pgn`: one game per entry with a full position, for chess software
//! (`docs/chess-formats.md`), tagged as study databases tag a study: the seven tags of the PGN
//! standard with the composers as `White`, the source as `Event`, the year as `Date` and the
//! study's number as `Round` (from the game's own tags, else the study's citation, docs/printing.md
//! "Citations"; the year else one printed in the label: `1925.??.??`), the code in `Black` as
//! HHdb writes it (`(+0116.00a7d3)`: sign, code and kings in brackets) and the stipulation as
//! `Result`; then `SetUp` and `FEN`; then the project's own: `GBR` (the code), `Position` (the
//! canonical text), `Label` (the study's label, where read), `Reference` (`path:line`),
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

/// The `Black` tag of a study database: the sign, the code and the kings glued, in brackets
/// (`(+0116.00a7d3)`, `(=0310.01d6a8)`, `(0116.00a7d3)` without a result), as HHdb writes it
/// (and `gbr scan` reads it back, docs/reading.md).
pub(crate) fn black_tag(record: &Record) -> String {
    let sign = match record.stipulation {
        Some(s) if s.outcome.is_some() => s.to_string(),
        _ => String::new(),
    };
    let kings = record.kings.map(|k| k.to_string()).unwrap_or_default();
    format!("({sign}{}{kings})", record.code)
}

/// The `Date` of an entry: the game's own `Date` tag, else its citation's year
/// (`2012.??.??`), else the last year (1800-2099) that stands as a number of its own in the
/// label (`Kubbel, L., Shakhmaty 1925`: `1925.??.??`), else `????.??.??`.
pub(crate) fn date(record: &Record) -> String {
    if let Some(date) = record.study.as_deref().and_then(|s| s.date.as_deref()) {
        return date.to_string();
    }
    if let Some(year) = record.citation.as_deref().and_then(|c| c.year) {
        return format!("{year}.??.??");
    }
    let label = record.label.as_deref().unwrap_or_default();
    let year = crate::context::label::years(label)
        .filter(|year| (1800..=2099).contains(year))
        .last();
    match year {
        Some(year) => format!("{year}.??.??"),
        None => "????.??.??".to_string(),
    }
}

fn write_game<W: Write>(record: &Record, fen: &str, w: &mut W) -> io::Result<()> {
    let study = record.study.as_deref();
    let cite = record.citation.as_deref();
    let or = |v: Option<&str>, default: &'static str| escaped(v.unwrap_or(default));
    let result = result(record);
    let composers = cite
        .filter(|c| !c.composers.is_empty())
        .map(|c| c.composers_text());
    writeln!(
        w,
        "[Event \"{}\"]",
        or(
            study
                .and_then(|s| s.event.as_deref())
                .or(cite.and_then(|c| c.source.as_deref())),
            "?"
        )
    )?;
    writeln!(w, "[Site \"?\"]")?;
    writeln!(w, "[Date \"{}\"]", escaped(&date(record)))?;
    writeln!(
        w,
        "[Round \"{}\"]",
        or(cite.and_then(|c| c.number.as_deref()), "?")
    )?;
    writeln!(
        w,
        "[White \"{}\"]",
        or(
            study
                .and_then(|s| s.composer.as_deref())
                .or(composers.as_deref()),
            "?"
        )
    )?;
    writeln!(w, "[Black \"{}\"]", black_tag(record))?;
    writeln!(w, "[Result \"{result}\"]")?;
    writeln!(w, "[SetUp \"1\"]")?;
    writeln!(w, "[FEN \"{fen}\"]")?;
    writeln!(w, "[GBR \"{}\"]", record.code)?;
    writeln!(w, "[Position \"{}\"]", escaped(&record.canonical))?;
    if let Some(label) = record.label.as_deref() {
        writeln!(w, "[Label \"{}\"]", escaped(label))?;
    }
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
