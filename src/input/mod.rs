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
mod error;
mod extract;
mod kind;
mod load;
mod map;
mod readers;
mod source;
mod walk;

pub use encoding::{Encoding, named as named_encoding};
pub use error::InputError;
pub(crate) use extract::document::Document;
pub use extract::pdf::{Page, PdfError};
pub use extract::tesseract::{
    self, DiagramOptions, DiagramsError, OcrError, OcrOptions, OcrProgress,
};
pub(crate) use kind::Kind;
use load::load_open;
pub use load::{BINARY_PROBE_LEN, LoadOptions, Loaded, is_binary, load};
pub use map::{Contents, MMAP_MIN_LEN, enable_mmap, recycle};
pub use readers::{InflateLimit, InflatedTooFar};
pub use source::{Member, OpenOptions, Opened, Source, Text, Visited, open, open_caught};
pub use walk::{
    FILE_TYPES, InputPath, SkipReason, Skipped, Walk, WalkError, WalkOptions, walk, walk_with,
};
