//! The headings of a printed directory (gbr-notation.md §6; docs/reading.md, "Headings of a printed
//! directory"): `Winststudies (+):`, `Wins`, `II. Draws (32)`, `= Remisen`.

use shakmaty::Color;

mod words;

use super::trimmed;
use crate::parse::space;
use crate::stipulation::{Outcome, Stipulation};
use words::named_outcome;
#[cfg(test)]
use words::{DRAW_HEADINGS, MAX_WORD, WIN_HEADINGS};

/// Most bytes of a heading, blanks and markup trimmed, its number, count and brackets
/// included (`II. Winning studies (171 studies):` is 35).
const MAX_HEADING: usize = 48;

/// Bracketed signs, before or after the words (`Winststudies (+):`, `(=) Draws`).
const MARKERS: [(&[u8], Outcome); 4] = [
    (b"(+)", Outcome::Win),
    (b"[+]", Outcome::Win),
    (b"(=)", Outcome::Draw),
    (b"[=]", Outcome::Draw),
];

/// Most bytes of a line that [`heading`] reads: a heading of [`MAX_HEADING`] bytes with some
/// markup around it (`<b>...</b>`), white space at either end aside.
pub(super) const MAX_HEADING_LINE: usize = 64;

/// True when `text` (a line after its leading spaces and tabs) may be a heading, by its length
/// and first bytes alone: at most [`MAX_HEADING_LINE`] bytes without the spaces at its end,
/// starting with the first three letters of heading words, a bracket, markup, a sign, a
/// non-ASCII byte, or a number (`1.`, `A.`, `II)`). Most lines, prose or caption, are longer
/// or start otherwise, and are not read further.
#[inline(always)]
pub(super) fn may_be_heading(text: &[u8]) -> bool {
    if text.len() > MAX_HEADING_LINE
        && text.len()
            - text
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_whitespace())
                .count()
            > MAX_HEADING_LINE
    {
        return false;
    }
    match text.first() {
        Some(&b'[') => may_follow_bracket(text.get(1).copied().unwrap_or(b'\n')),
        Some(&b) if opens_heading(b) => true,
        Some(&b) if b.is_ascii_alphabetic() => {
            starts_like_a_heading(text)
                || matches!(text.get(1), Some(b'.' | b')'))
                || (is_roman(b) && number_end(text).is_some())
        }
        _ => false,
    }
}

/// True for a first byte that may start a heading whatever follows it: a bracket, markup, a
/// sign, a digit (the heading's number) or a non-ASCII byte.
pub(super) const fn opens_heading(b: u8) -> bool {
    matches!(b, b'(' | b'[' | b'<' | b'*' | b'+' | b'=' | b'0'..=b'9' | 0x80..)
}

/// True for a byte that may follow a `[` opening a heading or a line of words: the sign of a
/// bracketed sign (`[+]`, `[=]`), the capital of words in brackets (`[White to move]`), or a
/// byte that may start a blank (white space, a control byte, markup, a non-ASCII byte; the
/// readers step over blanks). A line such as a dictionary's `[1913 Webster]` is neither, and is
/// not read further: on real prose they were half the lines the look-back read.
#[inline(always)]
pub(in crate::context) const fn may_follow_bracket(b: u8) -> bool {
    matches!(b, b'+' | b'=' | b'A'..=b'Z' | 0..=b' ' | 0x7f.. | b'<' | b'>' | b'*')
}

/// True for the letters of Roman numerals, either case.
pub(super) const fn is_roman(b: u8) -> bool {
    matches!(
        b,
        b'I' | b'V' | b'X' | b'L' | b'C' | b'i' | b'v' | b'x' | b'l' | b'c'
    )
}

