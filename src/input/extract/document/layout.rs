//! The layout of a Word or OpenDocument part's tree as lines (the rules are in `mod.rs`'s
//! header), driven by a walk without recursion: each element opens a frame at its start and
//! closes it at its end, so that no nesting exhausts a thread's stack, and a table's rows are
//! found in the one walk.

use roxmltree::Node;

use super::{Document, Role};

/// What an element's children are read as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Where a line may start: paragraphs and tables become lines.
    Block,
    /// In a table: its rows are lines.
    Table,
    /// In a row: its cells, wherever they stand in it (a content control or custom XML
    /// around a cell, as CT_Row allows).
    Row,
    /// In a line's text; `cell` when the line is a cell's (paragraph ends, breaks and tabs
    /// are spaces, and a table nested in the cell is read as its text).
    Line { cell: bool },
    /// Left out.
    Skip,
}

/// What an element opened, closed when the element ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opened {
    Nothing,
    /// A paragraph at block level: a line.
    Paragraph,
    /// A paragraph inside a line (not in a cell): it ends the line before and after it.
    InnerParagraph,
    Row,
    Cell,
    /// A text box or note: lines of their own after the line it stands in.
    Aside,
}

/// Lines written, and the asides met in the line being written (written after it).
struct Sink {
    out: String,
    asides: Vec<String>,
}

impl Sink {
    fn line(&mut self, line: &str) {
        self.out.push_str(line);
        self.out.push('\n');
        self.flush_asides();
    }

    fn flush_asides(&mut self) {
        for aside in std::mem::take(&mut self.asides) {
            self.out.push_str(&aside);
        }
    }
}

/// The layout, driven by the walk: each element opens a frame, closed at its end.
pub(super) struct Layout {
    document: Document,
    /// Per open element: what its children are read as, and what it opened.
    frames: Vec<(Place, Opened)>,
    /// Where lines go: the part's, then one per text box or note being read.
    sinks: Vec<Sink>,
    /// The lines being written: a paragraph's or a cell's, innermost last.
    lines: Vec<String>,
    /// The cells of the rows being read, innermost last.
    rows: Vec<Vec<String>>,
    /// Spaces `text:s` may still write.
    spaces_left: usize,
    /// The images met, each where its line starts in the part's text (0-based byte offset)
    /// and its reference as written (a relationship's id, a member's path).
    images: Vec<(usize, String)>,
}

/// Walks the tree under `root` in document order without recursion (through the nodes'
/// parent and sibling links), calling `layout` at each node's start and end.
pub(super) fn walk(root: Node<'_, '_>, layout: &mut Layout) {
    let mut node = root;
    loop {
        layout.open(node);
        if let Some(child) = node.first_child() {
            node = child;
            continue;
        }
        loop {
            layout.close(node);
            if node == root {
                return;
            }
            if let Some(next) = node.next_sibling() {
                node = next;
                break;
            }
            match node.parent() {
                Some(parent) => node = parent,
                None => return,
            }
        }
    }
}

impl Layout {
    /// The layout of a part of `len` bytes of `document`: its runs of spaces may write as
    /// many spaces as the part has bytes, at least 1 MiB.
    pub(super) fn new(document: Document, len: usize) -> Layout {
        Layout {
            document,
            frames: Vec::new(),
            sinks: vec![Sink {
                out: String::with_capacity(len / 4),
                asides: Vec::new(),
            }],
            lines: Vec::new(),
            rows: Vec::new(),
            spaces_left: len.max(1 << 20),
            images: Vec::new(),
        }
    }

    /// The lines written, with the asides not yet written after them, and the images met
    /// (each where its line starts, 0-based byte offset, and its reference), in order.
    pub(super) fn finish(mut self) -> (String, Vec<(usize, String)>) {
        let mut sink = self.sinks.swap_remove(0);
        sink.flush_asides();
        (sink.out, self.images)
    }

    /// Where the line being written starts in the part's text (0-based byte offset): a
    /// paragraph's own line at block level, past the breaks in it; else (a table's row, a text
    /// box or note, which follow their line) the start of the line they stand in.
    fn line_start(&self) -> usize {
        let base = self.sinks[0].out.len();
        match (
            self.sinks.len(),
            self.lines.as_slice(),
            self.rows.is_empty(),
        ) {
            (1, [line], true) => base + line.rfind('\n').map_or(0, |i| i + 1),
            _ => base,
        }
    }

    fn place(&self) -> Place {
        self.frames.last().map_or(Place::Block, |f| f.0)
    }

