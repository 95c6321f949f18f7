//! The tables of `../shared/tablebase/` (3 and 4 men, real), where they exist.

use std::path::PathBuf;

use shakmaty::fen::Fen;
use shakmaty::{Board, Color};

use super::{Probe, TableError, TablebaseResult, Tables};

/// The shared tables' folder, or `None` (the test says "skipped") where it is absent.
fn shared() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tablebase"));
    if dir.join("KQvK.rtbw").exists() {
        Some(dir)
    } else {
        eprintln!("skipped: no tables in {}", dir.display());
        None
    }
}

fn board(fen: &str) -> Board {
    fen.parse::<Fen>().expect("a FEN").as_setup().board.clone()
}

fn verdict(tables: &Tables, fen: &str, to_move: Color) -> (TablebaseResult, Option<u32>) {
    match tables.probe(&board(fen), to_move) {
        Probe::Verdict(v) => (v.result, v.dtz),
        other => panic!("{fen}: {other:?}"),
    }
}

#[test]
fn the_shared_tables_give_their_known_verdicts() {
    let Some(dir) = shared() else { return };
    let opened = Tables::open(&[dir]).expect("the tables");
    assert!(opened.left_out.is_empty(), "{:?}", opened.left_out);
    let t = &opened.tables;
    assert_eq!((t.files(), t.max_men()), (70, 4));
    // The README's figures, checked there against python-chess's prober.
    assert_eq!(
        verdict(t, "k7/8/8/8/8/8/1K6/6Q1", Color::White),
        (TablebaseResult::Win, Some(11))
    );
    assert_eq!(
        verdict(t, "4k3/8/4K3/4P3/8/8/8/8", Color::White).0,
        TablebaseResult::Win
    );
    // The rook's pawn with Black's king in the corner; a pawn Black's king takes at once.
    assert_eq!(
        verdict(t, "k7/8/8/8/8/8/P7/K7", Color::White),
        (TablebaseResult::Draw, None)
    );
    assert_eq!(
        verdict(t, "8/8/8/8/8/3k4/4P3/7K", Color::Black).0,
        TablebaseResult::Draw
    );
    assert_eq!(
        verdict(t, "8/8/8/3k4/8/8/1B6/K7", Color::White).0,
        TablebaseResult::Draw
    );
    assert_eq!(
        verdict(t, "8/8/8/3k4/8/8/8/KNN5", Color::White).0,
        TablebaseResult::Draw
    );
    // Black's queen against White's king: a win for Black, whoever moves.
    assert_eq!(
        verdict(t, "8/8/8/3k4/8/8/1q6/6K1", Color::White).0,
        TablebaseResult::Loss
    );
    // Out of reach (5 men), and illegal (the side not to move in check) positions.
    assert_eq!(
        t.probe(&board("8/8/8/3k4/8/8/1Q6/KRRR4"), Color::White),
        Probe::OutOfReach
    );
    assert!(matches!(
        t.probe(&board("8/8/8/3k4/8/8/3Q4/K7"), Color::White),
        Probe::Illegal(_)
    ));
    assert!(t.failures().is_empty());
}

#[test]
fn a_missing_table_is_named_once() {
    let Some(dir) = shared() else { return };
    let tmp = tempfile::tempdir().expect("a folder");
    std::fs::copy(dir.join("KQvK.rtbw"), tmp.path().join("KQvK.rtbw")).expect("a copy");
    let t = Tables::open(&[tmp.path().to_path_buf()])
        .expect("one table")
        .tables;
    assert_eq!(
        verdict(&t, "k7/8/8/8/8/8/1K6/6Q1", Color::White),
        (TablebaseResult::Win, None)
    );
    // KRvK is needed and absent, twice: one failure.
    for _ in 0..2 {
        assert!(matches!(
            t.probe(&board("k7/8/8/8/8/8/1K6/6R1"), Color::White),
            Probe::Failed(TableError::Missing { .. })
        ));
    }
    let failures = t.failures();
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert!(
        failures[0].to_string().starts_with("KRvK.rtbw is in none"),
        "{}",
        failures[0]
    );
}

