//! Reading entries back: saved directories in the two formats that keep every field
//! on one line ([`SavedFormat`]: `tsv` and `jsonl`), and saved `gbr scan --json` output.
//!
//! The first line tells the format and the order: a TSV header starts with `code` (sorted by
//! [`Order::Code`]) or `group` ([`Order::Stipulation`]); a JSON Lines directory starts with
//! `{`, and its entries carry a `"group"` member when sorted by stipulation. A duplicates
//! listing (lead column `duplicate`) and scan output (objects with a `"type"`) are refused.

mod error;
mod tsv;

pub use error::{LineError, ReadError};

use std::borrow::Cow;
use std::io::{self, BufRead};

use serde::Deserialize;

use crate::record::Record;
use crate::scan::message::Message;

use super::columns::{COLUMNS, Columns, SavedFormat};
use super::columns::{is_blank, strip_bom, trim_end};
use crate::order::{Group, Key, Order};

/// What the first line of a saved directory says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// The format.
    pub format: SavedFormat,
    /// The order the entries are sorted in.
    pub order: Order,
    /// Bytes before the first entry: the header row with its line feed (TSV), 0 (JSON Lines).
    pub data_start: usize,
    /// The columns of the rows: [`COLUMNS`], or those of a TSV directory written by an older
    /// `gbr` ([`super::columns::INDEXED_COLUMNS`], [`super::columns::UNLABELLED_COLUMNS`]). Always [`Columns::Current`] for
    /// JSON Lines, whose entries name their fields.
    pub columns: Columns,
}

#[derive(Deserialize)]
struct FirstLine<'a> {
    #[serde(rename = "type", borrow, default)]
    kind: Option<Cow<'a, str>>,
    #[serde(default)]
    group: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    duplicate: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    code: Option<serde::de::IgnoredAny>,
}

fn not_a_directory(line: &[u8]) -> ReadError {
    let found = String::from_utf8_lossy(&line[..line.len().min(60)]).into_owned();
    ReadError::NotADirectory { found }
}

/// Reads the header from the first line of a saved directory (with or without its line feed).
///
/// # Errors
/// [`ReadError::NotADirectory`], [`ReadError::Columns`], [`ReadError::Duplicates`] or
/// [`ReadError::ScanOutput`].
pub(crate) fn header(first_line: &[u8]) -> Result<Header, ReadError> {
    let bom = first_line.len() - strip_bom(first_line).len();
    let line = trim_end(&first_line[bom..]);
    if line.starts_with(b"{") {
        let first: FirstLine<'_> =
            serde_json::from_slice(line).map_err(|_| not_a_directory(line))?;
        if first.kind.is_some() {
            return Err(ReadError::ScanOutput);
        }
        if first.duplicate.is_some() {
            return Err(ReadError::Duplicates);
        }
        if first.code.is_none() {
            return Err(not_a_directory(line));
        }
        let order = if first.group.is_some() {
            Order::Stipulation
        } else {
            Order::Code
        };
        return Ok(Header {
            format: SavedFormat::Jsonl,
            order,
            data_start: bom,
            columns: Columns::Current,
        });
    }
    let text = String::from_utf8_lossy(line);
    let mut names: Vec<&str> = text.split('\t').collect();
    let order = match names.first().copied() {
        Some("code") => Order::Code,
        Some("group") => Order::Stipulation,
        Some("duplicate") => return Err(ReadError::Duplicates),
        _ => return Err(not_a_directory(line)),
    };
    if order == Order::Stipulation {
        names.remove(0);
    }
    let Some(columns) = Columns::of(&names) else {
        return Err(ReadError::Columns {
            expected: COLUMNS.join("\t"),
            found: names.join("\t"),
        });
    };
    Ok(Header {
        format: SavedFormat::Tsv,
        order,
        data_start: first_line.len(),
        columns,
    })
}

/// Checks that a lead `group` cell or member, if any, is the group of the record's
/// stipulation.
fn check_group(group: Option<&str>, record: &Record) -> Result<(), LineError> {
    match group {
        Some(name) if Group::from_name(name) != Some(Group::of(record.stipulation)) => {
            Err(LineError::Cell {
                column: "group",
                expected: "the group of the entry's stipulation (win, draw, other)",
                found: name.to_string(),
            })
        }
        _ => Ok(()),
    }
}

