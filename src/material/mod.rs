//! Material descriptions both ways: the human style of EG and the seeds (`wR wB v bN bN`) and
//! the endgame-table style of chess software (`KRBvKNN`).

use std::fmt;
use std::str::FromStr;

mod loose;

use shakmaty::{ByColor, ByRole, Color, Role};

/// The kinds of men in the order the descriptions list them (and the picture reader's sets
/// give distances): king, queen, rook, bishop, knight, pawn.
pub const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// The men of both sides, counted per colour and role (kings included).
///
/// `Display` prints the endgame-table style (`KRBvKNN`: white first, roles in the order
/// K Q R B N P); [`Material::human`] the style of EG and the seeds (`wR wB v bN bN`).
/// `FromStr` reads both.
///
/// ```
/// use gbrscan::{Code, Material};
///
/// let material: Material = "wR wB v bN bN".parse()?;
/// assert_eq!(material.to_string(), "KRBvKNN");
/// assert_eq!(material.human(), "wR wB v bN bN");
/// assert_eq!(Code::from_material(&material).map(|c| c.to_string()), Ok("0116.00".into()));
/// # Ok::<(), gbrscan::material::ParseMaterialError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Material(ByColor<ByRole<u8>>);

/// Why a material description could not be read. Byte offsets are 0-based into the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseMaterialError {
    /// No `v` (endgame-table style) or ` v ` (human style) between the sides.
    #[error("expected two sides separated by 'v', as in KRBvKNN or wR wB v bN bN")]
    NoSeparator,
    /// A character that is not a man.
    #[error("expected a man (K Q R B N P, or wK.. bP) at byte {at}, found {found:?}")]
    NotAMan {
        /// 0-based byte offset.
        at: usize,
        /// What was found there.
        found: String,
    },
    /// A human-style man of the wrong colour for its side (`bR` before the `v`).
    #[error("{found:?} at byte {at} stands on {side}'s side of the 'v'")]
    WrongSide {
        /// 0-based byte offset.
        at: usize,
        /// The token found.
        found: String,
        /// The side it stands on.
        side: Color,
    },
}

/// Letters in each of [`RUNS`].
const RUN: usize = 16;

/// A run of each role's letter, in [`ROLES`], long enough for the men of one side of a legal
/// position ([`RUN`]): copied as one slice, as `char` pushes cost more than the rest.
const RUNS: [&str; 6] = [
    "KKKKKKKKKKKKKKKK",
    "QQQQQQQQQQQQQQQQ",
    "RRRRRRRRRRRRRRRR",
    "BBBBBBBBBBBBBBBB",
    "NNNNNNNNNNNNNNNN",
    "PPPPPPPPPPPPPPPP",
];

fn letter(role: Role) -> char {
    role.upper_char()
}

impl Material {
    /// Material from per-colour, per-role counts. The king counts are kept as given.
    pub const fn new(counts: ByColor<ByRole<u8>>) -> Material {
        Material(counts)
    }

    /// The men of each colour and kind standing on `board`, kings included (a diagram's,
    /// a FEN's or a picture's board: gbr-notation.md §1).
    pub fn of_board(board: &shakmaty::Board) -> Material {
        let mut counts = ByColor::<ByRole<u8>>::default();
        for (_, piece) in board.clone() {
            *counts.get_mut(piece.color).get_mut(piece.role) += 1;
        }
        Material(counts)
    }

    /// The per-colour, per-role counts.
    pub const fn counts(&self) -> ByColor<ByRole<u8>> {
        self.0
    }

    /// Men of `color`, kings included: the W or B of W/B (gbr-notation.md §2).
    pub fn men(&self, color: Color) -> u32 {
        self.0.get(color).iter().map(|n| u32::from(*n)).sum()
    }

    /// Pieces of `color`: queens, rooks, bishops and knights.
    pub fn pieces(&self, color: Color) -> u32 {
        let side = self.0.get(color);
        [Role::Queen, Role::Rook, Role::Bishop, Role::Knight]
            .iter()
            .map(|r| u32::from(*side.get(*r)))
            .sum()
    }

