//! One page's image made for Tesseract and read (docs/inputs.md, "OCR"): a PDF's page
//! rendered by pdftoppm, a TIFF's page decoded, a PNG or JPEG as it is; its size checked
//! first, Tesseract told its resolution, its caption lines read again where the redundancy asks.

use std::collections::HashMap;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

use super::child::{self, Bounds};
use super::{OcrError, OcrOptions, PageText, failed, image, raster, rebuild, reread};
use crate::fault;
use crate::input::extract::boards;
use crate::misread::OcrFix;

/// One page to read: a PDF's page (1-based), a TIFF's page (0-based), or a whole image.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Job {
    Pdf(u32),
    Tiff(usize),
    Image,
}

impl Job {
    /// The page's number in the cache's key: 1-based, 0 for a whole image.
    pub(super) fn number(self) -> u64 {
        match self {
            Job::Pdf(page) => u64::from(page),
            Job::Tiff(index) => index as u64 + 1,
            Job::Image => 0,
        }
    }
}

/// What every page of one file is read with.
pub(super) struct Reader<'a> {
    pub bytes: &'a [u8],
    /// The file as the tools read it (a PDF or a PNG or JPEG; a TIFF's pages are written one
    /// by one).
    pub file: &'a Path,
    pub work: &'a Path,
    pub opts: &'a OcrOptions,
    /// A PDF's page sizes in points, by 1-based page.
    pub sizes: &'a HashMap<u32, (f64, f64)>,
    pub tiff: Option<&'a [image::TiffPage]>,
}

impl Reader<'_> {
    fn bounds(&self) -> Bounds {
        Bounds {
            timeout: self.opts.timeout,
            memory: self.opts.memory,
        }
    }

    /// Refuses a page of `width` by `height` pixels past the limit.
    fn check_size(&self, width: u64, height: u64, dpi: Option<u32>) -> Result<(), OcrError> {
        if width.saturating_mul(height) > self.opts.max_pixels {
            return Err(OcrError::TooLarge {
                width,
                height,
                dpi,
                limit: self.opts.max_pixels,
            });
        }
        Ok(())
    }

    /// One page's image written for Tesseract, then read; the image removed after. With the
    /// boards found on it, not yet read nor written in ([`finish`]).
    pub(super) fn page(&self, job: Job) -> Result<(PageText, Option<Pending>), OcrError> {
        let (image, dpi, owned) = match job {
            Job::Pdf(page) => (self.render(page)?, Some(self.opts.dpi), true),
            Job::Tiff(index) => {
                let page = self
                    .tiff
                    .and_then(|t| t.get(index))
                    .copied()
                    .ok_or_else(|| failed("gbr", &io::ErrorKind::NotFound.into()))?;
                self.check_size(page.width, page.height, page.dpi)?;
                let grey =
                    decoded(|| image::Tiff::new(self.bytes).grey(index, self.opts.max_pixels))?;
                let path = self.work.join(format!("tiff-{index}.pgm"));
                grey.write_pgm(&path).map_err(|e| failed("gbr", &e))?;
                (path, page.dpi, true)
            }
            Job::Image => {
                let dpi = raster::resolution(self.bytes);
                if let Some((width, height)) = raster::image_size(self.bytes) {
                    self.check_size(width, height, dpi)?;
                }
                (self.file.to_owned(), dpi, false)
            }
        };
        let read = self.read(&image, dpi, owned);
        if owned {
            let _ = fs::remove_file(&image);
        }
        read
    }

    /// Page `page` of the PDF rendered at the resolution asked in grey, as PGM, uncompressed:
    /// as PNG its compression cost 1.5 s of CPU a page at 300 dpi, three times the rendering
    /// (docs/inputs.md, "OCR"). Refused before rendering when its size in pixels is past the
    /// limit; an error when pdftoppm gives an image that is not the page (a header whose size
    /// its pixels do not fill, or another size).
    fn render(&self, page: u32) -> Result<PathBuf, OcrError> {
        let dpi = self.opts.dpi;
        let expected = self.sizes.get(&page).map(|&(w, h)| {
            let px = |pt: f64| (pt * f64::from(dpi) / 72.0).ceil() as u64;
            (px(w), px(h))
        });
        if let Some((width, height)) = expected {
            self.check_size(width, height, Some(dpi))?;
        }
        render(self.file, self.work, page, dpi, expected, self.bounds())
    }

    /// Tesseract's text of `image` at `dpi`, then its caption lines read again where the
    /// redundancy asks, from the page's grey pixels: the PGM gbr wrote (`owned`), else the PNG
    /// or JPEG decoded.
    fn read(
        &self,
        image: &Path,
        dpi: Option<u32>,
        owned: bool,
    ) -> Result<(PageText, Option<Pending>), OcrError> {
        let base = image.with_extension("out");
        let mut command = Command::new("tesseract");
        command
            .arg(image)
            .arg(&base)
            .args(["-l", &self.opts.lang, "--psm", "3"])
            .env("OMP_THREAD_LIMIT", "1");
        if let Some(dpi) = dpi {
            command.args(["--dpi", &dpi.to_string()]);
        }
        command.args(["txt", "tsv"]);
        child::run("tesseract", &mut command, self.bounds())?;
        let txt = base.with_extension("out.txt");
        let tsv = base.with_extension("out.tsv");
        let text = fs::read(&txt).map(|t| String::from_utf8_lossy(&t).replace('\x0c', ""));
        let table = fs::read_to_string(&tsv).unwrap_or_default();
        let _ = fs::remove_file(&txt);
        let _ = fs::remove_file(&tsv);
        let text = text.map_err(|e| failed("tesseract", &e))?;
        let grey = || {
            if owned {
                image::Grey::read_pgm(image).map_err(|e| failed("gbr", &e))
            } else {
                decoded(|| raster::grey(self.bytes, self.opts.max_pixels))
            }
        };
        let page = reread::Page {
            grey: &grey,
            dpi,
            lang: &self.opts.lang,
            work: self.work,
            bounds: self.bounds(),
        };
        // Lines read again first: a line kept no longer matches its words, and keeps its spaces.
        let (text, reread, _) = reread::reread(&text, &table, &page)?;
        let text = reread::tabs(&text, &table);
        // The page's boards found, to be read with the file's other pages' ([`finish`]).
        let pending = grey().ok().and_then(|grey| found_boards(&table, grey));
        Ok((
            PageText {
                text,
                reread,
                added: Vec::new(),
            },
            pending,
        ))
    }
}

