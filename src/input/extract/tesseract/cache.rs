//! The cache of OCR'd pages (docs/inputs.md, "OCR"): one JSON file a page, under a folder
//! tagged as a cache.

use std::fs;
use std::io::{self, Read, Write};
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
    hasher.update(b"gbr ocr 8\0");
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
    hasher.update(b"gbr ocr pdf 5\0");
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
/// and has it, and it reads as a `T`. Only a regular file (a symbolic link is not followed) of
/// at most `limit` bytes is read; anything else (a FIFO, a device, a link, a file too large)
/// is a miss, and the entry is replaced when the value is stored again.
pub(super) fn cached<T: serde::de::DeserializeOwned>(
    opts: &OcrOptions,
    key: &str,
    limit: u64,
) -> Option<T> {
    cached_in(opts.cache.as_deref()?, key, limit)
}

/// The value cached under `key` in the cache folder `dir`, as [`cached`] reads it.
pub(super) fn cached_in<T: serde::de::DeserializeOwned>(
    dir: &Path,
    key: &str,
    limit: u64,
) -> Option<T> {
    let bytes = read_entry(&entry(dir, key), limit)?;
    serde_json::from_slice(&bytes).ok()
}

/// The most bytes of a page's entry, for pages of at most `max_pixels` pixels: a character
/// OCR reads covers more than 8 pixels (a glyph of 3 x 3 at the least) and its JSON takes at
/// most 6 bytes (`\u001f`), so a page's text is under one byte a pixel; 64 KiB more hold the
/// lines read again.
pub(super) fn page_limit(max_pixels: u64) -> u64 {
    max_pixels.saturating_add(64 << 10)
}

/// The most bytes of a PDF's whole reading, for a file of `len` bytes: what its streams may
/// inflate to under `inflate`, and one page of OCR's text more ([`page_limit`]); a scan's
/// pages, as images, inflate to far more than the text OCR reads from them.
pub(super) fn whole_limit(len: u64, inflate: crate::input::InflateLimit, max_pixels: u64) -> u64 {
    let layer = inflate.floor.max(inflate.ratio.saturating_mul(len));
    layer.saturating_add(page_limit(max_pixels))
}

/// The bytes of the cache entry at `path` if it is a regular file of at most `limit` bytes,
/// opened without following a symbolic link and without waiting on a FIFO, and read at most
/// `limit` bytes (a file that grows while read is a miss).
fn read_entry(path: &Path, limit: u64) -> Option<Vec<u8>> {
    let meta = fs::symlink_metadata(path).ok()?;
    if !meta.file_type().is_file() || meta.len() > limit {
        return None;
    }
    let mut options = fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // The entry may have been swapped since its metadata was read: a link is not
        // followed, and a FIFO opened does not wait for a writer.
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(path).ok()?;
    let meta = file.metadata().ok()?;
    if !meta.file_type().is_file() || meta.len() > limit {
        return None;
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).ok()?);
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .ok()?;
    (bytes.len() as u64 <= limit).then_some(bytes)
}

/// Keeps `value` under `key`, written to a temporary file renamed into place (two runs at once
/// never read half a file); a cache that cannot be written is no error: the text was read.
/// The cache's folder is tagged as one (`CACHEDIR.TAG`, the Cache Directory Tagging
/// Specification), so that a walk of a folder that holds it leaves it out.
pub(super) fn store<T: serde::Serialize>(opts: &OcrOptions, key: &str, value: &T) {
    if let Some(root) = &opts.cache {
        store_in(root, key, value);
    }
}

/// Keeps `value` under `key` in the cache folder `root`, as [`store`] keeps it.
pub(super) fn store_in<T: serde::Serialize>(root: &Path, key: &str, value: &T) {
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

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::super::PageText;
    use super::*;
    use crate::misread::OcrFix;

    /// The options of a cache in `dir`.
    fn options(dir: &Path) -> OcrOptions {
        OcrOptions {
            cache: Some(dir.join("ocr")),
            ..OcrOptions::default()
        }
    }

    /// `cached` under `key`, failing the test if it has not answered within 10 seconds.
    #[track_caller]
    fn cached_in_time(opts: &OcrOptions, key: &str, limit: u64) -> Option<String> {
        let (send, receive) = mpsc::channel();
        let (opts, key) = (opts.clone(), key.to_owned());
        std::thread::spawn(move || {
            let _ = send.send(cached::<String>(&opts, &key, limit));
        });
        receive
            .recv_timeout(Duration::from_secs(10))
            .expect("the cache answers at once")
    }

    /// Makes the folder of the entry under `key` and returns the entry's path.
    fn entry_path(opts: &OcrOptions, key: &str) -> PathBuf {
        let root = opts.cache.as_ref().expect("a cache");
        fs::create_dir_all(root.join(&key[..2])).expect("the entry's folder");
        entry(root, key)
    }

    #[test]
    #[cfg(unix)]
    fn an_entry_that_is_a_fifo_is_a_miss_and_is_replaced() {
        let dir = tempfile::tempdir().expect("a folder");
        let opts = options(dir.path());
        let path = entry_path(&opts, "abcdef");
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        assert_eq!(cached_in_time(&opts, "abcdef", 1 << 20), None);
        store(&opts, "abcdef", &"a page".to_owned());
        assert_eq!(
            cached_in_time(&opts, "abcdef", 1 << 20),
            Some("a page".to_owned())
        );
    }

    #[test]
    #[cfg(unix)]
    fn an_entry_that_is_a_link_is_a_miss_even_to_a_file() {
        let dir = tempfile::tempdir().expect("a folder");
        let opts = options(dir.path());
        let path = entry_path(&opts, "abcdef");
        std::os::unix::fs::symlink("/dev/zero", &path).expect("a link");
        assert_eq!(cached_in_time(&opts, "abcdef", 1 << 20), None);
        let file = dir.path().join("page.json");
        fs::write(&file, "\"a page\"").expect("a file");
        fs::remove_file(&path).expect("the link goes");
        std::os::unix::fs::symlink(&file, &path).expect("a link");
        assert_eq!(cached_in_time(&opts, "abcdef", 1 << 20), None);
    }

    #[test]
    fn an_entry_larger_than_its_limit_is_a_miss() {
        let dir = tempfile::tempdir().expect("a folder");
        let opts = options(dir.path());
        store(&opts, "abcdef", &"a page".to_owned());
        assert_eq!(
            cached_in_time(&opts, "abcdef", 8),
            Some("a page".to_owned())
        );
        assert_eq!(cached_in_time(&opts, "abcdef", 7), None);
    }

    #[test]
    fn the_cache_folder_is_tagged_and_keeps_the_lines_read_again() {
        let dir = tempfile::tempdir().expect("a folder");
        let opts = OcrOptions {
            cache: Some(dir.path().join("ocr")),
            ..OcrOptions::default()
        };
        let text = PageText {
            text: "f4b8 0800.11 4/4 Draw\n".to_owned(),
            reread: vec![OcrFix {
                offset: 0,
                found: "f4b8 or a — 4/4".into(),
                read: "f4b8 0800.11 4/4".into(),
                part: None,
                from_picture: false,
            }],
            added: vec![21],
        };
        store(&opts, "abcdef", &text);
        assert_eq!(cached(&opts, "abcdef", 1 << 20), Some(text));
        let tag = fs::read_to_string(dir.path().join("ocr/CACHEDIR.TAG")).expect("the tag");
        assert!(tag.starts_with("Signature: 8a477f597d28d172789f06886806bc55"));
    }
}
