//! A study collection of few men for `gbr check --tablebase` (docs/performance.md, "The
//! tables"): N legal positions of 3 and 4 men (the kings and one or two men of either colour,
//! no pawn on a back rank, the side not to move not in check), each a numbered study in the
//! full form, White to move, with the result the tables of TABLES give (`+` a win, `=` a draw;
//! positions Black wins left out), one in a hundred misprinted as the other, as a real
//! collection's few errors.
//!
//! `cargo run --release --example few_men -- [N [TABLES]] > few-men.txt` (default 20,000
//! studies, the tables of `../shared/tablebase`).

use std::io::Write;

use gbrscan::Position;
use gbrscan::stipulation::{Outcome, Stipulation};
use gbrscan::tablebase::{Probe, TablebaseResult, Tables};
use shakmaty::{Board, CastlingMode, Chess, Color, FromSetup, Piece, Role, Setup, Square};

/// A fixed sequence of numbers (a linear congruential generator): the same collection every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("N is a number"))
        .unwrap_or(20_000);
    let folder = std::env::args()
        .nth(2)
        .unwrap_or_else(|| "../shared/tablebase".to_string());
    let tables = Tables::open(&[folder.into()]).expect("the tables").tables;
    let mut rng = Lcg(2026);
    let roles = [
        Role::Queen,
        Role::Rook,
        Role::Bishop,
        Role::Knight,
        Role::Pawn,
    ];
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    let mut made = 0;
    while made < n {
        let mut board = Board::empty();
        let place = |board: &mut Board, piece: Piece, rng: &mut Lcg| loop {
            let square = Square::new(rng.below(64) as u32);
            let back = matches!(
                square.rank(),
                shakmaty::Rank::First | shakmaty::Rank::Eighth
            );
            if board.piece_at(square).is_none() && !(piece.role == Role::Pawn && back) {
                board.set_piece_at(square, piece);
                return;
            }
        };
        place(&mut board, Color::White.king(), &mut rng);
        place(&mut board, Color::Black.king(), &mut rng);
        for _ in 0..1 + rng.below(2) {
            let color = if rng.below(3) == 0 {
                Color::Black
            } else {
                Color::White
            };
            let role = roles[rng.below(roles.len() as u64) as usize];
            place(&mut board, Piece { color, role }, &mut rng);
        }
        let mut setup = Setup::empty();
        setup.board = board.clone();
        if Chess::from_setup(setup, CastlingMode::Standard).is_err() {
            continue;
        }
        let mut outcome = match tables.probe_result(&board, Color::White) {
            Probe::Verdict(v) if v.result == TablebaseResult::Win => Outcome::Win,
            Probe::Verdict(v) if v.result == TablebaseResult::Draw => Outcome::Draw,
            _ => continue,
        };
        if rng.below(100) == 0 {
            outcome = match outcome {
                Outcome::Win => Outcome::Draw,
                Outcome::Draw => Outcome::Win,
            };
        }
        let stipulation = Stipulation::new(Some(outcome), Color::White);
        let Ok(position) = Position::from_board(&board, Some(stipulation)) else {
            continue;
        };
        made += 1;
        writeln!(out, "No {made}\n{position}\n").expect("write");
    }
}
