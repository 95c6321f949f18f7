//! The diagnostics of one caption: its own checks, its board copy, and the copies of it
//! elsewhere, each finding's fixes verified and reduced to those the copies support.

use std::ops::Range;

use super::{
    Caption, Cited, Diagnostic, DiagnosticCheck, Input, LineIndex, TableCounts, board, elsewhere,
    tables, verify,
};
use crate::check::{Check, Finding, Fix, Severity};
use crate::tablebase::Tables;
use tables::Judge;

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

/// The diagnostics of one caption: its own checks' findings, its board copy's disagreements,
/// the copies elsewhere where it passes its own checks, and, with `tables`, the tables'
/// verdict on its whole position (counted in `counts`); `n` is the caption's index, by which
/// `judge` holds its probe.
pub(crate) fn diagnose(
    input: &Input<'_>,
    (n, caption): (usize, &Caption),
    others: &elsewhere::Others<'_, '_>,
    index: &[LineIndex],
    judge: Option<&Judge<'_>>,
    counts: &mut TableCounts,
) -> Vec<Diagnostic> {
    let tables = judge.map(|j| j.tables);
    let lines = &index[caption.input];
    let parsed = &caption.parsed;
    let make = |span: Range<usize>, check, severity, message: String| {
        Diagnostic::at(
            (&input.path, caption.input, lines),
            span,
            check,
            severity,
            message,
        )
    };
    let findings = crate::check::check(parsed);
    let mut out = Vec::new();
    let mut explained = false;
    if let Some((board, name, place)) = caption.board.as_deref() {
        let disagreements = board::compare(parsed, board, name);
        if !disagreements.is_empty() {
            // A picture's disagreement explains none of the caption's own findings.
            explained = !name.starts_with("the picture");
            let edits: Vec<Fix> = disagreements.iter().map(|d| d.fix.clone()).collect();
            let fixed = verify(input.text, parsed, &edits, Some(board));
            let check = if name.starts_with("the FEN") {
                DiagnosticCheck::Fen
            } else {
                DiagnosticCheck::Diagram
            };
            // A board read from a picture may be misread: its word is a warning, and it
            // decides no fix.
            let picture = name.starts_with("the picture");
            let severity = if picture {
                Severity::Warning
            } else {
                Severity::Error
            };
            for d in disagreements {
                let mut diag = make(d.fix.span.clone(), check, severity, d.message);
                diag.copies.push(Cited {
                    place: place.place.clone(),
                    says: d.says,
                });
                if fixed && !picture {
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
        out.push(finding_diagnostic(input, caption, f, others, tables, &make));
    }
    let sound = findings.iter().all(|f| f.severity() != Severity::Error);
    if !explained && sound {
        out.extend(elsewhere::disagreements(
            input, caption, others, tables, &make,
        ));
    }
    // The position probed is the board copy's, or the caption's where it passes its own
    // checks: a caption with a wrong digit gives no position to judge.
    if let Some(judge) = judge
        && (sound || caption.board.is_some())
    {
        let warning = tables::compare(judge, n, caption, &make, counts);
        // Said once: where the tables broke a tie between copies, that error names them.
        if !out
            .iter()
            .any(|d| d.copies.iter().any(|c| c.place == tables::THE_TABLES))
        {
            out.extend(warning);
        }
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
    tables: Option<&Tables>,
    make: &Make<'_>,
) -> Diagnostic {
    let parsed = &caption.parsed;
    let board = caption.board.as_ref().map(|b| &b.0);
    let mut fixes: Vec<Fix> = f
        .fixes()
        .filter(|fix| verify(input.text, parsed, std::slice::from_ref(fix), board))
        .cloned()
        .collect();
    let (kept, mut cited) = elsewhere::decide(parsed, &fixes, others);
    let mut decided = kept.len() < fixes.len();
    fixes = kept;
    if let Some(tables) = tables
        && fixes.len() > 1
        && let Some(agreed) = tables::rank(tables, input.text, parsed, &mut fixes)
    {
        // The only candidate the tables agree with, where they contradict every other: the
        // fix every copy and the tables agree with.
        decided = true;
        cited.push(agreed);
    }
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
