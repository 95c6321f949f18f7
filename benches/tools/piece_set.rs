//! The built-in men's shapes (`src/picture/builtin.bin`, docs/reading.md, "Diagrams in
//! pictures"): boards drawn by `benches/tools/boards.rs` from other seeds than the test
//! pictures', in three free chess fonts, and the word processor's page of each seed (DejaVu
//! Sans chess characters printed by LibreOffice), found and measured by gbr's own reader, each
//! taught its known position, and the shapes learned, with each man's colour, written in
//! `PieceSet::encode`'s layout.
//!
//!     for n in 1 2 3; do bash benches/tools/boards-pdf.sh target/train-$n --seed $n; done
//!     cargo run --release --example piece_set -- src/picture/builtin.bin target/train-1 target/train-2 target/train-3
//!
//! A board of the truth that the reader does not find, or finds with another grid, teaches
//! nothing; the tool says how many boards taught.

use std::fs;
use std::path::{Path, PathBuf};

use gbrscan::picture::{Book, PieceSet, Teaching, find_boards};
use shakmaty::fen::Fen;

fn main() {
    let mut args = std::env::args().skip(1);
    let out = PathBuf::from(args.next().expect("usage: piece_set OUT FOLDER..."));
    let mut book = Book::new(PieceSet::new());
    let (mut truths, mut found) = (0, 0);
    for folder in args.map(PathBuf::from) {
        let truth = fs::read_to_string(folder.join("truth.tsv")).expect("truth.tsv");
        let rows: Vec<Vec<String>> = truth
            .lines()
            .skip(1)
            .map(|l| l.split('\t').map(str::to_owned).collect())
            .filter(|r: &Vec<String>| r.len() >= 7 && r[1] != "-")
            .collect();
        let mut files: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
        files.dedup();
        for file in files {
            let page = grey(&folder.join(file));
            let boards = find_boards(&page);
            for row in rows.iter().filter(|r| r[0] == file) {
                truths += 1;
                let num = |i: usize| row[i].parse::<u32>().expect("a number");
                let (x, y, w) = (num(2), num(3), num(4));
                let Some(board) = boards.iter().find(|b| {
                    b.area.x.abs_diff(x) <= w / 16
                        && b.area.y.abs_diff(y) <= w / 16
                        && b.area.width.abs_diff(w) <= w / 16
                }) else {
                    continue;
                };
                found += 1;
                let fen: Fen = row[6].parse().expect("a FEN board");
                let teaching = Teaching {
                    board: Some(fen.as_setup().board.clone()),
                    ..Teaching::default()
                };
                book.add(board.clone(), Some(teaching));
            }
        }
    }
    book.read();
    let lessons = book.lessons();
    fs::write(&out, book.learned().encode()).expect("write the set");
    println!(
        "{found} of {truths} boards found; {} taught by their squares, {} men; written to {}",
        lessons.by_squares,
        lessons.men,
        out.display()
    );
}

/// The picture's grey pixels.
fn grey(path: &Path) -> image::GrayImage {
    image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_luma8()
}
