//! The redundancy checks of GBR.md §3: every rule a named check, every disagreement a
//! [`Finding`] that says which part disagrees with which, expected against found, where, and
//! the likely fix.

use std::fmt;
use std::ops::Range;

use shakmaty::{CastlingMode, Chess, Color, FromSetup, PositionErrorKinds, Role, Setup, Square};

use crate::code::{Code, Digit, ORIGINAL_SET, PIECE_ROLES};
use crate::material::Material;
use crate::parse::Parsed;
use crate::position::{Decoded, MenCount, SquareList};
use crate::stipulation::Stipulation;

/// The checks, numbered as the rules of GBR.md §3.
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
}

impl Check {
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

/// A part of a written position.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// The `dddd.dd`.
    Code,
    /// The king squares.
    Kings,
    /// The piece and pawn squares.
    Squares,
    /// W/B.
    MenCount,
    /// Sign or stipulation word.
    Stipulation,
}

impl Part {
    /// The part's name in messages (`code`, `W/B`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Part::Code => "code",
            Part::Kings => "kings",
            Part::Squares => "squares",
            Part::MenCount => "W/B",
            Part::Stipulation => "stipulation",
        }
    }
}

/// What a check found, with the values that disagree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// A pawn digit of 9 (rule 1).
    PawnDigit {
        /// Whose pawns.
        color: Color,
    },
    /// Piece squares listed against pieces in the code (rule 2).
    PieceSquares {
        /// Pieces the code implies.
        expected: usize,
        /// Piece squares listed.
        found: usize,
    },
    /// Pawn squares listed against pawns in the code (rule 2).
    PawnSquares {
        /// Pawns the code implies.
        expected: usize,
        /// Pawn squares listed.
        found: usize,
    },
    /// All squares against the code's men, where the text does not mark the pawns (compact
    /// form) or the code has a `9` (rule 2).
    SquareCount {
        /// Squares the code implies, kings excluded.
        expected: usize,
        /// Squares listed, kings excluded.
        found: usize,
    },
    /// W/B against the code (rule 3).
    MenCount {
        /// The count the code implies.
        code: MenCount,
        /// The count the text gives.
        text: MenCount,
    },
    /// W/B against the squares (rule 4).
    MenSquares {
        /// Men by W/B, both sides.
        men: usize,
        /// Men by the squares, kings included.
        squares: usize,
    },
    /// Two men on one square (rule 5).
    SameSquare {
        /// The square.
        square: Square,
    },
    /// Kings on one square or next to each other (rule 5).
    KingsTouch {
        /// White king.
        white: Square,
        /// Black king.
        black: Square,
    },
    /// A pawn on the first or eighth rank (rule 5).
    PawnOnBackRank {
        /// The pawn's square.
        square: Square,
    },
    /// A side with more than 16 men (rule 5).
    TooManyMen {
        /// The side.
        color: Color,
        /// Its men, king included.
        found: u32,
    },
    /// More promoted pieces than missing pawns (rule 5).
    TooManyPromoted {
        /// The side.
        color: Color,
        /// Pieces beyond the original set.
        promoted: u32,
        /// Pawns missing from eight.
        missing_pawns: u32,
    },
    /// The side not to move is in check (rule 6).
    NotToMoveInCheck {
        /// The side in check.
        side: Color,
    },
    /// The side to move is in a check no last move could give (rule 6).
    ImpossibleCheck {
        /// The side to move.
        side: Color,
    },
    /// One `9` decoded by the men count (rule 7).
    NineDecoded {
        /// The type.
        role: Role,
        /// White's count.
        white: u8,
        /// Black's count.
        black: u8,
    },
    /// One `9` whose decoded split has no side with three or more: the digit is wrong (rule 7).
    NineNotNeeded {
        /// The type.
        role: Role,
        /// White's count.
        white: u8,
        /// Black's count.
        black: u8,
    },
    /// The split of the `9` digits is unknown: two or more, or no men count (rule 7).
    NineUnknown {
        /// The types.
        roles: Vec<Role>,
    },
    /// The sign before the code and the stipulation after it give different results.
    StipulationClash {
        /// Before the code.
        sign: Stipulation,
        /// After it.
        word: Stipulation,
    },
}

