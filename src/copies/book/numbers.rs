//! A book's own directory checked by its numbers (docs/check.md, "A directory's numbers"):
//! where an entry and a study of the body print the same position (code and kings) and are
//! the only ones that do, the entry's number (`0014.00 h4b1  - 6 -`) is the study's; where the
//! study's head prints another (`- 5 -`), one of the two is misnumbered. Studies in a row (in
//! the body's numbering, whatever order the directory lists them in) whose entries are all off
//! by one constant offset are one finding, said once for the run: a numbering shifted from one
//! study on.

use std::collections::HashMap;

use super::super::{Caption, Cited, Diagnostic, DiagnosticCheck, LineIndex, study_name};
use crate::check::Severity;

/// What pairs an entry with its study: the code and the kings as printed.
type Key = (String, String);

fn key(caption: &Caption) -> Option<Key> {
    let p = &caption.parsed.position;
    Some((p.code.to_string(), p.kings?.to_string()))
}

/// The number a caption's citation prints, when it is a whole number.
fn number(caption: &Caption) -> Option<i64> {
    caption
        .citation
        .as_deref()?
        .number
        .as_deref()?
        .trim()
        .parse()
        .ok()
}

/// One entry paired with its study: their caption indexes and numbers.
struct Pair {
    entry: usize,
    study: usize,
    listed: i64,
    printed: i64,
}

/// A `directory` note on each entry of `listed` whose study in `body` (the one caption of the
/// body with the same code and kings, when the entry is the only one with them) prints
/// another number, naming both places; one note for a run of such studies in a row (two or
/// more in the body's numbering, no study whose entry agrees between) off by one constant
/// offset, at the entry of its first study and citing its first and last.
pub(crate) fn numbers_disagree(
    index: &[LineIndex],
    captions: &[Caption],
    listed: &[usize],
    body: &[usize],
) -> Vec<Diagnostic> {
    let mut studies: HashMap<Key, Vec<usize>> = HashMap::new();
    for &n in body {
        if let Some(k) = key(&captions[n]) {
            studies.entry(k).or_default().push(n);
        }
    }
    let mut entries: HashMap<Key, usize> = HashMap::new();
    for &n in listed {
        if let Some(k) = key(&captions[n]) {
            *entries.entry(k).or_default() += 1;
        }
    }
    // Each entry paired with its study, in the directory's order: `None` for one that is not.
    let pairs: Vec<Pair> = listed
        .iter()
        .filter_map(|&e| {
            let k = key(&captions[e])?;
            let only = entries.get(&k) == Some(&1);
            let study = match studies.get(&k).map(Vec::as_slice) {
                Some(&[s]) if only => s,
                _ => return None,
            };
            Some(Pair {
                entry: e,
                study,
                listed: number(&captions[e])?,
                printed: number(&captions[study])?,
            })
        })
        .collect();
    // In the body's order: a numbering shifted from one study on is one run, however the
    // directory orders its entries (by code, in columns).
    let mut pairs = pairs;
    pairs.sort_by_key(|p| (p.printed, p.entry));
    let mut out = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let offset = pairs[i].listed - pairs[i].printed;
        let mut j = i + 1;
        while offset != 0 && j < pairs.len() && pairs[j].listed - pairs[j].printed == offset {
            j += 1;
        }
        if offset != 0 {
            out.push(note(index, captions, &pairs[i..j], offset));
        }
        i = j;
    }
    out
}

/// The place of caption `n`: `path:line`.
fn place(captions: &[Caption], n: usize) -> String {
    format!("{}:{}", captions[n].path, captions[n].line)
}

/// The note on the entries of `run` (one or more), off their studies by `offset`.
fn note(index: &[LineIndex], captions: &[Caption], run: &[Pair], offset: i64) -> Diagnostic {
    let first = &captions[run[0].entry];
    let printed = |c: &Caption| {
        let p = &c.parsed.position;
        p.kings
            .map_or(p.code.to_string(), |k| format!("{} {k}", p.code))
    };
    let message = if let [pair] = run {
        format!(
            "directory entry {} is numbered {}, its study (the same position) {} in the body ({}): one of the two numbers is wrong",
            printed(first),
            pair.listed,
            pair.printed,
            place(captions, pair.study)
        )
    } else {
        let by = if offset > 0 { "above" } else { "below" };
        let last = &run[run.len() - 1];
        format!(
            "the directory numbers {} studies of the body, {} to {}, {} {by} the body does ({} for {} to {} for {}): the directory or the body is numbered otherwise over these studies",
            run.len(),
            run[0].printed,
            last.printed,
            offset.unsigned_abs(),
            run[0].listed,
            run[0].printed,
            last.listed,
            last.printed,
        )
    };
    // The run's first and last studies (a run may hold hundreds), or the one.
    let ends: Vec<&Pair> = match run {
        [one] => vec![one],
        [first, .., last] => vec![first, last],
        [] => Vec::new(),
    };
    let copies = ends
        .into_iter()
        .map(|p| Cited {
            place: place(captions, p.study),
            says: format!(
                "study {} ({}), listed as {}",
                p.printed,
                printed(&captions[p.study]),
                p.listed
            ),
        })
        .collect();
    let span = first.parsed.parts.code.clone();
    let (line, column) = index[first.input].line_column(span.start);
    Diagnostic {
        path: first.path.clone(),
        input: Some(first.input),
        span,
        line,
        column,
        check: DiagnosticCheck::Directory,
        severity: Severity::Note,
        message,
        copies,
        fixes: Vec::new(),
        study: captions[run[0].study]
            .citation
            .as_deref()
            .and_then(study_name),
    }
}
