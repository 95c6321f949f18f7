//! HTML and XHTML pages, and EPUB books: the text a browser shows, laid out as lines the
//! reading rules know (docs/inputs.md, "Documents").
//!
//! Parsed with html5ever (through scraper), as a browser parses: entities decoded (`&nbsp;`,
//! `&#43;`), broken markup repaired. Then laid out:
//!
//! - a block element (`p`, `div`, `h1`-`h6`, `li`, `blockquote`, `section`...) is a line of its
//!   own, and `br` ends a line; within a line, runs of white space are one space, as a
//!   browser shows them (a no-break space is no white space there: it stays);
//! - a table row is a line, its cells (`td`, `th`) separated by a tab;
//! - `pre` keeps its text as it is, line breaks and spaces included;
//! - `script`, `style`, `template` and the `head` are left out.
//!
//! An EPUB is a zip whose `mimetype` member says `application/epub+zip`: its XHTML documents
//! are read in the order of its spine (the OPF package that `META-INF/container.xml` names).

use std::io::{Read, Seek};

use scraper::{ElementRef, Html, Node};

/// The elements that stand as lines of their own.
const BLOCKS: &[&str] = &[
    "address",
    "article",
    "aside",
    "blockquote",
    "body",
    "caption",
    "center",
    "dd",
    "details",
    "dialog",
    "div",
    "dl",
    "dt",
    "fieldset",
    "figcaption",
    "figure",
    "footer",
    "form",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hr",
    "html",
    "li",
    "main",
    "nav",
    "ol",
    "p",
    "section",
    "summary",
    "ul",
];

/// The text of the HTML page `html`, laid out as lines (each ended by a line feed).
pub fn text(html: &str) -> String {
    let document = Html::parse_document(html);
    let mut layout = Layout::default();
    layout.node(document.root_element());
    layout.end_line();
    layout.out
}

/// The lines being written.
#[derive(Default)]
struct Layout {
    out: String,
    line: String,
}

impl Layout {
    /// Ends the line being written, if it holds anything but white space.
    fn end_line(&mut self) {
        let line = self.line.trim_matches(|c: char| c.is_ascii_whitespace());
        if !line.is_empty() {
            self.out.push_str(line);
            self.out.push('\n');
        }
        self.line.clear();
    }

    /// Appends text as a browser shows it: runs of ASCII white space are one space.
    fn words(&mut self, text: &str) {
        for c in text.chars() {
            if c.is_ascii_whitespace() {
                if !self.line.is_empty() && !self.line.ends_with(' ') {
                    self.line.push(' ');
                }
            } else {
                self.line.push(c);
            }
        }
    }

    fn node(&mut self, element: ElementRef<'_>) {
        let name = element.value().name();
        match name {
            "script" | "style" | "template" | "head" | "noscript" => return,
            "br" => return self.end_line(),
            "pre" => {
                self.end_line();
                let text: String = element.text().collect();
                for line in text.lines() {
                    self.out.push_str(line);
                    self.out.push('\n');
                }
                return;
            }
            "table" => {
                self.end_line();
                self.table(element);
                return;
            }
            _ => {}
        }
        let block = BLOCKS.contains(&name);
        if block {
            self.end_line();
        }
        for child in element.children() {
            match child.value() {
                Node::Text(text) => self.words(text),
                Node::Element(_) => {
                    if let Some(child) = ElementRef::wrap(child) {
                        self.node(child);
                    }
                }
                _ => {}
            }
        }
        if block {
            self.end_line();
        }
    }

    /// A table: a line per row of its own (not of a table inside a cell), cells separated by a
    /// tab, each cell's text on one line.
    fn table(&mut self, table: ElementRef<'_>) {
        for row in table.descendants().filter_map(ElementRef::wrap) {
            if row.value().name() != "tr" {
                continue;
            }
            let own = row
                .ancestors()
                .filter_map(ElementRef::wrap)
                .find(|a| a.value().name() == "table")
                == Some(table);
            if !own {
                continue;
            }
            let cells: Vec<String> = row
                .children()
                .filter_map(ElementRef::wrap)
                .filter(|c| matches!(c.value().name(), "td" | "th"))
                .map(|cell| {
                    let mut inner = Layout::default();
                    inner.node(cell);
                    inner.end_line();
                    inner.out.split_whitespace().collect::<Vec<_>>().join(" ")
                })
                .collect();
            self.out.push_str(&cells.join("\t"));
            self.out.push('\n');
        }
    }
}

