//! Reading a position outward from its code: every form of gbr-notation.md §2.
//!
//! The scanner finds the obligatory `dddd.dd` and calls [`parse_at`], which reads backward
//! (sign, kings, bracket) and forward (kings, squares, `W/B`, stipulation, terminator) across
//! bounded gaps of white space (`lex::MAX_GAP`, one line break at most). Parsing never fails
//! once a code is there: what the text gives is kept, even when it contradicts itself, and
//! [`crate::check`](mod@crate::check) reports the contradictions.

mod between;
pub(crate) mod lex;
mod read;
mod solver;
pub(crate) mod space;
mod squares;
pub(crate) mod words;

pub(crate) use words::{phrase_at, side_at};

use std::ops::Range;

use crate::code::{Code, ParseCodeError};
use crate::position::Position;
use crate::stipulation::Stipulation;

/// The form a code was written in (gbr-notation.md §2, table of forms).
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
    /// Not text: a position read from a FEN (a PGN game's `FEN` tag), written as a full
    /// position.
    Fen,
    /// The fields of a solver's or database's file: Meson's and sengine's command line
    /// `--kings=a2c3 --gbr=4112.24 --pos=f7g7...`, Meson's XML `c3e5:1176.24:f2f6c8e7...`
    /// (squares split by counting, as the compact form's).
    Solver,
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
            Form::Fen => "fen",
            Form::Solver => "solver",
        }
    }
}

/// How much of the code's redundancy the form lets the checks test: a full position
/// checked > code with W/B > code with kings > bare code. `Ord` follows that order.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Rank {
    /// A lone `dddd.dd`: in prose it cannot be told from a price (gbr-notation.md §5).
    Bare,
    /// Code and king squares.
    Kings,
    /// Code and men count W/B: the material twice. Written `wb`; `men-count`, its name in
    /// directories written before, is read as well.
    #[serde(rename = "wb", alias = "men-count")]
    Wb,
    /// Code and the squares of every man: the material two or three times.
    Full,
}

impl Rank {
    /// The rank's name as the outputs write it (`bare`, `kings`, `wb`, `full`): each names what
    /// stands beside the code, as the part names of messages do (`W/B`); the check that
    /// compares W/B with the code is `men-count` (docs/scan-output.md).
    pub fn name(self) -> &'static str {
        match self {
            Rank::Bare => "bare",
            Rank::Kings => "kings",
            Rank::Wb => "wb",
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
    /// a text-extraction artefact of EG captions, gbr-notation.md §2); the repeat is not a square.
    pub kings_repeated: bool,
}

impl Parsed {
    /// The parse of a position read from a FEN whose text stands at `range` (0-based byte
    /// offsets: a PGN game's `FEN` tag value, a study record's FEN value): every part points at
    /// the FEN, so that a finding of the checks (a board warning) shows it; the stipulation
    /// stands as the word after the code.
    pub fn of_fen(position: Position, range: std::ops::Range<usize>) -> Parsed {
        let word = position.stipulation;
        Parsed {
            position,
            form: Form::Fen,
            span: range.clone(),
            parts: Parts {
                code: range.clone(),
                sign: None,
                kings: Some(range.clone()),
                squares: Some(range.clone()),
                men: Some(range),
                word: None,
            },
            sign: None,
            word,
            kings_repeated: false,
        }
    }

