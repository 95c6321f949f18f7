//! The six-digit material code `QRBN.wb` (gbr-notation.md §1).
//!
//! A [`Code`] holds exactly what the text says, digit by digit, so a code with a pawn digit of
//! `9` (which is an error, gbr-notation.md §3 rule 1) can still be held, printed and reported. Whether
//! the digits are in range is a question for [`crate::check`](mod@crate::check), not for the
//! parser.

use std::fmt::{self, Write as _};
use std::str::FromStr;

use shakmaty::{ByColor, ByRole, Color, Role};

use crate::material::Material;

/// The four piece types of the code, in the code's order: queens, rooks, bishops, knights.
pub const PIECE_ROLES: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

/// The standard chess set per side, for the piece types of [`PIECE_ROLES`]: 1 queen, 2 rooks,
/// 2 bishops, 2 knights. Men beyond these are promoted (gbr-notation.md §1).
pub(crate) const ORIGINAL_SET: [u8; 4] = [1, 2, 2, 2];

/// The plural English name of a role, as messages use it: `queens`, `rooks`, ... `kings`.
pub fn plural_name(role: Role) -> &'static str {
    match role {
        Role::Queen => "queens",
        Role::Rook => "rooks",
        Role::Bishop => "bishops",
        Role::Knight => "knights",
        Role::Pawn => "pawns",
        Role::King => "kings",
    }
}

/// One digit of a code, `0..=9`.
///
/// As a piece digit it is `white + 3 * black` (gbr-notation.md §1); `9` means some side has three or
/// more of the type and cannot be decoded alone, which [`Digit::counts`] shows as `None`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(u8);

impl Digit {
    /// The digit whose value is `value`, or `None` when `value > 9`.
    pub const fn new(value: u8) -> Option<Digit> {
        if value <= 9 { Some(Digit(value)) } else { None }
    }

    /// The digit's value, `0..=9`.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The (white, black) counts of a piece digit: `black = d / 3`, `white = d % 3`
    /// (gbr-notation.md §1). `None` for `9`, whose split is unknown.
    pub const fn counts(self) -> Option<(u8, u8)> {
        if self.0 == 9 {
            None
        } else {
            Some((self.0 % 3, self.0 / 3))
        }
    }

    /// The piece digit for `white` and `black` men of one type: `white + 3 * black` when both
    /// are at most two, else `9` (gbr-notation.md §1).
    pub const fn from_counts(white: u8, black: u8) -> Digit {
        if white > 2 || black > 2 {
            Digit(9)
        } else {
            Digit(white + 3 * black)
        }
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Written as one character: a digit is 0..=9, and the scanner prints many.
        f.write_char(char::from(b'0' + self.0 % 10))
    }
}

/// A GBR material code: four piece digits (queens, rooks, bishops, knights) and two pawn digits
/// (white, black), printed `dddd.dd` (gbr-notation.md §1).
///
/// `Ord` compares the six digits in order, which is the order of the text: `0323.12 < 0330.00`
/// (gbr-notation.md §4). The digits are held as read; a pawn digit of `9` is representable so that the
/// checks can report it.
///
/// ```
/// use gbrscan::Code;
///
/// let code: Code = "0116.00".parse()?;
/// // A piece digit is white + 3 × black: one white rook, one white bishop, two black knights.
/// assert_eq!(code.material().map(|m| m.to_string()).as_deref(), Some("KRBvKNN"));
/// assert_eq!(code.to_string(), "0116.00");
/// assert!(code < "0130.00".parse()?);
/// assert!("0116.0".parse::<Code>().is_err());
/// # Ok::<(), gbrscan::code::ParseCodeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code {
    digits: [Digit; 6],
}

/// The seven ASCII bytes of a code's text, `dddd.dd` ([`Code::to_ascii`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeText([u8; 7]);

impl CodeText {
    /// The text as a string slice.
    pub fn as_str(&self) -> &str {
        // Digits and a full stop are ASCII, so always UTF-8; the fallback is never taken.
        std::str::from_utf8(&self.0).unwrap_or("0000.00")
    }

    /// Appends the text to `out`, byte by byte: the same as `out.push_str(self.as_str())`
    /// without checking seven known ASCII bytes for UTF-8 (docs/performance.md, "Measurements
    /// behind the code").
    pub(crate) fn push_to(&self, out: &mut String) {
        out.reserve(self.0.len());
        for &b in &self.0 {
            out.push(char::from(b));
        }
    }
}