#[test]
fn a_truncated_table_is_left_out_and_a_corrupt_one_gives_no_verdict() {
    let Some(dir) = shared() else { return };
    let tmp = tempfile::tempdir().expect("a folder");
    let kqk = std::fs::read(dir.join("KQvK.rtbw")).expect("KQvK");
    std::fs::write(tmp.path().join("KQvK.rtbw"), &kqk[..kqk.len() - 7]).expect("truncated");
    let opened = Tables::open(&[tmp.path().to_path_buf()]).expect("a folder with a table file");
    assert_eq!(opened.left_out.len(), 1);
    let message = opened.left_out[0].to_string();
    assert!(
        message.contains("KQvK.rtbw") && message.contains("truncated"),
        "{message}"
    );

    // The same size, other bytes: no table, or a corrupt one. Never a verdict.
    let mut garbage = kqk.clone();
    for (i, b) in garbage.iter_mut().enumerate() {
        *b = (i as u8).wrapping_mul(37).wrapping_add(11);
    }
    std::fs::write(tmp.path().join("KQvK.rtbw"), &garbage).expect("garbage");
    let t = Tables::open(&[tmp.path().to_path_buf()])
        .expect("the table")
        .tables;
    let probe = t.probe(&board("k7/8/8/8/8/8/1K6/6Q1"), Color::White);
    assert!(
        matches!(probe, Probe::Failed(TableError::File { .. })),
        "{probe:?}"
    );
    assert!(t.failures()[0].to_string().contains("KQvK.rtbw"));
}

#[test]
fn a_folder_without_tables_says_so() {
    let tmp = tempfile::tempdir().expect("a folder");
    std::fs::write(tmp.path().join("notes.txt"), "no tables").expect("a file");
    let e = Tables::open(&[tmp.path().to_path_buf()]).expect_err("no tables");
    assert!(e.to_string().starts_with("no Syzygy table"), "{e}");
    let e = Tables::open(&[tmp.path().join("absent")]).expect_err("no folder");
    assert!(matches!(e, TableError::Folder { .. }), "{e}");
}

#[test]
fn folders_are_split_as_path_is() {
    let folders = super::split_folders(std::ffi::OsStr::new("/a/b::/c"));
    assert_eq!(folders, vec![PathBuf::from("/a/b"), PathBuf::from("/c")]);
}

/// Bytes of a table's data overwritten past its header: every probe gives the true verdict
/// or fails, naming the file; none gives another verdict.
#[test]
fn a_table_corrupt_past_its_header_gives_no_wrong_verdict() {
    let Some(dir) = shared() else { return };
    let good = Tables::open(std::slice::from_ref(&dir))
        .expect("the tables")
        .tables;
    let tmp = tempfile::tempdir().expect("a folder");
    for entry in std::fs::read_dir(&dir).expect("the folder") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().expect("a name");
        std::fs::copy(&path, tmp.path().join(name)).expect("a copy");
    }
    let table = tmp.path().join("KRvKN.rtbw");
    let original = std::fs::read(&table).expect("KRvKN");
    let len = original.len();
    let (mut agreed, mut failed) = (0, 0);
    let mut seed = Lcg(7);
    for step in 1..8 {
        let mut bytes = original.clone();
        let from = len * step / 8;
        for (i, b) in bytes[from..from + 64].iter_mut().enumerate() {
            *b ^= (i as u8).wrapping_mul(151) | 1;
        }
        std::fs::write(&table, &bytes).expect("corrupt");
        let bad = Tables::open(&[tmp.path().to_path_buf()])
            .expect("the tables")
            .tables;
        for _ in 0..3000 {
            let mut squares = [0u32; 4];
            for s in &mut squares {
                *s = seed.below(64) as u32;
            }
            let mut b = Board::empty();
            for (sq, c) in squares.iter().zip("KkRn".chars()) {
                b.set_piece_at(
                    shakmaty::Square::new(*sq),
                    shakmaty::Piece::from_char(c).expect("a man"),
                );
            }
            if b.occupied().count() < 4 {
                continue;
            }
            let to_move = if seed.below(2) == 0 {
                Color::White
            } else {
                Color::Black
            };
            match (good.probe(&b, to_move), bad.probe(&b, to_move)) {
                (Probe::Verdict(g), Probe::Verdict(v)) => {
                    assert_eq!(g.result, v.result, "step {step}: {b} {to_move:?}");
                    agreed += 1;
                }
                (_, Probe::Failed(TableError::File { path, .. })) => {
                    assert!(path.ends_with("KRvKN.rtbw"), "{}", path.display());
                    failed += 1;
                }
                (g, v) => assert_eq!(g, v, "{b}"),
            }
        }
    }
    eprintln!("{agreed} verdicts right, {failed} probes failed");
    assert!(failed > 0, "{agreed} agreed, none failed");
}

/// A fixed sequence of numbers (a linear congruential generator): positions picked at random,
/// the same every run.
struct Lcg(u64);

impl Lcg {
    /// The next number in 0..n.
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}
