//! The lines above a code (gbr-notation.md §6; docs/reading.md): a sign on a line of its own, a
//! heading of a printed directory, the code before it. Read backward from a code only.

use memchr::memchr_iter;

use super::label::{is_source_line, is_study_number};
use super::upward::{Upward, Window};
use crate::finder::is_token;
use crate::parse::{lex, space, words};
use crate::stipulation::Stipulation;

/// The form feed: a page break in extracted text.
const FORM_FEED: u8 = 0x0c;

mod block;
mod heading;
mod prose;
pub use block::{BLOCK_BYTES, sign_across_prose};
use prose::continues_prose;

/// A line that is a heading of a printed directory (docs/reading.md, "Headings of a printed
/// directory"), spaces and control bytes at its ends (a page break's form feed) aside: its
/// stipulation. The table reader (`context::table`) reads the headings between its runs so.
pub(crate) fn heading_line(line: &[u8]) -> Option<Stipulation> {
    heading::heading(space::strip_control_or_space(line))
}

/// Most lines above a code that the look-back reads (blank lines included): a sign above
/// reaches across the composer, source, award and study-number lines of a caption, blank
/// lines, and a diagram printed as text (gbr-notation.md §7: a border and eight ranks); a directory's
/// entries stand closer than this across a page break.
pub const MAX_LINES: usize = 16;

/// Most bytes above a code that the look-back reads.
pub const MAX_BYTES: usize = 1024;

/// A line longer than this with no code in it is a *long* line: prose, or a running page
/// header. The look-back crosses one (a page header between two directory entries) and ends
/// at the second, or at any line over [`MAX_LINE`]: caption, label and page lines are
/// shorter, and a sign or heading above a paragraph of prose belongs to no code below it.
pub const LONG_LINE: usize = 60;

/// A line longer than this with no code in it ends the look-back at once (the label window's
/// [`crate::context::label::MAX_LINE`]).
pub const MAX_LINE: usize = crate::context::label::MAX_LINE;

/// The look-back's window over the lines above a code (the walk of `crate::context::upward`):
/// the code's own line, up to the code, and [`MAX_LINES`] above it, within [`MAX_BYTES`];
/// the second line longer than [`LONG_LINE`], or the first longer than [`MAX_LINE`], ends it
/// as prose. A form feed is a byte of its line (a page break does not end the look-back: a
/// directory's entries run on across pages), and every line counts, a diagram's ranks too.
pub(crate) const WINDOW: Window = Window {
    lines: MAX_LINES + 1,
    bytes: MAX_BYTES,
    long_line: LONG_LINE,
    max_line: MAX_LINE,
    page_break_opens_line: false,
    board_lines_count: true,
};

/// What the look-back found first above a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Above {
    /// A heading of a printed directory, with its stipulation.
    Heading(Stipulation),
    /// A sign on a line of its own (`+`, `=`, `+ ZAZ`).
    Sign(Stipulation),
    /// Another code, on the same line or above, with only caption, label or blank lines
    /// between.
    Code,
    /// None of these within [`MAX_LINES`] and [`MAX_BYTES`].
    Nothing,
}

/// Reads upward from `start` (the first byte of the text read for a code), line by line,
/// to the first heading, sign line or code; prose ends it (see [`LONG_LINE`]).
///
/// A line holds a code when one of its full stops is the stop of a token `dddd.dd`
/// ([`is_token`]): each line read is searched for full stops. [`look_back_after`] reads the
/// same lines where the caller knows the last code before `start`.
pub fn look_back(buf: &[u8], start: usize) -> Above {
    walk_up(buf, start, |from, to| holds_code(buf, from, to))
}

/// True when a token `dddd.dd` ([`is_token`]) has its full stop in `buf[from..to]` (0-based
/// byte offsets): each full stop is read, a digit on each side first (most end a sentence),
/// then the whole shape.
#[inline(always)]
fn holds_code(buf: &[u8], from: usize, to: usize) -> bool {
    let digit = |i: usize| buf.get(i).is_some_and(u8::is_ascii_digit);
    memchr_iter(b'.', &buf[from..to]).any(|i| {
        let at = from + i;
        at >= 4 && digit(at + 1) && digit(at - 1) && is_token(buf, at - 4)
    })
}

