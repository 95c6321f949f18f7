//! Award headings (`Didukh-60 JT 2012`): the source of every study under them, carried from
//! code to code as the scan reads them (docs/printing.md, "Citations", "Award headings").

use memchr::{memchr, memrchr};

use super::{AWARD_REACH, MAX_HEAD_LINE, page_number, text};
use crate::citation::{self, Citation};
use crate::context::label::{FORM_FEED, block_number_in, is_blank};

/// True when `line` is an award heading: a line of at most 80 bytes, alone (the line before
/// it blank, or none; more than three lines under a study number, whose source it would be;
/// no code on it, as the reader of headings checks), ending in a year or a range of years, with a tourney's word before
/// the year (`JT`, `MT`, `AT`, `T`, `ty`, `Tourney`, `Toernooi`, `Turnier`, `Tournoi`,
/// `Torneo`, `Concorso`, `Cup`, `Memorial`, `Jubilee`, `Championship`, `Ch`, `Olympiad`,
/// `Festival`, `Award`, `WCCT`, `Contest`, `Competition`), and no honour (a study's own
/// `1st Prize, Some Memorial Tourney 2011-2012` is its source, not a heading).
pub fn is_award_heading(line: &str) -> bool {
    let line = line.trim();
    if line.len() > 80 || line.starts_with(['-', '(', '[']) {
        return false;
    }
    let Some((before, _)) = citation::ends_in_year(line) else {
        return false;
    };
    if citation::split_honour(line).is_some() {
        return false;
    }
    has_tourney_word(before)
}

/// True when `line` is the first line of an award's title of two lines (`Provisional Award`
/// over `Milescu 100 MT`, as EG opens an award): at most three words and 40 bytes, no digit,
/// the last word `Award` in any case.
fn is_award_title(line: &[u8]) -> bool {
    // Cheap tests first, on the bytes: short, and its last word `award` in any case.
    let trimmed = line.trim_ascii();
    if trimmed.len() > 40
        || trimmed.len() < 5
        || !trimmed[trimmed.len() - 5..].eq_ignore_ascii_case(b"award")
    {
        return false;
    }
    let l = text(line);
    let words: Vec<&str> = l.split_whitespace().collect();
    l.len() <= 40
        && words.len() <= 3
        && words
            .last()
            .is_some_and(|w| w.eq_ignore_ascii_case("award"))
        && !l.bytes().any(|b| b.is_ascii_digit())
}

/// The second line of an award's title of two lines ([`is_award_title`]): a line of at most
/// 80 bytes with a tourney's word ([`is_award_heading`]), ending in a year or not
/// (`Milescu 100 MT`), no honour on it.
fn is_titled_heading(line: &str) -> bool {
    let line = line.trim();
    let before = citation::ends_in_year(line).map_or(line, |(before, _)| before);
    line.len() <= 80
        && !line.starts_with(['-', '(', '['])
        && citation::split_honour(line).is_none()
        && citation::honour(line).is_none()
        && has_tourney_word(before)
}

/// Whether `before` (a heading's text before its year) has a tourney's word.
fn has_tourney_word(before: &str) -> bool {
    before
        .split(|c: char| c.is_whitespace() || c == ',')
        .any(|w| {
            let w = w
                .trim_matches(|c: char| c == '.' || c == '-')
                .to_lowercase();
            matches!(
                w.as_str(),
                "jt" | "mt"
                    | "at"
                    | "t"
                    | "ty"
                    | "tourney"
                    | "toernooi"
                    | "tornooi"
                    | "turnier"
                    | "tournoi"
                    | "torneo"
                    | "concorso"
                    | "cup"
                    | "memorial"
                    | "jubilee"
                    | "championship"
                    | "ch"
                    | "olympiad"
                    | "festival"
                    | "award"
                    | "wcct"
                    | "contest"
                    | "competition"
            ) || w.ends_with("jt")
                || w.ends_with("-mt")
        })
}

/// Whether the line `line` (0-based byte range) of `buf` holds a code the finder finds
/// (`dddd.dd`, GBR.md §1): a caption, never an award heading. A
/// heading on a code's own line would be read, whole, only after that code, and in chunks
/// before it (the chunk that owns the line reads it first).
fn holds_code(buf: &[u8], line: std::ops::Range<usize>) -> bool {
    memchr::memchr_iter(b'.', &buf[line.clone()])
        .any(|i| i >= 4 && crate::finder::is_token(buf, line.start + i - 4))
}

