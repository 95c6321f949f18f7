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
    /// The kind of document the zip `archive` is, by its members; `None` for any other zip.
    pub fn of<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> Option<Document> {
        if archive.index_for_name("word/document.xml").is_some() {
            return Some(Document::Docx);
        }
        let mut mimetype = archive.by_name("mimetype").ok()?;
        let mut head = [0u8; 64];
        let n = mimetype.read(&mut head).ok()?;
        head[..n]
            .starts_with(b"application/vnd.oasis.opendocument.text")
            .then_some(Document::Odt)
    }

    /// The parts whose text is read, in order: the body first.
    pub fn parts(self) -> &'static [&'static str] {
        match self {
            Document::Docx => &[
                "word/document.xml",
                "word/footnotes.xml",
                "word/endnotes.xml",
            ],
            Document::Odt => &["content.xml"],
        }
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
                | "instrText",
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
            (Document::Odt, TEXT, "note-body") => Role::Aside,
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
    /// # Errors
    /// The part is not well-formed XML (roxmltree's message, with its line and column), or
    /// declares a DTD (refused, as roxmltree refuses it by default: no entity expansion).
    pub fn text(self, xml: &str) -> Result<String, String> {
        let doc = roxmltree::Document::parse(xml).map_err(|e| e.to_string())?;
        let mut layout = Layout {
            document: self,
            out: String::with_capacity(xml.len() / 4),
            asides: Vec::new(),
        };
        layout.block(doc.root_element());
        Ok(layout.out)
    }
}

/// The lines being written.
struct Layout {
    document: Document,
    out: String,
    /// Lines of text boxes and notes met inside the paragraph being written, written after it.
    asides: Vec<String>,
}

impl Layout {
    /// Lays out `node` where a line may start: paragraphs and tables become lines, anything
    /// else is looked into.
    fn block(&mut self, node: Node<'_, '_>) {
        for child in node.children().filter(Node::is_element) {
            match self.document.role(child) {
                Role::Paragraph => {
                    let mut line = String::new();
                    self.inline(child, &mut line, false);
                    self.out.push_str(&line);
                    self.out.push('\n');
                    for aside in std::mem::take(&mut self.asides) {
                        self.out.push_str(&aside);
                    }
                }
                Role::Table => self.table(child),
                Role::Skip => {}
                _ => self.block(child),
            }
        }
    }

    /// A table: a line per row, cells separated by a tab.
    fn table(&mut self, table: Node<'_, '_>) {
        let document = self.document;
        for row in table
            .descendants()
            .filter(|n| document.role(*n) == Role::Row)
        {
            // Rows of a table nested in a cell are read with that cell.
            let own = row
                .ancestors()
                .skip(1)
                .find(|a| document.role(*a) == Role::Table)
                == Some(table);
            if !own {
                continue;
            }
            let mut cells = Vec::new();
            for cell in row.children().filter(|c| document.role(*c) == Role::Cell) {
                let mut text = String::new();
                self.inline(cell, &mut text, true);
                cells.push(text.split_whitespace().collect::<Vec<_>>().join(" "));
            }
            self.out.push_str(&cells.join("\t"));
            self.out.push('\n');
        }
    }

    /// The text inside `node`, appended to `line`; `in_cell` makes paragraph ends, breaks and
    /// tabs spaces (a table's row is one line).
    fn inline(&mut self, node: Node<'_, '_>, line: &mut String, in_cell: bool) {
        for child in node.children() {
            if child.is_text() {
                if self.document == Document::Odt {
                    line.push_str(child.text().unwrap_or_default());
                }
                continue;
            }
            if !child.is_element() {
                continue;
            }
            match self.document.role(child) {
                Role::Text => line.push_str(child.text().unwrap_or_default()),
                Role::Tab if in_cell => line.push(' '),
                Role::Tab => line.push('\t'),
                Role::Break if in_cell => line.push(' '),
                Role::Break => line.push('\n'),
                Role::Spaces(n) => line.extend(std::iter::repeat_n(' ', n)),
                Role::Paragraph if in_cell => {
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    self.inline(child, line, true);
                }
                Role::Aside => {
                    let mut inner = Layout {
                        document: self.document,
                        out: String::new(),
                        asides: Vec::new(),
                    };
                    inner.block(child);
                    self.asides.push(inner.out);
                }
                Role::Skip => {}
                _ => self.inline(child, line, in_cell),
            }
        }
    }
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
