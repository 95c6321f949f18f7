//! PGN input: the games of a PGN file read with pgn-reader, each game with a `FEN` tag made
//! a [`Record`] of its full position ([`read_pgn`]).
//!
//! The record's reference is the game: `offset` its first byte (the `[` of its first tag),
//! `length` its bytes, `line` its 1-based line, `column` 1; its `text` is the FEN. The
//! stipulation comes from the `Result` tag (`1-0` a win, `1/2-1/2` a draw) and the FEN's side to
//! move; the metadata from `White` (composer), `Event`, `Date`, `Result` and any tag whose name
//! holds `GBR` ([`Study`]). A code written in a GBR-like tag or in a comment is checked against
//! the FEN's: a disagreement is a [`crate::Check::Fen`] error. Games without a FEN tag are counted and
//! skipped. The rules are in `docs/chess-formats.md`.
//!
//! Encodings: a UTF-16 file (byte order mark) is decoded first, offsets then refer to the
//! decoded text; a UTF-8 byte order mark is skipped by pgn-reader; a file that is not UTF-8 has
//! its names decoded as Windows-1252 (which covers Latin-1's printable characters), as old
//! ChessBase exports are.

mod cite;
mod codes;
mod visitor;

use std::borrow::Cow;
use std::cell::Cell;
use std::io::{self, Read};

use compact_str::CompactString;
use encoding_rs::{UTF_16BE, UTF_16LE, WINDOWS_1252};
use pgn_reader::Reader;

use crate::check::check;
use crate::fen::{self, EncodeFenError};
use crate::parse::Parsed;
use crate::record::Record;
use crate::stipulation::Outcome;
use crate::study::Study;

use visitor::{Collect, Game};

/// How the names of a PGN file were decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PgnEncoding {
    /// UTF-8 (a byte order mark allowed).
    Utf8,
    /// Not UTF-8: read as Windows-1252 (a superset of Latin-1's printable characters).
    Windows1252,
    /// UTF-16 with a byte order mark, decoded to UTF-8 first.
    Utf16,
}

/// A game that has a FEN tag but gives no record: where it starts and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameProblem {
    /// 1-based line of the game's first byte.
    pub line: u64,
    /// What is wrong (`FEN tag: FEN board field: expected ...`).
    pub message: String,
}

/// What reading a PGN file met besides the records.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GameCounts {
    /// Games read.
    pub games: u64,
    /// Games without a `FEN` tag, skipped (a study needs its position).
    pub without_fen: u64,
    /// Games whose FEN could not be read or has no GBR position, in file order.
    pub problems: Vec<GameProblem>,
    /// Set when pgn-reader stopped early on the file: the message.
    pub stopped: Option<String>,
}

/// The records of a PGN file, in file order, and its [`GameCounts`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnRead {
    /// A record per game with a readable FEN.
    pub records: Vec<Record>,
    /// Games read, skipped and unreadable.
    pub counts: GameCounts,
    /// How the names were decoded.
    pub encoding: PgnEncoding,
    /// The panic that stopped the read, if one did: the 0-based byte offset (in the decoded
    /// text) of the game it happened in, and the fault. The games before it are in
    /// `records`; the rest of the input was not read (docs/reliability.md, "Fault
    /// isolation").
    pub fault: Option<(u64, crate::fault::Fault)>,
}

/// A reader over a byte slice that counts the bytes handed out, so that the start of each
/// game is known (pgn-reader does not tell offsets).
struct Tracked<'a> {
    rest: &'a [u8],
    read: &'a Cell<usize>,
}

impl Read for Tracked<'_> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let n = self.rest.read(out)?;
        self.read.set(self.read.get() + n);
        Ok(n)
    }
}

/// The text of `bytes`, decoded from UTF-16 when it starts with a byte order mark.
/// The text of a PGN file as [`read_pgn`] reads it and its records' offsets count: UTF-16
/// (by its byte order mark) decoded to UTF-8, any other bytes as they are.
pub(crate) fn text(bytes: &[u8]) -> Cow<'_, [u8]> {
    utf8_bytes(bytes).0
}

