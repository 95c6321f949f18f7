//! A position as far as the text gives it: code, kings, squares, men count and stipulation
//! (gbr-notation.md §2), with its canonical text and FEN board field.

use std::fmt;

use shakmaty::{Bitboard, Board, ByColor, ByRole, Color, Piece, Role, Square};

use crate::code::{Code, PIECE_ROLES};
use crate::material::Material;
use crate::stipulation::Stipulation;

mod part;
mod parts;
mod text;
pub use part::Part;
pub(crate) use parts::compact_text;
use parts::display_with;
pub use parts::{Kings, MenCount, SquareList};
pub use text::PartError;

/// How the material of a position is known (gbr-notation.md §3 rule 7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    /// Every piece digit is `0..=8`: the code alone gives the material.
    Exact(Material),
    /// One piece digit is `9` and the men count fixed its split.
    FromMenCount {
        /// The material with the split filled in.
        material: Material,
        /// The piece type of the `9`.
        role: Role,
    },
    /// The split of the `9` digits is not known: two or more nines, or one with no usable men
    /// count.
    Unknown {
        /// The piece types whose digit is `9`.
        roles: Vec<Role>,
    },
}

impl Decoded {
    /// The material when known.
    pub fn material(&self) -> Option<&Material> {
        match self {
            Decoded::Exact(m) | Decoded::FromMenCount { material: m, .. } => Some(m),
            Decoded::Unknown { .. } => None,
        }
    }
}

/// What both the checks and the record work out from a position, worked out once per code:
/// the decoded material and the board ([`Position::derive`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Derived {
    /// [`Position::decoded`].
    pub decoded: Decoded,
    /// [`Position::board`].
    pub board: Option<Board>,
}

/// A position as far as the text gives it. Only the code is certain; everything else is what
/// the form carries (gbr-notation.md §2). Parsing keeps what the text says, even when it disagrees with
/// itself; [`crate::check::check`] says where it does.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The material code.
    pub code: Code,
    /// The king squares, where given.
    pub kings: Option<Kings>,
    /// The squares of pieces and pawns, where given.
    pub squares: Option<SquareList>,
    /// The men count W/B, where given.
    pub men: Option<MenCount>,
    /// Stipulation and side to move, where given.
    pub stipulation: Option<Stipulation>,
}

impl Position {
    /// A position of which only the code is known.
    pub fn bare(code: Code) -> Position {
        Position {
            code,
            kings: None,
            squares: None,
            men: None,
            stipulation: None,
        }
    }

    /// The material: from the code, or with a single `9` split by the men count
    /// (gbr-notation.md §3 rule 7). A men count that leaves a negative count for the `9`'s type gives
    /// `Unknown`.
    pub fn decoded(&self) -> Decoded {
        if let Some(m) = self.code.material() {
            return Decoded::Exact(m);
        }
        let roles = self.code.nines();
        let (Some(men), [role]) = (self.men, roles.as_slice()) else {
            return Decoded::Unknown { roles };
        };
        let mut counts = ByColor::new_with(|_| shakmaty::ByRole::new_with(|_| 0u8));
        for color in [Color::White, Color::Black] {
            let side = counts.get_mut(color);
            side.king = 1;
            side.pawn = self.code.pawns(color);
            let mut known = 1 + i32::from(side.pawn);
            for r in PIECE_ROLES.into_iter().filter(|r| r != role) {
                let (w, b) = self.code.counts(r).unwrap_or((0, 0));
                let n = if color.is_white() { w } else { b };
                *side.get_mut(r) = n;
                known += i32::from(n);
            }
            let rest = i32::from(men.get(color)) - known;
            match u8::try_from(rest) {
                Ok(n) => *side.get_mut(*role) = n,
                Err(_) => return Decoded::Unknown { roles },
            }
        }
        Decoded::FromMenCount {
            material: Material::new(counts),
            role: *role,
        }
    }

    /// The decoded material and the board, for callers that need both (the scanner: the
    /// checks and the record each need them, and deriving them twice cost a good part of a
    /// record's instructions: docs/performance.md, "Measurements behind the code").
    pub(crate) fn derive(&self) -> Derived {
        let decoded = self.decoded();
        let board = self.board_of(&decoded);
        Derived { decoded, board }
    }

    /// The board when the text gives kings and squares whose number fits the material:
    /// pieces assigned in the code's order, white's before black's within a type, then
    /// white's pawns before black's (gbr-notation.md §2). A square listed twice keeps its last man.
    pub fn board(&self) -> Option<Board> {
        self.board_of(&self.decoded())
    }

    /// [`Position::board`] with the material already decoded (`decoded` must be
    /// `self.decoded()`), for callers that need both.
    pub(crate) fn board_of(&self, decoded: &Decoded) -> Option<Board> {
        let kings = self.kings?;
        let squares = self.squares.as_ref()?;
        let material = decoded.material()?.counts();
        // Each man's square added to the bit sets of its type and colour, the board made of
        // them at once: the same board as placing the men one by one whenever no square holds
        // two men of different types or colours (a square listed twice for one type and colour
        // holds that man in both). Where one does, the sets disagree and the men are placed
        // one by one, the later man taking the square.
        let mut by_role = ByRole::new_with(|_| Bitboard::EMPTY);
        let mut by_color = ByColor::new_with(|_| Bitboard::EMPTY);
        each_man(kings, squares, &material, |square, man| {
            by_role.get_mut(man.role).add(square);
            by_color.get_mut(man.color).add(square);
        })?;
        Board::try_from_bitboards(by_role, by_color)
            .ok()
            .or_else(|| board_man_by_man(kings, squares, &material))
    }

