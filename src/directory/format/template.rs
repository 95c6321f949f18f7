//! `markdown`, `typst` and `latex`: documents rendered from a template by minijinja, the
//! format's own (`templates/*.jinja`, built in) or an editor's ([`super::Print::template`]).
//!
//! Every value a template prints is escaped for the format (auto-escape): Markdown's `\ ` * _
//! [ ] < > | #`, Typst's markup characters, LaTeX's ten special characters; a line break in a
//! value becomes a space. `|safe` prints a value as it is. The variables are listed in
//! `docs/printing.md`: `title`, `paper`, `kind`, `grouped`, `entries`, `blocks`, each block
//! with its `entries`. Blocks and entries are objects read field by field as the template asks,
//! so a million entries render without a million maps in memory.

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;

use minijinja::value::{Enumerator, Object, ObjectRepr, Value};
use minijinja::{AutoEscape, Environment, context};

use crate::record::{PageFrom, Record};

use super::cells::reference;
use super::print::default_title;
use super::xlsx::findings_words;
use super::{
    Block, Format, Heading, Listing, ListingKind, Print, code_text, material_words,
    stipulation_text,
};

const MARKDOWN: &str = include_str!("templates/markdown.jinja");
const TYPST: &str = include_str!("templates/typst.jinja");
const LATEX: &str = include_str!("templates/latex.jinja");

/// A template that does not parse, or fails while it renders: minijinja's error, which names
/// the template (`markdown`, `typst`, `latex`, or `template` for an editor's) and the line.
#[derive(Debug, thiserror::Error)]
#[error("template error: {0:#}")]
pub struct TemplateError(#[from] minijinja::Error);

/// The built-in template of `format`: its source.
pub fn builtin(format: Format) -> Option<&'static str> {
    match format {
        Format::Markdown => Some(MARKDOWN),
        Format::Typst => Some(TYPST),
        Format::Latex => Some(LATEX),
        _ => None,
    }
}

/// `value` escaped for `kind` (`markdown`, `typst`, `latex`), appended to `out`.
pub(crate) fn escape(kind: &str, value: &str, out: &mut String) {
    for (i, c) in value.chars().enumerate() {
        match (kind, c) {
            (_, '\n' | '\r') => out.push(' '),
            ("markdown", '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '#') => {
                out.push('\\');
                out.push(c);
            }
            ("typst", '\\' | '#' | '*' | '_' | '`' | '$' | '<' | '>' | '@' | '[' | ']')
            | ("typst", '~' | '/' | '"' | '\'') => {
                out.push('\\');
                out.push(c);
            }
            ("typst", '=' | '-' | '+') if i == 0 => {
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
}

fn environment(format: Format) -> Environment<'static> {
    let kind = format.name();
    let mut env = Environment::new();
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
    env
}

fn text_or_none(value: Option<&str>) -> Value {
    value.map_or(Value::from(()), Value::from)
}

fn code_value(code: crate::code::Code) -> Value {
    Value::from(String::from_utf8_lossy(&code_text(code)).into_owned())
}

/// The entries of one block, owned so that templates can hold them.
#[derive(Debug)]
struct Entries(Vec<Record>);

impl Object for Entries {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Seq
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let index = key.as_usize()?;
        (index < self.0.len()).then(|| {
            Value::from_object(Entry {
                entries: Arc::clone(self),
                index,
            })
        })
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Seq(self.0.len())
    }
}

/// The members of an entry, as `docs/printing.md` lists them.
const ENTRY_FIELDS: &[&str] = &[
    "code",
    "kings",
    "squares",
    "men",
    "stipulation",
    "path",
    "page",
    "page_index",
    "page_from",
    "label",
    "offset",
    "line",
    "column",
    "length",
    "reference",
    "text",
    "form",
    "rank",
    "material",
    "material_words",
    "canonical",
    "fen",
    "valid",
    "findings",
    "findings_text",
];

/// One entry: a view of one record, each member made when it is read.
#[derive(Debug)]
struct Entry {
    entries: Arc<Entries>,
    index: usize,
}

impl Object for Entry {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let r = &self.entries.0[self.index];
        Some(match key.as_str()? {
            "code" => code_value(r.code),
            "kings" => text_or_none(r.kings.as_deref()),
            "squares" => text_or_none(r.squares.as_deref()),
            "men" => text_or_none(r.men.as_deref()),
            "stipulation" => {
                text_or_none(Some(stipulation_text(r.stipulation)).filter(|s| !s.is_empty()))
            }
            "path" => Value::from(&*r.path.escaped()),
            "page" => text_or_none(r.page.as_deref()),
            "page_index" => r.page_index.map_or(Value::from(()), Value::from),
            "page_from" => text_or_none(r.page_from.map(PageFrom::name)),
            "label" => text_or_none(r.label.as_deref()),
            "offset" => Value::from(r.offset),
            "line" => Value::from(r.line),
            "column" => Value::from(r.column),
            "length" => Value::from(r.length),
            "reference" => Value::from(reference(r)),
            "text" => Value::from(r.text.as_str()),
            "form" => Value::from(r.form.name()),
            "rank" => Value::from(r.rank.name()),
            "material" => r
                .material
                .as_ref()
                .map_or(Value::from(()), |m| m.with_text(|t| Value::from(t))),
            "material_words" => Value::from(material_words(r.code)),
            "canonical" => Value::from(r.canonical.as_str()),
            "fen" => r.fen.as_ref().map_or(Value::from(()), |b| {
                let mut fen = Vec::new();
                b.board_fen().append_ascii_to(&mut fen);
                Value::from(String::from_utf8_lossy(&fen).into_owned())
            }),
            "valid" => Value::from(r.valid),
            "findings" => Value::from(
                r.findings
                    .iter()
                    .map(|f| {
                        context! {
                            check => f.check.name(),
                            severity => format!("{:?}", f.severity).to_lowercase(),
                            part => f.part.name(),
                            message => f.message.as_str(),
                            fix => f.fix.as_deref(),
                        }
                    })
                    .collect::<Vec<Value>>(),
            ),
            "findings_text" => Value::from(findings_words(r).replace('\n', "; ")),
            _ => return None,
        })
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Str(ENTRY_FIELDS)
    }
}

