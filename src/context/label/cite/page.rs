//! The heads of one page of a book and the studies they cite (docs/printing.md, "Citations",
//! "Several studies on a page").
//!
//! A book's page opens with its study's number (`-2EBUR, 1999`, `- 141 -`); a page that sets
//! two studies prints two numbers, and a PDF's text export gives them as it reads the page:
//! both numbers first (`- 31 -`, `- 32 -`, then both sources), or each above its own column's
//! text (`-7EBUR, 2000`, prose, `-8Origineel`), the codes below in the order of the studies.
//! A page is read once, as a whole: its *heads* (the first line when it is a book's number,
//! and any later line in a strict form of one) and its *studies* (its codes with kings or
//! more: a code quoted in the prose is bare), then paired:
//!
//! - as many heads as studies, each head above its study: in order;
//! - else each study takes the nearest head above it when no other study stands between
//!   them (the first study under a head), but never a head of a stack (two numbers with only
//!   blank lines between), which could be either study's.
//!
//! The answer depends on the page's text alone, so every chunk gives it.

use memchr::{memchr, memchr_iter, memrchr};

use super::folio::{folios, follows_folio};
use super::heads::{HeadLine, heads};
use super::{MAX_HEAD_LINE, PAGE_REACH, text};
use crate::citation;
use crate::context::label::{FORM_FEED, is_blank};
use crate::parse::{Rank, parse_at};

/// What a code's page says of the head its citation is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PageHead {
    /// The page prints no book's number (or the code stands on no page within
    /// [`PAGE_REACH`]): the label's rules alone.
    NoHeads,
    /// The page prints numbers, none of them this code's.
    Nothing,
    /// The head of this code's study.
    Head(Head),
}

/// A head paired with a study's code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Head {
    /// 0-based byte range of the head's line (form feed and blanks before it left out).
    pub line: (usize, usize),
    /// 0-based offset before which the lines under the head are read: the first study below
    /// it.
    pub limit: usize,
    /// For a head of a stack (`- 31 -`, `- 32 -`, then `EBUR, 2000`, `EBUR, 2003`): its own
    /// source line among the lines under the stack, where they give one to each head; the
    /// lines under it are not read otherwise.
    pub stacked: Option<Option<(usize, usize)>>,
}

/// One page read: its extent and its heads paired with its studies.
#[derive(Debug, Clone)]
struct Page {
    start: usize,
    end: usize,
    has_heads: bool,
    /// The 0-based byte ranges of its head lines.
    lines: Vec<(usize, usize)>,
    /// (anchor of the study's code, its head).
    pairs: Vec<(usize, Head)>,
    /// The anchor of its first study, when it has one and no head line stands above it: a
    /// study open to the head at the foot of the page before ([`foot`](super::foot)).
    open: Option<usize>,
    /// The 0-based byte ranges of its folio lines ([`folios`]): no study's number.
    folios: Vec<(usize, usize)>,
    /// Its only edge number ([`folios`]): the line's range and the number.
    edge: Option<((usize, usize), u32)>,
}

