//! "Is this position known?": a whole position looked up in a saved directory, with its
//! symmetric and colour-reversed twins (`docs/chess-formats.md`).
//!
//! The entries of the position's code are read ([`SavedDirectory::lookup`]) and ranked: the
//! same board first, then the same kings, then the same code. With symmetries, each twin's
//! code is read too and its entries with the same board or kings are listed under the twin.

use shakmaty::Board;

use crate::code::Code;
use crate::position::{Kings, Position};
use crate::record::Record;

use super::{CodeQuery, Query, ReadError, SavedDirectory};

/// How much of the position an entry shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Likeness {
    /// The same board: every man on the same square.
    Exact,
    /// The same code and kings (the entry's other squares differ or are not given).
    SameKings,
    /// The same code only.
    SameCode,
}

impl Likeness {
    /// `exact position`, `same code and kings`, `same code`.
    pub fn name(self) -> &'static str {
        match self {
            Likeness::Exact => "exact position",
            Likeness::SameKings => "same code and kings",
            Likeness::SameCode => "same code",
        }
    }
}

/// A symmetry of the board: the identity, the left-right mirror (files a-h swapped, the only
/// one that keeps pawns moving the right way), and, for positions without pawns, the other six
/// symmetries of the square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// The board as given.
    Identity,
    /// Files mirrored, a-file to h-file.
    MirrorLeftRight,
    /// Ranks mirrored, 1st to 8th (no pawns).
    MirrorTopBottom,
    /// Mirrored in the a1-h8 diagonal (no pawns).
    MirrorDiagonal,
    /// Mirrored in the a8-h1 diagonal (no pawns).
    MirrorAntiDiagonal,
    /// Turned a quarter clockwise (no pawns).
    Rotate90,
    /// Turned half round (no pawns).
    Rotate180,
    /// Turned a quarter anticlockwise (no pawns).
    Rotate270,
}

impl Symmetry {
    /// Every symmetry, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::MirrorLeftRight,
        Symmetry::MirrorTopBottom,
        Symmetry::MirrorDiagonal,
        Symmetry::MirrorAntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
    ];

    /// `as given`, `mirrored left-right`, ... for labels.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::Identity => "as given",
            Symmetry::MirrorLeftRight => "mirrored left-right",
            Symmetry::MirrorTopBottom => "mirrored top-bottom",
            Symmetry::MirrorDiagonal => "mirrored in the a1-h8 diagonal",
            Symmetry::MirrorAntiDiagonal => "mirrored in the a8-h1 diagonal",
            Symmetry::Rotate90 => "turned a quarter clockwise",
            Symmetry::Rotate180 => "turned half round",
            Symmetry::Rotate270 => "turned a quarter anticlockwise",
        }
    }

    /// `board` under the symmetry.
    pub fn apply(self, mut board: Board) -> Board {
        match self {
            Symmetry::Identity => {}
            Symmetry::MirrorLeftRight => board.flip_horizontal(),
            Symmetry::MirrorTopBottom => board.flip_vertical(),
            Symmetry::MirrorDiagonal => board.flip_diagonal(),
            Symmetry::MirrorAntiDiagonal => board.flip_anti_diagonal(),
            Symmetry::Rotate90 => board.rotate_90(),
            Symmetry::Rotate180 => board.rotate_180(),
            Symmetry::Rotate270 => board.rotate_270(),
        }
        board
    }
}

/// One twin of the position asked for: how it was made and its position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Twin {
    /// The symmetry applied.
    pub symmetry: Symmetry,
    /// True when the colours were reversed too: ranks mirrored and White's men made Black's
    /// (the colour-reversed position).
    pub colours_reversed: bool,
    /// Its board, `None` when the position asked for gives only code and kings.
    pub board: Option<Board>,
    /// Its code.
    pub code: Code,
    /// Its kings, where known.
    pub kings: Option<Kings>,
}

impl Twin {
    /// `as given`, `mirrored left-right, colours reversed`, ... for labels.
    pub fn label(&self) -> String {
        match (self.symmetry, self.colours_reversed) {
            (Symmetry::Identity, true) => "colours reversed".to_string(),
            (s, true) => format!("{}, colours reversed", s.name()),
            (s, false) => s.name().to_string(),
        }
    }
}

