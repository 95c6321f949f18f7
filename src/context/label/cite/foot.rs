//! A study's head left at the foot of a page (docs/printing.md, "Citations", "A head at a
//! page's foot"). A word processor that keeps no heading with the paragraph after it prints a
//! study's number, and at times its source, as the last lines of a page and the study itself
//! at the top of the next: LibreOffice's PDF of the 2017 manuscript does so for 9 of its 308
//! studies (`- 18 -`, `EBUR, 2003`, then the folio `60`; study 18's position on page 61).
//!
//! Such a *foot head* is read when the page ends, its folio aside, with a head in a strict
//! form ([`later_head`]: `- 18 -`, `- 102 -   Origineel, 2008`) and at most two source lines
//! under it (a line ending in a year, a year alone, a first publication's word). It is the
//! head of the next page's first study when that study has no head of its own above it on its
//! page. Where it could be something else it is none:
//!
//! - the page must end with its folio (a number alone, or between dashes: `60`, `– 299 –`):
//!   with none, a number between dashes as the last line may be the folio itself;
//! - no code stands on the [`CLEAR_ABOVE`] lines above the head that are not blank: a number
//!   printed under its own study's diagram (under its code, a composer's or a source line
//!   between) is that study's;
//! - no other number stands right above it: two numbers stacked could be either study's.

use memchr::memrchr;

use super::heads::later_head;
use super::page::{Head, year_alone};
use super::{MAX_HEAD_LINE, PAGE_REACH, text};
use crate::citation::{self, Citation};
use crate::context::label::{FORM_FEED, is_blank};

/// Lines above a foot head (not blank) that must hold no code and no other number.
pub const CLEAR_ABOVE: usize = 3;

/// The foot head of the page `start..end` of `buf` (0-based; `end` the page's end: its form
/// feed, or the text's end), where the page ends with one: its line, and its `limit` the start
/// of the folio's line (the lines under the head are read down to it).
fn foot_head(buf: &[u8], start: usize, end: usize) -> Option<Head> {
    let mut lines = lines_back(buf, start, end);
    let folio = lines.next()?;
    if !is_folio(&buf[folio.0..folio.1]) {
        return None;
    }
    let mut line = lines.next()?;
    let mut sources = 0;
    while later_head(trimmed(&buf[line.0..line.1])).is_none() {
        if sources == 2 || !is_source_line(&buf[line.0..line.1]) {
            return None;
        }
        sources += 1;
        line = lines.next()?;
    }
    let above_clear = lines.take(CLEAR_ABOVE).all(|(a, b)| {
        let raw = &buf[a..b];
        later_head(trimmed(raw)).is_none()
            && !(0..raw.len()).any(|i| crate::finder::is_token(raw, i))
    });
    if !above_clear {
        return None;
    }
    let lead = buf[line.0..line.1]
        .iter()
        .take_while(|&&b| is_blank(b))
        .count();
    Some(Head {
        line: (line.0 + lead, line.1),
        limit: folio.0,
        stacked: None,
    })
}

/// The citation a page's last lines (`tail`: a PDF page's, [`crate::context::page::tail`])
/// give the first study of the next page: the foot head's, read as any head is (its number,
/// and the source, year and honour under it); `None` when the tail ends with no foot head.
pub(crate) fn foot_citation(tail: &[u8]) -> Option<Citation> {
    let head = foot_head(tail, 0, tail.len())?;
    let mut cite = Citation::default();
    super::read_head(tail, head.line.0, head.line.1, head.limit, &mut cite);
    cite.number.is_some().then_some(cite)
}

/// The foot citation ([`foot_citation`]) of the page that ends with the form feed just
/// before `start` (0-based: a page's start in `buf`), read from its last lines as the
/// scanner's stitcher reads a PDF page's ([`crate::context::page::tail`]); `None` at the
/// text's start or with no form feed there.
pub(crate) fn foot_before(buf: &[u8], start: usize) -> Option<Citation> {
    let before = start.checked_sub(1)?;
    if buf[before] != FORM_FEED {
        return None;
    }
    let lo = before.saturating_sub(PAGE_REACH);
    let lo = memrchr(FORM_FEED, &buf[lo..before]).map_or(lo, |i| lo + i + 1);
    foot_citation(crate::context::page::tail(&buf[lo..before]))
}

