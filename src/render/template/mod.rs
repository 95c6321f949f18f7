//! `html`, `markdown`, `typst` and `latex`: documents rendered from a template by minijinja,
//! the format's own for the layout (`templates/*.jinja`, built in) or an editor's
//! ([`super::Print::template`]).
//!
//! Every value a template prints is escaped for the format (auto-escape): HTML's `& < > " '`,
//! Markdown's `\ ` * _ [ ] < > | #`, Typst's markup characters, LaTeX's ten special
//! characters; a line break in a value becomes a space. `|safe` prints a value as it is;
//! `|wrap` escapes it and adds break opportunities ([`wrap`]). The variables are listed in
//! `docs/printing.md`: `title`, `paper`, `layout`, `columns`, `labels`, `diagrams`, `kind`,
//! `grouped`, `entries`, `blocks` (each with its `entries`) and, in the compact layout, `runs`.
//! Blocks and entries are objects read field by field as the template asks, so a million
//! entries render without a million maps in memory.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;

use minijinja::value::Value;
use minijinja::{AutoEscape, Environment, context};

mod entry;

use entry::{Entries, Entry, code_value};

use super::compact::run_headings;
use super::print::default_title;
use super::{Block, Format, Heading, Layout, Listing, ListingKind, Print, material_words};

const HTML: &str = include_str!("../templates/html.jinja");
const HTML_COMPACT: &str = include_str!("../templates/html-compact.jinja");
const MARKDOWN: &str = include_str!("../templates/markdown.jinja");
const MARKDOWN_COMPACT: &str = include_str!("../templates/markdown-compact.jinja");
const TYPST: &str = include_str!("../templates/typst.jinja");
const TYPST_COMPACT: &str = include_str!("../templates/typst-compact.jinja");
const LATEX: &str = include_str!("../templates/latex.jinja");
const LATEX_COMPACT: &str = include_str!("../templates/latex-compact.jinja");

/// Characters of a run without a break opportunity after which [`wrap`] adds one anyway.
const RUN: usize = 14;

/// A template that does not parse, or fails while it renders: minijinja's error, which names
/// the template (`markdown`, `typst`, `latex`, or `template` for an editor's) and the line.
#[derive(Debug, thiserror::Error)]
#[error("template error: {0:#}")]
pub struct TemplateError(#[from] minijinja::Error);

/// The built-in template of `format` in `layout`: its source (`templates/*.jinja`). `None`
/// for the formats not rendered from a template.
pub fn builtin(format: Format, layout: Layout) -> Option<&'static str> {
    let compact = layout == Layout::Compact;
    match format {
        Format::Html => Some(if compact { HTML_COMPACT } else { HTML }),
        Format::Markdown => Some(if compact { MARKDOWN_COMPACT } else { MARKDOWN }),
        Format::Typst => Some(if compact { TYPST_COMPACT } else { TYPST }),
        Format::Latex => Some(if compact { LATEX_COMPACT } else { LATEX }),
        _ => None,
    }
}

/// `value` escaped for `kind` (`html`, `markdown`, `typst`, `latex`), appended to `out`.
pub(crate) fn escape(kind: &str, value: &str, out: &mut String) {
    for (i, c) in value.chars().enumerate() {
        escape_char(kind, c, i == 0, out);
    }
}

/// One character of a value escaped for `kind`; `first` when it starts the value.
fn escape_char(kind: &str, c: char, first: bool, out: &mut String) {
    match (kind, c) {
        (_, '\n' | '\r') => out.push(' '),
        ("html", '&') => out.push_str("&amp;"),
        ("html", '<') => out.push_str("&lt;"),
        ("html", '>') => out.push_str("&gt;"),
        ("html", '"') => out.push_str("&quot;"),
        ("html", '\'') => out.push_str("&#39;"),
        ("markdown", '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#') => {
            out.push('\\');
            out.push(c);
        }
        ("typst", '\\' | '#' | '*' | '_' | '`' | '$' | '<' | '>' | '@' | '[' | ']')
        | ("typst", '~' | '/' | '"' | '\'') => {
            out.push('\\');
            out.push(c);
        }
        ("typst", '=' | '-' | '+') if first => {
            out.push('\\');
            out.push(c);
        }
        ("latex", '\\') => out.push_str("\\textbackslash{}"),
        ("latex", '~') => out.push_str("\\textasciitilde{}"),
        ("latex", '^') => out.push_str("\\textasciicircum{}"),
        ("latex", '{' | '}' | '$' | '&' | '#' | '_' | '%') => {
            out.push('\\');
            out.push(c);
        }
        _ => out.push(c),
    }
}

