//! The pictures of [`Visitor`]'s documents read for their diagrams (`--diagrams`; docs/inputs.md,
//! "Diagrams in a document's images"): each picture a document's reader found in its flow
//! resolved to its bytes (a Word document's relationship, an OpenDocument or EPUB member, an
//! HTML page's file beside it, a `data:` URI), then read by `extract::images` and each board
//! read sure written into the text above its caption. Without `--diagrams` nothing here runs.

use std::collections::HashMap;
use std::io::{Read, Seek};
use std::path::{Component, Path};

use base64::Engine as _;

use super::Visitor;
use crate::input::extract::epub;
use crate::input::extract::images::{self, Picture};
use crate::input::{Document, InputError};
use crate::source_path::SourcePath;

/// The most bytes a picture may have: 32 MiB, [`super::documents::MAX_PART`]. A book's
/// diagram is a few KiB; a picture past it is reported, not read.
const MAX_PICTURE: u64 = super::documents::MAX_PART;

impl Visitor<'_, '_> {
    /// `text`, the body `part` of the Word or OpenDocument document `name`, with the boards
    /// of the pictures `images` (from [`Document::text_and_images`]) written in, and the line
    /// feeds they added ([`Member::added`]); as it is when none is written.
    pub(super) fn document_pictures<R: Read + Seek>(
        &mut self,
        name: &SourcePath,
        archive: &mut zip::ZipArchive<R>,
        document: Document,
        part: &str,
        text: String,
        images: Vec<(usize, String)>,
    ) -> (String, Vec<u64>) {
        if images.is_empty() {
            return (text, Vec::new());
        }
        let folder = part.rsplit_once('/').map_or("", |(folder, _)| folder);
        let targets = match document {
            Document::Docx => relationships(self, archive, part),
            Document::Odt => HashMap::new(),
        };
        let mut pictures = Vec::with_capacity(images.len());
        for (at, reference) in images {
            let path = match document {
                Document::Docx => match targets.get(&reference) {
                    Some(target) => epub::resolved(folder, target),
                    None => continue,
                },
                Document::Odt if has_scheme(&reference) => continue,
                Document::Odt => epub::resolved("", &reference),
            };
            let bytes = self.zip_picture(archive, &path);
            pictures.push(Picture {
                text: 0,
                at,
                name: name.member(path.as_bytes()),
                bytes,
            });
        }
        self.written(name, vec![text], pictures).swap_remove(0)
    }

    /// An HTML page read from the file `name`, its images read with `--diagrams` from the
    /// files beside it ([`on_disk`]) and from `data:` URIs.
    pub(super) fn html_file(&mut self, name: &SourcePath, bytes: &[u8]) {
        let Some((text, images)) = self.html_layout(name, bytes) else {
            return;
        };
        if self.opts.diagrams.is_none() || images.is_empty() {
            return self.hand_text(name, &text, &[]);
        }
        let path = name.to_path_buf();
        let folder = path.parent().unwrap_or(Path::new(""));
        let pictures = images
            .into_iter()
            .filter_map(|(at, src)| {
                let bytes = data_uri(&src).or_else(|| on_disk(folder, &src))?;
                Some(Picture {
                    text: 0,
                    at,
                    name: SourcePath::from_path(&folder.join(src.split(['?', '#']).next()?)),
                    bytes,
                })
            })
            .collect();
        let (text, added) = self.written(name, vec![text], pictures).swap_remove(0);
        self.hand_text(name, &text, &added);
    }

