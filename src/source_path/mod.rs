//! The name of a source as it was given, kept as bytes: a file's path, an archive member's
//! (`archive.zip!/issue.txt`), standard input's `<stdin>` or `--label`.
//!
//! File names on Unix are bytes, not text: `caf\xE9.txt` (Latin-1) and `caf\xE8.txt` are two
//! files, which a lossy conversion to UTF-8 would print, index and merge as one. A
//! [`SourcePath`] keeps the bytes, and every output writes them so that they read back:
//!
//! - **Text, TSV, CSV and the printed formats** write the [escaped](SourcePath::escaped) text:
//!   UTF-8 as it is, except that `\` is written `\\`, tab `\t`, line feed `\n`, carriage return
//!   `\r`, any other ASCII control byte (`0x00`-`0x1F`, `0x7F`) and every byte that is not part
//!   of valid UTF-8 `\xHH` (two lowercase hexadecimal digits). [`SourcePath::unescape`] undoes
//!   it exactly (and reads `\xHH` in either case). The escapes `\\ \t \n \r` are those of a TSV
//!   cell, so a TSV path cell is the escaped text as it is, and a TSV written before paths were
//!   kept as bytes reads back the same.
//! - **JSON and JSON Lines** write a plain string when the bytes are UTF-8, else
//!   `{"bytes":"<base64>"}` (standard alphabet, padded), as ripgrep's JSON output does for
//!   paths that are not UTF-8. Both forms read back.
//!
//! The rules are documented for users in docs/scan-output.md and docs/reliability.md.

mod page;
pub use page::{PageFrom, PageRef};

