//! An object or row made a record, and checked as a PGN game is (docs/check.md, "Study
//! data"): the code value against the FEN, the FEN's board, the stipulation against the FEN's
//! side to move.
//!
//! The fix policy: two copies that disagree (the code and the FEN) do not say which is wrong,
//! as a FEN is typed as often as a code; a third copy decides. The code value's own W/B is
//! that copy: where it agrees with the FEN, the code's digits are fixed to the FEN's; where
//! code and FEN agree, its W/B is fixed to theirs. Otherwise the finding gives the FEN's
//! reading and no fix.

use std::ops::Range;

use compact_str::CompactString;
use shakmaty::Color;

use super::{Item, Keys, StudyField};
use crate::check::{Check, Severity, check};
use crate::citation::{self, Citation};
use crate::fen;
use crate::parse::{Parsed, parse_text};
use crate::position::{Part, Position};
use crate::record::{FindingRecord, FixRecord, Record};
use crate::source_path::SourcePath;
use crate::stipulation::{Outcome, Stipulation};
use crate::study::Study;

/// Longest value read as a code, in bytes: a code with kings, every square and W/B is
/// shorter (a longer text is prose, left to the text scan).
const MAX_CODE_TEXT: usize = 160;

/// Makes the records of a file's objects, one at a time.
pub(super) struct Builder<'a> {
    bytes: &'a [u8],
    path: SourcePath,
    keys: &'a Keys,
    records: Vec<Record>,
    objects: u64,
    code_values: Vec<Range<usize>>,
}

/// The code of a value, when the whole value (blanks around it aside) is one form of
/// gbr-notation.md §2 with its `dddd.dd` in full.
fn whole_code(item: &Item) -> Option<Parsed> {
    let text = item.text.trim();
    if text.len() > MAX_CODE_TEXT || !text.contains('.') {
        return None;
    }
    let mut parsed = parse_text(text).ok()?;
    let by = item.span.start + (item.text.len() - item.text.trim_start().len());
    let at = |r: &mut Range<usize>| {
        *r = if item.exact {
            r.start + by..r.end + by
        } else {
            item.span.clone()
        }
    };
    at(&mut parsed.span);
    let p = &mut parsed.parts;
    at(&mut p.code);
    for r in [
        &mut p.sign,
        &mut p.kings,
        &mut p.squares,
        &mut p.men,
        &mut p.word,
    ]
    .into_iter()
    .flatten()
    {
        at(r);
    }
    Some(parsed)
}

/// The outcome and side to move a stipulation value states: the signs and words of
/// gbr-notation.md §2 (`+` White to move and win; `Win` a win, side not said), and a PGN
/// result (`1-0`, `1/2-1/2`, side not said).
fn stipulation_of(text: &str) -> Option<(Option<Outcome>, Option<Color>)> {
    let text = text.trim();
    let said = |s: Stipulation| (s.outcome, Some(s.to_move));
    Some(match text {
        "1-0" => (Some(Outcome::Win), None),
        "1/2-1/2" | "½-½" => (Some(Outcome::Draw), None),
        _ if text.eq_ignore_ascii_case("win") => (Some(Outcome::Win), None),
        _ if text.eq_ignore_ascii_case("draw") => (Some(Outcome::Draw), None),
        _ => said(Stipulation::from_token(text.as_bytes())?),
    })
}