    /// An EPUB's chapters `spine` read with `--diagrams`: every chapter laid out, the images
    /// of all read as one book's (members of the book, resolved from their chapter), then
    /// each chapter handed on.
    pub(super) fn epub_pictures<R: Read + Seek>(
        &mut self,
        name: &SourcePath,
        archive: &mut zip::ZipArchive<R>,
        spine: &[String],
    ) {
        let mut chapters = Vec::with_capacity(spine.len());
        let mut texts = Vec::with_capacity(spine.len());
        let mut pictures = Vec::new();
        for chapter in spine {
            let member = name.member(chapter.as_bytes());
            let laid = match self.part_bytes(archive, chapter) {
                Ok(Some(bytes)) => self.html_layout(&member, &bytes),
                Ok(None) => {
                    let message = super::documents::too_large();
                    self.document_problem(&member, "EPUB", message);
                    None
                }
                Err(err) => {
                    self.problem(super::archives::archive_problem(&member, err));
                    None
                }
            };
            let Some((text, images)) = laid else { continue };
            let folder = chapter.rsplit_once('/').map_or("", |(folder, _)| folder);
            for (at, src) in images {
                let (path, bytes) = match data_uri(&src) {
                    Some(bytes) => (chapter.clone(), bytes),
                    None if has_scheme(&src) => continue,
                    None => {
                        let path = epub::resolved(folder, &src);
                        let bytes = self.zip_picture(archive, &path);
                        (path, bytes)
                    }
                };
                pictures.push(Picture {
                    text: texts.len(),
                    at,
                    name: name.member(path.as_bytes()),
                    bytes,
                });
            }
            chapters.push(member);
            texts.push(text);
        }
        let texts = self.written(name, texts, pictures);
        for (member, (text, added)) in chapters.iter().zip(texts) {
            if self.stopped {
                return;
            }
            self.hand_text(member, &text, &added);
        }
    }

    /// `texts`, the texts of the document `name`, with the boards of `pictures` written in
    /// and the line feeds they added ([`Member::added`]), each picture that could not be read
    /// reported.
    fn written(
        &mut self,
        name: &SourcePath,
        texts: Vec<String>,
        pictures: Vec<Picture>,
    ) -> Vec<(String, Vec<u64>)> {
        let unwritten = |texts: Vec<String>| texts.into_iter().map(|t| (t, Vec::new())).collect();
        let Some(opts) = self.opts.diagrams.as_ref() else {
            return unwritten(texts);
        };
        if pictures.is_empty() {
            return unwritten(texts);
        }
        let read = {
            let borrowed: Vec<&str> = texts.iter().map(String::as_str).collect();
            images::read_pictures(name, &borrowed, pictures, opts)
        };
        for (path, cause) in read.problems {
            self.problem(InputError::Diagrams {
                path: path.to_path_buf(),
                page: None,
                cause,
            });
        }
        texts
            .into_iter()
            .zip(read.texts)
            .map(|(text, written)| written.map_or((text, Vec::new()), |w| (w.text, w.added)))
            .collect()
    }

    /// The bytes of the zip member `path`, a picture: bounded by [`MAX_PICTURE`] and the
    /// inflate limit; why not, else.
    fn zip_picture<R: Read + Seek>(
        &self,
        archive: &mut zip::ZipArchive<R>,
        path: &str,
    ) -> Result<Vec<u8>, String> {
        match self.part_bytes(archive, path) {
            Ok(Some(bytes)) => Ok(bytes),
            Ok(None) => Err(format!(
                "more than {MAX_PICTURE} bytes, the most a picture may have"
            )),
            Err(err) => Err(err.to_string()),
        }
    }
}

/// The relationships of the Word part `part` (`word/_rels/document.xml.rels` for
/// `word/document.xml`; ECMA-376 Part 2, 9.3): each id's target, those of external targets
/// (a linked picture, a URL) left out. None when the part has no relationships.
fn relationships<R: Read + Seek>(
    visitor: &Visitor<'_, '_>,
    archive: &mut zip::ZipArchive<R>,
    part: &str,
) -> HashMap<String, String> {
    let rels = match part.rsplit_once('/') {
        Some((folder, file)) => format!("{folder}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    };
    let Ok(Some(bytes)) = visitor.part_bytes(archive, &rels) else {
        return HashMap::new();
    };
    let text = String::from_utf8_lossy(&bytes);
    let Ok(xml) = roxmltree::Document::parse(&text) else {
        return HashMap::new();
    };
    xml.descendants()
        .filter(|n| n.tag_name().name() == "Relationship")
        .filter(|n| n.attribute("TargetMode") != Some("External"))
        .filter_map(|n| {
            Some((
                n.attribute("Id")?.to_owned(),
                n.attribute("Target")?.to_owned(),
            ))
        })
        .collect()
}

/// True when `src` starts with a URL's scheme (`http:`, `file:`, `data:`): no path in a
/// document or beside it.
fn has_scheme(src: &str) -> bool {
    src.split_once(':').is_some_and(|(scheme, _)| {
        !scheme.is_empty()
            && scheme
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b))
    })
}