    /// The FEN board field (`8/K7/2n5/8/8/3k4/1RB5/8` style), when [`Position::board`] is
    /// known.
    pub fn fen_board(&self) -> Option<String> {
        self.board().map(|b| b.board_fen().to_string())
    }

    /// The men count to print: the text's, or the code's when the squares are given (a full
    /// position always carries one, seed 001).
    /// `decoded` is [`Position::decoded`] when the caller has it already, else `None`.
    fn shown_men(&self, decoded: Option<&Decoded>) -> Option<MenCount> {
        self.men.or_else(|| {
            self.squares.as_ref()?;
            let men_of = |decoded: &Decoded| decoded.material().map(MenCount::of);
            decoded.map_or_else(|| men_of(&self.decoded()), men_of)
        })
    }

    /// Appends the canonical text to `out`, as `Display` prints it (see there).
    pub(crate) fn push_to(&self, out: &mut String) {
        self.push_canonical(out, None);
    }

    /// [`Position::push_to`] for a caller that has [`Position::decoded`] already (the
    /// scanner's record), which a full position without W/B needs for its men count.
    pub(crate) fn push_derived(&self, out: &mut String, derived: &Derived) {
        self.push_canonical(out, Some(&derived.decoded));
    }

    fn push_canonical(&self, out: &mut String, decoded: Option<&Decoded>) {
        if let Some(k) = self.kings {
            k.push_to(out);
            out.push(' ');
        }
        self.code.to_ascii().push_to(out);
        // An empty list (a board of the kings alone) prints nothing, not a second space.
        if let Some(s) = self.squares.as_ref().filter(|s| !s.is_empty()) {
            out.push(' ');
            s.push_to(out);
        }
        let men = self.shown_men(decoded);
        if let Some(m) = men {
            out.push(' ');
            m.push_to(out);
        }
        if let Some(s) = self.stipulation {
            if men.is_none() || s.outcome.is_none() {
                out.push(' ');
            }
            out.push_str(s.as_str());
        }
        if men.is_some() {
            out.push('.');
        }
    }
}

/// Calls `place(square, man)` for each man of `squares` in the code's order (the pieces by type,
/// queens first, White's then Black's; then the pawns, White's first), then for the kings;
/// `None`, having placed some, when the list does not hold exactly the men of `material`.
#[inline(always)]
fn each_man(
    kings: Kings,
    squares: &SquareList,
    material: &ByColor<ByRole<u8>>,
    mut place: impl FnMut(Square, Piece),
) -> Option<()> {
    let mut pieces = squares.pieces.iter();
    for role in PIECE_ROLES {
        for color in [Color::White, Color::Black] {
            for _ in 0..*material.get(color).get(role) {
                place(*pieces.next()?, Piece { color, role });
            }
        }
    }
    let mut pawns = squares.pawns.iter();
    for color in [Color::White, Color::Black] {
        for _ in 0..material.get(color).pawn {
            place(*pawns.next()?, color.pawn());
        }
    }
    if pieces.next().is_some() || pawns.next().is_some() {
        return None;
    }
    place(kings.white, Color::White.king());
    place(kings.black, Color::Black.king());
    Some(())
}

/// The board of the men placed one by one ([`each_man`]), a later man taking the square of an
/// earlier one: what [`Position::board_of`] gives where two men share a square.
fn board_man_by_man(
    kings: Kings,
    squares: &SquareList,
    material: &ByColor<ByRole<u8>>,
) -> Option<Board> {
    let mut board = Board::empty();
    each_man(kings, squares, material, |square, man| {
        board.set_piece_at(square, man);
    })?;
    Some(board)
}

/// The canonical text `canonical` of a position whose stipulation was `old`, with the
/// stipulation `new` instead: the same text [`Position`]'s `Display` prints for that position
/// with `new` (a stipulation glued to W/B before the full stop, `WTM`/`BTM` and a position
/// without W/B with it apart). How the scanner gives a directory entry the heading over it.
pub(crate) fn restipulate(canonical: &str, old: Option<Stipulation>, new: Stipulation) -> String {
    let men = canonical.ends_with('.');
    let mut body = canonical.strip_suffix('.').unwrap_or(canonical);
    let apart = |s: Stipulation| !men || s.outcome.is_none();
    if let Some(old) = old {
        body = body.strip_suffix(old.as_str()).unwrap_or(body);
        if apart(old) {
            body = body.strip_suffix(' ').unwrap_or(body);
        }
    }
    let mut out = String::with_capacity(body.len() + 5);
    out.push_str(body);
    if apart(new) {
        out.push(' ');
    }
    out.push_str(new.as_str());
    if men {
        out.push('.');
    }
    out
}

impl fmt::Display for Position {
    /// The canonical text: kings, code, squares, W/B with the stipulation glued and a
    /// terminating full stop, as far as known: `a7d3 0116.00 b2b3c6d6 3/3+.` (seed 001); `WTM` and
    /// `BTM` stand apart (`4/3 WTM.`, seed 001).
    /// Without W/B the stipulation stands apart and no full stop follows: `g3g1 0323.12 =`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_with(f, 64, |out| self.push_to(out))
    }
}

#[cfg(test)]
mod tests;
