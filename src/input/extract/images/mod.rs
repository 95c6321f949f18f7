//! The pictures in a document's flow read for their diagrams (`--diagrams`; docs/inputs.md,
//! "Diagrams in a document's images"): a Word or OpenDocument document's images, an EPUB's
//! or an HTML page's `img`, each found where it stands in the text by its reader
//! (`document`, `html`), decoded here, searched for boards (`picture::find_boards`), and each
//! board read sure enough written into the text above its caption, as a PDF's drawn boards
//! are (`extract::boards`).
//!
//! A picture's caption is the line holding a code nearest it in the text: its own line or
//! one of the [`CAPTION_LINES`] lines after it that hold anything, else one of as many before
//! it, never past another picture ([`caption`]). The document's boards are read as one book
//! (`boards::read_book`), each taught by every other board's caption, never by its own.
//!
//! Every picture is bounded: its size is read from its header and a picture past
//! [`DiagramOptions::max_pixels`] is refused before it is decoded; the decoder allocates no
//! more than [`alloc_limit`]; a panic of the decoder or of the picture reader is the picture's
//! problem. Vector pictures (EMF, WMF: Word's drawing objects) are not read: no decoder here
//! draws them, and they are counted in one problem of the document's, which says to print the
//! document to PDF and read its drawn pages instead.

use std::io::Cursor;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use image::{DynamicImage, GrayImage, ImageReader, Limits};

use super::boards::{self, SURE_ENOUGH, Written};
use super::tesseract::{DiagramOptions, DiagramsError};
use crate::fault;
use crate::picture::{FoundBoard, find_boards};
use crate::source_path::SourcePath;

#[cfg(test)]
mod tests;

/// The lines holding anything that a caption may stand from its picture, after it (past its
/// own line) and before it: 3. A caption stands on the picture's line or the next; a blank
/// paragraph or a line of a number between them is common, a study's whole solution is not.
pub(crate) const CAPTION_LINES: usize = 3;

/// Why a document's EMF and WMF pictures are not read, and what to do: LibreOffice prints a
/// Word document's drawings to PDF as the document shows them, and `--diagrams` reads a PDF's
/// drawn pages (docs/inputs.md, "Diagrams drawn on a text layer").
const VECTORS_UNREAD: &str = "gbr draws no vector picture; print the document to \
    PDF ('soffice --headless --convert-to pdf FILE') and read the PDF with --diagrams";

/// One picture in a document's flow.
pub(crate) struct Picture {
    /// The text it stands in: an index into the document's texts.
    pub text: usize,
    /// Where the line it stands in starts in that text (0-based byte offset).
    pub at: usize,
    /// Its name in messages: the member's (`book.docx!/word/media/image1.png`), or the file's.
    pub name: SourcePath,
    /// Its bytes, or why they could not be read.
    pub bytes: Result<Vec<u8>, String>,
}

/// What the pictures of a document gave.
pub(crate) struct Read {
    /// Each text with its boards written in, in the order of the texts; `None` where no board
    /// was written (the text stays as it is).
    pub texts: Vec<Option<Written>>,
    /// Each picture that could not be read, and why; a document's vector pictures left
    /// unread once, under the document's name.
    pub problems: Vec<(SourcePath, DiagramsError)>,
    /// Boards written into the texts.
    pub written: usize,
}

/// The kinds of picture told by their first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// PNG, JPEG, GIF, BMP or TIFF: decoded here.
    Raster,
    /// EMF or WMF: not read, counted.
    Vector,
    /// Anything else (SVG, an OLE object's data): not read.
    Other,
}

fn kind(bytes: &[u8]) -> Kind {
    let raster: [&[u8]; 6] = [
        b"\x89PNG\r\n\x1a\n",
        b"\xFF\xD8\xFF",
        b"GIF8",
        b"BM",
        b"II*\0",
        b"MM\0*",
    ];
    // EMF: an EMR_HEADER record (type 1) whose signature at byte 40 is " EMF" (MS-EMF
    // 2.3.4.2); WMF: a placeable header's key, or a META_HEADER of 9 words (MS-WMF 2.3.2).
    let emf = bytes.starts_with(&[1, 0, 0, 0]) && bytes.get(40..44) == Some(b" EMF");
    let wmf = bytes.starts_with(b"\xD7\xCD\xC6\x9A")
        || bytes.starts_with(&[1, 0, 9, 0])
        || bytes.starts_with(&[2, 0, 9, 0]);
    if raster.iter().any(|magic| bytes.starts_with(magic)) {
        Kind::Raster
    } else if emf || wmf {
        Kind::Vector
    } else {
        Kind::Other
    }
}

