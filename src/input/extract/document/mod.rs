//! Word (`.docx`) and OpenDocument (`.odt`) documents: the text of each part, laid out as
//! lines the reading rules know (docs/inputs.md, "Documents").
//!
//! Both are zip archives of XML, told apart from other zips by their members
//! ([`Document::of`]): `word/document.xml` is Word's body (ECMA-376 WordprocessingML), a
//! `mimetype` member holding `application/vnd.oasis.opendocument.text` an OpenDocument text
//! (ISO/IEC 26300), whose body is `content.xml`. The XML is read with roxmltree, and laid out:
//!
//! - a paragraph (a heading is one too) is a line; a line break inside it (`w:br`,
//!   `text:line-break`) ends a line and a tab (`w:tab`, `text:tab`) is a tab;
//! - a table row is a line, its cells separated by a tab (a cell's own paragraphs joined by a
//!   space, so that the row stays one line): a book's directory table reads as
//!   `0002.01<TAB>c3b1<TAB>31`;
//! - a text box (`w:txbxContent`) and a footnote's body in OpenDocument (`text:note-body`) are
//!   lines of their own after the paragraph they stand in; Word's footnotes and endnotes
//!   (`word/footnotes.xml`, `word/endnotes.xml`) are parts of their own after the body;
//! - properties (`w:pPr`, `w:rPr`...: a tab stop is no tab), deleted text, field
//!   instructions, annotations, and the VML copy of a text box Word writes as a fallback are
//!   left out.

use std::io::{Read, Seek};

use roxmltree::Node;

mod layout;

use layout::{Layout, walk};

/// WordprocessingML's namespace.
const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
/// The markup compatibility namespace (`mc:AlternateContent`).
const MC: &str = "http://schemas.openxmlformats.org/markup-compatibility/2006";
/// OpenDocument's text namespace.
const TEXT: &str = "urn:oasis:names:tc:opendocument:xmlns:text:1.0";
/// OpenDocument's table namespace.
const TABLE: &str = "urn:oasis:names:tc:opendocument:xmlns:table:1.0";
/// OpenDocument's office namespace (`office:annotation`).
const OFFICE: &str = "urn:oasis:names:tc:opendocument:xmlns:office:1.0";
/// OpenDocument's drawing namespace (`draw:text-box`, a text frame).
const DRAW: &str = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0";
/// DrawingML's namespace (`a:blip`, a picture's data).
const A: &str = "http://schemas.openxmlformats.org/drawingml/2006/main";
/// The Open Packaging Conventions' relationships, as a part's attributes name them (`r:embed`).
const R: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
/// VML's namespace (`v:imagedata`: an embedded object's picture, an older drawing's).
const V: &str = "urn:schemas-microsoft-com:vml";
/// XLink's namespace (`xlink:href`).
const XLINK: &str = "http://www.w3.org/1999/xlink";

/// A kind of document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Document {
    /// Word 2007 and later, `.docx`.
    Docx,
    /// OpenDocument text, `.odt`.
    Odt,
}

/// What an element is to the layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    Paragraph,
    /// Its text is the text (Word's `w:t`).
    Text,
    Tab,
    Break,
    /// `text:s`: this many spaces.
    Spaces(usize),
    Table,
    Row,
    Cell,
    /// Lines of their own after the paragraph it stands in.
    Aside,
    Skip,
    /// Nothing of its own: its children are read.
    Through,
}

impl Document {
    /// The kind of document the zip `archive` is, by its members, with the parts whose text is
    /// read, in order (the body first); `None` for any other zip.
    ///
    /// Word's body is the part `_rels/.rels` names as the office document (ECMA-376 Part 2,
    /// the Open Packaging Conventions: `word/document.xml` by convention only), when it is
    /// WordprocessingML; its footnotes and endnotes stand beside it. An OpenDocument text is
    /// told by its `mimetype` member.
    pub fn of<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> Option<(Document, Vec<String>)> {
        let main = if archive.index_for_name("word/document.xml").is_some() {
            Some("word/document.xml".to_string())
        } else {
            office_document(archive)
        };
        if let Some(main) = main {
            let folder = main.rsplit_once('/').map_or("", |(folder, _)| folder);
            let beside = |name: &str| match folder {
                "" => name.to_string(),
                _ => format!("{folder}/{name}"),
            };
            let parts = vec![
                main.clone(),
                beside("footnotes.xml"),
                beside("endnotes.xml"),
            ];
            return Some((Document::Docx, parts));
        }
        let mut mimetype = archive.by_name("mimetype").ok()?;
        let mut head = [0u8; 64];
        let n = mimetype.read(&mut head).ok()?;
        head[..n]
            .starts_with(b"application/vnd.oasis.opendocument.text")
            .then(|| (Document::Odt, vec!["content.xml".to_string()]))
    }

