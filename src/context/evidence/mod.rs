//! Whether a bare code earns its place (gbr-notation.md §5; docs/reading.md, "Bare codes"): the token
//! rules a lone `dddd.dd` must pass beyond the finder's, and the chess near it. Run only for
//! codes the parser read as bare, never per byte.

mod chess;
mod tags;
mod token;

pub use tags::{fen_tag_side, in_tag_unlike_a_study, pgn_tag_at};
pub use token::refused;

use crate::parse::{Parsed, lex, words};
use chess::{has_chess_word, has_diagram, has_moves, named_before};

/// Bytes on each side of a bare code searched for chess: move notation, a diagram, chess
/// words. About a paragraph.
pub const NEAR: usize = 400;

/// What the text around a bare code says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// Not a code: a letter glued after it that starts no square, a unit or currency after
    /// it, a `%`, an arrow to or from a number, or a pawn digit out of range.
    Refused,
    /// Chess stands near it, or beside it (a stipulation word, `GBR` or `code` before it).
    Near,
    /// Nothing near it: kept only if the same source holds a code with kings, W/B or
    /// squares.
    None,
}

/// What the text says of the bare code `parsed` (see [`Evidence`]).
pub fn of_bare(buf: &[u8], parsed: &Parsed) -> Evidence {
    if refused(buf, parsed) {
        return Evidence::Refused;
    }
    let span = parsed.span.clone();
    let words_beside = parsed.word.is_some()
        && parsed
            .parts
            .word
            .as_ref()
            .is_some_and(|w| buf[w.start].is_ascii_alphabetic());
    // A result or side to move in words as the next token: more than one word, or a
    // capital (`Win`, `BTM`); a lone lower-case `win` or `draw` is prose.
    let phrase_after = lex::gap_forward(buf, span.end)
        .filter(|g| *g > span.end && buf.get(*g).is_some_and(u8::is_ascii_alphabetic))
        .and_then(|g| words::stipulation_at(buf, g).map(|(_, e)| (g, e)))
        .is_some_and(|(g, e)| {
            buf[g].is_ascii_uppercase() || buf[g..e].iter().any(|b| !b.is_ascii_alphabetic())
        });
    if words_beside || phrase_after || named_before(buf, span.start) {
        return Evidence::Near;
    }
    let window = &buf[span.start.saturating_sub(NEAR)..buf.len().min(span.end + NEAR)];
    if has_chess_word(window) || has_moves(window) || has_diagram(window) {
        Evidence::Near
    } else {
        Evidence::None
    }
}

#[cfg(test)]
mod tests;