use std::borrow::Cow;
use std::ffi::OsStr;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use serde::de::{self, MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A source's name as bytes, shared: cloning it costs a reference count, as a scan makes one
/// record per code and every record names its source.
///
/// Compared, ordered and hashed by its bytes (for UTF-8 names, the order of their text).
#[derive(Clone)]
pub struct SourcePath(
    /// Byte 0: 1 when the bytes print as they are (UTF-8 with nothing to escape), else 0; the
    /// name's bytes after it. Told once, when the name is made, so that printing a plain name
    /// (nearly every name) costs no look at its bytes.
    Arc<[u8]>,
);

/// An escape that [`SourcePath::unescape`] cannot read: a `\` not followed by `\`, `t`, `n`,
/// `r` or `x` and two hexadecimal digits.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a `\\` at byte {offset} starts no escape (\\\\ \\t \\n \\r \\xHH)")]
pub struct EscapeError {
    /// 0-based byte offset of the `\` in the escaped text.
    pub offset: usize,
}

impl SourcePath {
    /// The name made of `bytes`, as they are.
    pub fn new(bytes: &[u8]) -> SourcePath {
        // Most names are printable ASCII, told in one pass without a branch a byte (the
        // compiler makes it vector code: a tree's scan names every file); UTF-8 is checked
        // only otherwise.
        let (escape, high) = bytes.iter().fold((false, false), |(escape, high), &b| {
            (escape | needs_escape(b), high | (b >= 0x80))
        });
        let plain = !escape && (!high || std::str::from_utf8(bytes).is_ok());
        // One allocation, the shared slice's: the name is put together on the stack (a scan
        // names every file it opens).
        let mut tagged = smallvec::SmallVec::<[u8; 256]>::with_capacity(bytes.len() + 1);
        tagged.push(u8::from(plain));
        tagged.extend_from_slice(bytes);
        SourcePath(Arc::from(&tagged[..]))
    }

    /// The name of a path as the operating system gives it: its bytes on Unix, and elsewhere
    /// the encoding Rust keeps an `OsStr` in (WTF-8 on Windows, UTF-8 for every valid name).
    pub fn from_os(name: &OsStr) -> SourcePath {
        SourcePath::new(name.as_encoded_bytes())
    }

    /// The name of `path` ([`SourcePath::from_os`]).
    pub fn from_path(path: &Path) -> SourcePath {
        SourcePath::from_os(path.as_os_str())
    }

    /// The member `inner` (its name's bytes) of this archive: `archive!/inner`.
    pub fn member(&self, inner: &[u8]) -> SourcePath {
        let mut bytes = Vec::with_capacity(self.as_bytes().len() + 2 + inner.len());
        bytes.extend_from_slice(self.as_bytes());
        bytes.extend_from_slice(b"!/");
        bytes.extend_from_slice(inner);
        SourcePath::new(&bytes)
    }

    /// The name's bytes up to its first member separator `!/` ([`SourcePath::member`]): the
    /// input given or walked that holds this member (`book.epub` of `book.epub!/ch1.xhtml`),
    /// the whole name for a name with none. A folder whose name ends in `!` reads as a
    /// container too.
    pub fn outermost(&self) -> &[u8] {
        let bytes = self.as_bytes();
        match bytes.windows(2).position(|pair| pair == b"!/") {
            Some(at) => &bytes[..at],
            None => bytes,
        }
    }

    /// The name's bytes up to the book this text belongs to, for `gbr index`'s "one study, one
    /// entry" (docs/directory.md, "What is one book"): a file given or walked is a book, and so
    /// is each member of an archive (zip, tar); the parts of a Word or OpenDocument document
    /// and the chapters of an EPUB are one book, their document. A part is known by its
    /// container's name ending (`.docx`, `.docm`, `.dotx`, `.dotm`, `.odt`, `.ott`, `.epub`,
    /// any case) or by its own name (`word/….xml`, `content.xml`, `styles.xml`, the parts a
    /// document is read from whatever its name). A PDF's pages share its name, so they are one
    /// book too.
    pub fn book(&self) -> &[u8] {
        let bytes = self.as_bytes();
        let Some(at) = bytes.windows(2).rposition(|pair| pair == b"!/") else {
            return bytes;
        };
        let (container, part) = (&bytes[..at], &bytes[at + 2..]);
        let name = container.rsplit(|&b| b == b'/').next().unwrap_or(container);
        let ends = |suffix: &[u8]| {
            name.len() > suffix.len()
                && name[name.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
        };
        let document = [".docx", ".docm", ".dotx", ".dotm", ".odt", ".ott", ".epub"]
            .iter()
            .any(|s| ends(s.as_bytes()));
        let part_name = (part.starts_with(b"word/") && part.ends_with(b".xml"))
            || part == b"content.xml"
            || part == b"styles.xml";
        if document || part_name {
            container
        } else {
            bytes
        }
    }

    /// The name's bytes.
    #[inline]
    pub fn as_bytes(&self) -> &[u8] {
        &self.0[1..]
    }

    /// The name as text, when its bytes are UTF-8.
    pub fn to_str(&self) -> Option<&str> {
        std::str::from_utf8(self.as_bytes()).ok()
    }

    /// True when the name prints as it is: UTF-8 with no `\` and no control byte.
    #[inline]
    pub fn is_plain(&self) -> bool {
        self.0[0] == 1
    }

    /// The path this name opens on this system: the bytes themselves on Unix; elsewhere the
    /// name read as UTF-8 (lossily).
    pub fn to_path_buf(&self) -> PathBuf {
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt;
            PathBuf::from(OsStr::from_bytes(self.as_bytes()))
        }
        #[cfg(not(unix))]
        {
            PathBuf::from(String::from_utf8_lossy(self.as_bytes()).into_owned())
        }
    }

    /// True when the name ends with `suffix`, ASCII letters in any case (`.pgn`, `.PGN`).
    pub(crate) fn ends_with_ignore_case(&self, suffix: &str) -> bool {
        let bytes = self.as_bytes();
        bytes.len() >= suffix.len()
            && bytes[bytes.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
    }

    /// The escaped text of the name (the module's rule): the name itself when
    /// [plain](SourcePath::is_plain), without copying.
    pub fn escaped(&self) -> Cow<'_, str> {
        if self.is_plain() {
            // Plain means UTF-8: told when the name was made.
            return Cow::Borrowed(self.to_str().unwrap_or_default());
        }
        let mut out = String::with_capacity(self.as_bytes().len() + 8);
        escape_into(self.as_bytes(), &mut out);
        Cow::Owned(out)
    }

    /// The bytes of the [escaped](SourcePath::escaped) text: the name's own bytes when
    /// [plain](SourcePath::is_plain), without looking at them again (what the writers of a
    /// line per record call: validating the name's UTF-8 a record cost more than the rest of
    /// the line).
    #[inline]
    pub fn escaped_bytes(&self) -> Cow<'_, [u8]> {
        if self.is_plain() {
            return Cow::Borrowed(self.as_bytes());
        }
        match self.escaped() {
            Cow::Owned(text) => Cow::Owned(text.into_bytes()),
            Cow::Borrowed(text) => Cow::Owned(text.as_bytes().to_vec()),
        }
    }

    /// The name whose [escaped](SourcePath::escaped) text is `text`.
    ///
    /// # Errors
    /// [`EscapeError`] at a `\` that starts none of the escapes `\\ \t \n \r \xHH`.
    pub fn unescape(text: &[u8]) -> Result<SourcePath, EscapeError> {
        if !text.contains(&b'\\') {
            return Ok(SourcePath::new(text));
        }
        let mut out = Vec::with_capacity(text.len());
        let mut at = 0;
        while at < text.len() {
            let b = text[at];
            if b != b'\\' {
                out.push(b);
                at += 1;
                continue;
            }
            let bad = EscapeError { offset: at };
            let (byte, len) = match text.get(at + 1) {
                Some(b'\\') => (b'\\', 2),
                Some(b't') => (b'\t', 2),
                Some(b'n') => (b'\n', 2),
                Some(b'r') => (b'\r', 2),
                Some(b'x') => {
                    let hex = text.get(at + 2..at + 4).ok_or(bad.clone())?;
                    let digit = |d: u8| (d as char).to_digit(16);
                    match (digit(hex[0]), digit(hex[1])) {
                        (Some(high), Some(low)) => ((high * 16 + low) as u8, 4),
                        _ => return Err(bad),
                    }
                }
                _ => return Err(bad),
            };
            out.push(byte);
            at += len;
        }
        Ok(SourcePath::new(&out))
    }
}

