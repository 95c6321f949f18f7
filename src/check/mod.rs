//! The redundancy checks of gbr-notation.md §3: every rule a named check, every disagreement a
//! [`Finding`] that says which part disagrees with which, expected against found, where, and
//! the likely fix.

use std::fmt;
use std::ops::Range;

mod board;
mod kind;
mod rules;

pub(crate) use board::legality_kind;

pub use kind::Kind;

use crate::parse::Parsed;
use crate::position::Derived;
use crate::position::Part;

/// The checks, numbered as the rules of gbr-notation.md §3.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// Rule 1: piece digits 0..=9, pawn digits 0..=8.
    Digits,
    /// Rule 2: squares listed against the men the code implies.
    Squares,
    /// Rule 3: W/B against the code.
    MenCount,
    /// Rule 4: W/B against the squares.
    MenSquares,
    /// Rule 5: board sanity (a warning).
    Board,
    /// Rule 6: legality where the side to move is known (a warning).
    Legality,
    /// Rule 7: digits `9`.
    Nine,
    /// The sign before the code against the stipulation after it.
    Stipulation,
    /// A code written beside a FEN (a PGN game's tag or comment) against the code of the
    /// FEN's board (`docs/chess-formats.md`).
    Fen,
    /// A code of a table exported as column runs whose runs of king pairs or labels have
    /// another length than its run of codes: not paired (a note; docs/reading.md, "Tables
    /// exported as column runs").
    Table,
}

impl Check {
    /// Every check of a position, in rule order (gbr-notation.md §3): all but [`Check::Table`], a note
    /// on the reading of a table rather than a check of the position.
    pub const ALL: [Check; 9] = [
        Check::Digits,
        Check::Squares,
        Check::MenCount,
        Check::MenSquares,
        Check::Board,
        Check::Legality,
        Check::Nine,
        Check::Stipulation,
        Check::Fen,
    ];

    /// The check's name in messages and outputs (`men-count`, `board`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Check::Digits => "digits",
            Check::Squares => "squares",
            Check::MenCount => "men-count",
            Check::MenSquares => "men-squares",
            Check::Board => "board",
            Check::Legality => "legality",
            Check::Nine => "nine",
            Check::Stipulation => "stipulation",
            Check::Fen => "fen",
            Check::Table => "table",
        }
    }
}

/// How serious a finding is. Redundancy disagreements are errors (a transcription is wrong);
/// board sanity and legality are warnings (the text may be right about an odd position);
/// notes report what was decoded or could not be.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Severity {
    /// Information: a `9` decoded, or not decodable.
    Note,
    /// The position is odd or illegal, the transcription may still be faithful.
    Warning,
    /// The copies of the material disagree: something is mistyped.
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`: the word every output writes before a finding's message.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        }
    }
}

/// A proposed correction: the part to change, where it stands and what it should probably
/// read.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Fix {
    /// The part to change.
    pub part: Part,
    /// 0-based byte range of the part in the parsed buffer.
    pub span: Range<usize>,
    /// The text it should probably read.
    pub replacement: String,
}

/// One check's finding: what disagrees, the part most likely at fault (`part`), the part it
/// was checked against (`against`), where the faulty part stands (`span`, 0-based byte range in
/// the parsed buffer), and the likely fix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// What was found.
    pub kind: Kind,
    /// The part most likely at fault.
    pub part: Part,
    /// The part it disagrees with, for the redundancy checks.
    pub against: Option<Part>,
    /// Where `part` stands: 0-based byte range in the buffer parsed.
    pub span: Range<usize>,
    /// The likely correction, when two copies of the material agree against the third
    /// (gbr-notation.md §3) or the digits fix it: the top candidate.
    pub fix: Option<Fix>,
    /// Further candidates, ranked, when the copies at hand cannot decide between them (code
    /// and W/B alone: either may be the one mistyped). Empty when `fix` is certain or absent.
    pub alternatives: Vec<Fix>,
}

impl Finding {
    /// The check that made it.
    pub fn check(&self) -> Check {
        self.kind.check()
    }

    /// Its severity.
    pub fn severity(&self) -> Severity {
        self.kind.severity()
    }
    /// Every candidate fix, best first: `fix`, then `alternatives`.
    pub fn fixes(&self) -> impl Iterator<Item = &Fix> {
        self.fix.iter().chain(&self.alternatives)
    }
}

impl fmt::Display for Finding {
    /// `men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67,
    /// or else W/B 9/8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.check().name(), self.kind)?;
        if let Some(fix) = &self.fix {
            write!(
                f,
                "; the {} should probably read {}",
                fix.part.name(),
                fix.replacement
            )?;
            for other in &self.alternatives {
                write!(f, ", or else {} {}", other.part.name(), other.replacement)?;
            }
        }
        Ok(())
    }
}

/// The checks that the text gives enough for, in rule order: `digits` and `board` always
/// (the board check tests what is there: material, kings, squares); `squares` with squares;
/// `men-count` with W/B; `men-squares` with both; `legality` with every square and a side to
/// move; `nine` with a digit `9`; `stipulation` with a sign and a stipulation after the code.
/// A check that applies and has no finding passed.
pub fn applicable(parsed: &Parsed) -> Vec<Check> {
    let p = &parsed.position;
    let mut checks = vec![Check::Digits];
    if p.squares.is_some() {
        checks.push(Check::Squares);
    }
    if p.men.is_some() {
        checks.push(Check::MenCount);
    }
    if p.men.is_some() && p.squares.is_some() {
        checks.push(Check::MenSquares);
    }
    checks.push(Check::Board);
    if p.board().is_some() && p.stipulation.is_some() {
        checks.push(Check::Legality);
    }
    if !p.code.nines().is_empty() {
        checks.push(Check::Nine);
    }
    if parsed.sign.is_some() && parsed.word.is_some() {
        checks.push(Check::Stipulation);
    }
    checks
}

/// Runs every check of gbr-notation.md §3 on a parsed position and returns all findings, in rule
/// order; empty when everything agrees. Never fails: what cannot be checked (no squares, no
/// side to move) is not.
pub fn check(parsed: &Parsed) -> Vec<Finding> {
    rules::run(parsed, &parsed.position.derive())
}

/// [`check`] with the material and board already derived (`derived` must be
/// `parsed.position.derive()`), for callers that need them too ([`crate::Record::checked`]).
pub(crate) fn check_derived(parsed: &Parsed, derived: &Derived) -> Vec<Finding> {
    rules::run(parsed, derived)
}

#[cfg(test)]
mod tests;
