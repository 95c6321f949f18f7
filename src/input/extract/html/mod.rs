//! HTML and XHTML pages (an EPUB's chapters too, `epub.rs`): the text a browser shows, laid
//! out as lines the reading rules know (docs/inputs.md, "Documents").
//!
//! Parsed with html5ever (through scraper), as a browser parses: entities decoded (`&nbsp;`,
//! `&#43;`), broken markup repaired. Then laid out:
//!
//! - a block element (`p`, `div`, `h1`-`h6`, `li`, `blockquote`, `section`...) is a line of its
//!   own, and `br` ends a line; within a line, runs of white space are one space, as a
//!   browser shows them (a no-break space is no white space there: it stays);
//! - a table row is a line, its cells (`td`, `th`) separated by a tab;
//! - `pre` keeps its text as it is, line breaks and spaces included;
//! - `script`, `style`, `template` and the `head` are left out;
//! - a table's `caption` is a line before its rows.
//!
//! The tree is walked without recursion (ego-tree's traversal), and the parse stops past
//! [`MAX_DEPTH`] levels; the page's encoding is told before (`charset.rs`).

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use ego_tree::iter::Edge;
use foldhash::HashMap;
use scraper::{Html, HtmlTreeSink, Node};

mod sink;

use sink::Capped;

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

/// How deep a page's elements may nest: Blink's limit (`kMaximumHTMLParserDOMTreeDepth`).
/// Past it the parser's every start tag searches the stack of open elements (its "scope"
/// checks), so that a page of n nested elements costs n² (100,000 nested `div`s, 1.1 MB,
/// took 30 s); the page is read up to the element that passes the limit.
pub const MAX_DEPTH: u32 = 512;

/// The text of the HTML page `html`, laid out as lines (each ended by a line feed), and, when
/// its elements nest deeper than [`MAX_DEPTH`], the byte offset where reading stopped (the
/// text is that of the page up to about there).
#[cfg(test)]
pub fn text(html: &str) -> (String, Option<usize>) {
    let (text, _, stopped) = text_and_images(html);
    (text, stopped)
}

/// The text of the HTML page `html` as [`text`] lays it out, the images in its flow (`img`
/// elements, in order: each where the line it stands in starts, 0-based byte offset in the
/// text, and its `src` as written; an image in a line of no text stands where the next line
/// starts), and where reading stopped, as [`text`] says.
pub fn text_and_images(html: &str) -> (String, Vec<(usize, String)>, Option<usize>) {
    let (document, stopped) = parse(html);
    let mut layout = Layout {
        sinks: vec![Flow::default()],
        frames: Vec::new(),
        images: Vec::new(),
    };
    for edge in document.root_element().traverse() {
        match edge {
            Edge::Open(node) => layout.open(node),
            Edge::Close(node) => layout.close(node),
        }
    }
    let mut flow = layout.sinks.swap_remove(0);
    flow.end_line();
    (flow.out, layout.images, stopped)
}

/// `html` parsed by html5ever into scraper's tree, fed 16 KiB at a time and stopped once an
/// element nests deeper than [`MAX_DEPTH`] (then with the offset reached).
fn parse(html: &str) -> (Html, Option<usize>) {
    use html5ever::tendril::TendrilSink;
    let deepest = Rc::new(Cell::new(0));
    let sink = Capped {
        inner: HtmlTreeSink::new(Html::new_document()),
        depths: RefCell::new(HashMap::default()),
        deepest: deepest.clone(),
    };
    let mut parser = html5ever::driver::parse_document(sink, Default::default());
    let mut at = 0;
    while at < html.len() {
        let mut end = (at + (16 << 10)).min(html.len());
        while !html.is_char_boundary(end) {
            end += 1;
        }
        parser.process(html[at..end].into());
        at = end;
        if deepest.get() > MAX_DEPTH {
            return (parser.finish(), Some(at));
        }
    }
    (parser.finish(), None)
}

/// Where lines go: the page's, or a table cell's being read.
#[derive(Default)]
struct Flow {
    out: String,
    line: String,
}

impl Flow {
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
}

/// What an element's children are read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Text flowing into lines.
    Flow,
    /// `pre`: its text as it is.
    Pre,
    /// A table: its rows, and its caption.
    Table,
    /// A row: its cells.
    Row,
    /// Left out.
    Skip,
}

/// What an element opened, closed at its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opened {
    Nothing,
    /// A block: a line of its own.
    Block,
    Pre,
    Row,
    Cell,
}

/// The layout, driven by the walk: each element opens a frame, closed at its end.
struct Layout {
    /// The page's flow, then one per table cell being read.
    sinks: Vec<Flow>,
    /// Per open element: what its children are read as, and what it opened.
    frames: Vec<(Place, Opened)>,
    /// The images met: where their line starts in the page's text, and their `src`.
    images: Vec<(usize, String)>,
}

impl Layout {
    fn flow(&mut self) -> &mut Flow {
        self.sinks.last_mut().expect("the page's flow stays")
    }