/// The pictures of the document `document` whose texts are `texts` read for their boards (see
/// the module's documentation), under `opts` (its pixel bound, resolution, timeout, memory and
/// threads).
pub(crate) fn read_pictures(
    document: &SourcePath,
    texts: &[&str],
    pictures: Vec<Picture>,
    opts: &DiagramOptions,
) -> Read {
    let mut problems = Vec::new();
    let kinds: Vec<Kind> = pictures
        .iter()
        .map(|p| p.bytes.as_deref().map_or(Kind::Other, kind))
        .collect();
    let found = find_all(&pictures, &kinds, opts);
    let vectors = kinds.iter().filter(|&&k| k == Kind::Vector).count();
    if vectors > 0 {
        problems.push((
            document.clone(),
            DiagramsError::Vectors {
                count: vectors,
                why: VECTORS_UNREAD.to_string(),
            },
        ));
    }
    let mut book = Vec::new();
    let mut places = Vec::new();
    for (picture, found) in pictures.iter().zip(found) {
        match found {
            Ok(found) if !found.is_empty() => {
                let text = texts.get(picture.text).copied().unwrap_or_default();
                let caption = caption(text, picture.at, &neighbours(&pictures, picture));
                let line = caption.map(|c| c.line(text));
                places.push((picture.text, found.len(), caption));
                book.push(boards::flowed(found, line));
            }
            Ok(_) => {}
            Err(err) => problems.push((picture.name.clone(), err)),
        }
    }
    let mut read = Read {
        texts: vec![None; texts.len()],
        problems,
        written: 0,
    };
    if book.is_empty() {
        return read;
    }
    let boards = match fault::catch(|| boards::read_book(book)) {
        Ok(boards) => boards,
        Err(panic) => {
            let message = format!("the picture reader failed: {panic}");
            read.problems.push((document.clone(), failed(message)));
            return read;
        }
    };
    // Each caption line written above once: a line two pictures share is neither's.
    let mut edits: Vec<Vec<boards::Placed>> = vec![Vec::new(); texts.len()];
    for ((text, count, caption), boards) in places.iter().zip(&boards) {
        let Some(caption) = caption else { continue };
        let shared = places
            .iter()
            .filter(|p| p.0 == *text && p.2.map(|c| c.at) == Some(caption.at))
            .count()
            > 1;
        if *count != 1 || shared || boards[0].least_sure() < SURE_ENOUGH {
            continue;
        }
        edits[*text].push((caption.at, boards[0].text(), None));
    }
    for (at, mut edits) in edits.into_iter().enumerate() {
        if edits.is_empty() {
            continue;
        }
        edits.sort_by_key(|e| e.0);
        read.written += edits.len();
        read.texts[at] = Some(boards::insert(texts[at], &edits));
    }
    read
}

/// The starts of the lines of the other pictures in `picture`'s text.
fn neighbours(pictures: &[Picture], picture: &Picture) -> Vec<usize> {
    pictures
        .iter()
        .filter(|p| p.text == picture.text && p.at != picture.at)
        .map(|p| p.at)
        .collect()
}

/// Each raster picture's boards found, in order, read on `opts.threads` threads: none for a
/// vector picture (read by the caller) or one of no kind read here, else why it could not be
/// read.
fn find_all(pictures: &[Picture], kinds: &[Kind], opts: &DiagramOptions) -> Vec<Found> {
    let slots: Vec<Mutex<Option<Found>>> = pictures.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.clamp(1, pictures.len().max(1)) {
            s.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(picture) = pictures.get(at) else {
                        return;
                    };
                    let found = match (&picture.bytes, kinds[at]) {
                        (Err(message), _) => Err(failed(message.clone())),
                        (Ok(_), Kind::Other | Kind::Vector) => Ok(Vec::new()),
                        (Ok(bytes), _) => boards_in(bytes, opts.max_pixels),
                    };
                    *slots[at].lock().unwrap_or_else(|e| e.into_inner()) = Some(found);
                }
            });
        }
    });
    slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or(Ok(Vec::new()))
        })
        .collect()
}

/// A picture's boards found, or why it could not be read.
pub(crate) type Found = Result<Vec<FoundBoard>, DiagramsError>;

fn failed(message: String) -> DiagramsError {
    DiagramsError::Failed {
        tool: "gbr",
        message,
    }
}

/// The boards in the picture `bytes` (PNG, JPEG, GIF, BMP or TIFF): its size read from its
/// header and refused past `max_pixels`, then decoded under [`alloc_limit`], made grey over
/// white paper, given a margin of paper and searched. A panic of the decoder or the reader is
/// the picture's error.
///
/// # Errors
///
/// [`DiagramsError::Failed`] (tool `gbr`) naming what is wrong with the picture.
pub(crate) fn boards_in(bytes: &[u8], max_pixels: u64) -> Result<Vec<FoundBoard>, DiagramsError> {
    let grey = fault::catch(|| decode(bytes, max_pixels))
        .map_err(|panic| failed(format!("the image decoder failed: {panic}")))??;
    fault::catch(|| find_boards(&with_margin(&grey)))
        .map_err(|panic| failed(format!("the picture reader failed: {panic}")))
}

