//! What a reading carries from one page of a source to the next (docs/reading.md, "State
//! carried over pages"): a PDF's pages are texts of their own, scanned in parallel, and the
//! scan's stitcher, which takes them in order, carries over each page break what the text of
//! the pages read as one would carry over a form feed.
//!
//! Two things cross a page break. The *context* above the first code of a page: the look-back
//! of that code, which ends at the top of its page with nothing found, reads on into the
//! [`Carry`] (the last lines of the pages before) as it would read on across a form feed, so a
//! directory's entry at the top of a page stands under the entry at the foot of the page
//! before (a running head, a folio and blank lines between are no break) or under a heading
//! printed at that foot. And the *state* the stitcher's `Chain` keeps from code to code: the
//! heading in force (`Chain::next_text`). A study's sign never crosses a page: a sign line
//! found above the page break is no sign of the code, and ends the look-back with nothing.

use super::lines::{self, Above};

/// Most bytes of the pages before that a page's first code may read: the look-back's reach
/// ([`lines::MAX_BYTES`]).
pub const TAIL_BYTES: usize = lines::MAX_BYTES;

/// The last whole lines of `text` within [`TAIL_BYTES`]: what a later page's look-back may
/// read of it (all of it when it is shorter).
pub fn tail(text: &[u8]) -> &[u8] {
    if text.len() <= TAIL_BYTES {
        return text;
    }
    let from = text.len() - TAIL_BYTES;
    match memchr::memchr(b'\n', &text[from..]) {
        Some(i) => &text[from + i + 1..],
        None => &[],
    }
}

/// The bytes from the start of a page to its first code (0-based offset `start` of the code's
/// text), when they may read on into the page before: the code's look-back (`above`) found
/// nothing, or the code opens its page with no number (`opens_page`: it may take the head at
/// the foot of the page before, docs/printing.md), and they are at most [`TAIL_BYTES`] long.
/// `None` otherwise.
pub fn head(text: &[u8], start: usize, above: Above, opens_page: bool) -> Option<&[u8]> {
    ((above == Above::Nothing || opens_page) && start <= TAIL_BYTES).then(|| &text[..start])
}

/// The last lines of the pages read so far, as one text: what the first code of the next page
/// reads on into.
#[derive(Debug, Clone, Default)]
pub struct Carry {
    tail: Vec<u8>,
    /// Bytes at the end of `tail` that the last page pushed gave: its [`tail`].
    last: usize,
}

impl Carry {
    /// Nothing carried: the first page of a source, or a text that is no page.
    pub fn new() -> Carry {
        Carry::default()
    }

    /// True when nothing is carried.
    pub fn is_empty(&self) -> bool {
        self.tail.is_empty()
    }

    /// Adds the end of the next page (`end`: its [`tail`]) after the pages before: a page
    /// whose text ends without a line feed ends its last line all the same.
    pub fn push(&mut self, end: &[u8]) {
        if !self.tail.is_empty() && !self.tail.ends_with(b"\n") {
            self.tail.push(b'\n');
        }
        self.tail.extend_from_slice(end);
        self.last = end.len();
        let keep = tail(&self.tail).len();
        self.tail.drain(..self.tail.len() - keep);
    }

    /// The last lines of the last page pushed alone (its [`tail`], at most [`TAIL_BYTES`]):
    /// what the head at its foot is read from (docs/printing.md, "A head at a page's foot");
    /// empty before the first.
    pub fn last_page(&self) -> &[u8] {
        &self.tail[self.tail.len() - self.last.min(self.tail.len())..]
    }

    /// What stands above a page's first code (`head`: the page's text before it, whose own
    /// look-back found nothing), read on into the pages before as across a form feed: the
    /// entry at the foot of the page before ([`Above::Code`]), a heading, or nothing; a sign
    /// line there is no sign of this code, and gives nothing.
    pub fn above(&self, head: &[u8]) -> Above {
        if self.tail.is_empty() {
            return Above::Nothing;
        }
        let mut text = self.tail.clone();
        if !text.ends_with(b"\n") {
            text.push(b'\n');
        }
        text.extend_from_slice(head);
        match lines::look_back(&text, text.len()) {
            Above::Sign(_) => Above::Nothing,
            Above::Nothing if super::table::continues(&self.tail, head) => Above::Code,
            above => above,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_code_of_a_page_reads_on_into_the_foot_of_the_page_before() {
        let mut carry = Carry::new();
        assert_eq!(carry.above(b"\x0c"), Above::Nothing);
        carry.push(tail(b"Wins\n0001.11 e8h8\n0001.12 g2d5\n\n  461\n"));
        assert_eq!(carry.above(b"\x0cBook title\n\n"), Above::Code);
        // A page of prose between: the entries stopped.
        let mut prose = Carry::new();
        prose.push(b"0001.11 e8h8\n");
        prose.push(&b"A line of prose that runs on for more than sixty bytes, and on.\n".repeat(3));
        assert_eq!(prose.above(b"\x0c"), Above::Nothing);
        // A heading at the foot of the page before.
        let mut heading = Carry::new();
        heading.push(b"0001.11 e8h8\n\nDraws\n");
        assert!(matches!(heading.above(b""), Above::Heading(_)));
        // A sign line at the foot: no sign of a code on the next page.
        let mut sign = Carry::new();
        sign.push(b"Composer\n+\n");
        assert_eq!(sign.above(b"Source\n"), Above::Nothing);
    }

    #[test]
    fn the_carry_keeps_the_last_lines_within_reach() {
        let mut carry = Carry::new();
        for _ in 0..100 {
            carry.push(b"0001.11 e8h8\n");
        }
        assert!(carry.tail.len() <= TAIL_BYTES);
        assert!(carry.tail.starts_with(b"0001.11"));
        carry.push(b"no line feed");
        carry.push(b"next");
        assert!(carry.tail.ends_with(b"no line feed\nnext"));
        assert_eq!(carry.last_page(), b"next");
        assert_eq!(Carry::new().last_page(), b"");
    }
}