/// [`look_back`] for a caller that knows the codes before `start`: `last` is the 0-based
/// offset of the last token `dddd.dd` ([`is_token`]) whose full stop lies before `start`, or
/// `None` when no token's full stop lies in the [`MAX_BYTES`] before it. The scanner knows
/// both from the anchors the finder gave it in order, so the lines are walked by their line
/// feeds alone and no full stop is read: the same answer as [`look_back`], for a fraction of
/// the work in prose with a full stop every sentence.
pub fn look_back_after(buf: &[u8], start: usize, last: Option<usize>) -> Above {
    let stop = last.map(|anchor| anchor + 4);
    walk_up(buf, start, |from, to| {
        stop.is_some_and(|s| from <= s && s < to)
    })
}

/// The walk of [`look_back`] and [`look_back_after`] over the lines of [`WINDOW`]:
/// `coded(from, to)` tells whether the line `buf[from..to]` holds a code. The first line that
/// holds a code, is a sign line or a heading (the code's own line, before the code, is read
/// for a code only) answers; prose, a line cut by the window, or the window's end, nothing.
///
/// A code above is no entry before this one when a study's block opens between the two: a
/// study number on a line of its own with a source caption under it, down to the code's line
/// (`- 5 -` over `Een ander, EG 2014`, a book's study as its body sets it). The heading of a
/// directory above then reaches no further ([`crate::context::Chain`]): the answer is
/// [`Above::Nothing`].
#[inline(always)]
fn walk_up(buf: &[u8], start: usize, coded: impl Fn(usize, usize) -> bool) -> Above {
    // The lines crossed so far, read for a study number over a source caption only once a
    // code above is found: this runs for every code, and most look-backs end elsewhere.
    let mut crossed: smallvec::SmallVec<[(usize, usize); 16]> = smallvec::SmallVec::new();
    for line in Upward::new(buf, start, 0, WINDOW) {
        if coded(line.start, line.end) {
            return if opens_block(buf, &crossed) {
                Above::Nothing
            } else {
                Above::Code
            };
        }
        if line.prose {
            return Above::Nothing;
        }
        if line.end != start {
            crossed.push((line.start, line.end));
        }
        if line.end != start
            && let Some(above) = sign_or_heading(&buf[line.start..line.end], &buf[..line.start])
        {
            // A study's sign stands on its code's page: one above a page break is no sign of
            // this code (docs/reading.md, "State carried over pages").
            if matches!(above, Above::Sign(_))
                && memchr::memchr(0x0c, &buf[line.end..start]).is_some()
            {
                return Above::Nothing;
            }
            return above;
        }
    }
    Above::Nothing
}

/// True when the lines `crossed` going up (`(start, end)` in `buf`, the nearest first) hold a
/// study number on a line of its own over a source caption: a study's block opens between the
/// code below them and a code above.
fn opens_block(buf: &[u8], crossed: &[(usize, usize)]) -> bool {
    let mut source_below = false;
    crossed.iter().any(|&(a, b)| {
        let text = &buf[a..b];
        if source_below && is_study_number(text) {
            return true;
        }
        source_below = source_below || is_source_line(text);
        false
    })
}

/// A sign line ([`sign_line`]) or a heading ([`heading`]); most lines, prose or caption,
/// are told apart by their length and first bytes before either is read ([`may_read`]).
#[inline(always)]
fn sign_or_heading(line: &[u8], before: &[u8]) -> Option<Above> {
    if may_read(line) {
        read_sign_or_heading(line, before)
    } else {
        None
    }
}