/// The twins of `position` to look for: the position itself first; with `symmetries`, its
/// left-right mirror and colour-reversed forms (all eight symmetries of the square, each also
/// colour-reversed, when it has no pawns). Twins whose board repeats an earlier one are left
/// out. Without a board (code and kings only) the position alone.
pub fn twins(position: &Position, symmetries: bool) -> Vec<Twin> {
    let board = position.board();
    let mut twins = vec![Twin {
        symmetry: Symmetry::Identity,
        colours_reversed: false,
        board: board.clone(),
        code: position.code,
        kings: position.kings,
    }];
    let Some(board) = board.filter(|_| symmetries) else {
        return twins;
    };
    let pawnless = board.pawns().is_empty();
    for reversed in [false, true] {
        for symmetry in Symmetry::ALL {
            if !pawnless && !matches!(symmetry, Symmetry::Identity | Symmetry::MirrorLeftRight) {
                continue;
            }
            let mut twin = symmetry.apply(board.clone());
            if reversed {
                twin.flip_vertical();
                twin.swap_colors();
            }
            if twins.iter().any(|t| t.board.as_ref() == Some(&twin)) {
                continue;
            }
            // The twin of a position has one king a side and the same pawn counts.
            let Ok(p) = Position::from_board(&twin, None) else {
                continue;
            };
            twins.push(Twin {
                symmetry,
                colours_reversed: reversed,
                board: Some(twin),
                code: p.code,
                kings: p.kings,
            });
        }
    }
    twins
}

/// An entry found for a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionMatch {
    /// The entry.
    pub record: Record,
    /// How much it shares with the twin.
    pub likeness: Likeness,
    /// The index of the twin it matched in the list given to [`find_position`] (0: the
    /// position itself).
    pub twin: usize,
}

/// The entries of `saved` that match `twins` ([`twins`]), in the order to show them: the
/// position's exact entries, then those with its code and kings; then, twin by twin, the
/// twins' exact entries and those with a twin's code and kings; last the entries with only the
/// position's code. An entry is listed once, under the first of these it fits; within each, in
/// directory order.
///
/// # Errors
/// [`ReadError`] from reading the directory ([`SavedDirectory::lookup`]).
pub fn find_position(
    saved: &SavedDirectory<'_>,
    twins: &[Twin],
) -> Result<Vec<PositionMatch>, ReadError> {
    // (rank, order read, match): rank as described above.
    let mut all: Vec<((u8, usize), usize, PositionMatch)> = Vec::new();
    for (i, twin) in twins.iter().enumerate() {
        let query = Query {
            code: CodeQuery::Exact(twin.code),
            kings: None,
        };
        for record in saved.lookup(&query)? {
            let likeness = if twin.board.is_some() && record.fen == twin.board {
                Likeness::Exact
            } else if twin.kings.is_some() && record.kings == twin.kings {
                Likeness::SameKings
            } else if i == 0 {
                Likeness::SameCode
            } else {
                continue;
            };
            let rank = match (i, likeness) {
                (0, Likeness::Exact) => (0, 0),
                (0, Likeness::SameKings) => (1, 0),
                (_, Likeness::SameCode) => (3, 0),
                (i, _) => (2, 2 * i + usize::from(likeness == Likeness::SameKings)),
            };
            let order = all.len();
            all.push((
                rank,
                order,
                PositionMatch {
                    record,
                    likeness,
                    twin: i,
                },
            ));
        }
    }
    all.sort_by_key(|(rank, order, _)| (*rank, *order));
    let mut found: Vec<PositionMatch> = Vec::new();
    for (_, _, m) in all {
        let seen = found
            .iter()
            .any(|f| f.record.path == m.record.path && f.record.offset == m.record.offset);
        if !seen {
            found.push(m);
        }
    }
    Ok(found)
}

impl SavedDirectory<'_> {
    /// The number of entries: the lines after the header, a last line without a line feed
    /// included. Reads every byte once (for messages).
    pub fn entry_count(&self) -> u64 {
        let Some(header) = self.header else {
            return 0;
        };
        let data = &self.bytes[header.data_start.min(self.bytes.len())..];
        let feeds = memchr::memchr_iter(b'\n', data).count() as u64;
        feeds + u64::from(!data.is_empty() && !data.ends_with(b"\n"))
    }
}