/// Gives a study's citation (`cite`, with no number) the foot head's (`foot`, from
/// [`foot_citation`]): its number, and its source and year, honour and composers where the
/// study's own page printed none.
pub(crate) fn apply_foot(cite: &mut Option<Box<Citation>>, foot: Citation) {
    let c = cite.get_or_insert_with(Box::default);
    if c.number.is_some() {
        return;
    }
    c.number = foot.number;
    if c.source.is_none() {
        c.source = foot.source;
        c.year = c.year.or(foot.year);
    }
    c.honour = c.honour.take().or(foot.honour);
    if c.composers.is_empty() {
        c.composers = foot.composers;
    }
}

/// The lines of `buf[start..end]` that are not blank, from the last up: each as its 0-based
/// byte range (without its line feed).
fn lines_back(buf: &[u8], start: usize, end: usize) -> impl Iterator<Item = (usize, usize)> {
    let mut at = Some(end);
    std::iter::from_fn(move || {
        loop {
            let line_end = at?;
            let line_start = memrchr(b'\n', &buf[start..line_end]).map_or(start, |i| start + i + 1);
            at = (line_start > start).then(|| line_start - 1);
            if buf[line_start..line_end].iter().any(|&b| !is_blank(b)) {
                return Some((line_start, line_end));
            }
        }
    })
}

/// `line` without the blanks around it.
fn trimmed(line: &[u8]) -> &[u8] {
    let a = line
        .iter()
        .position(|&b| !is_blank(b))
        .unwrap_or(line.len());
    let b = line
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(a, |b| b + 1);
    &line[a..b]
}

/// A page's folio: 1-4 digits alone, dashes around them allowed (`60`, `- 12 -`, `– 299 –`).
fn is_folio(line: &[u8]) -> bool {
    let t = text(line);
    let digits = t.trim_matches(|c: char| c == '-' || c == '\u{2013}' || c.is_whitespace());
    (1..=4).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A source line under a head: a line ending in a year, a year alone, or a first
/// publication's word (`EBUR, 2003`, `2000`, `Origineel`), at most [`MAX_HEAD_LINE`] bytes.
fn is_source_line(line: &[u8]) -> bool {
    let t = text(line);
    t.len() <= MAX_HEAD_LINE
        && (citation::ends_in_year(&t).is_some()
            || year_alone(&t).is_some()
            || citation::original(&t).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_and_its_source_over_the_folio_are_a_foot_head() {
        let page = b"prose of study 17\nthat runs on.\n\n- 18 -\n\nEBUR, 2003\n\n  60\n";
        let cite = foot_citation(page).expect("a foot head");
        assert_eq!(cite.number.as_deref(), Some("18"));
        assert_eq!(
            (cite.source.as_deref(), cite.year),
            (Some("EBUR"), Some(2003))
        );
        // The number alone, the source on the next page.
        let cite = foot_citation(b"prose.\n - 109 -\n  167").expect("a foot head");
        assert_eq!((cite.number.as_deref(), cite.source), (Some("109"), None));
        // The source on the head's line.
        let cite = foot_citation(b"prose.\n- 102 -   Origineel, 2008\n  160\n").unwrap();
        assert_eq!(cite.source.as_deref(), Some("Origineel"));
    }

    #[test]
    fn a_foot_head_needs_the_folio_after_it_and_no_code_or_number_close_above() {
        // No folio: the dashed number may be the folio itself.
        assert_eq!(foot_citation(b"prose.\n\n- 18 -\n"), None);
        // Prose after the number: no foot.
        assert_eq!(foot_citation(b"- 18 -\nprose after it.\n  60\n"), None);
        // A number under its own study's diagram.
        assert_eq!(foot_citation(b"+  0003.10 d3g1\n\n- 18 -\n  60\n"), None);
        // Two numbers stacked.
        assert_eq!(foot_citation(b"prose.\n- 17 -\n\n- 18 -\n  60\n"), None);
        // Three lines under the number: no head's.
        assert_eq!(
            foot_citation(b"prose.\n- 18 -\nEBUR, 2003\n2003\nOrigineel\n  60\n"),
            None
        );
        // EG's folio between en dashes, prose above it.
        assert_eq!(
            foot_citation("prose.\n\u{2013} 299 \u{2013}\n".as_bytes()),
            None
        );
    }
}
