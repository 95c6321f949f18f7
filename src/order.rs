//! The sort key of a directory entry (gbr-notation.md §4): code, kings as text (white's
//! first), the rest of the position (squares as text, then W/B), stipulation, then the source
//! (path, byte offset); with [`Order::Stipulation`] the group (wins, draws, the rest) comes
//! first.

use std::cmp::Ordering;
use std::fmt;

use crate::code::Code;
use crate::position::{Kings, MenCount, SquareList};
use crate::record::Record;
use crate::stipulation::Stipulation;

/// The two orders a directory can be sorted in (gbr-notation.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Order {
    /// The project's default: code, kings, squares, W/B, stipulation, path, offset.
    #[default]
    Code,
    /// As printed books: wins first, then draws, then the rest ([`Group`]), each in the
    /// default order.
    Stipulation,
}

/// The group of an entry in a directory sorted by [`Order::Stipulation`] (gbr-notation.md §4): the
/// order of [`Stipulation::group`], with entries that give no stipulation among the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Group {
    /// White wins, either side to move: `+`, `-+`.
    Win,
    /// White draws, either side to move: `=`, `-=`.
    Draw,
    /// `WTM`, `BTM`, or no stipulation given.
    Other,
}

impl Group {
    /// Every group, in directory order.
    pub const ALL: [Group; 3] = [Group::Win, Group::Draw, Group::Other];

    /// The group of an entry with this stipulation.
    pub fn of(stipulation: Option<Stipulation>) -> Group {
        match stipulation.map(|s| s.group()) {
            Some(0) => Group::Win,
            Some(1) => Group::Draw,
            _ => Group::Other,
        }
    }

    /// The name the row formats write in their `group` column: `win`, `draw`, `other`.
    pub fn name(self) -> &'static str {
        match self {
            Group::Win => "win",
            Group::Draw => "draw",
            Group::Other => "other",
        }
    }

    /// The group named `name` (as [`Group::name`] writes it).
    pub fn from_name(name: &str) -> Option<Group> {
        Group::ALL.into_iter().find(|g| g.name() == name)
    }

    /// The heading the text and HTML formats print over the group: `Wins`, `Draws`, `Others`.
    pub fn heading(self) -> &'static str {
        match self {
            Group::Win => "Wins",
            Group::Draw => "Draws",
            Group::Other => "Others",
        }
    }

    fn index(self) -> u8 {
        self as u8
    }
}

/// The full sort key of one entry, borrowed from its [`Record`]. `Ord` is the directory order
/// (gbr-notation.md §4): fields compare in declaration order.
///
/// - `group`: `None` under [`Order::Code`], so it never decides;
/// - `code`: digit by digit, which is the text order;
/// - `kings`: the four ASCII bytes (`a7d3`), absent first;
/// - `squares`: the text (`b2b3c6d6`), absent (or empty) first;
/// - `men`: white's count, then black's, numerically, absent first;
/// - `stipulation`: `+ -+ = -= WTM BTM`, then absent;
/// - `path` as text (bytes), then `offset` (0-based bytes).
///
/// Two entries with equal keys are the same occurrence read twice (the same file scanned twice,
/// a directory merged with itself); they keep their input order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key<'a> {
    pub(crate) group: Option<Group>,
    pub(crate) code: Code,
    pub(crate) kings: Option<[u8; 4]>,
    pub(crate) squares: Option<SquaresText<'a>>,
    pub(crate) men: Option<MenCount>,
    pub(crate) stipulation: u8,
    pub(crate) path: &'a crate::source_path::SourcePath,
    pub(crate) offset: u64,
}

/// Rank of a stipulation in the key: `+ -+ = -= WTM BTM` are 0..=5, absent is 6.
pub(crate) fn stipulation_rank(stipulation: Option<Stipulation>) -> u8 {
    stipulation.map_or(6, |s| 2 * s.group() + u8::from(s.to_move.is_black()))
}

/// A square list in the key: compared as its text (`b2b3c6d6`), byte by byte
/// ([`SquareList::text_cmp`]), as printed directories sort it (gbr-notation.md §4).
#[derive(Debug, Clone, Copy)]
pub(crate) struct SquaresText<'a>(pub(crate) &'a SquareList);

impl Ord for SquaresText<'_> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.text_cmp(other.0)
    }
}

impl PartialOrd for SquaresText<'_> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl PartialEq for SquaresText<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for SquaresText<'_> {}

/// The kings' text as four ASCII bytes (`*b"a7d3"`), which sort as printed directories do
/// (gbr-notation.md §4).
pub(crate) fn kings_text(kings: Kings) -> [u8; 4] {
    let [f1, r1, f2, r2] = kings.text_key();
    [b'a' + f1, b'1' + r1, b'a' + f2, b'1' + r2]
}

