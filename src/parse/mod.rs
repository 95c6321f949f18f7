//! Reading a position outward from its code: every form of GBR.md §2.
//!
//! The scanner finds the obligatory `dddd.dd` and calls [`parse_at`], which reads backward
//! (sign, kings, bracket) and forward (kings, squares, `W/B`, stipulation, terminator) across
//! bounded gaps of white space ([`lex::MAX_GAP`], one line break at most). Parsing never fails
//! once a code is there: what the text gives is kept, even when it contradicts itself, and
//! [`crate::check`] reports the contradictions.

pub mod lex;

use std::ops::Range;

use shakmaty::Square;

use crate::code::{Code, ParseCodeError};
use crate::position::{Kings, MenCount, Position, SquareList};
use crate::stipulation::Stipulation;

/// The form a code was written in (GBR.md §2, table of forms).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Form {
    /// The code alone, perhaps with a sign: `the 0800.00 study`, `+1234.56`.
    Bare,
    /// Code then kings, glued or spaced, sign glued or none: `0310.01 d6a8`, `=0323.12g3g1`.
    KingsAfter,
    /// A sign apart from the code (spaces or a line break), then code and kings:
    /// `+   4001.00 d1b3`.
    SignApart,
    /// Sign, code and kings in brackets or parentheses: `[+0020.42c1a1]`.
    Bracketed,
    /// Kings before the code, no squares: EG captions `f1h1 0001.04 2/5 Win`.
    KingsBefore,
    /// Kings, code, piece squares, `.` and pawn squares (Roycroft and EG layouts):
    /// `a7d3 0116.00 b2b3c6d6 3/3+.`.
    Full,
    /// Code, kings and every square glued, split only by counting (Probleemblad):
    /// `(+0031.10a1h8h1f4a7)`.
    Compact,
    /// The German dotted form: `0000.02.a1a8.a2b2`.
    Dotted,
}

impl Form {
    /// The form's name as the JSON and CSV outputs write it (`kings-after`, `full`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Form::Bare => "bare",
            Form::KingsAfter => "kings-after",
            Form::SignApart => "sign-apart",
            Form::Bracketed => "bracketed",
            Form::KingsBefore => "kings-before",
            Form::Full => "full",
            Form::Compact => "compact",
            Form::Dotted => "dotted",
        }
    }
}

/// How much of the code's redundancy the form lets the checks test (issue #3): a full position
/// checked > code with W/B > code with kings > bare code. `Ord` follows that order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rank {
    /// A lone `dddd.dd`: in prose it cannot be told from a price (GBR.md §5).
    Bare,
    /// Code and king squares.
    Kings,
    /// Code and men count W/B: the material twice.
    MenCount,
    /// Code and the squares of every man: the material two or three times.
    Full,
}

impl Rank {
    /// The rank's name as the outputs write it (`bare`, `kings`, `men-count`, `full`).
    pub fn name(self) -> &'static str {
        match self {
            Rank::Bare => "bare",
            Rank::Kings => "kings",
            Rank::MenCount => "men-count",
            Rank::Full => "full",
        }
    }
}

/// Where each part of a parsed form stands: 0-based byte ranges into the buffer given to
/// [`parse_at`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parts {
    /// The `dddd.dd`.
    pub code: Range<usize>,
    /// The sign before the code (`+`, `-=`).
    pub sign: Option<Range<usize>>,
    /// The king squares, before or after the code.
    pub kings: Option<Range<usize>>,
    /// The piece and pawn squares, from the first to the last (line breaks included).
    pub squares: Option<Range<usize>>,
    /// The men count `W/B` or `(W+B)`.
    pub men: Option<Range<usize>>,
    /// The stipulation after the code (`Win`, `+`, `BTM, Win`, `ZAZ`).
    pub word: Option<Range<usize>>,
}

/// One code read with everything around it that belongs to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    /// The position as the text gives it.
    pub position: Position,
    /// The form it was written in.
    pub form: Form,
    /// The whole text read: 0-based byte range into the buffer.
    pub span: Range<usize>,
    /// Where each part stands.
    pub parts: Parts,
    /// The stipulation of the sign before the code, if any.
    pub sign: Option<Stipulation>,
    /// The stipulation written after the code, if any.
    pub word: Option<Stipulation>,
    /// True when the kings stood before the code and again glued after it (`a8c8 4001.02a8c8`,
    /// a text-extraction artefact of EG captions, GBR.md §2); the repeat is not a square.
    pub kings_repeated: bool,
}

