//! Lines and columns of byte offsets in one text.

/// The start of every line of a text, for turning 0-based byte offsets into 1-based lines
/// and byte columns; the lines written into the text that its source does not hold (a
/// board read from a picture, [`crate::input::Member::added`]) are not counted, so that a
/// line is the source's.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
    added: Vec<u64>,
}

impl LineIndex {
    /// Indexes `text` (one pass, `memchr` for the line feeds); `added` are the 0-based offsets
    /// of the line feeds written into it, in order (empty for most texts).
    pub fn new(text: &[u8], added: &[u64]) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text).map(|i| i + 1));
        LineIndex {
            starts,
            added: added.to_vec(),
        }
    }

    /// The 1-based line of `offset` in the source: a line written in takes the line it
    /// stands before.
    pub fn line(&self, offset: usize) -> u64 {
        self.text_line(offset) - self.added.partition_point(|&a| a < offset as u64) as u64
    }

    /// The 1-based line of `offset` in the text, added lines counted.
    fn text_line(&self, offset: usize) -> u64 {
        self.starts.partition_point(|s| *s <= offset) as u64
    }

    /// The 1-based line ([`LineIndex::line`]) and 1-based byte column of `offset`.
    pub fn line_column(&self, offset: usize) -> (u64, u64) {
        let start = self.starts[self.text_line(offset) as usize - 1];
        (self.line(offset), (offset - start) as u64 + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::LineIndex;

    #[test]
    fn lines_written_in_take_the_line_they_stand_before_and_columns_stay() {
        // Line 2 of the source (`cap`) with two lines written in above it.
        let text = b"one\nB1\nB2\ncap x\nend\n";
        let index = LineIndex::new(text, &[6, 9]);
        assert_eq!(index.line_column(0), (1, 1));
        assert_eq!(index.line_column(4), (2, 1), "a board line");
        assert_eq!(index.line_column(14), (2, 5), "x on the caption's line");
        assert_eq!(index.line_column(16), (3, 1));
        let plain = LineIndex::new(text, &[]);
        assert_eq!(plain.line_column(14), (4, 5));
    }
}