    fn open(&mut self, node: ego_tree::NodeRef<'_, Node>) {
        let place = self.frames.last().map_or(Place::Flow, |f| f.0);
        let element = match node.value() {
            Node::Text(text) => {
                match place {
                    Place::Flow => self.flow().words(text),
                    Place::Pre => self.flow().line.push_str(text),
                    _ => {}
                }
                return;
            }
            Node::Element(element) => element,
            _ => return,
        };
        let name = element.name();
        if name == "img"
            && place != Place::Skip
            && let Some(src) = element.attr("src")
        {
            let at = self.sinks[0].out.len();
            self.images.push((at, src.to_owned()));
        }
        let frame = match (place, name) {
            (Place::Skip, _) | (_, "script" | "style" | "template" | "head" | "noscript") => {
                (Place::Skip, Opened::Nothing)
            }
            (Place::Pre, _) => (Place::Pre, Opened::Nothing),
            (Place::Flow, "br") => {
                self.flow().end_line();
                (Place::Skip, Opened::Nothing)
            }
            (Place::Flow, "pre") => {
                self.flow().end_line();
                (Place::Pre, Opened::Pre)
            }
            (Place::Flow, "table") => {
                self.flow().end_line();
                (Place::Table, Opened::Nothing)
            }
            (Place::Flow, _) if BLOCKS.contains(&name) => {
                self.flow().end_line();
                (Place::Flow, Opened::Block)
            }
            (Place::Flow, _) => (Place::Flow, Opened::Nothing),
            (Place::Table, "caption") => (Place::Flow, Opened::Block),
            (Place::Table, "tr") => (Place::Row, Opened::Row),
            (Place::Table, _) => (Place::Table, Opened::Nothing),
            (Place::Row, "td" | "th") => {
                self.sinks.push(Flow::default());
                (Place::Flow, Opened::Cell)
            }
            (Place::Row, _) => (Place::Row, Opened::Nothing),
        };
        if frame.1 == Opened::Row {
            // The row's cells are written into its line, a tab between them.
            self.flow().line.clear();
        }
        self.frames.push(frame);
    }

    fn close(&mut self, node: ego_tree::NodeRef<'_, Node>) {
        if !node.value().is_element() {
            return;
        }
        let Some((_, opened)) = self.frames.pop() else {
            return;
        };
        match opened {
            Opened::Nothing => {}
            Opened::Block => self.flow().end_line(),
            Opened::Pre => {
                let flow = self.flow();
                let text = std::mem::take(&mut flow.line);
                for line in text.lines() {
                    flow.out.push_str(line);
                    flow.out.push('\n');
                }
            }
            Opened::Cell => {
                let mut cell = self.sinks.pop().unwrap_or_default();
                cell.end_line();
                let text = cell.out.split_whitespace().collect::<Vec<_>>().join(" ");
                let line = &mut self.flow().line;
                line.push_str(&text);
                line.push('\t');
            }
            Opened::Row => {
                let flow = self.flow();
                let row = std::mem::take(&mut flow.line);
                flow.out.push_str(row.strip_suffix('\t').unwrap_or(&row));
                flow.out.push('\n');
            }
        }
    }
}

/// True when `head`, the first bytes of an input, starts an HTML or XHTML page: after a byte
/// order mark and white space, `<!DOCTYPE html` or `<html` (any case), perhaps after an XML
/// declaration and comments.
pub fn is_html(head: &[u8]) -> bool {
    prolog(head) == Some(true)
}

/// True when `head` ends inside the prolog of an XML or HTML page (a byte order mark, white
/// space, an XML declaration, comments): whether it starts a page is told only by more bytes.
pub fn in_prolog(head: &[u8]) -> bool {
    prolog(head).is_none()
}

/// Whether `head` starts an HTML page, past its prolog; `None` when `head` ends inside the
/// prolog.
fn prolog(head: &[u8]) -> Option<bool> {
    let mut rest = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    loop {
        rest = rest.trim_ascii_start();
        let starts =
            |word: &[u8]| rest.len() >= word.len() && rest[..word.len()].eq_ignore_ascii_case(word);
        if starts(b"<!doctype html") || starts(b"<html") {
            return Some(true);
        }
        if rest.len() < b"<!doctype html".len() {
            let partial =
                |word: &[u8]| word[..rest.len().min(word.len())].eq_ignore_ascii_case(rest);
            if [&b"<!doctype html"[..], b"<html", b"<?xml", b"<!--"]
                .into_iter()
                .any(partial)
            {
                return None;
            }
        }
        let close: &[u8] = if starts(b"<?xml") {
            b"?>"
        } else if starts(b"<!--") {
            b"-->"
        } else {
            return Some(false);
        };
        match memchr::memmem::find(rest, close) {
            Some(at) => rest = &rest[at + close.len()..],
            None => return None,
        }
    }
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
            text(page).0,
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
        // A prolog cut short tells nothing yet; a page or not, once it ends.
        assert!(in_prolog(b"<?xml version=\"1.0\"?><!-- a licence"));
        assert!(in_prolog(b"  <!DOC"));
        assert!(!in_prolog(b"<?xml version=\"1.0\"?><!-- x --><w:document>"));
        assert!(!in_prolog(b"0323.12"));
    }
}
