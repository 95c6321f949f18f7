//! `--json`: the JSON Lines messages of [`crate::scan::message`], for each input with codes a
//! `begin`, one `match` per code and an `end`; then one `summary` for the whole scan.

use std::io::{self, Write};

use std::borrow::Cow;

use crate::record::Record;
use crate::scan::message::{Message, Summary};
use crate::source_path::SourcePath;

/// Writes the message stream.
pub struct JsonPrinter<W: Write> {
    out: W,
    /// Matches written for the input under way; `None` before its first.
    matches: Option<u64>,
}

impl<W: Write> JsonPrinter<W> {
    /// A printer over `out`.
    pub fn new(out: W) -> JsonPrinter<W> {
        JsonPrinter { out, matches: None }
    }

    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, message)?;
        self.out.write_all(b"\n")
    }

    /// Writes a `match` per record of the input `path`, after its `begin` for the first.
    pub fn records(&mut self, path: &SourcePath, records: &[&Record]) -> io::Result<()> {
        if self.matches.is_none() {
            self.message(&Message::Begin {
                path: Cow::Borrowed(path),
            })?;
        }
        for r in records {
            self.message(&Message::Match(Cow::Borrowed(r)))?;
        }
        *self.matches.get_or_insert(0) += records.len() as u64;
        Ok(())
    }

    /// Writes the `end` of the input `path` of `bytes` bytes, when it had a `begin`.
    pub fn end(&mut self, path: &SourcePath, bytes: u64) -> io::Result<()> {
        match self.matches.take() {
            Some(matches) => self.message(&Message::End {
                path: Cow::Borrowed(path),
                bytes,
                matches,
            }),
            None => Ok(()),
        }
    }

    /// Writes the `summary` message and flushes.
    pub fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        self.message(&Message::Summary(Cow::Borrowed(summary)))?;
        self.flush()
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
