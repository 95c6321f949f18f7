//! JSON Lines in ripgrep's style: for each input with codes a `begin` message, one `match`
//! per code whose `data` is a [`Record`] as serialised by the library, and an `end`; then one
//! `summary` for the whole scan.
//!
//! ```text
//! {"type":"begin","data":{"path":"eg.txt"}}
//! {"type":"match","data":{"path":"eg.txt","offset":0,...}}
//! {"type":"end","data":{"path":"eg.txt","bytes":1234,"matches":1}}
//! {"type":"summary","data":{"files":1,"bytes":1234,"matches":1,"errors":0,"skipped":0,"elapsed":0.004}}
//! ```

use std::io::{self, Write};

use gbrscan::Record;
use gbrscan::SourcePath;
use serde::Serialize;

use super::Summary;

/// One line of the stream.
#[derive(Serialize)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
enum Message<'a> {
    Begin {
        path: &'a SourcePath,
    },
    Match(&'a Record),
    End {
        path: &'a SourcePath,
        bytes: u64,
        matches: u64,
    },
    Summary(&'a Summary),
}

/// Writes the message stream.
pub struct Printer<W: Write> {
    out: W,
    /// Matches written for the input under way; `None` before its first.
    matches: Option<u64>,
}

impl<W: Write> Printer<W> {
    /// A printer over `out`.
    pub fn new(out: W) -> Printer<W> {
        Printer { out, matches: None }
    }

    fn message(&mut self, message: &Message<'_>) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, message)?;
        self.out.write_all(b"\n")
    }

    /// Writes a `match` per record of the input `path`, after its `begin` for the first.
    pub fn records(&mut self, path: &SourcePath, records: &[&Record]) -> io::Result<()> {
        if self.matches.is_none() {
            self.message(&Message::Begin { path })?;
        }
        for r in records {
            self.message(&Message::Match(r))?;
        }
        *self.matches.get_or_insert(0) += records.len() as u64;
        Ok(())
    }

    /// Writes the `end` of the input `path` of `bytes` bytes, when it had a `begin`.
    pub fn end(&mut self, path: &SourcePath, bytes: u64) -> io::Result<()> {
        match self.matches.take() {
            Some(matches) => self.message(&Message::End {
                path,
                bytes,
                matches,
            }),
            None => Ok(()),
        }
    }

    /// Writes the `summary` message and flushes.
    pub fn finish(&mut self, summary: &Summary) -> io::Result<()> {
        self.message(&Message::Summary(summary))?;
        self.flush()
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
