//! The text of each field, as every format writes it, without allocating where it can.

use std::io;

use compact_str::CompactString;

use crate::code::Code;
use crate::record::{PageFrom, Record};
use crate::stipulation::Stipulation;

use super::{Block, Heading, Lead};
use crate::order::Group;

/// The canonical sign of a stipulation, as `Display` writes it, without allocating.
pub(crate) fn stipulation_text(stipulation: Option<Stipulation>) -> &'static str {
    use crate::stipulation::Outcome::{Draw, Win};
    use shakmaty::Color::{Black, White};
    match stipulation.map(|s| (s.outcome, s.to_move)) {
        None => "",
        Some((Some(Win), White)) => "+",
        Some((Some(Draw), White)) => "=",
        Some((Some(Win), Black)) => "-+",
        Some((Some(Draw), Black)) => "-=",
        Some((None, White)) => "WTM",
        Some((None, Black)) => "BTM",
    }
}

/// The code's text `dddd.dd`, without allocating.
pub(crate) fn code_text(code: Code) -> [u8; 7] {
    let d = code.digits().map(|d| b'0' + d.value());
    [d[0], d[1], d[2], d[3], b'.', d[4], d[5]]
}

/// The source reference as the printed formats write it: `path:line`, then ` (p. 302)` for a
/// code found on a PDF page printed 302 (its label or folio, else its index: docs/inputs.md,
/// "Pages"; the page's lines count within its text); for a study merged with its entry in its
/// book's own directory, `, directory LINE` and its page after it, and `as CODE KINGS` where the
/// directory prints another code.
pub(crate) fn reference(record: &Record) -> String {
    let mut text = match &record.page {
        Some(page) => format!("{}:{} (p. {page})", record.path, record.line),
        None => format!("{}:{}", record.path, record.line),
    };
    // A study merged with its entry in the book's own directory (`copies::merge`).
    if let Some(entry) = &record.directory_entry {
        text.push_str(&format!(", directory {}", entry.line));
        if let Some(page) = &entry.page {
            text.push_str(&format!(" (p. {page})"));
        }
        // Paired by the study's number, the directory printing another code.
        if let Some(printed) = &entry.printed {
            text.push_str(&format!(" as {printed}"));
        }
    }
    text
}

/// The label of `record` ([`crate::context::label`]), empty when it has none.
pub(crate) fn label_text(record: &Record) -> &str {
    record.label.as_deref().unwrap_or_default()
}

/// What the printed formats set after an entry, as an index does: its citation
/// ([`crate::citation::Citation::index_text`]: `31  EBUR 2000`, `18601 Didukh, 1st prize`) where it has
/// one, else its label, else nothing.
pub(crate) fn printed_label(record: &Record) -> std::borrow::Cow<'_, str> {
    match record.citation.as_deref() {
        Some(cite) => std::borrow::Cow::Owned(cite.index_text()),
        None => std::borrow::Cow::Borrowed(label_text(record)),
    }
}

/// The material of `code` in words (`wR wB v bN bN`), or why there is none.
pub(crate) fn material_words(code: Code) -> String {
    code.material().map_or_else(
        || "material not decodable (a digit 9)".to_string(),
        |m| m.human(),
    )
}

/// Calls `cell` with each cell of `record` in [`COLUMNS`] order: absent values are empty,
/// `valid` is `true`/`false`, `findings` is a JSON array, `directory_entry` a JSON object or
/// nothing, `example` is `true` or nothing, `tablebase` and `dtz` empty where not probed. `scratch` is reused for the FEN, the findings and the entry.
pub(crate) fn cells(
    record: &Record,
    scratch: &mut Vec<u8>,
    cell: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    cells_with(record, scratch, Findings::Json, cell)
}

/// How the `findings` cell is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Findings {
    /// A JSON array of the findings, which the readers of a saved directory read back.
    Json,
    /// In words, for people: each finding as `severity message` (`error men-count: W/B is
    /// 10/9, ...`), joined by ` | `, as `gbr scan` prints them.
    Words,
}

/// The findings of `record` in words ([`Findings::Words`]) appended to `out`.
fn findings_in_words(record: &Record, out: &mut Vec<u8>) {
    for (i, finding) in record.findings.iter().enumerate() {
        if i > 0 {
            out.extend_from_slice(b" | ");
        }
        out.extend_from_slice(finding.severity.name().as_bytes());
        out.push(b' ');
        out.extend_from_slice(finding.message.as_bytes());
    }
}