/// Why a text is not a code. Byte positions are 0-based offsets into the text given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseCodeError {
    /// The text is not `dddd.dd` in length.
    #[error("expected a code of 7 bytes `dddd.dd`, found {found} bytes")]
    Length {
        /// The length found, in bytes.
        found: usize,
    },
    /// A byte where a digit belongs is not one.
    #[error("expected a digit at byte {at}, found {found:?}")]
    NotDigit {
        /// 0-based byte offset in the text.
        at: usize,
        /// The character found there (`U+FFFD` for a non-ASCII byte).
        found: char,
    },
    /// The byte between the piece and the pawn digits is not a full stop.
    #[error("expected '.' at byte {at}, found {found:?}")]
    NotFullStop {
        /// 0-based byte offset in the text.
        at: usize,
        /// The character found there.
        found: char,
    },
}

/// Why per-colour counts cannot be written as a code ([`Code::from_material`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// A side has more than eight pawns, which no pawn digit can hold (gbr-notation.md §1).
    #[error("{color} has {found} pawns; a pawn digit holds 0-8")]
    TooManyPawns {
        /// The side.
        color: Color,
        /// Its pawn count.
        found: u8,
    },
}

fn char_at(bytes: &[u8], at: usize) -> char {
    match bytes[at] {
        b if b.is_ascii() => b as char,
        _ => char::REPLACEMENT_CHARACTER,
    }
}

impl Code {
    /// Parses exactly `dddd.dd` (7 bytes). Any digit `0..=9` is accepted in every place; the
    /// range of the pawn digits is checked by [`crate::check`](mod@crate::check) (gbr-notation.md §3
    /// rule 1).
    ///
    /// # Errors
    /// [`ParseCodeError`] naming the byte and what was found there.
    pub fn from_ascii(bytes: &[u8]) -> Result<Code, ParseCodeError> {
        if bytes.len() != 7 {
            return Err(ParseCodeError::Length { found: bytes.len() });
        }
        if bytes[4] != b'.' {
            return Err(ParseCodeError::NotFullStop {
                at: 4,
                found: char_at(bytes, 4),
            });
        }
        let mut digits = [Digit(0); 6];
        for (i, at) in [0, 1, 2, 3, 5, 6].into_iter().enumerate() {
            let b = bytes[at];
            if !b.is_ascii_digit() {
                return Err(ParseCodeError::NotDigit {
                    at,
                    found: char_at(bytes, at),
                });
            }
            digits[i] = Digit(b - b'0');
        }
        Ok(Code { digits })
    }

    /// The canonical text `dddd.dd` as ASCII bytes, without the formatting machinery (the
    /// scanner writes one or more per code it finds).
    pub fn to_ascii(&self) -> CodeText {
        let d = self.digits.map(|d| b'0' + d.0 % 10);
        CodeText([d[0], d[1], d[2], d[3], b'.', d[4], d[5]])
    }

    /// Parses a code given on purpose, as a user types it in a query or `gbr decode`: the full
    /// `dddd.dd`, or the four piece digits alone (`4100`, `0023`, as in the seeds), which mean
    /// no pawns. Never used by the scanner: four digits alone are a year in running text
    /// (gbr-notation.md §1).
    ///
    /// # Errors
    /// [`ParseCodeError`] as for [`Code::from_ascii`]; `Length` when the text is neither 4 nor 7
    /// bytes.
    pub fn parse_loose(text: &str) -> Result<Code, ParseCodeError> {
        let text = text.trim();
        match text.len() {
            4 => {
                let mut full = [b'0'; 7];
                full[..4].copy_from_slice(text.as_bytes());
                full[4] = b'.';
                Code::from_ascii(&full)
            }
            _ => Code::from_ascii(text.as_bytes()),
        }
    }

    /// The code with these six digit values, in text order (queens, rooks, bishops, knights,
    /// white pawns, black pawns). `None` when a value exceeds 9.
    pub fn from_digits(values: [u8; 6]) -> Option<Code> {
        let mut digits = [Digit(0); 6];
        for (d, v) in digits.iter_mut().zip(values) {
            *d = Digit::new(v)?;
        }
        Some(Code { digits })
    }

    /// The six digits in text order.
    pub fn digits(&self) -> [Digit; 6] {
        self.digits
    }

    /// The piece digit of `role` (queen, rook, bishop or knight). `None` for pawn and king.
    pub fn piece_digit(&self, role: Role) -> Option<Digit> {
        // The places of `PIECE_ROLES`.
        let i = match role {
            Role::Queen => 0,
            Role::Rook => 1,
            Role::Bishop => 2,
            Role::Knight => 3,
            Role::Pawn | Role::King => return None,
        };
        Some(self.digits[i])
    }

