//! The images OCR reads (docs/inputs.md, "OCR"): their size checked before any tool sees them,
//! the pages of a TIFF taken apart, and a page's grey pixels for reading one line again.
//!
//! Pages go to Tesseract as PGM (netpbm's grey map: a header `P5 WIDTH HEIGHT 255` and one
//! byte a pixel), which pdftoppm writes and Tesseract reads; the format carries no resolution,
//! so Tesseract is told it (`--dpi`).

use std::fs;
use std::io::{self, Cursor, Write};
use std::path::Path;

use tiff::ColorType;
use tiff::decoder::{Decoder, DecodingResult, Limits};
use tiff::tags::Tag;

/// A grey image, one byte a pixel (0 black, 255 white), row after row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Grey {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

/// The size a PGM file's header gives: width, height, bytes a sample, offset of the pixels.
fn pgm_header(bytes: &[u8]) -> Option<(usize, usize, usize, usize)> {
    let mut fields = Vec::with_capacity(4);
    let mut at = 0;
    while fields.len() < 4 {
        // White space and comments between the fields.
        while at < bytes.len() {
            if bytes[at].is_ascii_whitespace() {
                at += 1;
            } else if bytes[at] == b'#' {
                at += bytes[at..].iter().position(|&b| b == b'\n')? + 1;
            } else {
                break;
            }
        }
        let start = at;
        while at < bytes.len() && !bytes[at].is_ascii_whitespace() && at - start < 12 {
            at += 1;
        }
        fields.push(std::str::from_utf8(bytes.get(start..at)?).ok()?);
    }
    // One white space character ends the header.
    at += 1;
    if fields[0] != "P5" {
        return None;
    }
    let width: usize = fields[1].parse().ok()?;
    let height: usize = fields[2].parse().ok()?;
    let max: u32 = fields[3].parse().ok()?;
    let sample = if max < 256 { 1 } else { 2 };
    (width > 0 && height > 0 && (1..65536).contains(&max)).then_some((width, height, sample, at))
}

/// The width and height of the PGM file at `path` when its length holds them whole: a
/// header that names a size its pixels do not fill (pdftoppm's answer to a page it cannot
/// allocate) is `None`.
pub(super) fn pgm_size(path: &Path) -> io::Result<Option<(usize, usize)>> {
    let len = fs::metadata(path)?.len();
    let mut head = [0u8; 128];
    let n = io::Read::read(&mut fs::File::open(path)?, &mut head)?;
    Ok(pgm_header(&head[..n]).and_then(|(w, h, sample, at)| {
        let want = (w as u64)
            .checked_mul(h as u64)?
            .checked_mul(sample as u64)?
            .checked_add(at as u64)?;
        (want == len).then_some((w, h))
    }))
}

impl Grey {
    /// Reads a PGM file of one byte a sample.
    pub(super) fn read_pgm(path: &Path) -> io::Result<Grey> {
        let bytes = fs::read(path)?;
        let bad = || io::Error::new(io::ErrorKind::InvalidData, "not a PGM of 8-bit samples");
        let (width, height, sample, at) = pgm_header(&bytes).ok_or_else(bad)?;
        let pixels = bytes.get(at..at + width * height).ok_or_else(bad)?;
        if sample != 1 {
            return Err(bad());
        }
        Ok(Grey {
            width,
            height,
            pixels: pixels.to_vec(),
        })
    }

    /// Writes it as a PGM file.
    pub(super) fn write_pgm(&self, path: &Path) -> io::Result<()> {
        let mut file = io::BufWriter::new(fs::File::create(path)?);
        write!(file, "P5\n{} {}\n255\n", self.width, self.height)?;
        file.write_all(&self.pixels)?;
        file.flush()
    }

