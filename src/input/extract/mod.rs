//! The text extractors: each reads one kind of document into the texts the scanner reads, the
//! machinery around them (walk, open, map, readers, kinds, encodings) being the input layer's.
//!
//! - [`pdf`]: a PDF's pages, from its text layer, with the page as printed (its labels, else
//!   its folio);
//! - [`document`]: a Word (`.docx`) or OpenDocument (`.odt`) document's body, as lines;
//! - [`html`]: an HTML page's text, as a browser lays it out in lines;
//! - [`epub`]: an EPUB book's chapters in spine order, each an HTML page;
//! - [`tesseract`]: with `--ocr`, scanned pages and page images read through pdftoppm and
//!   Tesseract run as child processes (the tools and their bounds, a page's image, its lines
//!   read again, the cache), and with `--diagrams` the pages of a PDF with a text layer
//!   rendered for the boards drawn on them;
//! - `boards`: a page's boards written into its text above their captions, for both.
//!
//! docs/inputs.md describes every kind and its limits.

pub(super) mod boards;
pub(super) mod document;
pub(super) mod epub;
pub(super) mod html;
pub(super) mod images;
pub(super) mod pdf;
pub mod tesseract;
