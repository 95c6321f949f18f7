//! The label of a study: its number, source or composer caption, read from the text before
//! its code or after it on its line (docs/printing.md, "Labels").
//!
//! A code's label is read in its **study block**: the text before it back to the end of the
//! code before it (`floor`, and the scanner's stitcher across chunks), never past a form feed
//! (a page break in text extracted from a PDF: each page of a PDF read by gbr is a text of its
//! own, so no block crosses one), and at most [`NUMBER_REACH`] bytes (a line cut by that limit
//! is not read). A study number of a magazine's or a book's kind (`No 18610`, `Nr. 12`, `- 31
//! -`, `EG#12345`: [`is_study_number`]) heads the block and labels it however many lines stand
//! between it and the code: EG sets the number, the composer, the award and a dedication above
//! the board and the caption below it. The other numbers of the table (`18776.`, `E324`), common
//! in prose as list numbers and references, are read in the caption window only.
//!
//! A caption is read nearer the code only, in the **caption window**: back over at most
//! [`CAPTION_LINES`] lines (the code's own line, up to the code, counts as the first; the lines of a
//! board printed as text, [`crate::diagram::is_board_line`], count as none) and at most
//! [`CAPTION_BYTES`] bytes, ending at prose: the second line longer than [`CAPTION_LONG_LINE`] bytes, or
//! the first longer than [`MAX_LINE`], is the last one read (a caption above a paragraph of
//! prose belongs to no code below it; caption lines are short). The label belongs to the
//! nearest code after it.
//!
//! The built-in rules ([`LabelRules::builtin`]) read one line at a time, nearest first, with a
//! test of the line's first (or last) bytes before anything else:
//!
//! | line (leading and trailing blanks ignored) | label | where it comes from |
//! | --- | --- | --- |
//! | `No 18776 ...`, `No. 18776`, `Nr 12`, `Nr. 12` | `18776`, `12` | EG's and German magazines' study numbers |
//! | `18776.` alone or before a word without digits | `18776` | numbered studies in books and tourney reports |
//! | `- 31 -` alone, either dash an en dash (`- 72 –`, `– 29 –`) | `31` | the study numbers of a book's pages (ARVES yearbook 2008); a Word manuscript's en dashes |
//! | `36 -` alone | `36` | the same, its opening dash lost by a text export |
//! | `EG#12345 ...` | `EG#12345` | EG's cumulative numbers as other sources cite them |
//! | `E324 ...`: one capital and 2-5 digits, then a blank, `:` or nothing | `E324` | Probleemblad's study numbers |
//! | a line of at most 80 bytes with a letter, ending in a year 1800-2099 after a blank or comma (`Probleemblad, 2000`) | the line | a source or composer caption |
//!
//! A study number wins over a caption: the nearest number in the block, read line by line
//! upward (caption window first); else the nearest caption of the caption window.
//!
//! With a user's pattern ([`LabelRules::pattern`]) the label is the last match of the regular
//! expression in the block (its first capture group when it has one), and the built-in rules
//! are not used.
//!
//! A printed directory sets each entry's number after its code, on the same line
//! (`0002.01 c3b1  - 31 -     0014.00 h4b1 - 106 -`): [`LabelRules::find_after`] reads it there.
//! The scanner gives a code the label on its own line before it (`E312 Berendsen (+0031.10...)`),
//! else the one after it, else the one on the lines above; text claimed after a code is never
//! another code's label.

use compact_str::CompactString;
use memchr::{memchr, memrchr, memrchr3};
use regex::bytes::Regex;

use super::upward::{Upward, Window};

pub(crate) mod cite;

/// Lines read before a code, its own line (up to the code) included.
pub const CAPTION_LINES: usize = 10;

/// Bytes read before a code, at most.
pub const CAPTION_BYTES: usize = 400;

/// A line longer than this is a long line (prose): the second ends the window. Captions and
/// number lines are shorter: `No 18776 A. Author (Country)` is 28 bytes.
pub const CAPTION_LONG_LINE: usize = 40;

/// A line longer than this ends the window (and the sign look-back of `crate::context::lines`,
/// which reads the same lines).
pub const MAX_LINE: usize = 100;

/// The caption window over the lines above a code (the walk of `crate::context::upward`):
/// [`CAPTION_LINES`], the code's own line (up to the code) the first, and the lines of a board
/// printed as text ([`crate::diagram::is_board_line`]) counting as none (EG sets the source
/// above the board and the caption below it); [`CAPTION_BYTES`],
/// never before the study block's start (a page's first byte is a line's start); the second
/// line longer than [`CAPTION_LONG_LINE`], or the first longer than [`MAX_LINE`], is the last
/// read.
pub(crate) const CAPTION_WINDOW: Window = Window {
    lines: CAPTION_LINES,
    bytes: CAPTION_BYTES,
    long_line: CAPTION_LONG_LINE,
    max_line: MAX_LINE,
    page_break_opens_line: true,
    board_lines_count: false,
};

