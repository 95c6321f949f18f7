//! A page's folio (docs/printing.md, "A folio is no number"): a number alone between dashes
//! on a page's first or last line (`– 334 –`, `- 12 -`) that is the page's number, not a
//! study's: on a page that numbers its studies `No N`, or where it follows the folio of the
//! page before. Read once per page by [`super::page`], only where an edge line is such a number.

use memchr::{memchr, memchr_iter, memrchr};

use super::PAGE_REACH;
use super::heads::dashed_alone;
use crate::citation;
use crate::context::label::{FORM_FEED, block_number_in, is_blank};

/// The folio lines ([`folio_lines`]) and the only edge number ([`edge_number`]) of the page
/// `start..end`, its edge lines found once for both.
pub(super) fn folios(buf: &[u8], start: usize, end: usize) -> (Vec<Span>, Option<(Span, u32)>) {
    match edge_lines(buf, start, end) {
        Some(edges) => (
            folio_lines(buf, start, end, edges),
            edge_number_of(buf, end, edges),
        ),
        None => (Vec::new(), None),
    }
}

/// The folio lines of the page `start..end` whose edge lines are `(first, last)`
/// ([`edge_lines`]): each where it is a number alone between dashes (`– 334 –`, `- 12 -`:
/// either dash an en dash), when the page prints a magazine's study number at the head of a
/// line (`No 18610`, `Nr. 12`: EG's and German magazines' numbering, so that a dashed number
/// alone is no study's number; docs/printing.md, "A folio is no number"). Empty for any other
/// page: a book sets its studies' numbers so (`- 31 -`). The page's lines are read only when an
/// edge line is one.
fn folio_lines(buf: &[u8], start: usize, end: usize, (first, last): Edges) -> Vec<Span> {
    let folio = |&(a, b): &(usize, usize)| {
        let line = &buf[a..b];
        dashed_alone(line).then_some((a, b))
    };
    let mut out: Vec<(usize, usize)> = std::iter::once(&first)
        .chain(last.iter())
        .filter_map(folio)
        .collect();
    out.dedup();
    if out.is_empty() || !magazine_numbered(&buf[start..end]) {
        return Vec::new();
    }
    out
}

/// The page's only edge number: a number alone between dashes (`- 417 -`, either dash an en
/// dash) on its first or last line that is not blank, when the other edge line holds no number
/// alone (dashed or bare, ` 32 `): the line's 0-based range and the number. A page that prints a
/// study's number and its folio (`- 31 -` at its head, `40` at its foot) has two and gives none;
/// a number at the top with a study's source under it (`- 2 -`, `Origineel, 2009`: a book that
/// prints no folio, one study a page) is that study's, and gives none either.
fn edge_number(buf: &[u8], start: usize, end: usize) -> Option<(Span, u32)> {
    edge_number_of(buf, end, edge_lines(buf, start, end)?)
}

/// The only edge number ([`edge_number`]) of the page ending at `end` whose edge lines are
/// `(first, last)` ([`edge_lines`]).
fn edge_number_of(buf: &[u8], end: usize, (first, last): Edges) -> Option<(Span, u32)> {
    let dashed = |(a, b): (usize, usize)| {
        let line = &buf[a..b];
        if !dashed_alone(line) {
            return None;
        }
        let (x, y) = block_number_in(line)?;
        let n: u32 = std::str::from_utf8(&line[x..y]).ok()?.parse().ok()?;
        Some(((a, b), n))
    };
    let bare = |(a, b): (usize, usize)| {
        let line = &buf[a..b];
        !line.is_empty() && line.len() <= 5 && line.iter().all(u8::is_ascii_digit)
    };
    // A study's head at the top of its page: its source under it (`- 2 -`, `Origineel, 2009`).
    let top = dashed(first).filter(|_| !source_under(buf, first.1, end));
    match (top, last) {
        (Some(edge), None) => Some(edge),
        (Some(edge), Some(l)) => (dashed(l).is_none() && !bare(l)).then_some(edge),
        (None, Some(l)) => dashed(l).filter(|_| !bare(first) && dashed(first).is_none()),
        (None, None) => None,
    }
}

