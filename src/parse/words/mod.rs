//! Results and side to move written in words (gbr-notation.md §6, "Results in words", "Side
//! to move in words"; docs/reading.md): `White wins in 78 moves`, `White to move, draw`,
//! `Black to move loses`, `Win in 86`, `Draw?`, `BTM, Win`, `Schwarz am Zug`, `ZAZ`.
//!
//! Words are matched without regard to case and may be separated by any gap of
//! [`lex::gap_forward`] (so a phrase may wrap onto the next line).

use shakmaty::Color;

use super::lex;
use crate::stipulation::{Outcome, Stipulation};

/// Most words a backward look for a side-to-move phrase takes (`Schwarz am Zug`).
const MAX_SIDE_WORDS: usize = 3;

/// True for a byte of a word: an ASCII letter, or a byte of a non-ASCII letter (`ß`, `ü`).
fn word_byte(buf: &[u8], i: usize) -> bool {
    match buf.get(i) {
        Some(b) if b.is_ascii_alphabetic() => true,
        Some(b) if *b >= 0x80 => super::space::blank_at(buf, i).is_none(),
        _ => false,
    }
}

/// Longest word of any phrase, in bytes (`verliert`): a longer word is none of them.
const MAX_WORD: usize = 8;

/// A word's key: its bytes ASCII-lowercased and packed little-endian into a `u64` (the first
/// byte lowest), or 0 for a word longer than [`MAX_WORD`] bytes. No byte of a word is 0 (ASCII
/// letters, bytes >= 0x80 of non-ASCII letters; the phrases' words alike), so two words of at
/// most [`MAX_WORD`] bytes have the same key exactly when they are equal without regard to
/// ASCII case, and only the empty word and words too long for any phrase have the key 0. The
/// words of the phrases are keyed at compile time, and matching a word read is comparing one
/// `u64` with each.
const fn key(word: &[u8]) -> u64 {
    if word.len() > MAX_WORD {
        return 0;
    }
    let mut k = 0;
    let mut i = 0;
    while i < word.len() {
        k |= (word[i].to_ascii_lowercase() as u64) << (8 * i);
        i += 1;
    }
    k
}

/// The keys of `words` ([`key`]), for the tables below.
const fn keys<const N: usize>(words: [&str; N]) -> [u64; N] {
    let mut out = [0; N];
    let mut i = 0;
    while i < N {
        out[i] = key(words[i].as_bytes());
        i += 1;
    }
    out
}

/// A word as read, by its [`key`]: compared without regard to ASCII case, without allocating.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Word(u64);

impl Word {
    /// True when the word is one of `keys`.
    fn is_one_of(self, keys: &[u64]) -> bool {
        keys.contains(&self.0)
    }
}

/// The word at `i`, and its end; `None` when no word starts there or it runs on into a
/// digit.
fn word_at(buf: &[u8], i: usize) -> Option<(Word, usize)> {
    let mut j = i;
    while word_byte(buf, j) {
        j += 1;
    }
    if j == i || buf.get(j).is_some_and(u8::is_ascii_digit) {
        return None;
    }
    Some((Word(key(&buf[i..j])), j))
}

/// A reader of successive words after gaps.
struct Words<'a> {
    buf: &'a [u8],
    end: usize,
}

impl Words<'_> {
    /// The next word after a gap (and a comma glued to the word before), without moving.
    fn peek(&self) -> Option<(Word, usize)> {
        word_at(self.buf, self.next_start()?)
    }

    /// [`Words::peek`] of a word starting with `first` (an ASCII lowercase letter), in either
    /// case: the first test of a look for one word, made before the word is read.
    fn peek_from(&self, first: u8) -> Option<(Word, usize)> {
        let g = self.next_start()?;
        (self.buf.get(g).map(u8::to_ascii_lowercase) == Some(first))
            .then(|| word_at(self.buf, g))
            .flatten()
    }

    /// Where the next word would start: after a comma glued to the word before and a gap;
    /// `None` without a gap (words need one between them).
    fn next_start(&self) -> Option<usize> {
        let mut i = self.end;
        if self.buf.get(i) == Some(&b',') {
            i += 1;
        }
        lex::gap_forward(self.buf, i).filter(|&g| g != self.end)
    }

    /// Takes the next word when it is one of `options` ([`key`]s), and returns its index.
    fn take(&mut self, options: &[u64]) -> Option<usize> {
        let (word, end) = self.peek()?;
        let index = options.iter().position(|o| word.0 == *o)?;
        self.end = end;
        Some(index)
    }
}