fn side(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl<'a> Builder<'a> {
    pub(super) fn new(bytes: &'a [u8], path: &SourcePath, keys: &'a Keys) -> Builder<'a> {
        Builder {
            bytes,
            path: path.clone(),
            keys,
            records: Vec::new(),
            objects: 0,
            code_values: Vec::new(),
        }
    }

    /// The place of `item` with the file's name: `studies/046.json#/fen`.
    fn at(&self, item: &Item) -> String {
        format!("{}{}", self.path.escaped(), item.place)
    }

    pub(super) fn keys(&self) -> &Keys {
        self.keys
    }

    /// The records in order of their code's offset, each with its line and column; the
    /// objects read; the code values' ranges.
    pub(super) fn finish(mut self) -> (Vec<Record>, u64, Vec<Range<usize>>) {
        self.records.sort_by_key(|r| r.offset);
        self.code_values.sort_by_key(|r| r.start);
        let (mut line, mut counted) = (1u64, 0usize);
        for r in &mut self.records {
            let at = r.offset as usize;
            line += memchr::memchr_iter(b'\n', &self.bytes[counted..at]).count() as u64;
            counted = at;
            let start = memchr::memrchr(b'\n', &self.bytes[..at]).map_or(0, |i| i + 1);
            r.line = line;
            r.column = (at - start) as u64 + 1;
        }
        (self.records, self.objects, self.code_values)
    }

    /// The item of `field` in `items`, the first one.
    fn find<'i>(&self, items: &'i [Item], field: StudyField) -> Option<&'i Item> {
        items
            .iter()
            .find(|i| self.keys.field(&i.key) == Some(field) && !i.text.trim().is_empty())
    }

    /// One object or row: a record when a value is a code (under a code key first, else any
    /// value of a key that names no other field).
    pub(super) fn object(&mut self, items: &[Item]) {
        self.objects += 1;
        let keys = self.keys;
        let code = items
            .iter()
            .filter(|i| keys.field(&i.key) == Some(StudyField::Code))
            .chain(items.iter().filter(|i| keys.field(&i.key).is_none()))
            .find_map(|i| Some((i, whole_code(i)?)));
        let Some((code_item, written)) = code else {
            return;
        };
        let stip_item = self.find(items, StudyField::Stipulation);
        let stated = stip_item.and_then(|i| stipulation_of(&i.text));
        let outcome = stated
            .and_then(|s| s.0)
            .or_else(|| written.position.stipulation.and_then(|s| s.outcome));
        let mut extra = Vec::new();
        let fen_item = self.find(items, StudyField::Fen);
        let from_fen = fen_item.and_then(|f| match fen::encode(f.text.trim(), outcome) {
            Ok(position) => Some((f, position)),
            Err(e) => {
                extra.push(finding(
                    Check::Fen,
                    Part::Fen,
                    f.span.clone(),
                    format!("fen: the FEN at {} is no position: {e}", self.at(f)),
                    None,
                ));
                None
            }
        });
        let parsed = match &from_fen {
            Some((f, position)) => Parsed::of_fen(position.clone(), f.span.clone()),
            None => {
                let mut parsed = written.clone();
                if let Some((o, to_move)) = stated
                    && (o.is_some() || to_move.is_some())
                {
                    let to_move = to_move.unwrap_or(Color::White);
                    parsed.position.stipulation = Some(Stipulation::new(o, to_move));
                }
                parsed
            }
        };
        let findings = check(&parsed);
        let mut record = Record::new(self.path.clone(), 0, 0, &parsed, self.bytes, &findings);
        if let Some((f, fen_position)) = &from_fen {
            self.against_fen(code_item, &written, f, fen_position, &mut extra);
            if let (Some(s), Some((_, Some(to_move)))) = (stip_item, stated)
                && let Some(turn) = fen_position.stipulation.map(|s| s.to_move)
                && turn != to_move
            {
                extra.push(finding(
                    Check::Stipulation,
                    Part::Stipulation,
                    s.span.clone(),
                    format!(
                        "stipulation: {} reads {:?}, {} to move; the FEN at {} has {} to move",
                        self.at(s),
                        s.text.trim(),
                        side(to_move),
                        self.at(f),
                        side(turn)
                    ),
                    None,
                ));
            }
        } else {
            // No FEN to compare with: the code value's own checks are the record's.
            let own = check(&written);
            record.findings = own.iter().map(FindingRecord::new).collect();
            record.valid = own.iter().all(|f| f.severity() != Severity::Error);
        }
        if extra.iter().any(|f| f.severity == Severity::Error) {
            record.valid = false;
        }
        record.findings.extend(extra);
        record.offset = code_item.span.start as u64;
        record.length = code_item.span.len() as u64;
        record.text = CompactString::from(code_item.text.trim());
        self.cite(items, &mut record, code_item);
        self.code_values.push(code_item.span.clone());
        self.records.push(record);
    }

    /// The code value (`written`, read from `code`) against the FEN's position (`fen_item`
    /// read as `position`): the findings of every disagreement, with a fix where a third copy
    /// decides (this module's header).
    fn against_fen(
        &self,
        code: &Item,
        written: &Parsed,
        fen_item: &Item,
        position: &Position,
        out: &mut Vec<FindingRecord>,
    ) {
        let w = &written.position;
        let at = &self.at(fen_item);
        let code_at = self.at(code);
        let fix_ok = code.exact;
        // The code value's own checks, but for what the FEN decides: the material, the board.
        for f in check(written) {
            // The board and its legality are the FEN's to say.
            if matches!(f.check(), Check::Digits | Check::Stipulation) {
                out.push(FindingRecord::new(&f));
            }
        }
        let fen_men = position.men;
        let men_of_code = |p: &Position| {
            p.code.material().map(|m| crate::position::MenCount {
                white: m.men(Color::White) as u8,
                black: m.men(Color::Black) as u8,
            })
        };
        if w.code != position.code {
            // The W/B written beside the code decides between the code and the FEN.
            let decided = w.men.is_some() && w.men == fen_men && men_of_code(w) != w.men;
            let odd_fen = w.men.is_some() && w.men == men_of_code(w);
            let material = |p: &Position| p.code.material().map_or(String::new(), |m| m.human());
            let mut message = format!(
                "fen: the code {} at {} ({}) disagrees with the FEN at {at}, which gives {} ({})",
                w.code,
                code_at,
                material(w),
                position.code,
                material(position)
            );
            if odd_fen {
                message.push_str(
                    "; the W/B beside the code agrees with the code: the FEN is probably wrong",
                );
            } else if !decided {
                message.push_str("; no third copy says which of the two is wrong");
            }
            let fix = (decided && fix_ok).then(|| position.code.to_string());
            out.push(finding(
                Check::Fen,
                Part::Code,
                written.parts.code.clone(),
                message,
                fix,
            ));
        } else if let (Some(men), Some(fen_men)) = (w.men, fen_men)
            && men != fen_men
            && let Some(span) = written.parts.men.clone()
        {
            let message = format!(
                "fen: the W/B {men} at {} disagrees with the code {} and the FEN at {at}, \
                 which both give {fen_men}",
                code_at, w.code
            );
            out.push(finding(
                Check::Fen,
                Part::MenCount,
                span,
                message,
                fix_ok.then(|| fen_men.to_string()),
            ));
        }
        if let (Some(kings), Some(fen_kings), Some(span)) =
            (w.kings, position.kings, written.parts.kings.clone())
            && kings != fen_kings
        {
            out.push(finding(
                Check::Fen,
                Part::Kings,
                span,
                format!(
                    "fen: the kings {kings} at {} disagree with the FEN at {at}, which has \
                     {fen_kings}; no third copy says which is wrong",
                    code_at
                ),
                None,
            ));
        }
        if let (Some(squares), Some(fen_squares), Some(span)) =
            (&w.squares, &position.squares, written.parts.squares.clone())
            && w.code == position.code
            && squares != fen_squares
        {
            out.push(finding(
                Check::Fen,
                Part::Squares,
                span,
                format!(
                    "fen: the squares {squares} at {} disagree with the FEN at {at}, which has \
                     {fen_squares}",
                    code_at
                ),
                None,
            ));
        }
    }

    /// The record's citation and study from the object's other values.
    fn cite(&self, items: &[Item], record: &mut Record, code: &Item) {
        let text = |field| self.find(items, field).map(|i| i.text.trim().to_string());
        let source = text(StudyField::Source);
        let year_text = text(StudyField::Year);
        let mut cite = Citation {
            number: text(StudyField::Number).and_then(|n| citation::field(&n)),
            composers: text(StudyField::Composers)
                .map(|c| {
                    c.split(';')
                        .flat_map(citation::split_composers)
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default(),
            honour: text(StudyField::Honour).and_then(|h| citation::field(&h)),
            ..Citation::default()
        };
        if let Some(source) = source.as_deref() {
            match citation::ends_in_year(source) {
                Some((name, year)) => {
                    let name = name.trim_end().trim_end_matches(',');
                    cite.source = citation::field(name);
                    cite.year = Some(year);
                }
                None => cite.source = citation::field(source),
            }
        }
        let year = year_text
            .as_deref()
            .and_then(|y| y.get(..4))
            .and_then(|y| y.parse::<u16>().ok())
            .filter(|y| (1800..=2099).contains(y));
        cite.year = year.or(cite.year);
        record.citation = (!cite.is_empty()).then(|| Box::new(cite));
        let study = Study {
            composer: text(StudyField::Composers).map(CompactString::from),
            event: source.map(CompactString::from),
            date: year_text.map(CompactString::from),
            result: text(StudyField::Stipulation).map(CompactString::from),
            gbr: Some(CompactString::from(code.text.trim())),
        };
        record.study = Some(Box::new(study));
    }
}

/// A finding of a record's values: an error at `span`, with `fix` written there.
fn finding(
    check: Check,
    part: Part,
    span: Range<usize>,
    mut message: String,
    fix: Option<String>,
) -> FindingRecord {
    if let Some(fix) = &fix {
        message.push_str(&format!("; the {} should read {fix}", part.name()));
    }
    FindingRecord {
        check,
        severity: Severity::Error,
        part,
        against: (part != Part::Fen).then_some(Part::Fen),
        message,
        offset: span.start as u64,
        length: span.len() as u64,
        fixes: fix
            .iter()
            .map(|replacement| FixRecord {
                part,
                offset: span.start as u64,
                length: span.len() as u64,
                replacement: replacement.clone(),
            })
            .collect(),
        fix,
    }
}