fn utf8_bytes(bytes: &[u8]) -> (Cow<'_, [u8]>, Option<PgnEncoding>) {
    let utf16 = match bytes {
        [0xFF, 0xFE, ..] => UTF_16LE,
        [0xFE, 0xFF, ..] => UTF_16BE,
        _ => return (Cow::Borrowed(bytes), None),
    };
    let (text, _) = utf16.decode_with_bom_removal(bytes);
    (
        Cow::Owned(text.into_owned().into_bytes()),
        Some(PgnEncoding::Utf16),
    )
}

/// A name decoded for display: `None` for an empty value or `?`.
fn name(value: Option<&Vec<u8>>, encoding: PgnEncoding) -> Option<CompactString> {
    let value = value?;
    let text = match encoding {
        PgnEncoding::Windows1252 => WINDOWS_1252.decode_without_bom_handling(value).0,
        _ => String::from_utf8_lossy(value),
    };
    let text = text.trim();
    (!text.is_empty() && !text.chars().all(|c| c == '?')).then(|| CompactString::from(text))
}

/// The outcome of a `Result` tag: `1-0` a win, `1/2-1/2` a draw (White's result, gbr-notation.md §2).
fn outcome(result: Option<&Vec<u8>>) -> Option<Outcome> {
    match result.map(|r| r.trim_ascii()) {
        Some(b"1-0") => Some(Outcome::Win),
        Some(b"1/2-1/2") => Some(Outcome::Draw),
        _ => None,
    }
}

/// Reads the games of a PGN file whose contents are `bytes`, named `source` in the records,
/// and returns a record per game with a readable FEN tag, in file order. Never fails: a game
/// that cannot be read is counted in [`GameCounts`], and an error of pgn-reader ends the file
/// with the records read so far ([`GameCounts::stopped`]).
pub fn read_pgn(bytes: &[u8], source: &str) -> PgnRead {
    let (text, utf16) = utf8_bytes(bytes);
    let buf: &[u8] = &text;
    let encoding = utf16.unwrap_or_else(|| {
        let body = buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(buf);
        if std::str::from_utf8(body).is_ok() {
            PgnEncoding::Utf8
        } else {
            PgnEncoding::Windows1252
        }
    });
    let path = crate::source_path::SourcePath::from(source);
    let read = Cell::new(0);
    let mut reader = Reader::new(Tracked {
        rest: buf,
        read: &read,
    });
    let mut records = Vec::new();
    let mut counts = GameCounts::default();
    let (mut line, mut counted_to) = (1u64, 0usize);
    let mut fault = None;
    loop {
        let at = read.get() - reader.buffer().len();
        let game = crate::fault::catch(|| {
            reader.has_more().and_then(|more| {
                let start = read.get() - reader.buffer().len();
                let game = if more {
                    reader.read_game(&mut Collect)?
                } else {
                    None
                };
                Ok(game.map(|g| (start, g)))
            })
        });
        let (start, game) = match game {
            Ok(Ok(Some(found))) => found,
            Ok(Ok(None)) => break,
            Ok(Err(e)) => {
                counts.stopped = Some(e.to_string());
                break;
            }
            Err(f) => {
                fault = Some((at as u64, f));
                break;
            }
        };
        let end = read.get() - reader.buffer().len();
        line += memchr::memchr_iter(b'\n', &buf[counted_to..start]).count() as u64;
        counted_to = start;
        counts.games += 1;
        let at = GameAt {
            path: &path,
            buf,
            start,
            end: start + buf[start..end].trim_ascii_end().len(),
            line,
        };
        match crate::fault::catch(|| record(&game, &at, encoding)) {
            Ok(Ok(Some(r))) => records.push(r),
            Ok(Ok(None)) => counts.without_fen += 1,
            Ok(Err(message)) => counts.problems.push(GameProblem { line, message }),
            Err(f) => {
                fault = Some((start as u64, f));
                break;
            }
        }
    }
    PgnRead {
        records,
        counts,
        encoding,
        fault,
    }
}

