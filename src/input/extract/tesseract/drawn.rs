//! The diagrams drawn on the pages of a PDF that has a text layer (`--diagrams`: vector
//! drawings or embedded images, as a word processor or a book's layout prints them;
//! docs/reading.md, "Diagrams in pictures"). Each page with text is rendered grey by pdftoppm
//! at [`DiagramOptions::dpi`] and searched for boards (`picture::find_boards`); a page with
//! none is left as it is, and that is most pages. On a page with boards, pdftotext
//! (`-bbox-layout`) gives its words' boxes and each board its caption lines. The boards of
//! all the pages are then read as one book, the PDF's (a book prints one board a page, and
//! learns its men from all its captions), and each board read sure enough is written into
//! its page's text above its caption, as on an OCR'd page (`extract::boards`,
//! [`Match::Loose`]: the text layer breaks and spaces lines otherwise than pdftotext).
//!
//! The tools run as OCR's do ([`super::child`]): a child process a page, bounded by a
//! timeout and the memory it may map, the page's size in pixels checked first; a page a tool
//! fails on, or the picture reader panics on, keeps its text as it is and is reported. The
//! boards written are kept in the cache, a file's at once, keyed by its content hash
//! ([`file_key`]), so that a second run renders nothing.

use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use super::OcrError;
use super::cache::{cached_in, store_in};
use super::child::{self, Bounds, WorkFolder};
use super::image::Grey;
use super::pages::{page_sizes, render};
use crate::fault;
use crate::input::extract::boards::{self, Match, PageBoards, Written, bbox};

/// How the diagrams drawn on a text layer's pages are read (`--diagrams`).
#[derive(Debug, Clone)]
pub struct DiagramOptions {
    /// The resolution pages are rendered at, in dots per inch.
    pub dpi: u32,
    /// The longest one tool may take over one page before it is killed.
    pub timeout: Duration,
    /// The most pixels a page may have at [`DiagramOptions::dpi`]; a larger page is refused
    /// before it is rendered ([`DiagramsError::TooLarge`]).
    pub max_pixels: u64,
    /// The memory, in bytes, each tool may map (`RLIMIT_AS` on Unix); 0 for no limit.
    pub memory: u64,
    /// The pages read at once.
    pub threads: usize,
    /// The cache's folder (OCR's, [`super::default_cache`]); `None` reads every page afresh
    /// and keeps nothing.
    pub cache: Option<PathBuf>,
}

impl Default for DiagramOptions {
    fn default() -> DiagramOptions {
        DiagramOptions {
            dpi: DPI,
            timeout: Duration::from_secs(300),
            max_pixels: super::MAX_PIXELS,
            memory: super::MEMORY,
            threads: 1,
            cache: super::default_cache(),
        }
    }
}

/// The resolution pages are rendered at for their diagrams by default: 200 dpi. On the 2017
/// manuscript (drawn boards, men without outline) its boards read as one book agree with 288
/// captions of 303 at 200 dpi against 283 at 150, and every misread board reads unsure at 200
/// where two read sure at 150 (docs/reading.md, "Diagrams in pictures"); it costs 1.8 times
/// the pixels of 150, and half of OCR's 300.
pub const DPI: u32 = 200;

/// Why the drawn diagrams of a PDF, or of one of its pages, were not read.
#[derive(Debug, thiserror::Error)]
pub enum DiagramsError {
    /// A tool is not installed.
    #[error("--diagrams needs {tool}: install it with 'apt install poppler-utils'")]
    Missing {
        /// The program not found: `pdftoppm`, `pdftotext`.
        tool: &'static str,
    },
    /// A page is larger than [`DiagramOptions::max_pixels`]: not rendered.
    #[error(
        "the page is {width} x {height} pixels at {dpi} dpi, past the {} million pixels a page \
         rendered for its diagrams may have",
        limit / 1_000_000
    )]
    TooLarge {
        /// The page's width in pixels.
        width: u64,
        /// Its height in pixels.
        height: u64,
        /// The resolution it would be rendered at.
        dpi: u32,
        /// The limit, in pixels.
        limit: u64,
    },
    /// A document's vector pictures (EMF, WMF) were not read: gbr draws none (docs/inputs.md,
    /// "Diagrams in a document's images").
    #[error("its {count} EMF or WMF pictures were not read: {why}")]
    Vectors {
        /// The vector pictures left unread.
        count: usize,
        /// Why, on one line.
        why: String,
    },
    /// A tool failed on a page, or took longer than the timeout and was killed, or the picture
    /// reader panicked on it (tool `gbr`).
    #[error("{tool} failed: {message}")]
    Failed {
        /// `pdftoppm`, `pdftotext` or `gbr`.
        tool: &'static str,
        /// What went wrong, on one line.
        message: String,
    },
}

