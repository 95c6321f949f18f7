//! Scanned pages read through OCR (`--ocr`): the pages of a PDF that have no text layer,
//! rendered by poppler's `pdftoppm`, and page images (PNG, TIFF, JPEG), read by Tesseract's
//! command line; each page's text then read by `misread::read`, which reads OCR's
//! misreadings of codes through their redundancy.
//!
//! Both tools run as child processes, each bounded by a timeout per page and by the memory it
//! may map, so a page that makes one hang or crash is an error for that page only
//! (docs/inputs.md, "OCR", says why the command lines were chosen over a binding of the library
//! and over extracting the scan images embedded in the PDF). A page's size in pixels is checked
//! before any tool sees it. Tesseract is told each page's resolution (`--dpi`): the rendering's
//! for a PDF, the tags' for a TIFF's page; a PNG or JPEG carries its own. A TIFF's pages are
//! taken apart (the `tiff` crate) and read one by one, as a PDF's are. Pages are read on as many
//! threads as the scan has, caption lines whose code the redundancy misses are read again
//! (`reread`), and each page's text is kept in a cache keyed by the file's content hash
//! (BLAKE3), the page, and every setting that changes the text (languages, resolution,
//! Tesseract's version).
//!
//! The same tools and bounds render the pages of a PDF that has a text layer for the diagrams
//! drawn on them (`--diagrams`, [`DiagramOptions`]: the `drawn` module), whose boards are
//! written into the text layer's text as an OCR'd page's are (`extract::boards`).

use std::collections::HashMap;
use std::fmt;
use std::fs;
use std::io;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::misread::OcrFix;

mod cache;
mod child;
mod drawn;
mod image;
mod pages;
mod raster;
mod rebuild;
mod reread;
mod tools;

pub use cache::CACHEDIR_TAG;
use cache::{cached, store};
pub(crate) use drawn::read_drawn;
pub use drawn::{DPI as DIAGRAMS_DPI, DiagramOptions, DiagramsError, diagram_tools};
use pages::{Job, Reader, page_sizes};
pub use tools::{Tools, tools};

/// Called as OCR goes: with [`OcrProgress::Pages`] when an input's pages are queued, with
/// [`OcrProgress::Done`] as each is read (from any thread).
pub type OcrProgressFn = Arc<dyn Fn(OcrProgress) + Send + Sync>;

/// How OCR goes, from `--ocr`, `--ocr-lang` and `--no-cache`.
#[derive(Clone)]
pub struct OcrOptions {
    /// Tesseract's languages, `+` between them: `eng`, `deu+nld`.
    pub lang: String,
    /// The resolution pages of a PDF are rendered at, in dots per inch.
    pub dpi: u32,
    /// The folder of the cache of page texts; `None` reads every page afresh and keeps none.
    pub cache: Option<PathBuf>,
    /// The longest one tool may take over one page before it is killed.
    pub timeout: Duration,
    /// The most pixels a page may have (width times height at the resolution it is read at);
    /// a larger page is refused before any tool sees it ([`OcrError::TooLarge`]).
    pub max_pixels: u64,
    /// The memory, in bytes, each tool may map (`RLIMIT_AS` on Unix); 0 for no limit.
    pub memory: u64,
    /// The threads that read pages at once (each runs one Tesseract on one core).
    pub threads: usize,
    /// Told of the pages queued and read, for a progress bar.
    pub progress: Option<OcrProgressFn>,
}

impl fmt::Debug for OcrOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OcrOptions")
            .field("lang", &self.lang)
            .field("dpi", &self.dpi)
            .field("cache", &self.cache)
            .field("timeout", &self.timeout)
            .field("max_pixels", &self.max_pixels)
            .field("memory", &self.memory)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

impl Default for OcrOptions {
    fn default() -> OcrOptions {
        OcrOptions {
            lang: "eng".to_owned(),
            dpi: 300,
            cache: default_cache(),
            timeout: Duration::from_secs(300),
            max_pixels: MAX_PIXELS,
            memory: MEMORY,
            threads: 1,
            progress: None,
        }
    }
}

