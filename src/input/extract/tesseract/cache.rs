//! The cache of OCR'd pages (docs/inputs.md, "OCR"): one JSON file a page, under a folder
//! tagged as a cache.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::{OcrOptions, Scanned, Tools};

/// The cache's key of page `number` (1-based; 0 for a whole image) of the file whose BLAKE3
/// hash is `hash`, a PDF or an image (`scanned`), read at the resolution `read_at` (a PDF's
/// rendering in dots per inch, `300`, or an image's own, `own Some(300)`): a hash of the
/// file's hash, the page, and every setting that changes the text (the languages, the
/// resolution, Tesseract's version), as 64 hex digits.
pub(super) fn key(
    hash: &blake3::Hash,
    number: u64,
    scanned: Scanned,
    read_at: &str,
    opts: &OcrOptions,
    tools: &Tools,
) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"gbr ocr 3\0");
    hasher.update(hash.as_bytes());
    let settings = format!(
        "\0{number}\0{}\0{read_at}\0{}\0{scanned:?}",
        opts.lang, tools.tesseract
    );
    hasher.update(settings.as_bytes());
    hasher.finalize().to_hex().to_string()
}

/// The cache's key of the whole reading, with `--ocr`, of the PDF whose BLAKE3 hash is `hash`:
/// every page's text (text layer or OCR), its printed number and its lines read again, as
/// 64 hex digits. A hash of the file's hash, every OCR setting that changes a page's text
/// (the languages, the resolution, the pixel limit, Tesseract's version) and gbr's own version
/// (its text-layer and folio rules make the rest).
pub(super) fn file_key(hash: &blake3::Hash, opts: &OcrOptions, tools: &Tools) -> String {
    let mut hasher = blake3::Hasher::new();
    hasher.update(b"gbr ocr pdf 1\0");
    hasher.update(hash.as_bytes());
    let settings = format!(
        "\0{}\0{}\0{}\0{}\0{}",
        opts.lang,
        opts.dpi,
        opts.max_pixels,
        tools.tesseract,
        env!("CARGO_PKG_VERSION")
    );
    hasher.update(settings.as_bytes());
    hasher.finalize().to_hex().to_string()
}

/// The path of the cache's entry under `key`.
fn entry(dir: &Path, key: &str) -> PathBuf {
    dir.join(&key[..2]).join(format!("{key}.json"))
}

/// The value cached under `key` (a page's text, or a PDF's whole reading), if the cache is on
/// and has it, and it reads as a `T`.
pub(super) fn cached<T: serde::de::DeserializeOwned>(opts: &OcrOptions, key: &str) -> Option<T> {
    let dir = opts.cache.as_ref()?;
    let bytes = fs::read(entry(dir, key)).ok()?;
    serde_json::from_slice(&bytes).ok()
}

/// Keeps `value` under `key`, written to a temporary file renamed into place (two runs at once
/// never read half a file); a cache that cannot be written is no error: the text was read.
/// The cache's folder is tagged as one (`CACHEDIR.TAG`, the Cache Directory Tagging
/// Specification), so that a walk of a folder that holds it leaves it out.
pub(super) fn store<T: serde::Serialize>(opts: &OcrOptions, key: &str, value: &T) {
    let Some(root) = &opts.cache else { return };
    let dir = root.join(&key[..2]);
    let write = || -> io::Result<()> {
        fs::create_dir_all(&dir)?;
        let tag = root.join("CACHEDIR.TAG");
        if !tag.exists() {
            fs::write(&tag, CACHEDIR_TAG)?;
        }
        let mut file = tempfile::NamedTempFile::new_in(&dir)?;
        let mut out = io::BufWriter::new(&mut file);
        serde_json::to_writer(&mut out, value)?;
        out.flush()?;
        drop(out);
        file.persist(entry(root, key)).map_err(|e| e.error)?;
        Ok(())
    };
    let _ = write();
}

/// The tag of a cache folder (the Cache Directory Tagging Specification,
/// <https://bford.info/cachedir/>): its first 43 bytes are the
/// signature that backup tools and gbr's walk look for.
pub const CACHEDIR_TAG: &str = "Signature: 8a477f597d28d172789f06886806bc55\n\
# This file is a cache directory tag created by gbr (--ocr).\n\
# For information about cache directory tags, see https://bford.info/cachedir/\n";
