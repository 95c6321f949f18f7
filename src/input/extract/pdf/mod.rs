//! The text layer of a PDF, page by page, through `pdf-extract`.
//!
//! `pdf-extract` was chosen over `lopdf`'s own `extract_text` and `pdf_oxide` by reading the
//! shared Probleemblad issue with each (docs/inputs.md, "Why pdf-extract"): it keeps the
//! diagram font's characters and the captions' line breaks, which the code forms need.
//!
//! pdf-extract trusts the file: it decodes streams with no size limit, follows `/Parent` and
//! form XObjects with no end, and panics on odd fonts. So the file is bounded before it reads
//! it (docs/inputs.md, "Hostile PDFs"): its streams are decoded once under the inflate limit
//! ([`streams`]; an image's pixels, which hold no text, are never inflated), its page tree and
//! each page's forms are checked for loops and runaway nesting ([`tree`]), and every call into
//! the crate runs under `catch_unwind`, so that a PDF that makes it panic is an error for that
//! file (or that page) only. Each page is read
//! through a one-page tree, so reading n pages costs n times a page, not n² (pdf-extract's
//! `output_doc_page` walks the whole tree for each page).
//!
//! Each page is numbered as printed where the file says how ([`labels`], the PDF's page
//! labels) or its pages show it ([`folio`], the number printed at their edge), as its index
//! otherwise (docs/inputs.md, "Pages").

mod folio;
mod labels;
mod streams;
mod tree;

use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};

use lopdf::{Dictionary, LoadOptions, Object, ObjectId};
use pdf_extract::{Document, PlainTextOutput, output_doc_page};

use crate::input::{InflateLimit, InflatedTooFar};
use crate::source_path::{PageFrom, PageRef};
use streams::Budget;

/// Why a PDF gave no text.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The file is not a PDF the reader can parse (damaged, truncated).
    #[error("damaged PDF: {source}")]
    Damaged {
        /// The parser's error.
        source: pdf_extract::Error,
    },
    /// The page tree cannot be walked: a `/Kids` array leads back to a node above it, it nests
    /// deeper than 256, or lists more nodes than the file has objects.
    #[error("damaged PDF: {message}")]
    PageTree {
        /// What is wrong, naming the object: `the page tree loops: object 2 is listed among
        /// its own kids`.
        message: String,
    },
    /// The file's streams inflate past the [`InflateLimit`] (`--max-inflate`), counted over
    /// the whole file against its length.
    #[error(
        "its streams inflate past {} bytes and {}x the file's {} bytes (a PDF bomb? \
         --max-inflate raises the limit)",
        .0.limit.floor, .0.limit.ratio, .0.compressed
    )]
    Inflated(InflatedTooFar),
    /// The file is encrypted with a password other than the empty one.
    #[error("encrypted PDF: cannot be read without its password")]
    Encrypted,
    /// The extractor panicked on it.
    #[error("the PDF reader failed on it: {message}")]
    Panicked {
        /// The panic's message, as the crate wrote it, on one line.
        message: String,
    },
    /// No page has any text: a scan, made of images.
    #[error("no text layer: run with --ocr")]
    NoTextLayer,
}

/// The text of one page; serialised for the OCR cache's whole readings (docs/inputs.md,
/// "OCR").
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Page {
    /// The page: its 1-based index in the file (its n-th page), and the page as printed, from
    /// the PDF's page labels, else from the folios printed on its pages, else its index.
    pub number: PageRef,
    /// The page's text in the extractor's reading order, or why this page gave none (one
    /// line: `the page tree loops: object 3 is its own ancestor`, `the PDF reader failed on
    /// it: MediaBox`).
    pub text: Result<String, String>,
    /// For a page read through OCR, the lines of its text Tesseract read again (the page is
    /// read for OCR's misreadings by the scan, `scan::read_ocr`); `None` for a text layer's page.
    pub ocr: Option<std::sync::Arc<[crate::misread::OcrFix]>>,
    /// The 0-based byte offsets in `text` of the line feeds the boards written in added (read
    /// from pictures, `--diagrams` or `--ocr`), in order ([`crate::input::Member::added`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub added: Vec<u64>,
    /// The captions boards drawn on a text layer's page gave themselves (`--diagrams`), as
    /// [`crate::input::Member::pictured`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pictured: Vec<crate::misread::OcrFix>,
}

thread_local! {
    /// The budget of the PDF being loaded on this thread, for [`object_stream_filter`] (lopdf
    /// takes a plain function). `None` once passed. lopdf runs the filter on the loading
    /// thread as long as its `rayon` feature is off, as it is here (default features off, in
    /// Cargo.toml and in pdf-extract's).
    static LOAD_BUDGET: Cell<Option<Budget>> = const { Cell::new(None) };
}

