//! The pages of [`Visitor`]: a PDF's pages from its text layer, and with `--ocr` its pages
//! without one and page images read through Tesseract (`extract::tesseract`), each handed as
//! Tesseract gave it and marked as OCR's ([`Member::ocr`]), for the scan to read; with
//! `--diagrams` the boards drawn on a text layer's pages written into their texts.

use super::{Member, Text, Visitor};
use crate::input::extract::pdf;
use crate::input::extract::tesseract::{self, DiagramOptions, OcrOptions, Scanned};
use crate::input::{Encoding, InputError};
use crate::source_path::{PageRef, SourcePath};

impl Visitor<'_, '_> {
    /// Reads the PDF `bytes` of `name`: each page's text in page order, through OCR for the
    /// pages without a text layer when `--ocr` is on.
    pub(super) fn pdf(&mut self, name: &SourcePath, bytes: &[u8]) {
        let opts = self.opts;
        let read = match &opts.ocr {
            None => pdf::pages(bytes, opts.limit),
            Some(ocr) => self.pdf_ocr(name, bytes, ocr),
        };
        let mut pages = match read {
            Ok(pages) => pages,
            Err(cause) => {
                return self.problem(InputError::Pdf {
                    path: name.to_path_buf(),
                    cause,
                });
            }
        };
        if let Some(diagrams) = &opts.diagrams {
            self.drawn(name, bytes, &mut pages, diagrams);
        }
        for page in pages {
            if self.stopped {
                return;
            }
            match page.text {
                Ok(text) => {
                    let visited = self.hand(Member {
                        name: name.clone(),
                        page: Some(page.number),
                        encoding: Encoding::Bytes,
                        text: Text::Bytes(text.as_bytes()),
                        ocr: page.ocr,
                        added: &page.added,
                        pictured: &page.pictured,
                    });
                    if let Err(err) = visited {
                        self.problem(Self::read_problem(name, err));
                    }
                }
                Err(message) => self.problem(InputError::PdfPage {
                    path: name.to_path_buf(),
                    page: page.number.index,
                    message,
                }),
            }
        }
    }

    /// The PDF `bytes` read with `--ocr`: from the cache's whole reading of the file where an
    /// earlier run kept it, else its text layer with its blank pages read through OCR, kept
    /// whole in the cache when a page was OCR'd and every page gave its text.
    fn pdf_ocr(
        &mut self,
        name: &SourcePath,
        bytes: &[u8],
        ocr: &OcrOptions,
    ) -> Result<Vec<pdf::Page>, pdf::PdfError> {
        let whole = tesseract::whole_reading::<Vec<pdf::Page>>(bytes, ocr, self.opts.limit);
        let key = match whole {
            Some((_, Some(pages))) => return Ok(pages),
            Some((key, None)) => Some(key),
            None => None,
        };
        let pages = self.ocr_pdf(name, bytes, pdf::read(bytes, self.opts.limit)?, ocr);
        if let Some(key) = key
            && pages.iter().any(|p| p.ocr.is_some())
            && pages.iter().all(|p| p.text.is_ok())
        {
            tesseract::keep_whole_reading(ocr, &key, &pages);
        }
        Ok(pages)
    }

