//! PNG and JPEG page images (docs/inputs.md, "OCR"): their size and resolution from their
//! headers, and their pixels made grey for the caption lines read again. Tesseract reads the
//! file itself; gbr decodes it only when a line is to be read again (the `png` crate, and
//! `zune-jpeg`, the decoder the `tiff` crate builds on).

use std::io::Cursor;

use super::image::Grey;

/// The width and height of a PNG or JPEG from its header, `None` when it gives none.
pub(super) fn image_size(bytes: &[u8]) -> Option<(u64, u64)> {
    // A PNG's size is that of its IHDR chunk, which must come first; bytes that only start
    // like a PNG name no size (Tesseract then says what is wrong with them).
    if bytes.starts_with(b"\x89PNG") && bytes.get(12..16) != Some(b"IHDR") {
        return None;
    }
    let size = imagesize::blob_size(bytes).ok()?;
    Some((size.width as u64, size.height as u64))
}

/// The resolution a PNG or JPEG gives itself, in dots per inch: a PNG's `pHYs` chunk in pixels
/// a metre (PNG specification §11.3.5.3), a JPEG's JFIF density in dots an inch or a
/// centimetre (JFIF 1.02, the APP0 segment after the start of the image). `None` without one,
/// with an aspect ratio only (unit 0), or outside 70-2400 dpi, as for a TIFF's tags.
pub(super) fn resolution(bytes: &[u8]) -> Option<u32> {
    let dpi = if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        png_density(bytes)?
    } else if bytes.starts_with(b"\xff\xd8") {
        jfif_density(bytes)?
    } else {
        return None;
    };
    (70.0..=2400.0).contains(&dpi).then(|| dpi.round() as u32)
}

fn png_density(bytes: &[u8]) -> Option<f64> {
    let reader = png::Decoder::new(Cursor::new(bytes)).read_info().ok()?;
    let dims = reader.info().pixel_dims?;
    (dims.unit == png::Unit::Meter).then(|| f64::from(dims.xppu) * 0.0254)
}

fn jfif_density(bytes: &[u8]) -> Option<f64> {
    // FF D8, FF E0, length (2 bytes), "JFIF\0", version (2), units, X density (2), Y density.
    let app0 = bytes.get(2..18)?;
    if app0[..2] != [0xFF, 0xE0] || &app0[4..9] != b"JFIF\0" {
        return None;
    }
    let x = f64::from(u16::from_be_bytes([app0[12], app0[13]]));
    match app0[11] {
        1 => Some(x),
        2 => Some(x * 2.54),
        _ => None,
    }
}

/// The pixels of the PNG or JPEG `bytes` made grey, decoding no page past `max_pixels`.
///
/// # Errors
///
/// The decoder's message when the image cannot be decoded or is past the limit, or when it
/// is neither a PNG nor a JPEG.
pub(super) fn grey(bytes: &[u8], max_pixels: u64) -> Result<Grey, String> {
    let most = usize::try_from(max_pixels.saturating_mul(8)).unwrap_or(usize::MAX);
    if bytes.starts_with(b"\x89PNG") {
        png_grey(bytes, max_pixels, most)
    } else if bytes.starts_with(b"\xff\xd8") {
        jpeg_grey(bytes, max_pixels)
    } else {
        Err("neither a PNG nor a JPEG".to_owned())
    }
}