impl Parsed {
    /// How much redundancy this form carries (issue #3).
    pub fn rank(&self) -> Rank {
        let p = &self.position;
        if p.squares.is_some() {
            Rank::Full
        } else if p.men.is_some() {
            Rank::MenCount
        } else if p.kings.is_some() {
            Rank::Kings
        } else {
            Rank::Bare
        }
    }
}

/// True when `buf[i..i + 7]` has the shape `dddd.dd`.
pub fn is_code_shape(buf: &[u8], i: usize) -> bool {
    buf.get(i..i + 7).is_some_and(|w| {
        w[4] == b'.'
            && w.iter()
                .enumerate()
                .all(|(k, b)| k == 4 || b.is_ascii_digit())
    })
}

/// Kings read before a code belong to the code before them when that code ends right before
/// them (`0001.11 e8h8 0014.00 h1e1`, a directory line): they are its kings after.
fn kings_follow_a_code(buf: &[u8], kings_start: usize) -> bool {
    lex::gap_backward(buf, kings_start)
        .and_then(|g| g.checked_sub(7))
        .is_some_and(|s| is_code_shape(buf, s))
}

/// A token ending at `end` is the kings before the next code when a code follows it.
fn code_follows(buf: &[u8], end: usize) -> bool {
    lex::gap_forward(buf, end).is_some_and(|g| is_code_shape(buf, g))
}

/// Square runs from `from`: the first glued at `from` or after a gap, the rest after gaps
/// (a list broken over lines, EG layout). Stops before a run that is the kings of a following
/// code. Returns the squares, the index of the pawn mark, the byte range read.
fn square_list(buf: &[u8], from: usize) -> Option<(Vec<Square>, Option<usize>, Range<usize>)> {
    let mut squares = Vec::new();
    let mut stop = None;
    let mut start = None;
    let mut end = from;
    while let Some(g) = lex::gap_forward(buf, end) {
        if start.is_some() && g == end {
            break; // runs after the first need white space between them
        }
        let Some(run) = lex::square_run(buf, g, stop.is_none()) else {
            break;
        };
        if run.squares.len() == 2 && run.stop.is_none() && code_follows(buf, run.end) {
            break;
        }
        if let Some(k) = run.stop {
            stop = Some(squares.len() + k);
        }
        squares.extend(run.squares);
        start.get_or_insert(g);
        end = run.end;
    }
    Some((squares, stop, start?..end))
}

fn kings_of(squares: &[Square]) -> Option<Kings> {
    match squares {
        [white, black, ..] => Some(Kings {
            white: *white,
            black: *black,
        }),
        _ => None,
    }
}

