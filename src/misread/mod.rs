//! OCR's misreadings of a code, read through the code's redundancy (docs/reading.md, "OCR").
//!
//! Tesseract reads a scanned caption `a7d3 0116.00 b2b3c6d6 3/3+.` as `a7d3 Oll6,OO b2b3c6dé
//! 3/3+.`: a letter or sign that looks like a digit stands where the notation has a digit
//! (gbr-notation.md §1, §2), a comma or colon where it has the code's full stop. `read` finds the codes
//! of an OCR'd page, with those confusions mapped, and the kings, squares and W/B beside them,
//! and rewrites each part to the form it reads as, so that the scanner reads the page as it
//! reads any text. A confused code is read only where a part beside it confirms it is one (kings,
//! a square list, W/B, or a sign glued before it: gbr-notation.md §2's forms); a letter is only ever read
//! as a digit in a position where the notation has a digit, so a word of prose is never touched.
//!
//! The page keeps its byte offsets: a part read shorter than it was found (`é` is two bytes and
//! reads as `6`; a space inside a code is dropped) is padded with spaces after it, so every byte
//! after a part is where it was, and line and column references are those of the OCR'd page.
//!
//! Not read here: a file letter misread as another letter (`c5g6` for `d5h6`). The page cannot
//! tell; the copies of the position can (`gbr check`, [`crate::copies`]).

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

/// One part of an OCR'd page read otherwise than OCR gave it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OcrFix {
    /// 0-based byte offset of the part in the page's text (the same in the text OCR gave and
    /// in the text read).
    pub offset: u64,
    /// The part as OCR gave it (`Oll6,OO`, `dShé`).
    pub found: CompactString,
    /// The part as read (`0116.00`, `d5h6`).
    pub read: CompactString,
    /// Which part of the position it is.
    pub part: OcrPart,
}

/// The part of a position an [`OcrFix`] reads (gbr-notation.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OcrPart {
    /// The material code `dddd.dd`.
    Code,
    /// The king squares, or a square list (kings and men glued in the compact form).
    Squares,
    /// W/B, the men of each side.
    Men,
    /// A caption line's span from the kings to W/B, read again from the page as one line
    /// (docs/reading.md, "OCR: reading a line again"): `found` is the first reading, `read` the
    /// second, kept because the code it gives agrees with W/B.
    Line,
}

/// The text of an OCR'd page as read, with the parts read otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Read {
    /// The page's text, every part read rewritten in place (same length in bytes).
    pub text: String,
    /// Each part rewritten, in order of offset.
    pub fixes: Vec<OcrFix>,
}

/// The digit a character OCR gives stands for in a position where the notation has a digit
/// (docs/reading.md, "OCR", lists where each confusion comes from).
pub(crate) fn digit(c: char) -> Option<u8> {
    Some(match c {
        '0'..='9' => c as u8 - b'0',
        'O' | 'o' | 'D' | 'Q' => 0,
        'l' | 'I' | '|' | 'i' | '!' | ']' => 1,
        'Z' | 'z' => 2,
        'S' | 's' | '$' => 5,
        'G' | 'é' | 'è' | 'ê' => 6,
        'B' => 8,
        'g' | 'q' => 9,
        _ => return None,
    })
}

/// True for a character OCR gives for the code's full stop.
fn is_stop(c: char) -> bool {
    matches!(c, '.' | ',' | ':' | ';')
}

/// Reads the OCR'd page `text` (docs/reading.md, "OCR"): every code found, its confusions
/// mapped, with the kings, squares and W/B beside it, rewritten where they were misread.
pub(crate) fn read(text: &str) -> Read {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = text.as_bytes().to_vec();
    let mut fixes = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let Some(code) = code_at(&chars, i) else {
            i += 1;
            continue;
        };
        let mut parts = Vec::new();
        let mut evidence = code.glued_sign;
        // Kings or squares glued after the code (`0031.10alh8...`), else apart from it.
        let mut at = code.end;
        let mut lines = 0;
        loop {
            let start = if parts.is_empty() && at == code.end && glued_letter(&chars, at) {
                at
            } else {
                match skip_blanks(&chars, at, &mut lines) {
                    Some(next) if next > at || at == code.end => next,
                    _ => break,
                }
            };
            // A stray mark is dropped only where the code decides it: the run then holds as
            // many squares as the code says it must (the kings, all the men, or both).
            let stray = || {
                squares_at(&chars, start, true).filter(|run| {
                    let men = code.men.map(usize::from);
                    run.squares == 2
                        || Some(run.squares) == men
                        || Some(run.squares) == men.map(|m| m + 2)
                })
            };
            if let Some(run) = squares_at(&chars, start, false).or_else(stray) {
                evidence = true;
                at = run.end;
                parts.push(run);
            } else {
                if let Some(men) = men_at(&chars, start) {
                    evidence = true;
                    parts.push(men);
                }
                break;
            }
        }
        // Kings before the code, on its line or the line above.
        if let Some(kings) = kings_before(&chars, code.start) {
            evidence = true;
            parts.push(kings);
        }
        if evidence || !code.confused {
            parts.push(code.part.clone());
        }
        for part in parts {
            if part.read != part.found(&chars) {
                apply(text, &chars, &part, &mut out, &mut fixes);
            }
        }
        i = code.end.max(i + 1);
    }
    fixes.sort_by_key(|f| f.offset);
    // A line of squares read after one code and again as the kings of the next.
    fixes.dedup_by_key(|f| f.offset);
    // Every replacement is ASCII over whole characters, padded to the same length.
    let text = String::from_utf8(out).unwrap_or_else(|_| text.to_owned());
    Read { text, fixes }
}