/// The break opportunity of `kind`: LaTeX's `\allowbreak{}`, a zero-width space for Typst,
/// HTML's `<wbr>`; none for Markdown, whose renderers wrap by their own style sheet.
fn break_opportunity(kind: &str) -> &'static str {
    match kind {
        "latex" => "\\allowbreak{}",
        "typst" => "\\u{200B}",
        "html" => "<wbr>",
        _ => "",
    }
}

/// `value` escaped for `kind` ([`escape`]), with a break opportunity where a long cell may wrap
/// without a space: after each square of a square list (`d3|d6|g5|g2.|c4`: a digit followed by
/// a letter), after `/` and, before anything but a digit, after `. _ - : , ;` (paths and
/// references: `fixtures/|labels/|eg-|blocks.|txt:14`; never inside `0116.00`), after `#` and
/// `=` (a study database's sources and names: `Schachzeitung#|0874`, `Mgebrishvili=|M`), each
/// at least three characters into a word (two for `/`), and after every [`RUN`] characters without one,
/// so that no word is wider than a narrow column. The `wrap` filter of the templates; its
/// result is printed as it is.
pub(crate) fn wrap(kind: &str, value: &str) -> String {
    let opportunity = break_opportunity(kind);
    let mut out = String::with_capacity(value.len() + value.len() / 2);
    let mut chars = value.chars().peekable();
    let (mut first, mut run) = (true, 0);
    while let Some(c) = chars.next() {
        escape_char(kind, c, first, &mut out);
        first = false;
        run = if c.is_whitespace() { 0 } else { run + 1 };
        let Some(&next) = chars.peek() else { break };
        if c.is_whitespace() || next.is_whitespace() {
            continue;
        }
        let after = (c == '/' && run >= 2)
            || (matches!(c, '.' | '_' | '-' | ':' | ',' | ';')
                && run >= 3
                && !next.is_ascii_digit())
            || (c.is_ascii_digit() && next.is_ascii_alphabetic())
            || (matches!(c, '#' | '=') && run >= 3);
        if after || run >= RUN {
            out.push_str(opportunity);
            run = 0;
        }
    }
    out
}

fn environment(format: Format) -> Environment<'static> {
    let kind = format.name();
    let mut env = Environment::new();
    // A document ends with a line feed, as its template does.
    if let Ok(syntax) = minijinja::syntax::SyntaxConfig::builder()
        .keep_trailing_newline(true)
        .build()
    {
        env.set_syntax(syntax);
    }
    env.set_auto_escape_callback(move |_| AutoEscape::Custom(kind.into()));
    env.set_formatter(|out, state, value| {
        let AutoEscape::Custom(kind) = state.auto_escape() else {
            return minijinja::escape_formatter(out, state, value);
        };
        if value.is_undefined() || value.is_none() {
            return Ok(());
        }
        let text = value.to_string();
        if value.is_safe() {
            return out.write_str(&text).map_err(minijinja::Error::from);
        }
        let mut escaped = String::with_capacity(text.len() + 8);
        escape(kind, &text, &mut escaped);
        out.write_str(&escaped).map_err(minijinja::Error::from)
    });
    env.add_filter("wrap", move |value: Value| -> Value {
        if value.is_undefined() || value.is_none() {
            return Value::from(());
        }
        let text = value.to_string();
        if value.is_safe() {
            return Value::from_safe_string(text);
        }
        Value::from_safe_string(wrap(kind, &text))
    });
    env
}

/// The HTML anchor of a block: `c0116.00` for a code, `win-0116.00` (`draw-`, `other-`) for a
/// code of a group, `d1`, `d2`, ... for duplicate groups.
fn anchor(heading: &Heading<'_>, code: &str) -> String {
    match *heading {
        Heading::Code { group: None, .. } => format!("c{code}"),
        Heading::Code { group: Some(g), .. } => format!("{}-{code}", g.name()),
        Heading::Position { number, .. } => format!("d{number}"),
    }
}

/// The value of one block: its heading's members and its `entries`.
fn block_value(
    block: &Block<'_>,
    entries: &Arc<Entries>,
    group_heading: Option<&'static str>,
) -> Value {
    let code = block.heading.code();
    let code_text = code_value(code).to_string();
    let anchor_text = anchor(&block.heading, &code_text);
    let (number, kings, squares, label) = match block.heading {
        Heading::Code { .. } => (None, None, None, code_text.clone()),
        Heading::Position {
            number,
            kings,
            squares,
            near,
            ..
        } => {
            let mut label = code_text.clone();
            if let Some(near) = near {
                let _ = write!(label, " ~ {near}");
            }
            let _ = write!(label, " {kings}");
            if let Some(s) = squares {
                let _ = write!(label, " {s}");
            }
            (
                Some(number),
                Some(kings.to_string()),
                squares.map(ToString::to_string),
                label,
            )
        }
    };
    context! {
        code => code_text,
        label => label,
        anchor => anchor_text,
        material => material_words(code),
        group => block.heading.group().map(|g| g.name()),
        group_heading => group_heading,
        number => number,
        kings => kings,
        squares => squares,
        count => block.entries.len(),
        entries => Value::from_dyn_object(Arc::clone(entries)),
    }
}

