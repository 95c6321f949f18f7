//! The parts of a position the text gives besides the code: the kings, the square list and
//! the men count (gbr-notation.md §2), each with the text it is written as.

use std::cell::RefCell;
use std::fmt;

use compact_str::CompactString;
use shakmaty::{Color, Square};

use crate::material::Material;

/// The names of the 64 squares end to end, in shakmaty's order (`a1`, `b1`, ... `h8`).
const SQUARE_NAMES: &str = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8";

/// Appends a square's name (`e4`) as one two-byte slice: squares are most of what the scanner
/// prints, and pushing them a `char` at a time cost more than the rest of the text.
pub(super) fn push_square(out: &mut String, square: Square) {
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
pub(super) fn display_with(
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
