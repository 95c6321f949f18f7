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
//! | such a caption followed by an honour (`EG, 2014, 4de Eervolle Vermelding`) | the line | a study printed with no number of its own |
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
//! another code's label. On a page whose heads are paired with its studies, a label read on
//! another study's head line follows the pairing ([`cite::page_label`]).

use compact_str::CompactString;
use memchr::{memchr, memrchr, memrchr3};
use regex::bytes::Regex;

use super::upward::{Upward, Window};

pub(crate) mod cite;
mod rules;

use rules::{Line, after_builtin, block_number_in, digits, is_blank, lettered, recognise};
pub use rules::{after_number, is_source_line, is_study_number};

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
#[cfg(test)]
mod tests;
