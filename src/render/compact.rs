//! `text` in the compact layout ([`super::Layout::Compact`]): the books' directory style. A
//! title, then per group (wins, draws, others, under [`super::Order::Stipulation`]) a heading
//! and the entries `code kings label` (the label right-aligned, when an entry has one),
//! [`super::Print::columns`] to a line, read down each column first as printed directories are. Duplicate groups are separated by a blank line.

use std::io::{self, Write};

use crate::record::Record;

use super::print::default_title;
use super::{Listing, ListingKind, Print, code_text};

/// Width of one entry without its label: `dddd.dd` and four king squares.
const ENTRY: usize = 12;
/// Widest label printed in full; a longer one pushes the columns after it.
const LABEL: usize = 20;
/// Space between two columns.
const GAP: usize = 4;

/// The text of a compact entry, `0116.00 a7d3` (the code alone when the kings are not given),
/// appended to `out`.
pub(crate) fn entry_text(record: &Record, out: &mut String) {
    out.push_str(std::str::from_utf8(&code_text(record.code)).unwrap_or_default());
    if let Some(kings) = &record.kings {
        out.push(' ');
        kings.push_to(out);
    }
}

/// Where the runs of the compact layout start, block by block: `Some(heading)` for a block
/// that starts a run (a group of a grouped directory, a duplicate group `#1`, or the first
/// block of an ungrouped directory, whose heading is `None`), `None` for a block that goes on
/// the run before it.
pub(crate) fn run_headings(listing: &Listing<'_>) -> Vec<Option<Option<String>>> {
    let mut group = None;
    let mut number = 0;
    listing
        .blocks
        .iter()
        .enumerate()
        .map(|(i, block)| match listing.kind {
            ListingKind::Duplicates => {
                number += 1;
                Some(Some(format!("#{number}")))
            }
            ListingKind::Directory(_) => match block.heading.group() {
                Some(g) if Some(g) == group => None,
                Some(g) => {
                    group = Some(g);
                    Some(Some(g.heading().to_string()))
                }
                None => (i == 0).then_some(None),
            },
        })
        .collect()
}

/// Runs of entries that share a heading ([`run_headings`]): a group of a grouped directory, a
/// duplicate group, or the whole of an ungrouped directory. Each run has its heading, if any.
pub(crate) fn runs<'a>(listing: &Listing<'a>) -> Vec<(Option<String>, Vec<&'a Record>)> {
    let mut runs: Vec<(Option<String>, Vec<&'a Record>)> = Vec::new();
    for (heading, block) in run_headings(listing).into_iter().zip(&listing.blocks) {
        if let Some(heading) = heading {
            runs.push((heading, Vec::new()));
        }
        if let Some(run) = runs.last_mut() {
            run.1.extend(block.entries.iter().copied());
        }
    }
    runs
}

/// Writes `listing` in the compact layout.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, print: &Print, w: &mut W) -> io::Result<()> {
    let title = print.title_or(default_title(listing));
    writeln!(w, "{title}\n{}", "=".repeat(title.chars().count()))?;
    let columns = print.columns();
    let runs = runs(listing);
    let labels = runs
        .iter()
        .flat_map(|(_, entries)| entries)
        .map(|r| super::cells::printed_label(r).chars().count().min(LABEL))
        .max()
        .unwrap_or(0);
    let width = if labels > 0 {
        ENTRY + 2 + labels
    } else {
        ENTRY
    };
    let mut line = String::with_capacity(columns * (width + GAP));
    let mut cell = String::with_capacity(width);
    for (heading, entries) in runs {
        w.write_all(b"\n")?;
        if let Some(heading) = heading {
            writeln!(w, "{heading}\n{}\n", "-".repeat(heading.chars().count()))?;
        }
        let rows = entries.len().div_ceil(columns);
        for row in 0..rows {
            line.clear();
            for column in 0..columns {
                let Some(record) = entries.get(column * rows + row) else {
                    break;
                };
                if column > 0 {
                    let pad =
                        (width + GAP) * column - line.chars().count().min((width + GAP) * column);
                    line.extend(std::iter::repeat_n(' ', pad.max(1)));
                }
                cell.clear();
                entry_text(record, &mut cell);
                if labels > 0 {
                    let label = super::cells::printed_label(record);
                    let used = cell.chars().count() + label.chars().count();
                    cell.extend(std::iter::repeat_n(' ', (width - used.min(width)).max(2)));
                    cell.push_str(&label);
                }
                line.push_str(&cell);
            }
            line.truncate(line.trim_end().len());
            line.push('\n');
            w.write_all(line.as_bytes())?;
        }
    }
    Ok(())
}