    /// The diagrams drawn on the pages of `pages` that have a text layer (text but white
    /// space, not OCR's) written into their texts (`--diagrams`), once the pages are
    /// numbered: a board's lines at a page's top must not be read for its folio. A page's
    /// text carries no offsets to move (OCR's pages, which do, had their boards written in
    /// as they were read). A tool missing is a problem of the file, a page the reader failed
    /// on a problem of that page, whose text is kept as it is.
    fn drawn(
        &mut self,
        name: &SourcePath,
        bytes: &[u8],
        pages: &mut [pdf::Page],
        opts: &DiagramOptions,
    ) {
        let layer: Vec<usize> = (0..pages.len())
            .filter(|&i| {
                pages[i].ocr.is_none() && pages[i].text.as_ref().is_ok_and(|t| !t.trim().is_empty())
            })
            .collect();
        if layer.is_empty() {
            return;
        }
        let texts: Vec<(u32, &str)> = layer
            .iter()
            .filter_map(|&i| Some((pages[i].number.index, pages[i].text.as_deref().ok()?)))
            .collect();
        let read = tesseract::read_drawn(bytes, &texts, opts);
        match read {
            Ok(read) => {
                for (i, text) in layer.into_iter().zip(read) {
                    match text {
                        Ok(Some(written)) => {
                            pages[i].text = Ok(written.text);
                            pages[i].added = written.added;
                            pages[i].pictured = written.fixes;
                        }
                        Ok(None) => {}
                        Err(cause) => self.problem(InputError::Diagrams {
                            path: name.to_path_buf(),
                            page: Some(pages[i].number.index),
                            cause,
                        }),
                    }
                }
            }
            Err(cause) => self.problem(InputError::Diagrams {
                path: name.to_path_buf(),
                page: None,
                cause,
            }),
        }
    }

    /// The pages of a PDF that have no text layer (no text but white space) read through OCR;
    /// the other pages as they were. A tool missing is
    /// a problem of the file, a page OCR failed on a problem of that page.
    fn ocr_pdf(
        &mut self,
        name: &SourcePath,
        bytes: &[u8],
        mut pages: Vec<pdf::Page>,
        opts: &OcrOptions,
    ) -> Vec<pdf::Page> {
        let blank: Vec<usize> = (0..pages.len())
            .filter(|&i| pages[i].text.as_ref().is_ok_and(|t| t.trim().is_empty()))
            .collect();
        if blank.is_empty() {
            return pages;
        }
        let numbers: Vec<u32> = blank.iter().map(|&i| pages[i].number.index).collect();
        match tesseract::read_pages(bytes, Scanned::Pdf, &numbers, opts) {
            Ok(texts) => {
                for (i, text) in blank.into_iter().zip(texts) {
                    let page = &mut pages[i];
                    match text {
                        Ok(text) => {
                            page.text = Ok(text.text);
                            page.ocr = Some(text.reread.into());
                            page.added = text.added;
                        }
                        Err(err) => page.text = Err(err.to_string()),
                    }
                }
                // The folios printed on the scanned pages, as a text layer's are read.
                pdf::number_after_ocr(&mut pages);
            }
            Err(cause) => self.problem(InputError::Ocr {
                path: name.to_path_buf(),
                page: None,
                cause,
            }),
        }
        pages
    }

    /// A page image read through OCR: its text, or each page's of a multi-page TIFF (numbered
    /// as a PDF's pages are, by index).
    pub(super) fn image(&mut self, name: &SourcePath, bytes: &[u8]) {
        let Some(opts) = &self.opts.ocr else { return };
        let texts = match tesseract::read_pages(bytes, Scanned::Image, &[], opts) {
            Ok(texts) => texts,
            Err(cause) => {
                return self.problem(InputError::Ocr {
                    path: name.to_path_buf(),
                    page: None,
                    cause,
                });
            }
        };
        let paged = bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*");
        for (at, text) in texts.into_iter().enumerate() {
            if self.stopped {
                return;
            }
            let index = u32::try_from(at + 1).unwrap_or(u32::MAX);
            let page = paged.then(|| PageRef::index(index));
            match text {
                Ok(text) => {
                    let visited = self.hand(Member {
                        name: name.clone(),
                        page,
                        encoding: Encoding::Bytes,
                        text: Text::Bytes(text.text.as_bytes()),
                        ocr: Some(text.reread.into()),
                        added: &text.added,
                        pictured: &[],
                    });
                    if let Err(err) = visited {
                        self.problem(Self::read_problem(name, err));
                    }
                }
                Err(cause) => self.problem(InputError::Ocr {
                    path: name.to_path_buf(),
                    page: paged.then_some(index),
                    cause,
                }),
            }
        }
    }
}
