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
use crate::parse::space::trimmed;

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

/// The citation of the first study of a page (`top`: its page's text before the study's
/// text) under the foot head of the page before (`tail`: that page's last lines,
/// [`crate::context::page::tail`]): read as if the head, and the source lines under it, stood
/// at the top of the study's page, over the page's own lines down to the code (its number, and
/// the source, year and honour those lines give: `- 93 -` at a foot, then `1° Concorso
/// Internationale per` / `Studi "Studistica", 2000` over the code is the one source). `None`
/// when the tail ends with no foot head.
pub(crate) fn foot_read(tail: &[u8], top: &[u8]) -> Option<Citation> {
    let head = foot_head(tail, 0, tail.len())?;
    let mut text = Vec::with_capacity(head.limit - head.line.0 + 1 + top.len());
    text.extend_from_slice(&tail[head.line.0..head.limit]);
    if !text.ends_with(b"\n") {
        text.push(b'\n');
    }
    text.extend_from_slice(top);
    let mut cite = Citation::default();
    super::read_head(&text, 0, head.line.1 - head.line.0, text.len(), &mut cite);
    cite.number.is_some().then_some(cite)
}

/// [`foot_read`] for the study whose text starts at `code` on the page starting at `start`
/// (0-based offsets in `buf`), the page before ending with the form feed just before `start`;
/// `None` at the text's start, with no form feed there, with `code` before `start` or more than
/// [`crate::context::page::TAIL_BYTES`] after it (as far as the stitcher reads a PDF page's top).
pub(crate) fn foot_before(buf: &[u8], start: usize, code: usize) -> Option<Citation> {
    let before = start.checked_sub(1)?;
    if buf[before] != FORM_FEED {
        return None;
    }
    let lo = before.saturating_sub(PAGE_REACH);
    let lo = memrchr(FORM_FEED, &buf[lo..before]).map_or(lo, |i| lo + i + 1);
    // A study whose text starts before the page's form feed (a sign on the page before)
    // opens no page; one further down than a PDF page's stitcher reads opens none either.
    let top = buf.get(start..code)?;
    if top.len() > crate::context::page::TAIL_BYTES {
        return None;
    }
    foot_read(crate::context::page::tail(&buf[lo..before]), top)
}

/// Gives a study's citation (`cite`, with no number) the one read under the foot head
/// (`foot`, from [`foot_read`]): its fields first, the study's own where it gave none.
pub(crate) fn apply_foot(cite: &mut Option<Box<Citation>>, foot: Citation) {
    let own = cite.take().map(|c| *c).unwrap_or_default();
    let mut c = foot;
    if c.source.is_none() {
        c.source = own.source;
        c.year = c.year.or(own.year);
    }
    c.honour = c.honour.or(own.honour);
    if c.composers.is_empty() {
        c.composers = own.composers;
    }
    *cite = Some(Box::new(c));
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
        let cite = foot_read(page, b"").expect("a foot head");
        assert_eq!(cite.number.as_deref(), Some("18"));
        assert_eq!(
            (cite.source.as_deref(), cite.year),
            (Some("EBUR"), Some(2003))
        );
        // The number alone, the source on the next page.
        let cite = foot_read(b"prose.\n - 109 -\n  167", b"").expect("a foot head");
        assert_eq!((cite.number.as_deref(), cite.source), (Some("109"), None));
        // The source on the head's line.
        let cite = foot_read(b"prose.\n- 102 -   Origineel, 2008\n  160\n", b"").unwrap();
        assert_eq!(cite.source.as_deref(), Some("Origineel"));
    }

    #[test]
    fn a_foot_head_needs_the_folio_after_it_and_no_code_or_number_close_above() {
        // No folio: the dashed number may be the folio itself.
        assert_eq!(foot_read(b"prose.\n\n- 18 -\n", b""), None);
        // Prose after the number: no foot.
        assert_eq!(foot_read(b"- 18 -\nprose after it.\n  60\n", b""), None);
        // A number under its own study's diagram.
        assert_eq!(foot_read(b"+  0003.10 d3g1\n\n- 18 -\n  60\n", b""), None);
        // Two numbers stacked.
        assert_eq!(foot_read(b"prose.\n- 17 -\n\n- 18 -\n  60\n", b""), None);
        // Three lines under the number: no head's.
        assert_eq!(
            foot_read(b"prose.\n- 18 -\nEBUR, 2003\n2003\nOrigineel\n  60\n", b""),
            None
        );
        // A study whose text starts before the form feed (its sign on the page before).
        let text = b"prose.\n- 2 -\n  11\n+\x0c0003.10 d3g1\n";
        let page = text.iter().position(|&b| b == 0x0c).unwrap() + 1;
        assert_eq!(foot_before(text, page, page - 2), None);
        let text = b"prose.\n- 2 -\n  11\n\x0c0003.10 d3g1\n";
        let page = text.iter().position(|&b| b == 0x0c).unwrap() + 1;
        assert_eq!(
            foot_before(text, page, page).unwrap().number.as_deref(),
            Some("2")
        );
        // EG's folio between en dashes, prose above it.
        assert_eq!(
            foot_read("prose.\n\u{2013} 299 \u{2013}\n".as_bytes(), b""),
            None
        );
    }
}