    /// The box `left, top, width, height` (pixels, clipped to the image), scaled by `scale`
    /// (bilinear), inside a white border of `border` pixels of the result.
    pub(super) fn crop_scaled(
        &self,
        (left, top, width, height): (usize, usize, usize, usize),
        scale: f64,
        border: usize,
    ) -> Grey {
        let left = left.min(self.width.saturating_sub(1));
        let top = top.min(self.height.saturating_sub(1));
        let width = width.clamp(1, self.width - left);
        let height = height.clamp(1, self.height - top);
        let (w, h) = (
            ((width as f64 * scale).round() as usize).max(1),
            ((height as f64 * scale).round() as usize).max(1),
        );
        let (out_w, out_h) = (w + 2 * border, h + 2 * border);
        let mut pixels = vec![255u8; out_w * out_h];
        let at = |x: usize, y: usize| f64::from(self.pixels[y * self.width + x]);
        for y in 0..h {
            let sy = ((y as f64 + 0.5) / scale - 0.5).clamp(0.0, (height - 1) as f64);
            let (y0, fy) = (sy.floor() as usize, sy.fract());
            let y1 = (y0 + 1).min(height - 1);
            for x in 0..w {
                let sx = ((x as f64 + 0.5) / scale - 0.5).clamp(0.0, (width - 1) as f64);
                let (x0, fx) = (sx.floor() as usize, sx.fract());
                let x1 = (x0 + 1).min(width - 1);
                let top_row = at(left + x0, top + y0) * (1.0 - fx) + at(left + x1, top + y0) * fx;
                let bottom = at(left + x0, top + y1) * (1.0 - fx) + at(left + x1, top + y1) * fx;
                let value = top_row * (1.0 - fy) + bottom * fy;
                pixels[(y + border) * out_w + x + border] = value.round().clamp(0.0, 255.0) as u8;
            }
        }
        Grey {
            width: out_w,
            height: out_h,
            pixels,
        }
    }
}

/// The pages of a TIFF file, read with the `tiff` crate: how many there are, each one's size
/// and resolution, and its pixels made grey.
pub(super) struct Tiff<'a> {
    bytes: &'a [u8],
}

/// One page of a TIFF: its size and its resolution in dots per inch, where its tags give one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct TiffPage {
    pub width: u64,
    pub height: u64,
    pub dpi: Option<u32>,
}

/// The most pages of a TIFF read.
const MAX_TIFF_PAGES: usize = 100_000;

impl<'a> Tiff<'a> {
    pub(super) fn new(bytes: &'a [u8]) -> Tiff<'a> {
        Tiff { bytes }
    }

    fn decoder(&self, pixels: u64) -> tiff::TiffResult<Decoder<Cursor<&'a [u8]>>> {
        let mut limits = Limits::default();
        // Room for a page of `pixels` in four 16-bit samples, no more.
        limits.decoding_buffer_size =
            usize::try_from(pixels.saturating_mul(8)).unwrap_or(usize::MAX);
        limits.intermediate_buffer_size = limits.decoding_buffer_size;
        Ok(Decoder::new(Cursor::new(self.bytes))?.with_limits(limits))
    }

    /// Each page's size and resolution, in order.
    ///
    /// # Errors
    ///
    /// The `tiff` crate's message when the file's structure cannot be read.
    pub(super) fn pages(&self, max_pixels: u64) -> Result<Vec<TiffPage>, String> {
        let mut decoder = self.decoder(max_pixels).map_err(|e| e.to_string())?;
        let mut pages = Vec::new();
        loop {
            let (width, height) = decoder.dimensions().map_err(|e| e.to_string())?;
            pages.push(TiffPage {
                width: u64::from(width),
                height: u64::from(height),
                dpi: resolution(&mut decoder),
            });
            if !decoder.more_images() || pages.len() >= MAX_TIFF_PAGES {
                return Ok(pages);
            }
            decoder.next_image().map_err(|e| e.to_string())?;
        }
    }