/// Reads the text layer of the PDF `bytes`, one [`Page`] per page in page order. Its streams
/// may inflate to `limit` in all (`limit.floor` bytes, or `limit.ratio` times the file's
/// length when that is more).
///
/// Each page is numbered by the PDF's page labels where it has them (a page with an empty
/// label by its index), else by the folios printed on its pages where they keep one distance
/// from the index (docs/inputs.md, "Pages"), else by its index. A page labels tree that is
/// broken is read as far as it makes sense, never an error.
///
/// A page whose extraction fails, panics, or that fails the checks (a `/Parent` loop, a form
/// XObject that draws itself, forms drawn to more than 64 MiB of content) carries the message;
/// the other pages are kept.
///
/// # Errors
///
/// [`PdfError::Damaged`] when the file cannot be parsed, [`PdfError::PageTree`] when its page
/// tree loops or runs away, [`PdfError::Inflated`] when its streams inflate past `limit`,
/// [`PdfError::Encrypted`] when it needs a password, [`PdfError::Panicked`] when the parser
/// panics on it, and [`PdfError::NoTextLayer`] when no page holds any text but white space.
pub fn pages(bytes: &[u8], limit: InflateLimit) -> Result<Vec<Page>, PdfError> {
    let pages = read(bytes, limit)?;
    let blank = pages
        .iter()
        .all(|p| p.text.as_ref().is_ok_and(|t| t.trim().is_empty()));
    if blank {
        return Err(PdfError::NoTextLayer);
    }
    Ok(pages)
}

/// Reads the PDF `bytes` as [`pages`] does, a page without a text layer as an empty text
/// (pages to read through OCR), so no [`PdfError::NoTextLayer`].
///
/// # Errors
///
/// As [`pages`], but for [`PdfError::NoTextLayer`].
pub fn read(bytes: &[u8], limit: InflateLimit) -> Result<Vec<Page>, PdfError> {
    let mut budget = Budget::new(limit, bytes.len() as u64);
    let mut doc = load(bytes, &mut budget)?;
    if doc.is_encrypted() && doc.decrypt("").is_err() {
        return Err(PdfError::Encrypted);
    }
    streams::decode_all(doc.objects.values_mut(), &mut budget).map_err(PdfError::Inflated)?;
    let ids =
        guarded(|| tree::page_ids(&doc))?.map_err(|message| PdfError::PageTree { message })?;
    // Read before the pages are, which set the catalog's page tree to one page at a time.
    let labels = guarded(|| labels::labels(&doc, ids.len())).ok().flatten();
    let mut pages = read_pages(&mut doc, &ids);
    number(&mut pages, labels);
    Ok(pages)
}

/// Numbers `pages` as printed: by `labels` (one per page, `None` for a page without) where
/// the PDF has them and they say more than the page index, else by the folios their texts
/// show, if any, else by labels that restate the index ([`labels::restate_index`]).
fn number(pages: &mut [Page], labels: Option<Vec<Option<String>>>) {
    if labels.as_deref().is_some_and(labels::restate_index) && number_by_folios(pages) {
        return;
    }
    if let Some(labels) = labels {
        for (page, label) in pages.iter_mut().zip(labels) {
            if let Some(label) = label {
                page.number.printed = label.into();
                page.number.from = PageFrom::Labels;
            }
        }
        return;
    }
    number_by_folios(pages);
}

/// Numbers `pages` by the folios their texts show, when they show them ([`folio`]); false
/// when they do not, and the pages are left as they were.
fn number_by_folios(pages: &mut [Page]) -> bool {
    let texts: Vec<Option<&str>> = pages.iter().map(|p| p.text.as_deref().ok()).collect();
    let Some(distance) = folio::distance(&texts) else {
        return false;
    };
    for page in pages {
        if let Some(folio) = folio::folio(page.number.index, distance) {
            page.number.printed = itoa::Buffer::new().format(folio).into();
            page.number.from = PageFrom::Folio;
        }
    }
    true
}

/// Numbers `pages` by the folios their texts show, as [`read`] numbers a text layer's pages,
/// for pages whose text came later (read through OCR, docs/inputs.md, "OCR"): page labels
/// that say more than the page index stand; labels that restate it, or none, give way to the
/// folios read.
pub(crate) fn number_after_ocr(pages: &mut [Page]) {
    let labels_say_more = pages.iter().any(|p| {
        p.number.from == PageFrom::Labels
            && p.number.printed.parse::<u32>().ok() != Some(p.number.index)
    });
    if !labels_say_more {
        number_by_folios(pages);
    }
}

/// Parses `bytes`, the object streams (which lopdf unpacks as it loads) decoded under
/// `budget` first.
fn load(bytes: &[u8], budget: &mut Budget) -> Result<Document, PdfError> {
    LOAD_BUDGET.set(Some(*budget));
    let options = LoadOptions {
        filter: Some(object_stream_filter),
        ..LoadOptions::default()
    };
    let loaded = guarded(|| Document::load_mem_with_options(bytes, options));
    let left = LOAD_BUDGET.take();
    let doc = loaded?.map_err(|source| PdfError::Damaged { source })?;
    *budget = left.ok_or_else(|| PdfError::Inflated(budget.exceeded()))?;
    Ok(doc)
}