impl Page {
    /// Reads the page starting at `start` (after a form feed, or the text's start): up to the
    /// next form feed or the text's end, when that is at most [`PAGE_REACH`] bytes on.
    fn read(buf: &[u8], start: usize) -> Page {
        let cap = (start + PAGE_REACH + 1).min(buf.len());
        let mut page = Page {
            start,
            end: start,
            has_heads: false,
            lines: Vec::new(),
            pairs: Vec::new(),
            open: None,
            folios: Vec::new(),
            edge: None,
        };
        // A page ends at the next form feed or the text's end, within reach; a longer text
        // between two is no page.
        page.end = match memchr(FORM_FEED, &buf[start..cap]) {
            Some(i) => start + i,
            None if cap == buf.len() => cap,
            None => return page,
        };
        let end = page.end;
        let mut heads = heads(buf, start, end);
        (page.folios, page.edge) = folios(buf, start, end);
        if page.folios.is_empty()
            && let Some((line, n)) = page.edge
            && follows_folio(buf, start, n)
        {
            page.folios.push(line);
        }
        heads.retain(|h| !page.folios.iter().any(|&(a, b)| (a..b).contains(&h.start)));
        page.open = each_study(buf, start, end)
            .next()
            .map(|(anchor, _)| anchor)
            .filter(|&a| heads.first().is_none_or(|h| h.end > a));
        page.has_heads = !heads.is_empty();
        if heads.is_empty() {
            return page;
        }
        page.lines = heads.iter().map(|h| (h.start, h.end)).collect();
        let studies = studies(buf, start, end);
        let stacks = stacks(buf, &heads, end);
        let below = |at: usize| {
            studies
                .iter()
                .map(|&(_, s)| s)
                .find(|&s| s > at)
                .unwrap_or(end)
        };
        let head = |h: usize, code: usize| Head {
            line: (heads[h].start, heads[h].end),
            limit: below(heads[h].end).min(code),
            stacked: stacks[h],
        };
        let in_order = heads.len() >= 2
            && heads.len() == studies.len()
            && heads.iter().zip(&studies).all(|(h, &(_, s))| h.end < s);
        for (i, &(anchor, code)) in studies.iter().enumerate() {
            let h = if in_order {
                Some(i)
            } else {
                // The nearest head above, with no study between it and this one.
                let previous = i.checked_sub(1).map(|p| studies[p].1);
                heads
                    .iter()
                    .rposition(|h| h.end < code)
                    .filter(|&h| previous.is_none_or(|p| heads[h].start > p))
                    .filter(|&h| stacks[h].is_none())
            };
            if let Some(h) = h {
                page.pairs.push((anchor, head(h, code)));
            }
        }
        page
    }

    /// What this page says of the code at `anchor`.
    fn head_of(&self, anchor: usize) -> PageHead {
        if !self.has_heads || anchor >= self.end {
            return PageHead::NoHeads;
        }
        self.pairs
            .iter()
            .find(|(a, _)| *a == anchor)
            .map_or(PageHead::Nothing, |&(_, h)| PageHead::Head(h))
    }
}

/// The studies of the page `start..end`: each code but one quoted in the prose (a bare code
/// with a word before it on its line: `Its material is 0320.11`), as (anchor, start of its
/// text).
fn studies(buf: &[u8], start: usize, end: usize) -> Vec<(usize, usize)> {
    each_study(buf, start, end).collect()
}

/// The studies of [`studies`], one at a time in order.
fn each_study(buf: &[u8], start: usize, end: usize) -> impl Iterator<Item = (usize, usize)> {
    memchr_iter(b'.', &buf[start..end])
        .filter_map(move |dot| (start + dot).checked_sub(4))
        .filter(move |&i| i >= start && crate::finder::is_token(buf, i))
        .filter_map(move |i| {
            let parsed = parse_at(buf, i)?;
            let line = memrchr(b'\n', &buf[start..i]).map_or(start, |n| start + n + 1);
            let quoted = parsed.rank() == Rank::Bare
                && buf[line..parsed.span.start.max(line)]
                    .iter()
                    .any(u8::is_ascii_alphabetic);
            (!quoted).then_some((i, parsed.span.start))
        })
}

/// For each head, whether it is one of a stack (two or more numbers alone with only blank
/// lines between) and then the source line it gets: the stack's `n` heads take the `n` lines
/// under the stack that are not blank when each ends in a year or is one (`EBUR, 2000`,
/// `2000`), else none.
fn stacks(buf: &[u8], heads: &[HeadLine], end: usize) -> Vec<Option<Option<(usize, usize)>>> {
    let mut out = vec![None; heads.len()];
    let mut i = 0;
    while i < heads.len() {
        let mut j = i + 1;
        while j < heads.len()
            && heads[j - 1].alone
            && heads[j].alone
            && buf[heads[j - 1].end..heads[j].start]
                .iter()
                .all(|&b| is_blank(b))
        {
            j += 1;
        }
        if j - i >= 2 {
            let sources = source_lines(buf, heads[j - 1].end, end, j - i);
            for (k, slot) in out[i..j].iter_mut().enumerate() {
                *slot = Some(sources.as_ref().map(|s| s[k]));
            }
        }
        i = j;
    }
    out
}