/// Bytes before a code in its study block in which its number is read, at most: EG's number,
/// composer, award and dedication lines and a board of any font (some 600 bytes), and a bound
/// on the work a code in running text costs (docs/performance.md).
pub const NUMBER_REACH: usize = 1024;

/// Longest label kept, in bytes; a longer match is cut at a character boundary.
pub const MAX_LABEL: usize = 80;

/// The form feed: a page break in extracted text.
const FORM_FEED: u8 = 0x0C;

/// How labels are read: the built-in rules, or a user's pattern.
#[derive(Debug, Clone, Default)]
pub struct LabelRules {
    pattern: Option<Regex>,
}

/// A label found before a code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// 0-based byte offset of the label's text in the buffer searched: a code whose window
    /// starts after it (another code stands between them) does not get it.
    pub at: usize,
    /// 0-based byte offset just past the label's text.
    pub end: usize,
    /// The label.
    pub text: CompactString,
    /// Which rule read it: what the study's citation takes from it ([`cite`]).
    pub kind: LabelKind,
}

/// Which rule read a label.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LabelKind {
    /// A study number before the code (`No 18610`, `- 31 -`, `EG#12345`, `18776.`, `E324`).
    Number,
    /// A caption ending in a year (`Probleemblad, 2000`).
    Caption,
    /// A number written after the code, as a printed directory sets it.
    After,
    /// A match of the user's pattern.
    Pattern,
}

/// What a line gives under the built-in rules.
enum Line {
    /// A study number, its text's range in the line.
    Number(usize, usize),
    /// A caption ending in a year, its range in the line.
    Caption(usize, usize),
}

impl LabelRules {
    /// The built-in rules (the module's table).
    pub fn builtin() -> LabelRules {
        LabelRules { pattern: None }
    }

    /// A user's regular expression (the `regex` crate's syntax, matched on bytes).
    ///
    /// # Errors
    /// The regex crate's error for a pattern that does not compile.
    pub fn pattern(pattern: &str) -> Result<LabelRules, regex::Error> {
        Ok(LabelRules {
            pattern: Some(Regex::new(pattern)?),
        })
    }

    /// The label of the code whose text starts at `code_start` in `buf` (0-based), searched no
    /// further back than `floor` (the end of the code before it, 0 for none); `None` when the
    /// window has none.
    pub fn find(&self, buf: &[u8], floor: usize, code_start: usize) -> Option<Label> {
        // The code before reaches into this one's text (a sign or kings read back over it).
        if floor >= code_start {
            return None;
        }
        let mut block = floor.max(code_start.saturating_sub(NUMBER_REACH));
        // No label is read across a page break: the block starts on the code's page.
        if let Some(i) = memrchr(FORM_FEED, &buf[block..code_start]) {
            block += i + 1;
        }
        let (found, kind) = match &self.pattern {
            None => builtin(buf, block, code_start)?,
            Some(re) => (matched(re, buf, block, code_start)?, LabelKind::Pattern),
        };
        Some(Label {
            at: found.0,
            end: found.1,
            text: text_of(&buf[found.0..found.1]),
            kind,
        })
    }

    /// The label written after the code whose text ends at `code_end` (0-based, exclusive), on
    /// the same line and before the next code on it, as a printed directory sets its entries.
    /// The built-in rules: after blanks and dot leaders (`....`), `- 31 -`, `No 31`, or a
    /// number of 1-6 digits or a list of them (`31`, `8, 45, 112`) that ends the line or is
    /// followed by a column's gap (two blanks or a tab) and the next entry; a number glued to a
    /// full stop, a slash or a letter, or followed by a word after one space (`1.Kb2`, `3/4`,
    /// `12 moves`), is not one. A user's pattern: its first match
    /// there. `None` when there is none.
    pub fn find_after(&self, buf: &[u8], code_end: usize) -> Option<Label> {
        let rest = buf.get(code_end..(code_end + MAX_AFTER).min(buf.len()))?;
        let mut segment = &rest[..memchr(b'\n', rest).unwrap_or(rest.len())];
        // Not past the next code on the line: a token's full stop stands four bytes in.
        if let Some(next) = memchr::memchr_iter(b'.', segment)
            .filter_map(|dot| dot.checked_sub(4))
            .find(|&i| crate::finder::is_token(segment, i))
        {
            segment = &segment[..next];
        }
        if memchr(FORM_FEED, segment).is_some() {
            return None;
        }
        let ((a, b), kind) = match &self.pattern {
            None => (after_builtin(segment)?, LabelKind::After),
            Some(re) => {
                let caps = re.captures(segment)?;
                let m = caps.get(1).or_else(|| caps.get(0))?;
                ((m.start(), m.end()), LabelKind::Pattern)
            }
        };
        Some(Label {
            at: code_end + a,
            end: code_end + b,
            text: text_of(&segment[a..b]),
            kind,
        })
    }

