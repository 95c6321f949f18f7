//! The built-in label rules line by line (docs/printing.md, "Labels", the table): what one
//! line says, a study number of each kind or a caption ending in a year.

use super::MAX_LABEL;

/// What a line gives under the built-in rules.
pub(super) enum Line {
    /// A study number, its text's range in the line.
    Number(usize, usize),
    /// A caption ending in a year, its range in the line.
    Caption(usize, usize),
}

/// A byte that may stand around a label's text without changing it: an ASCII space or control
/// byte (a page break's form feed, docs/reading.md), or 0xA0 (a Latin-1 no-break space).
pub(super) fn is_blank(b: u8) -> bool {
    crate::parse::space::is_control_or_space(b) || b == 0xA0
}

/// The digits at the start of `s`: their count.
pub(super) fn digits(s: &[u8]) -> usize {
    s.iter().take_while(|b| b.is_ascii_digit()).count()
}

/// True when `line` is a study number of a magazine's or a book's kind (`No 18776`, `Nr. 12`,
/// `- 31 -`, `EG#12345`), blanks around it ignored: the start of a study block, which labels
/// it from any line above its code and which a sign above it does not cross
/// (`crate::context::lines`).
pub fn is_study_number(line: &[u8]) -> bool {
    block_number_in(line).is_some()
}

/// The rest of `line` after the number of a magazine's study number that opens it (`No 12`,
/// `Nr. 12`, `No. 14`), blanks before it ignored: `No 12 White to play and win` gives
/// ` White to play and win`. `None` when no such number opens the line.
pub fn after_number(line: &[u8]) -> Option<&[u8]> {
    let a = line.iter().position(|&b| !is_blank(b))?;
    let (_, end) = numbered(&line[a..])?;
    Some(&line[a + end..])
}

/// True when `line`, blanks around it ignored, is a study's source caption: a text ending in a
/// year (`Een ander, EG 2014`, `Schakend Nederland, 1962`), perhaps with an honour after the
/// year (`EG, 2014, 4de Eervolle Vermelding`), the line a book sets under a study's number.
pub fn is_source_line(line: &[u8]) -> bool {
    let Some(a) = line.iter().position(|&b| !is_blank(b)) else {
        return false;
    };
    let b = line
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(a, |b| b + 1);
    let s = &line[a..b];
    ends_in_year(s) || ends_in_year_and_honour(s)
}

/// The number's range in `line` when [`is_study_number`].
pub(super) fn block_number_in(line: &[u8]) -> Option<(usize, usize)> {
    let a = line.iter().position(|&b| !is_blank(b))?;
    let b = line.iter().rposition(|&b| !is_blank(b))? + 1;
    let s = &line[a..b];
    let (x, y) = match s[0] {
        b'N' => numbered(s),
        b'-' | 0xE2 | 0x96 => dashed(s),
        b'E' if s.starts_with(b"EG#") => lettered(s),
        _ => None,
    }?;
    Some((a + x, a + y))
}

/// What one line says under the built-in rules; ranges are within `line`.
pub(super) fn recognise(line: &[u8]) -> Option<Line> {
    // Most lines of prose start with a small letter and end in a letter or a stop: no rule
    // reads them.
    if let (Some(first), Some(&last)) = (line.first(), line.last())
        && first.is_ascii_lowercase()
        && !last.is_ascii_digit()
        && !is_blank(last)
    {
        return None;
    }
    let a = line.iter().position(|&b| !is_blank(b))?;
    let b = line.iter().rposition(|&b| !is_blank(b))? + 1;
    let s = &line[a..b];
    let number = match s[0] {
        b'N' => numbered(s),
        b'-' | 0xE2 | 0x96 => dashed(s),
        b'0'..=b'9' => dotted(s).or_else(|| dash_after(s)),
        b'A'..=b'Z' => lettered(s),
        _ => None,
    };
    if let Some((x, y)) = number {
        return Some(Line::Number(a + x, a + y));
    }
    if ends_in_year(s) || ends_in_year_and_honour(s) {
        return Some(Line::Caption(a, b));
    }
    None
}

