//! A fix is proposed only when the corrected caption then passes every check against every
//! board copy.

use shakmaty::Board;

use crate::check::{Fix, Severity, check};
use crate::parse::{Parsed, parse_at};

/// Bytes of context kept on each side of a caption when it is re-read corrected.
const CONTEXT: usize = 256;

/// Applies `edits` (byte ranges in `text`, not overlapping) to a copy of `text`.
pub fn apply(text: &[u8], edits: &[Fix]) -> Vec<u8> {
    let mut sorted: Vec<&Fix> = edits.iter().collect();
    sorted.sort_by_key(|f| std::cmp::Reverse(f.span.start));
    let mut out = text.to_vec();
    for f in sorted {
        out.splice(f.span.clone(), f.replacement.bytes());
    }
    out
}

/// The caption `parsed` (read from `text`) read again with `edits` applied, in a window of the
/// text around it; `None` when an edit falls outside the caption, or nothing reads there.
pub(crate) fn reread(text: &[u8], parsed: &Parsed, edits: &[Fix]) -> Option<Parsed> {
    if edits.is_empty()
        || edits
            .iter()
            .any(|e| e.span.start < parsed.span.start || e.span.end > parsed.span.end)
    {
        return None;
    }
    let from = parsed.span.start.saturating_sub(CONTEXT);
    let to = (parsed.span.end + CONTEXT).min(text.len());
    let shifted: Vec<Fix> = edits
        .iter()
        .map(|e| Fix {
            span: e.span.start - from..e.span.end - from,
            ..e.clone()
        })
        .collect();
    let window = apply(&text[from..to], &shifted);
    let code = parsed.parts.code.start - from;
    let delta: isize = shifted
        .iter()
        .filter(|e| e.span.end <= code)
        .map(|e| e.replacement.len() as isize - e.span.len() as isize)
        .sum();
    parse_at(&window, (code as isize + delta) as usize)
}

/// True when the caption `parsed` (read from `text`) with `edits` applied reads again with the
/// same parts, has no error finding (gbr-notation.md §3), and agrees with `board` in every part it
/// gives. Edits must fall inside `parsed.span`.
pub fn verify(text: &[u8], parsed: &Parsed, edits: &[Fix], board: Option<&Board>) -> bool {
    let Some(again) = reread(text, parsed, edits) else {
        return false;
    };
    let p = &parsed.position;
    let q = &again.position;
    if p.kings.is_some() != q.kings.is_some()
        || p.squares.is_some() != q.squares.is_some()
        || p.men.is_some() != q.men.is_some()
    {
        return false;
    }
    if check(&again)
        .iter()
        .any(|f| f.severity() == Severity::Error)
    {
        return false;
    }
    board.is_none_or(|b| super::board::compare(&again, b, "").is_empty())
}
