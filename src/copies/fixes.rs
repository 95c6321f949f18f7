//! The fix policy of `gbr check --write` and `--diff`: which of a check's fixes may be
//! written into the text, so that a library user applies fixes by the tool's own rule.
//!
//! A fix is taken only when the copies decide it ([`decided`]: one candidate, of an error or
//! a near miss) and the code it belongs to is one beyond doubt ([`doubts`]): a number that
//! only looks like a code (a rating, an engine version, a price) is never rewritten. Of fixes
//! that overlap, the first is taken ([`unique_fixes`]); [`apply`] makes the
//! fixed text.
//!
//! ```
//! use std::sync::Arc;
//! use gbrscan::copies::{Input, Options, apply, check_inputs, fixes};
//!
//! let text = b"a7d3 0l16.00 b2b3c6d6 3/3+.\n";
//! let input = Input { path: Arc::from("t.txt"), source: Arc::from("t.txt"), text, added: &[] };
//! let options = Options { near_misses: true, ..Options::default() };
//! let report = check_inputs(&[input], &options);
//! let shown: Vec<_> = report.diagnostics.iter().collect();
//! let doubts = fixes::doubts(&shown, &[text]);
//! let taken = fixes::unique_fixes(&shown, 1, &doubts);
//! assert_eq!(apply(text, &taken[0]), b"a7d3 0116.00 b2b3c6d6 3/3+.\n");
//! ```

use std::ops::Range;

use super::{Diagnostic, DiagnosticCheck, apply, caption_at, pgn_tag_at};
use crate::check::{Fix, Severity};
use crate::record::Record;
use crate::scan::{ScanOptions, scan_buffer_guarded};

/// Why a fix that the copies decide is still left out of `--write` and `--diff`: the text it
/// would change is not a code beyond doubt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Doubt {
    /// The code stands on a PGN tag line other than a GBR tag (`[White "Komodo 2118.00"]`):
    /// a player's or an engine's name, a rating, a date, an event.
    Tag(String),
    /// The code has nothing beside it that only a code has: no kings, squares, W/B, sign or
    /// stipulation (gbr-notation.md §5: a lone `dddd.dd` may be a price, a rating, a version).
    Bare,
    /// The fixed text is not read as a code at all.
    NoCode,
}

impl std::fmt::Display for Doubt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Doubt::Tag(name) => write!(
                f,
                "it stands in a PGN tag ({name}), whose numbers are names, ratings or versions"
            ),
            Doubt::Bare => f.write_str(
                "a bare code, with no kings, squares, W/B, sign or stipulation beside it, may \
                 be a rating, a version or a price",
            ),
            Doubt::NoCode => f.write_str("the text fixed is not read as a code"),
        }
    }
}

/// True when a diagnostic's fix is one the copies decide: an error, or a near miss, with
/// exactly one candidate, in one of the inputs.
pub fn decided(d: &Diagnostic) -> bool {
    d.fixes.len() == 1
        && d.input.is_some()
        && (d.severity == Severity::Error || d.check == DiagnosticCheck::NearMiss)
}