#[derive(Deserialize)]
struct JsonEntry {
    #[serde(default)]
    group: Option<String>,
    #[serde(flatten)]
    record: Record,
}

fn jsonl_entry(order: Order, line: &[u8]) -> Result<Record, LineError> {
    let entry: JsonEntry =
        serde_json::from_slice(line).map_err(|source| LineError::Json { source })?;
    match order {
        Order::Stipulation => {
            check_group(Some(entry.group.as_deref().unwrap_or("")), &entry.record)?
        }
        Order::Code => check_group(entry.group.as_deref(), &entry.record)?,
    }
    Ok(entry.record.with_page_index())
}

/// Reads one entry line (with or without its line feed) of a directory with `header`. Kings,
/// squares and W/B are read as typed values ([`Record::kings`]), so an entry that reads has a
/// sort key.
///
/// # Errors
/// [`LineError`] saying which cell or member is wrong.
pub(crate) fn entry(header: &Header, line: &[u8]) -> Result<Record, LineError> {
    let line = trim_end(strip_bom(line));
    match header.format {
        SavedFormat::Tsv => tsv::entry(header.order, header.columns, line),
        SavedFormat::Jsonl => jsonl_entry(header.order, line),
    }
}

/// Checks that `next` does not sort before `previous` in `order`. `line` gives the line of
/// `next`, called only for an error (counting lines may cost a pass over the file).
///
/// # Errors
/// [`ReadError::NotSorted`].
pub(crate) fn check_order(
    previous: &Record,
    next: &Record,
    order: Order,
    line: impl Fn() -> u64,
) -> Result<(), ReadError> {
    let (a, b) = (Key::of(previous, order), Key::of(next, order));
    if b < a {
        return Err(ReadError::NotSorted {
            line: line(),
            entry: b.to_string(),
            previous: a.to_string(),
        });
    }
    Ok(())
}

/// `input` as UTF-8 lines, whatever it was saved in: decoded from UTF-16 when it starts with
/// a UTF-16 byte order mark, without a UTF-8 one, untouched otherwise (bytes that are not
/// UTF-8 pass as they are). What `gbr merge` and `gbr index --from` read through; `gbr lookup`
/// gets the same from [`crate::input::load`].
pub fn decoded<R: io::Read>(input: R) -> impl BufRead {
    let decoder = encoding_rs_io::DecodeReaderBytesBuilder::new()
        .bom_sniffing(true)
        .strip_bom(true)
        .utf8_passthru(true)
        .build(input);
    io::BufReader::with_capacity(1 << 16, decoder)
}

/// A saved directory read entry by entry, for `gbr merge`. Blank lines are skipped
/// ([`super::columns`]).
#[derive(Debug)]
pub struct DirectoryReader<R> {
    input: R,
    header: Option<Header>,
    /// The first entry line of a JSON Lines directory, read to learn the header.
    pending: Option<Vec<u8>>,
    line: u64,
    buf: Vec<u8>,
}

impl<R> DirectoryReader<R> {
    /// The header; `None` for an empty input, which is an empty directory in any order.
    pub fn header(&self) -> Option<&Header> {
        self.header.as_ref()
    }

    /// The 1-based line of the entry last returned.
    pub fn line(&self) -> u64 {
        self.line
    }
}

impl<R: BufRead> DirectoryReader<R> {
    /// Reads the first line of `input` to learn its format and order.
    ///
    /// # Errors
    /// [`ReadError`] when the first line cannot be read or is not a directory's.
    pub fn new(mut input: R) -> Result<DirectoryReader<R>, ReadError> {
        let mut buf = Vec::new();
        let mut line = 0;
        loop {
            buf.clear();
            line += 1;
            input
                .read_until(b'\n', &mut buf)
                .map_err(|source| ReadError::Io { line, source })?;
            if buf.is_empty() || !is_blank(strip_bom(&buf)) {
                break;
            }
        }
        let header = if buf.is_empty() {
            None
        } else {
            Some(header(&buf)?)
        };
        let pending = match header {
            Some(Header {
                format: SavedFormat::Jsonl,
                ..
            }) => Some(std::mem::take(&mut buf)),
            _ => None,
        };
        Ok(DirectoryReader {
            input,
            header,
            pending,
            line,
            buf,
        })
    }

