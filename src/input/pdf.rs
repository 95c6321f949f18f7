//! The text layer of a PDF, page by page, through `pdf-extract`.
//!
//! `pdf-extract` was chosen over `lopdf`'s own `extract_text` and `pdf_oxide` by reading the
//! shared Probleemblad issue with each (docs/inputs.md, "Why pdf-extract"): it keeps the
//! diagram font's characters and the captions' line breaks, which the code forms need.
//! Every call into the crate runs under `catch_unwind`: a PDF that makes it panic is an error
//! for that file (or that page) only.

use std::panic::{self, AssertUnwindSafe};

use pdf_extract::{Document, PlainTextOutput, output_doc_page};

/// Why a PDF gave no text.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// The file is not a PDF the reader can parse (damaged, truncated).
    #[error("damaged PDF: {source}")]
    Damaged {
        /// The parser's error.
        source: pdf_extract::Error,
    },
    /// The file is encrypted with a password other than the empty one.
    #[error("encrypted PDF: cannot be read without its password")]
    Encrypted,
    /// The extractor panicked on it.
    #[error("the PDF reader failed on it: {message}")]
    Panicked {
        /// The panic's message, as the crate wrote it.
        message: String,
    },
    /// No page has any text: a scan, made of images.
    #[error("no text layer: needs OCR")]
    NoTextLayer,
}

/// The text of one page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The 1-based page number: the PDF's own page index (its n-th page), not a printed folio.
    pub number: u32,
    /// The page's text in the extractor's reading order, or why this page gave none.
    pub text: Result<String, String>,
}

/// Reads the text layer of the PDF `bytes`, one [`Page`] per page in page order.
///
/// A page whose extraction fails or panics carries the message; the other pages are kept.
///
/// # Errors
///
/// [`PdfError::Damaged`] when the file cannot be parsed, [`PdfError::Encrypted`] when it needs
/// a password, [`PdfError::Panicked`] when the parser panics on it, and
/// [`PdfError::NoTextLayer`] when no page holds any text but white space.
pub fn pages(bytes: &[u8]) -> Result<Vec<Page>, PdfError> {
    let doc =
        guarded(|| Document::load_mem(bytes))?.map_err(|source| PdfError::Damaged { source })?;
    let mut doc = doc;
    if doc.is_encrypted() && doc.decrypt("").is_err() {
        return Err(PdfError::Encrypted);
    }
    let numbers: Vec<u32> = doc.get_pages().into_keys().collect();
    let pages: Vec<Page> = numbers
        .into_iter()
        .map(|number| {
            let text = match guarded(|| page_text(&doc, number)) {
                Ok(Ok(text)) => Ok(text),
                Ok(Err(err)) => Err(err.to_string()),
                Err(err) => Err(err.to_string()),
            };
            Page { number, text }
        })
        .collect();
    let blank = pages
        .iter()
        .all(|p| p.text.as_ref().is_ok_and(|t| t.trim().is_empty()));
    if blank {
        return Err(PdfError::NoTextLayer);
    }
    Ok(pages)
}

fn page_text(doc: &Document, number: u32) -> Result<String, pdf_extract::OutputError> {
    let mut text = String::new();
    output_doc_page(doc, &mut PlainTextOutput::new(&mut text), number)?;
    Ok(text)
}

/// Runs `f`, turning a panic into [`PdfError::Panicked`]. The default panic hook still prints
/// the panic to stderr; the caller's message follows it.
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, PdfError> {
    panic::catch_unwind(AssertUnwindSafe(f)).map_err(|payload| {
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic without a message".to_owned());
        PdfError::Panicked { message }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_that_are_no_pdf_are_damaged() {
        let err = pages(b"%PDF-1.4\nnot really").expect_err("not a PDF");
        assert!(matches!(err, PdfError::Damaged { .. }), "{err:?}");
    }

    #[test]
    fn a_panic_is_caught_and_named() {
        let err = guarded(|| panic!("bad font")).expect_err("panicked");
        assert_eq!(err.to_string(), "the PDF reader failed on it: bad font");
    }
}