/// A heading of a printed directory, on a line of its own: heading words (`Wins`, `Draws`,
/// `Winststudies`, `Remisestudies`, `Gewinnstudien`, `Remisen`, `Gains`, `Nulles`, `Tablas`,
/// ...), a sign in brackets (`(+)`, `(=)`), or both (`Winststudies (+):`), with a colon after
/// them or not. Around the words a heading may also carry its number (`1.`, `A.`, `II)`), a
/// sign before them (`= Draws`) and a count after them (`Wins (171)`, `Draws: 32 studies`).
/// When words and sign are both given they must agree.
pub fn heading(line: &[u8]) -> Option<Stipulation> {
    let lead = line
        .iter()
        .take_while(|b| matches!(b, b' ' | b'\t'))
        .count();
    if line.len() > 80 || !may_be_heading(&line[lead..]) {
        return None; // most lines: prose
    }
    read(line)
}

/// [`heading`] past its first test ([`may_be_heading`]), for the look-back, which made a
/// wider one: a line that fails that test fails this too, only later.
pub(super) fn read(line: &[u8]) -> Option<Stipulation> {
    let mut text = trimmed(line);
    if text.len() > MAX_HEADING {
        return None;
    }
    let mut marker = None;
    let mut agree = |outcome: Outcome| match marker.replace(outcome) {
        Some(other) if other != outcome => None,
        _ => Some(()),
    };
    // The start: a number, a bracketed sign, a sign and a blank.
    loop {
        let len = text.len();
        if let Some(end) = number_end(text) {
            text = trimmed(&text[end..]);
        }
        if let Some((mark, outcome)) = MARKERS.iter().find(|(m, _)| text.starts_with(m)) {
            agree(*outcome)?;
            text = trimmed(&text[mark.len()..]);
        }
        if let Some(&[sign, next]) = text.first_chunk::<2>()
            && matches!(sign, b'+' | b'=')
            && space::blank_at(text, 1).is_some()
            && next != b'+'
        {
            agree(if sign == b'+' {
                Outcome::Win
            } else {
                Outcome::Draw
            })?;
            text = trimmed(&text[1..]);
        }
        if text.len() == len {
            break;
        }
    }
    // Most short lines that are no heading fail here, before their ends are read.
    if !text.is_empty() && !starts_like_a_heading(text) {
        return None;
    }
    // The ends: a colon, a count, a bracketed sign, in any order.
    loop {
        let len = text.len();
        text = trimmed(text.strip_suffix(b":").unwrap_or(text));
        if let Some(rest) = count_before_end(text) {
            text = trimmed(rest);
        }
        if let Some((mark, outcome)) = MARKERS.iter().find(|(m, _)| text.ends_with(m)) {
            agree(*outcome)?;
            text = trimmed(&text[..text.len() - mark.len()]);
        }
        if text.len() == len {
            break;
        }
    }
    let named = if text.is_empty() {
        None
    } else {
        Some(named_outcome(text)?)
    };
    let outcome = match (named, marker) {
        (Some(a), Some(b)) if a != b => return None,
        (a, b) => a.or(b)?,
    };
    Some(Stipulation::new(Some(outcome), Color::White))
}

/// The end of a heading's number at the start of `text` and the blank after it: one to three
/// digits, one letter, or up to six Roman numerals, then `.` or `)`, all in brackets or not
/// (`1.`, `A.`, `II)`, `(b)`); `None` when `text` does not start so.
fn number_end(text: &[u8]) -> Option<usize> {
    let open = usize::from(text.first() == Some(&b'('));
    let rest = &text[open..];
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let roman = rest.iter().take_while(|b| is_roman(**b)).count();
    let len = if (1..=3).contains(&digits) {
        digits
    } else if (1..=6).contains(&roman) {
        roman
    } else if rest.first().is_some_and(u8::is_ascii_alphabetic) {
        1
    } else {
        return None;
    };
    let close = open + len;
    let ok = match text.get(close) {
        Some(b')') => true,
        Some(b'.') => open == 0,
        _ => false,
    };
    (ok && space::blank_at(text, close + 1).is_some()).then_some(close + 1)
}