    /// The next entry, `None` at the end.
    ///
    /// # Errors
    /// [`ReadError::Io`] or [`ReadError::Line`].
    pub fn next_entry(&mut self) -> Result<Option<Record>, ReadError> {
        let Some(header) = self.header else {
            return Ok(None);
        };
        let line = if let Some(line) = self.pending.take() {
            line
        } else {
            loop {
                self.buf.clear();
                self.line += 1;
                let read = self
                    .input
                    .read_until(b'\n', &mut self.buf)
                    .map_err(|source| ReadError::Io {
                        line: self.line,
                        source,
                    })?;
                if read == 0 {
                    return Ok(None);
                }
                if !is_blank(&self.buf) {
                    break std::mem::take(&mut self.buf);
                }
            }
        };
        let record = entry(&header, &line).map_err(|source| ReadError::Line {
            line: self.line,
            source,
        });
        self.buf = line;
        record.map(Some)
    }
}

/// The type of a line that [`Message`] does not read: a message of another type, or one
/// whose data is not as this version writes it.
#[derive(Deserialize)]
struct Tagged<'a> {
    #[serde(rename = "type", borrow)]
    kind: Cow<'a, str>,
}

/// Reads every record of saved `gbr scan --json` output (JSON Lines messages in ripgrep's
/// style: the `data` of each `{"type":"match",...}` line, other types ignored), or of a saved
/// directory (`tsv` or `jsonl`), in the order of the input. Empty lines are skipped.
///
/// # Errors
/// [`ReadError`] for the first line that cannot be read.
pub fn records<R: BufRead>(input: R) -> Result<Vec<Record>, ReadError> {
    saved(input).map(|s| s.records)
}

/// What [`saved`] read: the records, and the header of the saved directory they were read
/// from (`None` for `gbr scan --json` output, or an input without a line).
#[derive(Debug)]
pub struct Saved {
    /// The records, in the order of the input.
    pub records: Vec<Record>,
    /// The saved directory's header, when the input was one: its entries were merged when it
    /// was written, and are read back as written (docs/directory.md, "The same directory
    /// every way").
    pub directory: Option<Header>,
}

/// Reads saved `gbr scan --json` output or a saved directory, as [`records`] does, and says
/// which it was.
///
/// # Errors
/// [`ReadError`] for the first line that cannot be read.
pub fn saved<R: BufRead>(mut input: R) -> Result<Saved, ReadError> {
    let mut buf = Vec::new();
    let mut line = 0;
    let mut records = Vec::new();
    let mut directory: Option<Header> = None;
    let mut first = true;
    loop {
        buf.clear();
        line += 1;
        let read = input
            .read_until(b'\n', &mut buf)
            .map_err(|source| ReadError::Io { line, source })?;
        if read == 0 {
            return Ok(Saved { records, directory });
        }
        let text = trim_end(strip_bom(&buf));
        if is_blank(text) {
            continue;
        }
        let at = |source| ReadError::Line { line, source };
        let is_first = std::mem::take(&mut first);
        if let Some(header) = &directory {
            records.push(entry(header, text).map_err(at)?);
            continue;
        }
        let message = match serde_json::from_slice::<Message<'_>>(text) {
            Ok(message) => message,
            Err(source) => match serde_json::from_slice::<Tagged<'_>>(text) {
                // A message of another type: ignored, whatever its data.
                Ok(tagged) if tagged.kind != Message::MATCH => continue,
                Ok(_) => return Err(at(LineError::Json { source })),
                Err(_) if is_first => {
                    let header = header(text)?;
                    if header.format == SavedFormat::Jsonl {
                        records.push(entry(&header, text).map_err(at)?);
                    }
                    directory = Some(header);
                    continue;
                }
                Err(source) => return Err(at(LineError::Json { source })),
            },
        };
        if let Message::Match(record) = message {
            records.push(record.into_owned().with_page_index());
        }
    }
}
