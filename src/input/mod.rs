//! The input layer: turn command-line paths into texts ready to scan, each with the name and
//! page its references give.
//!
//! 1. [`walk`] expands the paths given on the command line into a deterministic list of
//!    [`InputPath`]s, and lists what it could not use as [`Skipped`].
//! 2. [`open`] opens one input: a regular text file is loaded whole ([`load`]: memory-mapped
//!    when large, UTF-16 decoded, binary flagged) for the parallel scan; anything else
//!    (stdin, pipes, devices, files under `--no-mmap`, compressed files, archives, PDFs) is a
//!    [`Source`], whose texts ([`Member`]s: the decompressed stream, each archive member, each
//!    PDF page) [`Source::visit`] hands over one after the other, streamed where they can be.
//!
//! The kind of an input is told by its first bytes (`kind.rs`). The machinery (walk, open, map,
//! readers, kinds, encodings) is apart from the text extractors (`extract/`: PDF, Word and
//! OpenDocument, HTML, EPUB, Tesseract). Nothing here reads GBR codes: a text OCR gave is handed
//! as Tesseract gave it, marked ([`Member::ocr`]), and the scan reads its misread codes; only
//! the Tesseract reader asks `crate::misread` which lines are worth reading again.
//! docs/inputs.md describes every kind and its limits.

mod charset;
mod encoding;
mod extract;
mod kind;
mod map;
mod readers;
mod source;
mod walk;

use std::io;
use std::path::PathBuf;

pub use encoding::{Encoding, named as named_encoding};
pub(crate) use extract::document::Document;
pub use extract::pdf::{Page, PdfError};
pub use extract::tesseract::{self, OcrError, OcrOptions, OcrProgress};
pub(crate) use kind::Kind;
pub use map::{Contents, MMAP_MIN_LEN, enable_mmap, recycle};
pub use readers::{InflateLimit, InflatedTooFar};
pub use source::{Member, OpenOptions, Opened, Source, Text, Visited, open, open_caught};
pub use walk::{
    FILE_TYPES, InputPath, SkipReason, Skipped, Walk, WalkError, WalkOptions, walk, walk_with,
};

/// How many leading bytes [`is_binary`] inspects for a NUL byte: 64 KiB (65,536 bytes).
///
/// git inspects the first 8,000 bytes for the same purpose; ours is a larger fixed prefix, so a
/// binary file whose first NUL byte comes later is still caught, at a cost that does not grow
/// with the file.
pub const BINARY_PROBE_LEN: usize = 64 * 1024;

/// The two choices the caller makes about loading; both come from command-line flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadOptions {
    /// Memory-map regular files (`true`, the default) or always read them into memory
    /// (`false`, the CLI's `--no-mmap`). Stdin, pipes and devices are always read, and every
    /// file is until the program has called [`enable_mmap`].
    pub mmap: bool,
    /// Whether the caller wants binary files scanned. [`load`] flags binary files either way;
    /// [`Loaded::should_scan`] applies this choice.
    pub binary: bool,
    /// The encoding the user named (`-E/--encoding`, [`encoding::named`]); `None` for `auto`:
    /// a UTF-16 byte order mark decides, else the bytes are scanned as they are.
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

impl Default for LoadOptions {
    /// Memory-map files, skip binary files, tell the encoding by the byte order mark.
    fn default() -> Self {
        LoadOptions {
            mmap: true,
            binary: false,
            encoding: None,
        }
    }
}

/// One input loaded into memory, ready to scan.
#[derive(Debug)]
pub struct Loaded {
    /// The bytes to scan. For a UTF-16 file these are the decoded UTF-8 bytes without the byte
    /// order mark, so byte offsets into a UTF-16 file refer to this decoded text, not to the file.
    pub bytes: Contents,
    /// How the file's bytes were turned into [`Loaded::bytes`].
    pub encoding: Encoding,
    /// `true` when a NUL byte occurs in the first [`BINARY_PROBE_LEN`] bytes of
    /// [`Loaded::bytes`] (that is, after UTF-16 decoding); see [`is_binary`].
    pub binary: bool,
}

impl Loaded {
    /// Whether the caller should scan this input: always for text, and for a binary input only
    /// when [`LoadOptions::binary`] is set.
    pub fn should_scan(&self, opts: LoadOptions) -> bool {
        !self.binary || opts.binary
    }
}

