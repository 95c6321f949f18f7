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
//! `1st Prize, Some Memorial Tourney 2011-2012` gives both). A first publication's word alone
//! on a line (`Origineel`, `Original, 2011`: [`citation::original`]) is the source at any
//! distance under the head down to the code. A caption label (a line ending in a year, or in a
//! year and an honour) with no head gives `source`, `year` and `honour` the same way.
//!
//! An **award heading** (`Didukh-60 JT 2012`: [`awards::is_award_heading`]) is the source of every
//! study under it, each within [`AWARD_REACH`] bytes of the one before, until the next heading:
//! [`Awards`] reads the headings as the scan reads the codes, and the scanner's stitcher
//! carries the one in force ([`AwardRun`]) in order, over page breaks and chunks.
//!
//! A **head at a page's foot** (`- 18 -`, its source, the folio: the `foot` module) is the head
//! of the next page's first study when that study has none of its own: read by the chunk over
//! a form feed ([`foot_before`]), by the stitcher over a PDF's page break ([`foot_read`]).

use compact_str::CompactString;
use memchr::{memchr, memrchr};

use crate::citation::{self, Citation};

use super::{FORM_FEED, Label, LabelKind, block_number_in, is_blank};

mod awards;
mod folio;
mod foot;
mod heads;
mod honest;
mod page;
mod source;

pub(crate) use awards::{AwardRun, Awards};
pub(crate) use foot::{apply_foot, foot_before, foot_read};
use heads::page_number;
pub(crate) use honest::page_label;
pub(crate) use page::{PageHead, Pages};
use source::{ends_source, first_publication, original_below, source_line, starts_source};

/// Bytes before a code in which the head of its page is looked for, at most: a book's page.
pub const PAGE_REACH: usize = 16 * 1024;

/// Lines under a head read for the honour and source, at most (blank lines and a board's
/// lines not counted).
pub const HEAD_LINES: usize = 6;

/// A line under a head longer than this is prose: it ends the head.
pub const MAX_HEAD_LINE: usize = 80;

/// Bytes between a code under an award heading and the code before it (or the heading), at
/// most: a longer gap ends the award's run.
pub const AWARD_REACH: usize = 16 * 1024;