/// Splits the squares after the kings of a compact form by counting with the code: the pieces
/// first (as many as the code has when known), the rest pawns (GBR.md §2, compact form).
fn split_by_count(code: &Code, rest: &[Square]) -> SquareList {
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

fn split_by_stop(squares: &[Square], stop: Option<usize>) -> SquareList {
    let at = stop.unwrap_or(squares.len());
    SquareList {
        pieces: squares[..at].to_vec(),
        pawns: squares[at..].to_vec(),
        pawns_marked: true,
    }
}

/// Reads the stipulation at `i`: one token, or two (`BTM, Win`, `+ ZAZ`).
fn stipulation_from(buf: &[u8], i: usize) -> Option<(Stipulation, usize)> {
    let (first, end) = lex::stipulation_at(buf, i)?;
    let mut next = end;
    if lex::at(buf, next) == Some(b',') {
        next += 1;
    }
    let second = lex::gap_forward(buf, next)
        .filter(|g| *g > end)
        .and_then(|g| lex::stipulation_at(buf, g));
    match second {
        Some((s, e)) if (s.outcome.is_none()) != (first.outcome.is_none()) => {
            Some((first.combine(s), e))
        }
        _ => Some((first, end)),
    }
}

/// Merges the sign before the code with the stipulation after it: a side-to-move word turns
/// the sign's side (`+ ... ZAZ` is `-+`); on a clash of results the sign wins and the checks
/// report the clash.
fn merge(sign: Option<Stipulation>, word: Option<Stipulation>) -> Option<Stipulation> {
    match (sign, word) {
        (Some(s), Some(w)) if s.outcome.is_none() || w.outcome.is_none() => Some(s.combine(w)),
        (Some(s), _) => Some(s),
        (None, w) => w,
    }
}

/// The opening bracket before `start`, with spaces or tabs between.
fn open_bracket(buf: &[u8], start: usize) -> Option<(usize, u8)> {
    let mut j = start;
    while matches!(lex::before(buf, j), Some(b' ' | b'\t')) {
        j -= 1;
    }
    match lex::before(buf, j)? {
        b @ (b'(' | b'[') => Some((j - 1, b)),
        _ => None,
    }
}

/// The closing bracket for `open` at `end` or after spaces and tabs; returns the end past it.
fn close_bracket(buf: &[u8], end: usize, open: u8) -> Option<usize> {
    let want = if open == b'(' { b')' } else { b']' };
    let mut j = end;
    while matches!(lex::at(buf, j), Some(b' ' | b'\t')) {
        j += 1;
    }
    (lex::at(buf, j) == Some(want)).then_some(j + 1)
}

/// Reads the position whose code starts at `anchor` (0-based byte offset in `buf`), with every
/// part of GBR.md §2 that stands around it. `None` when `buf[anchor..]` does not start with
/// `dddd.dd`; otherwise always a result, possibly a bare code.
pub fn parse_at(buf: &[u8], anchor: usize) -> Option<Parsed> {
    let code = Code::from_ascii(buf.get(anchor..anchor + 7)?).ok()?;
    let code_end = anchor + 7;
    let mut parts = Parts {
        code: anchor..code_end,
        ..Parts::default()
    };
    let mut start = anchor;
    let mut sign = None;
    let mut sign_apart = false;
    let mut kings_before = None;

    // Backward: a glued sign; else across a gap a sign or the kings.
    if let Some(s) = lex::sign_ending_at(buf, anchor) {
        sign = lex::sign_value(&buf[s..anchor]);
        parts.sign = Some(s..anchor);
        start = s;
    } else if let Some(g) = lex::gap_backward(buf, anchor).filter(|g| *g < anchor) {
        if let Some(s) = lex::sign_ending_at(buf, g) {
            sign = lex::sign_value(&buf[s..g]);
            parts.sign = Some(s..g);
            sign_apart = true;
            start = s;
        } else if let Some(k) = lex::kings_token_ending_at(buf, g) {
            if !kings_follow_a_code(buf, k) {
                kings_before = kings_of(&[lex::square_at(buf, k)?, lex::square_at(buf, k + 2)?]);
                parts.kings = Some(k..k + 4);
                start = k;
            }
        }
    }
    let open = if kings_before.is_none() {
        open_bracket(buf, start)
    } else {
        None
    };

    // Forward: kings and squares.
    let mut end = code_end;
    let mut kings = kings_before;
    let mut squares = None;
    let mut kings_repeated = false;
    let mut form = Form::Bare;
    if let Some(k) = kings_before {
        form = Form::KingsBefore;
        if let Some((mut list, mut stop, range)) = square_list(buf, code_end) {
            if range.start == code_end && kings_of(&list) == Some(k) {
                list.drain(..2);
                stop = stop.map(|s| s.saturating_sub(2));
                kings_repeated = true;
            }
            end = range.end;
            if !list.is_empty() {
                let squares_start = if kings_repeated {
                    range.start + 4
                } else {
                    range.start
                };
                parts.squares = Some(squares_start..range.end);
                squares = Some(split_by_stop(&list, stop));
                form = Form::Full;
            }
        }
    } else if lex::at(buf, code_end) == Some(b'.') && lex::square_at(buf, code_end + 1).is_some() {
        if let Some(run) = lex::square_run(buf, code_end + 1, true)
            .filter(|r| r.stop != Some(0) && r.stop != Some(1))
        {
            if let Some(k) = kings_of(&run.squares) {
                kings = Some(k);
                parts.kings = Some(code_end + 1..code_end + 5);
                let stop = run.stop.map(|s| s - 2);
                squares = Some(split_by_stop(&run.squares[2..], stop));
                parts.squares = Some(code_end + 5..run.end);
                end = run.end;
                form = Form::Dotted;
            }
        }
    } else {
        let glued = lex::square_run(buf, code_end, false);
        let run = glued.or_else(|| {
            let g = lex::gap_forward(buf, code_end).filter(|g| *g > code_end)?;
            lex::square_run(buf, g, false)
        });
        if let Some(run) = run.filter(|r| r.squares.len() >= 2) {
            let k0 = run.end - 2 * run.squares.len();
            kings = kings_of(&run.squares);
            parts.kings = Some(k0..k0 + 4);
            end = run.end;
            form = Form::KingsAfter;
            if run.squares.len() > 2 {
                squares = Some(split_by_count(&code, &run.squares[2..]));
                parts.squares = Some(k0 + 4..run.end);
                form = Form::Compact;
            }
        }
    }

    // Men count: after kings or squares; after a code without kings only when a stipulation
    // follows it (a price list's `0300.00 1/2` stays bare, GBR.md §5).
    let mut men = None;
    if let Some(g) = lex::gap_forward(buf, end) {
        if let Some((w, b, e)) = lex::men_count_at(buf, g) {
            let corroborated = kings.is_some()
                || lex::gap_forward(buf, e)
                    .and_then(|g2| lex::stipulation_at(buf, g2))
                    .is_some();
            if corroborated {
                men = Some(MenCount { white: w, black: b });
                parts.men = Some(g..e);
                end = e;
            }
        }
    }

    // Stipulation after: after W/B or a square list any word or sign; after kings only the
    // side-to-move words (`ZAZ`, `WTM`, `BTM`), which prose does not use.
    let mut word = None;
    if men.is_some() || squares.is_some() || kings.is_some() {
        if let Some(g) = lex::gap_forward(buf, end) {
            if let Some((s, e)) = stipulation_from(buf, g) {
                let glued_sign =
                    g == end && !lex::at(buf, g).is_some_and(|b| b.is_ascii_alphabetic());
                if men.is_some()
                    || squares.is_some() && (glued_sign || s.outcome.is_none() || g > end)
                    || s.outcome.is_none()
                {
                    word = Some(s);
                    parts.word = Some(g..e);
                    end = e;
                }
            }
        }
        if (men.is_some() || squares.is_some())
            && matches!(lex::at(buf, end), Some(b'.' | b':'))
            && lex::is_boundary(lex::at(buf, end + 1))
        {
            end += 1;
        }
    }

    if let Some((o, b)) = open {
        if let Some(e) = close_bracket(buf, end, b) {
            start = o;
            end = e;
            if form == Form::KingsAfter {
                form = Form::Bracketed;
            }
        }
    }
    if form == Form::KingsAfter && sign_apart {
        form = Form::SignApart;
    }

    Some(Parsed {
        position: Position {
            code,
            kings,
            squares,
            men,
            stipulation: merge(sign, word),
        },
        form,
        span: start..end,
        parts,
        sign,
        word,
        kings_repeated,
    })
}

/// Why a text given on purpose (`gbr decode TEXT`) is not one position. Byte offsets are
/// 0-based into the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// No `dddd.dd` in the text, and not a short code either.
    #[error("no GBR code in {text:?}: expected dddd.dd or four digits (4100)")]
    NoCode {
        /// The text given.
        text: String,
        /// Why the text is not a short code.
        #[source]
        source: ParseCodeError,
    },
    /// Text stands outside the form read.
    #[error("read {form} at bytes {start}..{end}, but found {found:?} at byte {at}")]
    UnreadText {
        /// The form read.
        form: &'static str,
        /// Start of the form read.
        start: usize,
        /// End of the form read.
        end: usize,
        /// Where the unread text starts.
        at: usize,
        /// The unread text.
        found: String,
    },
}

