//! Scanned pages read through OCR (`--ocr`): the pages of a PDF that have no text layer,
//! rendered by poppler's `pdftoppm`, and page images (PNG, TIFF, JPEG), read by Tesseract's
//! command line; each page's text then read by `ocr::read`, which reads OCR's
//! misreadings of codes through their redundancy.
//!
//! Both tools run as child processes, each bounded by a timeout per page and killed past it, so
//! a page that makes one hang or crash is an error for that page only (docs/inputs.md, "OCR",
//! says why the command lines were chosen over a binding of the library and over extracting
//! the scan images embedded in the PDF). Pages are read on as many threads as the scan has,
//! and each page's text is kept in a cache keyed by the file's content hash (BLAKE3), the
//! page, and every setting that changes the text (languages, resolution, Tesseract's version).

use std::fmt;
use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use wait_timeout::ChildExt;

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
            threads: 1,
            progress: None,
        }
    }
}

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

/// The tools found, with what identifies their output in the cache.
#[derive(Debug, Clone)]
pub struct Tools {
    /// The first line of `tesseract --version` (`tesseract 5.3.0`).
    pub tesseract: String,
}

/// Checks once that Tesseract, its data for every language of `lang` and `pdftoppm` are
/// installed; the answer is kept for the process.
///
/// # Errors
///
/// [`OcrError::Missing`] naming the package to install when a tool is not found,
/// [`OcrError::Language`] when a language's data is missing.
pub fn tools(lang: &str) -> Result<Tools, OcrError> {
    static FOUND: OnceLock<Mutex<Vec<(String, Tools)>>> = OnceLock::new();
    let found = FOUND.get_or_init(|| Mutex::new(Vec::new()));
    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, tools)) = found.iter().find(|(l, _)| l == lang) {
        return Ok(tools.clone());
    }
    let missing = |tool, packages: &str| OcrError::Missing {
        tool,
        packages: packages.to_owned(),
    };
    let version = Command::new("tesseract")
        .arg("--version")
        .stdin(Stdio::null())
        .output()
        .map_err(|_| missing("Tesseract", "tesseract-ocr tesseract-ocr-eng"))?;
    // Tesseract 4 printed its version on stderr, 5 on stdout.
    let text = [version.stdout, version.stderr].concat();
    let tesseract = String::from_utf8_lossy(&text)
        .lines()
        .next()
        .unwrap_or("tesseract")
        .trim()
        .to_owned();
    let langs = Command::new("tesseract")
        .arg("--list-langs")
        .stdin(Stdio::null())
        .output()
        .map_err(|_| missing("Tesseract", "tesseract-ocr tesseract-ocr-eng"))?;
    let listed = String::from_utf8_lossy(&langs.stdout).into_owned();
    let have: Vec<&str> = listed.lines().skip(1).map(str::trim).collect();
    for one in lang.split('+').filter(|l| !l.is_empty()) {
        if !have.contains(&one) {
            return Err(OcrError::Language {
                lang: one.to_owned(),
                package: format!(
                    "tesseract-ocr-{}",
                    one.to_ascii_lowercase().replace('_', "-")
                ),
            });
        }
    }
    Command::new("pdftoppm")
        .arg("-v")
        .stdin(Stdio::null())
        .output()
        .map_err(|_| missing("pdftoppm", "poppler-utils"))?;
    let tools = Tools { tesseract };
    found.push((lang.to_owned(), tools.clone()));
    Ok(tools)
}

/// What is OCR'd: the pages of a PDF (rendered one by one), or an image file (every page of
/// it in one run of Tesseract, a multi-page TIFF included).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scanned {
    /// A PDF; the pages to read are given as 1-based indices.
    Pdf,
    /// A PNG, TIFF or JPEG image.
    Image,
}