/// A source caption whose year an honour follows (`EG, 2014, 4de Eervolle Vermelding`, as a
/// book sets a study with no number of its own): at most [`MAX_LABEL`] bytes, ending in a
/// letter or a full stop, the honour ([`crate::citation::split_honour`]) after a text ending
/// in a year 1800-2099.
fn ends_in_year_and_honour(s: &[u8]) -> bool {
    // Most lines end in another word: the last word is tested first, then the digits.
    if s.len() > MAX_LABEL || !ends_in_award_word(s) {
        return false;
    }
    if !s.windows(4).any(|w| w.iter().all(u8::is_ascii_digit)) {
        return false;
    }
    let text = crate::text::text_of(s);
    crate::citation::split_honour(&text).is_some_and(|(_, rest)| ends_in_year(rest.as_bytes()))
}

/// `No 18776`, `No. 18776`, `Nr 12`, `Nr.12`: the number.
pub(super) fn numbered(s: &[u8]) -> Option<(usize, usize)> {
    if !(s.starts_with(b"No") || s.starts_with(b"Nr")) {
        return None;
    }
    let mut i = 2;
    if s.get(i) == Some(&b'.') {
        i += 1;
    }
    while s.get(i).is_some_and(|&b| is_blank(b)) {
        i += 1;
    }
    let n = digits(&s[i..]);
    let after = s.get(i + n).copied();
    (n > 0 && n <= 6 && after.is_none_or(|b| !b.is_ascii_alphanumeric())).then_some((i, i + n))
}

/// The en dash as Word and LibreOffice write it where a hyphen was typed: UTF-8, and the
/// Windows-1252 byte of a text export.
pub(super) const EN_DASHES: [&[u8]; 2] = ["\u{2013}".as_bytes(), b"\x96"];

/// The length in bytes of the dash `s` starts with, a hyphen-minus or an en dash
/// ([`EN_DASHES`]); 0 for none.
pub(super) fn dash_len(s: &[u8]) -> usize {
    if s.first() == Some(&b'-') {
        return 1;
    }
    EN_DASHES
        .iter()
        .find(|d| s.starts_with(d))
        .map_or(0, |d| d.len())
}

/// `- 31 -` and nothing else: the number. Either dash may be an en dash and blanks around
/// the number may be several (`- 72 –`, `– 151 -`, `-  71 -`: a Word manuscript's labels).
pub(super) fn dashed(s: &[u8]) -> Option<(usize, usize)> {
    let open = dash_len(s);
    let close = [b"-".as_slice(), EN_DASHES[0], EN_DASHES[1]]
        .into_iter()
        .find(|d| s.ends_with(d))
        .map_or(0, <[u8]>::len);
    if open == 0 || close == 0 || open + close > s.len() {
        return None;
    }
    let inner = &s[open..s.len() - close];
    let a = inner.iter().position(|&b| !is_blank(b))?;
    let n = digits(&inner[a..]);
    let rest = &inner[a + n..];
    (n > 0 && n <= 6 && rest.iter().all(|&b| is_blank(b))).then_some((open + a, open + a + n))
}

/// `36 -` alone: a `- 36 -` whose opening dash a text export lost (a Word manuscript's, as
/// `- 85` after a directory's code lost its closing one): the number.
pub(super) fn dash_after(s: &[u8]) -> Option<(usize, usize)> {
    let n = digits(s);
    let gap = s[n..].iter().take_while(|&&b| is_blank(b)).count();
    ((1..=6).contains(&n) && gap > 0 && dash_len(&s[n + gap..]) == s.len() - n - gap)
        .then_some((0, n))
}

/// `18776.` alone, or before a word with no digit (a name, not a move such as `1. Kb2`).
pub(super) fn dotted(s: &[u8]) -> Option<(usize, usize)> {
    let n = digits(s);
    if n > 6 || s.get(n) != Some(&b'.') {
        return None;
    }
    let rest = &s[n + 1..];
    let word_start = rest.iter().position(|&b| !is_blank(b));
    let ok = match word_start {
        None => true,
        Some(0) => false, // `1.Kb2`, `1...`, `0002.01`
        Some(w) => {
            let word = rest[w..].split(|&b| is_blank(b)).next().unwrap_or_default();
            word[0].is_ascii_alphabetic() && !word.iter().any(u8::is_ascii_digit)
        }
    };
    ok.then_some((0, n))
}