/// The runs of the compact layout ([`super::compact::run_headings`]): each with its
/// `heading` (none for an ungrouped directory), `count`, `entries` and `rows`, the entries
/// `columns` to a row, left to right. Entries are views of the blocks' own.
fn runs_value(listing: &Listing<'_>, blocks: &[Arc<Entries>], columns: usize) -> Value {
    let mut runs: Vec<(Option<String>, Vec<Value>)> = Vec::new();
    for (heading, entries) in run_headings(listing).into_iter().zip(blocks) {
        if let Some(heading) = heading {
            runs.push((heading, Vec::new()));
        }
        if let Some((_, run)) = runs.last_mut() {
            run.extend((0..entries.0.len()).map(|index| {
                Value::from_object(Entry {
                    entries: Arc::clone(entries),
                    index,
                })
            }));
        }
    }
    let runs: Vec<Value> = runs
        .into_iter()
        .map(|(heading, entries)| {
            let rows: Vec<Value> = entries.chunks(columns).map(Value::from).collect();
            context! {
                heading => heading,
                count => entries.len(),
                entries => entries,
                rows => rows,
            }
        })
        .collect();
    Value::from(runs)
}

/// Renders `listing` with `print.template`, else the built-in template of `format` for
/// `print.layout` ([`builtin`]).
pub(crate) fn write<W: Write>(
    format: Format,
    listing: &Listing<'_>,
    print: &Print,
    w: &mut W,
) -> io::Result<()> {
    let invalid =
        |e: minijinja::Error| io::Error::new(io::ErrorKind::InvalidData, TemplateError(e));
    let env = environment(format);
    let (name, source) = match &print.template {
        Some(source) => ("template", source.as_str()),
        None => (
            format.name(),
            builtin(format, print.layout).unwrap_or_default(),
        ),
    };
    let template = env.template_from_named_str(name, source).map_err(invalid)?;
    let entries: Vec<Arc<Entries>> = listing
        .blocks
        .iter()
        .map(|block| {
            Arc::new(Entries(
                block.entries.iter().map(|r| (*r).clone()).collect(),
            ))
        })
        .collect();
    let mut group = None;
    let blocks: Vec<Value> = listing
        .blocks
        .iter()
        .zip(&entries)
        .map(|(block, entries)| {
            let heading = block.heading.group().filter(|g| Some(*g) != group);
            if heading.is_some() {
                group = heading;
            }
            block_value(block, entries, heading.map(|g| g.heading()))
        })
        .collect();
    let compact = print.layout == Layout::Compact;
    let runs = if compact {
        runs_value(listing, &entries, print.columns())
    } else {
        Value::from(Vec::<Value>::new())
    };
    let labels = listing.blocks.iter().any(|b| {
        b.entries
            .iter()
            .any(|r| r.label.is_some() || r.citation.is_some())
    });
    let paper = print.paper();
    let ctx = context! {
        title => print.title_or(default_title(listing)),
        paper => context! {
            name => paper.name(),
            css => paper.css(),
            typst => paper.typst(),
            latex => paper.latex(),
        },
        layout => if compact { "compact" } else { "full" },
        columns => print.columns(),
        labels => labels,
        diagrams => print.diagrams,
        kind => match listing.kind {
            ListingKind::Duplicates => "duplicates",
            ListingKind::Directory(_) => "directory",
        },
        grouped => matches!(listing.kind, ListingKind::Directory(super::Order::Stipulation)),
        entries => listing.len(),
        blocks => blocks,
        runs => runs,
    };
    let mut out = WriteFmt { w, error: None };
    match template.render_captured_to(ctx, &mut out) {
        Ok(_) => Ok(()),
        Err(e) => Err(out.error.take().unwrap_or_else(|| invalid(e))),
    }
}

/// `render_to_write` wants `io::Write`; this keeps the first I/O error, so that a broken
/// pipe is reported as such rather than as a template error.
struct WriteFmt<'w, W: Write> {
    w: &'w mut W,
    error: Option<io::Error>,
}

impl<W: Write> Write for WriteFmt<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.w.write(buf).inspect_err(|e| {
            self.error
                .get_or_insert_with(|| io::Error::new(e.kind(), e.to_string()));
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        self.w.flush()
    }
}

#[cfg(test)]
mod tests;