/// Side-to-move phrases: their words ([`key`]s) and the side.
const SIDES: [([u64; 3], Color); 11] = [
    (keys(["white", "to", "move"]), Color::White),
    (keys(["white", "to", "play"]), Color::White),
    (keys(["black", "to", "move"]), Color::Black),
    (keys(["black", "to", "play"]), Color::Black),
    (keys(["schwarz", "am", "zug"]), Color::Black),
    (keys(["weiß", "am", "zug"]), Color::White),
    (keys(["weiss", "am", "zug"]), Color::White),
    (keys(["zwart", "aan", "zet"]), Color::Black),
    (keys(["wit", "aan", "zet"]), Color::White),
    (keys(["trait", "aux", "blancs"]), Color::White),
    (keys(["trait", "aux", "noirs"]), Color::Black),
];

/// One-word side to move, White: `WTM`, Dutch `WAZ` (wit aan zet).
const WHITE_WORDS: [u64; 2] = keys(["wtm", "waz"]);

/// One-word side to move, Black: `BTM`, Dutch `ZAZ` (zwart aan zet).
const BLACK_WORDS: [u64; 2] = keys(["btm", "zaz"]);

/// True for a byte that may start a side to move in words: every word of [`WHITE_WORDS`] and
/// [`BLACK_WORDS`] and every phrase of [`SIDES`] starts with one of these letters, in either
/// case (a test holds the tables to it). The first test of [`side_at`], before a word is read.
fn may_start_side(b: u8) -> bool {
    matches!(b.to_ascii_lowercase(), b'w' | b'b' | b'z' | b's' | b't')
}

/// One-word side to move: `WTM`, `BTM`, Dutch `WAZ` (wit aan zet) and `ZAZ` (zwart aan zet).
fn side_word(word: Word) -> Option<Color> {
    if word.is_one_of(&WHITE_WORDS) {
        Some(Color::White)
    } else if word.is_one_of(&BLACK_WORDS) {
        Some(Color::Black)
    } else {
        None
    }
}

/// One-word results of a win: `win wins`, Dutch `winst wint`, German `Gewinn gewinnt`, French
/// `gain gagne gagnent`, Spanish `gana ganan`, Italian `vince`.
const WIN_WORDS: [u64; 12] = keys([
    "win", "wins", "winst", "gewinn", "wint", "gewinnt", "gain", "gagne", "gagnent", "gana",
    "ganan", "vince",
]);

/// One-word results of a draw: `draw draws`, Dutch `remise`, German `Remis`, French `nulle`,
/// Spanish `tablas`, Italian `patta`.
const DRAW_WORDS: [u64; 7] = keys([
    "draw", "draws", "remise", "remis", "nulle", "tablas", "patta",
]);

/// The side to move loses: `loses`, German `verliert`.
const LOSE_WORDS: [u64; 2] = keys(["loses", "verliert"]);

/// One-word results ([`WIN_WORDS`], [`DRAW_WORDS`]), and `loses` ([`LOSE_WORDS`]: the side to
/// move loses; with Black to move, White wins).
fn result_word(word: Word) -> Option<Option<Outcome>> {
    if word.is_one_of(&WIN_WORDS) {
        Some(Some(Outcome::Win))
    } else if word.is_one_of(&DRAW_WORDS) {
        Some(Some(Outcome::Draw))
    } else if word.is_one_of(&LOSE_WORDS) {
        Some(None)
    } else {
        None
    }
}

/// The side-to-move phrase at `i` (`Black to move`, `ZAZ`), and its end.
pub fn side_at(buf: &[u8], i: usize) -> Option<(Color, usize)> {
    if !may_start_side(*buf.get(i)?) {
        return None;
    }
    let (first, end) = word_at(buf, i)?;
    side_from(buf, first, end)
}

/// [`side_at`] once its first word is read: `first`, ending at `end`.
fn side_from(buf: &[u8], first: Word, end: usize) -> Option<(Color, usize)> {
    if let Some(side) = side_word(first) {
        return Some((side, end));
    }
    'phrases: for (phrase, side) in &SIDES {
        if first.0 != phrase[0] {
            continue;
        }
        let mut words = Words { buf, end };
        for w in &phrase[1..] {
            if words.take(&[*w]).is_none() {
                continue 'phrases;
            }
        }
        return Some((*side, words.end));
    }
    None
}