/// For each diagnostic of `shown`, why its fix is left out although the copies decide it
/// ([`decided`]); `None` for the others and for those written.
///
/// The rule: a fix is written only where the code it belongs to, read again in the text with
/// every decided fix of its input applied, has kings, squares, W/B, a sign or a stipulation
/// beside it, or a stipulation on a line above it or in a directory's heading
/// ([`crate::stipulation::StipulationSource`]); and never on a PGN tag line but for a tag whose name holds
/// `GBR`. The text fixed is read so that a near miss (`0l16.00` to `0116.00`) is judged as
/// the code it becomes. `texts` are the inputs' texts, by index.
pub fn doubts(shown: &[&Diagnostic], texts: &[&[u8]]) -> Vec<Option<Doubt>> {
    let mut out = vec![None; shown.len()];
    for (input, text) in texts.iter().enumerate() {
        // The decided fixes of this input, as `unique_fixes` takes them: overlaps left out.
        let mut taken: Vec<(usize, &Fix)> = Vec::new();
        for (n, d) in shown.iter().enumerate() {
            if d.input != Some(input) || !decided(d) {
                continue;
            }
            let fix = &d.fixes[0];
            if !taken.iter().any(|(_, f)| overlap(&f.span, &fix.span)) {
                taken.push((n, fix));
            }
        }
        if taken.is_empty() {
            continue;
        }
        // Study data: a fix inside a record's code value is one the record's own copies
        // decided (its FEN and W/B: docs/check.md, "Study data"), in a value its key names a
        // code; not judged again as running text.
        let values = data_code_values(shown, input, text);
        taken.retain(|(_, f)| {
            !values
                .iter()
                .any(|v| v.start <= f.span.start && f.span.end <= v.end)
        });
        if taken.is_empty() {
            continue;
        }
        let edits: Vec<Fix> = taken.iter().map(|(_, f)| (*f).clone()).collect();
        let fixed = apply(text, &edits);
        // A panic of the reading rules on the fixed text leaves the codes after it unread: their
        // fixes are not written (docs/reliability.md, "Fault isolation").
        let records = scan_buffer_guarded(&fixed, "", ScanOptions::default(), &|_| {})
            .unwrap_or_else(|fault| fault.records);
        for (n, fix) in &taken {
            out[*n] = doubt(text, &fixed, &records, fix, &edits);
        }
    }
    out
}

/// The code values of the records of input `input` (`text`), when it is study data by the
/// name its diagnostics give it ([`crate::keyed::data_kind`]); empty otherwise.
fn data_code_values(shown: &[&Diagnostic], input: usize, text: &[u8]) -> Vec<Range<usize>> {
    let Some(d) = shown.iter().find(|d| d.input == Some(input)) else {
        return Vec::new();
    };
    let Some(kind) = crate::keyed::data_kind(d.path.as_bytes(), text) else {
        return Vec::new();
    };
    let path = crate::source_path::SourcePath::from(&*d.path);
    // The key names do not move a code value's place: the built-in ones find the same
    // values unless `--key` names another code key, whose values were read so already.
    crate::keyed::read_keyed(text, &path, kind, &crate::keyed::Keys::default()).code_values
}

