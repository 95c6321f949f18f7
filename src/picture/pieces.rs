//! The men's shapes a board is read with (docs/reading.md, "Diagrams in pictures"): every man
//! seen, his kind and colour, the colour of his square and his [`Shape`]; a man read takes the
//! kind of the nearest man seen (on his colour of square where the set has seen that colour,
//! else on the other), and, where his darkness leaves his colour in doubt, the colour of the
//! nearest men of each colour decides ([`PieceSet::by_colour`]).
//!
//! The nearest man seen, not a mean per kind: the built-in set holds men of three fonts whose
//! means would be no font's. A set is built from boards whose men are known: the built-in set
//! ([`PieceSet::builtin`], made by `benches/tools/piece_set.rs` from boards rendered in free
//! chess fonts) and a book's own, learned from its captions (`learn.rs`). Sets add, and one
//! board's lessons come out again ([`PieceSet::without`]): a board is never read with what it
//! taught.

use shakmaty::{Color, Piece, Role};

use super::squares::{SHAPE_CELLS, SHAPE_LEN, SIZE_WEIGHT, Shape};

pub use crate::material::ROLES;

/// One man seen: his kind and colour, the colour of his square, his shape.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    man: Piece,
    dark: bool,
    shape: Shape,
}

/// Men seen, each with his kind and square's colour.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PieceSet {
    seen: Vec<Seen>,
}

/// The built-in set's bytes: each man seen as one byte of kind, square colour and colour (the
/// index of [`ROLES`], plus 8 on a dark square, plus 16 for Black), then [`SHAPE_LEN`] bytes
/// of his shape, each the value × 255 / 2 (the sizes reach past 1).
const BUILTIN: &[u8] = include_bytes!("builtin.bin");

/// A shape's value as a byte of [`PieceSet::encode`].
const SCALE: f32 = 255.0 / 2.0;

impl PieceSet {
    /// A set that has seen nothing.
    pub fn new() -> PieceSet {
        PieceSet::default()
    }

    /// The set built into gbr: men rendered in free chess fonts (`src/picture/builtin.bin`,
    /// made by `cargo run --release --example piece_set`).
    pub fn builtin() -> PieceSet {
        PieceSet::decode(BUILTIN).unwrap_or_default()
    }

    /// Adds one man seen: `man` on a square dark or not, of `shape`.
    pub fn add(&mut self, man: Piece, dark: bool, shape: &Shape) {
        self.seen.push(Seen {
            man,
            dark,
            shape: *shape,
        });
    }

    /// This set with `other`'s men added.
    pub fn plus(&self, other: &PieceSet) -> PieceSet {
        let mut sum = self.clone();
        sum.seen.extend(other.seen.iter().cloned());
        sum
    }

    /// This set with `other`'s men taken out (a board's own lessons, before it is read): each
    /// of `other`'s men once.
    pub fn without(&self, other: &PieceSet) -> PieceSet {
        let mut rest = self.seen.clone();
        for man in &other.seen {
            if let Some(at) = rest.iter().rposition(|m| m == man) {
                rest.remove(at);
            }
        }
        PieceSet { seen: rest }
    }

    /// How many men of `role` on squares of that colour the set has seen.
    pub fn count(&self, role: Role, dark: bool) -> usize {
        self.seen
            .iter()
            .filter(|m| m.man.role == role && m.dark == dark)
            .count()
    }

    /// How many men the set has seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// True when the set has seen no man.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// The squared distance from `shape` to the nearest man seen of each kind, in [`ROLES`]
    /// order: among men on squares of `dark`'s colour where the set has seen any, else among
    /// all (`f32::MAX` for a kind never seen). The sizes weigh [`SIZE_WEIGHT`] times a cell.
    pub fn distances(&self, shape: &Shape, dark: bool) -> [f32; 6] {
        let [white, black] = self.by_colour(shape, dark);
        std::array::from_fn(|r| white[r].min(black[r]))
    }

    /// The squared distance from `shape` to the nearest man seen of each colour (White first)
    /// and kind (in [`ROLES`] order), among the men [`PieceSet::distances`] looks at: one pass
    /// over the set gives both the kind and the colour of the nearest.
    pub fn by_colour(&self, shape: &Shape, dark: bool) -> [[f32; 6]; 2] {
        let mut d = [[f32::MAX; 6]; 2];
        for man in self.on(dark) {
            let c = usize::from(man.man.color == Color::Black);
            let r = ROLES.iter().position(|&x| x == man.man.role).unwrap_or(0);
            d[c][r] = d[c][r].min(distance(&man.shape, shape, d[c][r]));
        }
        d
    }

    /// The men seen on squares of `dark`'s colour, or all where the set has seen none there.
    fn on(&self, dark: bool) -> impl Iterator<Item = &Seen> {
        let same = self.seen.iter().any(|m| m.dark == dark);
        self.seen.iter().filter(move |m| !same || m.dark == dark)
    }

    /// The set as bytes, the layout of `src/picture/builtin.bin`: each man one byte of kind,
    /// square colour and colour (the index of [`ROLES`], plus 8 on a dark square, plus 16 for
    /// Black), then [`SHAPE_LEN`] bytes of his shape, each the value × 255 / 2.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.seen.len() * (1 + SHAPE_LEN));
        for man in &self.seen {
            let r = ROLES.iter().position(|&x| x == man.man.role).unwrap_or(0) as u8;
            let black = man.man.color == Color::Black;
            out.push(r + if man.dark { 8 } else { 0 } + if black { 16 } else { 0 });
            out.extend(
                man.shape
                    .iter()
                    .map(|v| (v * SCALE).round().clamp(0.0, 255.0) as u8),
            );
        }
        out
    }

    /// A set from [`PieceSet::encode`]'s bytes; `None` when they are not of that layout.
    pub fn decode(bytes: &[u8]) -> Option<PieceSet> {
        if !bytes.len().is_multiple_of(1 + SHAPE_LEN) {
            return None;
        }
        let mut set = PieceSet::new();
        for man in bytes.chunks(1 + SHAPE_LEN) {
            if man[0] >= 32 {
                return None;
            }
            let role = *ROLES.get(usize::from(man[0] & 7))?;
            let color = Color::from_white(man[0] & 16 == 0);
            let mut shape = [0f32; SHAPE_LEN];
            for (s, &b) in shape.iter_mut().zip(&man[1..]) {
                *s = f32::from(b) / SCALE;
            }
            set.add(Piece { color, role }, man[0] & 8 != 0, &shape);
        }
        Some(set)
    }
}

/// The squared distance between two shapes, the sizes weighing [`SIZE_WEIGHT`] times a cell;
/// the sum stops as soon as it reaches `enough` (a nearer man already seen).
fn distance(seen: &Shape, shape: &Shape, enough: f32) -> f32 {
    let mut sum = 0.0;
    for (k, (a, b)) in seen.iter().zip(shape).enumerate() {
        let w = if k >= 2 * SHAPE_CELLS {
            SIZE_WEIGHT
        } else {
            1.0
        };
        sum += (w * (a - b)).powi(2);
        if sum >= enough {
            break;
        }
    }
    sum
}
