//! A position probed: its verdict for White, checked by one ply of search.

use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Position, PositionError, Setup};
use shakmaty_syzygy::{ProbeError, SyzygyError, Wdl};

use super::{TableError, TableKind, Tables};

/// What the tables say of a position with best play, for White, as a study's stipulation says
/// it (gbr-notation.md §2: `+` White wins, `=` White draws, whoever moves). A win the 50-move
/// rule would spoil (a cursed win) is a win: studies are judged without that rule
/// ([`Verdict::cursed`] says so).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum TablebaseResult {
    /// White wins.
    Win,
    /// Neither side wins.
    Draw,
    /// Black wins.
    Loss,
}

impl TablebaseResult {
    /// `win`, `draw` or `loss`, as the outputs write it.
    pub fn name(self) -> &'static str {
        match self {
            TablebaseResult::Win => "win",
            TablebaseResult::Draw => "draw",
            TablebaseResult::Loss => "loss",
        }
    }

    /// The words of a message: `a win for White`, `a draw`, `a win for Black`.
    pub fn words(self) -> &'static str {
        match self {
            TablebaseResult::Win => "a win for White",
            TablebaseResult::Draw => "a draw",
            TablebaseResult::Loss => "a win for Black",
        }
    }

    /// The result named `win`, `draw` or `loss`.
    pub fn from_name(name: &str) -> Option<TablebaseResult> {
        match name {
            "win" => Some(TablebaseResult::Win),
            "draw" => Some(TablebaseResult::Draw),
            "loss" => Some(TablebaseResult::Loss),
            _ => None,
        }
    }
}

/// The tables' verdict on a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// The result for White.
    pub result: TablebaseResult,
    /// The distance to the next capture or pawn move with best play, in plies (Syzygy's DTZ,
    /// its sign dropped: the result says who wins), for a win or a loss where the DTZ table is
    /// at hand; `None` for a draw or without the DTZ table.
    pub dtz: Option<u32>,
    /// True for a win (or loss) that takes more than 50 moves without a capture or a pawn
    /// move: a draw under the 50-move rule, a win in a study.
    pub cursed: bool,
}

/// What probing a position gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Probe {
    /// The tables' verdict.
    Verdict(Verdict),
    /// More men than the tables hold.
    OutOfReach,
    /// No legal position (shakmaty's validation: the side not to move in check, a pawn on a
    /// back rank, too many checkers...): reported by the `legality` and `board` checks, never
    /// probed.
    Illegal(String),
    /// A table the position needs failed (missing, no table, corrupt): no verdict.
    Failed(TableError),
}

/// A result for the side to move: -1 a loss, 0 a draw, 1 a win; whether the 50-move rule would
/// spoil it.
fn value(wdl: Wdl) -> (i8, bool) {
    match wdl {
        Wdl::Loss => (-1, false),
        Wdl::BlessedLoss => (-1, true),
        Wdl::Draw => (0, false),
        Wdl::CursedWin => (1, true),
        Wdl::Win => (1, false),
    }
}

impl Tables {
    /// The verdict of the tables on `board` with `to_move` to move, no castling and no en
    /// passant (a study's diagram gives neither: docs/check.md, "The tables"), for White.
    ///
    /// The verdict is checked by one ply of search: the position's value must be the best of
    /// the values after each of its moves (for a position without moves: mate a loss,
    /// stalemate a draw). Where it is not, or the prober panics, a table is corrupt: the
    /// position's table is reported ([`Tables::failures`]) and the probe [`Probe::Failed`].
    /// Costs one probe per legal move besides the position's own: microseconds.
    pub fn probe(&self, board: &Board, to_move: Color) -> Probe {
        self.probe_with(board, to_move, true)
    }

    /// [`Tables::probe`] without the DTZ (`dtz` false: [`Verdict::dtz`] is `None`): the
    /// verdict alone, one DTZ probe (a search of its own) cheaper, for a check that needs
    /// the distance only where the verdict contradicts the text.
    pub fn probe_result(&self, board: &Board, to_move: Color) -> Probe {
        self.probe_with(board, to_move, false)
    }