    /// The human style of EG and the seeds: each piece and pawn once per man, white's before
    /// black's, separated by ` v `, kings left out (`wR wB v bN bN`). A side with nothing but its
    /// king is written as its king (`wP v bK`).
    pub fn human(&self) -> String {
        let side = |color: Color| {
            let prefix = if color.is_white() { 'w' } else { 'b' };
            let counts = self.0.get(color);
            let men: Vec<String> = ROLES[1..]
                .iter()
                .flat_map(|r| {
                    std::iter::repeat_n(format!("{prefix}{}", letter(*r)), (*counts.get(*r)).into())
                })
                .collect();
            if men.is_empty() {
                format!("{prefix}K")
            } else {
                men.join(" ")
            }
        };
        format!("{} v {}", side(Color::White), side(Color::Black))
    }

    fn parse_table(text: &str) -> Result<Material, ParseMaterialError> {
        let (white, black) = text
            .split_once('v')
            .ok_or(ParseMaterialError::NoSeparator)?;
        let mut counts = ByColor::new_with(|_| ByRole::new_with(|_| 0u8));
        for (color, part, base) in [
            (Color::White, white, 0),
            (Color::Black, black, white.len() + 1),
        ] {
            for (i, c) in part.char_indices() {
                let role = Role::from_char(c)
                    .filter(|_| c.is_ascii_uppercase())
                    .ok_or_else(|| ParseMaterialError::NotAMan {
                        at: base + i,
                        found: c.to_string(),
                    })?;
                let n = counts.get_mut(color).get_mut(role);
                *n = n.saturating_add(1);
            }
            // A side's king is implied where the text leaves it out.
            let king = counts.get_mut(color).get_mut(Role::King);
            *king = (*king).max(1);
        }
        Ok(Material(counts))
    }

    fn parse_human(text: &str) -> Result<Material, ParseMaterialError> {
        let mut counts = ByColor::new_with(|_| ByRole::new_with(|_| 0u8));
        let mut side = Color::White;
        let mut separated = false;
        let mut offset = 0;
        for token in text.split_ascii_whitespace() {
            let at = offset + text[offset..].find(token).unwrap_or(0);
            offset = at + token.len();
            if token == "v" && !separated {
                separated = true;
                side = Color::Black;
                continue;
            }
            let not_a_man = || ParseMaterialError::NotAMan {
                at,
                found: token.to_string(),
            };
            let bytes = token.as_bytes();
            if bytes.len() != 2 {
                return Err(not_a_man());
            }
            let color = Color::from_char(bytes[0] as char).ok_or_else(not_a_man)?;
            let role = Role::from_char(bytes[1] as char)
                .filter(|_| bytes[1].is_ascii_uppercase())
                .ok_or_else(not_a_man)?;
            if color != side {
                return Err(ParseMaterialError::WrongSide {
                    at,
                    found: token.to_string(),
                    side,
                });
            }
            if role != Role::King {
                let n = counts.get_mut(color).get_mut(role);
                *n = n.saturating_add(1);
            }
        }
        if !separated {
            return Err(ParseMaterialError::NoSeparator);
        }
        counts.white.king = 1;
        counts.black.king = 1;
        Ok(Material(counts))
    }

    /// Appends the endgame-table text (`KRBvKNN`, as `Display` prints it) to `out`, without
    /// the formatting machinery.
    pub(crate) fn push_to(&self, out: &mut String) {
        self.with_text(|text| out.push_str(text));
    }

    /// Calls `with` with the endgame-table text (`KRBvKNN`, as `Display` prints it), made on
    /// the stack: the directory writers make one per entry, millions of them, and a `String`
    /// each would cost more than the text.
    pub(crate) fn with_text<R>(&self, with: impl FnOnce(&str) -> R) -> R {
        // Each run is written whole (a fixed 16-byte copy) into a buffer with room for the
        // longest, and the next one overwrites what lies past its count; a count over 16 takes
        // the slow way.
        const ROOM: usize = 2 * ROLES.len() * RUN + 1;
        let mut text = [0u8; ROOM];
        let mut len = 0;
        for color in [Color::White, Color::Black] {
            if color == Color::Black {
                text[len] = b'v';
                len += 1;
            }
            for (role, run) in ROLES.into_iter().zip(RUNS) {
                let n = usize::from(*self.0.get(color).get(role));
                if n > RUN {
                    let mut long = String::new();
                    self.push_long(&mut long);
                    return with(&long);
                }
                text[len..len + RUN].copy_from_slice(run.as_bytes());
                len += n;
            }
        }
        // The runs are ASCII letters.
        with(std::str::from_utf8(&text[..len]).unwrap_or_default())
    }