/// The boards found on one OCR'd page, each with its caption lines, not yet read: the page's
/// lines of words (Tesseract's TSV) and the boards ([`boards::gather`]).
pub(super) struct Pending {
    lines: Vec<Vec<boards::Word>>,
    page: boards::PageBoards,
}

/// How an OCR'd page's boards are matched to its text: its captions OCR garbled rebuilt, the
/// boards beside no code given their own (docs/reading.md, "A caption rebuilt from its board").
const OCR: boards::Match = boards::Match::Exact(boards::Ocr {
    rebuild: rebuild::rebuilt,
    own: rebuild::OWN,
});

/// The pages `pending` of one file (each its text as read and its boards found) with their
/// boards read as one book, the file's (a bulletin's diagrams in one style, taught by all its
/// captions), and written in above their captions; the offsets of the lines read again move
/// with them. A panic of the reader leaves every page's text as it was read; of the writing,
/// its page's.
pub(super) fn finish(pending: Vec<(PageText, Pending)>) -> Vec<PageText> {
    let (texts, pending): (Vec<PageText>, Vec<Pending>) = pending.into_iter().unzip();
    let (lines, pages): (Vec<_>, Vec<_>) = pending.into_iter().map(|p| (p.lines, p.page)).unzip();
    let captions: Vec<Vec<boards::Caption>> = pages.iter().map(|p| p.captions.clone()).collect();
    let Ok(read) = fault::catch(|| boards::read_book(pages)) else {
        return texts;
    };
    texts
        .into_iter()
        .zip(lines)
        .zip(captions.iter().zip(read))
        .map(|((page, lines), (captions, read))| {
            fault::catch(|| {
                let written = boards::place(&page.text, &lines, &read, captions, OCR);
                let mut reread: Vec<OcrFix> = page
                    .reread
                    .iter()
                    .cloned()
                    .map(|mut fix| {
                        fix.offset = boards::moved(fix.offset, &written.inserted);
                        fix
                    })
                    .chain(written.fixes)
                    .collect();
                reread.sort_by_key(|fix| fix.offset);
                PageText {
                    text: written.text,
                    reread,
                    added: written.added,
                }
            })
            .unwrap_or(page)
        })
        .collect()
}

