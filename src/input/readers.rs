//! Readers the input layer stacks on a source: the decompressors, member after member, the
//! inflate limit on decompressed data, and the UTF-16 decoder for streams.

use std::cell::{Cell, RefCell};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::rc::Rc;

use encoding_rs::{CoderResult, Decoder};

use super::Encoding;

/// How far a compressed input may inflate before it is refused as a bomb: it fails once its
/// output passes **both** `floor` bytes and `ratio` times the compressed bytes read so far. The
/// default, 1 GiB and 100x, lets any real text through (text compresses 3-10x, so a 2 GiB
/// gzip inflates to well under 100x) and stops a zip bomb (ratios of 1,000x and more) once it
/// has made 1 GiB.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InflateLimit {
    /// Bytes of output always allowed (the CLI's `--max-inflate`); 1 GiB by default.
    pub floor: u64,
    /// Output allowed per compressed byte beyond `floor`; 100 by default.
    pub ratio: u64,
}

impl Default for InflateLimit {
    fn default() -> Self {
        InflateLimit {
            floor: 1 << 30,
            ratio: 100,
        }
    }
}

/// The error inside the `io::Error` a `Limited` reader returns when its input inflates past
/// the [`InflateLimit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub struct InflatedTooFar {
    /// The limit passed.
    pub limit: InflateLimit,
    /// Compressed bytes read when it was passed.
    pub compressed: u64,
}

impl fmt::Display for InflatedTooFar {
    /// `inflates past 1073741824 bytes and 100x its 12 compressed bytes (a zip bomb?
    /// --max-inflate raises the limit)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "inflates past {} bytes and {}x its {} compressed bytes (a zip bomb? \
             --max-inflate raises the limit)",
            self.limit.floor, self.limit.ratio, self.compressed
        )
    }
}

/// Counts the bytes read through it into a shared cell, so that a decoder stacked on it can be
/// watched from outside.
pub(super) struct Counted<R> {
    pub(super) inner: R,
    pub(super) count: Rc<Cell<u64>>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }
}

/// How many compressed bytes stand behind the output so far.
pub(super) enum Compressed {
    /// Known in advance (a zip member's header says it).
    Known(u64),
    /// Counted as the decoder reads them ([`Counted`]).
    Counted(Rc<Cell<u64>>),
}

/// A decoder's output, cut off with an error once it passes the [`InflateLimit`].
pub(super) struct Limited<R> {
    pub(super) inner: R,
    pub(super) compressed: Compressed,
    pub(super) limit: InflateLimit,
    pub(super) out: u64,
}

impl<R: Read> Read for Limited<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.out += n as u64;
        let compressed = match &self.compressed {
            Compressed::Known(n) => *n,
            Compressed::Counted(cell) => cell.get(),
        };
        if self.out > self.limit.floor && self.out / self.limit.ratio.max(1) > compressed {
            return Err(io::Error::other(InflatedTooFar {
                limit: self.limit,
                compressed,
            }));
        }
        Ok(n)
    }
}

/// What a compressed stream left after its last complete member, and the error that ended it:
/// read by the caller once the decompressed text has been scanned.
#[derive(Debug, Default)]
pub(super) struct Ending {
    /// The 0-based byte offset in the compressed stream of bytes after the last member that
    /// are not a member of the same format (zcat's "trailing garbage").
    pub(super) garbage_at: Option<u64>,
    /// The error that stopped decompression (a truncated or corrupt member, the inflate limit):
    /// the text before it was handed over as the whole text.
    pub(super) error: Option<io::Error>,
}

/// The decoder of the member being read, each owning the buffered source.
enum Member<R: BufRead> {
    Gzip(flate2::bufread::GzDecoder<R>),
    Bzip2(bzip2::bufread::BzDecoder<R>),
    Xz(liblzma::bufread::XzDecoder<R>),
    Zstd(Box<ruzstd::decoding::StreamingDecoder<R, ruzstd::decoding::FrameDecoder>>),
    /// Between members: the source, its next bytes not yet looked at.
    Between(R),
    Done,
}

/// A compressed stream read member after member, as `zcat`, `bzcat`, `xzcat` and `zstdcat`
/// read one: members of the same format one after the other are one text (RFC 1952 §2.2 for
/// gzip; zstd frames and skippable frames, RFC 8878 §3.1; xz streams with their zero padding,
/// xz file format §2.2). Bytes after the last member that start no member end the text, their
/// offset kept in [`Ending::garbage_at`]; an error ends it too, kept in [`Ending::error`]
/// (the reader reports the end of the text instead, so that what was read before is scanned).
pub(super) struct Members<R: Read> {
    member: Member<BufReader<R>>,
    format: super::Kind,
    /// Compressed bytes read from the source so far.
    count: Rc<Cell<u64>>,
    ending: Rc<RefCell<Ending>>,
}

impl<R: Read> Members<Counted<R>> {
    /// Reads `source` as a stream of `format` (gzip, bzip2, xz or zstd), counting its bytes
    /// into `source.count`.
    pub(super) fn new(
        source: Counted<R>,
        format: super::Kind,
        ending: Rc<RefCell<Ending>>,
    ) -> Members<Counted<R>> {
        let count = source.count.clone();
        Members {
            member: Member::Between(BufReader::with_capacity(64 << 10, source)),
            format,
            count,
            ending,
        }
    }
}

