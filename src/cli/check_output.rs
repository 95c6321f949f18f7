//! What `gbr check` prints: diagnostics through annotate-snippets, JSON Lines, a unified diff
//! (similar), and the summary.

use std::collections::BTreeMap;
use std::io::{self, Write};

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};
use gbrscan::Severity;
use gbrscan::check::Fix;
use gbrscan::copies::Diagnostic;
use serde::Serialize;

/// The counts printed at the end.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// Inputs checked.
    pub files: u64,
    /// Codes found.
    pub codes: u64,
    /// Codes with no error.
    pub valid: u64,
    /// Errors by check.
    pub errors: BTreeMap<String, u64>,
    /// Warnings.
    pub warnings: u64,
    /// Near misses.
    pub near_misses: u64,
}

impl Summary {
    /// `2 files, 12 codes, 9 valid; errors: diagram 2, men-count 1; 1 warning; 3 near misses`.
    pub fn line(&self) -> String {
        let errors: Vec<String> = self
            .errors
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}, {}, {} valid; {}; {}; {}",
            plural(self.files, "file"),
            plural(self.codes, "code"),
            self.valid,
            if errors.is_empty() {
                "no errors".to_string()
            } else {
                format!("errors: {}", errors.join(", "))
            },
            plural(self.warnings, "warning"),
            plural(self.near_misses, "near miss").replace("near misss", "near misses"),
        )
    }
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    }
}

/// The diagnostic as a compiler prints one: `error[check]: message`, `--> path:line:col`, the
/// source line with the faulty part underlined, the copies cited and the fixes.
pub fn render(d: &Diagnostic, text: Option<&[u8]>, styled: bool) -> String {
    let label = match d.fixes.first() {
        Some(f) => format!("should read {}", f.replacement),
        None => d.check.clone(),
    };
    let title = level(d.severity)
        .primary_title(d.message.as_str())
        .id(d.check.as_str());
    let mut group = match text {
        Some(text) => {
            let start = memchr::memrchr(b'\n', &text[..d.span.start]).map_or(0, |i| i + 1);
            let end = memchr::memchr(b'\n', &text[d.span.start..])
                .map_or(text.len(), |i| d.span.start + i);
            let source = String::from_utf8_lossy(&text[start..end]).into_owned();
            let span = d.span.start - start..d.span.end.min(end) - start;
            Group::with_title(title).element(
                Snippet::source(source)
                    .line_start(d.line as usize)
                    .path(d.path.to_string())
                    .annotation(AnnotationKind::Primary.span(span).label(label)),
            )
        }
        None => Group::with_title(title)
            .element(Level::NOTE.message(format!("at {}:{}", d.path, d.line))),
    };
    for c in &d.copies {
        group = group.element(Level::NOTE.message(format!("{} ({})", c.says, c.place)));
    }
    for (i, f) in d.fixes.iter().enumerate() {
        let rank = if d.fixes.len() > 1 {
            format!("candidate {}: ", i + 1)
        } else {
            String::new()
        };
        group = group.element(Level::HELP.message(format!(
            "{rank}replace the {} with `{}`",
            f.part.name(),
            f.replacement
        )));
    }
    let renderer = if styled {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(&[group])
}

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
    copies: &'a [gbrscan::copies::Cited],
    fixes: Vec<JsonFix<'a>>,
}

/// One JSON object, one line: `{"type":"diagnostic","path":..., "fixes":[...]}`.
pub fn json(w: &mut impl Write, d: &Diagnostic) -> io::Result<()> {
    let value = JsonDiagnostic {
        kind: "diagnostic",
        path: &d.path,
        line: d.line,
        column: d.column,
        offset: d.span.start,
        length: d.span.len(),
        check: &d.check,
        severity: d.severity,
        message: &d.message,
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
    };
    serde_json::to_writer(&mut *w, &value)?;
    writeln!(w)
}

/// The summary as the last JSON line: `{"type":"summary",...}`.
pub fn json_summary(w: &mut impl Write, s: &Summary) -> io::Result<()> {
    #[derive(Serialize)]
    struct Tagged<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        #[serde(flatten)]
        summary: &'a Summary,
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

/// Fixes left out of `--diff` and `--write`.
pub struct Applied {
    /// Diagnostics with fixes none of which is unique.
    pub skipped: usize,
}

/// True when a diagnostic's fix is applied: an error or a near miss with exactly one
/// candidate.
fn applies(d: &Diagnostic) -> bool {
    d.fixes.len() == 1
        && d.input.is_some()
        && (d.severity == Severity::Error || d.check == "near-miss")
}

/// The unique fixes per input, in order, overlapping ones and repeats left out.
pub fn unique_fixes(shown: &[&Diagnostic], inputs: usize) -> Vec<Vec<Fix>> {
    let mut out: Vec<Vec<Fix>> = vec![Vec::new(); inputs];
    for d in shown.iter().filter(|d| applies(d)) {
        let Some(i) = d.input else { continue };
        let fix = &d.fixes[0];
        if !out[i]
            .iter()
            .any(|f| f.span.start < fix.span.end && fix.span.start < f.span.end)
        {
            out[i].push(fix.clone());
        }
    }
    out
}

/// How many diagnostics with fixes are not applied.
pub fn skipped(shown: &[&Diagnostic]) -> Applied {
    Applied {
        skipped: shown
            .iter()
            .filter(|d| !d.fixes.is_empty() && !applies(d))
            .count(),
    }
}

/// `text` with `edits` applied.
pub fn apply(text: &[u8], edits: &[Fix]) -> Vec<u8> {
    gbrscan::copies::apply(text, edits)
}

/// A unified diff of `old` to `new`, headed `a/PATH` and `b/PATH` as `patch -p1` reads it.
pub fn diff(w: &mut impl Write, path: &str, old: &[u8], new: &[u8]) -> io::Result<()> {
    let old = String::from_utf8_lossy(old);
    let new = String::from_utf8_lossy(new);
    let diff = similar::TextDiff::from_lines(old.as_ref(), new.as_ref());
    let path = path.trim_start_matches("./");
    write!(
        w,
        "{}",
        diff.unified_diff()
            .context_radius(3)
            .header(&format!("a/{path}"), &format!("b/{path}"))
    )
}