/// Page `page` (1-based) of the PDF `file` rendered by pdftoppm at `dpi` in grey, as PGM,
/// into the folder `work`, under `bounds`: the image's path. An error when pdftoppm fails or
/// gives an image that is not the page (a header whose size its pixels do not fill, or
/// another size than `expected`, the page's size in pixels where known, its sides swapped
/// allowed).
pub(super) fn render(
    file: &Path,
    work: &Path,
    page: u32,
    dpi: u32,
    expected: Option<(u64, u64)>,
    bounds: Bounds,
) -> Result<PathBuf, OcrError> {
    let root = work.join(format!("page-{page}"));
    let n = page.to_string();
    child::run(
        "pdftoppm",
        Command::new("pdftoppm")
            .args([
                "-r",
                &dpi.to_string(),
                "-gray",
                "-singlefile",
                "-f",
                &n,
                "-l",
                &n,
            ])
            .arg(file)
            .arg(&root),
        bounds,
    )?;
    let image = root.with_extension("pgm");
    let size = image::pgm_size(&image).map_err(|e| failed("pdftoppm", &e))?;
    let near = |a: usize, b: u64| (a as u64).abs_diff(b) <= 2;
    let rendered = match (size, expected) {
        (None, _) => false,
        // A page turned by its /Rotate renders with its sides swapped.
        (Some((w, h)), Some((ew, eh))) => {
            (near(w, ew) && near(h, eh)) || (near(w, eh) && near(h, ew))
        }
        (Some(_), None) => true,
    };
    if !rendered {
        let _ = fs::remove_file(&image);
        return Err(OcrError::Failed {
            tool: "pdftoppm",
            message: "gave no image of the page (exit status 0, but the image is empty or \
                      not the page's size)"
                .to_owned(),
        });
    }
    Ok(image)
}

/// The boards found on an OCR'd page's pixels `grey`, each with its caption lines from
/// Tesseract's TSV output `tsv` (whose lines are the text's, [`boards::Match::Exact`]); `None`
/// when the page has none, or when finding them panics.
fn found_boards(tsv: &str, grey: image::Grey) -> Option<Pending> {
    fault::catch(|| {
        let page =
            ::image::GrayImage::from_raw(grey.width as u32, grey.height as u32, grey.pixels)?;
        let found = crate::picture::find_boards(&page);
        if found.is_empty() {
            return None;
        }
        let lines = reread::tsv_lines(tsv);
        let page = boards::gather(&lines, found, OCR);
        Some(Pending { lines, page })
    })
    .ok()
    .flatten()
}

/// A page's pixels decoded by `decode`, a panic of the decoder caught and made an error of
/// the page.
fn decoded(decode: impl FnOnce() -> Result<image::Grey, String>) -> Result<image::Grey, OcrError> {
    fault::catch(decode)
        .map_err(|panic| panic.to_string())
        .and_then(|r| r)
        .map_err(|message| OcrError::Failed {
            tool: "gbr",
            message,
        })
}

/// The size in points of the PDF's pages `pages` (crop box, rotation ignored: the pixels are
/// the same), from poppler's `pdfinfo`; empty where it fails (the rendered image's check
/// stands alone then).
pub(super) fn page_sizes(file: &Path, pages: &[u32], bounds: Bounds) -> HashMap<u32, (f64, f64)> {
    let (Some(first), Some(last)) = (pages.iter().min(), pages.iter().max()) else {
        return HashMap::new();
    };
    let out = child::run(
        "pdfinfo",
        Command::new("pdfinfo")
            .args(["-f", &first.to_string(), "-l", &last.to_string()])
            .arg(file),
        bounds,
    );
    let Ok(out) = out else {
        return HashMap::new();
    };
    String::from_utf8_lossy(&out)
        .lines()
        .filter_map(|line| {
            // `Page    1 size: 595.276 x 841.89 pts (A4)`
            let rest = line.strip_prefix("Page")?;
            let (page, size) = rest.split_once(" size:")?;
            let page: u32 = page.trim().parse().ok()?;
            let mut dims = size.split_whitespace();
            let w: f64 = dims.next()?.parse().ok()?;
            let _x = dims.next()?;
            let h: f64 = dims.next()?.parse().ok()?;
            Some((page, (w, h)))
        })
        .collect()
}