/// The most pixels of a page by default: 100 million, twelve times an A4 page at 300 dpi
/// (8.7 million), an A0 poster at 200 dpi.
pub const MAX_PIXELS: u64 = 100_000_000;

/// The memory each tool may map by default: 2 GiB. Tesseract on an A4 page at 300 dpi maps
/// some 250 MiB, on a page of 100 million pixels about 1.3 GiB (docs/inputs.md, "OCR").
pub const MEMORY: u64 = 2 << 30;

/// The cache's folder under the user's cache directory (`$XDG_CACHE_HOME/gbr/ocr`, else
/// `~/.cache/gbr/ocr` on Linux), `None` where the system names none.
pub fn default_cache() -> Option<PathBuf> {
    dirs::cache_dir().map(|dir| dir.join("gbr").join("ocr"))
}

/// What OCR progress reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OcrProgress {
    /// This many more pages are queued.
    Pages(u64),
    /// One page was read (from the cache or by Tesseract).
    Done,
}

/// Why OCR cannot run at all, or failed on a page.
#[derive(Debug, thiserror::Error)]
pub enum OcrError {
    /// A tool is not installed: names the Debian packages to install.
    #[error("--ocr needs {tool}: install it with 'apt install {packages}'")]
    Missing {
        /// The program not found: `Tesseract`, `pdftoppm`.
        tool: &'static str,
        /// The packages that install it.
        packages: String,
    },
    /// Tesseract has no data for a language named with `--ocr-lang`.
    #[error(
        "--ocr-lang {lang}: Tesseract has no data for it: install it with 'apt install {package}'"
    )]
    Language {
        /// The language as named (`deu`).
        lang: String,
        /// The Debian package that holds its data (`tesseract-ocr-deu`).
        package: String,
    },
    /// A page is larger than [`OcrOptions::max_pixels`]: refused before any tool reads it.
    #[error(
        "the page is {width} x {height} pixels{}, past the {} million pixels a page read \
         through OCR may have",
        dpi.map(|d| format!(" at {d} dpi")).unwrap_or_default(),
        limit / 1_000_000
    )]
    TooLarge {
        /// The page's width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
        /// The resolution it would be read at, where known.
        dpi: Option<u32>,
        /// The limit, in pixels.
        limit: u64,
    },
    /// A tool failed on a page, or took longer than the timeout and was killed.
    #[error("{tool} failed: {message}")]
    Failed {
        /// `tesseract` or `pdftoppm`.
        tool: &'static str,
        /// What went wrong, on one line (its exit status and the end of its stderr, or the
        /// timeout).
        message: String,
    },
}

/// What is OCR'd: the pages of a PDF (rendered one by one), or an image file (each page of a
/// TIFF taken apart and read on its own; a PNG or JPEG as it is).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scanned {
    /// A PDF; the pages to read are given as 1-based indices.
    Pdf,
    /// A PNG, TIFF or JPEG image.
    Image,
}

/// The text OCR gave for one page, with the caption lines read again and kept, and the
/// boards read from its pixels written in.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct PageText {
    /// The page's text as Tesseract gave it, each line read again and kept in place of its
    /// first reading, each board written in above its caption, each caption OCR garbled
    /// rebuilt from its board.
    pub text: String,
    /// The lines read again and kept and the captions rebuilt from their boards (each an
    /// [`crate::misread::OcrFix`] of part `None`, the latter `from_picture`), in order of
    /// offset in `text`.
    pub reread: Vec<OcrFix>,
    /// The 0-based byte offsets in `text` of the line feeds the boards written in added, in
    /// order ([`crate::input::Member::added`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<u64>,
}