    /// The (white, black) count of `role`. Pawns come from the pawn digits, which are always
    /// counts (a `9` there is read as nine, and reported by the checks); kings are always one
    /// each. `None` for a piece digit of `9`.
    pub fn counts(&self, role: Role) -> Option<(u8, u8)> {
        match role {
            Role::Pawn => Some((self.digits[4].0, self.digits[5].0)),
            Role::King => Some((1, 1)),
            _ => self.piece_digit(role).and_then(Digit::counts),
        }
    }

    /// Pawns of `color`, from the pawn digits.
    pub fn pawns(&self, color: Color) -> u8 {
        self.digits[if color.is_white() { 4 } else { 5 }].0
    }

    /// Total pawns, white and black.
    pub fn total_pawns(&self) -> usize {
        usize::from(self.pawns(Color::White)) + usize::from(self.pawns(Color::Black))
    }

    /// The piece types whose digit is `9` (three or more of one side, split unknown), in code
    /// order.
    pub fn nines(&self) -> Vec<Role> {
        PIECE_ROLES
            .iter()
            .zip(&self.digits)
            .filter(|(_, d)| d.0 == 9)
            .map(|(r, _)| *r)
            .collect()
    }

    /// Total pieces (queens, rooks, bishops, knights of both sides), or `None` when a piece
    /// digit is `9`.
    pub fn total_pieces(&self) -> Option<usize> {
        let mut total = 0;
        for role in PIECE_ROLES {
            let (w, b) = self.counts(role)?;
            total += usize::from(w) + usize::from(b);
        }
        Some(total)
    }

    /// The full material, kings included, or `None` when a piece digit is `9`.
    pub fn material(&self) -> Option<Material> {
        // The digits in the order of `PIECE_ROLES`, read straight into the counts: the scanner
        // decodes every code it finds.
        let [queen, rook, bishop, knight] = [0, 1, 2, 3].map(|i| self.digits[i].counts());
        let (queen, rook, bishop, knight) = (queen?, rook?, bishop?, knight?);
        let side = |count: fn((u8, u8)) -> u8, pawn: Digit| ByRole {
            pawn: pawn.0,
            knight: count(knight),
            bishop: count(bishop),
            rook: count(rook),
            queen: count(queen),
            king: 1,
        };
        Some(Material::new(ByColor {
            white: side(|(w, _)| w, self.digits[4]),
            black: side(|(_, b)| b, self.digits[5]),
        }))
    }

    /// The code of `material`, writing `9` for a piece type where a side has three or more
    /// (gbr-notation.md §1). Kings in `material` are ignored.
    ///
    /// # Errors
    /// [`EncodeError::TooManyPawns`] when a side has more than eight pawns.
    pub fn from_material(material: &Material) -> Result<Code, EncodeError> {
        let counts = material.counts();
        let mut digits = [Digit(0); 6];
        for (i, role) in PIECE_ROLES.into_iter().enumerate() {
            digits[i] = Digit::from_counts(*counts.white.get(role), *counts.black.get(role));
        }
        for (i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            let found = *counts.get(color).get(Role::Pawn);
            if found > 8 {
                return Err(EncodeError::TooManyPawns { color, found });
            }
            digits[4 + i] = Digit(found);
        }
        Ok(Code { digits })
    }
}

impl fmt::Display for Code {
    /// The canonical `dddd.dd`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.to_ascii().as_str())
    }
}

impl FromStr for Code {
    type Err = ParseCodeError;

    /// Strict: exactly `dddd.dd`, as [`Code::from_ascii`].
    fn from_str(s: &str) -> Result<Code, ParseCodeError> {
        Code::from_ascii(s.as_bytes())
    }
}

impl serde::Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Code, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        Code::from_ascii(text.as_bytes()).map_err(serde::de::Error::custom)
    }
}

/// The codes one digit apart from `code`: each of the six digits replaced by every other
/// value from 0 to 9.
pub(crate) fn neighbours(code: Code) -> impl Iterator<Item = Code> {
    let values = code.digits().map(|d| d.value());
    (0..6).flat_map(move |place| {
        (0..=9u8)
            .filter(move |&v| v != values[place])
            .filter_map(move |v| {
                let mut changed = values;
                changed[place] = v;
                Code::from_digits(changed)
            })
    })
}

#[cfg(test)]
mod tests;
