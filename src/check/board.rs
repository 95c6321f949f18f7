//! The rules on the squares and the board (gbr-notation.md §3, rules 5 and 6): kings that
//! touch, two men on one square, pawns on a back rank, and the legality of the position with
//! its side to move, whose attack tests are made here on shakmaty's board.

use shakmaty::{Bitboard, Board, Color, Square, attacks};

use super::Kind;
use super::rules::Checker;
use crate::position::Part;

/// What rule 6 finds on `board` with `turn` to move: the side not to move in check, or an
/// impossible check; `None` when the position is legal as far as these go. Also how the
/// scanner checks a directory entry that takes its side to move from a heading.
///
/// The two tests are those of shakmaty's validation of a position (`Chess::from_setup`,
/// with no en passant square): the king of the side not to move attacked; more than two
/// checkers, two aligned with the king, or two stepping men giving check. They are made here
/// with [`attackers`] rather than by validating a whole `Chess` position, whose attack look-ups
/// missed every cache (see there). A property test compares both on random boards.
pub(crate) fn legality_kind(board: &Board, turn: Color) -> Option<Kind> {
    if board
        .king_of(!turn)
        .is_some_and(|king| attackers(board, king, turn).any())
    {
        return Some(Kind::NotToMoveInCheck { side: !turn });
    }
    let checkers = (board.kings() & board.by_color(turn))
        .first()
        .map_or(Bitboard::EMPTY, |king| attackers(board, king, !turn));
    let too_many = match (checkers.first(), checkers.last(), board.king_of(turn)) {
        (Some(a), Some(b), Some(king)) => {
            a != b && (checkers.count() > 2 || attacks::aligned(a, king, b))
        }
        _ => false,
    };
    (too_many || (checkers & board.steppers()).more_than_one())
        .then_some(Kind::ImpossibleCheck { side: turn })
}

/// The men of `attacker` that attack `square` on `board`, as shakmaty's `Board::attacks_to`
/// gives them.
///
/// The sliders are followed square by square from the man to `square` ([`open_line`])
/// instead of looked up in shakmaty's magic attack tables: over the 2 GiB bench corpus a
/// table entry is read once in many codes, so each look-up missed every cache while the scan
/// streamed the text through them, and it was the most sampled instruction of the legality
/// check (`perf record`). The small tables of the stepping men are shakmaty's.
pub(super) fn attackers(board: &Board, square: Square, attacker: Color) -> Bitboard {
    let them = board.by_color(attacker);
    let occupied = board.occupied();
    let stepping = (attacks::knight_attacks(square) & board.knights())
        | (attacks::king_attacks(square) & board.kings())
        | (attacks::pawn_attacks(!attacker, square) & board.pawns());
    let queens = board.queens() & them;
    let straight = ((board.rooks() & them) | queens)
        .into_iter()
        .filter(|&from| open_line(from, square, occupied, false));
    let diagonal = ((board.bishops() & them) | queens)
        .into_iter()
        .filter(|&from| open_line(from, square, occupied, true));
    straight
        .chain(diagonal)
        .fold(stepping & them, |found, from| found.with(from))
}

/// True when `from` and `to` share a rank or file (`diagonal` false) or a diagonal (`diagonal`
/// true) and no square between them is in `occupied`: a rook or bishop on `from` attacks `to`.
fn open_line(from: Square, to: Square, occupied: Bitboard, diagonal: bool) -> bool {
    let (a, b) = (from.to_u32() as i32, to.to_u32() as i32);
    let (files, ranks) = ((b & 7) - (a & 7), (b >> 3) - (a >> 3));
    let aligned = if diagonal {
        files != 0 && files.abs() == ranks.abs()
    } else {
        (files == 0) != (ranks == 0)
    };
    if !aligned {
        return false;
    }
    let step = files.signum() + 8 * ranks.signum();
    let mut at = a + step;
    while at != b {
        if occupied.contains(Square::new(at as u32)) {
            return false;
        }
        at += step;
    }
    true
}

impl Checker<'_> {
    /// Rule 5 on squares: returns true when the board is sane enough for rule 6.
    pub(super) fn board_sanity(&mut self) -> bool {
        let position = &self.parsed.position;
        let mut sane = true;
        if let Some(k) = position.kings
            && k.white.distance(k.black) <= 1
        {
            self.push(
                Kind::KingsTouch {
                    white: k.white,
                    black: k.black,
                },
                Part::Kings,
                None,
                None,
            );
            sane = false;
        }
        let Some(squares) = &position.squares else {
            return sane;
        };
        let mut seen = shakmaty::Bitboard::EMPTY;
        let mut reported = shakmaty::Bitboard::EMPTY;
        // Two kings on one square are reported as touching, not here.
        let kings = position
            .kings
            .filter(|k| k.white != k.black)
            .map(|k| [k.white, k.black]);
        for square in kings.into_iter().flatten().chain(squares.all()) {
            if seen.contains(square) && !reported.contains(square) {
                reported.add(square);
                self.push(Kind::SameSquare { square }, Part::Squares, None, None);
                sane = false;
            }
            seen.add(square);
        }
        for &square in &squares.pawns {
            if square.rank() == shakmaty::Rank::First || square.rank() == shakmaty::Rank::Eighth {
                self.push(Kind::PawnOnBackRank { square }, Part::Squares, None, None);
            }
        }
        sane
    }

    /// Rule 6, through shakmaty, where the board and the side to move are known.
    pub(super) fn legality(&mut self, board: &Board) {
        let Some(stipulation) = self.parsed.position.stipulation else {
            return;
        };
        if let Some(kind) = legality_kind(board, stipulation.to_move) {
            self.push(kind, Part::Squares, None, None);
        }
    }
}
