//! A code found on an OCR'd page: four digits, the full stop, two digits, each as OCR may have
//! given it (docs/reading.md, "OCR"), standing where a code may start.

use super::{Found, digit, is_stop};
use crate::position::Part;

/// A code found at a character of the page, as [`code_at`] reads it.
pub(super) struct CodeAt {
    pub part: Found,
    /// Characters `start..end` of the page.
    pub start: usize,
    pub end: usize,
    /// Read otherwise than printed: a digit's confusion, another full stop, a space in it.
    pub confused: bool,
    /// A sign (`+`, `=`) glued before it, a part of the notation that confirms it.
    pub glued_sign: bool,
    /// Men but the kings the code says there are (pieces and pawns), `None` with a `9`.
    pub men: Option<u8>,
}

/// True when the character at `i` may stand right before a code: the page's start, white
/// space, a bracket, a quote or a sign (`(+0031.10`, `=0323.12`); not a digit, a letter or a
/// full stop (`10.0323.12` is no code, gbr-notation.md §5).
fn opens(chars: &[(usize, char)], i: usize) -> bool {
    i == 0 || {
        let c = chars[i - 1].1;
        c.is_whitespace()
            || matches!(
                c,
                '(' | '[' | '{' | '+' | '=' | '-' | '\u{2013}' | '\u{2014}' | '"' | '\''
            )
    }
}

/// The code whose first digit is at `i`: four digits, the full stop (a comma, colon or
/// semicolon read as it), two digits, a single space allowed on either side of the full stop
/// but not both; at least one of the six digits as printed, pawn counts 0-8, no digit or
/// decimal after it.
pub(super) fn code_at(chars: &[(usize, char)], i: usize) -> Option<CodeAt> {
    if !opens(chars, i) {
        return None;
    }
    let at = |k: usize| chars.get(k).map(|&(_, c)| c);
    let mut k = i;
    let mut digits = String::with_capacity(7);
    let mut real = 0;
    let mut confused = false;
    let mut take_digit = |k: &mut usize, digits: &mut String| -> Option<()> {
        let c = at(*k)?;
        let d = digit(c)?;
        if c.is_ascii_digit() {
            real += 1;
        } else {
            confused = true;
        }
        digits.push(char::from(b'0' + d));
        *k += 1;
        Some(())
    };
    for _ in 0..4 {
        take_digit(&mut k, &mut digits)?;
    }
    let mut spaces = 0;
    if at(k) == Some(' ') {
        spaces += 1;
        k += 1;
    }
    let stop = at(k)?;
    if !is_stop(stop) {
        return None;
    }
    k += 1;
    if at(k) == Some(' ') && spaces == 0 {
        spaces += 1;
        k += 1;
    }
    for _ in 0..2 {
        take_digit(&mut k, &mut digits)?;
    }
    if real == 0 {
        return None;
    }
    // A digit, or a full stop and a digit, after it: a longer number (gbr-notation.md §5).
    match (at(k), at(k + 1)) {
        (Some(c), _) if c.is_ascii_digit() => return None,
        (Some(c), Some(d)) if is_stop(c) && d.is_ascii_digit() => return None,
        _ => {}
    }
    let confused = confused || stop != '.' || spaces > 0;
    digits.insert(4, '.');
    let pawns = &digits.as_bytes()[5..];
    if pawns.contains(&b'9') {
        return None;
    }
    let glued_sign = i > 0 && matches!(chars[i - 1].1, '+' | '=');
    let men = men(digits.as_bytes());
    Some(CodeAt {
        part: Found {
            start: i,
            end: k,
            read: digits,
            part: Some(Part::Code),
            squares: 0,
        },
        start: i,
        end: k,
        confused,
        glued_sign,
        men,
    })
}

/// The men but the kings that the code `dddd.dd` (as read, ASCII) says there are: each piece
/// digit counts its white men (`n % 3`) and black men (`n / 3`), each pawn digit its pawns;
/// `None` with a `9` (gbr-notation.md §1).
fn men(code: &[u8]) -> Option<u8> {
    [code[0], code[1], code[2], code[3], code[5], code[6]]
        .iter()
        .enumerate()
        .try_fold(0u8, |sum, (at, &d)| match (at, d - b'0') {
            (_, 9) => None,
            (0..4, n) => Some(sum + n % 3 + n / 3),
            (_, n) => Some(sum + n),
        })
}
