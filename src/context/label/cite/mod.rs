//! A study's citation read from its block (docs/printing.md, "Citations"): the number line
//! that heads it, the lines under that line down to the code, and the award heading above a
//! run of studies.
//!
//! The **head** of a study is the line of its number: the label when the label is a study
//! number ([`LabelKind::Number`]), else the first line of the code's page when it opens with a
//! book's number (`-2EBUR, 1999`, `- 10 EBUR, 2001`, `- 141 -`): at any distance down to the
//! code on the same page (a form feed before it, at most [`PAGE_REACH`] bytes up, or the
//! text's start), with no code and no other study number between. Read from the head:
//!
//! | head | fields |
//! | --- | --- |
//! | `No 18601 S. Didukh`, `Nr. 12 A & B` | `number`, `composers` from the rest of the line |
//! | `- 31 -`, `-2EBUR, 1999`, `- 53 Tim Crabbé-60 Compositie` | `number`, `source` and `year` from the rest, continued on the next two lines until a year ends it |
//! | `E324  Eddy Van Espen`, `E312 Berendsen (+0031.10...)` | `number`, `composers` from the name before the position |
//! | `EG#12345`, `18776.` | `number` |
//!
//! The lines under the head, down to the code (at most [`HEAD_LINES`] that are not blank or
//! a board's, ending at a line longer than [`MAX_HEAD_LINE`] bytes or another number), give
//! the `honour` (`1st prize`, `2de Prijs`: [`crate::citation::honour`]) and, where the head gave
//! none, the `source` and `year` (a line ending in a year: `Schakend Nederland, 1962`;
//! `1st Prize, Some Memorial Tourney 2011-2012` gives both). A caption label (a line ending
//! in a year) with no head gives `source`, `year` and `honour` the same way.
//!
//! An **award heading** (`Didukh-60 JT 2012`: [`awards::is_award_heading`]) is the source of every
//! study under it, on the same page and within [`AWARD_REACH`] bytes, until the next heading:
//! [`Awards`] carries it from code to code as the scan reads them, a state of its own so that
//! a heading carried across pages can move into the scanner's stitch.

use compact_str::CompactString;
use memchr::{memchr, memchr_iter, memrchr};

use crate::citation::{self, Citation};

use super::{FORM_FEED, Label, LabelKind, block_number_in, is_blank};

mod awards;

pub(crate) use awards::Awards;

/// Bytes before a code in which the head of its page is looked for, at most: a book's page.
pub const PAGE_REACH: usize = 16 * 1024;

/// Lines under a head read for the honour and source, at most (blank lines and a board's
/// lines not counted).
pub const HEAD_LINES: usize = 6;

/// A line under a head longer than this is prose: it ends the head.
pub const MAX_HEAD_LINE: usize = 80;

/// Bytes above a code within which an award heading is the source of its study, at most.
pub const AWARD_REACH: usize = 16 * 1024;

/// The citation of the code starting at `code_start` in `buf` whose label is `label` (and
/// whose study block starts at `floor`), with `award` the award heading above it, if any, and
/// the offset of the head line it was read from (or of the label): `None` when nothing is
/// known. A label of the user's pattern, or one written after the code, is the number.
pub(crate) fn read(
    buf: &[u8],
    floor: usize,
    code_start: usize,
    label: Option<&Label>,
    award: Option<&Citation>,
) -> Option<(Citation, Option<usize>)> {
    let mut cite = Citation::default();
    match label {
        Some(l) if l.kind == LabelKind::Pattern => cite.number = citation::field(&l.text),
        Some(l) if l.kind == LabelKind::After => cite.number = citation::field(&l.text),
        // `18776.`, `E324`: the number, whatever its line holds besides.
        Some(l) if l.kind == LabelKind::Number => cite.number = citation::field(&l.text),
        _ => {}
    }
    let head = match label {
        Some(l) if l.kind == LabelKind::Number => Some(line_around(buf, l.at, code_start)),
        Some(l) if l.kind == LabelKind::Pattern || l.kind == LabelKind::After => None,
        _ => page_head(buf, floor, code_start),
    };
    let mut at = label.map(|l| l.at);
    if let Some((start, end)) = head {
        read_head(buf, start, end, code_start, &mut cite);
        at = Some(at.map_or(start, |a| a.min(start)));
    } else if let Some(l) = label.filter(|l| l.kind == LabelKind::Caption) {
        source_line(&l.text, &mut cite);
    }
    if let Some(award) = award
        && cite.source.is_none()
    {
        cite.source = award.source.clone();
        cite.year = cite.year.or(award.year);
    }
    (!cite.is_empty()).then_some((cite, at))
}