/// Last words of the side-to-move phrases ([`SIDES`], [`WHITE_WORDS`], [`BLACK_WORDS`]).
const SIDE_ENDS: [u64; 10] = keys([
    "zaz", "waz", "btm", "wtm", "move", "play", "zug", "zet", "blancs", "noirs",
]);

/// A side-to-move phrase ending at `end` (exclusive), as written between a sign and its code
/// (`+ ZAZ 0013.01`, `= Schwarz am Zug 0013.01`). Returns the side and the phrase's start.
pub fn side_ending_at(buf: &[u8], end: usize) -> Option<(Color, usize)> {
    // Every side-to-move phrase ends in one of these words: most text before a code does not.
    let mut last = end;
    while last > 0 && word_byte(buf, last - 1) {
        last -= 1;
    }
    if !Word(key(&buf[last..end])).is_one_of(&SIDE_ENDS) {
        return None;
    }
    let mut starts = [0usize; MAX_SIDE_WORDS];
    let mut found = 0;
    let mut i = end;
    while found < MAX_SIDE_WORDS {
        let mut s = i;
        while s > 0 && word_byte(buf, s - 1) {
            s -= 1;
        }
        if s == i || !lex::is_boundary(lex::before(buf, s)) {
            break;
        }
        starts[found] = s;
        found += 1;
        match lex::gap_backward(buf, s) {
            Some(g) if g < s => i = g,
            _ => break,
        }
    }
    // The longest phrase first: `Schwarz am Zug` before `Zug`.
    starts[..found].iter().rev().find_map(|&s| {
        side_at(buf, s)
            .filter(|(_, e)| *e == end)
            .map(|(c, _)| (c, s))
    })
}

/// The ends of a side to move in words whose side the reader does not know: `aan zet`, `to
/// move`, `am Zug`, `au trait` (lower case).
const TO_MOVE_ENDS: [[&str; 2]; 4] = [
    ["aan", "zet"],
    ["to", "move"],
    ["am", "zug"],
    ["au", "trait"],
];

/// Whether `words` (after a sign on its line) is a side to move in words naming a side that
/// is neither White nor Black: one word of letters and one of [`TO_MOVE_ENDS`], perhaps a full
/// stop after (`Rood aan zet`, a story's colours). The sign alone stands, as it would without
/// the words; a line with anything else after the sign (`+ 1.Kb2`) is no sign line.
pub fn unnamed_side(words: &[u8]) -> bool {
    let words = words.strip_suffix(b".").unwrap_or(words);
    let parts: Vec<&[u8]> = words
        .split(u8::is_ascii_whitespace)
        .filter(|w| !w.is_empty())
        .collect();
    let [side, a, b] = parts.as_slice() else {
        return false;
    };
    side.iter().all(|&c| c.is_ascii_alphabetic() || c >= 0x80)
        && TO_MOVE_ENDS.iter().any(|[x, y]| {
            a.eq_ignore_ascii_case(x.as_bytes()) && b.eq_ignore_ascii_case(y.as_bytes())
        })
}

/// A side to move in words of [`unnamed_side`] ending at `end` (exclusive), its three words on
/// one line, as a story sets it between a sign and its code (`+ Rood aan zet   1558.82 c3e4`, the 2017 book's
/// appendix): the start of its first word.
pub fn unnamed_side_ending_at(buf: &[u8], end: usize) -> Option<usize> {
    let mut start = end;
    for word in 0..3 {
        let mut s = start;
        while s > 0 && (buf[s - 1].is_ascii_alphabetic() || buf[s - 1] >= 0x80) {
            s -= 1;
        }
        if s == start || (word == 0 && !Word(key(&buf[s..start])).is_one_of(&UNNAMED_ENDS)) {
            return None;
        }
        start = s;
        if word < 2 {
            let g = lex::gap_backward(buf, start).filter(|g| *g < start)?;
            if buf[g..start].iter().any(|&b| b == b'\n' || b == b'\r') {
                return None;
            }
            start = g;
        }
    }
    (lex::is_boundary(lex::before(buf, start)) && unnamed_side(&buf[start..end])).then_some(start)
}

/// The last words of [`TO_MOVE_ENDS`].
const UNNAMED_ENDS: [u64; 4] = keys(["zet", "move", "zug", "trait"]);

