//! The document readers of [`Visitor`]: Word and OpenDocument parts, HTML pages and EPUB
//! chapters, each read whole into a tree and laid out as lines, under one budget
//! ([`MAX_PART`]) far below `--max-inflate`, since a tree takes many times its text.

use std::io::{self, Read, Seek};

use super::archives::archive_problem;
use super::{Member, Text, Visitor};
use crate::input::Document;
use crate::input::charset;
use crate::input::extract::{epub, html};
use crate::input::readers::Compressed;
use crate::input::readers::Limited;
use crate::input::{Encoding, InputError};
use crate::source_path::SourcePath;

/// The most bytes a document's part (`word/document.xml`, `content.xml`), an HTML page or an
/// EPUB chapter may have: 32 MiB (33,554,432 bytes). Each is parsed whole into a tree, which
/// takes some 11 times the part for Word and OpenDocument (roxmltree) and 44 times the page
/// for HTML (html5ever's tree in scraper), so 32 MiB keep one input under 1.5 GB; a part is
/// read no further than this, so a zip bomb takes no more memory either. A real book's body
/// is a few MiB.
pub const MAX_PART: u64 = 32 << 20;

/// The message of a part, page or chapter past [`MAX_PART`].
pub(super) fn too_large() -> String {
    format!(
        "more than {MAX_PART} bytes (32 MiB), the most a document's part, an HTML page or an \
         EPUB chapter may have: each is read into a tree of 11 to 44 times its size; split it, \
         or export it as text"
    )
}

impl Visitor<'_, '_> {
    /// A Word or OpenDocument document: the text of each part read (`parts`, from
    /// [`Document::of`]), a member named by the part (`book.docx!/word/document.xml`); a part
    /// that is absent (a document without footnotes) is no problem.
    pub(super) fn document<R: Read + Seek>(
        &mut self,
        name: &SourcePath,
        archive: &mut zip::ZipArchive<R>,
        document: Document,
        parts: &[String],
    ) {
        for (at, part) in parts.iter().enumerate() {
            if self.stopped {
                return;
            }
            if archive.index_for_name(part).is_none() {
                continue;
            }
            let member = name.member(part.as_bytes());
            // The body's pictures, with --diagrams.
            let pictures = at == 0 && self.opts.diagrams.is_some();
            let text = match self.part_bytes(archive, part) {
                Ok(Some(xml)) => std::str::from_utf8(&xml)
                    .map_err(|e| format!("not UTF-8: {e}"))
                    .and_then(|xml| document.text_and_images(xml))
                    .map(|(text, images)| match pictures {
                        true => self.document_pictures(name, archive, document, part, text, images),
                        false => (text, Vec::new()),
                    }),
                Ok(None) => Err(too_large()),
                Err(err) => {
                    self.problem(archive_problem(&member, err));
                    continue;
                }
            };
            match text {
                Ok((text, added)) => self.hand_text(&member, &text, &added),
                Err(message) => self.problem(InputError::Document {
                    path: member.to_path_buf(),
                    kind: document.name(),
                    message,
                }),
            }
        }
    }

    /// An HTML page read from a stream: read whole up to [`MAX_PART`].
    pub(super) fn html_stream(&mut self, name: &SourcePath, reader: &mut dyn Read) {
        let mut bytes = Vec::new();
        match reader.take(MAX_PART + 1).read_to_end(&mut bytes) {
            Ok(_) => self.html(name, &bytes),
            Err(err) => self.problem(Self::read_problem(name, err)),
        }
    }

    /// An HTML page, `bytes`: decoded as a browser tells its encoding (`charset.rs`; `-E`
    /// names it for every page) and laid out as lines ([`html::text_and_images`]), one text. A page past
    /// [`MAX_PART`] is refused; one nested past [`html::MAX_DEPTH`] is read up to there.
    pub(super) fn html(&mut self, name: &SourcePath, bytes: &[u8]) {
        if let Some((text, _)) = self.html_layout(name, bytes) {
            self.hand_text(name, &text, &[]);
        }
    }