/// Classes of a byte for [`may_read`], which reads the first three bytes of a line's text
/// (after its leading spaces and tabs) through this one table: bit [`SIGN`] a sign (`+ = - <
/// *`), [`OPENS_HEADING`] a byte that may start a heading whatever follows it (a bracket,
/// markup, a sign, a digit, a non-ASCII byte), [`LETTER`] an ASCII letter, [`WORDS`] a byte
/// that may start a result or side to move in words ([`words_line`]: a capital that a phrase
/// starts with, or a bracket), [`ROMAN`] a letter of Roman numerals, [`STOP`] the full stop or
/// bracket after a heading's number, [`AFTER_BRACKET`] a byte that may follow a `[`
/// ([`heading::may_follow_bracket`]), [`BRACKET`] the `[` itself.
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let byte = b as u8;
        let mut class = 0;
        if matches!(byte, b'+' | b'=' | b'-' | b'<' | b'*') {
            class |= SIGN;
        }
        if heading::opens_heading(byte) {
            class |= OPENS_HEADING;
        }
        if byte.is_ascii_alphabetic() {
            class |= LETTER;
        }
        if matches!(
            byte,
            b'W' | b'B'
                | b'Z'
                | b'S'
                | b'D'
                | b'R'
                | b'G'
                | b'V'
                | b'N'
                | b'T'
                | b'P'
                | b'('
                | b'['
        ) {
            class |= WORDS;
        }
        if heading::is_roman(byte) {
            class |= ROMAN;
        }
        if matches!(byte, b'.' | b')') {
            class |= STOP;
        }
        if heading::may_follow_bracket(byte) {
            class |= AFTER_BRACKET;
        }
        if byte == b'[' {
            class |= BRACKET;
        }
        table[b] = class;
        b += 1;
    }
    table
};

/// The classes of [`CLASS`].
const SIGN: u8 = 1;
const OPENS_HEADING: u8 = 2;
const LETTER: u8 = 4;
const WORDS: u8 = 8;
const ROMAN: u8 = 16;
const STOP: u8 = 32;
const AFTER_BRACKET: u8 = 64;
const BRACKET: u8 = 128;

/// True when `line` may be a sign line, a heading or a line of words, by its length and first
/// three bytes alone: the union of the first tests of [`sign_line`], of the heading reader
/// (short, and a bracket, sign, digit, non-ASCII byte or a heading word's first letters
/// first) and of [`words_line`] (at most [`MAX_WORDS_LINE`] bytes, starting with a capital a
/// phrase starts with, or a bracket), the number of a heading judged by its first three bytes
/// only. Three look-ups in [`CLASS`] and bit operations, with one branch only, on the first
/// byte's class (a line above a code is as likely short as long, and prose as likely to start
/// with one letter as another); the look-back runs it on some ten lines a code. A property
/// test checks that every line the readers take passes.
#[inline(always)]
fn may_read(line: &[u8]) -> bool {
    // Control bytes and spaces at the start (a page break's form feed) are not the line's.
    let lead = line
        .iter()
        .take_while(|b| space::is_control_or_space(**b))
        .count();
    let text = &line[lead..];
    let byte = |i: usize| text.get(i).copied().unwrap_or(b'\n');
    let first = byte(0);
    let c1 = CLASS[usize::from(first)];
    let has = |class: u8, bit: u8| class & bit != 0;
    // Most lines start with a byte that no reader takes first (a blank line, a man page's
    // markup `.TP` or `\fB`, punctuation): one test, before the rest.
    if !has(c1, SIGN | OPENS_HEADING | LETTER | WORDS) {
        return false;
    }
    let (second, third) = (byte(1), byte(2));
    let (c2, c3) = (CLASS[usize::from(second)], CLASS[usize::from(third)]);
    // A heading's trimmed text is at most `MAX_HEADING_LINE` bytes: longer lines pass only
    // with white space at their end, which the heading reader trims.
    let fits = (text.len() <= heading::MAX_HEADING_LINE)
        | text.last().is_some_and(u8::is_ascii_whitespace);
    // A heading's number: a letter and a full stop or bracket (`A.`, `b)`), or Roman numerals
    // (`iv.`, `XII)`), whose third byte is one more or the stop.
    let numbered = has(c2, STOP) | (has(c1 & c2, ROMAN) & has(c3, ROMAN | STOP));
    let lettered = has(c1, LETTER) & (heading::starts_like(first, second, third) | numbered);
    let heading = fits & (has(c1, OPENS_HEADING) | lettered);
    let words = has(c1, WORDS) & (text.len() <= MAX_WORDS_LINE);
    // A bracket first must be followed by a sign, a capital or a blank
    // ([`heading::may_follow_bracket`]): nothing either reader takes starts `[1` or `[a`.
    let bracket = !has(c1, BRACKET) | has(c2, AFTER_BRACKET);
    (line.len() <= 80) & bracket & (has(c1, SIGN) | words | heading)
}