    fn probe_with(&self, board: &Board, to_move: Color, dtz: bool) -> Probe {
        if board.occupied().count() > self.max_men {
            return Probe::OutOfReach;
        }
        let mut setup = Setup::empty();
        setup.board = board.clone();
        setup.turn = to_move;
        let pos = match Chess::from_setup(setup, CastlingMode::Standard)
            .or_else(PositionError::ignore_too_much_material)
        {
            Ok(pos) => pos,
            Err(e) => return Probe::Illegal(e.to_string()),
        };
        match crate::fault::catch(|| self.verdict(&pos, dtz)) {
            Ok(Ok(v)) => Probe::Verdict(v),
            Ok(Err(None)) => Probe::OutOfReach,
            Ok(Err(Some(e))) => Probe::Failed(e),
            Err(fault) => Probe::Failed(self.fail(
                &self.material_name(board),
                TableKind::Wdl,
                format!("the prober failed on it ({fault}): corrupt?"),
            )),
        }
    }

    /// [`Tables::probe`] of a legal position, its DTZ where `with_dtz`; `Err(None)` out of the
    /// tables' reach.
    fn verdict(&self, pos: &Chess, with_dtz: bool) -> Result<Verdict, Option<TableError>> {
        let (own, cursed) = value(self.wdl(pos)?);
        let moves = pos.legal_moves();
        let best = if moves.is_empty() {
            if pos.is_check() { -1 } else { 0 }
        } else {
            let mut best = -1;
            for m in moves {
                let mut after = pos.clone();
                after.play_unchecked(m);
                best = best.max(-value(self.wdl(&after)?).0);
                if best == 1 {
                    break;
                }
            }
            best
        };
        if best != own {
            let words = |v: i8| ["a loss", "a draw", "a win"][(v + 1) as usize];
            return Err(Some(self.fail(
                &self.material_name(pos.board()),
                TableKind::Wdl,
                format!(
                    "corrupt: it gives {} for the side to move in {}, its moves give {}",
                    words(own),
                    shakmaty::fen::Epd::from_position(pos, shakmaty::EnPassantMode::Legal),
                    words(best)
                ),
            )));
        }
        let dtz = match own {
            _ if !with_dtz => None,
            0 => None,
            _ => match self.base.probe_dtz(pos) {
                Ok(d) => Some(d.ignore_rounding().0.unsigned_abs()),
                Err(SyzygyError::MissingTable { .. }) => None,
                Err(e) => {
                    self.failure(e);
                    None
                }
            },
        };
        let own = if pos.turn().is_white() { own } else { -own };
        let result = match own {
            1 => TablebaseResult::Win,
            0 => TablebaseResult::Draw,
            _ => TablebaseResult::Loss,
        };
        Ok(Verdict {
            result,
            dtz,
            cursed,
        })
    }

    /// The WDL of `pos` for its side to move, as if reached by a capture or a pawn move.
    fn wdl(&self, pos: &Chess) -> Result<Wdl, Option<TableError>> {
        self.base
            .probe_wdl_after_zeroing(pos)
            .map_err(|e| self.failure(e))
    }

    /// The tables' name of a board's material as its file is named (`KQvKP`, the stronger
    /// side first, whichever colour it is): White's first where no file has either order.
    pub(super) fn material_name(&self, board: &Board) -> String {
        let white_first = shakmaty_syzygy::Material::from_board(board).to_string();
        let black_first = match white_first.split_once('v') {
            Some((w, b)) => format!("{b}v{w}"),
            None => return white_first,
        };
        if self.file(&white_first, TableKind::Wdl).is_none()
            && self.file(&black_first, TableKind::Wdl).is_some()
        {
            black_first
        } else {
            white_first
        }
    }

    /// A probe's error as a failure of its table (recorded), `None` for a position out of
    /// reach.
    fn failure(&self, e: SyzygyError) -> Option<TableError> {
        let (metric, material, why) = match e {
            SyzygyError::Castling | SyzygyError::TooManyPieces => return None,
            SyzygyError::MissingTable { metric, material } => {
                (metric, material, "missing".to_string())
            }
            SyzygyError::ProbeFailed {
                metric,
                material,
                error,
            } => {
                let why = match *error {
                    ProbeError::Read { error } => format!("cannot be read: {error}"),
                    ProbeError::Magic { magic } => format!(
                        "not a Syzygy table: it starts with {:02x} {:02x} {:02x} {:02x}",
                        magic[0], magic[1], magic[2], magic[3]
                    ),
                    ProbeError::CorruptedTable { .. } => "corrupt".to_string(),
                };
                (metric, material, why)
            }
        };
        let kind = match metric {
            shakmaty_syzygy::Metric::Wdl => TableKind::Wdl,
            _ => TableKind::Dtz,
        };
        Some(self.fail(&material.to_string(), kind, why))
    }
}