/// Reads the pages `pages` (1-based indices; ignored for an image) of the file `bytes` through
/// OCR, on `opts.threads` threads, from the cache where it has them. Answers each page's
/// text, or why it gave none, in the order of `pages`; for an image, one text per page of the
/// image (a TIFF's pages in order). The cache is asked first: a file whose pages it holds is
/// neither written out nor rendered, and no tool reads it.
///
/// # Errors
///
/// [`OcrError`] when the tools are missing, when the file cannot be written where the tools
/// can read it, or when a TIFF's structure cannot be read.
pub(crate) fn read_pages(
    bytes: &[u8],
    scanned: Scanned,
    pages: &[u32],
    opts: &OcrOptions,
) -> Result<Vec<Result<PageText, OcrError>>, OcrError> {
    let tools = tools(&opts.lang)?;
    let tiff = bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*");
    let tiff_pages = match scanned {
        Scanned::Image if tiff => Some(image::Tiff::new(bytes).pages(opts.max_pixels).map_err(
            |message| OcrError::Failed {
                tool: "gbr",
                message: format!("cannot read the TIFF: {message}"),
            },
        )?),
        _ => None,
    };
    let jobs: Vec<Job> = match (scanned, &tiff_pages) {
        (Scanned::Pdf, _) => pages.iter().map(|&p| Job::Pdf(p)).collect(),
        (Scanned::Image, Some(tiff)) => (0..tiff.len()).map(Job::Tiff).collect(),
        (Scanned::Image, None) => vec![Job::Image],
    };
    let hash = blake3::hash(bytes);
    // The resolution a page is read at: a PDF's rendering, an image's own.
    let read_at = |job: &Job| match (job, &tiff_pages) {
        (Job::Pdf(_), _) => opts.dpi.to_string(),
        (Job::Tiff(at), Some(tiff)) => format!("own {:?}", tiff[*at].dpi),
        _ => format!("own {:?}", raster::resolution(bytes)),
    };
    let keys: Vec<String> = jobs
        .iter()
        .map(|job| cache::key(&hash, job.number(), scanned, &read_at(job), opts, &tools))
        .collect();
    tick(opts, OcrProgress::Pages(jobs.len() as u64));
    let slots: Vec<Slot> = keys
        .iter()
        .map(|key| Mutex::new(cached(opts, key, cache::page_limit(opts.max_pixels)).map(Ok)))
        .collect();
    if slots.iter().all(filled) {
        for _ in &jobs {
            tick(opts, OcrProgress::Done);
        }
    } else {
        let batch = Batch {
            jobs: &jobs,
            keys: &keys,
            slots: &slots,
        };
        read_missing(bytes, scanned, pages, opts, tiff_pages.as_deref(), &batch)?;
    }
    Ok(slots.into_iter().map(take).collect())
}

/// A PDF's whole reading as an earlier run with `--ocr` kept it (docs/inputs.md, "OCR"): its
/// key in the cache, and the reading where the cache holds it, so that a file read before is
/// neither parsed nor rendered again. `None` with no cache, or when the tools are missing
/// (reading the pages then says which). An entry larger than the text the file may give
/// under `inflate` ([`cache::whole_limit`]) is a miss.
pub(crate) fn whole_reading<T: serde::de::DeserializeOwned>(
    bytes: &[u8],
    opts: &OcrOptions,
    inflate: crate::input::InflateLimit,
) -> Option<(String, Option<T>)> {
    opts.cache.as_ref()?;
    let tools = tools(&opts.lang).ok()?;
    let key = cache::file_key(&blake3::hash(bytes), opts, &tools);
    let limit = cache::whole_limit(bytes.len() as u64, inflate, opts.max_pixels);
    let reading = cached(opts, &key, limit);
    Some((key, reading))
}

/// Keeps a PDF's whole `reading` under `key` ([`whole_reading`]); a cache that cannot be
/// written is no error.
pub(crate) fn keep_whole_reading<T: serde::Serialize>(opts: &OcrOptions, key: &str, reading: &T) {
    store(opts, key, reading);
}

/// One page's text once read, or why it gave none; `None` while it is not read.
type Slot = Mutex<Option<Result<PageText, OcrError>>>;

/// The pages of one file: what to read, their keys in the cache, and their texts.
struct Batch<'a> {
    jobs: &'a [Job],
    keys: &'a [String],
    slots: &'a [Slot],
}

