//! A PDF's streams decoded under the inflate limit before pdf-extract sees them.
//!
//! lopdf decodes a stream whole into memory each time it is asked for its content, with no
//! limit: a 1 MB FlateDecode stream of zeros inflates to 1 GB, and a few of them take the
//! machine's memory. Here every stream whose filters lopdf can decode (FlateDecode, LZWDecode,
//! ASCII85Decode, PNG predictors) is decoded once, by the same decoders, under one budget for
//! the whole file ([`Budget`]), and stored decoded (its `/Filter` removed), so that lopdf and
//! pdf-extract never decode it again. The result is what lopdf's `Stream::decompressed_content`
//! gives, and where that fails, the raw bytes pdf-extract falls back to: text reads as before.

use std::io::{self, Read, Write};

use lopdf::{Dictionary, Object, Stream};

use crate::input::{InflateLimit, InflatedTooFar};

/// The bytes the streams of one PDF may inflate to, in all: the [`InflateLimit`] applied to the
/// whole file, its `floor` or `ratio` times the file's length, whichever is larger.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    limit: InflateLimit,
    /// The PDF's length in bytes: the compressed bytes behind every stream.
    compressed: u64,
    /// Bytes decoded so far.
    used: u64,
}

impl Budget {
    pub(crate) fn new(limit: InflateLimit, compressed: u64) -> Budget {
        Budget {
            limit,
            compressed,
            used: 0,
        }
    }

    /// Bytes that may still be decoded.
    fn left(&self) -> u64 {
        let most = self
            .limit
            .floor
            .max(self.limit.ratio.saturating_mul(self.compressed));
        most.saturating_sub(self.used)
    }

    fn spend(&mut self, bytes: usize) -> Result<(), InflatedTooFar> {
        if bytes as u64 > self.left() {
            return Err(self.exceeded());
        }
        self.used += bytes as u64;
        Ok(())
    }

    pub(crate) fn exceeded(&self) -> InflatedTooFar {
        InflatedTooFar {
            limit: self.limit,
            compressed: self.compressed,
        }
    }
}

/// What became of a stream.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Decoded {
    /// Decoded (or its raw bytes, where lopdf's decoding fails and pdf-extract would take
    /// them): store these bytes with no filter.
    Plain(Vec<u8>),
    /// Left as it is: no filter, or a first filter lopdf does not decode (DCTDecode and the
    /// other image filters), which lopdf refuses at once without decoding anything.
    Untouched,
}

/// Decodes `stream` as lopdf would, spending its output from `budget`.
///
/// # Errors
///
/// [`InflatedTooFar`] when its output would pass what is left of `budget`; nothing more than
/// that is ever held in memory.
pub(crate) fn decode(stream: &Stream, budget: &mut Budget) -> Result<Decoded, InflatedTooFar> {
    // As lopdf reads them: the filters in decoding order, the parameters a direct dictionary
    // (applied at every stage).
    let Ok(filters) = stream.filters() else {
        return Ok(Decoded::Untouched);
    };
    let params = stream
        .dict
        .get(b"DecodeParms")
        .and_then(Object::as_dict)
        .ok();
    match filters.first() {
        Some(first) if decodes(first) => {}
        _ => return Ok(Decoded::Untouched),
    }
    let mut data = stream.content.clone();
    for filter in filters {
        let stage = match filter {
            b"FlateDecode" => inflate(&data, budget.left()),
            b"LZWDecode" => lzw(&data, params, budget.left()),
            b"ASCII85Decode" => ascii85(&data),
            // A filter lopdf cannot decode after one it can: lopdf fails, pdf-extract takes the
            // raw bytes.
            _ => Stage::Failed,
        };
        data = match stage {
            Stage::Out(out) => out,
            Stage::Failed => return Ok(Decoded::Plain(stream.content.clone())),
            Stage::TooFar => return Err(budget.exceeded()),
        };
        // lopdf undoes a predictor after FlateDecode and LZWDecode.
        if filter != b"ASCII85Decode" {
            data = match predict(data, params) {
                Some(out) => out,
                None => return Ok(Decoded::Plain(stream.content.clone())),
            };
        }
        budget.spend(data.len())?;
    }
    Ok(Decoded::Plain(data))
}

/// Decodes every stream of `objects` in place ([`decode`]), but an image XObject's, which is
/// emptied ([`is_image`]).
///
/// # Errors
///
/// [`InflatedTooFar`] at the first stream that passes the budget.
pub(crate) fn decode_all<'a>(
    objects: impl Iterator<Item = &'a mut Object>,
    budget: &mut Budget,
) -> Result<(), InflatedTooFar> {
    for object in objects {
        let Object::Stream(stream) = object else {
            continue;
        };
        if is_image(stream) {
            stream.set_plain_content(Vec::new());
        } else if let Decoded::Plain(bytes) = decode(stream, budget)? {
            stream.set_plain_content(bytes);
        }
    }
    Ok(())
}

/// Whether `stream` is an image XObject (`/Subtype /Image`, ISO 32000-1 §8.9.5): its pixels
/// hold no text, so the text layer is read without them. It is emptied, not decoded: a scanned
/// page's image inflates to some 9 MB at 300 dpi in grey, and pdf-extract, which reads
/// whatever `Do` draws as a content stream, would parse those bytes as operators. A page's
/// pixels are inflated by pdftoppm alone, when the page is read through OCR and the OCR cache
/// does not hold it (docs/inputs.md, "OCR").
fn is_image(stream: &Stream) -> bool {
    stream
        .dict
        .get(b"Subtype")
        .and_then(Object::as_name)
        .is_ok_and(|name| name == b"Image")
}

