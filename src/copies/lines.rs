//! Lines and columns of byte offsets in one text.

/// The start of every line of a text, for turning 0-based byte offsets into 1-based lines
/// and byte columns.
#[derive(Debug, Clone)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// Indexes `text` (one pass, `memchr` for the line feeds).
    pub fn new(text: &[u8]) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(memchr::memchr_iter(b'\n', text).map(|i| i + 1));
        LineIndex { starts }
    }

    /// The 1-based line of `offset`.
    pub fn line(&self, offset: usize) -> u64 {
        self.starts.partition_point(|s| *s <= offset) as u64
    }

    /// The 1-based line and 1-based byte column of `offset`.
    pub fn line_column(&self, offset: usize) -> (u64, u64) {
        let line = self.line(offset);
        let start = self.starts[line as usize - 1];
        (line, (offset - start) as u64 + 1)
    }
}