impl From<OcrError> for DiagramsError {
    fn from(err: OcrError) -> DiagramsError {
        match err {
            OcrError::Failed { tool, message } => DiagramsError::Failed { tool, message },
            other => DiagramsError::Failed {
                tool: "gbr",
                message: other.to_string(),
            },
        }
    }
}

/// Checks once that pdftoppm and pdftotext are installed; the answer, pdftoppm's version
/// (the first line of `pdftoppm -v`, which names its rendering in the cache), is kept for
/// the process.
///
/// # Errors
///
/// [`DiagramsError::Missing`] naming the tool not found.
pub fn diagram_tools() -> Result<String, DiagramsError> {
    static FOUND: OnceLock<Result<String, &'static str>> = OnceLock::new();
    let found = FOUND.get_or_init(|| {
        let version = Command::new("pdftoppm")
            .arg("-v")
            .stdin(Stdio::null())
            .output()
            .map_err(|_| "pdftoppm")?;
        Command::new("pdftotext")
            .arg("-v")
            .stdin(Stdio::null())
            .output()
            .map_err(|_| "pdftotext")?;
        // pdftoppm prints its version on stderr.
        let text = [version.stderr, version.stdout].concat();
        Ok(String::from_utf8_lossy(&text)
            .lines()
            .next()
            .unwrap_or("pdftoppm")
            .trim()
            .to_owned())
    });
    found
        .clone()
        .map_err(|tool| DiagramsError::Missing { tool })
}

/// One page's boards as found ([`boards::gather`]), `None` for a page without one, or why its
/// diagrams were not read.
type Gathered = Result<Option<PageBoards>, DiagramsError>;

/// One page's text with its boards written in: where each board went (0-based byte offset in
/// the page's text before, a line's start) and its eight lines. Kept in the cache.
type Boards = Vec<boards::Placed>;

/// How a text layer's boards are placed: found by their captions' words, and a board beside
/// which no line holds a code given a caption of its own, as on an OCR'd page (docs/reading.md,
/// "A board without a caption").
const LAYER: Match = Match::Loose(Some(super::rebuild::OWN));

/// The texts of the pages `pages` (each its 1-based index in the PDF `bytes` and its text
/// layer's text) with the boards drawn on them written in: for each page, in order, its
/// new text and the line feeds added (`None` when no board was written: the text stays as
/// it is), or why its diagrams were not read.
///
/// # Errors
///
/// [`DiagramsError`] when the tools are missing or the file cannot be written where the
/// tools can read it.
pub(crate) fn read_drawn(
    bytes: &[u8],
    pages: &[(u32, &str)],
    opts: &DiagramOptions,
) -> Result<Vec<Result<Option<Written>, DiagramsError>>, DiagramsError> {
    let version = diagram_tools()?;
    let key = file_key(&blake3::hash(bytes), opts, &version);
    // The cache's entry holds each page's boards as pdf-extract's text of this gbr's
    // version placed them; an entry that does not fit the texts (an offset past a text's
    // end or inside a character) is a miss.
    let limit = (bytes.len() as u64).saturating_add(1 << 20);
    if let Some(dir) = &opts.cache
        && let Some(kept) = cached_in::<Vec<(u32, Boards)>>(dir, &key, limit)
        && let Some(texts) = apply(pages, &kept)
    {
        return Ok(texts);
    }
    let work = WorkFolder::new().map_err(|e| super::failed("gbr", &e))?;
    let file = work.path().join("input.pdf");
    fs::write(&file, bytes).map_err(|e| super::failed("gbr", &e))?;
    let bounds = Bounds {
        timeout: opts.timeout,
        memory: opts.memory,
    };
    let indices: Vec<u32> = pages.iter().map(|&(n, _)| n).collect();
    let sizes = page_sizes(&file, &indices, bounds);
    let page = Page {
        file: &file,
        work: work.path(),
        opts,
        sizes: &sizes,
        bounds,
    };
    let slots: Vec<Mutex<Option<Gathered>>> = pages.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.clamp(1, pages.len().max(1)) {
            s.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(number, _)) = pages.get(at) else {
                        return;
                    };
                    let read = page.boards(number);
                    *slots[at].lock().unwrap_or_else(|e| e.into_inner()) = Some(read);
                }
            });
        }
    });
    let gathered: Vec<Gathered> = slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or(Ok(None))
        })
        .collect();
    let read = as_one_book(pages, gathered);
    if let Some(dir) = &opts.cache
        && read.iter().all(Result::is_ok)
    {
        let kept: Vec<(u32, Boards)> = pages
            .iter()
            .zip(&read)
            .filter_map(|(&(n, _), r)| {
                r.as_ref()
                    .ok()
                    .filter(|b| !b.is_empty())
                    .map(|b| (n, b.clone()))
            })
            .collect();
        store_in(dir, &key, &kept);
    }
    Ok(pages
        .iter()
        .zip(read)
        .map(|(&(_, text), r)| r.map(|b| (!b.is_empty()).then(|| boards::insert(text, &b))))
        .collect())
}