/// True for the bytes of UTF-8 text that the escape writes otherwise: `\` and the ASCII
/// control bytes.
#[inline(always)]
fn needs_escape(b: u8) -> bool {
    (b == b'\\') | (b < 0x20) | (b == 0x7F)
}

/// Appends the escaped text of `bytes` to `out` (the module's rule).
fn escape_into(bytes: &[u8], out: &mut String) {
    use std::fmt::Write as _;
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\t' => out.push_str("\\t"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                c if c.is_ascii() && needs_escape(c as u8) => {
                    let _ = write!(out, "\\x{:02x}", c as u8); // a String cannot fail
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02x}");
        }
    }
}

impl PartialEq for SourcePath {
    fn eq(&self, other: &SourcePath) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl Eq for SourcePath {}

impl PartialOrd for SourcePath {
    fn partial_cmp(&self, other: &SourcePath) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SourcePath {
    fn cmp(&self, other: &SourcePath) -> std::cmp::Ordering {
        self.as_bytes().cmp(other.as_bytes())
    }
}

impl std::hash::Hash for SourcePath {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.as_bytes().hash(state);
    }
}

impl PartialEq<str> for SourcePath {
    fn eq(&self, other: &str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl PartialEq<&str> for SourcePath {
    fn eq(&self, other: &&str) -> bool {
        self.as_bytes() == other.as_bytes()
    }
}

impl From<&str> for SourcePath {
    fn from(name: &str) -> SourcePath {
        SourcePath::new(name.as_bytes())
    }
}

impl From<String> for SourcePath {
    fn from(name: String) -> SourcePath {
        SourcePath::new(name.as_bytes())
    }
}

impl From<&SourcePath> for SourcePath {
    fn from(name: &SourcePath) -> SourcePath {
        name.clone()
    }
}

/// `path` as gbr's messages show it: its bytes, with the reversible escape of the outputs where
/// they are not UTF-8 (`caf\xE9.txt`), so that two names that differ only there stay apart on
/// standard error too (`Path::display` would print both as `caf\u{FFFD}.txt`).
pub fn shown(path: impl AsRef<Path>) -> SourcePath {
    SourcePath::from_path(path.as_ref())
}

impl From<&Path> for SourcePath {
    fn from(path: &Path) -> SourcePath {
        SourcePath::from_path(path)
    }
}

/// The escaped text ([`SourcePath::escaped`]).
impl fmt::Display for SourcePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.escaped())
    }
}

impl fmt::Debug for SourcePath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{}\"", self.escaped())
    }
}

/// A string when UTF-8, else `{"bytes": "<base64>"}`.
impl Serialize for SourcePath {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.to_str() {
            Some(text) => s.serialize_str(text),
            None => {
                let mut map = s.serialize_map(Some(1))?;
                map.serialize_entry("bytes", &BASE64.encode(self.as_bytes()))?;
                map.end()
            }
        }
    }
}

/// A string (the name as it is, not escaped), or `{"bytes": "<base64>"}`.
impl<'de> Deserialize<'de> for SourcePath {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SourcePath, D::Error> {
        struct Name;
        impl<'de> Visitor<'de> for Name {
            type Value = SourcePath;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a path: a string, or {\"bytes\": \"<base64>\"}")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<SourcePath, E> {
                Ok(SourcePath::from(text))
            }

            fn visit_bytes<E: de::Error>(self, bytes: &[u8]) -> Result<SourcePath, E> {
                Ok(SourcePath::new(bytes))
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<SourcePath, A::Error> {
                let mut bytes = None;
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    if key != "bytes" {
                        return Err(de::Error::unknown_field(&key, &["bytes"]));
                    }
                    let text: Cow<'de, str> = map.next_value()?;
                    let decoded = BASE64
                        .decode(text.as_bytes())
                        .map_err(|e| de::Error::custom(format!("bytes: {e}")))?;
                    bytes = Some(decoded);
                }
                bytes
                    .map(|b| SourcePath::new(&b))
                    .ok_or_else(|| de::Error::missing_field("bytes"))
            }
        }
        d.deserialize_any(Name)
    }
}

#[cfg(test)]
mod tests;
