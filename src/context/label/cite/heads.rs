//! The head lines of a book's page (docs/printing.md, "Citations", "The head of a study"):
//! its first line when it opens with a book's number (`-2EBUR, 1999`, `- 141 -`), any later
//! line in a strict form of one (`- 31 -`, `- 30 Origineel, 2008`, `-8Origineel`), and a
//! number closing a line of prose (`stelling: - 12 -`).

use memchr::memchr;

use super::text;
use crate::citation;
use crate::context::label::{block_number_in, digits, is_blank};

/// The number of a book's page head (`-2EBUR, 1999`, `- 10 EBUR, 2001`, `- 141 -`, `- 205`,
/// `- 2 - EBUR, 1999`): a dash, 1-4 digits, then the end, a closing dash, or a text that
/// starts with no number alone (`- 92 1° Concorso`, but not `- 12 34`); its range in `line`,
/// and where the text after it starts.
pub(crate) fn page_number(line: &[u8]) -> Option<((usize, usize), usize)> {
    let a = line.iter().position(|&b| !is_blank(b))?;
    if line[a] != b'-' {
        return None;
    }
    let gap = line[a + 1..].iter().take_while(|&&b| is_blank(b)).count();
    let from = a + 1 + gap;
    let n = digits(&line[from..]);
    if !(1..=4).contains(&n) {
        return None;
    }
    let mut rest = from + n;
    let blanks = line[rest..].iter().take_while(|&&b| is_blank(b)).count();
    if line.get(rest + blanks) == Some(&b'-') {
        // `- 31 -`, `- 2 - EBUR, 1999`; not `-2-3`.
        let after = line.get(rest + blanks + 1).copied();
        if after.is_some_and(|b| b.is_ascii_digit()) {
            return None;
        }
        rest += blanks + 1;
    } else if line.get(rest + blanks).is_some_and(u8::is_ascii_digit) {
        // A source that starts with a digit: `- 28 64 studies op 64 velden, 1994` (ending in
        // a year) or `- 92 1° Concorso` (an ordinal: a digit glued to a letter or a sign);
        // `-2-3`, `- 12 34`, `- 3 1.Kb2` are no heads.
        let word = &line[rest + blanks..];
        let glued = word.get(digits(word)).copied();
        let ordinal = glued.is_some_and(|b| b.is_ascii_alphabetic() || b >= 0x80);
        let after = crate::text::text_of(word);
        if blanks == 0 || (!ordinal && citation::ends_in_year(&after).is_none()) {
            return None;
        }
    }
    Some(((from, from + n), rest))
}

/// A head on a page's later line, in a strict form: `- 31 -` alone (either dash an en dash),
/// or a number and a source ending in a year (`- 30 Origineel, 2008`), or a number glued to
/// a capital (`-8Origineel`: the export's join). Returns whether the number stands alone.
pub(super) fn later_head(line: &[u8]) -> Option<bool> {
    if dashed_alone(line) {
        return Some(true);
    }
    let ((_, b), rest) = page_number(line)?;
    let after = text(&line[rest..]);
    let glued = rest == b && line.get(b).is_some_and(u8::is_ascii_uppercase);
    (glued || (!after.is_empty() && citation::ends_in_year(&after).is_some())).then_some(false)
}

/// True when `line` (blanks before it left out) is a number alone between dashes (`- 31 -`,
/// `– 334 –`: either dash an en dash): a head alone ([`later_head`]), or a page's folio.
pub(super) fn dashed_alone(line: &[u8]) -> bool {
    matches!(line.first(), Some(b'-' | 0xE2 | 0x96)) && block_number_in(line).is_some()
}

/// A head line of a page: its range, and whether its number stands alone on it.
#[derive(Debug, Clone, Copy)]
pub(super) struct HeadLine {
    pub start: usize,
    pub end: usize,
    pub alone: bool,
}

/// The head lines of the page `start..end`: its first line that is not blank when it is a
/// book's number ([`page_number`], a stray full stop or comma before the dash allowed), every
/// later line in a strict form ([`later_head`]), and any line of prose closed by a book's
/// number ([`number_after_prose`]; the head line is then the number's part of it).
pub(super) fn heads(buf: &[u8], start: usize, end: usize) -> Vec<HeadLine> {
    let mut heads = Vec::new();
    let mut first = true;
    let mut at = start;
    while at < end {
        let line_end = memchr(b'\n', &buf[at..end]).map_or(end, |i| at + i);
        let line = &buf[at..line_end];
        if let Some(lead) = line.iter().position(|&b| !is_blank(b)) {
            let rest = &line[lead..];
            let alone = if first {
                let unmarked = match rest {
                    [b'.' | b',', b'-', ..] => &rest[1..],
                    _ => rest,
                };
                page_number(unmarked)
                    .map(|(_, after)| unmarked[after..].iter().all(|&c| is_blank(c)))
                    .or_else(|| later_head(rest))
            } else if matches!(rest[0], b'-' | 0xE2 | 0x96) {
                later_head(rest)
            } else {
                None
            };
            let (alone, from) = match alone {
                Some(alone) => (
                    Some(alone),
                    usize::from(matches!(rest, [b'.' | b',', b'-', ..])),
                ),
                None => match number_after_prose(rest) {
                    Some(open) => (Some(false), open),
                    None => (None, 0),
                },
            };
            if let Some(alone) = alone {
                heads.push(HeadLine {
                    start: at + lead + from,
                    end: line_end,
                    alone,
                });
            }
            first = false;
        }
        at = line_end + 1;
    }
    heads
}

/// A book's number closing a line of prose (`stelling: - 12 -`, `Met winst. - 33 -`,
/// `motifs.” - 254 -`): LibreOffice's PDF of the 2017 manuscript gives a number it set in a
/// frame of its own at the end of the prose line beside it. The line ends in `- N -` (1-4
/// digits, either dash an en dash, blanks inside allowed), a blank and some text before it,
/// and holds no `dddd.dd` (a directory's entry with its label is no head). Returns where the
/// number's opening dash starts in `line`.
pub(super) fn number_after_prose(line: &[u8]) -> Option<usize> {
    let end = line.iter().rposition(|&b| !is_blank(b))? + 1;
    let s = &line[..end];
    let close = dash_before(s, end)?;
    let mut at = close;
    while at > 0 && is_blank(s[at - 1]) {
        at -= 1;
    }
    let n = s[..at]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if !(1..=4).contains(&n) {
        return None;
    }
    at -= n;
    while at > 0 && is_blank(s[at - 1]) {
        at -= 1;
    }
    let open = dash_before(s, at)?;
    let prose = &s[..open];
    let blank_before = prose.last().is_some_and(|&b| is_blank(b));
    let has_text = prose.iter().any(|&b| !is_blank(b));
    let code = (0..prose.len()).any(|i| crate::finder::is_token(prose, i));
    (blank_before && has_text && !code && block_number_in(&s[open..]).is_some()).then_some(open)
}

/// The start of the dash (`-`, an en dash in UTF-8 or Windows-1252) that ends at `end` in `s`.
fn dash_before(s: &[u8], end: usize) -> Option<usize> {
    if s[..end].ends_with("\u{2013}".as_bytes()) {
        Some(end - 3)
    } else {
        matches!(s[..end].last(), Some(b'-' | 0x96)).then(|| end - 1)
    }
}
