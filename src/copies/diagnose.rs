//! The diagnostics of one caption: its own checks, its board copy, and the copies of it
//! elsewhere, each finding's fixes verified and reduced to those the copies support.

use std::ops::Range;

use super::{
    Caption, Cited, Diagnostic, DiagnosticCheck, Input, LineIndex, board, elsewhere, verify,
};
use crate::check::{Check, Finding, Fix, Severity};

/// Builds a diagnostic of one caption at a span: span, check, severity, message.
pub(crate) type Make<'a> =
    dyn Fn(Range<usize>, DiagnosticCheck, Severity, String) -> Diagnostic + 'a;

/// The checks a board copy explains when it disagrees with the caption: the material ones.
fn explained_by_board(check: Check) -> bool {
    matches!(
        check,
        Check::Squares | Check::MenCount | Check::MenSquares | Check::Nine
    )
}

pub(crate) fn diagnose(
    input: &Input<'_>,
    caption: &Caption,
    others: &elsewhere::Others<'_, '_>,
    index: &[LineIndex],
) -> Vec<Diagnostic> {
    let lines = &index[caption.input];
    let parsed = &caption.parsed;
    let make = |span: Range<usize>, check, severity, message: String| {
        let (line, column) = lines.line_column(span.start);
        Diagnostic {
            path: input.path.clone(),
            input: Some(caption.input),
            span,
            line,
            column,
            check,
            severity,
            message,
            copies: Vec::new(),
            fixes: Vec::new(),
            study: None,
        }
    };
    let findings = crate::check::check(parsed);
    let mut out = Vec::new();
    let mut explained = false;
    if let Some((board, name, place)) = caption.board.as_deref() {
        let disagreements = board::compare(parsed, board, name);
        if !disagreements.is_empty() {
            explained = true;
            let edits: Vec<Fix> = disagreements.iter().map(|d| d.fix.clone()).collect();
            let fixed = verify(input.text, parsed, &edits, Some(board));
            let check = if name.starts_with("the FEN") {
                DiagnosticCheck::Fen
            } else {
                DiagnosticCheck::Diagram
            };
            for d in disagreements {
                let mut diag = make(d.fix.span.clone(), check, Severity::Error, d.message);
                diag.copies.push(Cited {
                    place: place.place.clone(),
                    says: d.says,
                });
                if fixed {
                    diag.fixes.push(d.fix);
                }
                out.push(diag);
            }
        }
    }
    for f in &findings {
        if explained && explained_by_board(f.check()) {
            continue;
        }
        out.push(finding_diagnostic(input, caption, f, others, &make));
    }
    if !explained && findings.iter().all(|f| f.severity() != Severity::Error) {
        out.extend(elsewhere::disagreements(input, caption, others, &make));
    }
    out
}

/// A caption's own finding as a diagnostic, its candidate fixes verified and, where copies
/// elsewhere decide between them, reduced to those they support.
fn finding_diagnostic(
    input: &Input<'_>,
    caption: &Caption,
    f: &Finding,
    others: &elsewhere::Others<'_, '_>,
    make: &Make<'_>,
) -> Diagnostic {
    let parsed = &caption.parsed;
    let board = caption.board.as_ref().map(|b| &b.0);
    let mut fixes: Vec<Fix> = f
        .fixes()
        .filter(|fix| verify(input.text, parsed, std::slice::from_ref(fix), board))
        .cloned()
        .collect();
    let (kept, cited) = elsewhere::decide(parsed, &fixes, others);
    let decided = kept.len() < fixes.len();
    fixes = kept;
    let span = fixes
        .first()
        .map_or_else(|| f.span.clone(), |top| top.span.clone());
    let mut diag = make(
        span,
        DiagnosticCheck::Caption(f.check()),
        f.severity(),
        String::new(),
    );
    diag.copies = cited;
    let mut message = f.kind.to_string();
    if let (Some(name), Check::Nine) = (&caption.men_from, f.check()) {
        message = message.replace("W/B gives", &format!("{name} gives"));
    }
    if let Some(top) = fixes.first() {
        let certainty = if decided || fixes.len() == 1 && f.alternatives.is_empty() {
            "should read"
        } else {
            "should probably read"
        };
        message.push_str(&format!(
            "; the {} {certainty} {}",
            top.part.name(),
            top.replacement
        ));
        for other in &fixes[1..] {
            message.push_str(&format!(
                ", or else {} {}",
                other.part.name(),
                other.replacement
            ));
        }
    }
    diag.message = message;
    diag.fixes = fixes;
    diag
}
