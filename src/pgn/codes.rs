//! A code written beside the FEN (a GBR-like tag, a comment) checked against the FEN's
//! position: each disagreement is a [`Check::Fen`] error on the game's record.

use crate::check::{Check, Severity};
use crate::finder;
use crate::parse::{Parsed, parse_at, parse_text};
use crate::position::Part;
use crate::position::Position;
use crate::record::{FindingRecord, FixRecord, Record};

use super::GameAt;
use super::visitor::Game;

/// A code written beside the FEN.
struct Written {
    /// `the GBR tag` / `a comment`.
    place: String,
    /// The position read.
    parsed: Parsed,
    /// Absolute offset of the text the position was read from.
    base: Option<usize>,
}

/// Checks every code written in the game's GBR-like tags and comments against `fen` (the
/// FEN's position) and adds a [`Check::Fen`] error to `record` for each that disagrees:
/// another code, or other kings where the written text gives kings. A GBR-like tag that holds
/// no code is an error too.
pub(super) fn check_written(game: &Game, at: &GameAt<'_>, fen: &Position, record: &mut Record) {
    let mut written = Vec::new();
    for (name, value) in &game.gbr {
        let tag = String::from_utf8_lossy(name);
        let base = at.tag_value(name, value.len()).map(|r| r.start);
        let text = String::from_utf8_lossy(value);
        match parse_text(text.trim()) {
            Ok(parsed) => {
                let lead = text.len() - text.trim_start().len();
                written.push(Written {
                    place: format!("the {tag} tag"),
                    parsed: shifted(parsed, lead),
                    base,
                });
            }
            Err(e) => push(
                record,
                base.unwrap_or(at.start),
                value.len(),
                format!("fen: the {tag} tag reads {text:?}, not a code: {e}"),
                None,
            ),
        }
    }
    for comment in &game.comments {
        let base = memchr::memmem::find(at.bytes(), comment).map(|i| at.start + i);
        finder::scan_range(comment, 0..comment.len(), |anchor, _| {
            if let Some(parsed) = parse_at(comment, anchor) {
                written.push(Written {
                    place: "a comment".to_string(),
                    parsed,
                    base,
                });
            }
        });
    }
    for w in written {
        let p = &w.parsed.position;
        let span = &w.parsed.parts.code;
        let offset = w.base.map_or(at.start, |b| b + span.start);
        if p.code != fen.code {
            push(
                record,
                offset,
                span.len(),
                format!(
                    "fen: {} gives the code {}, the FEN gives {}",
                    w.place, p.code, fen.code
                ),
                Some(fen.code.to_string()),
            );
        } else if let (Some(kings), Some(fen_kings), Some(span)) =
            (p.kings, fen.kings, w.parsed.parts.kings.as_ref())
            && kings != fen_kings
        {
            push_part(
                record,
                Part::Kings,
                w.base.map_or(at.start, |b| b + span.start),
                span.len(),
                format!(
                    "fen: {} gives the kings {kings}, the FEN gives {fen_kings}",
                    w.place
                ),
                Some(fen_kings.to_string()),
            );
        }
    }
}

/// `parsed` with its spans moved `by` bytes later (the text read was trimmed).
fn shifted(mut parsed: Parsed, by: usize) -> Parsed {
    let code = &mut parsed.parts.code;
    *code = code.start + by..code.end + by;
    if let Some(k) = parsed.parts.kings.as_mut() {
        *k = k.start + by..k.end + by;
    }
    parsed
}

fn push(record: &mut Record, offset: usize, length: usize, message: String, fix: Option<String>) {
    push_part(record, Part::Code, offset, length, message, fix);
}

fn push_part(
    record: &mut Record,
    part: Part,
    offset: usize,
    length: usize,
    mut message: String,
    fix: Option<String>,
) {
    if let Some(fix) = &fix {
        message.push_str(&format!("; the {} should probably read {fix}", part.name()));
    }
    record.findings.push(FindingRecord {
        check: Check::Fen,
        severity: Severity::Error,
        part,
        against: Some(Part::Fen),
        message,
        offset: offset as u64,
        length: length as u64,
        fixes: fix
            .iter()
            .map(|replacement| FixRecord {
                part,
                offset: offset as u64,
                length: length as u64,
                replacement: replacement.clone(),
            })
            .collect(),
        fix,
    });
    record.valid = false;
}