/// `text` without a count at its end: a bracketed number (`(171)`, `(171 studies)`, `[32]`)
/// or a number and perhaps one word after a blank, colon or dash (`171`, `: 32 studies`);
/// `None` when it ends in no count.
fn count_before_end(text: &[u8]) -> Option<&[u8]> {
    if let Some(&close @ (b')' | b']')) = text.last() {
        let open = if close == b')' { b'(' } else { b'[' };
        let at = text.iter().rposition(|&b| b == open)?;
        return text
            .get(at + 1)
            .is_some_and(u8::is_ascii_digit)
            .then(|| &text[..at]);
    }
    // An optional word, then the number.
    let mut end = text.len();
    let word = text
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphabetic())
        .count();
    if word > 0 && word < end && text[end - word - 1] == b' ' {
        end -= word + 1;
    }
    let digits = text[..end]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 || digits > 5 || digits == end {
        return None;
    }
    let mut rest = trimmed(&text[..end - digits]);
    // A dash or colon between the words and the count; the words must stand apart from it.
    for sep in ["\u{2013}", "\u{2014}", "-", ":"] {
        if let Some(r) = rest.strip_suffix(sep.as_bytes()) {
            rest = r;
            break;
        }
    }
    (rest.len() < end - digits).then_some(rest)
}

/// True when `text` starts (without regard to ASCII case) with the first three letters of a
/// heading in [`WIN_HEADINGS`] or [`DRAW_HEADINGS`]: a test that [`same_words`] needs to pass.
fn starts_like_a_heading(text: &[u8]) -> bool {
    let Some(&[a, b, c]) = text.first_chunk::<3>() else {
        return false;
    };
    starts_like(a, b, c)
}

/// True when `a`, `b`, `c` are (without regard to ASCII case) the first three letters of a
/// heading in [`WIN_HEADINGS`] or [`DRAW_HEADINGS`]; two table look-ups and no data-dependent
/// branch, for the look-back's first test of a line.
#[inline(always)]
pub(super) fn starts_like(a: u8, b: u8, c: u8) -> bool {
    let letter = |byte: u8| usize::from(LETTER_INDEX[usize::from(byte)]);
    (HEADING_STARTS[27 * letter(a) + letter(b)] >> letter(c)) & 1 != 0
}

/// The first three letters of the first words of [`WIN_HEADINGS`] and [`DRAW_HEADINGS`].
const STARTS: [&[u8; 3]; 17] = [
    b"win", b"whi", b"stu", b"gew", b"dra", b"rem", b"gai", b"gag", b"bla", b"les", b"gan", b"las",
    b"vit", b"nul", b"par", b"tab", b"pat",
];

/// [`STARTS`] as bits: bit `t` of entry `27 * f + s` for the letters `f`, `s`, `t` (`a` = 0;
/// 26 stands for a byte that is no letter, whose entries and bit are empty).
static HEADING_STARTS: [u32; 27 * 27] = {
    let mut table = [0u32; 27 * 27];
    let mut k = 0;
    while k < STARTS.len() {
        let [f, s, t] = *STARTS[k];
        table[27 * (f - b'a') as usize + (s - b'a') as usize] |= 1 << (t - b'a');
        k += 1;
    }
    table
};

/// The letter index of each byte for [`HEADING_STARTS`]: 0 for `a` or `A` to 25, 26 for any
/// other byte.
static LETTER_INDEX: [u8; 256] = {
    let mut table = [26u8; 256];
    let mut k = 0;
    while k < 26 {
        table[(b'a' + k) as usize] = k;
        table[(b'A' + k) as usize] = k;
        k += 1;
    }
    table
};

/// True when `text` is the words of `heading` (lower case) with any blanks between them,
/// without regard to ASCII case.
fn same_words(text: &[u8], heading: &[&str]) -> bool {
    let mut rest = text;
    for (k, word) in heading.iter().enumerate() {
        if k > 0 {
            let mut i = 0;
            while let Some(b) = space::blank_at(rest, i) {
                i += b.len;
            }
            if i == 0 {
                return false;
            }
            rest = &rest[i..];
        }
        match rest.get(..word.len()) {
            Some(head) if head.eq_ignore_ascii_case(word.as_bytes()) => rest = &rest[word.len()..],
            _ => return false,
        }
    }
    rest.is_empty()
}

#[cfg(test)]
mod tests;