fn overlap(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

/// Why `fix` (one of `edits`, applied to `text` to give `fixed`, whose records are `records`)
/// is not written, if it is not.
fn doubt(text: &[u8], fixed: &[u8], records: &[Record], fix: &Fix, edits: &[Fix]) -> Option<Doubt> {
    if let Some(name) = pgn_tag(text, fix.span.start)
        && !name.to_ascii_lowercase().contains("gbr")
    {
        return Some(Doubt::Tag(name));
    }
    // Where the fix stands in the text fixed: moved by the edits before it.
    let shift: isize = edits
        .iter()
        .filter(|e| e.span.start < fix.span.start)
        .map(|e| e.replacement.len() as isize - e.span.len() as isize)
        .sum();
    let start = fix.span.start.saturating_add_signed(shift);
    let span = start..start + fix.replacement.len().max(1);
    let Some(record) = records.iter().find(|r| {
        let at = r.offset as usize..(r.offset + r.length) as usize;
        overlap(&at, &span)
    }) else {
        return Some(Doubt::NoCode);
    };
    let Some(parsed) = caption_at(fixed, record) else {
        return Some(Doubt::NoCode);
    };
    let p = &parsed.parts;
    let beside = p.kings.is_some()
        || p.squares.is_some()
        || p.men.is_some()
        || p.sign.is_some()
        || p.word.is_some()
        || record.stipulation_source.is_some();
    (!beside).then_some(Doubt::Bare)
}

/// The name of the PGN tag whose value holds byte `at` of `text` ([`pgn_tag_at`]).
fn pgn_tag(text: &[u8], at: usize) -> Option<String> {
    pgn_tag_at(text, at).map(|n| String::from_utf8_lossy(n).into())
}

/// The fixes to write, per input (by index, `inputs` of them), in order of the diagnostics
/// `shown`: the decided ones ([`decided`]) whose code is not in doubt (`doubts`, by diagnostic
/// of `shown`, as [`doubts`] gives them), each input's fixes that overlap one taken before it
/// and repeats left out.
pub fn unique_fixes(
    shown: &[&Diagnostic],
    inputs: usize,
    doubts: &[Option<Doubt>],
) -> Vec<Vec<Fix>> {
    let mut out: Vec<Vec<Fix>> = vec![Vec::new(); inputs];
    for (n, d) in shown.iter().enumerate() {
        if !decided(d) || doubts.get(n).is_some_and(Option::is_some) {
            continue;
        }
        let Some(i) = d.input else { continue };
        let fix = &d.fixes[0];
        if !out[i].iter().any(|f| overlap(&f.span, &fix.span)) {
            out[i].push(fix.clone());
        }
    }
    out
}

/// How many diagnostics of `shown` have fixes of which none is written because the copies
/// do not decide between them (more than one candidate, or a warning's).
pub fn undecided(shown: &[&Diagnostic]) -> usize {
    shown
        .iter()
        .filter(|d| !d.fixes.is_empty() && !decided(d))
        .count()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::copies::{Input, Options, check_inputs};

    #[test]
    fn pgn_tag_lines_are_told_from_other_lines() {
        let text = b"[White \"Komodo 2118.00\"]\n  [GBRCode \"0116.00\"]  \n[x] 0116.00\n\"[a]\"\n";
        assert_eq!(pgn_tag(text, 16).as_deref(), Some("White"));
        assert_eq!(pgn_tag(text, 40).as_deref(), Some("GBRCode"));
        assert_eq!(pgn_tag(text, 60), None);
        assert_eq!(pgn_tag(text, text.len() - 2), None);
    }

    /// The policy on one text: a decided fix of a code with kings beside it written; a
    /// decided fix of a bare code, and one in a PGN tag that is not GBR's, left out with
    /// their reason; candidates the copies do not decide counted.
    #[test]
    fn decided_fixes_of_codes_beyond_doubt_are_taken() {
        let text: &[u8] = b"a7d3 0l16.00 b2b3c6d6 3/3+.\n\nPrice 0l16.00 each.\n\n\
            [White \"Komodo 0l16.00\"]\n[GBRCode \"0l16.00\"]\n\
            [GBR \"a7d3 0l16.00 b2b3c6d6\"]\n\na2f1 0411.56 10/9 Win\n";
        let input = Input {
            path: Arc::from("t.txt"),
            source: Arc::from("t.txt"),
            text,
            added: &[],
        };
        let options = Options {
            near_misses: true,
            ..Options::default()
        };
        let report = check_inputs(&[input], &options);
        let shown: Vec<&Diagnostic> = report.diagnostics.iter().collect();
        let doubts = doubts(&shown, &[text]);
        // Each decided fix with its line and the reason it is left out, if it is.
        let said: Vec<(u64, Option<Doubt>)> = shown
            .iter()
            .zip(&doubts)
            .filter(|(d, _)| decided(d))
            .map(|(d, doubt)| (d.line, doubt.clone()))
            .collect();
        assert_eq!(
            said,
            [
                (1, None),
                (7, None),
                (3, Some(Doubt::NoCode)),
                (5, Some(Doubt::Tag("White".into()))),
                (6, Some(Doubt::Bare)),
            ]
        );
        // The code of line 9 has two candidates, which no copy decides.
        assert_eq!(undecided(&shown), 1);
        let taken = unique_fixes(&shown, 1, &doubts);
        assert_eq!(
            String::from_utf8_lossy(&apply(text, &taken[0])),
            String::from_utf8_lossy(text)
                .replacen("a7d3 0l16.00", "a7d3 0116.00", 2)
                .as_str()
        );
    }
}