/// [`cells`] with the `findings` cell written as `findings` says.
pub(crate) fn cells_with(
    record: &Record,
    scratch: &mut Vec<u8>,
    findings: Findings,
    mut cell: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut number = itoa::Buffer::new();
    cell(&code_text(record.code))?;
    part_text(scratch, |t| record.kings.inspect(|k| k.push_to(t)));
    cell(scratch)?;
    part_text(scratch, |t| {
        record.squares.as_ref().inspect(|s| s.push_to(t))
    });
    cell(scratch)?;
    part_text(scratch, |t| record.men.inspect(|m| m.push_to(t)));
    cell(scratch)?;
    cell(stipulation_text(record.stipulation).as_bytes())?;
    // Escaped where it is not plain UTF-8 (`crate::source_path`), so that it reads back.
    cell(&record.path.escaped_bytes())?;
    cell(text(&record.page))?;
    match record.page_index {
        Some(index) => cell(number.format(index).as_bytes())?,
        None => cell(b"")?,
    }
    cell(record.page_from.map_or("", PageFrom::name).as_bytes())?;
    for n in [record.offset, record.line, record.column, record.length] {
        cell(number.format(n).as_bytes())?;
    }
    cell(text(&record.label))?;
    citation_cells(record, scratch, &mut number, &mut cell)?;
    cell(record.text.as_bytes())?;
    cell(record.form.name().as_bytes())?;
    cell(record.rank.name().as_bytes())?;
    match &record.material {
        Some(material) => material.with_text(|t| cell(t.as_bytes()))?,
        None => cell(b"")?,
    }
    cell(record.canonical.as_bytes())?;
    scratch.clear();
    if let Some(board) = &record.fen {
        board.board_fen().append_ascii_to(scratch);
    }
    cell(scratch)?;
    cell(if record.valid { b"true" } else { b"false" })?;
    scratch.clear();
    match findings {
        Findings::Words => findings_in_words(record, scratch),
        Findings::Json if record.findings.is_empty() => scratch.extend_from_slice(b"[]"),
        Findings::Json => serde_json::to_writer(&mut *scratch, &record.findings)?,
    }
    cell(scratch)?;
    // The entry of the study's own directory merged into it, as a JSON object (`line`, and
    // `page`, `page_index` and `label` where known), which the readers read back.
    scratch.clear();
    if let Some(entry) = &record.directory_entry {
        serde_json::to_writer(&mut *scratch, entry)?;
    }
    cell(scratch)?;
    // An example of the notation in prose (`context::example`), no study.
    cell(if record.example { b"true" } else { b"" })?;
    // The tables' verdict and distance, where `--tablebase` probed the position.
    cell(record.tablebase.map_or("", |t| t.name()).as_bytes())?;
    match record.dtz {
        Some(dtz) => cell(number.format(dtz.get()).as_bytes()),
        None => cell(b""),
    }
}

/// The cells `number`, `composers` (joined by ` & `), `source`, `year` and `honour` of
/// `record`'s citation, empty where it has none.
fn citation_cells(
    record: &Record,
    scratch: &mut Vec<u8>,
    number: &mut itoa::Buffer,
    cell: &mut impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let Some(cite) = record.citation.as_deref() else {
        return (0..5).try_for_each(|_| cell(b""));
    };
    cell(text(&cite.number))?;
    scratch.clear();
    for (i, name) in cite.composers.iter().enumerate() {
        if i > 0 {
            scratch.extend_from_slice(crate::citation::COMPOSER_SEPARATOR.as_bytes());
        }
        scratch.extend_from_slice(name.as_bytes());
    }
    cell(scratch)?;
    cell(text(&cite.source))?;
    match cite.year {
        Some(year) => cell(number.format(year).as_bytes())?,
        None => cell(b"")?,
    }
    cell(text(&cite.honour))
}

/// Makes in `scratch` the text `push` appends (a part's `push_to`): no allocation once
/// `scratch` has grown to a square list's length.
fn part_text<T>(scratch: &mut Vec<u8>, push: impl FnOnce(&mut String) -> T) {
    scratch.clear();
    // An empty vector is UTF-8; its capacity is kept.
    let mut text = String::from_utf8(std::mem::take(scratch)).unwrap_or_default();
    push(&mut text);
    *scratch = text.into_bytes();
}

fn text(value: &Option<CompactString>) -> &[u8] {
    value.as_deref().unwrap_or_default().as_bytes()
}

/// What the lead cell of a row is made of: the 1-based number of its duplicate group (0 in a
/// directory) and its group. Taken from the block where the rows are written from a listing,
/// so that putting a row together does not touch its record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct LeadOf {
    pub(crate) number: usize,
    pub(crate) group: Group,
}

impl LeadOf {
    /// The lead of `record` written on its own, as `gbr merge` streams it: a directory entry.
    pub(crate) fn record(record: &Record) -> LeadOf {
        LeadOf {
            number: 0,
            group: Group::of(record.stipulation),
        }
    }

    /// The lead of every entry of `block`: its duplicate group's number, or its group.
    pub(crate) fn block(block: &Block<'_>) -> LeadOf {
        match block.heading {
            Heading::Position { number, .. } => LeadOf {
                number,
                group: Group::Other,
            },
            Heading::Code { group, .. } => LeadOf {
                number: 0,
                group: group.unwrap_or(Group::Other),
            },
        }
    }
}

/// Calls `cell` with the lead cell of a row led by `of`, if the lead has one: the group's name,
/// or the duplicate group's number.
pub(crate) fn lead_cell(
    lead: Lead,
    of: LeadOf,
    cell: impl FnOnce(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    match lead {
        Lead::None => Ok(()),
        Lead::Group => cell(of.group.name().as_bytes()),
        Lead::Duplicate => cell(itoa::Buffer::new().format(of.number).as_bytes()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulation_text_matches_display() {
        for s in ["+", "=", "-+", "-=", "WTM", "BTM"] {
            let stipulation: Stipulation = s.parse().unwrap();
            assert_eq!(stipulation_text(Some(stipulation)), stipulation.to_string());
        }
    }
}