/// The citation of the award heading `line` (ending at `end` in `buf`, after a blank line):
/// an award's title's second line where `under_title` ([`is_titled_heading`]), else a heading
/// alone ([`is_award_heading`]), with no code on it ([`holds_code`]).
fn heading(buf: &[u8], line: &[u8], end: usize, under_title: bool) -> Option<Citation> {
    let l = text(line);
    let heading = if under_title {
        is_titled_heading(&l)
    } else {
        is_award_heading(&l)
    };
    if !heading || holds_code(buf, end - line.len()..end) {
        return None;
    }
    let mut cite = Citation::default();
    match citation::ends_in_year(&l) {
        Some((source, year)) => {
            cite.source = citation::field(&citation::join_spaced(source));
            cite.year = Some(year);
        }
        None => cite.source = citation::field(&citation::join_spaced(&l)),
    }
    Some(cite)
}

/// The award headings of one reading, read line by line as its codes come in order: each
/// code is given the last heading among the lines since the code before, and the scanner's
/// stitcher carries the heading in force from code to code, over page breaks and from one
/// chunk to the next (docs/printing.md, "Award headings"). A reading owns the lines that start
/// in its range; one that starts in the middle of a text first reads back [`AWARD_REACH`]
/// bytes, for the lines that tell whether a line may be a heading (a study number just
/// above it, a blank line before it), never for a heading.
#[derive(Debug, Clone, Default)]
pub(crate) struct Awards {
    /// Read up to here (a line's start, or the place a form feed ended the last read).
    searched: usize,
    /// Lines that are not blank read since the last study number line (`usize::MAX` for
    /// none): a line ending in a year just under a number is that study's source.
    since_number: usize,
    /// The last line read was an award's title's first line (`Provisional Award`,
    /// [`is_award_title`]) after a blank line.
    titled: bool,
}

/// Lines under a study number (not blank) that belong to its head, never a heading: the
/// source, the honour, a dedication.
const UNDER_NUMBER: usize = 3;

/// The start of the first line that starts at or after `at`.
fn line_from(buf: &[u8], at: usize) -> usize {
    if at == 0 || buf.get(at - 1) == Some(&b'\n') {
        return at.min(buf.len());
    }
    memchr(b'\n', &buf[at.min(buf.len())..]).map_or(buf.len(), |i| at + i + 1)
}

impl Awards {
    /// A state that owns the lines starting at or after `from` (0-based).
    pub(crate) fn new(buf: &[u8], from: usize) -> Awards {
        let back = from.saturating_sub(AWARD_REACH);
        let searched = if back == 0 {
            0
        } else {
            memchr(b'\n', &buf[back..from]).map_or(from, |i| back + i + 1)
        };
        let mut awards = Awards {
            searched,
            since_number: usize::MAX,
            titled: false,
        };
        awards.read_lines(buf, line_from(buf, from).max(searched));
        awards
    }

    /// The last award heading among the lines from where the last call stopped to the line of
    /// the code starting at `code_start`: the start of its line and its citation (source and
    /// year).
    pub(crate) fn above(&mut self, buf: &[u8], code_start: usize) -> Option<(usize, Citation)> {
        if code_start <= self.searched {
            return None;
        }
        let code_line = memrchr(b'\n', &buf[self.searched..code_start])
            .map_or(self.searched, |i| self.searched + i + 1);
        self.read_lines(buf, code_line)
    }

    /// The last award heading among the lines from where the last call stopped to the end of
    /// the lines that start before `end` (the end of the reading's range).
    pub(crate) fn read_to_end(&mut self, buf: &[u8], end: usize) -> Option<(usize, Citation)> {
        let to = line_from(buf, end);
        (to > self.searched)
            .then(|| self.read_lines(buf, to))
            .flatten()
    }

