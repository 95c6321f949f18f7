//! The men's shapes a board is read with (docs/reading.md, "Diagrams in pictures"): for each
//! kind of man and each colour of square, the mean of the [`Shape`]s seen of him, and the
//! nearest mean names a man read.
//!
//! A set is built from boards whose men are known: the built-in set ([`PieceSet::builtin`],
//! made by `benches/tools/piece_set.rs` from boards rendered in free chess fonts) and a book's
//! own, learned from its captions (`learn.rs`). A set keeps sums and counts, so one board's
//! teaching can be taken out again ([`PieceSet::without`]): a board is never read with what it
//! taught.

use shakmaty::Role;

use super::squares::{SHAPE_LEN, SHAPE_SIDE, SIZE_WEIGHT, Shape};

/// The outline's cells of a [`Shape`], before its three sizes.
const SHAPE_CELLS: usize = SHAPE_SIDE * SHAPE_SIDE;

/// The kinds of men in the order a set keeps them.
pub const ROLES: [Role; 6] = [
    Role::King,
    Role::Queen,
    Role::Rook,
    Role::Bishop,
    Role::Knight,
    Role::Pawn,
];

/// What a set has seen of one kind of man on one colour of square.
#[derive(Debug, Clone)]
struct Seen {
    sum: Vec<f32>,
    count: f32,
}

impl Default for Seen {
    fn default() -> Seen {
        Seen {
            sum: vec![0.0; SHAPE_LEN],
            count: 0.0,
        }
    }
}

/// The shapes of each kind of man on light and dark squares: sums and counts, so that sets
/// add and one board's lessons come out again.
#[derive(Debug, Clone, Default)]
pub struct PieceSet {
    /// Index: role (as [`ROLES`]) × 2 + 1 for a dark square.
    seen: Vec<Seen>,
}

/// The built-in set's bytes: for each role of [`ROLES`] and each square colour (light, then
/// dark), a count (u16, little-endian) and [`SHAPE_LEN`] cells of the mean, each a byte
/// (the mean × 255 / 2, as the sizes reach past 1).
const BUILTIN: &[u8] = include_bytes!("builtin.bin");

/// How many boards' worth the built-in set weighs against a book's own lessons.
const BUILTIN_WEIGHT: f32 = 2.0;

fn slot(role: Role, dark: bool) -> usize {
    let r = ROLES.iter().position(|&x| x == role).unwrap_or(0);
    r * 2 + usize::from(dark)
}

impl PieceSet {
    /// A set that has seen nothing.
    pub fn new() -> PieceSet {
        PieceSet {
            seen: vec![Seen::default(); ROLES.len() * 2],
        }
    }

    /// The set built into gbr: shapes of men rendered in free chess fonts
    /// (`src/picture/builtin.bin`, made by `cargo run --release --example piece_set`), each
    /// kind weighing as [`BUILTIN_WEIGHT`] men of a book.
    pub fn builtin() -> PieceSet {
        PieceSet::decode(BUILTIN, BUILTIN_WEIGHT).unwrap_or_default()
    }

    /// Adds one man seen.
    pub fn add(&mut self, role: Role, dark: bool, shape: &Shape) {
        self.add_weighted(role, dark, shape, 1.0);
    }

    fn add_weighted(&mut self, role: Role, dark: bool, shape: &Shape, weight: f32) {
        if self.seen.is_empty() {
            *self = PieceSet::new();
        }
        let seen = &mut self.seen[slot(role, dark)];
        for (s, v) in seen.sum.iter_mut().zip(shape) {
            *s += v * weight;
        }
        seen.count += weight;
    }

    /// This set with `other`'s men added.
    pub fn plus(&self, other: &PieceSet) -> PieceSet {
        let mut sum = if self.seen.is_empty() {
            PieceSet::new()
        } else {
            self.clone()
        };
        for (i, seen) in other.seen.iter().enumerate() {
            for (s, v) in sum.seen[i].sum.iter_mut().zip(&seen.sum) {
                *s += v;
            }
            sum.seen[i].count += seen.count;
        }
        sum
    }

    /// This set with `other`'s men taken out (a board's own lessons, before it is read).
    pub fn without(&self, other: &PieceSet) -> PieceSet {
        let mut rest = self.clone();
        for (i, seen) in other.seen.iter().enumerate() {
            if let Some(r) = rest.seen.get_mut(i) {
                for (s, v) in r.sum.iter_mut().zip(&seen.sum) {
                    *s -= v;
                }
                r.count = (r.count - seen.count).max(0.0);
            }
        }
        rest
    }

    /// How many men of `role` on squares of that colour the set has seen.
    pub fn count(&self, role: Role, dark: bool) -> f32 {
        self.seen.get(slot(role, dark)).map_or(0.0, |s| s.count)
    }

    /// The mean shape of `role` on that colour of square, else on the other colour.
    fn mean(&self, role: Role, dark: bool) -> Option<Vec<f32>> {
        let pick = [dark, !dark].into_iter().find_map(|d| {
            let seen = self.seen.get(slot(role, d))?;
            (seen.count > 0.01).then_some(seen)
        })?;
        Some(pick.sum.iter().map(|s| s / pick.count).collect())
    }

    /// The squared distance from `shape` to each kind's mean, in [`ROLES`] order (`f32::MAX`
    /// for a kind never seen).
    pub fn distances(&self, shape: &Shape, dark: bool) -> [f32; 6] {
        let mut d = [f32::MAX; 6];
        for (i, &role) in ROLES.iter().enumerate() {
            if let Some(mean) = self.mean(role, dark) {
                d[i] = mean
                    .iter()
                    .zip(shape)
                    .enumerate()
                    .map(|(k, (m, s))| {
                        let w = if k >= SHAPE_CELLS { SIZE_WEIGHT } else { 1.0 };
                        (w * (m - s)).powi(2)
                    })
                    .sum();
            }
        }
        d
    }

    /// The set as the bytes of [`BUILTIN`]'s layout.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for role in ROLES {
            for dark in [false, true] {
                let count = self.count(role, dark);
                out.extend_from_slice(&(count.round().min(65535.0) as u16).to_le_bytes());
                let mean = self.mean(role, dark).filter(|_| count > 0.01);
                for i in 0..SHAPE_LEN {
                    let v = mean.as_ref().map_or(0.0, |m| m[i]);
                    out.push((v * 255.0 / 2.0).round().clamp(0.0, 255.0) as u8);
                }
            }
        }
        out
    }

    /// A set from [`PieceSet::encode`]'s bytes, each kind that was seen weighing `weight`;
    /// `None` when the bytes are not of that layout.
    pub fn decode(bytes: &[u8], weight: f32) -> Option<PieceSet> {
        if bytes.len() != ROLES.len() * 2 * (2 + SHAPE_LEN) {
            return None;
        }
        let mut set = PieceSet::new();
        for (i, chunk) in bytes.chunks(2 + SHAPE_LEN).enumerate() {
            let count = u16::from_le_bytes([chunk[0], chunk[1]]);
            if count == 0 {
                continue;
            }
            let mut shape = [0f32; SHAPE_LEN];
            for (s, &b) in shape.iter_mut().zip(&chunk[2..]) {
                *s = f32::from(b) * 2.0 / 255.0;
            }
            set.add_weighted(ROLES[i / 2], i % 2 == 1, &shape, weight);
        }
        Some(set)
    }
}