impl<R: Read> Members<R> {
    /// The next member's decoder over `source`, or why there is none.
    fn next(&mut self, mut source: BufReader<R>) -> io::Result<Member<BufReader<R>>> {
        use super::Kind;
        loop {
            let head = source.fill_buf()?;
            if head.is_empty() {
                return Ok(Member::Done);
            }
            let starts = |magic: &[u8]| head.len() >= magic.len() && head.starts_with(magic);
            let member = match self.format {
                Kind::Gzip if starts(b"\x1f\x8b") => {
                    Member::Gzip(flate2::bufread::GzDecoder::new(source))
                }
                Kind::Bzip2 if starts(b"BZh") => {
                    Member::Bzip2(bzip2::bufread::BzDecoder::new(source))
                }
                Kind::Xz if starts(b"\xfd7zXZ\x00") => {
                    Member::Xz(liblzma::bufread::XzDecoder::new(source))
                }
                // Stream padding: zero bytes between and after xz streams.
                Kind::Xz if head[0] == 0 => {
                    let zeros = head.iter().take_while(|&&b| b == 0).count();
                    source.consume(zeros);
                    continue;
                }
                Kind::Zstd if starts(&[0x28, 0xB5, 0x2F, 0xFD]) => {
                    match ruzstd::decoding::StreamingDecoder::new(source) {
                        Ok(decoder) => Member::Zstd(Box::new(decoder)),
                        Err(err) => return Err(io::Error::other(err)),
                    }
                }
                // A skippable frame: magic 0x184D2A50 to 0x184D2A5F, a 4-byte length, data.
                Kind::Zstd
                    if head.len() >= 4
                        && head[0] & 0xF0 == 0x50
                        && head[1..4] == [0x2A, 0x4D, 0x18] =>
                {
                    let mut header = [0; 8];
                    source.read_exact(&mut header)?;
                    let len = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
                    let skipped =
                        io::copy(&mut (&mut source).take(u64::from(len)), &mut io::sink())?;
                    if skipped < u64::from(len) {
                        return Err(io::Error::from(io::ErrorKind::UnexpectedEof));
                    }
                    continue;
                }
                _ => {
                    let at = self.count.get() - source.buffer().len() as u64;
                    self.ending.borrow_mut().garbage_at = Some(at);
                    return Ok(Member::Done);
                }
            };
            return Ok(member);
        }
    }

    fn read_member(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let n = match &mut self.member {
                Member::Gzip(d) => d.read(buf)?,
                Member::Bzip2(d) => d.read(buf)?,
                Member::Xz(d) => d.read(buf)?,
                Member::Zstd(d) => d.read(buf)?,
                Member::Between(_) => 0,
                Member::Done => return Ok(0),
            };
            if n > 0 || buf.is_empty() {
                return Ok(n);
            }
            // The member ended: on to the next one.
            let source = match std::mem::replace(&mut self.member, Member::Done) {
                Member::Gzip(d) => d.into_inner(),
                Member::Bzip2(d) => d.into_inner(),
                Member::Xz(d) => d.into_inner(),
                Member::Zstd(d) => d.into_inner(),
                Member::Between(source) => source,
                Member::Done => return Ok(0),
            };
            self.member = self.next(source)?;
        }
    }
}

impl<R: Read> Read for Members<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.read_member(buf) {
            Ok(n) => Ok(n),
            Err(err) => {
                self.member = Member::Done;
                self.ending.borrow_mut().error = Some(err);
                Ok(0)
            }
        }
    }
}

/// Decodes a UTF-16 stream (its byte order mark already read), or one in the encoding the user
/// named (`-E`), to UTF-8 as it is read, with the same result as the whole-buffer decoding of
/// `encoding.rs`: a lone surrogate, an odd trailing byte or a byte no character has becomes
/// U+FFFD.
pub(super) struct DecodeReader<R> {
    inner: R,
    decoder: Decoder,
    raw: Vec<u8>,
    /// Unconsumed bytes of `raw`: `raw[start..end]`.
    start: usize,
    end: usize,
    eof: bool,
    /// The decoder has flushed its last output (it must not be called again).
    done: bool,
    /// Decoded bytes not yet handed out: `text[at..]`.
    text: Vec<u8>,
    at: usize,
}

impl<R: Read> DecodeReader<R> {
    pub(super) fn new(inner: R, encoding: Encoding) -> DecodeReader<R> {
        let decoder = match encoding {
            Encoding::Utf16Be => encoding_rs::UTF_16BE.new_decoder_without_bom_handling(),
            Encoding::Named(named) => named.new_decoder_without_bom_handling(),
            _ => encoding_rs::UTF_16LE.new_decoder_without_bom_handling(),
        };
        DecodeReader {
            inner,
            decoder,
            raw: vec![0; 64 << 10],
            start: 0,
            end: 0,
            eof: false,
            done: false,
            text: Vec::new(),
            at: 0,
        }
    }

    /// Decodes the next batch into `text`; false at the end.
    fn refill(&mut self) -> io::Result<bool> {
        loop {
            if self.done {
                return Ok(false);
            }
            if self.start == self.end && !self.eof {
                self.start = 0;
                self.end = self.inner.read(&mut self.raw)?;
                self.eof = self.end == 0;
            }
            let input = &self.raw[self.start..self.end];
            let room = self
                .decoder
                .max_utf8_buffer_length(input.len())
                .unwrap_or(4096);
            self.text.clear();
            self.text.resize(room.max(16), 0);
            self.at = 0;
            let (result, read, written, _) =
                self.decoder.decode_to_utf8(input, &mut self.text, self.eof);
            self.start += read;
            self.text.truncate(written);
            self.done = self.eof && matches!(result, CoderResult::InputEmpty);
            if written > 0 {
                return Ok(true);
            }
        }
    }
}

impl<R: Read> Read for DecodeReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.at == self.text.len() && !self.refill()? {
            return Ok(0);
        }
        let n = buf.len().min(self.text.len() - self.at);
        buf[..n].copy_from_slice(&self.text[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests;