/// Reads the pages `pages` (1-based indices; ignored for an image) of the file `bytes` through
/// OCR, on `opts.threads` threads, from the cache where it has them. Answers each page's
/// text, or why it gave none, in the order of `pages`; for an image, one text per page of the
/// image.
///
/// # Errors
///
/// [`OcrError`] when the tools are missing, or when the file cannot be written where the
/// tools can read it.
pub(crate) fn read_pages(
    bytes: &[u8],
    scanned: Scanned,
    pages: &[u32],
    opts: &OcrOptions,
) -> Result<Vec<Result<String, String>>, OcrError> {
    let tools = tools(&opts.lang)?;
    let hash = blake3::hash(bytes);
    let key = |page: u32| {
        let mut hasher = blake3::Hasher::new();
        hasher.update(b"gbr ocr 1\0");
        hasher.update(hash.as_bytes());
        let settings = format!(
            "\0{page}\0{}\0{}\0{}\0{scanned:?}",
            opts.lang, opts.dpi, tools.tesseract
        );
        hasher.update(settings.as_bytes());
        hasher.finalize().to_hex().to_string()
    };
    let tick = |event| {
        if let Some(progress) = &opts.progress {
            progress(event);
        }
    };
    let work = tempfile::Builder::new()
        .prefix("gbr-ocr-")
        .tempdir()
        .map_err(|e| failed("gbr", &e))?;
    let file = work.path().join(match scanned {
        Scanned::Pdf => "input.pdf",
        Scanned::Image => "input.img",
    });
    // The file is written for the tools only when a page is not in the cache.
    let missing = match scanned {
        Scanned::Image => cached(opts, &key(0)).is_none(),
        Scanned::Pdf => pages.iter().any(|&page| !is_cached(opts, &key(page))),
    };
    let written = if missing {
        fs::write(&file, bytes)
    } else {
        Ok(())
    };
    if let Scanned::Image = scanned {
        tick(OcrProgress::Pages(1));
        let key = key(0);
        let text = match cached(opts, &key) {
            Some(text) => Ok(text),
            None => {
                written.map_err(|e| failed("gbr", &e))?;
                let text = tesseract(&file, &opts.lang, opts.timeout);
                if let Ok(text) = &text {
                    store(opts, &key, text);
                }
                text
            }
        };
        tick(OcrProgress::Done);
        return Ok(match text {
            // Tesseract ends each page of a multi-page image with a form feed.
            Ok(text) => split_pages(&text).into_iter().map(Ok).collect(),
            // The caller names the tool (`InputError::Ocr`).
            Err(OcrError::Failed { message, .. }) => vec![Err(message)],
            Err(err) => vec![Err(err.to_string())],
        });
    }
    written.map_err(|e| failed("gbr", &e))?;
    tick(OcrProgress::Pages(pages.len() as u64));
    let results: Vec<Mutex<Option<Result<String, String>>>> =
        pages.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.clamp(1, pages.len().max(1)) {
            s.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&page) = pages.get(at) else { return };
                    let key = key(page);
                    let text = match cached(opts, &key) {
                        Some(text) => Ok(text),
                        None => {
                            let text = pdf_page(&file, work.path(), page, opts)
                                .map(|text| text.replace('\x0c', ""));
                            if let Ok(text) = &text {
                                store(opts, &key, text);
                            }
                            text.map_err(|e| e.to_string())
                        }
                    };
                    *results[at].lock().unwrap_or_else(|e| e.into_inner()) = Some(text);
                    tick(OcrProgress::Done);
                }
            });
        }
    });
    Ok(results
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(|| Err("not read".to_owned()))
        })
        .collect())
}

/// The pages of Tesseract's text for a multi-page image: split at the form feed that ends
/// each page, the last (empty) piece dropped.
fn split_pages(text: &str) -> Vec<String> {
    let mut pages: Vec<String> = text.split('\x0c').map(str::to_owned).collect();
    if pages.len() > 1 && pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    pages
}

/// Page `page` of the PDF `file` rendered at `opts.dpi` in grey, then read by Tesseract. The
/// page is written as PGM, uncompressed: as PNG its compression cost 1.5 s of CPU a page at
/// 300 dpi, three times the rendering (docs/inputs.md, "OCR").
fn pdf_page(file: &Path, work: &Path, page: u32, opts: &OcrOptions) -> Result<String, OcrError> {
    let root = work.join(format!("page-{page}"));
    let n = page.to_string();
    let dpi = opts.dpi.to_string();
    run(
        "pdftoppm",
        Command::new("pdftoppm")
            .args(["-r", &dpi, "-gray", "-singlefile", "-f", &n, "-l", &n])
            .arg(file)
            .arg(&root),
        opts.timeout,
    )?;
    let image = root.with_extension("pgm");
    let text = tesseract(&image, &opts.lang, opts.timeout);
    let _ = fs::remove_file(&image);
    text
}