/// Most bytes of a line of words after its leading blanks (its first test in [`may_read`]).
const MAX_WORDS_LINE: usize = 48;

/// [`sign_or_heading`] past its first test.
#[inline(never)]
fn read_sign_or_heading(line: &[u8], before: &[u8]) -> Option<Above> {
    // Each reader trims the line first, and their bounds are on the line as it stands: the
    // spaces and control bytes at its ends (an indented line) are stepped over once.
    let core = space::strip_control_or_space(line);
    if line.len() <= SIGN_LINE
        && let Some(s) = sign_line(core)
    {
        return Some(Above::Sign(s));
    }
    // Words, unlike a sign, may end a sentence of prose wrapped onto their line.
    if let Some(h) = heading::read(core) {
        return (!continues_prose(line, before)).then_some(Above::Heading(h));
    }
    if line.len() > WORDS_LINE {
        return None;
    }
    // A study number may open the line (`No 12 White to play and win`): its words are the
    // study's stipulation, as on a line of their own.
    words_line(core)
        .or_else(|| {
            // Only a line that opens with `No`/`Nr` (blanks aside) has a number before words.
            let first = core.iter().find(|b| !b.is_ascii_whitespace());
            (first == Some(&b'N'))
                .then(|| crate::context::label::after_number(core))
                .flatten()
                .and_then(words_line)
        })
        .filter(|_| !continues_prose(line, before))
        .map(Above::Sign)
}

/// Longest line [`sign_line`] reads, in bytes.
const SIGN_LINE: usize = 40;

/// Longest line [`words_line`] reads, in bytes.
const WORDS_LINE: usize = 80;

/// A line holding only a result or a side to move in words (the table of docs/reading.md),
/// starting with a capital, in brackets or not, perhaps with a full stop or colon after it:
/// `White to move and win`, `Black to move`, `(BTM)`, `Zwart aan zet.` It stands above a study
/// as a sign line does (unless it ends a sentence of the line above, see the look-back). A
/// line of heading words (`Win`, `Draws`) is a heading ([`heading`]), read first.
#[inline]
pub fn words_line(line: &[u8]) -> Option<Stipulation> {
    if line.len() > WORDS_LINE {
        return None;
    }
    let mut text = trimmed(line);
    for end in [b':', b'.'] {
        text = text.strip_suffix(&[end]).unwrap_or(text);
    }
    if let Some(inner) = text
        .strip_prefix(b"(")
        .and_then(|t| t.strip_suffix(b")"))
        .or_else(|| text.strip_prefix(b"[").and_then(|t| t.strip_suffix(b"]")))
    {
        text = trimmed(inner);
    }
    if text.len() > 40 || !text.first().is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    let (s, end) = crate::parse::phrase_at(text, 0)?;
    (end == text.len()).then_some(s)
}

/// `line` without the blanks (white space, markup) at either end ([`space::trimmed`]).
pub(super) use space::trimmed;

/// A line holding only a sign, perhaps with a side to move in words: `+`, `=`, `-+`, `+ ZAZ`,
/// `= Schwarz am Zug`.
pub fn sign_line(line: &[u8]) -> Option<Stipulation> {
    if line.len() > SIGN_LINE {
        return None; // most lines: prose
    }
    let line = trimmed(line);
    if !matches!(line.first(), Some(b'+' | b'=' | b'-')) {
        return None;
    }
    let (sign, end) = words::stipulation_at(line, 0)?;
    if !matches!(line.first(), Some(b'+' | b'=' | b'-')) {
        return None;
    }
    if end == line.len() {
        return Some(sign);
    }
    let g = lex::gap_forward(line, end).filter(|g| *g > end)?;
    match crate::parse::side_at(line, g) {
        Some((side, e)) if e == line.len() => Some(sign.with_to_move(side)),
        Some(_) => None,
        None => words::unnamed_side(&line[g..]).then_some(sign),
    }
}

#[cfg(test)]
mod tests;
