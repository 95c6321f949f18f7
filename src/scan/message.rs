//! The JSON Lines messages of `gbr scan --json`, in ripgrep's style (docs/scan-output.md):
//! for each input with codes a `begin`, one `match` per code whose `data` is a [`Record`], an
//! `end`; then one `summary` for the whole scan. One type, written by
//! [`crate::render::scan::json`] and read back by [`crate::saved::read::records`]
//! (`gbr index --from`).
//!
//! ```text
//! {"type":"begin","data":{"path":"eg.txt"}}
//! {"type":"match","data":{"path":"eg.txt","offset":0,...}}
//! {"type":"end","data":{"path":"eg.txt","bytes":1234,"matches":1}}
//! {"type":"summary","data":{"files":1,"bytes":1234,"matches":1,"errors":0,"skipped":0,"elapsed":0.004}}
//! ```

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::record::Record;
use crate::source_path::SourcePath;

/// One line of the stream: borrowed when written, owned when read back.
// A message lives for one line, written or read; boxing the record would cost an allocation
// per code for nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", content = "data", rename_all = "lowercase")]
pub enum Message<'a> {
    /// The first code of an input follows.
    Begin {
        /// The input's name in references.
        path: Cow<'a, SourcePath>,
    },
    /// One code found.
    Match(Cow<'a, Record>),
    /// The input's last code came before.
    End {
        /// The input's name in references.
        path: Cow<'a, SourcePath>,
        /// Bytes scanned in it.
        bytes: u64,
        /// `match` messages written for it.
        matches: u64,
    },
    /// The whole scan, last.
    Summary(Cow<'a, Summary>),
}

impl Message<'_> {
    /// The `type` of a `match` message, the one a reader takes records from.
    pub const MATCH: &'static str = "match";
}

/// What the scan of all inputs came to: the `data` of the final `summary` message, and what
/// the last line of the text output says. The codes counted are those printed (after the
/// filters).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Inputs scanned.
    pub files: u64,
    /// Bytes scanned, over all inputs (after UTF-16 decoding).
    pub bytes: u64,
    /// Codes printed (those that passed the filters).
    pub matches: u64,
    /// Inputs that could not be read (the same number as `unreadable`, under its first name).
    pub errors: u64,
    /// Inputs left out on purpose (binary files, special files in folders).
    pub skipped: u64,
    /// Wall-clock time of the whole command, in seconds.
    pub elapsed: f64,
    /// Codes printed with an error finding (`invalid` in the text output).
    pub invalid: u64,
    /// Codes printed without an error, but with nothing beside them that repeats the material
    /// (`unchecked` in the text output: rank `bare` or `kings`).
    pub unchecked: u64,
    /// Warning findings of the codes printed.
    pub warnings: u64,
    /// Inputs that could not be read (exit status 2).
    pub unreadable: u64,
}

impl Summary {
    /// Counts a printed record: invalid, unchecked, and its warnings.
    pub fn add(&mut self, record: &Record) {
        match record.status() {
            crate::record::Status::Invalid => self.invalid += 1,
            crate::record::Status::Unchecked => self.unchecked += 1,
            crate::record::Status::Ok => {}
        }
        self.warnings += record
            .findings
            .iter()
            .filter(|f| f.severity == crate::check::Severity::Warning)
            .count() as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_reads_back_as_written() {
        let path = SourcePath::from("eg.txt");
        let summary = Summary {
            files: 1,
            elapsed: 0.5,
            ..Summary::default()
        };
        let written = [
            Message::Begin {
                path: Cow::Borrowed(&path),
            },
            Message::End {
                path: Cow::Borrowed(&path),
                bytes: 12,
                matches: 1,
            },
            Message::Summary(Cow::Borrowed(&summary)),
        ];
        for message in written {
            let line = serde_json::to_string(&message).expect("serialises");
            let back: Message<'_> = serde_json::from_str(&line).expect("reads back");
            assert_eq!(serde_json::to_string(&back).expect("serialises"), line);
        }
        let line = serde_json::to_string(&Message::Begin {
            path: Cow::Borrowed(&path),
        })
        .expect("serialises");
        assert_eq!(line, r#"{"type":"begin","data":{"path":"eg.txt"}}"#);
    }
}