/// The most bytes the decoder may allocate for a picture of `max_pixels` pixels: 8 a pixel
/// (16-bit RGBA), at least 64 MiB.
pub(crate) fn alloc_limit(max_pixels: u64) -> u64 {
    max_pixels.saturating_mul(8).max(64 << 20)
}

/// The picture `bytes` decoded in grey, transparent parts as white paper.
fn decode(bytes: &[u8], max_pixels: u64) -> Result<GrayImage, DiagramsError> {
    let reader = || {
        ImageReader::new(Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| failed(format!("not an image: {e}")))
    };
    let (width, height) = reader()?
        .into_dimensions()
        .map_err(|e| failed(format!("cannot read the image's size: {e}")))?;
    if u64::from(width) * u64::from(height) > max_pixels {
        return Err(failed(format!(
            "the image is {width} x {height} pixels, past the {} million pixels a picture \
             read for its diagrams may have",
            max_pixels / 1_000_000
        )));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    limits.max_alloc = Some(alloc_limit(max_pixels));
    let mut decoder = reader()?;
    decoder.limits(limits);
    let image = decoder
        .decode()
        .map_err(|e| failed(format!("cannot decode the image: {e}")))?;
    Ok(grey_on_white(image))
}

/// `image` in grey, each pixel blended over white by its alpha.
fn grey_on_white(image: DynamicImage) -> GrayImage {
    if !image.color().has_alpha() {
        return image.into_luma8();
    }
    let alpha = image.to_luma_alpha8();
    GrayImage::from_fn(alpha.width(), alpha.height(), |x, y| {
        let [l, a] = alpha.get_pixel(x, y).0;
        let (l, a) = (u32::from(l), u32::from(a));
        image::Luma([((l * a + 255 * (255 - a)) / 255) as u8])
    })
}

/// `grey` on white paper an eighth of its longer side wide (at least 16 pixels) on every
/// side: a picture cut at a board's frame is found as a board on a page is.
fn with_margin(grey: &GrayImage) -> GrayImage {
    let margin = (grey.width().max(grey.height()) / 8).max(16);
    let mut page = GrayImage::from_pixel(
        grey.width() + 2 * margin,
        grey.height() + 2 * margin,
        image::Luma([255]),
    );
    image::imageops::replace(&mut page, grey, i64::from(margin), i64::from(margin));
    page
}

/// A picture's caption line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Caption {
    /// Where the board's lines go (0-based byte offset, a line's start): the caption line's
    /// start when it stands under the picture, the next line's when over it.
    pub at: usize,
    /// Where the caption line starts.
    line_start: usize,
}

impl Caption {
    /// The caption's line in `text`, its line feed left out.
    pub(crate) fn line(self, text: &str) -> &str {
        let rest = &text[self.line_start..];
        rest.split('\n').next().unwrap_or_default()
    }
}

/// The caption of the picture whose line starts at `at` in `text` (0-based byte offset),
/// the other pictures of the text standing at `others`: the first line holding a code among
/// its own line and the [`CAPTION_LINES`] lines after it that hold anything, stopping at the
/// next picture's line; else the last among as many lines before it, stopping after the
/// previous picture's line. `None` when no line near it holds a code.
pub(crate) fn caption(text: &str, at: usize, others: &[usize]) -> Option<Caption> {
    let at = at.min(text.len());
    let next = others
        .iter()
        .copied()
        .filter(|&o| o > at)
        .min()
        .unwrap_or(usize::MAX);
    let previous = others.iter().copied().filter(|&o| o < at).max();
    let mut start = at;
    let mut seen = 0;
    while start < text.len() && start < next && seen <= CAPTION_LINES {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = &text[start..end];
        if boards::holds_code(line) {
            return Some(Caption {
                at: start,
                line_start: start,
            });
        }
        if !line.trim().is_empty() {
            seen += 1;
        }
        start = end + 1;
    }
    let mut end = at;
    let mut seen = 0;
    while end > 0 && seen < CAPTION_LINES {
        let start = text[..end - 1].rfind('\n').map_or(0, |i| i + 1);
        if previous.is_some_and(|p| start <= p) {
            break;
        }
        let line = &text[start..end - 1];
        if boards::holds_code(line) {
            return Some(Caption {
                at: end,
                line_start: start,
            });
        }
        if !line.trim().is_empty() {
            seen += 1;
        }
        end = start;
    }
    None
}
