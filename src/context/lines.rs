//! The lines above a code (GBR.md §6; docs/reading.md): a sign on a line of its own, a
//! heading of a printed directory, the code before it. Read backward from a code only.

use memchr::memchr_iter;

use crate::finder::{is_token, line_feeds};
use crate::parse::{lex, space};
use crate::stipulation::Stipulation;

mod heading;
pub use heading::heading;

/// Most lines above a code that the look-back reads (blank lines included): a sign above
/// reaches across the composer, source, award and study-number lines of a caption, blank
/// lines, and a diagram printed as text (GBR.md §7: a border and eight ranks); a directory's
/// entries stand closer than this across a page break.
pub const MAX_LINES: usize = 16;

/// Most bytes above a code that the look-back reads.
pub const MAX_BYTES: usize = 1024;

/// A line longer than this with no code in it is a *long* line: prose, or a running page
/// header. The look-back crosses one (a page header between two directory entries) and ends
/// at the second, or at any line over [`MAX_LINE`]: caption, label and page lines are
/// shorter, and a sign or heading above a paragraph of prose belongs to no code below it.
pub const LONG_LINE: usize = 60;

/// A line longer than this with no code in it ends the look-back at once.
pub const MAX_LINE: usize = 100;

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
    let digit = |i: usize| buf.get(i).is_some_and(u8::is_ascii_digit);
    walk_up(buf, start, |from, to| {
        // Most full stops end a sentence: a digit on each side first, then the whole shape.
        memchr_iter(b'.', &buf[from..to]).any(|i| {
            let at = from + i;
            at >= 4 && digit(at + 1) && digit(at - 1) && is_token(buf, at - 4)
        })
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

/// The walk of [`look_back`] and [`look_back_after`]: `coded(from, to)` tells whether the
/// line `buf[from..to]` holds a code.
#[inline(always)]
fn walk_up(buf: &[u8], start: usize, coded: impl Fn(usize, usize) -> bool) -> Above {
    let floor = start.saturating_sub(MAX_BYTES);
    let mut walk = Walk {
        buf,
        start,
        floor,
        end: start,
        long: 0,
    };
    let mut feeds = FeedsBack {
        buf,
        floor,
        base: start,
        mask: 0,
    };
    // A line feed ends each line read but the topmost; past [`MAX_LINES`] of them, nothing.
    for _ in 0..=MAX_LINES {
        let Some(at) = feeds.next() else {
            let coded = coded(floor, walk.end);
            return walk.line(floor, coded).unwrap_or(Above::Nothing);
        };
        if let Some(above) = walk.line(at + 1, coded(at + 1, walk.end)) {
            return above;
        }
        walk.end = at; // the line feed
    }
    Above::Nothing
}

/// The line feeds of `buf[floor..start]`, the last first, for [`walk_up`]: read 64 bytes at a
/// time from `start` down ([`line_feeds`]), so that a line costs a few bit operations instead
/// of a search call (the look-back reads some five lines a code, most of them short).
struct FeedsBack<'a> {
    buf: &'a [u8],
    /// The lowest byte read.
    floor: usize,
    /// `mask` holds the line feeds not yet given of `buf[base..]` (bit `i`: byte `base + i`);
    /// the bytes below `base` are not read yet.
    base: usize,
    mask: u64,
}

impl FeedsBack<'_> {
    /// The 0-based offset of the next line feed down, `None` below `floor`.
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.mask != 0 {
                let i = 63 - self.mask.leading_zeros() as usize;
                self.mask ^= 1 << i;
                return Some(self.base + i);
            }
            if self.base <= self.floor {
                return None;
            }
            if self.base >= 64 {
                let base = self.base - 64;
                let block = self.buf[base..self.base].first_chunk::<64>()?;
                // Bytes below the floor are not the walk's.
                let below = self.floor.saturating_sub(base);
                self.mask = line_feeds(block) & (u64::MAX << below);
                self.base = base;
            } else {
                // The first bytes of the buffer: one at a time.
                self.mask = (self.floor..self.base)
                    .filter(|&i| self.buf[i] == b'\n')
                    .fold(0, |m, i| m | 1 << i);
                self.base = 0;
            }
        }
    }
}

/// The state of [`walk_up`] between lines.
struct Walk<'a> {
    buf: &'a [u8],
    /// Where the look-back started.
    start: usize,
    /// The lowest byte it reads.
    floor: usize,
    /// The end of the line being read (its line feed, or `start`).
    end: usize,
    /// Long lines met so far.
    long: usize,
}

impl Walk<'_> {
    /// Reads the line `buf[line_start..self.end]` (`coded`: a code stands in it): `Some` ends
    /// the look-back with its answer, `None` goes on to the line above.
    #[inline(always)]
    fn line(&mut self, line_start: usize, coded: bool) -> Option<Above> {
        let (buf, floor) = (self.buf, self.floor);
        if line_start == floor && floor > 0 && buf[floor - 1] != b'\n' {
            return Some(Above::Nothing); // a line cut by the window is not read
        }
        if coded {
            return Some(Above::Code);
        }
        let line = &buf[line_start..self.end];
        if line.len() > LONG_LINE {
            self.long += 1;
            if self.long > 1 || line.len() > MAX_LINE {
                return Some(Above::Nothing);
            }
        }
        if self.end != self.start
            && let Some(above) = sign_or_heading(line, &buf[..line_start])
        {
            return Some(above);
        }
        (line_start == 0 || line_start == floor).then_some(Above::Nothing)
    }
}

