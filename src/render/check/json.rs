//! The diagnostics of `gbr check` as JSON Lines: one object per diagnostic, then the summary.

use std::io::{self, Write};

use serde::Serialize;

use super::CheckSummary;
use crate::check::Severity;
use crate::copies::Diagnostic;
use crate::copies::fixes::Doubt;

#[derive(Serialize)]
struct JsonFix<'a> {
    part: &'static str,
    offset: usize,
    length: usize,
    replacement: &'a str,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    path: &'a str,
    line: u64,
    column: u64,
    offset: usize,
    length: usize,
    check: &'a str,
    severity: Severity,
    message: &'a str,
    copies: &'a [crate::copies::Cited],
    fixes: Vec<JsonFix<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unwritten: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    study: Option<&'a str>,
}

/// One JSON object, one line: `{"type":"diagnostic","path":..., "fixes":[...]}`, and
/// `"unwritten"`, why `--write` leaves the fix out, where `unwritten` gives a reason.
pub fn json(w: &mut impl Write, d: &Diagnostic, unwritten: Option<&Doubt>) -> io::Result<()> {
    let value = JsonDiagnostic {
        kind: "diagnostic",
        path: &d.path,
        line: d.line,
        column: d.column,
        offset: d.span.start,
        length: d.span.len(),
        check: d.check.name(),
        severity: d.severity,
        message: &d.message,
        study: d.study.as_deref(),
        copies: &d.copies,
        fixes: d
            .fixes
            .iter()
            .map(|f| JsonFix {
                part: f.part.name(),
                offset: f.span.start,
                length: f.span.len(),
                replacement: &f.replacement,
            })
            .collect(),
        unwritten: unwritten.map(ToString::to_string),
    };
    serde_json::to_writer(&mut *w, &value)?;
    writeln!(w)
}

/// The summary as the last JSON line: `{"type":"summary",...}`.
pub fn json_summary(w: &mut impl Write, s: &CheckSummary) -> io::Result<()> {
    #[derive(Serialize)]
    struct Tagged<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        #[serde(flatten)]
        summary: &'a CheckSummary,
    }
    serde_json::to_writer(
        &mut *w,
        &Tagged {
            kind: "summary",
            summary: s,
        },
    )?;
    writeln!(w)
}