impl Kind {
    /// The check that finds this.
    pub fn check(&self) -> Check {
        match self {
            Kind::PawnDigit { .. } => Check::Digits,
            Kind::PieceSquares { .. } | Kind::PawnSquares { .. } | Kind::SquareCount { .. } => {
                Check::Squares
            }
            Kind::MenCount { .. } => Check::MenCount,
            Kind::MenSquares { .. } => Check::MenSquares,
            Kind::SameSquare { .. }
            | Kind::KingsTouch { .. }
            | Kind::PawnOnBackRank { .. }
            | Kind::TooManyMen { .. }
            | Kind::TooManyPromoted { .. } => Check::Board,
            Kind::NotToMoveInCheck { .. } | Kind::ImpossibleCheck { .. } => Check::Legality,
            Kind::NineDecoded { .. } | Kind::NineNotNeeded { .. } | Kind::NineUnknown { .. } => {
                Check::Nine
            }
            Kind::StipulationClash { .. } => Check::Stipulation,
        }
    }

    /// How serious it is.
    pub fn severity(&self) -> Severity {
        match self.check() {
            Check::Board | Check::Legality | Check::Stipulation => Severity::Warning,
            Check::Nine if !matches!(self, Kind::NineNotNeeded { .. }) => Severity::Note,
            _ => Severity::Error,
        }
    }
}

/// `no pieces`, `1 piece`, `3 pieces`.
fn count(n: usize, noun: &str) -> String {
    match n {
        0 => format!("no {noun}s"),
        1 => format!("1 {noun}"),
        _ => format!("{n} {noun}s"),
    }
}

/// `none` or the number.
fn number(n: usize) -> String {
    if n == 0 {
        "none".to_string()
    } else {
        n.to_string()
    }
}

fn role_name(role: Role) -> &'static str {
    match role {
        Role::Queen => "queens",
        Role::Rook => "rooks",
        Role::Bishop => "bishops",
        Role::Knight => "knights",
        Role::Pawn => "pawns",
        Role::King => "kings",
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Kind::PawnDigit { color } => {
                write!(f, "{color} pawn digit: expected 0-8, found 9")
            }
            Kind::PieceSquares { expected, found } => write!(
                f,
                "the code has {}, the squares list {}",
                count(*expected, "piece"),
                number(*found)
            ),
            Kind::PawnSquares { expected, found } => write!(
                f,
                "the code has {}, the squares list {}",
                count(*expected, "pawn"),
                number(*found)
            ),
            Kind::SquareCount { expected, found } => write!(
                f,
                "the code has {expected} men besides the kings, the squares list {found}"
            ),
            Kind::MenCount { code, text } => {
                write!(f, "W/B is {text}, the code gives {code}")
            }
            Kind::MenSquares { men, squares } => write!(
                f,
                "W/B counts {men} men, the squares (kings included) {squares}"
            ),
            Kind::SameSquare { square } => write!(f, "two men on {square}"),
            Kind::KingsTouch { white, black } if white == black => {
                write!(f, "both kings on {white}")
            }
            Kind::KingsTouch { white, black } => {
                write!(f, "kings next to each other on {white} and {black}")
            }
            Kind::PawnOnBackRank { square } => write!(f, "a pawn on {square}, a back rank"),
            Kind::TooManyMen { color, found } => {
                write!(f, "{color} has {found} men; at most 16")
            }
            Kind::TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{color} has {promoted} promoted pieces but only {missing_pawns} pawns missing"
            ),
            Kind::NotToMoveInCheck { side } => {
                write!(f, "{side} is in check but not to move")
            }
            Kind::ImpossibleCheck { side } => {
                write!(f, "{side} is in a check no last move could give")
            }
            Kind::NineDecoded { role, white, black } => write!(
                f,
                "digit 9 for {}: W/B gives {white} white and {black} black",
                role_name(*role)
            ),
            Kind::NineNotNeeded { role, white, black } => write!(
                f,
                "digit 9 for {} needs three or more of a side, W/B gives {white} white and {black} black",
                role_name(*role)
            ),
            Kind::NineUnknown { roles } => {
                let names: Vec<&str> = roles.iter().map(|r| role_name(*r)).collect();
                write!(
                    f,
                    "digit 9 for {}: split unknown, ambiguous rather than invalid",
                    names.join(" and ")
                )
            }
            Kind::StipulationClash { sign, word } => {
                write!(
                    f,
                    "the sign says {sign}, the stipulation after the code {word}"
                )
            }
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
    /// (GBR.md §3) or the digits fix it.
    pub fix: Option<Fix>,
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
}