    /// Reads the whole lines of `self.searched..to` (`to` a line's start): the last heading.
    fn read_lines(&mut self, buf: &[u8], to: usize) -> Option<(usize, Citation)> {
        let mut found = None;
        let mut at = self.searched;
        let mut blank_before = match at.checked_sub(1) {
            None => true,
            Some(_) if buf[at - 1] == FORM_FEED => true,
            Some(nl) => {
                let from = nl.saturating_sub(MAX_HEAD_LINE * 4);
                let start = memrchr(b'\n', &buf[from..nl]).map_or(from, |i| from + i + 1);
                let start = memrchr(FORM_FEED, &buf[start..nl]).map_or(start, |i| start + i + 1);
                buf[start..nl].iter().all(|&b| is_blank(b))
            }
        };
        // The line before was an award's title's first line (`Provisional Award`).
        let mut titled = self.titled;
        // The next form feed at or after `at` (`to` for none): looked for once over the
        // lines, not on each line.
        let next_ff = |from: usize| memchr(FORM_FEED, &buf[from..to]).map_or(to, |i| from + i);
        let mut ff = next_ff(at);
        while at < to {
            let end = memchr(b'\n', &buf[at..to]).map_or(to, |i| at + i);
            let mut line = &buf[at..end];
            if ff < end {
                // A new page: a number above it heads no line of this one.
                self.since_number = usize::MAX;
                let last_ff = memrchr(FORM_FEED, &buf[ff..end]).map_or(ff, |i| ff + i);
                line = &buf[last_ff + 1..end];
                blank_before = true;
                titled = false;
                ff = next_ff(end);
            }
            let first = line.iter().position(|&b| !is_blank(b));
            if let Some(first) = first {
                let number = matches!(line[first], b'-' | b'N' | b'E')
                    && (block_number_in(line).is_some() || page_number(line).is_some());
                self.since_number = if number {
                    0
                } else {
                    self.since_number.saturating_add(1)
                };
            }
            // Only a line after a blank one is a heading or a title's first line, and only one
            // under a title's first line its second: most lines end here.
            let under_title = std::mem::take(&mut titled);
            if (blank_before || under_title)
                && let Some(first) = first
            {
                let last = line.iter().rposition(|&b| !is_blank(b)).unwrap_or(first);
                // Cheap test first: a heading ends in a digit.
                if self.since_number > UNDER_NUMBER
                    && (line[last].is_ascii_digit() || under_title)
                    && let Some(cite) = heading(buf, line, end, under_title)
                {
                    found = Some((at, cite));
                }
                // Cheap test first: a title's first line ends in `d` (`Award`).
                titled = blank_before
                    && line[last].eq_ignore_ascii_case(&b'd')
                    && is_award_title(&line[..=last]);
            }
            blank_before = first.is_none();
            at = end + 1;
        }
        self.searched = to;
        self.titled = titled;
        found
    }
}

/// The award heading in force, carried from code to code by the scanner's stitcher in order:
/// set by a heading, kept while each code stands within [`AWARD_REACH`] bytes of the code
/// before (or of the heading), over page breaks and from one page of a PDF to the next,
/// until the next heading.
#[derive(Debug, Clone, Default)]
pub(crate) struct AwardRun {
    /// The heading's citation and the end of the last code under it (or the heading's start),
    /// in bytes counted over the texts of the source read so far.
    heading: Option<(Citation, u64)>,
    /// Bytes of the pages before the text under way: the reach is counted over them.
    base: u64,
    /// 0-based offset just past the last chunk of the text under way.
    text_end: u64,
}

impl AwardRun {
    /// The run at the start of the next page of the source (a PDF's page read as a text of its
    /// own): the heading in force carried, the bytes of this page counted.
    pub(crate) fn next_page(&mut self) -> AwardRun {
        AwardRun {
            heading: self.heading.take(),
            base: self.base + self.text_end,
            text_end: 0,
        }
    }

    /// Gives `records` (the next of the text, in order, with their `links`) the award heading
    /// in force over each: `headings` are the ones their chunk read, each with the index of the
    /// record it stands above and the offset of its line; `end` is where the chunk ends. A
    /// table's entries take none.
    pub(crate) fn carry(
        &mut self,
        records: &mut [crate::record::Record],
        links: &[crate::context::Link],
        headings: Vec<(usize, usize, Citation)>,
        end: u64,
    ) {
        let base = self.base;
        let mut headings = headings.into_iter().peekable();
        for (i, (record, link)) in records.iter_mut().zip(links).enumerate() {
            while let Some((_, at, cite)) = headings.next_if(|(before, _, _)| *before <= i) {
                self.set(cite, base + at as u64);
            }
            let start = base + record.offset;
            if let Some(award) = self.over(start, start + record.length)
                && !link.in_table
            {
                apply(&mut record.citation, award);
            }
        }
        for (_, at, cite) in headings {
            self.set(cite, base + at as u64);
        }
        self.text_end = self.text_end.max(end);
    }

    /// A heading read at `at`.
    fn set(&mut self, cite: Citation, at: u64) {
        self.heading = Some((cite, at));
    }

    /// The award over the code at `start..end` (bytes counted as for [`AwardRun::set`]): the
    /// heading in force when the code stands within reach of the code before.
    fn over(&mut self, start: u64, end: u64) -> Option<&Citation> {
        if self
            .heading
            .as_ref()
            .is_some_and(|(_, mark)| start.saturating_sub(*mark) > AWARD_REACH as u64)
        {
            self.heading = None;
        }
        let (cite, mark) = self.heading.as_mut()?;
        *mark = (*mark).max(end);
        Some(cite)
    }
}

/// Gives `cite` the award's source and year where its block gave no source.
fn apply(cite: &mut Option<Box<Citation>>, award: &Citation) {
    let c = cite.get_or_insert_with(Box::default);
    if c.source.is_none() {
        c.source = award.source.clone();
        c.year = c.year.or(award.year);
    }
}