/// The line of `buf` holding `at`, ended before `limit`: its start and end.
fn line_around(buf: &[u8], at: usize, limit: usize) -> (usize, usize) {
    let start = memrchr(b'\n', &buf[..at]).map_or(0, |i| i + 1);
    let start = memrchr(FORM_FEED, &buf[start..at]).map_or(start, |i| start + i + 1);
    let end = memchr(b'\n', &buf[at..limit]).map_or(limit, |i| at + i);
    (start, end)
}

/// The start of the page holding `at`: after the last form feed at most [`PAGE_REACH`] bytes
/// before it and after `floor` (the end of the code before, 0 for none known: a page that
/// starts before that code has it between its head and this code), else the text's start when
/// that is as near and no code stands before; `None` when neither is. So each code reads
/// only the bytes since the code before, and a scan's cost stays linear.
pub(crate) fn page_start(buf: &[u8], floor: usize, at: usize) -> Option<usize> {
    let from = at.saturating_sub(PAGE_REACH).max(floor.min(at));
    match memrchr(FORM_FEED, &buf[from..at]) {
        Some(i) => Some(from + i + 1),
        None => (from == 0).then_some(0),
    }
}

/// The head of the code at `code_start` when its page opens with a book's number: the first
/// line of the page that is not blank, when it is one ([`page_number`]) and neither a code nor
/// another study number stands between it and the code; never before `floor` when a form
/// feed stands after `floor` (the code before is on an earlier page).
fn page_head(buf: &[u8], floor: usize, code_start: usize) -> Option<(usize, usize)> {
    let page = page_start(buf, floor, code_start)?;
    let mut at = page;
    // The first line that is not blank, before the code's line.
    let (start, end) = loop {
        let end = memchr(b'\n', &buf[at..code_start]).map(|i| at + i)?;
        if buf[at..end].iter().all(|&b| is_blank(b)) {
            at = end + 1;
            continue;
        }
        break (at, end);
    };
    page_number(&buf[start..end])?;
    // No code between the head and this code: the code before stands above the head.
    if floor > end && has_token(buf, end, floor) {
        return None;
    }
    if has_token(buf, end, code_start) || has_number_line(buf, end, code_start) {
        return None;
    }
    Some((start, end))
}

/// True when a `dddd.dd` token starts in `from..to`.
fn has_token(buf: &[u8], from: usize, to: usize) -> bool {
    memchr_iter(b'.', &buf[from..to.min(buf.len())])
        .filter_map(|dot| (from + dot).checked_sub(4))
        .any(|i| i >= from && i < to && crate::finder::is_token(buf, i))
}

/// True when a line of `from..to` (after the line `from` ends) is a study number.
fn has_number_line(buf: &[u8], from: usize, to: usize) -> bool {
    let mut at = from;
    while let Some(i) = memchr(b'\n', &buf[at..to]) {
        let start = at + i + 1;
        let end = memchr(b'\n', &buf[start..to]).map_or(to, |j| start + j);
        let line = &buf[start..end];
        let first = line.iter().copied().find(|&b| !is_blank(b));
        if matches!(first, Some(b'-' | b'N')) && block_number_in(line).is_some() {
            return true;
        }
        at = end;
        if end == to {
            break;
        }
    }
    false
}

