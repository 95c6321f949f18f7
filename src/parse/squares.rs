//! Square lists after the code: read run by run as the code's digits drive them (gbr-notation.md §2),
//! and split into pieces and pawns.

use std::ops::Range;

use shakmaty::Square;

use super::lex;
use crate::code::Code;
use crate::finder::has_shape;
use crate::position::{Kings, SquareList};

/// A token ending at `end` is the kings before the next code when a code follows it.
fn code_follows(buf: &[u8], end: usize) -> bool {
    lex::gap_forward(buf, end).is_some_and(|g| has_shape(buf, g))
}

/// A square list as read after the code: the squares, the index of the pawn mark, the byte
/// range read, and whether a square was cut short.
pub(super) struct ListRead {
    pub(super) squares: lex::Squares,
    pub(super) stop: Option<usize>,
    pub(super) range: Range<usize>,
    pub(super) broken: bool,
}

/// Square runs from `from`: the first glued at `from` or after a gap, the rest after gaps
/// (a list broken over lines, EG layout). Stops before a run that is the kings of a following
/// code. The code's digits drive the reading (gbr-notation.md §2): while fewer than `expected` squares
/// are read (`None`: unknown, a `9` digit), a full stop followed by a gap is the pawn mark,
/// not the end (`d4e7f8.` then a line break, then the pawns). A square cut short ends the
/// list (`b2b3c6d`), marked `broken`.
pub(super) fn square_list(buf: &[u8], from: usize, expected: Option<usize>) -> Option<ListRead> {
    let mut squares = lex::Squares::new();
    let mut stop = None;
    let mut start = None;
    let mut end = from;
    let mut broken = false;
    while let Some(mut g) = lex::gap_forward(buf, end) {
        // A pawn mark with white space after it, while the code still expects squares: at
        // the end of a run (`d4e7f8.` then a line break) or standing apart (`0000.32 . d4e3`).
        let lone_mark = lex::at(buf, g) == Some(b'.')
            && (start.is_some() || g > from)
            && stop.is_none()
            && expected.is_none_or(|n| squares.len() < n);
        let after_mark = lone_mark
            .then(|| lex::gap_forward(buf, g + 1))
            .flatten()
            .filter(|a| *a > g + 1);
        let marked = after_mark.is_some();
        if let Some(after) = after_mark {
            g = after;
        } else if start.is_some() && g == end {
            break; // runs after the first need white space between them
        }
        let Some(run) = lex::square_run_broken(buf, g, stop.is_none() && !marked) else {
            break;
        };
        if !marked && run.squares.len() == 2 && run.stop.is_none() && code_follows(buf, run.end) {
            break;
        }
        if marked {
            stop = Some(squares.len());
        }
        if let Some(k) = run.stop {
            stop = Some(squares.len() + k);
        }
        squares.extend(run.squares);
        start.get_or_insert(g);
        end = run.end;
        if run.broken {
            broken = true;
            break;
        }
    }
    Some(ListRead {
        squares,
        stop,
        range: start?..end,
        broken,
    })
}

pub(super) fn kings_of(squares: &[Square]) -> Option<Kings> {
    match squares {
        [white, black, ..] => Some(Kings {
            white: *white,
            black: *black,
        }),
        _ => None,
    }
}

/// Splits the squares after the kings of a compact form by counting with the code: the pieces
/// first (as many as the code has when known), the rest pawns (gbr-notation.md §2, compact form).
pub(super) fn split_by_count(code: &Code, rest: &[Square]) -> SquareList {
    let pieces = code
        .total_pieces()
        .unwrap_or_else(|| rest.len().saturating_sub(code.total_pawns()))
        .min(rest.len());
    SquareList {
        pieces: rest[..pieces].to_vec(),
        pawns: rest[pieces..].to_vec(),
        pawns_marked: false,
    }
}

pub(super) fn split_by_stop(squares: &[Square], stop: Option<usize>) -> SquareList {
    let at = stop.unwrap_or(squares.len());
    SquareList {
        pieces: squares[..at].to_vec(),
        pawns: squares[at..].to_vec(),
        pawns_marked: true,
    }
}