/// Tesseract's text of the image `image` in languages `lang`, layout analysed page by page
/// (`--psm 3`, its default), on one core (`OMP_THREAD_LIMIT=1`: pages run in parallel instead,
/// which is faster than its own threads on one page).
fn tesseract(image: &Path, lang: &str, timeout: Duration) -> Result<String, OcrError> {
    let out = run(
        "tesseract",
        Command::new("tesseract")
            .arg(image)
            .args(["stdout", "-l", lang, "--psm", "3"])
            .env("OMP_THREAD_LIMIT", "1"),
        timeout,
    )?;
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Runs `command`, its stdout read as it goes, killed past `timeout`: its stdout, or why it
/// failed.
fn run(tool: &'static str, command: &mut Command, timeout: Duration) -> Result<Vec<u8>, OcrError> {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(tool, &e))?;
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(pipe) = stdout.as_mut() {
            let _ = pipe.read_to_end(&mut out);
        }
        out
    });
    let errors = std::thread::spawn(move || {
        let mut err = Vec::new();
        if let Some(pipe) = stderr.as_mut() {
            let _ = pipe.take(64 * 1024).read_to_end(&mut err);
        }
        err
    });
    let status = match child.wait_timeout(timeout) {
        Ok(Some(status)) => status,
        Ok(None) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(OcrError::Failed {
                tool,
                message: format!(
                    "took longer than {} s and was stopped",
                    timeout.as_secs_f64()
                ),
            });
        }
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(failed(tool, &e));
        }
    };
    let out = reader.join().unwrap_or_default();
    let err = errors.join().unwrap_or_default();
    if !status.success() {
        let err = String::from_utf8_lossy(&err);
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        return Err(OcrError::Failed {
            tool,
            message: format!("{status}: {}", last.trim()),
        });
    }
    Ok(out)
}

fn failed(tool: &'static str, err: &io::Error) -> OcrError {
    OcrError::Failed {
        tool,
        message: err.to_string(),
    }
}

/// True when the cache is on and has a text under `key`.
fn is_cached(opts: &OcrOptions, key: &str) -> bool {
    opts.cache
        .as_ref()
        .is_some_and(|dir| dir.join(&key[..2]).join(format!("{key}.txt")).is_file())
}

/// The cached text under `key`, if the cache is on and has it.
fn cached(opts: &OcrOptions, key: &str) -> Option<String> {
    let dir = opts.cache.as_ref()?;
    fs::read_to_string(dir.join(&key[..2]).join(format!("{key}.txt"))).ok()
}

/// Keeps `text` under `key`, written to a temporary file renamed into place (two runs at once
/// never read half a file); a cache that cannot be written is no error: the text was read.
fn store(opts: &OcrOptions, key: &str, text: &str) {
    let Some(dir) = &opts.cache else { return };
    let dir = dir.join(&key[..2]);
    let write = || -> io::Result<()> {
        fs::create_dir_all(&dir)?;
        let mut file = tempfile::NamedTempFile::new_in(&dir)?;
        file.write_all(text.as_bytes())?;
        file.persist(dir.join(format!("{key}.txt")))
            .map_err(|e| e.error)?;
        Ok(())
    };
    let _ = write();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_multi_page_image_splits_at_form_feeds() {
        assert_eq!(split_pages("one\n\x0ctwo\n\x0c"), vec!["one\n", "two\n"]);
        assert_eq!(split_pages("alone\n"), vec!["alone\n"]);
    }

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
    fn a_command_past_its_timeout_is_killed() {
        let err = run(
            "sleep",
            Command::new("sleep").arg("5"),
            Duration::from_millis(100),
        )
        .expect_err("killed");
        assert_eq!(
            err.to_string(),
            "sleep failed: took longer than 0.1 s and was stopped"
        );
    }
}
