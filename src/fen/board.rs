//! A board written as its full GBR position (gbr-notation.md §1, §2).

use shakmaty::{Board, Color, Piece, Role, Square};

use crate::code::{Code, EncodeError, PIECE_ROLES};
use crate::material::Material;
use crate::position::{Kings, MenCount, Position, SquareList};
use crate::stipulation::Stipulation;

/// Why a board has no GBR position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// A side has no king, or more than one: a GBR position names one king a side.
    #[error("{color} has {found} kings; a GBR position needs exactly one a side")]
    Kings {
        /// The side.
        color: Color,
        /// Its kings.
        found: u32,
    },
    /// The material has no code (a side with more than eight pawns).
    #[error(transparent)]
    Code(#[from] EncodeError),
}

/// Squares in the order of printed text: by file, then rank (`a7` before `b2`), as kings sort
/// (gbr-notation.md §4).
fn text_order(squares: impl Iterator<Item = Square>) -> Vec<Square> {
    let mut all: Vec<Square> = squares.collect();
    all.sort_by_key(|s| (s.file(), s.rank()));
    all
}

impl Position {
    /// The full GBR position of `board` (`a7d3 0116.00 b2b3c6d6 3/3`): the code of its
    /// material, `9` where a side has three or more of a type (gbr-notation.md §1); the kings; the piece
    /// squares in the code's order (queens, rooks, bishops, knights, white's before black's
    /// within a type), then the pawn squares, white's before black's; within one side's men of
    /// one type the squares sort by file, then rank; W/B always (so that a single `9` can be
    /// split again, gbr-notation.md §3 rule 7); and `stipulation` as given.
    ///
    /// [`Position::board`] gives `board` back, except with two or more `9` digits, whose
    /// split no GBR text carries, and for the kings alone, which list no squares.
    ///
    /// # Errors
    /// [`BoardError::Kings`] unless each side has one king; [`BoardError::Code`] for a side
    /// with more than eight pawns.
    pub fn from_board(
        board: &Board,
        stipulation: Option<Stipulation>,
    ) -> Result<Position, BoardError> {
        let king = |color: Color| {
            let kings = board.by_piece(color.king());
            match kings.count() {
                1 => kings.first().ok_or(BoardError::Kings { color, found: 0 }),
                found => Err(BoardError::Kings {
                    color,
                    found: found as u32,
                }),
            }
        };
        let kings = Kings {
            white: king(Color::White)?,
            black: king(Color::Black)?,
        };
        let material = Material::new(board.material());
        let code = Code::from_material(&material)?;
        let mut pieces = Vec::new();
        for role in PIECE_ROLES {
            for color in [Color::White, Color::Black] {
                pieces.extend(text_order(
                    board.by_piece(Piece { color, role }).into_iter(),
                ));
            }
        }
        let mut pawns = Vec::new();
        for color in [Color::White, Color::Black] {
            pawns.extend(text_order(board.by_piece(color.pawn()).into_iter()));
        }
        debug_assert!(board.by_role(Role::King).count() == 2);
        Ok(Position {
            code,
            kings: Some(kings),
            // Kings alone list no squares: the text would read `a1b1 0000.00 1/1`.
            squares: (!pieces.is_empty() || !pawns.is_empty()).then_some(SquareList {
                pieces,
                pawns,
                pawns_marked: true,
            }),
            men: Some(MenCount::of(&material)),
            stipulation,
        })
    }
}
