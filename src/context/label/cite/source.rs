//! The source lines under a study's head (docs/printing.md, "Citations"): the line that
//! starts a source under a `- 73 -` and when it is one, a first publication's word at any
//! distance down to the code, and a source line's honour, source and year.

use memchr::memchr;

use super::{MAX_HEAD_LINE, block_number_in, is_blank, page_number, text};
use crate::citation::{self, Citation};

/// A first publication's line ([`citation::original`]: `Origineel`, `Original, 2011`, alone
/// on its line; or [`citation::original_before_text`], `Origineel, 2008 En een ...`, a PDF's
/// text layer joining it with the column beside it): its word and year into `cite`; false
/// for any other line.
pub(super) fn first_publication(line: &str, cite: &mut Citation) -> bool {
    let (word, year) = match citation::original(line) {
        Some((word, year)) => (word, year),
        None => match citation::original_before_text(line) {
            Some((word, year)) => (word, Some(year)),
            None => return false,
        },
    };
    cite.source = citation::field(word);
    cite.year = cite.year.or(year);
    true
}

/// The lines from `from` (a head line's end) down to `code_start` (the start of its study's
/// code, or of the next study), at any distance: the first that is a first publication's
/// line gives the source and year ([`first_publication`]), unless a study number stands
/// before it (`- 42 -`, prose, `Origineel, 2011`, more prose, then the code).
pub(super) fn original_below(buf: &[u8], from: usize, code_start: usize, cite: &mut Citation) {
    let mut at = from;
    while at < code_start {
        let next = at + 1;
        let Some(i) = memchr(b'\n', &buf[next.min(code_start)..code_start]) else {
            return; // the code's own line
        };
        let raw = &buf[next..next + i];
        at = next + i;
        if raw.len() > MAX_HEAD_LINE || raw.iter().all(|&b| is_blank(b)) {
            continue;
        }
        if block_number_in(raw).is_some() || page_number(raw).is_some() {
            return;
        }
        // Every first publication's word starts with `O`, `U` or `I`: no text made otherwise.
        let lead = raw.iter().find(|&&b| !is_blank(b)).copied().unwrap_or(b' ');
        if matches!(lead.to_ascii_lowercase(), b'o' | b'u' | b'i')
            && first_publication(&text(raw), cite)
        {
            return;
        }
    }
}

/// True when a source started on the line under a `- 73 -` (and continued) is one: it ends
/// in a year, or in a year and an honour (`Rishon-le-Zion Chess Club 60JT, 1998  2de Prijs`).
pub(super) fn ends_source(partial: &str) -> bool {
    citation::ends_in_year(partial).is_some()
        || citation::split_honour(partial)
            .is_some_and(|(_, rest)| citation::ends_in_year(rest).is_some())
}

/// True when a line under a `- 73 -` may start its source: at most 60 bytes, a letter (or a
/// quote) first, at least three letters, and neither an honour nor a move (`1.Kb2`).
pub(super) fn starts_source(line: &str) -> bool {
    let first = line.chars().next().unwrap_or(' ');
    line.len() <= 60
        && (first.is_alphabetic() || "\"“'‘".contains(first) || first.is_ascii_digit())
        && line.chars().filter(|c| c.is_alphabetic()).count() >= 3
        && citation::honour(line).is_none()
        && !line.contains("...")
        && !line.split_whitespace().next().is_some_and(|w| {
            w.bytes().next().is_some_and(|b| b.is_ascii_digit()) && w.contains('.')
        })
}

/// A source line (`EBUR, 1999`, `1st Prize, Some Memorial Tourney 2011-2012`,
/// `Rishon-le-Zion Chess Club 60JT, 1998 2de Prijs`): its honour, source and year into
/// `cite` where not known yet; a line with no year is the source as it is.
pub(super) fn source_line(line: &str, cite: &mut Citation) {
    let mut line = line.trim();
    if let Some((honour, rest)) = citation::split_honour(line) {
        if cite.honour.is_none() {
            cite.honour = citation::field(honour);
        }
        line = rest;
    } else if let Some(h) = citation::honour(line) {
        if cite.honour.is_none() {
            cite.honour = citation::field(h);
        }
        return;
    }
    if cite.source.is_some() {
        return;
    }
    match citation::ends_in_year(line) {
        Some((source, year)) => {
            cite.source = citation::field(&citation::join_spaced(source));
            cite.year = Some(year);
        }
        None => cite.source = citation::field(&citation::join_spaced(line)),
    }
}