/// Skips `in N [moves]` after a result (`Win in 86`, `White wins in 78 moves`).
fn skip_length(words: &mut Words<'_>) {
    let buf = words.buf;
    const IN: u64 = key(b"in");
    let Some(after_in) = words
        .peek_from(b'i')
        .filter(|(w, _)| w.0 == IN)
        .map(|(_, e)| e)
    else {
        return;
    };
    let Some(g) = lex::gap_forward(buf, after_in).filter(|g| *g > after_in) else {
        return;
    };
    let mut j = g;
    while buf.get(j).is_some_and(u8::is_ascii_digit) && j - g < 4 {
        j += 1;
    }
    if j == g || !lex::is_boundary(buf.get(j).copied()) {
        return;
    }
    words.end = j;
    const MOVES: [u64; 5] = keys(["moves", "move", "zetten", "zügen", "zuegen"]);
    let _ = words.take(&MOVES);
}

/// True for a byte that may start a result or side to move in words: every word of the tables
/// above that may start a phrase ([`SIDES`], [`WHITE_WORDS`], [`BLACK_WORDS`], [`WIN_WORDS`],
/// [`DRAW_WORDS`], [`LOSE_WORDS`], `White wins`) starts with one of these letters, in either
/// case (a test holds the tables to it); most words after a code do not. The first test of
/// [`phrase_at`], before a word is read.
fn may_start_phrase(b: u8) -> bool {
    matches!(
        b.to_ascii_lowercase(),
        b'w' | b'b' | b'z' | b's' | b'd' | b'r' | b'g' | b'l' | b'v' | b'n' | b't' | b'p'
    )
}

/// A result or side to move in words at `i`, read as far as it goes: `White wins in 78
/// moves`, `White to move, draw`, `Black to move loses`, `Win in 86`, `Draw?`, `BTM, Win`,
/// `Schwarz am Zug`. A `?` or `!` glued to the last word is part of it. Returns the
/// stipulation and the end; `None` when no phrase starts at `i` or it does not end at a
/// token boundary.
pub fn phrase_at(buf: &[u8], i: usize) -> Option<(Stipulation, usize)> {
    if !may_start_phrase(*buf.get(i)?) {
        return None;
    }
    const AND: u64 = key(b"and");
    const WHITE: u64 = key(b"white");
    const WHITE_RESULTS: [u64; 2] = keys(["wins", "draws"]);
    // The first word, read once: as a side to move ([`side_from`]: a word that fails the
    // first test of [`side_at`] is no side to move either), else as a result.
    let (first, end) = word_at(buf, i)?;
    let (stipulation, end) = if let Some((side, end)) = side_from(buf, first, end) {
        let mut words = Words { buf, end };
        let _ = words.take(&[AND]);
        match words.peek().and_then(|(w, e)| Some((result_word(w)?, e))) {
            Some((Some(outcome), e)) => {
                words.end = e;
                skip_length(&mut words);
                (Stipulation::new(Some(outcome), side), words.end)
            }
            Some((None, e)) if side == Color::Black => {
                words.end = e;
                (Stipulation::new(Some(Outcome::Win), side), words.end)
            }
            _ => (Stipulation::new(None, side), end),
        }
    } else {
        let mut words = Words { buf, end };
        let outcome = if first.0 == WHITE {
            let index = words.take(&WHITE_RESULTS)?;
            [Outcome::Win, Outcome::Draw][index]
        } else {
            result_word(first)??
        };
        skip_length(&mut words);
        (Stipulation::new(Some(outcome), Color::White), words.end)
    };
    let end = if matches!(buf.get(end), Some(b'?' | b'!')) {
        end + 1
    } else {
        end
    };
    lex::is_boundary(buf.get(end).copied()).then_some((stipulation, end))
}

/// A stipulation sign or words at `i`: the signs `+ = -+ -=` (ending at a token boundary or
/// before a full stop, colon or closing bracket), or a result or side to move in words
/// ([`phrase_at`]: `Win`, `BTM`, `ZAZ`, `White wins in 78
/// moves`, `Draw?`). Returns the value and the end.
pub fn stipulation_at(buf: &[u8], i: usize) -> Option<(Stipulation, usize)> {
    let first = lex::at(buf, i)?;
    if first == b'-' || first == b'+' || first == b'=' {
        let len = if first == b'-' { 2 } else { 1 };
        let token = buf.get(i..i + len)?;
        return Stipulation::from_token(token).map(|s| (s, i + len));
    }
    phrase_at(buf, i)
}

#[cfg(test)]
mod tests;