    /// An HTML page's text and the images in its flow ([`html::text_and_images`]), its
    /// problems reported; `None` for a page past [`MAX_PART`].
    pub(super) fn html_layout(
        &mut self,
        name: &SourcePath,
        bytes: &[u8],
    ) -> Option<(String, Vec<(usize, String)>)> {
        if bytes.len() as u64 > MAX_PART {
            self.document_problem(name, "HTML", too_large());
            return None;
        }
        let page = charset::page_text(bytes, self.opts.load.encoding);
        let (text, images, stopped) = html::text_and_images(&page);
        if let Some(at) = stopped {
            let message = format!(
                "its elements nest deeper than {}, a browser's limit: read up to about byte {at} \
                 of its {} (as UTF-8)",
                html::MAX_DEPTH,
                page.len()
            );
            self.document_problem(name, "HTML", message);
        }
        Some((text, images))
    }

    /// `text`, a document's whole text, handed on as the member `name`, `added` the line feeds
    /// the boards written in added ([`Member::added`]); a read error reported.
    pub(super) fn hand_text(&mut self, name: &SourcePath, text: &str, added: &[u64]) {
        let member = Member {
            name: name.clone(),
            page: None,
            encoding: Encoding::Bytes,
            text: Text::Bytes(text.as_bytes()),
            ocr: None,
            added,
            pictured: &[],
        };
        if let Err(err) = self.hand(member) {
            self.problem(Self::read_problem(name, err));
        }
    }

    pub(super) fn document_problem(
        &mut self,
        name: &SourcePath,
        kind: &'static str,
        message: String,
    ) {
        self.problem(InputError::Document {
            path: name.to_path_buf(),
            kind,
            message,
        });
    }

    /// A zip member's bytes, inflated under the limit and read no further than [`MAX_PART`]
    /// (`None` past it), into a buffer of the size its header gives where that is smaller.
    pub(super) fn part_bytes<R: Read + Seek>(
        &self,
        archive: &mut zip::ZipArchive<R>,
        path: &str,
    ) -> Result<Option<Vec<u8>>, io::Error> {
        let file = archive.by_name(path).map_err(io::Error::other)?;
        let mut bytes = Vec::with_capacity(file.size().min(MAX_PART + 1) as usize);
        let limited = Limited {
            compressed: Compressed::Known(file.compressed_size()),
            inner: file,
            limit: self.opts.limit,
            out: 0,
        };
        limited.take(MAX_PART + 1).read_to_end(&mut bytes)?;
        Ok((bytes.len() as u64 <= MAX_PART).then_some(bytes))
    }

    /// An EPUB: its XHTML documents in the order of its spine, each a text named by its path
    /// in the book (`book.epub!/OEBPS/ch1.xhtml`), each read once; with `--diagrams`, all
    /// read first, their pictures read as one book's.
    pub(super) fn epub<R: Read + Seek>(
        &mut self,
        name: &SourcePath,
        archive: &mut zip::ZipArchive<R>,
    ) {
        let small = |bytes: Option<Vec<u8>>| bytes.ok_or_else(|| io::Error::other(too_large()));
        let container = match self.part_bytes(archive, "META-INF/container.xml") {
            Ok(bytes) => match small(bytes) {
                Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Err(err) => return self.problem(archive_problem(name, err)),
            },
            Err(err) => return self.problem(archive_problem(name, err)),
        };
        let mut package = |path: &str| {
            self.part_bytes(archive, path)
                .and_then(small)
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .map_err(|e| format!("{path}: {e}"))
        };
        let spine = match epub::spine(&container, &mut package) {
            Ok(spine) => spine,
            Err(message) => return self.document_problem(name, "EPUB", message),
        };
        if self.opts.diagrams.is_some() {
            return self.epub_pictures(name, archive, &spine);
        }
        for chapter in spine {
            if self.stopped {
                return;
            }
            let member = name.member(chapter.as_bytes());
            match self.part_bytes(archive, &chapter) {
                Ok(Some(bytes)) => self.html(&member, &bytes),
                Ok(None) => self.document_problem(&member, "EPUB", too_large()),
                Err(err) => self.problem(archive_problem(&member, err)),
            }
        }
    }
}