impl<'a> Key<'a> {
    /// The key of `record` in `order`.
    pub fn of(record: &'a Record, order: Order) -> Key<'a> {
        Key {
            group: match order {
                Order::Code => None,
                Order::Stipulation => Some(Group::of(record.stipulation)),
            },
            code: record.code,
            kings: record.kings.map(kings_text),
            squares: (record.squares.as_ref())
                .filter(|s| !s.is_empty())
                .map(SquaresText),
            men: record.men,
            stipulation: stipulation_rank(record.stipulation),
            path: &record.path,
            offset: record.offset,
        }
    }

    /// The group; `None` under [`Order::Code`].
    pub fn group(&self) -> Option<Group> {
        self.group
    }

    /// The code.
    pub fn code(&self) -> Code {
        self.code
    }

    /// The kings as four ASCII bytes (`*b"a7d3"`).
    pub fn kings(&self) -> Option<[u8; 4]> {
        self.kings
    }
}

impl fmt::Display for Key<'_> {
    /// A short description for messages: `0116.00 a7d3 b2b3c6d6 at study.txt:1234`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.code)?;
        if let Some(k) = self.kings {
            write!(f, " {}", String::from_utf8_lossy(&k))?;
        }
        if let Some(s) = self.squares {
            write!(f, " {}", s.0)?;
        }
        write!(f, " at {}, byte {}", self.path, self.offset)
    }
}

/// Bit of [`PackedKey::hi`] set when the entry has squares, so that squares are compared as text
/// only between two entries that both have them.
const SQUARES_BIT: u64 = 1;

/// A fixed-size summary of a [`Key`] that sorts the same way, for sorting millions of entries
/// fast: `hi` packs group, code and kings; `mid` packs W/B, stipulation and the rank of the
/// path among the distinct paths; only squares need the record itself.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PackedKey {
    hi: u64,
    mid: u64,
    offset: u64,
    /// Index of the record in input order: the tiebreak that keeps equal keys stable.
    pub(crate) index: usize,
}

impl PackedKey {
    /// The packed key of `key`, whose path has rank `path_rank` among the distinct paths.
    pub(crate) fn new(key: &Key<'_>, path_rank: u32, index: usize) -> PackedKey {
        let code = key
            .code
            .digits()
            .iter()
            .fold(0u64, |acc, d| (acc << 4) | u64::from(d.value()));
        let kings = key.kings.map_or(0, |k| {
            let [f1, r1, f2, r2] = [k[0] - b'a', k[1] - b'1', k[2] - b'a', k[3] - b'1'];
            (1 << 12)
                | (u64::from(f1) << 9)
                | (u64::from(r1) << 6)
                | (u64::from(f2) << 3)
                | u64::from(r2)
        });
        let squares = if key.squares.is_some() {
            SQUARES_BIT
        } else {
            0
        };
        let group = key.group.map_or(0, |g| u64::from(g.index()));
        let hi = (group << 40) | (code << 14) | (kings << 1) | squares;
        let men = key.men.map_or(0, |m| {
            (1 << 16) | (u64::from(m.white) << 8) | u64::from(m.black)
        });
        let mid = (men << 35) | (u64::from(key.stipulation) << 32) | u64::from(path_rank);
        PackedKey {
            hi,
            mid,
            offset: key.offset,
            index,
        }
    }

    /// The group and code bits: equal for the entries of one block of a listing.
    pub(crate) fn block(&self) -> u64 {
        self.hi >> 14
    }

    /// The group packed in the key (meaningful under [`Order::Stipulation`]).
    pub(crate) fn group(&self) -> Group {
        Group::ALL[((self.hi >> 40) as usize).min(2)]
    }

    /// The code packed in the key; `None` cannot happen, as every packed digit is 0-9.
    pub(crate) fn code(&self) -> Option<Code> {
        let packed = self.hi >> 14;
        let digits: [u8; 6] = std::array::from_fn(|i| ((packed >> (4 * (5 - i))) & 0xF) as u8);
        Code::from_digits(digits)
    }

    /// Compares as the [`Key`]s of `records[self.index]` and `records[other.index]` would,
    /// then by input index.
    pub(crate) fn cmp(&self, other: &PackedKey, records: &[Record]) -> Ordering {
        self.hi
            .cmp(&other.hi)
            .then_with(|| {
                if self.hi & SQUARES_BIT == 0 {
                    Ordering::Equal
                } else {
                    let text = |i: usize| records[i].squares.as_ref().map(SquaresText);
                    text(self.index).cmp(&text(other.index))
                }
            })
            .then(self.mid.cmp(&other.mid))
            .then(self.offset.cmp(&other.offset))
            .then(self.index.cmp(&other.index))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stipulation_ranks_follow_printed_indexes() {
        let ranks: Vec<u8> = ["+", "-+", "=", "-=", "WTM", "BTM"]
            .iter()
            .map(|s| stipulation_rank(Some(s.parse().unwrap())))
            .collect();
        assert_eq!(ranks, [0, 1, 2, 3, 4, 5]);
        assert_eq!(stipulation_rank(None), 6);
    }
}
