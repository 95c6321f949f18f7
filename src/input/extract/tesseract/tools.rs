//! The tools OCR runs, found once (docs/inputs.md, "OCR", "without Tesseract"): Tesseract with
//! its data for each language asked, and pdftoppm; Tesseract's version names its output in the
//! cache.

use std::process::{Command, Stdio};
use std::sync::{Mutex, OnceLock};

use super::OcrError;

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
