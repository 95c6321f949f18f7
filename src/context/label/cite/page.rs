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

use super::{MAX_HEAD_LINE, PAGE_REACH, text};
use crate::citation;
use crate::context::label::{FORM_FEED, block_number_in, digits, is_blank};
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
fn later_head(line: &[u8]) -> Option<bool> {
    if matches!(line.first(), Some(b'-' | 0xE2 | 0x96)) && block_number_in(line).is_some() {
        return Some(true);
    }
    let ((_, b), rest) = page_number(line)?;
    let after = text(&line[rest..]);
    let glued = rest == b && line.get(b).is_some_and(u8::is_ascii_uppercase);
    (glued || (!after.is_empty() && citation::ends_in_year(&after).is_some())).then_some(false)
}

/// A head line of a page: its range, and whether its number stands alone on it.
#[derive(Debug, Clone, Copy)]
struct HeadLine {
    start: usize,
    end: usize,
    alone: bool,
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
        };
        // A page ends at the next form feed or the text's end, within reach; a longer text
        // between two is no page.
        page.end = match memchr(FORM_FEED, &buf[start..cap]) {
            Some(i) => start + i,
            None if cap == buf.len() => cap,
            None => return page,
        };
        let end = page.end;
        let heads = heads(buf, start, end);
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

/// The head lines of the page `start..end`: its first line that is not blank when it is a
/// book's number ([`page_number`], a stray full stop or comma before the dash allowed), and
/// every later line in a strict form ([`later_head`]).
fn heads(buf: &[u8], start: usize, end: usize) -> Vec<HeadLine> {
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
            if let Some(alone) = alone {
                let stray = usize::from(matches!(rest, [b'.' | b',', b'-', ..]));
                heads.push(HeadLine {
                    start: at + lead + stray,
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

/// The studies of the page `start..end`: each code but one quoted in the prose (a bare code
/// with a word before it on its line: `Its material is 0320.11`), as (anchor, start of its
/// text).
fn studies(buf: &[u8], start: usize, end: usize) -> Vec<(usize, usize)> {
    memchr_iter(b'.', &buf[start..end])
        .filter_map(|dot| (start + dot).checked_sub(4))
        .filter(|&i| i >= start && crate::finder::is_token(buf, i))
        .filter_map(|i| {
            let parsed = parse_at(buf, i)?;
            let line = memrchr(b'\n', &buf[start..i]).map_or(start, |n| start + n + 1);
            let quoted = parsed.rank() == Rank::Bare
                && buf[line..parsed.span.start.max(line)]
                    .iter()
                    .any(u8::is_ascii_alphabetic);
            (!quoted).then_some((i, parsed.span.start))
        })
        .collect()
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
}