fn decodes(filter: &[u8]) -> bool {
    matches!(filter, b"FlateDecode" | b"LZWDecode" | b"ASCII85Decode")
}

enum Stage {
    Out(Vec<u8>),
    /// lopdf returns an error for this stage.
    Failed,
    /// The output passed the budget.
    TooFar,
}

/// lopdf's `decompress_zlib`: zlib, keeping what was read before an error; raw deflate after
/// the two header bytes when zlib gave nothing. At most `most` bytes: the output is counted
/// first and then decoded into a buffer of that size, so that a bomb is refused before it takes
/// any memory and what is kept takes no more than it needs.
fn inflate(input: &[u8], most: u64) -> Stage {
    if input.is_empty() {
        return Stage::Out(Vec::new());
    }
    let zlib = || flate2::read::ZlibDecoder::new(input);
    let Some((len, failed)) = count(zlib(), most) else {
        return Stage::TooFar;
    };
    if failed && len == 0 && input.len() > 2 {
        let raw = || flate2::read::DeflateDecoder::new(&input[2..]);
        return match count(raw(), most) {
            Some((len, _)) => Stage::Out(read_exactly(raw(), len)),
            None => Stage::TooFar,
        };
    }
    Stage::Out(read_exactly(zlib(), len))
}

/// The bytes `reader` gives before its end or its error, and whether an error ended them;
/// `None` once past `most`.
fn count(mut reader: impl Read, most: u64) -> Option<(u64, bool)> {
    let mut buf = vec![0; 64 << 10];
    let mut total = 0u64;
    loop {
        match reader.read(&mut buf) {
            Ok(0) => return Some((total, false)),
            Ok(n) => {
                total += n as u64;
                if total > most {
                    return None;
                }
            }
            Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return Some((total, true)),
        }
    }
}

/// The first `len` bytes of `reader` (which [`count`] found it gives), in a buffer of that
/// size.
fn read_exactly(reader: impl Read, len: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
    // An error comes after the counted bytes, which are kept, as lopdf keeps them.
    let _ = reader.take(len).read_to_end(&mut out);
    out
}

/// lopdf's `decompress_lzw`: MSB-first codes from 9 bits, early change unless `EarlyChange 0`,
/// keeping what was decoded before an error. At most `most` bytes.
fn lzw(input: &[u8], params: Option<&Dictionary>, most: u64) -> Stage {
    use weezl::{BitOrder, decode::Decoder};
    let early_change = params
        .and_then(|p| p.get(b"EarlyChange").ok())
        .and_then(|p| p.as_i64().ok())
        .is_none_or(|v| v != 0);
    let mut decoder = if early_change {
        Decoder::with_tiff_size_switch(BitOrder::Msb, 8)
    } else {
        Decoder::new(BitOrder::Msb, 8)
    };
    let mut out = Capped {
        out: Vec::new(),
        most,
        over: false,
    };
    let _ = decoder.into_stream(&mut out).decode_all(input);
    if out.over {
        return Stage::TooFar;
    }
    Stage::Out(out.out)
}

/// A writer that refuses to grow past `most` bytes.
struct Capped {
    out: Vec<u8>,
    most: u64,
    over: bool,
}

impl Write for Capped {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if (self.out.len() + buf.len()) as u64 > self.most {
            self.over = true;
            return Err(io::Error::other("past the inflate limit"));
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// ASCII85 gives at most 4 bytes per input byte (`z`): decoded by lopdf itself.
fn ascii85(input: &[u8]) -> Stage {
    let mut dict = Dictionary::new();
    dict.set("Filter", Object::Name(b"ASCII85Decode".to_vec()));
    match Stream::new(dict, input.to_vec()).decompressed_content() {
        Ok(out) => Stage::Out(out),
        Err(_) => Stage::Failed,
    }
}

/// lopdf's `decompress_predictor`: the PNG predictors (10 to 15) undone, rows of `Columns`
/// pixels of `Colors` components of `BitsPerComponent` bits (at least 8). `None` where lopdf
/// fails, among them a row longer than the data, which lopdf would allocate before failing.
fn predict(data: Vec<u8>, params: Option<&Dictionary>) -> Option<Vec<u8>> {
    let Some(params) = params else {
        return Some(data);
    };
    let int =
        |key: &[u8], default: i64| params.get(key).and_then(Object::as_i64).unwrap_or(default);
    if !(10..=15).contains(&int(b"Predictor", 1)) {
        return Some(data);
    }
    let columns = usize::try_from(int(b"Columns", 1).max(1)).ok()?;
    let colors = usize::try_from(int(b"Colors", 1).max(1)).ok()?;
    let bits = usize::try_from(int(b"BitsPerComponent", 8).max(8)).ok()?;
    let bytes_per_pixel = colors.checked_mul(bits)? / 8;
    let row = bytes_per_pixel.checked_mul(columns)?;
    if data.is_empty() {
        return Some(data);
    }
    if row >= data.len() {
        return None;
    }
    lopdf::filters::png::decode_frame(&data, bytes_per_pixel, columns).ok()
}

#[cfg(test)]
mod tests;