/// True when the first line after `from` (0-based, the end of a page's first line) that is not
/// blank, before `end`, is a study's source as a book prints it under its number: a line ending
/// in a year (`Origineel, 2009`, `EBUR, 1999`), a first publication's word, an honour.
fn source_under(buf: &[u8], from: usize, end: usize) -> bool {
    let mut at = from;
    while at < end {
        let start = at + 1;
        let line_end = memchr(b'\n', &buf[start.min(end)..end]).map_or(end, |i| start + i);
        let raw = &buf[start.min(end)..line_end];
        at = line_end;
        if raw.iter().all(|&c| is_blank(c)) {
            continue;
        }
        let l = crate::text::text_of(raw);
        let l = l.trim();
        return l.len() <= 80
            && (citation::ends_in_year(l).is_some()
                || citation::original(l).is_some()
                || citation::honour(l).is_some());
    }
    false
}

/// True when the page before the one starting at `start` (after the form feed at `start - 1`,
/// itself at most [`PAGE_REACH`] bytes long) has as its only edge number ([`edge_number`]) the
/// number before `n`: the pages' folios in sequence (`– 416 –`, then `- 417 -`), so `n` is
/// this page's folio. A book that sets a study's number at the head of each page prints its
/// folio too (`- 31 -` and `40`), and its pages have no only edge number.
pub(super) fn follows_folio(buf: &[u8], start: usize, n: u32) -> bool {
    let Some(ff) = start.checked_sub(1).filter(|&ff| buf[ff] == FORM_FEED) else {
        return false;
    };
    let lo = ff.saturating_sub(PAGE_REACH);
    let before = match memrchr(FORM_FEED, &buf[lo..ff]) {
        Some(i) => lo + i + 1,
        None if lo == 0 => 0,
        None => return false,
    };
    edge_number(buf, before, ff).is_some_and(|(_, m)| m + 1 == n)
}

/// True when `page` holds a line that opens with a magazine's study number (`No 18610`,
/// ` No 18611`, `Nr. 12`).
fn magazine_numbered(page: &[u8]) -> bool {
    memchr_iter(b'N', page).any(|i| {
        let line = memrchr(b'\n', &page[..i]).map_or(0, |n| n + 1);
        page[line..i].iter().all(|&c| is_blank(c)) && {
            let end = memchr(b'\n', &page[i..]).map_or(page.len(), |n| i + n);
            block_number_in(&page[line..end]).is_some()
        }
    })
}

/// A 0-based byte range of a line, blanks around it left out.
type Span = (usize, usize);

/// A page's first and last lines that are not blank ([`edge_lines`]).
type Edges = (Span, Option<Span>);

/// The first and the last line of the page `start..end` that are not blank, each as its
/// 0-based range without the blanks around it; the last `None` when it is the first. Found
/// from either end of the page, whatever its length.
fn edge_lines(buf: &[u8], start: usize, end: usize) -> Option<Edges> {
    let page = &buf[start..end];
    let ink = |c: &u8| !is_blank(*c) && *c != b'\n';
    let line_of = |at: usize| {
        let a = memrchr(b'\n', &page[..at]).map_or(0, |i| i + 1);
        let b = memchr(b'\n', &page[at..]).map_or(page.len(), |i| at + i);
        let lead = page[a..b].iter().position(|c| !is_blank(*c)).unwrap_or(0);
        let tail = page[a..b]
            .iter()
            .rposition(|c| !is_blank(*c))
            .map_or(lead, |t| t + 1);
        (start + a + lead, start + a + tail)
    };
    let first = line_of(page.iter().position(ink)?);
    let last = line_of(page.iter().rposition(ink)?);
    Some((first, (last != first).then_some(last)))
}