    /// The name used in messages: `Word` or `OpenDocument`.
    pub fn name(self) -> &'static str {
        match self {
            Document::Docx => "Word",
            Document::Odt => "OpenDocument",
        }
    }

    fn role(self, node: Node<'_, '_>) -> Role {
        let name = node.tag_name();
        let (ns, local) = (name.namespace().unwrap_or(""), name.name());
        match (self, ns, local) {
            (Document::Docx, W, "p") => Role::Paragraph,
            (Document::Docx, W, "t") => Role::Text,
            (Document::Docx, W, "tab") => Role::Tab,
            (Document::Docx, W, "br" | "cr") => Role::Break,
            (Document::Docx, W, "tbl") => Role::Table,
            (Document::Docx, W, "tr") => Role::Row,
            (Document::Docx, W, "tc") => Role::Cell,
            (Document::Docx, W, "txbxContent") => Role::Aside,
            (
                Document::Docx,
                W,
                "pPr" | "rPr" | "tblPr" | "trPr" | "tcPr" | "sectPr" | "tblGrid" | "delText"
                | "instrText" | "sdtPr" | "sdtEndPr",
            ) => Role::Skip,
            (Document::Docx, MC, "Fallback") => Role::Skip,
            (Document::Odt, TEXT, "p" | "h") => Role::Paragraph,
            (Document::Odt, TEXT, "tab") => Role::Tab,
            (Document::Odt, TEXT, "line-break") => Role::Break,
            (Document::Odt, TEXT, "s") => {
                let count = node
                    .attribute((TEXT, "c"))
                    .and_then(|c| c.parse().ok())
                    .unwrap_or(1usize);
                Role::Spaces(count.min(1024))
            }
            (Document::Odt, TEXT, "note-body") | (Document::Odt, DRAW, "text-box") => Role::Aside,
            (Document::Odt, TEXT, "note-citation" | "tracked-changes") => Role::Skip,
            (Document::Odt, OFFICE, "annotation") => Role::Skip,
            (Document::Odt, TABLE, "table") => Role::Table,
            (Document::Odt, TABLE, "table-row") => Role::Row,
            (Document::Odt, TABLE, "table-cell" | "covered-table-cell") => Role::Cell,
            _ => Role::Through,
        }
    }

    /// The text of one part, `xml`, laid out as lines (each ended by a line feed).
    ///
    /// The tree is walked without recursion, so that no nesting, however deep, can exhaust
    /// the stack; OpenDocument's runs of spaces (`text:s`) write at most as many spaces as
    /// the part has bytes (at least 1 MiB), one space each past that, so that the text stays
    /// within a small multiple of the part.
    ///
    /// # Errors
    /// The part is not well-formed XML (roxmltree's message, with its line and column), or
    /// declares a DTD (refused, as roxmltree refuses it by default: no entity expansion).
    #[cfg(test)]
    pub fn text(self, xml: &str) -> Result<String, String> {
        self.text_and_images(xml).map(|(text, _)| text)
    }

    /// The text of one part, `xml`, as [`Document::text`] lays it out, and the pictures in its
    /// flow, in order: each where the line it stands in starts (0-based byte offset in the
    /// text) and its reference as written: Word's relationship id (`a:blip r:embed`, a
    /// drawing's picture; `v:imagedata r:id`, an embedded object's or a VML drawing's
    /// picture; ECMA-376 Part 1, 20.1.8.13 and 14.1.2.11), resolved through the part's
    /// relationships (`word/_rels/document.xml.rels`); OpenDocument's member path
    /// (`draw:image xlink:href`, ISO/IEC 26300 10.4.4), an SVG left out. A picture in a
    /// part left out (a fallback, deleted text) is left out too.
    ///
    /// # Errors
    /// Those of [`Document::text`].
    pub fn text_and_images(self, xml: &str) -> Result<(String, Vec<(usize, String)>), String> {
        let doc = roxmltree::Document::parse(xml).map_err(|e| e.to_string())?;
        let mut layout = Layout::new(self, xml.len());
        walk(doc.root_element(), &mut layout);
        Ok(layout.finish())
    }

    /// The reference of the picture `node` is, when it is one (see
    /// [`Document::text_and_images`]).
    fn image<'a>(self, node: Node<'a, '_>) -> Option<&'a str> {
        let name = node.tag_name();
        match (self, name.namespace()?, name.name()) {
            (Document::Docx, A, "blip") => node.attribute((R, "embed")),
            (Document::Docx, V, "imagedata") => node.attribute((R, "id")),
            (Document::Odt, DRAW, "image") => node
                .attribute((XLINK, "href"))
                .filter(|href| !href.to_ascii_lowercase().ends_with(".svg")),
            _ => None,
        }
    }
}

