//! The parts beside a code on an OCR'd page, each as OCR may have given it: a run of squares
//! (kings, a square list), W/B, the kings before the code (gbr-notation.md §2's forms;
//! docs/reading.md, "OCR").

use super::{Found, digit};
use crate::position::Part;

/// True when a file letter stands at `i`, glued to what came before.
pub(super) fn glued_letter(chars: &[(usize, char)], i: usize) -> bool {
    chars.get(i).is_some_and(|&(_, c)| file(c).is_some())
}

/// The first character after `i` that is no blank, crossing at most one line end in all
/// (`lines` counts them across calls): `None` at the page's end or past a second line end.
pub(super) fn skip_blanks(chars: &[(usize, char)], mut i: usize, lines: &mut u32) -> Option<usize> {
    while let Some(&(_, c)) = chars.get(i) {
        if c == '\n' {
            *lines += 1;
            if *lines > 1 {
                return None;
            }
        } else if !c.is_whitespace() {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// True when a run of squares or W/B may end before `i`: the page's end, white space, a
/// closing bracket, or a sign, stop or word that follows W/B (`3/3+.`, `4/5 Win`).
fn closes(chars: &[(usize, char)], i: usize) -> bool {
    chars.get(i).is_none_or(|&(_, c)| {
        c.is_whitespace() || matches!(c, ')' | ']' | '}' | '+' | '=' | '-' | '.' | ',' | ':' | ';')
    })
}

/// The file letter a character OCR gives stands for in a position where the notation has a
/// file letter: `a`-`h` as printed, and `¢`, which Tesseract gives for a `g`.
fn file(c: char) -> Option<char> {
    match c {
        'a'..='h' => Some(c),
        '¢' => Some('g'),
        _ => None,
    }
}

/// A run of squares at `i` (`a7d3`, `b2b3c6d6`, `.d4e3`, `g2.c4c5`): file letters `a-h` (and
/// their confusions), ranks 1-8 with their confusions read; one pawn mark (a full stop, or a
/// comma read as one) between squares or before the first. At least two squares, ending at a
/// boundary. With `strays`, a mark standing between a file letter and its rank as printed
/// (`gl1`, `aS5`: OCR read one stroke twice) is dropped.
pub(super) fn squares_at(chars: &[(usize, char)], i: usize, strays: bool) -> Option<Found> {
    let mut k = i;
    let mut read = String::new();
    let mut squares = 0;
    let mut marks = 0;
    let at = |k: usize| chars.get(k).map(|&(_, c)| c);
    loop {
        let c = at(k);
        match c.and_then(file) {
            Some(letter) => {
                let mut rank = at(k + 1).and_then(digit)?;
                let stray = strays
                    && at(k + 1).is_some_and(|r| !r.is_ascii_digit())
                    && at(k + 2).is_some_and(|r| matches!(r, '1'..='8'));
                if stray {
                    rank = at(k + 2).and_then(digit)?;
                    k += 1;
                }
                if !(1..=8).contains(&rank) {
                    return None;
                }
                read.push(letter);
                read.push(char::from(b'0' + rank));
                squares += 1;
                k += 2;
            }
            None if matches!(c, Some('.' | ','))
                && marks == 0
                && at(k + 1).and_then(file).is_some() =>
            {
                read.push('.');
                marks += 1;
                k += 1;
            }
            None => break,
        }
    }
    (squares >= 2 && closes(chars, k)).then_some(Found {
        start: i,
        end: k,
        read,
        part: Some(Part::Squares),
        squares,
    })
}

/// W/B at `i`: men of each side, 1-16, a slash between (`3/3`, `l0/9`, `4/S`).
pub(super) fn men_at(chars: &[(usize, char)], i: usize) -> Option<Found> {
    let mut k = i;
    let mut read = String::new();
    for side in 0..2 {
        if side == 1 {
            if chars.get(k).map(|&(_, c)| c) != Some('/') {
                return None;
            }
            read.push('/');
            k += 1;
        }
        let mut count = 0u32;
        let mut n = 0;
        while let Some(d) = chars.get(k).and_then(|&(_, c)| digit(c)) {
            count = count * 10 + u32::from(d);
            read.push(char::from(b'0' + d));
            n += 1;
            k += 1;
            if n > 2 {
                return None;
            }
        }
        if n == 0 || !(1..=16).contains(&count) {
            return None;
        }
    }
    closes(chars, k).then_some(Found {
        start: i,
        end: k,
        read,
        part: Some(Part::MenCount),
        squares: 0,
    })
}

/// Kings standing before the code that starts at `code`: two squares, apart from it by blanks
/// (one line end at most), starting a token.
pub(super) fn kings_before(chars: &[(usize, char)], code: usize) -> Option<Found> {
    let mut k = code;
    // Past a sign or bracket glued before the code.
    while k > 0 && matches!(chars[k - 1].1, '(' | '[' | '+' | '=' | '-') {
        k -= 1;
    }
    let mut lines = 0;
    while k > 0 && chars[k - 1].1.is_whitespace() {
        if chars[k - 1].1 == '\n' {
            lines += 1;
        }
        k -= 1;
    }
    if k == code || lines > 1 {
        return None;
    }
    let end = k;
    while k > 0 && !chars[k - 1].1.is_whitespace() {
        k -= 1;
    }
    // A sign glued before the kings (`+a1c3`, `(=) c3b1`) is no part of them.
    while k < end && matches!(chars[k].1, '(' | '[' | '+' | '=' | '-' | ')') {
        k += 1;
    }
    let part = squares_at(chars, k, false)
        .filter(|p| p.end == end)
        .or_else(|| squares_at(chars, k, true).filter(|p| p.end == end))?;
    (part.squares == 2).then_some(part)
}