/// The citation of the code starting at `code_start` in `buf` whose label is `label`, with
/// `page` what its page says of its head ([`Pages`]), and the offset of the head line it was read from (or of the label) when the
/// scanner's stitcher is to drop it with a label that belongs to the code before; `None` when
/// nothing is known. A label of the user's pattern, or one written after the code, is the
/// number; a study number other than a book's dashed one (`No 18601`, `18776.`) is the head;
/// else the page decides where it prints a book's numbers.
pub(crate) fn read(
    buf: &[u8],
    code_start: usize,
    label: Option<&Label>,
    page: PageHead,
) -> Option<(Citation, Option<usize>)> {
    let mut cite = Citation::default();
    let kind = label.map(|l| l.kind);
    if matches!(
        kind,
        Some(LabelKind::Pattern | LabelKind::After | LabelKind::Number)
    ) {
        cite.number = citation::field(label.map(|l| l.text.as_str()).unwrap_or_default());
    }
    let dashed = label.is_some_and(|l| {
        l.kind == LabelKind::Number && {
            let (start, _) = line_around(buf, l.at, code_start);
            matches!(buf.get(start), Some(b'-' | 0xE2 | 0x96))
        }
    });
    let mut at = label.map(|l| l.at);
    let mut caption = kind == Some(LabelKind::Caption);
    match (kind, page) {
        (Some(LabelKind::Pattern | LabelKind::After), _) => {}
        (Some(LabelKind::Number), _) if !dashed || page == PageHead::NoHeads => {
            let l = label.expect("a label");
            let (start, end) = line_around(buf, l.at, code_start);
            read_head(buf, start, end, code_start, &mut cite);
            at = Some(at.map_or(start, |a| a.min(start)));
        }
        (_, PageHead::Head(head)) => {
            cite.number = None;
            let (start, end) = head.line;
            match head.stacked {
                Some(source) => {
                    head_line(&buf[start..end], &mut cite);
                    if let Some((a, b)) = source {
                        let line = text(&buf[a..b]);
                        match page::year_alone(&line) {
                            Some(year) => cite.year = Some(year),
                            None => source_line(&line, &mut cite),
                        }
                    }
                }
                None => read_head(buf, start, end, head.limit, &mut cite),
            }
            // Paired on its page: no other code's.
            at = None;
            caption = false;
        }
        (_, PageHead::Nothing) => {
            cite.number = None;
            at = None;
            // A caption that is one of the page's heads (`- 116 EG, 2010`) is another study's.
            caption &= label.is_some_and(|l| page_number(l.text.as_bytes()).is_none());
        }
        (_, PageHead::NoHeads) => {}
    }
    if caption && let Some(l) = label {
        source_line(&l.text, &mut cite);
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

/// Reads the head line `start..end` and the lines under it down to `code_start` into `cite`.
fn read_head(buf: &[u8], start: usize, end: usize, code_start: usize, cite: &mut Citation) {
    let (mut continued, mut opens_source) = head_line(&buf[start..end], cite);
    // EG's `No 18611` alone, its composer on the next line, or `No 18610 E. Kopilov`, a
    // second composer under it (`& O. Pervakov`).
    let mut names_open = cite.source.is_none()
        && cite.honour.is_none()
        && buf[start..end].iter().find(|&&b| !is_blank(b)) == Some(&b'N');
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
                let partial = continued.take().unwrap_or_default();
                if !opened || ends_source(&partial) {
                    source_line(&partial, cite);
                }
            }
            continue;
        }
        read += 1;
        let mut l = text(raw);
        if l.len() > MAX_HEAD_LINE || block_number_in(raw).is_some() {
            break;
        }
        // `1st prizeXIIIIIIIIY`: the diagram's top frame glued to the line, cut off in place.
        l.truncate(citation::without_frame(&l).len());
        if std::mem::take(&mut names_open) {
            let names = if cite.composers.is_empty() {
                citation::names_only(&l)
            } else {
                citation::more_names(&l)
            };
            if let Some(names) = names {
                cite.composers.extend(names);
                names_open = true;
                continue;
            }
        }
        if cite.source.is_none() && continued.is_none() && first_publication(&l, cite) {
            opens_source = false;
            continue;
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
            let partial = continued.take().unwrap_or_default();
            if !opened || ends_source(&partial) {
                source_line(&partial, cite);
            }
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
        && (!opened || ends_source(&partial))
    {
        source_line(&partial, cite);
    }
    if cite.source.is_none() {
        original_below(buf, end, code_start, cite);
    }
}

/// Reads the head line itself into `cite`: its number, and the composers of a `No N` line.
/// Returns the source it starts (the rest of a book's `- 53 Tim Crabbé-60 Compositie`), and
/// whether the line is a `- 73 -` alone, whose first line under it may start the source
/// (`Origineel`, then a blank line), kept if a blank line or a year ends it.
fn head_line(line: &[u8], cite: &mut Citation) -> (Option<String>, bool) {
    if let Some(((a, b), rest)) = page_number(line) {
        cite.number = citation::field(&text(&line[a..b]));
        let closed = line[b..rest].contains(&b'-');
        let rest = text(&line[rest..]);
        let source = citation::ends_in_year(&rest).is_some()
            || citation::original(&rest).is_some()
            || citation::original_before_text(&rest).is_some();
        return if rest.trim().is_empty() || (closed && !source) {
            // `- 51 - wachten`: a word after a closed number is no source; the line under it
            // may be.
            (None, true)
        } else if first_publication(&rest, cite) {
            (None, false)
        } else {
            (Some(rest), false)
        };
    }
    if let Some((a, b)) = block_number_in(line) {
        cite.number = citation::field(&text(&line[a..b]));
        if line.iter().find(|&&b| !is_blank(b)) != Some(&b'N') {
            // `– 29 –`: a book's number between en dashes.
            return (None, true);
        }
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
/// or the composers; neither a stipulation in words (`No 12 White to play and win`, read by
/// the look-back as a sign line: `crate::context::lines`) nor a note in brackets
/// (`No. 14 (correction)`) names a composer.
fn name_line(rest: &str, cite: &mut Citation) {
    let rest = rest.trim();
    if rest.is_empty()
        || crate::context::lines::words_line(rest.as_bytes()).is_some()
        || (rest.starts_with(['(', '[']) && rest.ends_with([')', ']']))
    {
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

/// The text of `bytes`: UTF-8, else Windows-1252, trimmed, without the mark of a comment that
/// Word's text export leaves at its anchor (`Origineel, 2008[IV2]`: the commenter's initials
/// and the comment's number in brackets) at its end.
fn text(bytes: &[u8]) -> String {
    let text = crate::text::text_of(bytes);
    let text = text.trim();
    let marked = text.strip_suffix(']').and_then(|t| {
        let open = t.rfind('[')?;
        let mark = &t[open + 1..];
        let letters = mark.bytes().take_while(u8::is_ascii_uppercase).count();
        let digits = mark.len() - letters;
        ((1..=4).contains(&letters)
            && (1..=3).contains(&digits)
            && mark[letters..].bytes().all(|b| b.is_ascii_digit()))
        .then(|| t[..open].trim_end())
    });
    marked.unwrap_or(text).to_string()
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