/// The part `_rels/.rels` names as the office document, when it is WordprocessingML (its
/// first 4 KiB name Word's namespace): a Word document whose body has another name.
fn office_document<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> Option<String> {
    let mut rels = String::new();
    archive
        .by_name("_rels/.rels")
        .ok()?
        .take(1 << 20)
        .read_to_string(&mut rels)
        .ok()?;
    let rels = roxmltree::Document::parse(&rels).ok()?;
    let target = rels
        .descendants()
        .filter(|n| n.tag_name().name() == "Relationship")
        .find(|n| {
            n.attribute("Type")
                .is_some_and(|t| t.ends_with("/officeDocument"))
        })?
        .attribute("Target")?;
    let target = target.trim_start_matches('/').to_string();
    let mut head = Vec::new();
    archive
        .by_name(&target)
        .ok()?
        .take(4096)
        .read_to_end(&mut head)
        .ok()?;
    memchr::memmem::find(&head, W.as_bytes()).map(|_| target)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docx(body: &str) -> String {
        let xml = format!(
            r#"<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="{W}" xmlns:mc="{MC}"><w:body>{body}</w:body></w:document>"#
        );
        Document::Docx.text(&xml).unwrap()
    }

    #[test]
    fn word_paragraphs_runs_tabs_and_breaks_are_lines() {
        let text = docx(
            r#"<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr><w:r><w:t>Win</w:t></w:r><w:r><w:t xml:space="preserve">studies (+):</w:t></w:r></w:p>
               <w:p><w:r><w:t>0002.01</w:t><w:tab/><w:t>c3b1</w:t><w:br/><w:t>next &amp; line</w:t></w:r></w:p>"#,
        );
        assert_eq!(text, "Winstudies (+):\n0002.01\tc3b1\nnext & line\n");
    }

    #[test]
    fn word_tables_are_rows_of_tab_separated_cells() {
        let text = docx(
            r#"<w:tbl><w:tblPr/><w:tr><w:tc><w:p><w:r><w:t>0002.01</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>c3b1</w:t></w:r></w:p><w:p><w:r><w:t>(note)</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>31</w:t></w:r></w:p></w:tc></w:tr>
               <w:tr><w:tc><w:p/></w:tc><w:tc><w:p><w:r><w:t>h4b1</w:t></w:r></w:p></w:tc></w:tr></w:tbl>"#,
        );
        assert_eq!(text, "0002.01\tc3b1 (note)\t31\n\th4b1\n");
    }

    #[test]
    fn a_text_box_follows_its_paragraph_once_and_deleted_text_is_left_out() {
        let text = docx(
            r#"<w:p><w:r><w:t>Caption</w:t></w:r><w:r><mc:AlternateContent><mc:Choice><w:txbxContent><w:p><w:r><w:t>+</w:t></w:r></w:p></w:txbxContent></mc:Choice><mc:Fallback><w:txbxContent><w:p><w:r><w:t>+</w:t></w:r></w:p></w:txbxContent></mc:Fallback></mc:AlternateContent></w:r><w:del><w:r><w:delText>old</w:delText></w:r></w:del></w:p>"#,
        );
        assert_eq!(text, "Caption\n+\n");
    }

    #[test]
    fn opendocument_paragraphs_spaces_tables_and_notes() {
        let xml = format!(
            r#"<office:document-content xmlns:office="{OFFICE}" xmlns:text="{TEXT}" xmlns:table="{TABLE}"><office:body><office:text>
            <text:h>Draws (=)</text:h>
            <text:p>a7d3<text:s text:c="2"/>0116.00<text:tab/>b2b3c6d6<text:note><text:note-citation>1</text:note-citation><text:note-body><text:p>A note.</text:p></text:note-body></text:note> 3/3+.</text:p>
            <table:table><table:table-row><table:table-cell><text:p>0002.01</text:p></table:table-cell><table:table-cell><text:p>c3b1</text:p></table:table-cell></table:table-row></table:table>
            </office:text></office:body></office:document-content>"#
        );
        let text = Document::Odt.text(&xml).unwrap();
        assert_eq!(
            text,
            "Draws (=)\na7d3  0116.00\tb2b3c6d6 3/3+.\nA note.\n0002.01\tc3b1\n"
        );
    }

    #[test]
    fn broken_xml_and_a_dtd_are_errors() {
        assert!(Document::Docx.text("<w:document").is_err());
        let bomb = r#"<!DOCTYPE d [<!ENTITY a "aaaa">]><d>&a;</d>"#;
        assert!(Document::Docx.text(bomb).is_err());
    }
}
