//! What each check can find, and its message.

use std::fmt;

use shakmaty::{Color, Role, Square};

use super::{Check, Severity};
use crate::code::plural_name;
use crate::position::MenCount;
use crate::stipulation::Stipulation;

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

    /// How serious it is: an error where the copies disagree or a square is used twice (no
    /// position has two men on one square, gbr-notation.md §3 rule 5); a warning for the other board
    /// and legality findings (kings next to each other, a pawn on a back rank: printed
    /// studies have them by mistake of the setting, not of the material); a note for a `9`.
    pub fn severity(&self) -> Severity {
        if self.square_used_twice() {
            return Severity::Error;
        }
        match self.check() {
            Check::Board | Check::Legality | Check::Stipulation => Severity::Warning,
            Check::Nine if !matches!(self, Kind::NineNotNeeded { .. }) => Severity::Note,
            _ => Severity::Error,
        }
    }
}

impl Kind {
    /// True for two men on one square, the two kings included.
    fn square_used_twice(&self) -> bool {
        match self {
            Kind::SameSquare { .. } => true,
            Kind::KingsTouch { white, black } => white == black,
            _ => false,
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
                plural_name(*role)
            ),
            Kind::NineNotNeeded { role, white, black } => write!(
                f,
                "digit 9 for {} needs three or more of a side, W/B gives {white} white and {black} black",
                plural_name(*role)
            ),
            Kind::NineUnknown { roles } => {
                let names: Vec<&str> = roles.iter().map(|r| plural_name(*r)).collect();
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
