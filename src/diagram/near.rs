//! The diagram of a caption: the board above it or below it with no other code between
//! ([`for_code`]), and the scanner's cheap test for board lines near its codes
//! ([`NineLines`]).

use std::ops::Range;

use super::{
    ABOVE_LINES, BELOW_LINES, Diagram, line_at, line_end_after, line_start, may_be_rank,
    previous_line, read_at,
};

/// True when `bytes` hold a `dddd.dd` standing as a token: another code between a diagram and
/// a caption takes the diagram from it.
pub fn has_code(bytes: &[u8]) -> bool {
    bytes.windows(7).enumerate().any(|(i, w)| {
        w[..4].iter().all(u8::is_ascii_digit)
            && w[4] == b'.'
            && w[5..].iter().all(u8::is_ascii_digit)
            && (i == 0 || !bytes[i - 1].is_ascii_digit())
            && bytes.get(i + 7).is_none_or(|b| !b.is_ascii_digit())
    })
}

/// The diagram of the caption whose text is `span` (0-based byte range in `buf`): the board
/// whose last rank stands within [`ABOVE_LINES`] lines above the caption's first line, with no
/// other code between; else the board starting within [`BELOW_LINES`] lines below the
/// caption, with no code between and no code within [`ABOVE_LINES`] lines below the board
/// (that code's diagram it would be).
pub fn for_code(buf: &[u8], span: Range<usize>) -> Option<Diagram> {
    above(buf, span.start).or_else(|| below(buf, span.end))
}

/// Bytes before a caption in which [`NineLines::near_code`] looks for a line beginning with
/// `9` before it reads lines: the last rank stands at most [`ABOVE_LINES`] lines above the
/// caption's first line, and caption lines (composer, source, study number) are short.
pub const WINDOW: usize = 512;

/// Bytes after a caption in which [`NineLines::near_code`] looks for a line beginning with
/// `9`: a board printed below its caption starts within [`BELOW_LINES`] lines.
pub const WINDOW_AFTER: usize = 384;

/// The scanner's cheap test for diagram lines near the codes of one chunk: whether a line
/// beginning with `9` (after nothing but spaces and control bytes) starts within [`WINDOW`] bytes
/// before a code or [`WINDOW_AFTER`] bytes after it. Codes come in order, so the bytes are
/// searched once each at most, and only those near a code, for a `9` (`memchr`) whose byte
/// before is a line feed: fewer instructions than a search for the pair `\n9`, a few more
/// mispredicted branches (the restarts after the `9`s of codes and years), about even in time
/// (docs/performance.md, "Measurements behind the code").
#[derive(Debug, Clone, Default)]
pub struct NineLines {
    /// Bytes before this offset have been searched.
    searched: usize,
    /// The last line beginning with `9` found, at or after the windows asked so far.
    found: Option<usize>,
}

impl NineLines {
    /// True when a line beginning with `9` starts in `buf[from..to]`. Calls must come with
    /// `from` not decreasing.
    pub fn any_in(&mut self, buf: &[u8], from: usize, to: usize) -> bool {
        if let Some(f) = self.found {
            if f >= from {
                return f < to;
            }
            self.found = None;
        }
        let at = self.searched.max(from);
        if at < to
            && let Some(nine) = line_nine(buf, at, to)
        {
            self.found = Some(nine);
            self.searched = nine + 1;
            return true;
        }
        self.searched = self.searched.max(to);
        false
    }

    /// [`for_code`] for the scanner, which calls it for every code found, in order: it reads
    /// lines only where a line beginning with `9` starts within [`WINDOW`] bytes before the
    /// caption or [`WINDOW_AFTER`] bytes after it. The same result as [`for_code`] except for a diagram further away.
    pub fn near_code(&mut self, buf: &[u8], span: Range<usize>) -> Option<Diagram> {
        let from = span.start.saturating_sub(WINDOW);
        let to = (span.end + WINDOW_AFTER).min(buf.len());
        if !self.any_in(buf, from, to) {
            return None;
        }
        for_code(buf, span)
    }
}

/// The first `9` in `buf[from..to]` that begins a line: at the start of `buf` or after a
/// line feed, with only spaces and control bytes between (as [`may_be_rank`] reads a line).
fn line_nine(buf: &[u8], from: usize, to: usize) -> Option<usize> {
    let mut at = from;
    while let Some(i) = memchr::memchr(b'9', &buf[at..to]) {
        let nine = at + i;
        let lead = buf[..nine]
            .iter()
            .rev()
            .take_while(|b| **b != b'\n' && crate::parse::space::is_control_or_space(**b))
            .count();
        if lead == nine || buf[nine - lead - 1] == b'\n' {
            return Some(nine);
        }
        at = nine + 1;
    }
    None
}

fn above(buf: &[u8], caption: usize) -> Option<Diagram> {
    let mut start = line_start(buf, caption);
    for _ in 0..ABOVE_LINES {
        start = previous_line(buf, start)?;
        let line = line_at(buf, start);
        if !may_be_rank(&buf[line.clone()]) {
            continue;
        }
        // This line is the last rank: rank 8 is seven lines up.
        let mut first = start;
        for _ in 0..7 {
            first = previous_line(buf, first)?;
        }
        let d = read_at(buf, first)?;
        return (!has_code(&buf[d.span.end..caption])).then_some(d);
    }
    None
}

fn below(buf: &[u8], caption_end: usize) -> Option<Diagram> {
    let mut at = line_end_after(buf, caption_end.min(buf.len()));
    for _ in 0..BELOW_LINES {
        if at >= buf.len() {
            return None;
        }
        let line = line_at(buf, at);
        if may_be_rank(&buf[line.clone()]) {
            let d = read_at(buf, at)?;
            if has_code(&buf[caption_end..d.span.start]) {
                return None;
            }
            let mut end = line_end_after(buf, d.span.end);
            for _ in 0..ABOVE_LINES {
                end = line_end_after(buf, end.min(buf.len()));
            }
            return (!has_code(&buf[d.span.end..end.min(buf.len())])).then_some(d);
        }
        at = line.end + 1;
    }
    None
}