fn filled(slot: &Slot) -> bool {
    slot.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

fn take(slot: Slot) -> Result<PageText, OcrError> {
    slot.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .unwrap_or_else(|| Err(failed("gbr", &io::ErrorKind::Interrupted.into())))
}

fn tick(opts: &OcrOptions, event: OcrProgress) {
    if let Some(progress) = &opts.progress {
        progress(event);
    }
}

/// Reads the pages of `batch` that the cache did not hold, on `opts.threads` threads, each
/// kept in the cache once read: the file written for the tools in a work folder, a PDF's page
/// sizes read first. The boards found on the pages are read last, as one book, the file's
/// (`pages::finish`), and written into their pages' texts before those are kept.
fn read_missing(
    bytes: &[u8],
    scanned: Scanned,
    pages: &[u32],
    opts: &OcrOptions,
    tiff: Option<&[image::TiffPage]>,
    batch: &Batch<'_>,
) -> Result<(), OcrError> {
    let work = child::WorkFolder::new().map_err(|e| failed("gbr", &e))?;
    let file = work.path().join(match scanned {
        Scanned::Pdf => "input.pdf",
        Scanned::Image => "input.img",
    });
    // A TIFF's pages are written one by one.
    if tiff.is_none() {
        fs::write(&file, bytes).map_err(|e| failed("gbr", &e))?;
    }
    let sizes = match scanned {
        Scanned::Pdf => page_sizes(
            &file,
            pages,
            child::Bounds {
                timeout: opts.timeout,
                memory: opts.memory,
            },
        ),
        Scanned::Image => HashMap::new(),
    };
    let reader = Reader {
        bytes,
        file: &file,
        work: work.path(),
        opts,
        sizes: &sizes,
        tiff,
    };
    let next = AtomicUsize::new(0);
    // The pages with boards, read once every page is: their boards are one book.
    let pending: Mutex<Vec<(usize, PageText, pages::Pending)>> = Mutex::new(Vec::new());
    let keep = |at: usize, text: Result<PageText, OcrError>| {
        if let Ok(text) = &text {
            store(opts, &batch.keys[at], text);
        }
        *batch.slots[at].lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
    };
    std::thread::scope(|s| {
        for _ in 0..opts.threads.clamp(1, batch.jobs.len().max(1)) {
            s.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&job) = batch.jobs.get(at) else {
                        return;
                    };
                    if !filled(&batch.slots[at]) {
                        match reader.page(job) {
                            Ok((text, Some(boards))) => pending
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((at, text, boards)),
                            Ok((text, None)) => keep(at, Ok(text)),
                            Err(err) => keep(at, Err(err)),
                        }
                    }
                    tick(opts, OcrProgress::Done);
                }
            });
        }
    });
    let (places, pending): (Vec<usize>, Vec<(PageText, pages::Pending)>) = pending
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|(at, text, boards)| (at, (text, boards)))
        .unzip();
    for (at, text) in places.into_iter().zip(pages::finish(pending)) {
        keep(at, Ok(text));
    }
    Ok(())
}

fn failed(tool: &'static str, err: &io::Error) -> OcrError {
    child::failed(tool, err)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_tool_names_the_packages() {
        let err = OcrError::Missing {
            tool: "Tesseract",
            packages: "tesseract-ocr tesseract-ocr-eng".to_owned(),
        };
        assert_eq!(
            err.to_string(),
            "--ocr needs Tesseract: install it with 'apt install tesseract-ocr tesseract-ocr-eng'"
        );
    }

    #[test]
    fn a_page_past_the_pixel_limit_names_it() {
        let err = OcrError::TooLarge {
            width: 33334,
            height: 33334,
            dpi: Some(300),
            limit: 100_000_000,
        };
        assert_eq!(
            err.to_string(),
            "the page is 33334 x 33334 pixels at 300 dpi, past the 100 million pixels a page \
             read through OCR may have"
        );
    }
}