/// Each page's boards (`gathered`, in the order of `pages`) read as one book, the PDF's
/// (`boards::read_book`: a book of one board a page learns its men from all its captions),
/// then placed in its page's text: for each page, where its boards go and their lines. A panic
/// of the reader is every page's error with boards; of the placing, its page's.
fn as_one_book(
    pages: &[(u32, &str)],
    gathered: Vec<Gathered>,
) -> Vec<Result<Boards, DiagramsError>> {
    let mut captions = Vec::new();
    let mut book = Vec::new();
    let mut results: Vec<Result<Boards, DiagramsError>> = Vec::with_capacity(gathered.len());
    for (at, page) in gathered.into_iter().enumerate() {
        match page {
            Ok(Some(page)) => {
                captions.push((at, page.captions.clone()));
                book.push(page);
                results.push(Ok(Vec::new()));
            }
            Ok(None) => results.push(Ok(Vec::new())),
            Err(err) => results.push(Err(err)),
        }
    }
    if book.is_empty() {
        return results;
    }
    match caught(|| boards::read_book(book)) {
        Ok(read) => {
            for ((at, captions), read) in captions.into_iter().zip(read) {
                let text = pages[at].1;
                results[at] = caught(|| boards::place(text, &[], &read, &captions, LAYER).boards);
            }
        }
        Err(err) => {
            for (at, _) in captions {
                results[at] = Err(DiagramsError::Failed {
                    tool: "gbr",
                    message: err.to_string(),
                });
            }
        }
    }
    results
}

/// The texts of `pages` with the boards `kept` in the cache written in; `None` when an entry
/// does not fit its page's text (an offset past its end or inside a character, or offsets out
/// of order).
fn apply(
    pages: &[(u32, &str)],
    kept: &[(u32, Boards)],
) -> Option<Vec<Result<Option<Written>, DiagramsError>>> {
    let by_page: HashMap<u32, &Boards> = kept.iter().map(|(n, b)| (*n, b)).collect();
    pages
        .iter()
        .map(|&(n, text)| match by_page.get(&n) {
            None => Some(Ok(None)),
            Some(b) => (b.iter().all(|(at, _, _)| text.is_char_boundary(*at))
                && b.windows(2).all(|w| w[0].0 <= w[1].0))
            .then(|| Ok(Some(boards::insert(text, b)))),
        })
        .collect()
}

/// The cache's key of the boards drawn in the PDF whose BLAKE3 hash is `hash`: a hash of the
/// file's hash and every setting that changes them (the resolution, the pixel limit,
/// pdftoppm's version `renderer`, and gbr's own version, whose text layer, finder and reader
/// of pictures place and read them), as 64 hex digits.
pub(super) fn file_key(hash: &blake3::Hash, opts: &DiagramOptions, renderer: &str) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"gbr diagrams 3\0");
    hasher.update(hash.as_bytes());
    let settings = format!(
        "\0{}\0{}\0{renderer}\0{}",
        opts.dpi,
        opts.max_pixels,
        env!("CARGO_PKG_VERSION")
    );
    hasher.update(settings.as_bytes());
    hasher.finalize().to_hex().to_string()
}

/// What every page of one file is read with.
struct Page<'a> {
    file: &'a Path,
    work: &'a Path,
    opts: &'a DiagramOptions,
    /// The PDF's page sizes in points, by 1-based page.
    sizes: &'a HashMap<u32, (f64, f64)>,
    bounds: Bounds,
}

