//! Making a record of a parsed code: where it was found, its checks run once over the material
//! and board derived once, and the fields the caller asked for filled.

use compact_str::CompactString;

use crate::check::{Finding, Severity, check_derived};
use crate::parse::Parsed;
use crate::position::{Derived, SquareList, compact_text};
use crate::source_path::SourcePath;
use crate::stipulation::StipulationSource;

use super::{Fields, FindingRecord, Record, text_read};

/// Where a code was found: the source's path as given, and the 1-based line and byte column
/// of its text.
#[derive(Debug, Clone, Copy)]
pub struct FoundAt<'a> {
    /// The source's path as bytes, `<stdin>` for standard input.
    pub path: &'a SourcePath,
    /// 1-based line.
    pub line: u64,
    /// 1-based byte column.
    pub column: u64,
}

impl Record {
    /// The record of `parsed`, found in `path`, whose text starts at `line` and `column`
    /// (1-based). `findings` are those of [`crate::check::check`] on `parsed`.
    pub fn new(
        path: impl Into<SourcePath>,
        line: u64,
        column: u64,
        parsed: &Parsed,
        buf: &[u8],
        findings: &[Finding],
    ) -> Record {
        let path = path.into();
        let at = FoundAt {
            path: &path,
            line,
            column,
        };
        Record::derived(
            at,
            parsed,
            buf,
            findings,
            &parsed.position.derive(),
            Fields::All,
        )
    }

    /// Checks `parsed` ([`crate::check::check`]) and makes its record, found at `at` in `buf`
    /// (the buffer `parsed` was read from): what the scanner does for each code. The material
    /// and the board, which both the checks and the record need, are derived once. `at`'s line
    /// and column are copied as they are (the scanner, which knows them only once the chunks
    /// before are counted, gives 0 where it cannot tell yet and sets them before any caller
    /// sees the record).
    pub fn checked(at: FoundAt<'_>, parsed: &Parsed, buf: &[u8]) -> Record {
        Record::checked_fields(at, parsed, buf, Fields::All)
    }

    /// [`Record::checked`] with only the `fields` asked for filled.
    pub fn checked_fields(at: FoundAt<'_>, parsed: &Parsed, buf: &[u8], fields: Fields) -> Record {
        let derived = parsed.position.derive();
        let findings = check_derived(parsed, &derived);
        Record::derived(at, parsed, buf, &findings, &derived, fields)
    }

    fn derived(
        at: FoundAt<'_>,
        parsed: &Parsed,
        buf: &[u8],
        findings: &[Finding],
        derived: &Derived,
        fields: Fields,
    ) -> Record {
        let all = fields == Fields::All;
        let FoundAt { path, line, column } = at;
        let p = &parsed.position;
        let decoded = &derived.decoded;
        Record {
            path: path.clone(),
            ocr_fixes: None,
            tablebase: None,
            dtz: None,
            page: None,
            page_index: None,
            page_from: None,
            label: None,
            citation: None,
            offset: parsed.span.start as u64,
            length: parsed.span.len() as u64,
            line,
            column,
            text: if all {
                text_read(&buf[parsed.span.clone()])
            } else {
                CompactString::default()
            },
            form: parsed.form,
            rank: parsed.rank(),
            code: p.code,
            kings: p.kings.filter(|_| all),
            squares: (p.squares.as_ref()).filter(|_| all).map(|s| SquareList {
                pieces: s.pieces.clone(),
                pawns: s.pawns.clone(),
                pawns_marked: !s.pawns.is_empty(),
            }),
            men: p.men.filter(|_| all),
            stipulation: p.stipulation,
            stipulation_source: p.stipulation.map(|_| StipulationSource::Beside),
            canonical: compact_text(|t| p.push_derived(t, derived)),
            material: decoded.material().copied(),
            fen: derived.board.clone(),
            diagram: None,
            valid: !findings.iter().any(|f| f.severity() == Severity::Error),
            findings: findings.iter().map(FindingRecord::new).collect(),
            study: None,
            directory_entry: None,
            example: false,
        }
    }
}