/// Why an input could not be loaded. Each variant names the path (`<stdin>` for standard input).
///
/// The message names the operation and the path; the operating system's reason is the
/// [`std::error::Error::source`], so a printed error chain reads
/// `cannot open fixtures/x.txt: Permission denied (os error 13)`.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// The file could not be opened (missing, permission denied, a socket, ...).
    #[error("cannot open {}", crate::source_path::shown(path))]
    Open {
        /// The path as given to [`load`].
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The file was opened but reading it failed (for example, it is a directory).
    #[error("cannot read {}", crate::source_path::shown(path))]
    Read {
        /// The path as given to [`load`], or `<stdin>`.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// An archive, or one of its members, could not be read: a damaged zip or tar, an
    /// encrypted or unsupported member.
    #[error("cannot read the archive {}: {cause}", crate::source_path::shown(path))]
    Archive {
        /// The archive, or `archive.zip!/member` for one member.
        path: PathBuf,
        /// The archive reader's error.
        cause: io::Error,
    },
    /// A PDF gave no text: damaged, encrypted, made the reader panic, or has no text layer.
    #[error("{}: {cause}", crate::source_path::shown(path))]
    Pdf {
        /// The PDF's name in references.
        path: PathBuf,
        /// Why.
        cause: PdfError,
    },
    /// One page of a PDF gave no text; the other pages were read.
    #[error("{}: page {page}: {message}", crate::source_path::shown(path))]
    PdfPage {
        /// The PDF's name in references.
        path: PathBuf,
        /// The 1-based page.
        page: u32,
        /// The reader's message.
        message: String,
    },
    /// OCR could not read an input or one of its pages (`--ocr`): a tool missing or failing.
    #[error("{}{}: {cause}", crate::source_path::shown(path), page.map(|p| format!(": page {p}")).unwrap_or_default())]
    Ocr {
        /// The input's name in references.
        path: PathBuf,
        /// The 1-based page, when one page failed.
        page: Option<u32>,
        /// Why.
        cause: OcrError,
    },
    /// A compressed file whose last member is followed by bytes that start no member (a
    /// download with junk appended, a copy padded with zeros): the text of the members before
    /// was read, the bytes from `offset` on were not. `zcat` reads such a file the same way,
    /// with the warning `decompression OK, trailing garbage ignored`.
    #[error(
        "{}: decompression OK, trailing garbage ignored from byte {offset} on",
        crate::source_path::shown(path)
    )]
    TrailingGarbage {
        /// The compressed file's name in references.
        path: PathBuf,
        /// The 0-based byte offset of the first byte not read, in the compressed file.
        offset: u64,
    },
    /// An archive inside an archive inside an archive (archives open one level deep), or a
    /// compressed stream inside more than four others: not opened.
    #[error(
        "{}: not opened, nested too deep (an archive inside an archive is opened, one \
             more level is not)",
        crate::source_path::shown(path)
    )]
    TooDeep {
        /// The member's name in references.
        path: PathBuf,
    },
    /// A part of a Word or OpenDocument document (`document.rs`) that is not well-formed XML in
    /// UTF-8, an EPUB without a spine, or a part, HTML page or chapter past its budget
    /// (docs/inputs.md, "Documents", bounds): its text is not read (an HTML page nested past
    /// the depth limit is read up to there); the other parts are.
    #[error(
        "{}: cannot read the {kind} document's part: {message}",
        crate::source_path::shown(path)
    )]
    Document {
        /// The part, `book.docx!/word/document.xml`, as in references.
        path: PathBuf,
        /// `Word`, `OpenDocument`, `HTML` or `EPUB`.
        kind: &'static str,
        /// What is wrong, with its line and column in the part (roxmltree's message).
        message: String,
    },
    /// An input of a kind gbr does not read, with what to do: a Word 97-2003 `.doc` (an OLE
    /// compound file) or an RTF document, to convert with LibreOffice.
    #[error("{}: {what}", crate::source_path::shown(path))]
    Unsupported {
        /// The input, as in references.
        path: PathBuf,
        /// What it is, and the command that converts it.
        what: &'static str,
    },
    /// The work on this input (or archive member, PDF page) panicked: a bug of gbr or of a
    /// library it uses, caught at the input (docs/reliability.md, "Fault isolation"). The
    /// records before byte `at` were handed on; the rest of the input was skipped.
    #[error(
        "internal error reading {} (byte {at}): {message}; please report it",
        crate::source_path::shown(path)
    )]
    Internal {
        /// The input, `archive.zip!/member` or the PDF, as in references.
        path: PathBuf,
        /// 0-based byte offset in the text of the first byte not read.
        at: u64,
        /// The panic's message and, where known, its place in the source.
        message: String,
    },
}

