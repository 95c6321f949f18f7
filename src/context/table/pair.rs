//! Pairing a table's runs in the book's order (docs/reading.md, "Tables exported as column
//! runs"): its lines cut into columns, each column's king pairs and labels given to its codes,
//! and labels set apart from their column given to the codes still waiting for theirs.

use std::ops::Range;

use super::line::LineKind;
use super::{Slot, Unpaired};
use crate::context::Above;

/// One column of a table: a run of codes (or of rows `code kings`), and the king pairs and
/// labels read after it, before the next run of codes or heading.
#[derive(Debug, Default)]
pub(super) struct Column {
    /// Indexes of its codes among the table's slots.
    slots: Range<usize>,
    rows: bool,
    kings: Vec<Range<usize>>,
    labels: Vec<Range<usize>>,
}

/// The codes of a table's lines (each with its kind and tokens, in order) that the table
/// reads, each with what the table gives it: every code of a run of two codes or more, and a
/// row or a lone code the table gives a label or a note. Empty when the lines hold fewer than
/// two codes, or no king pair or label to pair with them.
pub(super) fn pair(lines: &[(LineKind, Vec<Range<usize>>)]) -> Vec<Slot> {
    let (mut slots, columns) = columns(lines);
    let nothing = columns
        .iter()
        .all(|c| c.kings.is_empty() && c.labels.is_empty());
    if slots.len() < 2 || nothing {
        return Vec::new();
    }
    for column in &columns {
        kings(&mut slots, column);
    }
    labels(&mut slots, &columns);
    // A row the table gives nothing, and a column of one code (a caption broken over lines,
    // `0116.00` over `a7d3`), are read as any code is, with the label near them.
    let mut keep = vec![false; slots.len()];
    for column in &columns {
        let run = !column.rows && column.slots.len() >= 2;
        for i in column.slots.clone() {
            keep[i] = run || slots[i].label.is_some() || slots[i].unpaired.is_some();
        }
    }
    let mut i = 0;
    slots.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    slots
}

/// The table's codes and its columns. A run of codes (or rows) after king pairs, labels or
/// a heading starts a column; every code but the first stands under the one before it, or
/// under the heading between them.
fn columns(lines: &[(LineKind, Vec<Range<usize>>)]) -> (Vec<Slot>, Vec<Column>) {
    let mut slots: Vec<Slot> = Vec::new();
    let mut columns: Vec<Column> = Vec::new();
    let mut heading = None;
    for (kind, tokens) in lines {
        let rows = *kind == LineKind::Rows;
        match kind {
            LineKind::Codes | LineKind::Rows => {
                let new = columns
                    .last()
                    .is_none_or(|c| c.rows != rows || !c.kings.is_empty() || !c.labels.is_empty())
                    || heading.is_some();
                if new {
                    let at = slots.len();
                    columns.push(Column {
                        slots: at..at,
                        rows,
                        ..Column::default()
                    });
                }
                let step = if rows { 2 } else { 1 };
                for token in tokens.chunks(step) {
                    let above = match heading.take() {
                        _ if slots.is_empty() => None,
                        Some(s) => Some(Above::Heading(s)),
                        None => Some(Above::Code),
                    };
                    slots.push(Slot {
                        anchor: token[0].start,
                        kings: token.get(1).cloned(),
                        row: rows,
                        above,
                        ..Slot::default()
                    });
                }
                if let Some(column) = columns.last_mut() {
                    column.slots.end = slots.len();
                }
            }
            LineKind::Kings | LineKind::Labels => {
                // Runs before the table's first code belong to no column.
                if let Some(column) = columns.last_mut() {
                    let runs = if *kind == LineKind::Kings {
                        &mut column.kings
                    } else {
                        &mut column.labels
                    };
                    runs.extend(tokens.iter().cloned());
                }
            }
            LineKind::Heading(s) => heading = Some(*s),
            LineKind::Blank | LineKind::Other => {}
        }
    }
    (slots, columns)
}

/// The note of a code whose runs were not paired.
fn note(slot: &mut Slot, codes: usize, king_pairs: Option<usize>, labels: Option<usize>) {
    let note = slot.unpaired.get_or_insert(Unpaired {
        codes: codes as u32,
        king_pairs: None,
        labels: None,
    });
    if let Some(n) = king_pairs {
        note.king_pairs = Some(n as u32);
    }
    if let Some(n) = labels {
        note.labels = Some(n as u32);
    }
}

/// A column's king pairs given to its codes in order, when there are as many; else each code
/// gets a note. A row's king pair is its own.
fn kings(slots: &mut [Slot], column: &Column) {
    let codes = column.slots.len();
    if column.kings.is_empty() {
        return;
    }
    if column.rows || column.kings.len() != codes {
        for slot in &mut slots[column.slots.clone()] {
            note(slot, codes, Some(column.kings.len()), None);
        }
        return;
    }
    for (slot, kings) in slots[column.slots.clone()].iter_mut().zip(&column.kings) {
        slot.kings = Some(kings.clone());
    }
}

/// The labels of the columns given to their codes. A column with as many labels as codes
/// takes its own. Columns that do not, one after the other, are taken together: labels set
/// apart from their column (a column's run of labels printed after the next heading's rows)
/// are given in order to the codes still waiting, once the columns taken together hold as many
/// labels as codes; if they come to more, or the table ends first, no label of theirs is given
/// and their codes get a note (none when they had no label at all).
fn labels(slots: &mut [Slot], columns: &[Column]) {
    let mut group: Vec<&Column> = Vec::new();
    let (mut codes, mut labels) = (0, 0);
    let give = |slots: &mut [Slot], group: &[&Column]| {
        let waiting = group.iter().flat_map(|c| c.slots.clone());
        let given = group.iter().flat_map(|c| c.labels.iter());
        for (i, label) in waiting.zip(given) {
            slots[i].label = Some(label.clone());
        }
    };
    let refuse = |slots: &mut [Slot], group: &[&Column], codes, labels| {
        if labels == 0 {
            return;
        }
        for i in group.iter().flat_map(|c| c.slots.clone()) {
            note(&mut slots[i], codes, None, Some(labels));
        }
    };
    for column in columns {
        let own = column.labels.len() == column.slots.len();
        if own && !column.labels.is_empty() {
            refuse(slots, &group, codes, labels);
            group.clear();
            (codes, labels) = (0, 0);
            give(slots, &[column]);
            continue;
        }
        group.push(column);
        codes += column.slots.len();
        labels += column.labels.len();
        if labels == codes {
            give(slots, &group);
        } else if labels < codes {
            continue;
        } else {
            refuse(slots, &group, codes, labels);
        }
        group.clear();
        (codes, labels) = (0, 0);
    }
    refuse(slots, &group, codes, labels);
}