/// The number of a book's page head (`-2EBUR, 1999`, `- 10 EBUR, 2001`, `- 141 -`, `- 205`,
/// `- 2 - EBUR, 1999`): a dash, 1-4 digits, then the end, a closing dash, or a text that
/// starts with no digit; its range in `line`, and where the text after it starts.
fn page_number(line: &[u8]) -> Option<((usize, usize), usize)> {
    let a = line.iter().position(|&b| !is_blank(b))?;
    if line[a] != b'-' {
        return None;
    }
    let gap = line[a + 1..].iter().take_while(|&&b| is_blank(b)).count();
    let from = a + 1 + gap;
    let n = super::digits(&line[from..]);
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
        // `- 28 64 studies op 64 velden, 1994`: a source that starts with a digit is one
        // only when it ends in a year; `-2-3`, `- 12 34` are not heads.
        let after = crate::text::text_of(&line[rest + blanks..]);
        if blanks == 0 || citation::ends_in_year(&after).is_none() {
            return None;
        }
    }
    Some(((from, from + n), rest))
}

/// Reads the head line `start..end` and the lines under it down to `code_start` into `cite`.
fn read_head(buf: &[u8], start: usize, end: usize, code_start: usize, cite: &mut Citation) {
    let (mut continued, mut opens_source) = head_line(&buf[start..end], cite);
    let mut continuations = 0;
    let mut opened = false;
    let mut read = 0;
    let mut at = end;
    while read < HEAD_LINES && at < code_start {
        let next = at + 1;
        let line_end =
            memchr(b'\n', &buf[next.min(code_start)..code_start]).map_or(code_start, |i| next + i);
        if next >= code_start || line_end >= code_start {
            break; // the code's own line
        }
        at = line_end;
        let raw = &buf[next..line_end];
        if raw.iter().all(|&b| is_blank(b)) || crate::diagram::is_board_line(raw) {
            if continued.is_some() && raw.iter().all(|&b| is_blank(b)) {
                source_line(&continued.take().unwrap_or_default(), cite);
            }
            continue;
        }
        read += 1;
        let l = text(raw);
        if l.len() > MAX_HEAD_LINE || block_number_in(raw).is_some() {
            break;
        }
        if std::mem::take(&mut opens_source) && starts_source(&l) {
            continued = Some(l);
            opened = true;
            continue;
        }
        if let Some(partial) = continued.as_mut() {
            if citation::ends_in_year(partial).is_none() && continuations < 2 {
                continuations += 1;
                match citation::split_honour(&l) {
                    Some((honour, rest)) => {
                        cite.honour = cite.honour.take().or_else(|| citation::field(honour));
                        push_words(partial, rest);
                    }
                    None => push_words(partial, &l),
                }
                continue;
            }
            source_line(&continued.take().unwrap_or_default(), cite);
        }
        if cite.honour.is_none()
            && let Some(h) = citation::honour(&l)
        {
            cite.honour = citation::field(h);
            continue;
        }
        if cite.source.is_none() && citation::ends_in_year(&l).is_some() {
            source_line(&l, cite);
        }
    }
    if let Some(partial) = continued
        && (!opened || citation::ends_in_year(&partial).is_some())
    {
        source_line(&partial, cite);
    }
}

/// True when a line under a `- 73 -` may start its source: at most 60 bytes, a letter (or a
/// quote) first, at least three letters, and neither an honour nor a move (`1.Kb2`).
fn starts_source(line: &str) -> bool {
    let first = line.chars().next().unwrap_or(' ');
    line.len() <= 60
        && (first.is_alphabetic() || "\"“'‘".contains(first) || first.is_ascii_digit())
        && line.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && citation::honour(line).is_none()
        && !line.contains("...")
        && !line.split_whitespace().next().is_some_and(|w| {
            w.bytes().next().is_some_and(|b| b.is_ascii_digit()) && w.contains('.')
        })
}