/// `EG#12345`, or one capital and 2-5 digits then a blank, `:` or nothing (`E324`).
pub(super) fn lettered(s: &[u8]) -> Option<(usize, usize)> {
    if let Some(rest) = s.strip_prefix(b"EG#") {
        let n = digits(rest);
        return (n > 0 && rest.get(n).is_none_or(|b| !b.is_ascii_alphanumeric()))
            .then_some((0, 3 + n));
    }
    let n = digits(&s[1..]);
    let after = s.get(1 + n).copied();
    ((2..=5).contains(&n) && after.is_none_or(|b| is_blank(b) || b == b':')).then_some((0, 1 + n))
}

/// A caption ending in a year: at most [`MAX_LABEL`] bytes, a letter in it, and a year
/// 1800-2099 at its end after a blank or a comma.
pub(super) fn ends_in_year(s: &[u8]) -> bool {
    let len = s.len();
    if !(6..=MAX_LABEL).contains(&len) || !s[len - 1].is_ascii_digit() {
        return false;
    }
    let year = &s[len - 4..];
    let before = s[len - 5];
    digits(year) == 4
        && matches!(&year[..2], b"18" | b"19" | b"20")
        && (is_blank(before) || before == b',')
        && s[..len - 5].iter().any(u8::is_ascii_alphabetic)
}

/// The built-in rules after a code: the range of the label in `segment` (the rest of the
/// code's line, before the next code).
pub(super) fn after_builtin(segment: &[u8]) -> Option<(usize, usize)> {
    // Blanks and dot leaders; at least one blank: the label stands apart from the code.
    let lead = segment
        .iter()
        .take_while(|&&b| is_blank(b) || b == b'.')
        .count();
    if !segment.first().is_some_and(|&b| is_blank(b)) || lead == segment.len() {
        return None;
    }
    let s = &segment[lead..];
    let tail_ok = |end: usize| {
        // The label ends the line (or the text before the next code), or a column's gap
        // follows it: two blanks or a tab (`31   a1b2 0000.10`); a single space and a word
        // after a number are prose (`12 times`).
        let after = &s[end..];
        let blanks = after.iter().take_while(|&&b| is_blank(b)).count();
        blanks == after.len() || blanks >= 2 || after[..blanks].contains(&b'\t')
    };
    let open = dash_len(s);
    let found = match s[0] {
        _ if open > 0 => {
            // `- 31 -`: the closing dash is the second. Else `- 85`, a label whose closing
            // dash the extraction lost: the number ends the line or a column's gap follows.
            let closed = (open..s.len())
                .find_map(|i| Some(i + dash_len(&s[i..])).filter(|&e| e > i))
                .and_then(|close| dashed(&s[..close]).filter(|_| tail_ok(close)));
            closed.or_else(|| {
                let gap = s[open..].iter().take_while(|&&b| is_blank(b)).count();
                let n = digits(&s[open + gap..]);
                let at = open + gap;
                ((1..=6).contains(&n) && tail_ok(at + n)).then_some((at, at + n))
            })
        }
        b'N' => numbered(s).filter(|&(_, e)| tail_ok(e)),
        b'0'..=b'9' => {
            // A number, or a list of numbers separated by commas, each of 1-6 digits.
            let mut end = digits(s);
            if end > 6 {
                return None;
            }
            while s.get(end) == Some(&b',') {
                let gap = s[end + 1..].iter().take_while(|&&b| is_blank(b)).count();
                let n = digits(&s[end + 1 + gap..]);
                if !(1..=6).contains(&n) {
                    break;
                }
                end += 1 + gap + n;
            }
            tail_ok(end).then_some((0, end))
        }
        _ => None,
    }?;
    Some((lead + found.0, lead + found.1))
}

/// True when the last word of `s` (a final full stop or comma aside) may end an honour: one of
/// [`crate::citation::AWARD_WORDS`], its case aside; a word with a byte past ASCII is left to
/// the full test.
fn ends_in_award_word(s: &[u8]) -> bool {
    let start = s.iter().rposition(|&b| is_blank(b)).map_or(0, |i| i + 1);
    let mut word = &s[start..];
    while let [rest @ .., b'.' | b','] = word {
        word = rest;
    }
    if !(2..=12).contains(&word.len()) {
        return false;
    }
    !word.is_ascii()
        || crate::citation::AWARD_WORDS
            .iter()
            .any(|w| w.as_bytes().eq_ignore_ascii_case(word))
}