/// Decodes an object stream under the budget before lopdf unpacks it; past the budget, drops
/// it and marks the budget spent. Other objects pass as they are.
fn object_stream_filter(id: ObjectId, object: &mut Object) -> Option<(ObjectId, Object)> {
    if let Object::Stream(stream) = object
        && stream.dict.has_type(b"ObjStm")
    {
        let mut budget = LOAD_BUDGET.get()?;
        match streams::decode(stream, &mut budget) {
            Ok(streams::Decoded::Plain(bytes)) => stream.set_plain_content(bytes),
            Ok(streams::Decoded::Untouched) => {}
            Err(_) => {
                LOAD_BUDGET.set(None);
                return None;
            }
        }
        LOAD_BUDGET.set(Some(budget));
    }
    // lopdf keeps `object` itself; what is returned only says whether to.
    Some((id, Object::Null))
}

/// Reads the pages `ids` one at a time, each through a page tree of its own (a node whose only
/// kid is that page, made the catalog's `/Pages`), so that pdf-extract's walk of the tree for
/// each page costs one step. Each page keeps its `/Parent`, whose resources and media box it
/// inherits.
fn read_pages(doc: &mut Document, ids: &[ObjectId]) -> Vec<Page> {
    let one = doc.new_object_id();
    let mut node = Dictionary::new();
    node.set("Type", Object::Name(b"Pages".to_vec()));
    node.set("Count", 1);
    doc.objects.insert(one, Object::Dictionary(node));
    let mut pages = Vec::with_capacity(ids.len());
    for (at, &id) in ids.iter().enumerate() {
        let number = PageRef::index(u32::try_from(at + 1).unwrap_or(u32::MAX));
        let text = match tree::check_page(doc, id) {
            Err(message) => Err(message),
            Ok(()) => {
                default_media_box(doc, id);
                if let Ok(Object::Dictionary(node)) = doc.get_object_mut(one) {
                    node.set("Kids", vec![Object::Reference(id)]);
                }
                match doc.catalog_mut() {
                    Ok(catalog) => catalog.set("Pages", Object::Reference(one)),
                    Err(err) => {
                        return vec![Page {
                            number,
                            text: Err(err.to_string()),
                            ocr: None,
                            added: Vec::new(),
                            pictured: Vec::new(),
                        }];
                    }
                }
                match guarded(|| page_text(doc, 1)) {
                    Ok(Ok(text)) => Ok(text),
                    Ok(Err(err)) => Err(one_line(&err.to_string())),
                    Err(err) => Err(err.to_string()),
                }
            }
        };
        pages.push(Page {
            number,
            text,
            ocr: None,
            added: Vec::new(),
            pictured: Vec::new(),
        });
    }
    pages
}

/// Gives page `id` the US Letter media box, `[0 0 612 792]`, when neither it nor a node above it
/// has one: ISO 32000-1 §7.7.3.3 requires it, pdf-extract panics without it, and viewers
/// (pdf.js, pdfium) read such a page at that size.
fn default_media_box(doc: &mut Document, id: ObjectId) {
    let mut node = doc.get_dictionary(id).ok();
    // The chain was checked for loops (`tree::check_page`).
    while let Some(dict) = node {
        if dict.has(b"MediaBox") {
            return;
        }
        node = dict
            .get(b"Parent")
            .and_then(Object::as_reference)
            .and_then(|parent| doc.get_dictionary(parent))
            .ok();
    }
    if let Ok(page) = doc.get_dictionary_mut(id) {
        let letter = [0, 0, 612, 792].map(Object::Integer).to_vec();
        page.set("MediaBox", letter);
    }
}

fn page_text(doc: &Document, number: u32) -> Result<String, pdf_extract::OutputError> {
    let mut text = String::new();
    output_doc_page(doc, &mut PlainTextOutput::new(&mut text), number)?;
    Ok(text)
}

/// Runs `f`, turning a panic into [`PdfError::Panicked`] with the panic's message on one line.
/// Printing the panic is the process's panic hook's business (the CLI's prints none for a
/// caught panic).
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, PdfError> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic without a message".to_owned());
        PdfError::Panicked {
            message: one_line(&message),
        }
    })
}

/// `message` on one line of at most 200 characters: white space runs collapsed to a space,
/// cut with `...`.
fn one_line(message: &str) -> String {
    let mut line = message.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some((cut, _)) = line.char_indices().nth(200) {
        line.truncate(cut);
        line.push_str("...");
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_no_pdf_are_damaged() {
        let err = pages(b"%PDF-1.4\nnot really", InflateLimit::default()).expect_err("not a PDF");
        assert!(matches!(err, PdfError::Damaged { .. }), "{err:?}");
    }

    #[test]
    fn a_panic_is_caught_and_named() {
        let err = guarded(|| panic!("bad font")).expect_err("panicked");
        assert_eq!(err.to_string(), "the PDF reader failed on it: bad font");
        let err = guarded(|| panic!("bad\n  font {}", "x".repeat(300))).expect_err("panicked");
        let line = err.to_string();
        assert!(
            !line.contains('\n') && line.ends_with("...") && line.len() < 250,
            "{line}"
        );
    }
}