    /// The label of a PGN game ([`crate::pgn`]), whose metadata is `study` and whose bytes are
    /// `game`: under the built-in rules the study's citation as books print it, composer,
    /// source and year (`Kubbel, L., Shakhmaty 1925`: the `White` tag, then `, ` and the
    /// `Event` tag, then a space and the year of the `Date` tag unless the source already
    /// holds it; `, 1925` after a composer without a source; unknown values `?` left out);
    /// under a user's pattern its first match in the game's bytes (tags and moves). `None` when
    /// there is none, or only a year.
    pub fn of_game(
        &self,
        study: Option<&crate::study::Study>,
        game: &[u8],
    ) -> Option<CompactString> {
        if let Some(re) = &self.pattern {
            let caps = re.captures(game)?;
            let m = caps.get(1).or_else(|| caps.get(0))?;
            return Some(text_of(m.as_bytes())).filter(|t| !t.is_empty());
        }
        let study = study?;
        fn known(v: &Option<CompactString>) -> Option<&str> {
            v.as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?'))
        }
        let year = known(&study.date)
            .and_then(|d| d.get(..4))
            .filter(|y| y.bytes().all(|b| b.is_ascii_digit()));
        let source = match (known(&study.event), year) {
            (Some(event), Some(year)) if !event.contains(year) => Some(format!("{event} {year}")),
            (Some(event), _) => Some(event.to_string()),
            (None, _) => None,
        };
        let label = match (known(&study.composer), source, year) {
            (Some(composer), Some(source), _) => format!("{composer}, {source}"),
            (Some(composer), None, Some(year)) => format!("{composer}, {year}"),
            (Some(composer), None, None) => composer.to_string(),
            (None, Some(source), _) => source,
            (None, None, _) => return None,
        };
        Some(text_of(label.as_bytes()))
    }
}

/// The four-digit numbers standing on their own in `text` (no digit just before or after):
/// the years a label may print (`Kubbel, L., Shakhmaty 1925`), in order. Shared by the PGN
/// export's `Date` and `gbr lookup --year`.
pub fn years(text: &str) -> impl Iterator<Item = u16> + '_ {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(3)).filter_map(move |at| {
        let run = &bytes[at..at + 4];
        let alone = !at.checked_sub(1).is_some_and(|b| bytes[b].is_ascii_digit())
            && !bytes.get(at + 4).is_some_and(u8::is_ascii_digit);
        (alone && run.iter().all(u8::is_ascii_digit))
            .then(|| run.iter().fold(0u16, |n, d| n * 10 + u16::from(d - b'0')))
    })
}

/// Bytes after a code in which [`LabelRules::find_after`] reads, at most.
pub const MAX_AFTER: usize = 80;