/// A part found: characters `start..end` of the page and what they read as.
#[derive(Debug, Clone)]
struct Part {
    start: usize,
    end: usize,
    read: String,
    part: OcrPart,
    /// Squares in it, for a run of squares.
    squares: usize,
}

impl Part {
    fn found(&self, chars: &[(usize, char)]) -> String {
        chars[self.start..self.end]
            .iter()
            .map(|&(_, c)| c)
            .collect()
    }
}

struct CodeAt {
    part: Part,
    start: usize,
    end: usize,
    confused: bool,
    glued_sign: bool,
    /// Men but the kings the code says there are (pieces and pawns), `None` with a `9`.
    men: Option<u8>,
}

fn byte(chars: &[(usize, char)], i: usize, text_len: usize) -> usize {
    chars.get(i).map_or(text_len, |&(b, _)| b)
}

fn apply(
    text: &str,
    chars: &[(usize, char)],
    part: &Part,
    out: &mut [u8],
    fixes: &mut Vec<OcrFix>,
) {
    let from = byte(chars, part.start, text.len());
    let to = byte(chars, part.end, text.len());
    let read = part.read.as_bytes();
    if read.len() > to - from {
        return;
    }
    out[from..from + read.len()].copy_from_slice(read);
    out[from + read.len()..to].fill(b' ');
    fixes.push(OcrFix {
        offset: from as u64,
        found: text[from..to].into(),
        read: part.read.as_str().into(),
        part: part.part,
    });
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
fn code_at(chars: &[(usize, char)], i: usize) -> Option<CodeAt> {
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
    let d = digits.as_bytes();
    let men = [d[0], d[1], d[2], d[3], d[5], d[6]]
        .iter()
        .enumerate()
        .try_fold(0u8, |sum, (at, &d)| match (at, d - b'0') {
            (_, 9) => None,
            (0..4, n) => Some(sum + n % 3 + n / 3),
            (_, n) => Some(sum + n),
        });
    Some(CodeAt {
        part: Part {
            start: i,
            end: k,
            read: digits,
            part: OcrPart::Code,
            squares: 0,
        },
        start: i,
        end: k,
        confused,
        glued_sign,
        men,
    })
}

/// True when a file letter stands at `i`, glued to what came before.
fn glued_letter(chars: &[(usize, char)], i: usize) -> bool {
    chars.get(i).is_some_and(|&(_, c)| file(c).is_some())
}

/// The first character after `i` that is no blank, crossing at most one line end in all
/// (`lines` counts them across calls): `None` at the page's end or past a second line end.
fn skip_blanks(chars: &[(usize, char)], mut i: usize, lines: &mut u32) -> Option<usize> {
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
fn squares_at(chars: &[(usize, char)], i: usize, strays: bool) -> Option<Part> {
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
    (squares >= 2 && closes(chars, k)).then_some(Part {
        start: i,
        end: k,
        read,
        part: OcrPart::Squares,
        squares,
    })
}

/// W/B at `i`: men of each side, 1-16, a slash between (`3/3`, `l0/9`, `4/S`).
fn men_at(chars: &[(usize, char)], i: usize) -> Option<Part> {
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
    closes(chars, k).then_some(Part {
        start: i,
        end: k,
        read,
        part: OcrPart::Men,
        squares: 0,
    })
}

/// Kings standing before the code that starts at `code`: two squares, apart from it by blanks
/// (one line end at most), starting a token.
fn kings_before(chars: &[(usize, char)], code: usize) -> Option<Part> {
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

mod suspect;
pub(crate) use suspect::{accept, suspects};

#[cfg(test)]
mod tests;
