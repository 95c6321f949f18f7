//! The lines above an offset, the nearest first, within a window (docs/reading.md, "A sign on a
//! line of its own above the study"; docs/printing.md, "Labels"): the one walk up the text
//! before a code that the sign look-back ([`super::lines`]) and the label reader
//! ([`super::label`]) share, each with its own [`Window`].
//!
//! A line is the bytes between two line feeds, its carriage return, form feeds, tabs and
//! leading blanks included (each reader trims what it reads): the walk splits on line feeds
//! alone, and a line's length counts every byte but its line feed. The first line given is the
//! offset's own, from the line feed before it up to the offset.
//!
//! The walk ends after the first of: the window's last line ([`Window::lines`]); a line that
//! starts at the window's lowest byte ([`Window::bytes`], the caller's floor) or at the
//! buffer's start; the second *long* line ([`Window::long_line`]) or the first longer than
//! [`Window::max_line`], which it gives marked as prose ([`Line::prose`]). A line cut by the
//! window's lowest byte (its start below it) is not given.
//!
//! The line feeds are read 64 bytes at a time from the offset down into a bit mask
//! ([`crate::finder::line_feeds`], the finder's SIMD compare), so that a line costs a few bit
//! operations instead of a search call: the sign look-back runs once per code found, and reads
//! some five lines a code, most of them short (docs/performance.md).

use crate::finder::line_feeds;

/// The form feed: a page break in extracted text.
const FORM_FEED: u8 = 0x0C;

/// The bounds of a walk up the lines above an offset, in which its callers differ: each
/// caller names its window beside the constants its rule is documented with (the sign
/// look-back's in `crate::context::lines`, the label's caption window in
/// `crate::context::label`). Lengths are in bytes, a line's carriage return included, its line
/// feed not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Window {
    /// Most lines given, the offset's own line (up to the offset) the first; at least 1.
    pub lines: usize,
    /// Most bytes above the offset read: the walk reads no byte below `offset - bytes`, nor
    /// below the caller's floor.
    pub bytes: usize,
    /// A line longer than this is *long*: the second long line given is the last, marked as
    /// prose (one is crossed: a running page header between two entries).
    pub long_line: usize,
    /// A line longer than this is the last given, marked as prose.
    pub max_line: usize,
    /// True when a form feed just before the window's lowest byte starts a line there (the
    /// label reader's floor is the first byte of a page); false when only a line feed there,
    /// or the buffer's start, does, a form feed being a byte of its line.
    pub page_break_opens_line: bool,
    /// True when every line counts toward [`Window::lines`]; false when a line of a board
    /// printed as text ([`crate::diagram::is_board_line`]) other than the first counts as
    /// none (a diagram between a caption and its code).
    pub board_lines_count: bool,
}

/// A line given by [`Upward`]: 0-based byte offsets into the buffer walked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line {
    /// The line's first byte (just after a line feed, at the window's lowest byte or at the
    /// buffer's start).
    pub start: usize,
    /// Just past the line's last byte: its line feed, or the walk's offset for the first line.
    pub end: usize,
    /// True for a line that ends the walk as prose: the second long line
    /// ([`Window::long_line`]) or one longer than [`Window::max_line`]. It is the last given.
    pub prose: bool,
}

/// The lines above an offset, the nearest first, within a [`Window`] (the module's rules): an
/// iterator of [`Line`]s.
pub(crate) struct Upward<'a> {
    buf: &'a [u8],
    window: Window,
    feeds: FeedsBack<'a>,
    /// The lowest byte read.
    floor: usize,
    /// The end of the next line (its line feed, or the offset).
    end: usize,
    /// Lines counted toward [`Window::lines`] so far.
    counted: usize,
    /// Long lines given so far.
    long: usize,
    /// True once the last line was given.
    done: bool,
}

impl<'a> Upward<'a> {
    /// The walk up `buf` from `offset` (0-based, exclusive: the first line given ends there,
    /// at most `buf.len()`), reading no byte below `floor` (0-based; 0 for none) nor beyond
    /// the window.
    #[inline(always)]
    pub(crate) fn new(buf: &'a [u8], offset: usize, floor: usize, window: Window) -> Upward<'a> {
        let floor = floor.max(offset.saturating_sub(window.bytes)).min(offset);
        Upward {
            buf,
            window,
            feeds: FeedsBack {
                buf,
                floor,
                base: offset,
                mask: 0,
            },
            floor,
            end: offset,
            counted: 0,
            long: 0,
            done: false,
        }
    }

    /// True when a line starts at the walk's lowest byte: the buffer's start, or a line feed
    /// (or, where the window says so, a form feed) just before it.
    #[inline(always)]
    fn opens_line(&self) -> bool {
        let floor = self.floor;
        floor == 0
            || self.buf[floor - 1] == b'\n'
            || (self.window.page_break_opens_line && self.buf[floor - 1] == FORM_FEED)
    }
}

impl Iterator for Upward<'_> {
    type Item = Line;

    #[inline(always)]
    fn next(&mut self) -> Option<Line> {
        if self.done || self.counted == self.window.lines {
            return None;
        }
        let end = self.end;
        let (start, top) = match self.feeds.next() {
            Some(at) => (at + 1, false),
            // The topmost line starts at the lowest byte; a line cut there is not given.
            None if self.opens_line() => (self.floor, true),
            None => {
                self.done = true;
                return None;
            }
        };
        let len = end - start;
        // Counted without a branch: a line above a code is as likely long as short.
        self.long += usize::from(len > self.window.long_line);
        let prose = (self.long > 1) | (len > self.window.max_line);
        self.done = prose | top;
        let counts = self.window.board_lines_count
            || self.counted == 0
            || !crate::diagram::is_board_line(&self.buf[start..end]);
        self.counted += usize::from(counts);
        self.end = start.saturating_sub(1); // the line feed before the line
        Some(Line { start, end, prose })
    }
}

/// The line feeds of `buf[floor..base]`, the last first, for [`Upward`]: read 64 bytes at a
/// time from `base` down ([`line_feeds`]).
struct FeedsBack<'a> {
    buf: &'a [u8],
    /// The lowest byte read.
    floor: usize,
    /// `mask` holds the line feeds not yet given of `buf[base..]` (bit `i`: byte `base + i`);
    /// the bytes below `base` are not read yet.
    base: usize,
    mask: u64,
}

impl FeedsBack<'_> {
    /// The 0-based offset of the next line feed down, `None` below `floor`.
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        loop {
            if self.mask != 0 {
                let i = 63 - self.mask.leading_zeros() as usize;
                self.mask ^= 1 << i;
                return Some(self.base + i);
            }
            if self.base <= self.floor {
                return None;
            }
            if self.base >= 64 {
                let base = self.base - 64;
                let block = self.buf[base..self.base].first_chunk::<64>()?;
                // Bytes below the floor are not the walk's.
                let below = self.floor.saturating_sub(base);
                self.mask = line_feeds(block) & (u64::MAX << below);
                self.base = base;
            } else {
                // The first bytes of the buffer: one at a time.
                self.mask = (self.floor..self.base)
                    .filter(|&i| self.buf[i] == b'\n')
                    .fold(0, |m, i| m | 1 << i);
                self.base = 0;
            }
        }
    }
}

#[cfg(test)]
pub(super) mod tests;
