//! Copies of one study found by its citation: two captions of two files with the same number
//! and the same source (and year, where both print one) are the same study, whatever their
//! codes say, so a reprint with a misprinted code or kings is found by its citation, not only
//! by its position (docs/check.md, "The same study by its citation").

use std::collections::HashMap;

use super::lines::LineIndex;
use super::{Caption, Cited, Diagnostic, DiagnosticCheck, Input, study_name};
use crate::check::Severity;

/// What makes two citations the same study: the number as printed, the source in lower case
/// with its blanks and punctuation squeezed, the year.
type Key = (String, String, Option<u16>);

fn key(caption: &Caption) -> Option<Key> {
    let c = caption.citation.as_deref()?;
    let number = c.number.as_deref()?.trim().to_lowercase();
    let source: String = c
        .source
        .as_deref()?
        .split(|ch: char| !ch.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase();
    (!source.is_empty()).then_some((number, source, c.year))
}

/// The code and kings of a caption as printed: `0116.00 a7d3`.
fn printed(caption: &Caption) -> String {
    let p = &caption.parsed.position;
    match p.kings {
        Some(k) => format!("{} {k}", p.code),
        None => p.code.to_string(),
    }
}

/// A `citation` warning on each caption whose study (by [`key`]) is printed with another code
/// or other kings in another file, citing those copies.
pub(super) fn same_study(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
) -> Vec<Diagnostic> {
    let mut by_study: HashMap<Key, Vec<usize>> = HashMap::new();
    for (n, c) in captions.iter().enumerate() {
        if let Some(k) = key(c) {
            by_study.entry(k).or_default().push(n);
        }
    }
    let mut out = Vec::new();
    let mut groups: Vec<&Vec<usize>> = by_study.values().filter(|g| g.len() > 1).collect();
    groups.sort_unstable();
    for group in groups {
        for &n in group {
            let c = &captions[n];
            let here = printed(c);
            let file = &inputs[c.input].source;
            let others: Vec<Cited> = group
                .iter()
                .map(|&m| &captions[m])
                .filter(|o| inputs[o.input].source != *file && printed(o) != here)
                .map(|o| Cited {
                    place: format!("{}:{}", o.path, o.line),
                    says: format!("printed {}", printed(o)),
                })
                .collect();
            if others.is_empty() {
                continue;
            }
            let span = c.parsed.parts.code.clone();
            let (line, column) = index[c.input].line_column(span.start);
            let study = c.citation.as_deref().and_then(study_name);
            out.push(Diagnostic {
                path: c.path.clone(),
                input: Some(c.input),
                span,
                line,
                column,
                check: DiagnosticCheck::Citation,
                severity: Severity::Warning,
                message: format!(
                    "{} is printed {here} here and otherwise in {} other file{}: one of the copies is misprinted",
                    study.as_deref().unwrap_or("the study"),
                    others.len(),
                    if others.len() == 1 { "" } else { "s" }
                ),
                copies: others,
                fixes: Vec::new(),
                study,
            });
        }
    }
    out
}
