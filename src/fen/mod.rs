//! FEN and EPD both ways: a FEN or EPD line read into a board ([`read`]), a board written as
//! its full GBR position ([`Position::from_board`]), and a position written back as a FEN
//! ([`Position::fen`]).
//!
//! The syntax is checked here, field by field, so that an error names the field and the
//! character (shakmaty only says which field); the board is then built by shakmaty. Besides
//! standard FEN this reads the problemists' `S` (`s`) for a knight, a board field alone (White
//! to move), and EPD lines: four fields and then operations (`id "..."; c0 "...";`).
//! The rules are in `docs/chess-formats.md`.

mod board;
mod read;

pub use board::BoardError;
pub use read::{FenError, FenField, FenKind, FenText, Opcode, read};

use shakmaty::fen::Fen;
use shakmaty::{Bitboard, Color, Setup};

use crate::position::Position;
use crate::stipulation::{Outcome, Stipulation};

/// The stipulation an encoded position carries: `outcome` with the side to move of the FEN
/// (`+`, `=`, `-+`, `-=`); without an outcome nothing when White is to move (a plain
/// position), `BTM` when Black is (gbr-notation.md §2, "Results and side to move").
pub fn stipulation_for(turn: Color, outcome: Option<Outcome>) -> Option<Stipulation> {
    match (outcome, turn) {
        (None, Color::White) => None,
        (outcome, turn) => Some(Stipulation::new(outcome, turn)),
    }
}

/// Why a FEN or EPD has no GBR position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodeFenError {
    /// The text is not a FEN or EPD.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The board has no GBR position.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// The full GBR position of a FEN or EPD `text` ([`read`], then [`Position::from_board`]),
/// with the stipulation of [`stipulation_for`].
///
/// # Errors
/// [`EncodeFenError::Fen`] naming the field and character at fault,
/// [`EncodeFenError::Board`] for a board without one king a side or with over eight pawns a
/// side.
pub fn encode(text: &str, outcome: Option<Outcome>) -> Result<Position, EncodeFenError> {
    let fen = read(text)?;
    let stipulation = stipulation_for(fen.setup.turn, outcome);
    Ok(Position::from_board(&fen.setup.board, stipulation)?)
}

impl Position {
    /// The whole FEN of the position (`8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1`), when its board
    /// is known ([`Position::board`]): the side to move from the stipulation (White when none
    /// is given), no castling rights, no en-passant square, clocks `0 1` (a GBR position
    /// carries none of these).
    pub fn fen(&self) -> Option<String> {
        let board = self.board()?;
        Some(fen_of(
            board,
            self.stipulation.map_or(Color::White, |s| s.to_move),
        ))
    }
}

/// The whole FEN of `board` with `turn` to move, no castling rights, no en-passant square and
/// clocks `0 1`.
pub(crate) fn fen_of(board: shakmaty::Board, turn: Color) -> String {
    let mut setup = Setup::empty();
    setup.board = board;
    setup.turn = turn;
    setup.castling_rights = Bitboard::EMPTY;
    Fen::try_from_setup(setup)
        .unwrap_or_else(shakmaty::fen::LossyFenError::ignore)
        .to_string()
}

#[cfg(test)]
mod tests;