    /// How much redundancy this form carries.
    pub fn rank(&self) -> Rank {
        let p = &self.position;
        if p.squares.is_some() {
            Rank::Full
        } else if p.men.is_some() {
            Rank::Wb
        } else if p.kings.is_some() {
            Rank::Kings
        } else {
            Rank::Bare
        }
    }
}

/// Reads the position whose code starts at `anchor` (0-based byte offset in `buf`), with every
/// part of gbr-notation.md §2 that stands around it. `None` when `buf[anchor..]` does not start with
/// `dddd.dd`; otherwise always a result, possibly a bare code.
pub fn parse_at(buf: &[u8], anchor: usize) -> Option<Parsed> {
    read_at(buf, anchor, false)
}

/// [`parse_at`] for running text (`given` false) or for a text given on purpose (`given`
/// true, [`parse_text`]), where W/B after a bare code is read with no stipulation after it.
fn read_at(buf: &[u8], anchor: usize, given: bool) -> Option<Parsed> {
    let code = Code::from_ascii(buf.get(anchor..anchor + 7)?).ok()?;
    let mut r = read::Reader::new(buf, code, anchor);
    r.given = given;
    if let Some(fields) = solver::fields(buf, anchor, &code) {
        r.solver(fields);
        return Some(r.finish());
    }
    r.before();
    let open = r
        .out
        .position
        .kings
        .is_none()
        .then(|| read::open_bracket(buf, r.out.span.start))
        .flatten();
    if r.out.position.kings.is_some() {
        r.squares_after_kings();
    } else if !r.dotted() {
        r.kings_after();
    }
    r.men_count();
    r.stipulation();
    if let Some((o, b)) = open
        && let Some(e) = read::close_bracket(buf, r.out.span.end, b)
    {
        r.out.span.start = o;
        r.out.span.end = e;
        if r.out.form == Form::KingsAfter {
            r.out.form = Form::Bracketed;
        }
    }
    if r.out.form == Form::KingsAfter && r.sign_apart {
        r.out.form = Form::SignApart;
    }
    Some(r.finish())
}

/// Why a text given on purpose (`gbr decode TEXT`) is not one position. Byte offsets are
/// 0-based into the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// No `dddd.dd` in the text, and not a short code either.
    #[error("no GBR code in {text:?}: a code is dddd.dd (0323.12) or four digits (4100)")]
    NoCode {
        /// The text given.
        text: String,
        /// Why the text is not a short code (not shown in the message: the message says
        /// what a code looks like).
        reason: ParseCodeError,
    },
    /// Text stands outside the form read.
    #[error(
        "{read:?} reads as a code ({form}), but {found:?} {} it is not part of a GBR position",
        if at < start { "before" } else { "after" }
    )]
    UnreadText {
        /// The form read.
        form: &'static str,
        /// The text of the form read.
        read: String,
        /// Start of the form read: 0-based byte offset into the text.
        start: usize,
        /// End of the form read (exclusive).
        end: usize,
        /// Where the unread text starts.
        at: usize,
        /// The unread text.
        found: String,
    },
}

/// Reads one position given on purpose: the whole text must be one form of gbr-notation.md §2 (white
/// space around it aside), or a short code (`4100`, read as no pawns). Read as [`parse_at`]
/// reads running text, but that W/B after a bare code needs no stipulation after it
/// (`0323.12 4/5`): a text given as a position is no price list.
///
/// # Errors
/// [`DecodeError::NoCode`] when there is no code; [`DecodeError::UnreadText`] when text stands
/// before or after the form read.
pub fn parse_text(text: &str) -> Result<Parsed, DecodeError> {
    let buf = text.as_bytes();
    let anchor = (0..buf.len()).find(|&i| {
        crate::finder::has_shape(buf, i)
            && !lex::before(buf, i).is_some_and(|b| b.is_ascii_digit())
            && !lex::at(buf, i + 7).is_some_and(|b| b.is_ascii_digit())
    });
    let Some(anchor) = anchor else {
        let code = Code::parse_loose(text).map_err(|reason| DecodeError::NoCode {
            text: text.to_string(),
            reason,
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
    let parsed = read_at(buf, anchor, true).expect("a code shape parses");
    // Text around the form may hold only blanks (white space, markup: docs/reading.md).
    let unread = |range: Range<usize>| {
        let Range { start: i, end: j } = space::trim(buf, range);
        (i < j).then(|| (i, String::from_utf8_lossy(&buf[i..j]).into_owned()))
    };
    if let Some((at, found)) =
        unread(0..parsed.span.start).or_else(|| unread(parsed.span.end..text.len()))
    {
        return Err(DecodeError::UnreadText {
            form: parsed.form.name(),
            read: String::from_utf8_lossy(&buf[parsed.span.clone()]).into_owned(),
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