    /// [`Material::push_to`] one letter at a time, for counts over 16 (never in a legal
    /// position, but a code's digits and a men count can say so).
    fn push_long(&self, out: &mut String) {
        for color in [Color::White, Color::Black] {
            if color == Color::Black {
                out.push('v');
            }
            for role in ROLES {
                let n = usize::from(*self.0.get(color).get(role));
                (0..n).for_each(|_| out.push(letter(role)));
            }
        }
    }
}

impl fmt::Display for Material {
    /// The endgame-table style, `KRBvKNN`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut text = String::with_capacity(40);
        self.push_to(&mut text);
        f.write_str(&text)
    }
}

impl FromStr for Material {
    type Err = ParseMaterialError;

    /// Reads `KRBvKNN` (kings may be left out) or `wR wB v bN bN` (kings ignored; always one
    /// each).
    fn from_str(text: &str) -> Result<Material, ParseMaterialError> {
        let text = text.trim();
        if text.contains(char::is_whitespace) {
            Material::parse_human(text)
        } else {
            Material::parse_table(text)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::Code;

    #[track_caller]
    fn of(code: &str) -> Material {
        code.parse::<Code>().unwrap().material().unwrap()
    }

    #[test]
    fn human_style_matches_the_seed_examples() {
        assert_eq!(of("0116.00").human(), "wR wB v bN bN");
        assert_eq!(of("0002.01").human(), "wN wN v bP");
        assert_eq!(of("0023.00").human(), "wB wB v bN");
        assert_eq!(of("0000.10").human(), "wP v bK");
    }

    #[test]
    fn both_styles_parse_back_to_the_same_material() {
        for code in ["0116.00", "4888.88", "0000.10", "6010.03", "0411.67"] {
            let m = of(code);
            assert_eq!(m.human().parse::<Material>().unwrap(), m, "{code}");
            assert_eq!(m.to_string().parse::<Material>().unwrap(), m, "{code}");
        }
    }

    #[test]
    fn table_style_may_leave_out_the_kings() {
        assert_eq!("RBvNN".parse::<Material>().unwrap(), of("0116.00"));
    }

    #[test]
    fn each_run_is_its_roles_letter() {
        for (role, run) in ROLES.into_iter().zip(RUNS) {
            assert_eq!(run.len(), RUN);
            assert!(run.chars().all(|c| c == letter(role)), "{role:?}: {run}");
        }
    }

    #[test]
    fn counts_up_to_a_run_and_beyond_are_written_in_full() {
        // Counts above 16 (no legal position, but a men count can say so) take the slow way.
        for n in [0, 1, 15, 16, 17, 40, 255] {
            let mut counts = of("0000.00").counts();
            counts.white.knight = n;
            counts.black.pawn = n;
            counts.black.queen = 16;
            let text = Material::new(counts).to_string();
            let n = usize::from(n);
            let expected = format!("K{}vK{}{}", "N".repeat(n), "Q".repeat(16), "P".repeat(n));
            assert_eq!(text, expected, "{n}");
            assert_eq!(text.parse::<Material>().unwrap(), Material::new(counts));
        }
    }

    #[test]
    fn errors_say_where_and_what() {
        assert_eq!(
            "KRBvKNX".parse::<Material>().unwrap_err().to_string(),
            "expected a man (K Q R B N P, or wK.. bP) at byte 6, found \"X\""
        );
        assert_eq!(
            "wR bB v bN".parse::<Material>().unwrap_err().to_string(),
            "\"bB\" at byte 3 stands on white's side of the 'v'"
        );
        assert_eq!(
            "KRB".parse::<Material>().unwrap_err(),
            ParseMaterialError::NoSeparator
        );
    }
}
