//! Why an input, or a part of it, could not be read: [`InputError`], each naming its path.

use std::io;
use std::path::PathBuf;

use super::{DiagramsError, OcrError, PdfError};

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
        /// The path as given to [`load`](fn@super::load).
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// The file was opened but reading it failed (for example, it is a directory).
    #[error("cannot read {}", crate::source_path::shown(path))]
    Read {
        /// The path as given to [`load`](fn@super::load), or `<stdin>`.
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
    /// The diagrams drawn on a PDF's pages, or on one page, could not be read (`--diagrams`):
    /// a tool missing or failing, a page too large; the page's text is read as it is.
    #[error("{}{}: {cause}", crate::source_path::shown(path), page.map(|p| format!(": page {p}")).unwrap_or_default())]
    Diagrams {
        /// The PDF's name in references.
        path: PathBuf,
        /// The 1-based page, when one page failed.
        page: Option<u32>,
        /// Why.
        cause: DiagramsError,
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
            | InputError::Diagrams { path, .. }
            | InputError::TrailingGarbage { path, .. }
            | InputError::TooDeep { path }
            | InputError::Document { path, .. }
            | InputError::Unsupported { path, .. }
            | InputError::Internal { path, .. } => path,
        }
    }
}