/// The `n` lines after `from` that are not blank, when each is a source line ending in a
/// year or a year alone, at most [`MAX_HEAD_LINE`] bytes.
fn source_lines(buf: &[u8], from: usize, end: usize, n: usize) -> Option<Vec<(usize, usize)>> {
    let mut lines = Vec::with_capacity(n);
    let mut at = from;
    while lines.len() < n && at < end {
        let start = at + 1;
        let line_end = memchr(b'\n', &buf[start.min(end)..end]).map_or(end, |i| start + i);
        at = line_end;
        let raw = &buf[start.min(end)..line_end];
        if raw.iter().all(|&b| is_blank(b)) {
            continue;
        }
        let l = text(raw);
        if l.len() > MAX_HEAD_LINE
            || (citation::ends_in_year(&l).is_none() && year_alone(&l).is_none())
        {
            return None;
        }
        lines.push((start, line_end));
    }
    (lines.len() == n).then_some(lines)
}

/// A year alone on a line (`2000`): the year.
pub(crate) fn year_alone(line: &str) -> Option<u16> {
    let y: u16 = line.trim().parse().ok()?;
    (line.trim().len() == 4 && (1800..=2099).contains(&y)).then_some(y)
}

/// The pages of one reading, read once each as its codes come in order of offset: the form
/// feeds are looked for in the bytes since the code before, so a scan's cost stays linear.
#[derive(Debug, Clone, Default)]
pub(crate) struct Pages {
    /// Searched for form feeds up to here.
    searched: Option<usize>,
    /// The last form feed met.
    last_break: Option<usize>,
    page: Option<Page>,
}

impl Pages {
    /// Nothing read yet.
    pub(crate) fn new() -> Pages {
        Pages::default()
    }

    /// True when the 0-based offset `at` lies on a head line of the page last read by
    /// [`Pages::head_of`] (`- 116 EG, 2010`, `- 12 -`): a study number of that page.
    pub(crate) fn on_head_line(&self, at: usize) -> bool {
        self.page
            .as_ref()
            .is_some_and(|p| p.lines.iter().any(|&(a, b)| (a..b).contains(&at)))
    }

    /// True when the 0-based offset `at` lies on a folio line of the page last read by
    /// [`Pages::head_of`] (`– 334 –` over a page of EG's studies): no study's number.
    pub(crate) fn on_folio(&self, at: usize) -> bool {
        self.page
            .as_ref()
            .is_some_and(|p| p.folios.iter().any(|&(a, b)| (a..b).contains(&at)))
    }

    /// The number of the page last read by [`Pages::head_of`] when the 0-based offset `at`
    /// lies on its only edge number's line (`- 417 -` at the head of a page with no other
    /// number at its edges): a folio where the PDF's page is printed so.
    pub(crate) fn edge_number(&self, at: usize) -> Option<u32> {
        let ((a, b), n) = self.page.as_ref()?.edge?;
        (a..b).contains(&at).then_some(n)
    }

    /// What the page of the code at `anchor` (0-based offset of its `dddd.dd`) says of its
    /// head. Codes are given in order of offset.
    pub(crate) fn head_of(&mut self, buf: &[u8], anchor: usize) -> PageHead {
        let from = anchor.saturating_sub(PAGE_REACH);
        let lo = match self.searched {
            Some(s) if s <= anchor => s.max(from),
            _ => {
                self.last_break = None;
                from
            }
        };
        if let Some(i) = memrchr(FORM_FEED, &buf[lo..anchor]) {
            self.last_break = Some(lo + i);
        }
        self.searched = Some(anchor);
        let start = match self.last_break {
            Some(ff) if ff >= from => ff + 1,
            _ if from == 0 => 0,
            _ => return PageHead::NoHeads,
        };
        if self.page.as_ref().is_none_or(|p| p.start != start) {
            self.page = Some(Page::read(buf, start));
        }
        self.page
            .as_ref()
            .map_or(PageHead::NoHeads, |p| p.head_of(anchor))
    }

    /// The 0-based start of the page last read by [`Pages::head_of`] when the code at
    /// `anchor` (0-based offset of its `dddd.dd`) is that page's first study with no head above
    /// it: a study open to the head at the foot of the page before ([`super::foot`]).
    pub(crate) fn open_page(&self, anchor: usize) -> Option<usize> {
        self.page
            .as_ref()
            .filter(|p| p.open == Some(anchor) && anchor < p.end)
            .map(|p| p.start)
    }
}
