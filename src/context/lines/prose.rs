//! Words that end a sentence of prose wrapped onto their line (docs/reading.md, "A sign on a
//! line of its own above the study", rule 2): `... and after` / `White draws.` is neither a
//! heading nor a sign line.

use memchr::memchr_iter;

use super::{FORM_FEED, LONG_LINE, MAX_LINE};
use crate::finder::is_token;
use crate::parse::space;

/// True when `line` goes on with the sentence of the line right above it, which `before` ends
/// with (its line feed the last byte): that line is prose whose sentence runs on to the next
/// line, longer than [`LONG_LINE`], holding no code, and ending in a letter, comma, semicolon
/// or a word broken at its hyphen, and no page break (a form feed) stands between the two. The
/// words of `line` then end that sentence (`... and after` / `White draws`): they are neither
/// a heading nor a sign line. A blank line above, or a page break, ends the sentence: a
/// heading there stands, as it does atop a PDF's page, a text of its own.
pub(super) fn continues_prose(line: &[u8], before: &[u8]) -> bool {
    let mut lead = line.iter().take_while(|b| space::is_control_or_space(**b));
    if lead.any(|&b| b == FORM_FEED) {
        return false;
    }
    let Some(prev) = before.strip_suffix(b"\n") else {
        return false;
    };
    let prev = prev.strip_suffix(b"\r").unwrap_or(prev);
    // Blanks and control bytes after the last word: a form feed among them is a page break; a
    // line of them alone is a blank line.
    let tail = prev
        .iter()
        .rev()
        .take_while(|b| **b != b'\n' && space::is_control_or_space(**b))
        .count();
    if prev[prev.len() - tail..].contains(&FORM_FEED) {
        return false;
    }
    let prev = &prev[..prev.len() - tail];
    if prev.last().is_none_or(|&b| b == b'\n') {
        return false; // a blank line, or the text's start
    }
    let from = prev.len().saturating_sub(MAX_LINE + 1);
    let start = memchr::memrchr(b'\n', &prev[from..]).map_or(from, |i| from + i + 1);
    let line = &prev[start..];
    let runs_on = match line {
        [.., b, b'-'] => b.is_ascii_alphabetic(), // a word broken at its hyphen
        [.., b] => b.is_ascii_alphabetic() || matches!(b, b',' | b';'),
        [] => false,
    };
    // A line holding a code (a directory's entries) is no prose.
    runs_on
        && line.len() > LONG_LINE
        && !memchr_iter(b'.', line).any(|dot| dot >= 4 && is_token(line, dot - 4))
}