    fn sink(&mut self) -> &mut Sink {
        self.sinks.last_mut().expect("the part's sink stays")
    }

    fn line(&mut self) -> &mut String {
        self.lines
            .last_mut()
            .expect("a line is open in a line's place")
    }

    fn open(&mut self, node: Node<'_, '_>) {
        let place = self.place();
        if node.is_text() {
            if matches!(place, Place::Line { .. }) && self.document == Document::Odt {
                let text = node.text().unwrap_or_default();
                self.line().push_str(text);
            }
            return;
        }
        if !node.is_element() {
            return;
        }
        if place != Place::Skip
            && let Some(reference) = self.document.image(node)
        {
            let at = self.line_start();
            self.images.push((at, reference.to_owned()));
        }
        let frame = match (place, self.document.role(node)) {
            (Place::Skip, _) | (_, Role::Skip) => (Place::Skip, Opened::Nothing),
            (Place::Block, Role::Paragraph) => {
                self.lines.push(String::new());
                (Place::Line { cell: false }, Opened::Paragraph)
            }
            (Place::Block, Role::Table) => (Place::Table, Opened::Nothing),
            (Place::Block, _) => (Place::Block, Opened::Nothing),
            (Place::Table, Role::Row) => {
                self.rows.push(Vec::new());
                (Place::Row, Opened::Row)
            }
            (Place::Table, _) => (Place::Table, Opened::Nothing),
            (Place::Row, Role::Cell) => {
                self.lines.push(String::new());
                (Place::Line { cell: true }, Opened::Cell)
            }
            (Place::Row, _) => (Place::Row, Opened::Nothing),
            (Place::Line { cell }, role) => return self.open_inline(node, cell, role),
        };
        self.frames.push(frame);
    }

    /// An element inside a line's text.
    fn open_inline(&mut self, node: Node<'_, '_>, cell: bool, role: Role) {
        let place = Place::Line { cell };
        let frame = match role {
            Role::Text => {
                let text = node.text().unwrap_or_default();
                self.line().push_str(text);
                (Place::Skip, Opened::Nothing)
            }
            Role::Tab | Role::Break if cell => {
                self.line().push(' ');
                (Place::Skip, Opened::Nothing)
            }
            Role::Tab => {
                self.line().push('\t');
                (Place::Skip, Opened::Nothing)
            }
            Role::Break => {
                self.line().push('\n');
                (Place::Skip, Opened::Nothing)
            }
            Role::Spaces(n) => {
                let n = n.min(self.spaces_left).max(1);
                self.spaces_left = self.spaces_left.saturating_sub(n);
                self.line().extend(std::iter::repeat_n(' ', n));
                (Place::Skip, Opened::Nothing)
            }
            Role::Paragraph if cell => {
                let line = self.line();
                if !line.is_empty() {
                    line.push(' ');
                }
                (place, Opened::Nothing)
            }
            Role::Paragraph => {
                self.end_inner_line();
                (place, Opened::InnerParagraph)
            }
            Role::Aside => {
                self.sinks.push(Sink {
                    out: String::new(),
                    asides: Vec::new(),
                });
                (Place::Block, Opened::Aside)
            }
            _ => (place, Opened::Nothing),
        };
        self.frames.push(frame);
    }

    /// Ends the line being written inside a paragraph, when it holds anything.
    fn end_inner_line(&mut self) {
        let line = self.line();
        if !line.is_empty() && !line.ends_with('\n') {
            line.push('\n');
        }
    }

    fn close(&mut self, node: Node<'_, '_>) {
        if !node.is_element() {
            return;
        }
        let Some((_, opened)) = self.frames.pop() else {
            return;
        };
        match opened {
            Opened::Nothing => {}
            Opened::Paragraph => {
                let line = self.lines.pop().unwrap_or_default();
                self.sink().line(&line);
            }
            Opened::InnerParagraph => self.end_inner_line(),
            Opened::Cell => {
                let text = self.lines.pop().unwrap_or_default();
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                if let Some(row) = self.rows.last_mut() {
                    row.push(text);
                }
            }
            Opened::Row => {
                let cells = self.rows.pop().unwrap_or_default();
                self.sink().line(&cells.join("\t"));
            }
            Opened::Aside => {
                if self.sinks.len() > 1 {
                    let mut aside = self.sinks.pop().expect("more than one sink");
                    aside.flush_asides();
                    self.sink().asides.push(aside.out);
                }
            }
        }
    }
}