/// The built-in rules after a code: the range of the label in `segment` (the rest of the
/// code's line, before the next code).
fn after_builtin(segment: &[u8]) -> Option<(usize, usize)> {
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

/// The built-in rules over the block `block..end`, whose caption window is [`CAPTION_WINDOW`]:
/// the range of the label in `buf`.
fn builtin(buf: &[u8], block: usize, end: usize) -> Option<((usize, usize), LabelKind)> {
    let mut caption: Option<(usize, usize)> = None;
    let mut top = end;
    for line in Upward::new(buf, end, block, CAPTION_WINDOW) {
        let (start, end) = (line.start, line.end);
        top = start;
        match recognise(&buf[start..end]) {
            Some(Line::Number(a, b)) => return Some(((start + a, start + b), LabelKind::Number)),
            Some(Line::Caption(a, b)) if caption.is_none() => {
                caption = Some((start + a, start + b))
            }
            _ => {}
        }
    }
    match block_number(buf, block, top) {
        Some(found) => Some((found, LabelKind::Number)),
        None => caption.map(|found| (found, LabelKind::Caption)),
    }
}

/// The study number ([`is_study_number`]) of the block `block..top` above the caption window
/// (`top`: the start of the window's topmost line read): the nearest line that is one, read
/// upward; a line cut by the block's start is not read.
///
/// A code in running text has a block of prose above it, so the lines are not walked one by
/// one: one backward search finds the bytes such a line starts with (`N` of `No`/`Nr`, `-` of
/// `- 31 -`, `#` of `EG#`), and only a byte with nothing but blanks before it on its line (the
/// `EG` before `#`) has its line read.
fn block_number(buf: &[u8], block: usize, top: usize) -> Option<(usize, usize)> {
    let mut end = top;
    while let Some(i) = memrchr3(b'N', b'-', b'#', &buf[block..end]) {
        let at = block + i;
        end = at;
        let next = buf.get(at + 1).copied().unwrap_or(b'\n');
        let first = match buf[at] {
            b'#' => match at.checked_sub(2) {
                Some(e) if e >= block && &buf[e..at] == b"EG" => e,
                _ => continue,
            },
            // `No`, `Nr`; `- 31 -`, `-31-` (not `--Author`, a dash of prose).
            b'N' if matches!(next, b'o' | b'r') => at,
            b'-' if next == b' ' || next == b'\t' || next.is_ascii_digit() => at,
            _ => continue,
        };
        let lead = buf[block..first]
            .iter()
            .rev()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count();
        let start = first - lead;
        let line_start = start == 0 || buf[start - 1] == b'\n';
        // At the block's start only after a page break (the block starts there); else cut.
        let opens = line_start || (start == block && buf[start - 1] == FORM_FEED);
        if !opens {
            continue;
        }
        let line_end = memchr(b'\n', &buf[at..top]).map_or(top, |j| at + j);
        if let Some((a, b)) = block_number_in(&buf[start..line_end]) {
            return Some((start + a, start + b));
        }
    }
    None
}

/// A user's pattern over the block `block..end`: its last match (first group, if any).
fn matched(re: &Regex, buf: &[u8], block: usize, end: usize) -> Option<(usize, usize)> {
    // The block starts at a line's start: a line cut by the byte limit is not read.
    let from = if block == 0 || matches!(buf[block - 1], b'\n' | FORM_FEED) {
        block
    } else {
        memchr(b'\n', &buf[block..end]).map_or(end, |i| block + i + 1)
    };
    let caps = re.captures_iter(&buf[from..end]).last()?;
    let m = caps.get(1).or_else(|| caps.get(0))?;
    Some((from + m.start(), from + m.end()))
}

/// The label's text: UTF-8, else Windows-1252 ([`crate::text::text_of`]: a Latin-1 caption
/// keeps its accents), trimmed, at most [`MAX_LABEL`] bytes.
fn text_of(bytes: &[u8]) -> CompactString {
    let text = crate::text::text_of(bytes);
    let mut text = text.trim();
    if text.len() > MAX_LABEL {
        let mut cut = MAX_LABEL;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text = text[..cut].trim_end();
    }
    CompactString::from(text)
}

/// A byte that may stand around a label's text without changing it: an ASCII space or control
/// byte (a page break's form feed, docs/reading.md), or 0xA0 (a Latin-1 no-break space).
fn is_blank(b: u8) -> bool {
    crate::parse::space::is_control_or_space(b) || b == 0xA0
}

/// The digits at the start of `s`: their count.
fn digits(s: &[u8]) -> usize {
    s.iter().take_while(|b| b.is_ascii_digit()).count()
}

/// True when `line` is a study number of a magazine's or a book's kind (`No 18776`, `Nr. 12`,
/// `- 31 -`, `EG#12345`), blanks around it ignored: the start of a study block, which labels
/// it from any line above its code and which a sign above it does not cross
/// (`crate::context::lines`).
pub fn is_study_number(line: &[u8]) -> bool {
    block_number_in(line).is_some()
}

/// The number's range in `line` when [`is_study_number`].
fn block_number_in(line: &[u8]) -> Option<(usize, usize)> {
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
fn recognise(line: &[u8]) -> Option<Line> {
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
    if ends_in_year(s) {
        return Some(Line::Caption(a, b));
    }
    None
}

/// `No 18776`, `No. 18776`, `Nr 12`, `Nr.12`: the number.
fn numbered(s: &[u8]) -> Option<(usize, usize)> {
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
const EN_DASHES: [&[u8]; 2] = ["\u{2013}".as_bytes(), b"\x96"];

/// The length in bytes of the dash `s` starts with, a hyphen-minus or an en dash
/// ([`EN_DASHES`]); 0 for none.
fn dash_len(s: &[u8]) -> usize {
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
fn dashed(s: &[u8]) -> Option<(usize, usize)> {
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
fn dash_after(s: &[u8]) -> Option<(usize, usize)> {
    let n = digits(s);
    let gap = s[n..].iter().take_while(|&&b| is_blank(b)).count();
    ((1..=6).contains(&n) && gap > 0 && dash_len(&s[n + gap..]) == s.len() - n - gap)
        .then_some((0, n))
}

/// `18776.` alone, or before a word with no digit (a name, not a move such as `1. Kb2`).
fn dotted(s: &[u8]) -> Option<(usize, usize)> {
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
fn lettered(s: &[u8]) -> Option<(usize, usize)> {
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
fn ends_in_year(s: &[u8]) -> bool {
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

#[cfg(test)]
mod tests;