/// A sign line ([`sign_line`]) or a heading ([`heading`]); most lines, prose or caption,
/// are told apart by their length and first bytes before either is read.
#[inline(always)]
fn sign_or_heading(line: &[u8], before: &[u8]) -> Option<Above> {
    if line.len() > 80 {
        return None;
    }
    let lead = line
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    let text = &line[lead..];
    if matches!(text.first(), Some(b'+' | b'=' | b'-' | b'<' | b'*'))
        || heading::may_be_heading(text)
        || may_be_words(text)
    {
        read_sign_or_heading(line, before)
    } else {
        None
    }
}

/// [`sign_or_heading`] past its first test.
#[inline(never)]
fn read_sign_or_heading(line: &[u8], before: &[u8]) -> Option<Above> {
    if let Some(s) = sign_line(line) {
        return Some(Above::Sign(s));
    }
    // Words, unlike a sign, may end a sentence of prose wrapped onto their line.
    if let Some(h) = heading::read(line) {
        return (!continues_prose(before)).then_some(Above::Heading(h));
    }
    words_line(line)
        .filter(|_| !continues_prose(before))
        .map(Above::Sign)
}

/// True when the line that `before` ends with (its line feed the last byte) is prose whose
/// sentence runs on to the next line: longer than [`LONG_LINE`], holding no code, and ending in
/// a letter, comma, semicolon or a word broken at its hyphen. The words on the next line then end that sentence (`... and after`
/// / `White draws`): they are neither a heading nor a sign line.
fn continues_prose(before: &[u8]) -> bool {
    let Some(prev) = before.strip_suffix(b"\n") else {
        return false;
    };
    let prev = prev.strip_suffix(b"\r").unwrap_or(prev).trim_ascii_end();
    let from = prev.len().saturating_sub(MAX_LINE + 1);
    let start = memchr::memrchr(b'\n', &prev[from..]).map_or(from, |i| from + i + 1);
    let line = &prev[start..];
    let runs_on = match line {
        [.., b, b'-'] => b.is_ascii_alphabetic(), // a word broken at its hyphen
        [.., b] => b.is_ascii_alphabetic() || matches!(b, b',' | b';'),
        [] => false,
    };
    // A line holding a code (a directory's entries) is no prose.
    runs_on
        && line.len() > LONG_LINE
        && !memchr_iter(b'.', line).any(|dot| dot >= 4 && is_token(line, dot - 4))
}

/// True when `text` (a line after its leading spaces) may hold a result or side to move in
/// words alone ([`words_line`]): short, and starting with a letter a phrase starts with, or a
/// bracket.
#[inline(always)]
fn may_be_words(text: &[u8]) -> bool {
    text.len() <= 48
        && matches!(
            text.first(),
            Some(
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
            )
        )
}

/// A line holding only a result or a side to move in words (the table of docs/reading.md),
/// starting with a capital, in brackets or not, perhaps with a full stop or colon after it:
/// `White to move and win`, `Black to move`, `(BTM)`, `Zwart aan zet.` It stands above a study
/// as a sign line does (unless it ends a sentence of the line above, see the look-back). A
/// line of heading words (`Win`, `Draws`) is a heading ([`heading`]), read first.
pub fn words_line(line: &[u8]) -> Option<Stipulation> {
    if line.len() > 80 {
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

/// The first byte of `line` that is not an ASCII space or tab.
fn first_byte(line: &[u8]) -> Option<u8> {
    line.iter().copied().find(|b| *b != b' ' && *b != b'\t')
}

/// `line` without the blanks (white space, markup) at either end.
fn trimmed(line: &[u8]) -> &[u8] {
    let mut i = 0;
    while let Some(b) = space::blank_at(line, i) {
        i += b.len;
    }
    let mut j = line.len();
    while j > i
        && let Some(b) = space::blank_before(line, j)
    {
        j -= b.len;
    }
    &line[i..j]
}

/// A line holding only a sign, perhaps with a side to move in words: `+`, `=`, `-+`, `+ ZAZ`,
/// `= Schwarz am Zug`.
pub fn sign_line(line: &[u8]) -> Option<Stipulation> {
    if line.len() > 40 || !matches!(first_byte(line), Some(b'+' | b'=' | b'-' | b'<' | b'*')) {
        return None; // most lines: prose
    }
    let line = trimmed(line);
    let (sign, end) = lex::stipulation_at(line, 0)?;
    if !matches!(line.first(), Some(b'+' | b'=' | b'-')) {
        return None;
    }
    if end == line.len() {
        return Some(sign);
    }
    let g = lex::gap_forward(line, end).filter(|g| *g > end)?;
    let (side, e) = crate::parse::side_at(line, g)?;
    (e == line.len()).then(|| sign.with_to_move(side))
}

#[cfg(test)]
mod tests;