    /// The pixels of page `index` (0-based), made grey.
    ///
    /// # Errors
    ///
    /// The `tiff` crate's message when the page cannot be decoded, or the colour type is
    /// one this reader does not make grey.
    pub(super) fn grey(&self, index: usize, max_pixels: u64) -> Result<Grey, String> {
        let mut decoder = self.decoder(max_pixels).map_err(|e| e.to_string())?;
        decoder.seek_to_image(index).map_err(|e| e.to_string())?;
        let (width, height) = decoder.dimensions().map_err(|e| e.to_string())?;
        let (width, height) = (width as usize, height as usize);
        let colour = decoder.colortype().map_err(|e| e.to_string())?;
        let image = decoder.read_image().map_err(|e| e.to_string())?;
        let pixels = match (colour, image) {
            (ColorType::Gray(1), DecodingResult::U8(bits)) => unpack_bits(&bits, width, height),
            (ColorType::Gray(8), DecodingResult::U8(grey)) => grey,
            (ColorType::Gray(16), DecodingResult::U16(grey)) => {
                grey.iter().map(|&v| (v >> 8) as u8).collect()
            }
            (ColorType::GrayA(8), DecodingResult::U8(v)) => {
                v.chunks_exact(2).map(|p| p[0]).collect()
            }
            (ColorType::RGB(8), DecodingResult::U8(v)) => v.chunks_exact(3).map(luma).collect(),
            (ColorType::RGBA(8), DecodingResult::U8(v)) => v.chunks_exact(4).map(luma).collect(),
            (colour, _) => {
                return Err(format!(
                    "a TIFF page in {colour:?}, which OCR does not read"
                ));
            }
        };
        if pixels.len() < width * height {
            return Err("a TIFF page shorter than its size".to_owned());
        }
        Ok(Grey {
            width,
            height,
            pixels,
        })
    }
}

/// The grey of an RGB pixel (ITU-R BT.601 weights, as Leptonica's).
pub(super) fn luma(p: &[u8]) -> u8 {
    let v = 0.299 * f64::from(p[0]) + 0.587 * f64::from(p[1]) + 0.114 * f64::from(p[2]);
    v.round() as u8
}

/// Bits of a 1-bit grey page (rows padded to a byte, a set bit white) made bytes.
fn unpack_bits(bits: &[u8], width: usize, height: usize) -> Vec<u8> {
    let row = width.div_ceil(8);
    let mut out = Vec::with_capacity(width * height);
    for y in 0..height {
        for x in 0..width {
            let byte = bits.get(y * row + x / 8).copied().unwrap_or(0xFF);
            out.push(if byte & (0x80 >> (x % 8)) != 0 {
                255
            } else {
                0
            });
        }
    }
    out
}

/// A page's resolution from its `XResolution` and `ResolutionUnit` tags, in dots per inch:
/// `None` without them, or outside 70-2400 (where Tesseract would not trust it either).
fn resolution<R: io::Read + io::Seek>(decoder: &mut Decoder<R>) -> Option<u32> {
    let value = decoder.find_tag(Tag::XResolution).ok()??;
    let x = match value {
        tiff::decoder::ifd::Value::Rational(n, d) if d > 0 => f64::from(n) / f64::from(d),
        other => other.into_f64().ok()?,
    };
    let unit = decoder
        .find_tag(Tag::ResolutionUnit)
        .ok()
        .flatten()
        .and_then(|v| v.into_u16().ok())
        .unwrap_or(2);
    let dpi = match unit {
        2 => x,
        3 => x * 2.54,
        _ => return None,
    };
    (70.0..=2400.0).contains(&dpi).then(|| dpi.round() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pgm_reads_and_writes_back() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("a.pgm");
        let grey = Grey {
            width: 3,
            height: 2,
            pixels: vec![0, 10, 20, 30, 40, 255],
        };
        grey.write_pgm(&path).expect("write");
        assert_eq!(Grey::read_pgm(&path).expect("read"), grey);
        assert_eq!(pgm_size(&path).expect("size"), Some((3, 2)));
    }

    #[test]
    fn a_pgm_that_names_more_pixels_than_it_holds_has_no_size() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("a.pgm");
        fs::write(&path, b"P5\n60000 60000\n255\n").expect("write");
        assert_eq!(pgm_size(&path).expect("size"), None);
    }

    #[test]
    fn a_crop_scales_inside_a_white_border() {
        let grey = Grey {
            width: 4,
            height: 2,
            pixels: vec![255, 0, 0, 255, 255, 0, 0, 255],
        };
        let crop = grey.crop_scaled((1, 0, 2, 2), 2.0, 1);
        assert_eq!((crop.width, crop.height), (6, 6));
        assert_eq!(crop.pixels[0], 255);
        assert_eq!(crop.pixels[6 + 1], 0);
        assert_eq!(crop.pixels[2 * 6 + 3], 0);
    }

    #[test]
    fn bits_unpack_a_set_bit_white() {
        assert_eq!(unpack_bits(&[0b1010_0000], 3, 1), vec![255, 0, 255]);
    }
}
