//! The boards of page images as the picture reader finds and reads them, with the time each
//! page took (docs/performance.md, "Diagrams in pictures"): a line a board, `FILE: x,y WxH
//! skew W/B placement least-sure`, and a line a page with its time on one thread.
//!
//!     pdftoppm -r 150 -gray -png ../shared/corpus/pdf/probleemblad-2013-4.pdf target/pb
//!     cargo run --release --example pictures -- target/pb-*.png
//!
//! With `--captions FILE` (lines `IMAGE<TAB>caption`, a page's captions in the order of its
//! boards), the pages' boards are read as one book (`picture::Book`), each page whose boards
//! are as many as its captions teaching by them, and each board's line ends with its caption
//! and `agrees` or `differs` (its code and kings against the board's); a summary line counts
//! them. A board is never taught by its own caption.

use std::collections::HashMap;
use std::time::Instant;

use gbrscan::picture::{Book, PieceSet, Teaching, find_boards};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--captions") {
        return book(&args[1], &args[2..]);
    }
    let set = PieceSet::builtin();
    let (mut pages, mut boards, mut seconds) = (0, 0, 0.0);
    for path in args {
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

/// The pages `paths` read as one book taught by the captions of `captions` (see the module's
/// documentation).
fn book(captions: &str, paths: &[String]) {
    let mut by_page: HashMap<String, Vec<String>> = HashMap::new();
    for line in std::fs::read_to_string(captions)
        .expect("read the captions")
        .lines()
    {
        if let Some((page, caption)) = line.split_once('\t') {
            by_page
                .entry(page.to_owned())
                .or_default()
                .push(caption.to_owned());
        }
    }
    let mut book = Book::new(PieceSet::builtin());
    let mut names = Vec::new();
    for path in paths {
        let Ok(image) = image::open(path) else {
            eprintln!("{path}: not read");
            continue;
        };
        let boards = find_boards(&image.to_luma8());
        let captions = by_page.get(path).cloned().unwrap_or_default();
        let paired = captions.len() == boards.len();
        for (i, board) in boards.into_iter().enumerate() {
            let caption = paired.then(|| captions[i].clone());
            let teaching = caption.as_deref().and_then(teaching);
            names.push((path.clone(), caption));
            book.add(board, teaching);
        }
    }
    let start = Instant::now();
    let read = book.read();
    let took = start.elapsed().as_secs_f64();
    let (mut agree, mut compared) = (0, 0);
    for ((path, caption), board) in names.iter().zip(&read) {
        let (white, black) = board.men();
        let verdict = caption.as_deref().and_then(teaching).map(|t| {
            compared += 1;
            let kings = |c: shakmaty::Color| board.board.king_of(c);
            let same = t.material == Some(gbrscan::Material::of_board(&board.board))
                && t.kings.is_none_or(|k| {
                    kings(shakmaty::Color::White) == Some(k.white)
                        && kings(shakmaty::Color::Black) == Some(k.black)
                });
            agree += usize::from(same);
            if same { "agrees" } else { "differs" }
        });
        println!(
            "{path}: {white}/{black} {} {} | {} | {}",
            board.board,
            board.least_sure(),
            caption.as_deref().unwrap_or("-"),
            verdict.unwrap_or("-")
        );
    }
    let lessons = book.lessons();
    eprintln!(
        "{} boards, {compared} with a caption, {agree} agree; taught by squares {}, by material {}, refused {}; read in {:.1} ms",
        read.len(),
        lessons.by_squares,
        lessons.by_material,
        lessons.refused,
        took * 1e3
    );
}

/// What a caption says its board holds.
fn teaching(caption: &str) -> Option<Teaching> {
    let parsed = gbrscan::parse_text(caption).ok()?;
    let position = &parsed.position;
    Some(Teaching {
        board: position.board(),
        kings: position.kings,
        material: position.code.material(),
    })
}