/// Reads one position given on purpose: the whole text must be one form of GBR.md §2 (white
/// space around it aside), or a short code (`4100`, read as no pawns).
///
/// # Errors
/// [`DecodeError::NoCode`] when there is no code; [`DecodeError::UnreadText`] when text stands
/// before or after the form read.
pub fn parse_text(text: &str) -> Result<Parsed, DecodeError> {
    let buf = text.as_bytes();
    let anchor = (0..buf.len()).find(|&i| {
        is_code_shape(buf, i)
            && !lex::before(buf, i).is_some_and(|b| b.is_ascii_digit())
            && !lex::at(buf, i + 7).is_some_and(|b| b.is_ascii_digit())
    });
    let Some(anchor) = anchor else {
        let code = Code::parse_loose(text).map_err(|source| DecodeError::NoCode {
            text: text.to_string(),
            source,
        })?;
        let start = text.len() - text.trim_start().len();
        let end = text.trim_end().len();
        return Ok(Parsed {
            position: Position::bare(code),
            form: Form::Bare,
            span: start..end,
            parts: Parts {
                code: start..end,
                ..Parts::default()
            },
            sign: None,
            word: None,
            kings_repeated: false,
        });
    };
    let parsed = parse_at(buf, anchor).expect("a code shape parses");
    let unread = |range: Range<usize>| {
        let slice = &text[range.clone()];
        let lead = slice.len() - slice.trim_start().len();
        (!slice.trim().is_empty()).then(|| (range.start + lead, slice.trim().to_string()))
    };
    if let Some((at, found)) =
        unread(0..parsed.span.start).or_else(|| unread(parsed.span.end..text.len()))
    {
        return Err(DecodeError::UnreadText {
            form: parsed.form.name(),
            start: parsed.span.start,
            end: parsed.span.end,
            at,
            found,
        });
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests;