impl InputError {
    /// The input, member or page name the error is about.
    pub fn path(&self) -> &std::path::Path {
        match self {
            InputError::Open { path, .. }
            | InputError::Read { path, .. }
            | InputError::Archive { path, .. }
            | InputError::Pdf { path, .. }
            | InputError::PdfPage { path, .. }
            | InputError::Ocr { path, .. }
            | InputError::TrailingGarbage { path, .. }
            | InputError::TooDeep { path }
            | InputError::Document { path, .. }
            | InputError::Unsupported { path, .. }
            | InputError::Internal { path, .. } => path,
        }
    }
}

/// Load one input for scanning.
///
/// A regular file is memory-mapped when `opts.mmap` is set and it is not empty; stdin, pipes,
/// devices, empty files, files that fail to map, and every file when `opts.mmap` is `false` are
/// read into an owned buffer instead (the bytes are the same either way). The result is then
/// decoded from UTF-16 when it starts with a UTF-16 byte order mark (see [`Encoding`]) and
/// checked for binary content (see [`is_binary`]). `opts.binary` does not change what is
/// loaded; see [`Loaded::should_scan`].
///
/// # Errors
///
/// [`InputError::Open`] when the file cannot be opened, [`InputError::Read`] when reading it
/// fails. A failed memory map is not an error: the file is read instead.
pub fn load(input: &InputPath, opts: LoadOptions) -> Result<Loaded, InputError> {
    loaded(map::read_input(input, opts.mmap)?, opts)
}

/// [`load`] of a file already open (by [`open`], which asked its metadata to tell a regular
/// file).
fn load_open(
    file: std::fs::File,
    metadata: &std::fs::Metadata,
    path: &std::path::Path,
    opts: LoadOptions,
) -> Result<Loaded, InputError> {
    loaded(
        map::read_open_file(file, Some(metadata), path, opts.mmap)?,
        opts,
    )
}

/// Decoded bytes of one input, told binary or not.
fn loaded(raw: Contents, opts: LoadOptions) -> Result<Loaded, InputError> {
    let (bytes, encoding) = encoding::decode(raw, opts.encoding);
    let binary = is_binary(&bytes);
    Ok(Loaded {
        bytes,
        encoding,
        binary,
    })
}

/// `true` when `bytes` has a NUL byte within its first [`BINARY_PROBE_LEN`] bytes.
///
/// The rule is git's (a NUL byte means binary), with a 64 KiB probe instead of git's 8,000
/// bytes. Apply it after UTF-16 decoding, since UTF-16 text is full of NUL bytes.
pub fn is_binary(bytes: &[u8]) -> bool {
    let probe = &bytes[..bytes.len().min(BINARY_PROBE_LEN)];
    memchr::memchr(0, probe).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn nul_at(index: usize, len: usize) -> Vec<u8> {
        let mut bytes = vec![b'a'; len];
        bytes[index] = 0;
        bytes
    }

    #[test]
    fn empty_input_is_not_binary() {
        assert!(!is_binary(b""));
    }

    #[test]
    fn nul_inside_probe_is_binary() {
        assert!(is_binary(&nul_at(0, 1)));
        assert!(is_binary(&nul_at(
            BINARY_PROBE_LEN - 1,
            BINARY_PROBE_LEN + 10
        )));
    }

    #[test]
    fn nul_just_past_probe_is_not_binary() {
        assert!(!is_binary(&nul_at(BINARY_PROBE_LEN, BINARY_PROBE_LEN + 10)));
    }

    #[test]
    fn binary_input_is_scanned_only_when_asked() {
        let loaded = |binary| Loaded {
            bytes: Contents::Owned(Vec::new()),
            encoding: Encoding::Bytes,
            binary,
        };
        let skip = LoadOptions::default();
        let scan = LoadOptions {
            binary: true,
            ..skip
        };
        assert!(loaded(false).should_scan(skip));
        assert!(!loaded(true).should_scan(skip));
        assert!(loaded(true).should_scan(scan));
    }
}
