//! The reading of one form outward from its code, part by part.

use std::ops::Range;

use shakmaty::Color;

use super::between::kings_follow_a_code;
use super::squares::{ListRead, kings_of, split_by_count, split_by_stop, square_list};
use super::{Form, Parsed, Parts, lex, words};
use crate::code::Code;
use crate::position::{Kings, MenCount, Position};
use crate::stipulation::Stipulation;

/// The form feed: a page break in extracted text.
const FORM_FEED: u8 = 0x0c;

/// Reads the stipulation at `i`: one token, or two (`BTM, Win`, `+ ZAZ`).
fn stipulation_from(buf: &[u8], i: usize) -> Option<(Stipulation, usize)> {
    let (first, end) = words::stipulation_at(buf, i)?;
    let mut next = end;
    if lex::at(buf, next) == Some(b',') {
        next += 1;
    }
    let second = lex::gap_forward(buf, next)
        .filter(|g| *g > end)
        .and_then(|g| words::stipulation_at(buf, g));
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
pub(super) fn open_bracket(buf: &[u8], start: usize) -> Option<(usize, u8)> {
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
pub(super) fn close_bracket(buf: &[u8], end: usize, open: u8) -> Option<usize> {
    let want = if open == b'(' { b')' } else { b']' };
    let mut j = end;
    while matches!(lex::at(buf, j), Some(b' ' | b'\t')) {
        j += 1;
    }
    (lex::at(buf, j) == Some(want)).then_some(j + 1)
}

/// The state of one [`parse_at`]: the result as read so far, built in place (the span so far
/// in `out.span`; its stipulation merged from sign and words by [`Reader::finish`]), and
/// what the reading needs beside it.
pub(super) struct Reader<'a> {
    buf: &'a [u8],
    pub(super) out: Parsed,
    pub(super) sign_apart: bool,
    /// True for a text given on purpose (`gbr decode`), false for running text: see
    /// [`Reader::men_count`].
    pub(super) given: bool,
}

impl<'a> Reader<'a> {
    pub(super) fn new(buf: &'a [u8], code: Code, anchor: usize) -> Reader<'a> {
        Reader {
            buf,
            out: Parsed {
                position: Position {
                    code,
                    kings: None,
                    squares: None,
                    men: None,
                    stipulation: None,
                },
                form: Form::Bare,
                span: anchor..anchor + 7,
                parts: Parts {
                    code: anchor..anchor + 7,
                    ..Parts::default()
                },
                sign: None,
                word: None,
                kings_repeated: false,
            },
            sign_apart: false,
            given: false,
        }
    }

    fn code_end(&self) -> usize {
        self.out.parts.code.end
    }

    /// Backward: a glued sign; else across a gap a sign, a side to move in words with or
    /// without a sign before it (`+ ZAZ 0013.01`, `BTM 0013.01`), a sign before a side the
    /// notation does not know (`+ Rood aan zet 1558.82`: the sign alone), or the kings
    /// (unless those kings end the code before, see [`kings_follow_a_code`]) with perhaps a
    /// sign before them on their line ([`Reader::sign_before_kings`]).
    pub(super) fn before(&mut self) {
        let (buf, anchor) = (self.buf, self.out.parts.code.start);
        if let Some(s) = lex::sign_ending_at(buf, anchor) {
            self.take_sign(s..anchor);
            return;
        }
        // A form does not reach back over a page break (docs/reading.md, "Page breaks"): what
        // ends the page before is not the next page's, as when pages are texts (a PDF's).
        let Some(g) = lex::gap_backward(buf, anchor)
            .filter(|g| *g < anchor && !buf[*g..anchor].contains(&FORM_FEED))
        else {
            return;
        };
        if let Some(s) = lex::sign_ending_at(buf, g) {
            self.take_sign(s..g);
            self.sign_apart = true;
        } else if let Some((side, s)) = words::side_ending_at(buf, g) {
            self.side_before(side, s, g);
        } else if let Some(s) = words::unnamed_side_ending_at(buf, g)
            && let Some(sg) = lex::gap_backward(buf, s).filter(|sg| *sg < s)
            && let Some(sign) = lex::sign_ending_at(buf, sg)
        {
            // `+ Rood aan zet 1558.82`: the sign stands, the side is no side the notation knows.
            self.take_sign(sign..sg);
            self.sign_apart = true;
        } else if let Some(k) = lex::kings_token_ending_at(buf, g)
            && !kings_follow_a_code(buf, k)
            && let (Some(white), Some(black)) = (lex::square_at(buf, k), lex::square_at(buf, k + 2))
        {
            self.out.position.kings = Some(Kings { white, black });
            self.out.parts.kings = Some(k..k + 4);
            self.out.span.start = k;
            self.out.form = Form::KingsBefore;
            self.sign_before_kings(k);
        }
    }

    /// A sign before kings that stand before the code, on the same line: apart or glued
    /// (`+ a1c3 0130.00 b2d4 2/2`, `=d1b3 4001.00`), or in brackets (`(=) c3b1 0002.01`). A sign
    /// on the line above is a sign line, read by the look-back (docs/reading.md).
    fn sign_before_kings(&mut self, k: usize) {
        let buf = self.buf;
        let Some(g) = lex::gap_backward(buf, k) else {
            return;
        };
        if buf[g..k]
            .iter()
            .any(|b| matches!(*b, b'\n' | b'\r' | FORM_FEED))
        {
            return;
        }
        // The sign's text, and where the form starts (its bracket).
        let (range, start) = match buf.get(g.saturating_sub(3)..g) {
            Some(b"(+)" | b"(=)" | b"[+]" | b"[=]") if g >= 3 => {
                if g.checked_sub(4)
                    .is_some_and(|i| !buf[i].is_ascii_whitespace())
                {
                    return;
                }
                (g - 2..g - 1, g - 3)
            }
            _ => match lex::sign_ending_at(buf, g) {
                Some(s) => (s..g, s),
                None => return,
            },
        };
        let Some(sign) = Stipulation::from_token(&buf[range.clone()]) else {
            return;
        };
        self.out.sign = Some(sign);
        self.out.parts.sign = Some(range);
        self.out.span.start = start;
        self.sign_apart = g < k;
    }

    /// A side to move in words at `start..end` before the code: with a sign before it, the
    /// sign's result with that side (`+ ZAZ` is `-+`, gbr-notation.md §6); alone, only the one-word
    /// forms (`ZAZ`, `WAZ`, `BTM`, `WTM`), which prose does not use.
    fn side_before(&mut self, side: Color, start: usize, end: usize) {
        let buf = self.buf;
        let sign = lex::gap_backward(buf, start)
            .filter(|g| *g < start)
            .and_then(|g| lex::sign_ending_at(buf, g).map(|s| (s, g)));
        let stipulation = match sign {
            Some((s, g)) => Stipulation::from_token(&buf[s..g]).map(|t| t.with_to_move(side)),
            None if end - start == 3 && buf[start..end].iter().all(u8::is_ascii_uppercase) => {
                Some(Stipulation::new(None, side))
            }
            None => None,
        };
        let Some(stipulation) = stipulation else {
            return;
        };
        let from = sign.map_or(start, |(s, _)| s);
        self.out.sign = Some(stipulation);
        self.out.span.start = from;
        self.out.parts.sign = Some(from..end);
        self.sign_apart = true;
    }

    fn take_sign(&mut self, range: Range<usize>) {
        self.out.sign = Stipulation::from_token(&self.buf[range.clone()]);
        self.out.span.start = range.start;
        self.out.parts.sign = Some(range);
    }

    /// The solver fields around the code ([`super::solver`]): kings and every square.
    pub(super) fn solver(&mut self, fields: super::solver::Fields) {
        self.out.position.kings = Some(fields.kings);
        self.out.parts.kings = Some(fields.kings_at);
        self.out.position.squares = Some(fields.squares);
        self.out.parts.squares = Some(fields.squares_at);
        self.out.span.start = fields.span.start;
        self.out.span.end = fields.span.end;
        self.out.form = Form::Solver;
    }

    /// After kings before the code: the square list (Roycroft and EG layouts), dropping the
    /// kings repeated glued after the code (EG caption artefact).
    pub(super) fn squares_after_kings(&mut self) {
        let expected = self
            .out
            .position
            .code
            .total_pieces()
            .map(|pieces| pieces + self.out.position.code.total_pawns());
        let Some(read) = square_list(self.buf, self.code_end(), expected) else {
            return;
        };
        let ListRead {
            squares: mut list,
            mut stop,
            range,
            broken,
        } = read;
        let mut first = range.start;
        if range.start == self.code_end() && kings_of(&list) == self.out.position.kings {
            list.drain(..2);
            stop = stop.map(|s| s.saturating_sub(2));
            self.out.kings_repeated = true;
            first += 4;
        }
        self.out.span.end = range.end;
        if !list.is_empty() || broken {
            self.out.parts.squares = Some(first..range.end);
            self.out.position.squares = Some(split_by_stop(&list, stop));
            self.out.form = Form::Full;
        }
    }

    /// The German dotted form `0000.02.a1a8.a2b2`: a full stop glued to the code, kings and
    /// pieces, a full stop, pawns. Returns false when the text is not that form.
    pub(super) fn dotted(&mut self) -> bool {
        let code_end = self.code_end();
        if lex::at(self.buf, code_end) != Some(b'.') {
            return false;
        }
        let Some(run) = lex::square_run(self.buf, code_end + 1, true)
            .filter(|r| !matches!(r.stop, Some(0 | 1)) && r.squares.len() >= 2)
        else {
            return false;
        };
        self.out.position.kings = kings_of(&run.squares);
        self.out.parts.kings = Some(code_end + 1..code_end + 5);
        if run.squares.len() > 2 || run.stop.is_some() {
            self.out.position.squares =
                Some(split_by_stop(&run.squares[2..], run.stop.map(|s| s - 2)));
            self.out.parts.squares = Some(code_end + 5..run.end);
        }
        self.out.span.end = run.end;
        self.out.form = Form::Dotted;
        true
    }

    /// Kings after the code, glued or spaced; glued squares beyond them are the compact form,
    /// split by counting with the code.
    pub(super) fn kings_after(&mut self) {
        let (buf, code_end) = (self.buf, self.code_end());
        let run = lex::square_run(buf, code_end, false).or_else(|| {
            let g = lex::gap_forward(buf, code_end).filter(|g| *g > code_end)?;
            lex::square_run(buf, g, false)
        });
        let Some(run) = run.filter(|r| r.squares.len() >= 2) else {
            return;
        };
        let k0 = run.end - 2 * run.squares.len();
        self.out.position.kings = kings_of(&run.squares);
        self.out.parts.kings = Some(k0..k0 + 4);
        self.out.span.end = run.end;
        self.out.form = Form::KingsAfter;
        if run.squares.len() > 2 {
            self.out.position.squares =
                Some(split_by_count(&self.out.position.code, &run.squares[2..]));
            self.out.parts.squares = Some(k0 + 4..run.end);
            self.out.form = Form::Compact;
        }
    }

    /// W/B after kings or squares, or after a code with a sign; after a bare code in running
    /// text only when a stipulation follows it (a price list's `0300.00 1/2` stays bare, gbr-notation.md
    /// §5), in a text given on purpose always (`gbr decode '0323.12 4/5'`).
    pub(super) fn men_count(&mut self) {
        let buf = self.buf;
        let Some(g) = lex::gap_forward(buf, self.out.span.end) else {
            return;
        };
        let Some((white, black, e)) = lex::men_count_at(buf, g) else {
            return;
        };
        let stipulation_follows = lex::gap_forward(buf, e)
            .and_then(|g2| words::stipulation_at(buf, g2))
            .is_some();
        if self.out.position.kings.is_some()
            || self.out.sign.is_some()
            || stipulation_follows
            || self.given
        {
            self.out.position.men = Some(MenCount { white, black });
            self.out.parts.men = Some(g..e);
            self.out.span.end = e;
        }
    }

    /// The stipulation after the code: after W/B or a square list any sign or words; after
    /// kings alone a sign ending the line, a side to move (`ZAZ`, `WTM`, `BTM`) or a result
    /// of more than one word (`White wins in 78 moves`), but not a lone `win` or `draw`, which
    /// prose uses; after a bare code only a sign or side to move ending the line or the text
    /// (the canonical texts `0323.12 +`, `0323.12 WTM`). Then the terminating full stop or colon of a full position.
    pub(super) fn stipulation(&mut self) {
        let full = self.out.position.men.is_some() || self.out.position.squares.is_some();
        let buf = self.buf;
        if let Some(g) = lex::gap_forward(buf, self.out.span.end)
            && let Some((s, e)) = stipulation_from(buf, g)
        {
            // What the stipulation is and where it stands, tested only as far as the form
            // needs: after a full position any stipulation is taken.
            let symbol = || matches!(buf[g], b'+' | b'=' | b'-');
            let words = || buf[g..e].iter().any(|b| !b.is_ascii_alphabetic());
            let line_ends = || {
                lex::gap_forward(buf, e).is_none_or(|after| {
                    after == buf.len() || buf[e..after].iter().any(|b| matches!(b, b'\n' | b'\r'))
                })
            };
            let same_line = || {
                !buf[self.out.span.end..g]
                    .iter()
                    .any(|b| matches!(b, b'\n' | b'\r'))
            };
            let taken = if full {
                true
            } else if self.out.position.kings.is_some() {
                // A lone sign after kings ends its line (the canonical text `g3g1 0323.12 =`);
                // a sign on the next line belongs to the code after it.
                let symbol = symbol();
                (symbol && same_line() && line_ends())
                    || (!symbol && (words() || s.outcome.is_none()))
            } else {
                // After a bare code, a sign or a side to move ending the line (`0323.12 +`).
                (symbol() || s.outcome.is_none())
                    && same_line()
                    && line_ends()
                    && g > self.out.span.end
            };
            if taken {
                self.out.word = Some(s);
                self.out.parts.word = Some(g..e);
                self.out.span.end = e;
            }
        }
        if full
            && matches!(lex::at(buf, self.out.span.end), Some(b'.' | b':'))
            && lex::is_boundary(lex::at(buf, self.out.span.end + 1))
        {
            self.out.span.end += 1;
        }
    }

    /// The result: what was read, with the stipulation of sign and words merged.
    pub(super) fn finish(self) -> Parsed {
        let mut out = self.out;
        out.position.stipulation = merge(out.sign, out.word);
        out
    }
}