impl fmt::Display for Finding {
    /// `men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.check().name(), self.kind)?;
        if let Some(fix) = &self.fix {
            write!(
                f,
                "; the {} should probably read {}",
                fix.part.name(),
                fix.replacement
            )?;
        }
        Ok(())
    }
}

/// Which copy of the material is the odd one out (GBR.md §3, last paragraph).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Blame {
    Code,
    Men,
    Squares,
    Unknown,
}

struct Checker<'a> {
    parsed: &'a Parsed,
    findings: Vec<Finding>,
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

/// Runs every check of GBR.md §3 on a parsed position and returns all findings, in rule
/// order; empty when everything agrees. Never fails: what cannot be checked (no squares, no
/// side to move) is not.
pub fn check(parsed: &Parsed) -> Vec<Finding> {
    let mut c = Checker {
        parsed,
        findings: Vec::new(),
    };
    c.digits();
    let decoded = parsed.position.decoded();
    c.nines(&decoded);
    c.redundancy(decoded.material());
    if let Some(material) = decoded.material() {
        c.material_sanity(material);
    }
    let board_sane = c.board_sanity();
    if board_sane {
        c.legality();
    }
    c.stipulation();
    c.findings
}

impl Checker<'_> {
    fn push(&mut self, kind: Kind, part: Part, against: Option<Part>, fix: Option<Fix>) {
        let span = self.span_of(part);
        self.findings.push(Finding {
            kind,
            part,
            against,
            span,
            fix,
        });
    }

    fn span_of(&self, part: Part) -> Range<usize> {
        let p = &self.parsed.parts;
        let range = match part {
            Part::Code => Some(p.code.clone()),
            Part::Kings => p.kings.clone(),
            Part::Squares => p.squares.clone(),
            Part::MenCount => p.men.clone(),
            Part::Stipulation => p.word.clone().or_else(|| p.sign.clone()),
        };
        range.unwrap_or_else(|| p.code.clone())
    }

    fn code(&self) -> Code {
        self.parsed.position.code
    }

    fn code_fix(&self, digits: [u8; 6]) -> Option<Fix> {
        let code = Code::from_digits(digits)?;
        (code != self.code()).then(|| Fix {
            part: Part::Code,
            span: self.parsed.parts.code.clone(),
            replacement: code.to_string(),
        })
    }

    fn digits(&mut self) {
        for color in [Color::White, Color::Black] {
            if self.code().pawns(color) == 9 {
                self.push(Kind::PawnDigit { color }, Part::Code, None, None);
            }
        }
    }

    fn nines(&mut self, decoded: &Decoded) {
        match decoded {
            Decoded::Exact(_) => {}
            Decoded::FromMenCount { material, role } => {
                let counts = material.counts();
                let (white, black) = (*counts.white.get(*role), *counts.black.get(*role));
                if white >= 3 || black >= 3 {
                    self.push(
                        Kind::NineDecoded {
                            role: *role,
                            white,
                            black,
                        },
                        Part::Code,
                        Some(Part::MenCount),
                        None,
                    );
                } else {
                    let mut digits = self.code().digits().map(Digit::value);
                    let i = PIECE_ROLES.iter().position(|r| r == role).unwrap_or(0);
                    digits[i] = Digit::from_counts(white, black).value();
                    let fix = self.code_fix(digits);
                    self.push(
                        Kind::NineNotNeeded {
                            role: *role,
                            white,
                            black,
                        },
                        Part::Code,
                        Some(Part::MenCount),
                        fix,
                    );
                }
            }
            Decoded::Unknown { roles } => {
                self.push(
                    Kind::NineUnknown {
                        roles: roles.clone(),
                    },
                    Part::Code,
                    None,
                    None,
                );
            }
        }
    }

    /// The code with its pawn digits replaced so that it gives `men`, when that is possible.
    fn code_with_pawns_for(&self, material: &Material, men: MenCount) -> Option<[u8; 6]> {
        let mut digits = self.code().digits().map(Digit::value);
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let pawns = i32::from(men.get(color)) - 1 - material.pieces(color) as i32;
            digits[4 + i] = u8::try_from(pawns).ok().filter(|p| *p <= 8)?;
        }
        Some(digits)
    }

    /// Rules 2, 3 and 4, with the vote of the three copies.
    fn redundancy(&mut self, material: Option<&Material>) {
        let position = &self.parsed.position;
        let code_men = match position.decoded() {
            Decoded::Exact(m) => Some(MenCount::of(&m)),
            _ => None,
        };
        let text_men = position.men;
        let squares = position.squares.as_ref();
        let squares_men = squares.map(|s| s.len() + 2);
        let code_total = code_men.map(|m| m.total());

        let code_vs_squares = match (code_total, squares_men) {
            (Some(c), Some(s)) => c != s || self.split_disagrees(),
            _ => false,
        };
        let code_vs_men = matches!((code_men, text_men), (Some(c), Some(t)) if c != t);
        let men_vs_squares =
            matches!((text_men, squares_men), (Some(t), Some(s)) if t.total() != s);
        let blame = match (code_vs_squares, code_vs_men, men_vs_squares) {
            (true, true, false) => Blame::Code,
            (false, true, true) => Blame::Men,
            (true, false, true) => Blame::Squares,
            _ => Blame::Unknown,
        };

        if let (Some(material), Some(squares)) = (material, squares) {
            self.squares_against_code(material, squares, blame);
        }
        if let (true, Some(code), Some(text), Some(material)) =
            (code_vs_men, code_men, text_men, material)
        {
            let men_fix = Fix {
                part: Part::MenCount,
                span: self.span_of(Part::MenCount),
                replacement: code.to_string(),
            };
            let code_fix = self
                .code_with_pawns_for(material, text)
                .filter(|d| self.squares_fit(d))
                .and_then(|d| self.code_fix(d));
            let (part, against, fix) = match blame {
                Blame::Men => (Part::MenCount, Part::Code, Some(men_fix)),
                Blame::Code => (Part::Code, Part::MenCount, code_fix),
                // Two copies only (EG 190's `a2f1 0411.56 10/9 Win`): W/B is the control the
                // code is written against (seed 001), so the code's pawn digits are the likely
                // error when changing them reconciles the two; else W/B is.
                _ => match code_fix {
                    Some(fix) => (Part::Code, Part::MenCount, Some(fix)),
                    None => (Part::MenCount, Part::Code, Some(men_fix)),
                },
            };
            self.push(Kind::MenCount { code, text }, part, Some(against), fix);
        }
        if let (true, Some(t), Some(s)) = (men_vs_squares, text_men, squares_men) {
            let (part, against) = match blame {
                Blame::Squares => (Part::Squares, Part::MenCount),
                _ => (Part::MenCount, Part::Squares),
            };
            self.push(
                Kind::MenSquares {
                    men: t.total(),
                    squares: s,
                },
                part,
                Some(against),
                None,
            );
        }
    }

    /// True when a proposed code fits the squares listed (or none are): a fix must not
    /// trade one disagreement for another.
    fn squares_fit(&self, digits: &[u8; 6]) -> bool {
        let Some(squares) = &self.parsed.position.squares else {
            return true;
        };
        let Some(code) = Code::from_digits(*digits) else {
            return false;
        };
        match code.total_pieces() {
            Some(pieces) if squares.pawns_marked => {
                squares.pieces.len() == pieces && squares.pawns.len() == code.total_pawns()
            }
            Some(pieces) => squares.len() == pieces + code.total_pawns(),
            None => false,
        }
    }

    fn split_disagrees(&self) -> bool {
        let (Some(squares), Some(pieces)) =
            (&self.parsed.position.squares, self.code().total_pieces())
        else {
            return false;
        };
        squares.pawns_marked
            && (squares.pieces.len() != pieces || squares.pawns.len() != self.code().total_pawns())
    }

    fn squares_against_code(&mut self, material: &Material, squares: &SquareList, blame: Blame) {
        let pieces = (material.pieces(Color::White) + material.pieces(Color::Black)) as usize;
        let pawns = self.code().total_pawns();
        let (part, against) = match blame {
            Blame::Code => (Part::Code, Part::Squares),
            _ => (Part::Squares, Part::Code),
        };
        if squares.pawns_marked {
            // All the squares are there but the pawn mark stands wrong (or is missing): the
            // fix is the list with the mark where the code puts it.
            let fix = (squares.len() == pieces + pawns).then(|| {
                let all: Vec<_> = squares.all().collect();
                let moved = SquareList {
                    pieces: all[..pieces].to_vec(),
                    pawns: all[pieces..].to_vec(),
                    pawns_marked: true,
                };
                Fix {
                    part: Part::Squares,
                    span: self.span_of(Part::Squares),
                    replacement: moved.to_string(),
                }
            });
            if squares.pieces.len() != pieces {
                self.push(
                    Kind::PieceSquares {
                        expected: pieces,
                        found: squares.pieces.len(),
                    },
                    part,
                    Some(against),
                    fix.clone(),
                );
            }
            if squares.pawns.len() != pawns {
                self.push(
                    Kind::PawnSquares {
                        expected: pawns,
                        found: squares.pawns.len(),
                    },
                    part,
                    Some(against),
                    fix,
                );
            }
        } else if squares.len() != pieces + pawns {
            self.push(
                Kind::SquareCount {
                    expected: pieces + pawns,
                    found: squares.len(),
                },
                part,
                Some(against),
                None,
            );
        }
    }

    fn material_sanity(&mut self, material: &Material) {
        let counts = material.counts();
        for color in [Color::White, Color::Black] {
            let found = material.men(color);
            if found > 16 {
                self.push(Kind::TooManyMen { color, found }, Part::Code, None, None);
            }
            let side = counts.get(color);
            let promoted: u32 = PIECE_ROLES
                .iter()
                .zip(ORIGINAL_SET)
                .map(|(r, n)| u32::from(side.get(*r).saturating_sub(n)))
                .sum();
            let missing_pawns = 8u32.saturating_sub(u32::from(side.pawn));
            if promoted > missing_pawns {
                self.push(
                    Kind::TooManyPromoted {
                        color,
                        promoted,
                        missing_pawns,
                    },
                    Part::Code,
                    None,
                    None,
                );
            }
        }
    }

    /// Rule 5 on squares: returns true when the board is sane enough for rule 6.
    fn board_sanity(&mut self) -> bool {
        let position = &self.parsed.position;
        let mut sane = true;
        if let Some(k) = position.kings {
            if k.white.distance(k.black) <= 1 {
                self.push(
                    Kind::KingsTouch {
                        white: k.white,
                        black: k.black,
                    },
                    Part::Kings,
                    None,
                    None,
                );
                sane = false;
            }
        }
        let Some(squares) = &position.squares else {
            return sane;
        };
        let mut seen = shakmaty::Bitboard::EMPTY;
        let mut reported = shakmaty::Bitboard::EMPTY;
        let kings = position
            .kings
            .map(|k| vec![k.white, k.black])
            .unwrap_or_default();
        for square in kings
            .iter()
            .copied()
            .filter(|_| kings[0] != kings[1])
            .chain(squares.all())
        {
            if seen.contains(square) && !reported.contains(square) {
                reported.add(square);
                self.push(Kind::SameSquare { square }, Part::Squares, None, None);
                sane = false;
            }
            seen.add(square);
        }
        for &square in &squares.pawns {
            if square.rank() == shakmaty::Rank::First || square.rank() == shakmaty::Rank::Eighth {
                self.push(Kind::PawnOnBackRank { square }, Part::Squares, None, None);
            }
        }
        sane
    }

    /// Rule 6, through shakmaty, where the board and the side to move are known.
    fn legality(&mut self) {
        let position = &self.parsed.position;
        let (Some(board), Some(stipulation)) = (position.board(), position.stipulation) else {
            return;
        };
        let turn = stipulation.to_move;
        let setup = Setup {
            board,
            turn,
            ..Setup::empty()
        };
        let Err(err) = Chess::from_setup(setup, CastlingMode::Standard) else {
            return;
        };
        let kinds = err.kinds();
        if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
            self.push(
                Kind::NotToMoveInCheck { side: !turn },
                Part::Squares,
                None,
                None,
            );
        } else if kinds.contains(PositionErrorKinds::IMPOSSIBLE_CHECK) {
            self.push(
                Kind::ImpossibleCheck { side: turn },
                Part::Squares,
                None,
                None,
            );
        }
    }

    fn stipulation(&mut self) {
        if let (Some(sign), Some(word)) = (self.parsed.sign, self.parsed.word) {
            if sign.outcome.is_some() && word.outcome.is_some() && sign.outcome != word.outcome {
                self.push(
                    Kind::StipulationClash { sign, word },
                    Part::Stipulation,
                    None,
                    None,
                );
            }
        }
    }
}

#[cfg(test)]
mod tests;
