//! `html` print layout: one table for the whole listing, whose header row Chromium and other
//! browsers repeat at the top of every printed page, with `@page` size and margins for the
//! paper ([`super::Paper`]). Used for [`super::Layout::Compact`], and for the full layout
//! when a title, a paper or diagrams are asked for.
//!
//! Compact: `code kings` per entry, [`super::Print::columns`] entries to a row, left to right,
//! a heading row per group (wins, draws, others) or duplicate group. Full: a row per entry
//! with code, kings, squares, W/B, stipulation, reference and findings. With diagrams, each
//! entry with a full position shows it as a small inline SVG board ([`super::diagram`]), and
//! each other entry its material in words.

use std::fmt::Write as _;
use std::io::{self, Write};

use crate::record::Record;

use super::cells::{label_text, reference};
use super::compact::{entry_text, runs};
use super::html::escape_into;
use super::print::default_title;
use super::xlsx::findings_words;
use super::{Layout, Listing, Print, code_text, diagram, material_words, stipulation_text};

/// Pixel size of a diagram.
const BOARD: u32 = 96;

fn style(print: &Print) -> String {
    format!(
        "@page {{ size: {}; margin: 12mm; }}
body {{ font-family: Georgia, 'Times New Roman', serif; margin: 1em auto; max-width: 60em; \
padding: 0 1em; color: #111; font-size: 10pt; }}
h1 {{ font-size: 1.5em; margin: 0 0 .3em; }}
table {{ border-collapse: collapse; width: 100%; }}
thead th {{ text-align: left; border-bottom: 1px solid #000; padding: .1em .5em; }}
td {{ padding: .05em .5em; vertical-align: top; }}
td.code, td.kings, td.mono {{ font-family: 'DejaVu Sans Mono', Menlo, monospace; \
white-space: nowrap; }}
td.kings {{ padding-right: 2em; }}
td.label {{ padding-right: 2em; text-align: right; white-space: nowrap; }}
tr.group th {{ text-align: left; font-size: 1.15em; padding: .6em .5em .2em; }}
tr {{ break-inside: avoid; }}
tr.invalid td {{ font-style: italic; }}
.words {{ display: block; font-size: .85em; white-space: normal; }}
svg.board {{ display: block; margin: .2em 0; }}
@media print {{ body {{ margin: 0; max-width: none; }} }}
",
        print.paper().css()
    )
}

/// The diagram of `record`, or its material in words.
fn picture(record: &Record, out: &mut String) {
    match &record.fen {
        Some(board) => diagram::svg(board, BOARD, out),
        None => {
            out.push_str("<span class=\"words\">");
            escape_into(&material_words(record.code), out);
            out.push_str("</span>");
        }
    }
}

fn compact_cell(record: &Record, diagrams: bool, labels: bool, out: &mut String) {
    let code = code_text(record.code);
    let code = std::str::from_utf8(&code).unwrap_or_default();
    let _ = write!(out, "<td class=\"code\">{code}</td><td class=\"kings\">");
    escape_into(record.kings.as_deref().unwrap_or_default(), out);
    if diagrams {
        picture(record, out);
    }
    out.push_str("</td>");
    if labels {
        out.push_str("<td class=\"label\">");
        escape_into(label_text(record), out);
        out.push_str("</td>");
    }
}

fn full_row(record: &Record, diagrams: bool, out: &mut String) {
    out.push_str(if record.valid {
        "<tr>"
    } else {
        "<tr class=\"invalid\">"
    });
    let mut code = String::new();
    entry_text(record, &mut code);
    code.truncate(7);
    let _ = write!(out, "<td class=\"code\">{code}</td>");
    for value in [
        record.kings.as_deref().unwrap_or_default(),
        record.squares.as_deref().unwrap_or_default(),
        record.men.as_deref().unwrap_or_default(),
        stipulation_text(record.stipulation),
    ] {
        out.push_str("<td class=\"mono\">");
        escape_into(value, out);
        out.push_str("</td>");
    }
    out.push_str("<td>");
    escape_into(label_text(record), out);
    out.push_str("</td><td>");
    escape_into(&reference(record), out);
    out.push_str("</td><td>");
    escape_into(&findings_words(record), out);
    out.push_str("</td>");
    if diagrams {
        out.push_str("<td>");
        picture(record, out);
        out.push_str("</td>");
    }
    out.push_str("</tr>\n");
}

/// Writes `listing` as one page laid out for print.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, print: &Print, w: &mut W) -> io::Result<()> {
    let mut title = String::new();
    escape_into(print.title_or(default_title(listing)), &mut title);
    let compact = print.layout == Layout::Compact;
    let columns = print.columns();
    // The compact layout has a label column when an entry has a label.
    let labels = listing
        .blocks
        .iter()
        .any(|b| b.entries.iter().any(|r| r.label.is_some()));
    let (head, span) = if compact {
        let (head, span) = if labels {
            ("<th>Code</th><th>Kings</th><th>Label</th>", 3)
        } else {
            ("<th>Code</th><th>Kings</th>", 2)
        };
        (head.repeat(columns), columns * span)
    } else {
        let mut head = "<th>Code</th><th>Kings</th><th>Squares</th><th>W/B</th>\
                        <th>Stip.</th><th>Label</th><th>Reference</th><th>Findings</th>"
            .to_string();
        if print.diagrams {
            head.push_str("<th>Diagram</th>");
        }
        (head, if print.diagrams { 9 } else { 8 })
    };
    write!(
        w,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>{title}</title>\n<style>\n{}</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <p>{} entries.</p>\n<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n",
        style(print),
        listing.len()
    )?;
    let mut out = String::with_capacity(1 << 16);
    for (heading, entries) in runs(listing) {
        if let Some(heading) = heading {
            out.push_str("<tr class=\"group\">");
            let _ = write!(out, "<th colspan=\"{span}\">");
            escape_into(&heading, &mut out);
            out.push_str("</th></tr>\n");
        }
        if compact {
            for row in entries.chunks(columns) {
                out.push_str("<tr>");
                for record in row {
                    compact_cell(record, print.diagrams, labels, &mut out);
                }
                out.push_str("</tr>\n");
            }
        } else {
            for record in &entries {
                full_row(record, print.diagrams, &mut out);
                if out.len() > 1 << 16 {
                    w.write_all(out.as_bytes())?;
                    out.clear();
                }
            }
        }
        w.write_all(out.as_bytes())?;
        out.clear();
    }
    w.write_all(b"</tbody>\n</table>\n</body>\n</html>\n")
}