/// Reads the head line itself into `cite`: its number, and the composers of a `No N` line.
/// Returns the source it starts (the rest of a book's `- 53 Tim Crabbé-60 Compositie`), and
/// whether the line is a `- 73 -` alone, whose first line under it may start the source
/// (`Origineel`, then a blank line), kept if a blank line or a year ends it.
fn head_line(line: &[u8], cite: &mut Citation) -> (Option<String>, bool) {
    if let Some(((a, b), rest)) = page_number(line) {
        cite.number = citation::field(&text(&line[a..b]));
        let rest = text(&line[rest..]);
        return if rest.trim().is_empty() {
            (None, true)
        } else {
            (Some(rest), false)
        };
    }
    if let Some((a, b)) = block_number_in(line)
        && line.iter().find(|&&b| !is_blank(b)) == Some(&b'N')
    {
        cite.number = citation::field(&text(&line[a..b]));
        name_line(&text(&line[b..]), cite);
    } else if let Some(lead) = line.iter().position(|&b| !is_blank(b))
        && line[lead].is_ascii_uppercase()
        && !line[lead..].starts_with(b"EG#")
        && let Some((_, b)) = super::lettered(&line[lead..])
    {
        // Probleemblad's `E324  Eddy Van Espen`, `E312 Berendsen (+0031.10a1h8h1f4a7)`: the
        // name before the position, never prose after a colon (`E324: De zwarte ...`).
        let rest = text(&line[lead + b..]);
        let name = rest.split('(').next().unwrap_or_default().trim();
        let letters = name.chars().filter(|c| c.is_alphabetic()).count();
        if !rest.starts_with(':')
            && letters >= 3
            && name.len() <= 60
            && !name.chars().any(|c| c.is_ascii_digit())
        {
            cite.composers = citation::split_composers(name);
        }
    }
    (None, false)
}

/// `to` with `words` after a space.
fn push_words(to: &mut String, words: &str) {
    let words = words.trim();
    if !words.is_empty() {
        if !to.is_empty() {
            to.push(' ');
        }
        to.push_str(words);
    }
}

/// The rest of a `No N` line: an honour (with a source after it), a source ending in a year,
/// or the composers.
fn name_line(rest: &str, cite: &mut Citation) {
    let rest = rest.trim();
    if rest.is_empty() {
        return;
    }
    if citation::honour(rest).is_some()
        || citation::split_honour(rest).is_some()
        || citation::ends_in_year(rest).is_some()
    {
        source_line(rest, cite);
        return;
    }
    cite.composers = citation::split_composers(rest);
}

/// A source line (`EBUR, 1999`, `1st Prize, Some Memorial Tourney 2011-2012`,
/// `Rishon-le-Zion Chess Club 60JT, 1998 2de Prijs`): its honour, source and year into
/// `cite` where not known yet; a line with no year is the source as it is.
fn source_line(line: &str, cite: &mut Citation) {
    let mut line = line.trim();
    if let Some((honour, rest)) = citation::split_honour(line) {
        if cite.honour.is_none() {
            cite.honour = citation::field(honour);
        }
        line = rest;
    } else if let Some(h) = citation::honour(line) {
        if cite.honour.is_none() {
            cite.honour = citation::field(h);
        }
        return;
    }
    if cite.source.is_some() {
        return;
    }
    match citation::ends_in_year(line) {
        Some((source, year)) => {
            cite.source = citation::field(&citation::join_spaced(source));
            cite.year = Some(year);
        }
        None => cite.source = citation::field(&citation::join_spaced(line)),
    }
}

/// The text of `bytes`: UTF-8, else Windows-1252.
fn text(bytes: &[u8]) -> String {
    crate::text::text_of(bytes).trim().to_string()
}

/// The number of a label read after a code or by a table: its text.
pub(crate) fn number_only(text: &str) -> Option<Citation> {
    let cite = Citation {
        number: citation::field(text).map(|n| CompactString::from(n.as_str())),
        ..Citation::default()
    };
    (!cite.is_empty()).then_some(cite)
}

#[cfg(test)]
mod tests;