/// The value of one block: its heading's members and its `entries`.
fn block_value(block: &Block<'_>, group_heading: Option<&'static str>) -> Value {
    let code = block.heading.code();
    let entries = Value::from_object(Entries(
        block.entries.iter().map(|r| (*r).clone()).collect(),
    ));
    let (number, kings, squares, label) = match block.heading {
        Heading::Code { .. } => (None, None, None, code_value(code).to_string()),
        Heading::Position {
            number,
            kings,
            squares,
            near,
            ..
        } => {
            let mut label = code_value(code).to_string();
            if let Some(near) = near {
                let _ = write!(label, " ~ {near}");
            }
            let _ = write!(label, " {kings}");
            if let Some(s) = squares {
                let _ = write!(label, " {s}");
            }
            (Some(number), Some(kings), squares, label)
        }
    };
    context! {
        code => code_value(code),
        label => label,
        material => material_words(code),
        group => block.heading.group().map(|g| g.name()),
        group_heading => group_heading,
        number => number,
        kings => kings,
        squares => squares,
        count => block.entries.len(),
        entries => entries,
    }
}

/// Renders `listing` with `print.template`, else the built-in template of `format`.
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
        None => (format.name(), builtin(format).unwrap_or_default()),
    };
    let template = env.template_from_named_str(name, source).map_err(invalid)?;
    let mut group = None;
    let blocks: Vec<Value> = listing
        .blocks
        .iter()
        .map(|block| {
            let heading = block.heading.group().filter(|g| Some(*g) != group);
            if heading.is_some() {
                group = heading;
            }
            block_value(block, heading.map(|g| g.heading()))
        })
        .collect();
    let paper = print.paper();
    let ctx = context! {
        title => print.title_or(default_title(listing)),
        paper => context! {
            name => paper.name(),
            css => paper.css(),
            typst => paper.typst(),
            latex => paper.latex(),
        },
        kind => match listing.kind {
            ListingKind::Duplicates => "duplicates",
            ListingKind::Directory(_) => "directory",
        },
        grouped => matches!(listing.kind, ListingKind::Directory(super::Order::Stipulation)),
        entries => listing.len(),
        blocks => blocks,
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
mod tests {
    use super::*;

    #[test]
    fn values_are_escaped_for_each_format() {
        let cases = [
            ("markdown", "a|b_c*d", "a\\|b\\_c\\*d"),
            ("markdown", "two\nlines", "two lines"),
            ("typst", "dir/file_1.txt:3", "dir\\/file\\_1.txt:3"),
            ("typst", "= not a heading", "\\= not a heading"),
            ("typst", "a-b", "a-b"),
            ("latex", "50% of $5 & #1_a", "50\\% of \\$5 \\& \\#1\\_a"),
            ("latex", "a\\b~", "a\\textbackslash{}b\\textasciitilde{}"),
        ];
        for (kind, value, expected) in cases {
            let mut out = String::new();
            escape(kind, value, &mut out);
            assert_eq!(out, expected, "{kind}: {value}");
        }
    }
}