/// The bytes of a `data:` URI of a picture in base64 (`data:image/png;base64,...`, RFC 2397);
/// `None` for any other `src`.
fn data_uri(src: &str) -> Option<Result<Vec<u8>, String>> {
    let rest = src.trim().strip_prefix("data:")?;
    let (head, data) = rest.split_once(',')?;
    if !head.starts_with("image/") || !head.ends_with(";base64") {
        return None;
    }
    let data: String = data.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    Some(
        base64::engine::general_purpose::STANDARD
            .decode(data.as_bytes())
            .map_err(|e| format!("a data: URI that is not base64: {e}")),
    )
}

/// The bytes of the picture `src` of an HTML page in `folder`: a relative path to a regular
/// file in the folder or under it, its `%` escapes decoded, its query and fragment dropped,
/// at most [`MAX_PICTURE`] bytes. `None` for a URL, an absolute path, a path with a `..`, or
/// one that leaves the folder through a link: never read. An error when the file is missing,
/// too large or unreadable.
pub(super) fn on_disk(folder: &Path, src: &str) -> Option<Result<Vec<u8>, String>> {
    let path = src.split(['?', '#']).next()?;
    if path.is_empty() || has_scheme(path) || path.starts_with(['/', '\\']) {
        return None;
    }
    let decoded = epub::resolved("", path);
    let relative = Path::new(&decoded);
    if path.split(['/', '\\']).any(|s| s == "..")
        || !relative
            .components()
            .all(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let full = folder.join(relative);
    let base = std::fs::canonicalize(if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    });
    let real = std::fs::canonicalize(&full);
    match (base, real) {
        (Ok(base), Ok(real)) if !real.starts_with(&base) => return None,
        (_, Err(err)) => return Some(Err(format!("{}: {err}", full.display()))),
        _ => {}
    }
    let read = || -> std::io::Result<Result<Vec<u8>, String>> {
        let file = std::fs::File::open(&full)?;
        let meta = file.metadata()?;
        if !meta.is_file() {
            return Ok(Err("not a regular file".to_owned()));
        }
        if meta.len() > MAX_PICTURE {
            return Ok(Err(format!(
                "{} bytes, past the {MAX_PICTURE} a picture may have",
                meta.len()
            )));
        }
        let mut bytes = Vec::with_capacity(meta.len() as usize);
        file.take(MAX_PICTURE).read_to_end(&mut bytes)?;
        Ok(Ok(bytes))
    };
    Some(read().unwrap_or_else(|e| Err(e.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pictures_path_beside_a_page_never_leaves_its_folder() {
        let dir = tempfile::tempdir().expect("a folder");
        let sub = dir.path().join("pages");
        std::fs::create_dir_all(sub.join("img")).expect("folders");
        std::fs::write(sub.join("img/a b.png"), b"png").expect("a file");
        std::fs::write(dir.path().join("secret.png"), b"no").expect("a file");
        assert_eq!(
            on_disk(&sub, "img/a%20b.png?x=1#y"),
            Some(Ok(b"png".to_vec()))
        );
        assert_eq!(on_disk(&sub, "./img/a b.png"), Some(Ok(b"png".to_vec())));
        for never in [
            "../secret.png",
            "img/../../secret.png",
            "/etc/passwd",
            "http://example.com/a.png",
            "file:///etc/passwd",
            "",
        ] {
            assert_eq!(on_disk(&sub, never), None, "{never}");
        }
        assert!(matches!(on_disk(&sub, "img/missing.png"), Some(Err(_))));
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink(dir.path().join("secret.png"), sub.join("link.png"))
                .expect("a link");
            assert_eq!(on_disk(&sub, "link.png"), None, "a link out of the folder");
        }
    }

    #[test]
    fn a_data_uri_gives_its_bytes_and_other_sources_none() {
        assert_eq!(
            data_uri("data:image/png;base64,iVBO Rw=="),
            Some(Ok(vec![0x89, 0x50, 0x4e, 0x47]))
        );
        assert_eq!(data_uri("data:text/plain;base64,AAAA"), None);
        assert_eq!(data_uri("img/a.png"), None);
        assert!(matches!(data_uri("data:image/png;base64,!!"), Some(Err(_))));
        assert!(has_scheme("data:x") && has_scheme("https://x") && !has_scheme("img/a:b.png"));
    }
}
