//! `html`: one self-contained page: a contents list of codes, an anchor and a table
//! per code, print styles (`@media print`), no scripts and no external assets.
//!
//! Anchors: `c0116.00` for a code, `win-0116.00` (`draw-`, `other-`) for a code within a group
//! under [`super::Order::Stipulation`], `d1`, `d2`, ... for duplicate groups.

use std::fmt::Write as _;
use std::io::{self, Write};

use compact_str::CompactString;

use crate::check::Severity;
use crate::record::Record;

use super::{Block, Heading, Listing, code_text, material_words, stipulation_text};

const STYLE: &str = "\
body { font-family: Georgia, 'Times New Roman', serif; margin: 2em auto; max-width: 60em; \
padding: 0 1em; color: #111; }
h1 { font-size: 1.6em; }
nav ol { columns: 3 18em; padding-left: 0; list-style: none; }
nav li { break-inside: avoid; }
section { margin: 1.5em 0; }
h3 { font-size: 1.1em; margin: 0 0 .3em; }
.material { font-weight: normal; margin-left: 1em; }
.up { font-size: .8em; font-weight: normal; margin-left: 1em; }
table { border-collapse: collapse; width: 100%; table-layout: fixed; }
th:nth-child(1) { width: 4em; }
th:nth-child(2) { width: 10em; }
th:nth-child(3) { width: 3em; }
th:nth-child(4) { width: 5.5em; }
th:nth-child(6) { width: 28%; }
th, td { text-align: left; padding: .15em .6em; border-bottom: 1px solid #ccc; \
vertical-align: top; \
overflow-wrap: anywhere; }
td.mono, .code { font-family: 'DejaVu Sans Mono', Menlo, monospace; }
tr.invalid td { background: #fdecea; }
@media print {
  body { margin: 0; max-width: none; font-size: 10pt; }
  nav { break-after: page; }
  section { break-inside: avoid; }
  .up { display: none; }
  a { color: inherit; text-decoration: none; }
  tr.invalid td { background: none; font-style: italic; }
}
";

/// `text` with `& < > " '` escaped for HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_into(text, &mut out);
    out
}

/// Appends `text` to `out` with `& < > " '` escaped for HTML text and attribute values; the
/// print layout (`print_html`) writes through it too.
pub(super) fn escape_into(text: &str, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
}

/// The anchor of a block and the label of its contents entry.
fn anchor(block: &Block<'_>) -> (String, String) {
    let code = String::from_utf8_lossy(&code_text(block.heading.code())).into_owned();
    match block.heading {
        Heading::Code { group: None, .. } => (format!("c{code}"), code),
        Heading::Code { group: Some(g), .. } => (format!("{}-{code}", g.name()), code),
        Heading::Position {
            number,
            kings,
            squares,
            near,
            ..
        } => {
            let squares = squares.map(|s| format!(" {s}")).unwrap_or_default();
            let code = near.map_or(code.clone(), |n| format!("{code} ~ {n}"));
            (format!("d{number}"), format!("{code} {kings}{squares}"))
        }
    }
}

fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Note => "note",
        Severity::Warning => "warning",
        Severity::Error => "error",
    }
}

fn row(record: &Record, out: &mut String) {
    let class = if record.valid {
        ""
    } else {
        " class=\"invalid\""
    };
    let cell = |value: &Option<CompactString>| escape(value.as_deref().unwrap_or_default());
    let findings: Vec<String> = record
        .findings
        .iter()
        .map(|f| format!("{}: {}", severity(f.severity), escape(&f.message)))
        .collect();
    let _ = writeln!(
        out,
        "<tr{class}><td class=\"mono\">{}</td><td class=\"mono\">{}</td><td>{}</td>\
         <td>{}</td><td>{}:{}</td><td>{}</td></tr>",
        cell(&record.kings),
        cell(&record.squares),
        cell(&record.men),
        escape(stipulation_text(record.stipulation)),
        escape(&record.path.escaped()),
        record.line,
        findings.join("<br>"),
    );
}

fn section(block: &Block<'_>, out: &mut String) {
    let (id, label) = anchor(block);
    let words = escape(&material_words(block.heading.code()));
    let _ = writeln!(
        out,
        "<section id=\"{id}\">\n<h3><span class=\"code\">{}</span>\
         <span class=\"material\">{words}</span><a class=\"up\" href=\"#contents\">contents</a>\
         </h3>\n<table>\n<thead><tr><th>Kings</th><th>Squares</th><th>W/B</th>\
         <th>Stipulation</th><th>Reference</th><th>Findings</th></tr></thead>\n<tbody>",
        escape(&label)
    );
    for record in &block.entries {
        row(record, out);
    }
    out.push_str("</tbody>\n</table>\n</section>\n");
}

/// Writes `listing` as one page.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let title = match listing.kind {
        super::ListingKind::Duplicates => "GBR directory: duplicates",
        super::ListingKind::Directory(_) => "GBR directory",
    };
    let mut contents = String::new();
    let mut body = String::new();
    let mut group = None;
    for block in &listing.blocks {
        if let Some(g) = block.heading.group().filter(|g| Some(*g) != group) {
            if group.is_some() {
                contents.push_str("</ol>\n");
            }
            group = Some(g);
            let _ = writeln!(contents, "<h3>{}</h3>\n<ol>", g.heading());
            let _ = writeln!(body, "<h2 id=\"{}\">{}</h2>", g.name(), g.heading());
        } else if contents.is_empty() {
            contents.push_str("<ol>\n");
        }
        let (id, label) = anchor(block);
        let _ = writeln!(
            contents,
            "<li><a href=\"#{id}\">{}</a> {} ({})</li>",
            escape(&label),
            escape(&material_words(block.heading.code())),
            block.entries.len()
        );
        section(block, &mut body);
    }
    if !contents.is_empty() {
        contents.push_str("</ol>\n");
    }
    write!(
        w,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<h1>{title}</h1>\n\
         <p>{} entries under {} headings.</p>\n<nav id=\"contents\">\n<h2>Contents</h2>\n\
         {contents}</nav>\n<main>\n{body}</main>\n</body>\n</html>\n",
        listing.len(),
        listing.blocks.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_characters_are_escaped() {
        assert_eq!(escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
    }
}