fn png_grey(bytes: &[u8], max_pixels: u64, most: usize) -> Result<Grey, String> {
    let mut decoder =
        png::Decoder::new_with_limits(Cursor::new(bytes), png::Limits { bytes: most });
    // Palettes expanded, 16-bit samples cut to 8, sub-byte grey widened to a byte.
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let (width, height) = (reader.info().width, reader.info().height);
    if u64::from(width).saturating_mul(u64::from(height)) > max_pixels {
        return Err(format!(
            "a PNG of {width} x {height} pixels, past the limit"
        ));
    }
    let size = reader
        .output_buffer_size()
        .ok_or("a PNG too large to decode")?;
    let mut buf = vec![0; size];
    let frame = reader.next_frame(&mut buf).map_err(|e| e.to_string())?;
    let (width, height) = (frame.width as usize, frame.height as usize);
    let row = frame.line_size;
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::GrayscaleAlpha => 2,
        png::ColorType::Rgb => 3,
        png::ColorType::Rgba => 4,
        png::ColorType::Indexed => return Err("a PNG palette left unexpanded".to_owned()),
    };
    let mut pixels = Vec::with_capacity(width * height);
    for line in buf.chunks(row).take(height) {
        pixels.extend(
            line.chunks_exact(channels)
                .take(width)
                .map(|p| match channels {
                    1 | 2 => p[0],
                    _ => super::image::luma(p),
                }),
        );
    }
    if pixels.len() < width * height {
        return Err("a PNG shorter than its size".to_owned());
    }
    Ok(Grey {
        width,
        height,
        pixels,
    })
}

fn jpeg_grey(bytes: &[u8], max_pixels: u64) -> Result<Grey, String> {
    use zune_core::{bytestream::ZCursor, colorspace::ColorSpace, options::DecoderOptions};
    let side = usize::try_from(max_pixels.min(u64::from(u16::MAX))).unwrap_or(usize::MAX);
    let options = DecoderOptions::default()
        .jpeg_set_out_colorspace(ColorSpace::Luma)
        .set_max_width(side)
        .set_max_height(side);
    let mut decoder = zune_jpeg::JpegDecoder::new_with_options(ZCursor::new(bytes), options);
    decoder.decode_headers().map_err(|e| e.to_string())?;
    let (width, height) = decoder.dimensions().ok_or("a JPEG without a size")?;
    if (width as u64).saturating_mul(height as u64) > max_pixels {
        return Err(format!(
            "a JPEG of {width} x {height} pixels, past the limit"
        ));
    }
    let pixels = decoder.decode().map_err(|e| e.to_string())?;
    if pixels.len() < width * height {
        return Err("a JPEG shorter than its size".to_owned());
    }
    Ok(Grey {
        width,
        height,
        pixels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A grey PNG of `width` by `height`, black but its first pixel, with a `pHYs` of `ppm`
    /// pixels a metre where given.
    fn png_of(width: u32, height: u32, ppm: Option<u32>) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        if let Some(ppm) = ppm {
            encoder.set_pixel_dims(Some(png::PixelDimensions {
                xppu: ppm,
                yppu: ppm,
                unit: png::Unit::Meter,
            }));
        }
        let mut writer = encoder.write_header().expect("header");
        let mut pixels = vec![0u8; (width * height) as usize];
        pixels[0] = 255;
        writer.write_image_data(&pixels).expect("pixels");
        writer.finish().expect("finish");
        out
    }

    #[test]
    fn a_png_gives_its_phys_resolution_and_its_grey_pixels() {
        // 300 dpi is 11811 pixels a metre.
        let png = png_of(3, 2, Some(11811));
        assert_eq!(resolution(&png), Some(300));
        assert_eq!(resolution(&png_of(3, 2, None)), None);
        assert_eq!(
            resolution(&png_of(3, 2, Some(100))),
            None,
            "2.5 dpi: no resolution"
        );
        let decoded = grey(&png, 1000).expect("decoded");
        assert_eq!((decoded.width, decoded.height), (3, 2));
        assert_eq!(decoded.pixels, vec![255, 0, 0, 0, 0, 0]);
        assert!(grey(&png, 5).is_err(), "six pixels past a limit of five");
    }

    #[test]
    fn a_jpeg_gives_its_jfif_density() {
        let jfif = |units: u8, x: u16| {
            let mut head = b"\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01".to_vec();
            head.push(units);
            head.extend(x.to_be_bytes());
            head.extend(x.to_be_bytes());
            head.extend([0, 0]);
            head
        };
        assert_eq!(resolution(&jfif(1, 300)), Some(300));
        assert_eq!(resolution(&jfif(2, 118)), Some(300));
        assert_eq!(resolution(&jfif(0, 1)), None, "an aspect ratio only");
        assert_eq!(resolution(b"\xff\xd8\xff\xdb"), None);
    }
}
