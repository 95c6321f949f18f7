//! Benchmark of PGN input: writes a PGN of generated studies (100,000 by default), then reads
//! it with [`gbrscan::pgn::read_pgn`] and sorts the records into a directory, as `gbr index`
//! does, and prints the times.
//!
//! ```text
//! cargo run --release --example pgn_index -- [GAMES] [FILE]
//! ```
//!
//! The file (default `target/pgn-bench/studies.pgn`) is kept, so that other readers can be
//! timed on the same games: `benches/support/pgn_python.py` (python-chess) and `pgn-extract`,
//! as `docs/chess-formats.md` describes. Each study is a legal position of 3 to 9 men
//! (kings, up to five pieces and two pawns a side, made by a fixed-seed generator), the
//! seven-tag roster, SetUp, FEN, a GBR tag, six plies of legal moves in SAN and a comment.

use std::fmt::Write as _;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use gbrscan::Position;
use gbrscan::directory::{Directory, Order};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, FromSetup as _, Piece, Position as _, Role, Setup,
    Square,
};

/// A small fixed-seed generator (xorshift64*), so that every run writes the same file.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random legal study position, White to move.
fn study(rng: &mut Rng) -> Chess {
    loop {
        let mut board = Board::empty();
        let place = |board: &mut Board, piece: Piece, rng: &mut Rng| loop {
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
        place(&mut board, Color::White.king(), rng);
        place(&mut board, Color::Black.king(), rng);
        let roles = [
            Role::Queen,
            Role::Rook,
            Role::Bishop,
            Role::Knight,
            Role::Pawn,
        ];
        for _ in 0..1 + rng.below(5) {
            let color = if rng.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            place(
                &mut board,
                Piece {
                    color,
                    role: roles[rng.below(5) as usize],
                },
                rng,
            );
        }
        for _ in 0..rng.below(3) {
            place(&mut board, Color::White.pawn(), rng);
        }
        let mut setup = Setup::empty();
        setup.board = board;
        setup.castling_rights = Bitboard::EMPTY;
        if let Ok(position) = Chess::from_setup(setup, CastlingMode::Standard)
            && !position.legal_moves().is_empty()
        {
            return position;
        }
    }
}

/// The PGN of `games` studies.
fn generate(games: usize) -> String {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut pgn = String::with_capacity(games * 400);
    for i in 0..games {
        let mut position = study(&mut rng);
        let fen = Fen::from_position(&position, shakmaty::EnPassantMode::Legal);
        let code = Position::from_board(position.board(), None)
            .map(|p| p.code.to_string())
            .unwrap_or_default();
        let result = if i % 3 == 0 { "1/2-1/2" } else { "1-0" };
        let _ = write!(
            pgn,
            "[Event \"Study tourney {}\"]\n[Site \"?\"]\n[Date \"{}.??.??\"]\n[Round \"?\"]\n\
             [White \"Composer {}\"]\n[Black \"?\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n\
             [FEN \"{fen}\"]\n[GBR \"{code}\"]\n\n",
            i % 97,
            1900 + i % 120,
            i % 1009,
        );
        for ply in 0..6 {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len() as u64) as usize];
            if ply % 2 == 0 {
                let _ = write!(pgn, "{}. ", ply / 2 + 1);
            }
            let san = SanPlus::from_move_and_play_unchecked(&mut position, m);
            let _ = write!(pgn, "{san} ");
        }
        let _ = write!(pgn, "{{Study number {i}}} {result}\n\n");
    }
    pgn
}

/// CPU time of the calling thread so far, from `/proc/thread-self/schedstat` (Linux; zero
/// elsewhere): the machine may be shared, and wall time then says little.
fn cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .map_or(Duration::ZERO, Duration::from_nanos)
}

/// Counts games and FEN tags, and does nothing else: pgn-reader's own cost.
struct CountFens;

impl pgn_reader::Visitor for CountFens {
    type Tags = bool;
    type Movetext = bool;
    type Output = bool;

    fn begin_tags(&mut self) -> ControlFlow<bool, bool> {
        ControlFlow::Continue(false)
    }

    fn tag(&mut self, fen: &mut bool, name: &[u8], _: pgn_reader::RawTag<'_>) -> ControlFlow<bool> {
        *fen |= name == b"FEN";
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, fen: bool) -> ControlFlow<bool, bool> {
        ControlFlow::Continue(fen)
    }

    fn end_game(&mut self, fen: bool) -> bool {
        fen
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let games: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100_000);
    let file = args.next().map_or_else(
        || PathBuf::from("target/pgn-bench/studies.pgn"),
        PathBuf::from,
    );
    if let Some(folder) = file.parent() {
        std::fs::create_dir_all(folder).expect("a folder for the file");
    }
    let started = Instant::now();
    let pgn = generate(games);
    std::fs::write(&file, &pgn).expect("the PGN written");
    println!(
        "wrote {games} studies, {:.1} MiB, to {} in {:.2?}",
        pgn.len() as f64 / (1 << 20) as f64,
        file.display(),
        started.elapsed()
    );
    let bytes = std::fs::read(&file).expect("the PGN read");
    let (started, cpu_before) = (Instant::now(), cpu());
    let mut reader = pgn_reader::Reader::new(bytes.as_slice());
    let fens = reader
        .read_games(&mut CountFens)
        .filter(|g| matches!(g, Ok(true)))
        .count();
    println!(
        "pgn-reader alone: {fens} games with a FEN in {:.2?} (CPU {:.2?})",
        started.elapsed(),
        cpu() - cpu_before
    );
    for run in 1..=3 {
        let (started, cpu_before) = (Instant::now(), cpu());
        let read = gbrscan::pgn::read_pgn(&bytes, &file.to_string_lossy());
        let reading = started.elapsed();
        let reading_cpu = cpu() - cpu_before;
        let records = read.records.len();
        let directory = Directory::new(read.records, Order::Code);
        let total = started.elapsed();
        println!(
            "run {run}: read {records} records of {} games in {reading:.2?}, CPU {reading_cpu:.2?} \
             ({:.0} games/s, {:.0} MiB/s of CPU); with the directory sorted {total:.2?}",
            read.counts.games,
            read.counts.games as f64 / reading_cpu.as_secs_f64(),
            bytes.len() as f64 / (1 << 20) as f64 / reading_cpu.as_secs_f64(),
        );
        assert_eq!(directory.len(), games);
    }
}
