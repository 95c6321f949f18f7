//! A position as far as the text gives it: code, kings, squares, men count and stipulation
//! (gbr-notation.md §2), with its canonical text and FEN board field.

use std::cell::RefCell;
use std::fmt;

use compact_str::CompactString;
use shakmaty::{Bitboard, Board, ByColor, ByRole, Color, Piece, Role, Square};

use crate::code::{Code, PIECE_ROLES};
use crate::material::Material;
use crate::stipulation::Stipulation;

mod text;
pub use text::PartError;

/// The names of the 64 squares end to end, in shakmaty's order (`a1`, `b1`, ... `h8`).
const SQUARE_NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";

/// Appends a square's name (`e4`) as one two-byte slice: squares are most of what the scanner
/// prints, and pushing them a `char` at a time cost more than the rest of the text.
fn push_square(out: &mut String, square: Square) {
    let i = 2 * usize::from(square);
    out.push_str(&SQUARE_NAMES[i..i + 2]);
}

/// The text `push` appends, made in a string kept for the purpose on each thread and copied
/// into a [`CompactString`] (inline up to 24 bytes): the scanner makes several per code
/// (`crate::record`), and allocating each costs more than writing it.
pub(crate) fn compact_text(push: impl FnOnce(&mut String)) -> CompactString {
    thread_local! {
        static SCRATCH: RefCell<String> = RefCell::new(String::with_capacity(128));
    }
    SCRATCH.with_borrow_mut(|text| {
        text.clear();
        push(text);
        CompactString::new(text.as_str())
    })
}

/// Writes what `push` appends to a string of `capacity` bytes, for the `Display` impls: each
/// text is made in one place (the `push_to` methods), without the formatting machinery.
fn display_with(
    f: &mut fmt::Formatter<'_>,
    capacity: usize,
    push: impl FnOnce(&mut String),
) -> fmt::Result {
    let mut text = String::with_capacity(capacity);
    push(&mut text);
    f.write_str(&text)
}

/// The two king squares, white's first as the text writes them (`a7d3`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kings {
    /// The white king's square.
    pub white: Square,
    /// The black king's square.
    pub black: Square,
}

impl Kings {
    /// Sort key in the order of printed directories: the squares as text, white's first
    /// (`a7` before `b1`), gbr-notation.md §4. `Square`'s own order is rank-major and differs.
    pub fn text_key(&self) -> [u8; 4] {
        let [a, b] = [self.white, self.black].map(|s| (u8::from(s.file()), u8::from(s.rank())));
        [a.0, a.1, b.0, b.1]
    }

    /// Appends `a7d3` to `out`, as `Display` prints it.
    pub(crate) fn push_to(&self, out: &mut String) {
        push_square(out, self.white);
        push_square(out, self.black);
    }
}

impl fmt::Display for Kings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_with(f, 4, |out| self.push_to(out))
    }
}

/// The men count W/B of the text: men of each side, kings included (`3/3`), gbr-notation.md §2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct MenCount {
    /// White's men, king included.
    pub white: u8,
    /// Black's men, king included.
    pub black: u8,
}

impl MenCount {
    /// The men count of `material`.
    pub fn of(material: &Material) -> MenCount {
        let clamp = |n: u32| u8::try_from(n).unwrap_or(u8::MAX);
        MenCount {
            white: clamp(material.men(Color::White)),
            black: clamp(material.men(Color::Black)),
        }
    }

    /// White's and black's men added up.
    pub fn total(&self) -> usize {
        usize::from(self.white) + usize::from(self.black)
    }

    /// The count of `color`.
    pub fn get(&self, color: Color) -> u8 {
        if color.is_white() {
            self.white
        } else {
            self.black
        }
    }

    /// Appends `3/3` to `out`, as `Display` prints it.
    pub(crate) fn push_to(&self, out: &mut String) {
        push_count(out, self.white);
        out.push('/');
        push_count(out, self.black);
    }
}

/// Appends `n` in decimal (W/B counts are small).
fn push_count(out: &mut String, n: u8) {
    if n >= 100 {
        out.push(char::from(b'0' + n / 100));
    }
    if n >= 10 {
        out.push(char::from(b'0' + n / 10 % 10));
    }
    out.push(char::from(b'0' + n % 10));
}

impl fmt::Display for MenCount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_with(f, 7, |out| self.push_to(out))
    }
}

/// The squares listed after the code, kings excluded: pieces in the code's order (queens,
/// rooks, bishops, knights; white's before black's within a type), then pawns, white's before
/// black's (gbr-notation.md §2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SquareList {
    /// Piece squares in the order listed.
    pub pieces: Vec<Square>,
    /// Pawn squares in the order listed.
    pub pawns: Vec<Square>,
    /// True when the text marked the pawns with a full stop, or the absence of one said there
    /// are none (Roycroft, EG, dotted forms); false when the split was made by counting with the
    /// code's pawn digits (the compact Probleemblad form).
    pub pawns_marked: bool,
}

impl SquareList {
    /// All squares, pieces then pawns.
    pub fn all(&self) -> impl Iterator<Item = Square> + '_ {
        self.pieces.iter().chain(&self.pawns).copied()
    }

    /// Number of squares listed.
    pub fn len(&self) -> usize {
        self.pieces.len() + self.pawns.len()
    }

    /// True when no square is listed.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends the squares to `out` as `Display` prints them.
    pub(crate) fn push_to(&self, out: &mut String) {
        for s in &self.pieces {
            push_square(out, *s);
        }
        if !self.pawns.is_empty() {
            out.push('.');
            for s in &self.pawns {
                push_square(out, *s);
            }
        }
    }

    /// Bytes of the text `Display` prints.
    pub(crate) fn text_len(&self) -> usize {
        2 * self.len() + usize::from(!self.pawns.is_empty())
    }

    /// Compares the texts `Display` prints, byte by byte, without writing them: the order of
    /// square lists in a directory (gbr-notation.md §4), where `.` sorts before any square.
    pub fn text_cmp(&self, other: &SquareList) -> std::cmp::Ordering {
        self.text_bytes().cmp(other.text_bytes())
    }

    /// The bytes of the text `Display` prints.
    fn text_bytes(&self) -> impl Iterator<Item = u8> + '_ {
        let names = SQUARE_NAMES.as_bytes();
        let name = move |s: &Square| {
            let i = 2 * usize::from(*s);
            [names[i], names[i + 1]]
        };
        let stop = (!self.pawns.is_empty()).then_some(b'.');
        (self.pieces.iter().flat_map(name))
            .chain(stop)
            .chain(self.pawns.iter().flat_map(name))
    }
}

impl fmt::Display for SquareList {
    /// Pieces glued, then a full stop and the pawns if there are any: `b2b3c6d6`,
    /// `.d4e3f2e4f3`, `d3d6g5g2.c4c5c7e5e6h3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        display_with(f, self.text_len(), |out| self.push_to(out))
    }
}

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