/// True when `head`, the first bytes of an input, starts an HTML or XHTML page: after a byte
/// order mark and white space, `<!DOCTYPE html` or `<html` (any case), perhaps after an XML
/// declaration and comments.
pub fn is_html(head: &[u8]) -> bool {
    let mut rest = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    loop {
        rest = rest.trim_ascii_start();
        let starts =
            |word: &[u8]| rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word);
        if starts(b"<!doctype html") || starts(b"<html") {
            return true;
        }
        let close: &[u8] = if starts(b"<?xml") {
            b"?>"
        } else if starts(b"<!--") {
            b"-->"
        } else {
            return false;
        };
        match memchr::memmem::find(rest, close) {
            Some(at) => rest = &rest[at + close.len()..],
            None => return false,
        }
    }
}

/// True when the zip `archive` is an EPUB: its `mimetype` member says `application/epub+zip`.
pub fn is_epub<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> bool {
    let Ok(mut mimetype) = archive.by_name("mimetype") else {
        return false;
    };
    let mut head = [0u8; 32];
    let n = mimetype.read(&mut head).unwrap_or(0);
    head[..n].starts_with(b"application/epub+zip")
}

/// The members of an EPUB's spine, in reading order: the paths in the zip of its XHTML
/// documents, read from `container`, the text of `META-INF/container.xml`, and `package`, a
/// function that reads a member's text (the OPF package it names).
///
/// # Errors
/// The container or the package is missing or not well-formed XML, or names no spine.
pub fn spine(
    container: &str,
    package: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Vec<String>, String> {
    let container = roxmltree::Document::parse(container).map_err(|e| e.to_string())?;
    let opf = container
        .descendants()
        .find(|n| n.tag_name().name() == "rootfile")
        .and_then(|n| n.attribute("full-path"))
        .ok_or("META-INF/container.xml names no rootfile")?
        .to_string();
    let text = package(&opf)?;
    let package = roxmltree::Document::parse(&text).map_err(|e| format!("{opf}: {e}"))?;
    let folder = opf.rsplit_once('/').map_or("", |(folder, _)| folder);
    let href = |id: &str| {
        package
            .descendants()
            .find(|n| n.tag_name().name() == "item" && n.attribute("id") == Some(id))
            .and_then(|n| n.attribute("href"))
    };
    let spine: Vec<String> = package
        .descendants()
        .filter(|n| n.tag_name().name() == "itemref")
        .filter_map(|n| href(n.attribute("idref")?))
        .map(|h| {
            let h = percent_decoded(h);
            if folder.is_empty() {
                h
            } else {
                format!("{folder}/{h}")
            }
        })
        .collect();
    if spine.is_empty() {
        return Err(format!("{opf}: no spine"));
    }
    Ok(spine)
}

/// `href` with `%20`-style escapes decoded (an EPUB's hrefs are URLs).
fn percent_decoded(href: &str) -> String {
    let bytes = href.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_breaks_cells_entities_and_scripts() {
        let page = r#"<!DOCTYPE html><html><head><title>t</title><style>p{}</style></head><body>
            <h2>Winststudies&nbsp;(&#43;):</h2>
            <p>a7d3   0116.00<br>b2b3c6d6 <b>3/3</b>+.</p>
            <script>var x = "0323.12";</script>
            <table><tr><th>code</th><th>kings</th></tr><tr><td>0002.01</td><td> c3b1 </td></tr></table>
            <pre>  9-+-+-+-+0
  9+-+-+-+-0</pre><div>after</div></body></html>"#;
        assert_eq!(
            text(page),
            "Winststudies\u{a0}(+):\na7d3 0116.00\nb2b3c6d6 3/3+.\ncode\tkings\n0002.01\tc3b1\n  9-+-+-+-+0\n  9+-+-+-+-0\nafter\n"
        );
    }

    #[test]
    fn html_is_told_by_its_first_bytes() {
        assert!(is_html(b"<!DOCTYPE html><p>"));
        assert!(is_html(b"\xEF\xBB\xBF  <HTML lang=en>"));
        assert!(is_html(
            b"<?xml version=\"1.0\"?>\n<!-- x -->\n<html xmlns=\"...\">"
        ));
        assert!(!is_html(b"<p>a paragraph</p>"));
        assert!(!is_html(b"0323.12 <html>"));
        assert!(!is_html(b"<?xml version=\"1.0\"?><w:document>"));
    }

    #[test]
    fn an_epub_spine_in_order_with_the_package_folder() {
        let container = r#"<container><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>"#;
        let opf = r#"<package><manifest><item id="b" href="ch%202.xhtml"/><item id="a" href="ch1.xhtml"/></manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>"#;
        let spine = spine(container, &mut |path| {
            assert_eq!(path, "OEBPS/content.opf");
            Ok(opf.to_string())
        })
        .unwrap();
        assert_eq!(spine, ["OEBPS/ch1.xhtml", "OEBPS/ch 2.xhtml"]);
    }
}