impl Page<'_> {
    /// The boards of page `number` found, each with its caption lines and what they teach;
    /// `None` when the page shows no board.
    fn boards(&self, number: u32) -> Result<Option<PageBoards>, DiagramsError> {
        let dpi = self.opts.dpi;
        let expected = self.sizes.get(&number).map(|&(w, h)| {
            let px = |pt: f64| (pt * f64::from(dpi) / 72.0).ceil() as u64;
            (px(w), px(h))
        });
        if let Some((width, height)) = expected
            && width.saturating_mul(height) > self.opts.max_pixels
        {
            return Err(DiagramsError::TooLarge {
                width,
                height,
                dpi,
                limit: self.opts.max_pixels,
            });
        }
        let image = render(self.file, self.work, number, dpi, expected, self.bounds)?;
        let grey = Grey::read_pgm(&image);
        let _ = fs::remove_file(&image);
        let grey = grey.map_err(|e| super::failed("gbr", &e))?;
        let Some(page) =
            image::GrayImage::from_raw(grey.width as u32, grey.height as u32, grey.pixels)
        else {
            return Ok(None);
        };
        let found = caught(|| crate::picture::find_boards(&page))?;
        if found.is_empty() {
            return Ok(None);
        }
        let n = number.to_string();
        let xhtml = child::run(
            "pdftotext",
            Command::new("pdftotext")
                .args(["-bbox-layout", "-enc", "UTF-8", "-f", &n, "-l", &n])
                .arg(self.file)
                .arg("-"),
            self.bounds,
        )?;
        if xhtml.len() > bbox::MAX_OUTPUT {
            return Err(DiagramsError::Failed {
                tool: "pdftotext",
                message: format!(
                    "gave {} bytes for the page, past the {} MiB read",
                    xhtml.len(),
                    bbox::MAX_OUTPUT >> 20
                ),
            });
        }
        let lines = bbox::lines(&String::from_utf8_lossy(&xhtml), dpi);
        caught(|| Some(boards::gather(&lines, found, LAYER)))
    }
}

/// `f` run with a panic caught and made the page's error.
fn caught<T>(f: impl FnOnce() -> T) -> Result<T, DiagramsError> {
    fault::catch(f).map_err(|panic| DiagramsError::Failed {
        tool: "gbr",
        message: format!("the picture reader failed: {panic}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cache_entry_is_written_in_where_it_fits_its_pages_and_a_miss_where_not() {
        let pages = [(1, "caption\n"), (2, "prose\n")];
        let board = "9.:.:.:.:0\n".repeat(8);
        let kept = vec![(1, vec![(0, board.clone(), None)])];
        let texts = apply(&pages, &kept).expect("it fits");
        assert_eq!(texts.len(), 2);
        let written = texts[0].as_ref().ok().cloned().flatten().expect("written");
        assert_eq!(written.text, format!("{board}caption\n"));
        let added: Vec<u64> = (1..=8).map(|n| n * 11 - 1).collect();
        assert_eq!(
            written.added, added,
            "the board's eight line feeds, not the caption's"
        );
        assert!(matches!(texts[1], Ok(None)), "a page without boards stays");
        // A caption a board gave itself comes back with its mark.
        let own = "e7b5 0040.11 f5c8.e2c2 3/3".to_owned();
        let kept = vec![(2, vec![(0, board.clone(), Some(own.clone()))])];
        let texts = apply(&pages, &kept).expect("it fits");
        let written = texts[1].as_ref().ok().cloned().flatten().expect("written");
        assert_eq!(written.text, format!("{board}{own}\nprose\n"));
        assert_eq!(written.added.len(), 9);
        assert_eq!(written.fixes.len(), 1);
        assert!(written.fixes[0].from_picture && written.fixes[0].found.is_empty());
        assert_eq!(written.fixes[0].offset, board.len() as u64);
        let past = vec![(1, vec![(99, board.clone(), None)])];
        assert!(apply(&pages, &past).is_none());
        let unordered = vec![(1, vec![(8, board.clone(), None), (0, board, None)])];
        assert!(apply(&pages, &unordered).is_none());
    }

    #[test]
    fn the_errors_name_the_flag_the_package_and_the_limit() {
        let err = DiagramsError::Missing { tool: "pdftotext" };
        assert_eq!(
            err.to_string(),
            "--diagrams needs pdftotext: install it with 'apt install poppler-utils'"
        );
        let err = DiagramsError::TooLarge {
            width: 20834,
            height: 20834,
            dpi: 150,
            limit: 100_000_000,
        };
        assert_eq!(
            err.to_string(),
            "the page is 20834 x 20834 pixels at 150 dpi, past the 100 million pixels a page \
             rendered for its diagrams may have"
        );
    }

    #[test]
    fn the_key_changes_with_every_setting_that_changes_the_boards() {
        let hash = blake3::hash(b"%PDF");
        let opts = DiagramOptions::default();
        let key = file_key(&hash, &opts, "pdftoppm version 22.02.0");
        assert_eq!(key.len(), 64);
        let other_dpi = DiagramOptions {
            dpi: 300,
            ..opts.clone()
        };
        assert_ne!(key, file_key(&hash, &other_dpi, "pdftoppm version 22.02.0"));
        assert_ne!(key, file_key(&hash, &opts, "pdftoppm version 24.02.0"));
        assert_ne!(
            key,
            file_key(&blake3::hash(b"%PDF-"), &opts, "pdftoppm version 22.02.0")
        );
    }
}