/// Where a game stands in the buffer read.
struct GameAt<'a> {
    path: &'a crate::source_path::SourcePath,
    buf: &'a [u8],
    /// Its first byte.
    start: usize,
    /// Past its last byte that is not white space.
    end: usize,
    /// 1-based line of `start`.
    line: u64,
}

impl GameAt<'_> {
    /// The game's bytes.
    fn bytes(&self) -> &[u8] {
        &self.buf[self.start..self.end]
    }

    /// The absolute range of the value of tag `name` (`[FEN "..."]`), when found as written.
    fn tag_value(&self, name: &[u8], len: usize) -> Option<std::ops::Range<usize>> {
        let mut needle = Vec::with_capacity(name.len() + 1);
        needle.push(b'[');
        needle.extend_from_slice(name);
        let bytes = self.bytes();
        // `[FEN` must not match `[FENComment`: the name ends at white space or the quote.
        let at = memchr::memmem::find_iter(bytes, &needle).find(|&at| {
            bytes
                .get(at + needle.len())
                .is_some_and(|b| b.is_ascii_whitespace() || *b == b'"')
        })?;
        let quote = memchr::memchr(b'"', &bytes[at..])?;
        let from = self.start + at + quote + 1;
        Some(from..(from + len).min(self.end))
    }
}

/// The 0-based offset of the first `dddd.dd` printed in the game's tags (`[Black
/// "(+0016.32d4g7)"]`, `[GBR "0116.00"]`), where one is: a game that prints its code points at
/// that line, as a code in text does (docs/scan-output.md, "Where a record points"); else at the
/// game's first line. Tags are the lines before the first that does not open with `[`.
fn printed_code(at: &GameAt<'_>) -> Option<usize> {
    let mut line_start = at.start;
    for line in at.bytes().split(|&b| b == b'\n') {
        if line.trim_ascii_start().first() != Some(&b'[') {
            return None;
        }
        let end = line_start + line.len();
        let found = memchr::memchr_iter(b'.', line)
            .filter_map(|dot| (line_start + dot).checked_sub(4))
            .find(|&i| i >= line_start && crate::finder::is_token(at.buf, i));
        if found.is_some() {
            return found;
        }
        line_start = end + 1;
    }
    None
}

/// The record of one game; `None` without a FEN tag; the message when its FEN is unreadable.
fn record(game: &Game, at: &GameAt<'_>, encoding: PgnEncoding) -> Result<Option<Record>, String> {
    let Some(fen_bytes) = &game.fen else {
        return Ok(None);
    };
    let fen_text = String::from_utf8_lossy(fen_bytes);
    let fen_range = at
        .tag_value(b"FEN", fen_bytes.len())
        .unwrap_or(at.start..at.start);
    let position = fen::encode(&fen_text, outcome(game.result.as_ref())).map_err(|e| match e {
        EncodeFenError::Fen(e) => format!("FEN tag {fen_text:?}: {e}"),
        EncodeFenError::Board(e) => format!("FEN tag {fen_text:?}: {e}"),
    })?;
    let parsed = Parsed::of_fen(position, fen_range);
    let findings = check(&parsed);
    // One path shared by the records of a file.
    let mut record = Record::new(at.path, at.line, 1, &parsed, at.buf, &findings);
    record.offset = at.start as u64;
    record.length = (at.end - at.start) as u64;
    if let Some(code_at) = printed_code(at) {
        record.line =
            at.line + memchr::memchr_iter(b'\n', &at.buf[at.start..code_at]).count() as u64;
    }
    let study = Study {
        composer: name(game.white.as_ref(), encoding),
        event: name(game.event.as_ref(), encoding),
        date: name(game.date.as_ref(), encoding),
        result: name(game.result.as_ref(), encoding),
        gbr: game.gbr.first().and_then(|(_, v)| name(Some(v), encoding)),
    };
    codes::check_written(game, at, &parsed.position, &mut record);
    let composer = name(game.composer.as_ref(), encoding);
    let round = name(game.round.as_ref(), encoding);
    record.citation = cite::of_tags(&study, composer.as_deref(), round.as_deref()).map(Box::new);
    record.study = (!study.is_empty()).then(|| Box::new(study));
    Ok(Some(record))
}

#[cfg(test)]
mod tests;
