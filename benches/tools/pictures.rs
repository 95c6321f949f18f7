//! The boards of page images as the picture reader finds and reads them, with the time each
//! page took (docs/performance.md, "Diagrams in pictures"): a line a board, `FILE: x,y WxH
//! skew W/B placement least-sure`, and a line a page with its time on one thread.
//!
//!     pdftoppm -r 150 -gray -png ../shared/corpus/pdf/probleemblad-2013-4.pdf target/pb
//!     cargo run --release --example pictures -- target/pb-*.png

use std::time::Instant;

use gbrscan::picture::{PieceSet, find_boards};

fn main() {
    let set = PieceSet::builtin();
    let (mut pages, mut boards, mut seconds) = (0, 0, 0.0);
    for path in std::env::args().skip(1) {
        let page = match image::open(&path) {
            Ok(image) => image.to_luma8(),
            Err(err) => {
                eprintln!("{path}: {err}");
                continue;
            }
        };
        let start = Instant::now();
        let read: Vec<_> = find_boards(&page).iter().map(|b| b.read(&set)).collect();
        let took = start.elapsed().as_secs_f64();
        for board in &read {
            let (white, black) = board.men();
            let a = board.area;
            println!(
                "{path}: {},{} {}x{} skew {:.2} {white}/{black} {} {}",
                a.x,
                a.y,
                a.width,
                a.height,
                board.skew,
                board.board,
                board.least_sure()
            );
        }
        println!("{path}: {} boards in {:.1} ms", read.len(), took * 1e3);
        pages += 1;
        boards += read.len();
        seconds += took;
    }
    eprintln!(
        "{pages} pages, {boards} boards, {:.1} ms a page",
        seconds * 1e3 / f64::from(pages.max(1))
    );
}
