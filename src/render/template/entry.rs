//! An entry as templates see it: an object over one record, each member made when the
//! template reads it; its members are the saved columns' (checked against
//! [`crate::saved::columns::TABLE`]) and five made for printing (docs/printing.md).

use std::sync::Arc;

use minijinja::context;
use minijinja::value::{Enumerator, Object, ObjectRepr, Value};

use crate::record::{PageFrom, Record};
use crate::render::cells::{self, reference};
use crate::render::xlsx::findings_words;
use crate::render::{code_text, diagram, material_words, stipulation_text};
use crate::saved::columns::COLUMNS;

/// Pixel size of a diagram in the HTML layouts.
const BOARD: u32 = 96;

fn text_or_none(value: Option<&str>) -> Value {
    value.map_or(Value::from(()), Value::from)
}

pub(super) fn code_value(code: crate::code::Code) -> Value {
    Value::from(String::from_utf8_lossy(&code_text(code)).into_owned())
}

/// The entries of one block, owned so that templates can hold them.
#[derive(Debug)]
pub(super) struct Entries(pub(super) Vec<Record>);

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

/// The members of an entry, as `docs/printing.md` lists them: the saved columns but
/// `directory_entry` ([`saved`]), in the order of the entry's parts, and the five made for
/// printing (`citation`, `reference`, `material_words`, `findings_text`, `diagram`).
const ENTRY_FIELDS: &[&str] = &[
    saved("code"),
    saved("kings"),
    saved("squares"),
    saved("men"),
    saved("stipulation"),
    saved("path"),
    saved("page"),
    saved("page_index"),
    saved("page_from"),
    saved("label"),
    "citation",
    saved("number"),
    saved("composers"),
    saved("source"),
    saved("year"),
    saved("honour"),
    saved("offset"),
    saved("line"),
    saved("column"),
    saved("length"),
    "reference",
    saved("text"),
    saved("form"),
    saved("rank"),
    saved("material"),
    "material_words",
    saved("canonical"),
    saved("fen"),
    saved("valid"),
    saved("findings"),
    "findings_text",
    "diagram",
    saved("example"),
    saved("tablebase"),
    saved("dtz"),
];

/// `name`, a column of the saved layout ([`crate::saved::columns::TABLE`]): a compile-time
/// error when it is none, so that a member named after a column keeps its name.
const fn saved(name: &'static str) -> &'static str {
    COLUMNS[crate::saved::columns::column(name)]
}

/// A member of the entry's citation: its number, composers (a list), source, year and honour;
/// none where it has none.
fn citation_member(r: &Record, key: &str) -> Value {
    let Some(c) = r.citation.as_deref() else {
        return Value::from(());
    };
    match key {
        "number" => text_or_none(c.number.as_deref()),
        "composers" => Value::from(
            c.composers
                .iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>(),
        ),
        "source" => text_or_none(c.source.as_deref()),
        "year" => c.year.map_or(Value::from(()), Value::from),
        _ => text_or_none(c.honour.as_deref()),
    }
}

/// One entry: a view of one record, each member made when it is read.
#[derive(Debug)]
pub(super) struct Entry {
    pub(super) entries: Arc<Entries>,
    pub(super) index: usize,
}

impl Object for Entry {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let r = &self.entries.0[self.index];
        Some(match key.as_str()? {
            "code" => code_value(r.code),
            "kings" => text_or_none(r.kings.map(|k| k.to_string()).as_deref()),
            "squares" => text_or_none(r.squares.as_ref().map(ToString::to_string).as_deref()),
            "men" => text_or_none(r.men.map(|m| m.to_string()).as_deref()),
            "stipulation" => {
                text_or_none(Some(stipulation_text(r.stipulation)).filter(|s| !s.is_empty()))
            }
            "path" => Value::from(&*r.path.escaped()),
            "page" => text_or_none(r.page.as_deref()),
            "page_index" => r.page_index.map_or(Value::from(()), Value::from),
            "page_from" => text_or_none(r.page_from.map(PageFrom::name)),
            "label" => text_or_none(r.label.as_deref()),
            "citation" => text_or_none(Some(&*cells::printed_label(r)).filter(|t| !t.is_empty())),
            "number" | "composers" | "source" | "year" | "honour" => {
                citation_member(r, key.as_str()?)
            }
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
            "example" => Value::from(r.example),
            "tablebase" => r
                .tablebase
                .map_or(Value::from(()), |t| Value::from(t.name())),
            "dtz" => r.dtz.map_or(Value::from(()), |d| Value::from(d.get())),
            "diagram" => r.fen.as_ref().map_or(Value::from(()), |board| {
                let mut svg = String::new();
                diagram::svg(board, BOARD, &mut svg);
                Value::from_safe_string(svg)
            }),
            _ => return None,
        })
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Str(ENTRY_FIELDS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every saved column but `directory_entry` is a member of an entry.
    #[test]
    fn the_saved_columns_are_members() {
        for name in COLUMNS.into_iter().filter(|&c| c != "directory_entry") {
            assert!(ENTRY_FIELDS.contains(&name), "{name}");
        }
        assert_eq!(ENTRY_FIELDS.len(), COLUMNS.len() - 1 + 5);
    }
}
