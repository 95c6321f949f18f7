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
//!
//! With `--truth DIR...` (folders written by `benches/tools/boards.rs`, each with its
//! `truth.tsv`), every board of the truth is read twice, with the built-in set alone and as
//! one book of all the folders' pages taught by the truth's captions, and each reading is
//! compared with the truth's position: boards read exactly, under a caption with a code, with
//! squares of 24 pixels or more and smaller, and under a caption without one; each board under
//! a code read otherwise as a book gets a line. A set of pages drawn in a font the built-in set
//! has not seen measures what a book's captions teach (docs/reading.md, "A font the set has
//! not seen").

use std::collections::HashMap;
use std::time::Instant;

use gbrscan::picture::{Book, PieceSet, Teaching, find_boards};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--captions") {
        return book(&args[1], &args[2..]);
    }
    if args.first().map(String::as_str) == Some("--truth") {
        return truth(&args[1..]);
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

/// One board of a truth: its position, whether its caption gives a code, whether its squares
/// are under 24 pixels, its file and its caption.
struct Known {
    fen: String,
    coded: bool,
    small: bool,
    file: String,
    caption: String,
}

/// The boards of the folders' truths read alone and as one book (see the module's
/// documentation).
fn truth(dirs: &[String]) {
    let set = PieceSet::builtin();
    let mut book = Book::new(set.clone());
    let (mut known, mut alone, mut missed) = (Vec::new(), Vec::new(), 0);
    for dir in dirs {
        let dir = std::path::Path::new(dir);
        let tsv = std::fs::read_to_string(dir.join("truth.tsv")).expect("truth.tsv");
        let rows: Vec<Vec<&str>> = tsv
            .lines()
            .skip(1)
            .map(|l| l.split('\t').collect::<Vec<_>>())
            .filter(|r| r.len() >= 10 && r[1] != "-")
            .collect();
        let mut files: Vec<&str> = rows.iter().map(|r| r[0]).collect();
        files.dedup();
        for file in files {
            let Ok(image) = image::open(dir.join(file)) else {
                eprintln!("{}: not read", dir.join(file).display());
                continue;
            };
            let boards = find_boards(&image.to_luma8());
            for row in rows.iter().filter(|r| r[0] == file) {
                let num = |i: usize| row[i].parse::<u32>().expect("a number");
                let (x, y, w) = (num(2), num(3), num(4));
                let Some(board) = boards
                    .iter()
                    .find(|b| b.area.x.abs_diff(x) <= w / 16 && b.area.y.abs_diff(y) <= w / 16)
                else {
                    missed += 1;
                    continue;
                };
                // A heading before `|`, the caption after it.
                let caption = row[9].rsplit('|').next().unwrap_or("").trim();
                let teaching = teaching(caption);
                known.push(Known {
                    fen: row[6].to_owned(),
                    coded: teaching.as_ref().is_some_and(|t| t.material.is_some()),
                    small: w < 8 * 24,
                    file: format!("{}/{file}", dir.display()),
                    caption: caption.to_owned(),
                });
                alone.push(board.read(&set).board.to_string());
                book.add(board.clone(), teaching);
            }
        }
    }
    let read = book.read();
    let as_book: Vec<String> = read.iter().map(|b| b.board.to_string()).collect();
    println!("{} boards of the truth found, {missed} not", known.len());
    for (name, read) in [("the built-in set alone", &alone), ("one book", &as_book)] {
        let mut counts = [[0usize; 2]; 3];
        for (k, placement) in known.iter().zip(read.iter()) {
            let kind = if !k.coded { 2 } else { usize::from(k.small) };
            counts[kind][1] += 1;
            counts[kind][0] += usize::from(*placement == k.fen);
        }
        let [big, small, uncoded] = counts;
        println!(
            "{name}: exact {} of {} under a code, {} of {} under a code with small squares, {} of {} under no code",
            big[0], big[1], small[0], small[1], uncoded[0], uncoded[1]
        );
    }
    // A board read otherwise and sure enough to be written into a text (every square 50 or
    // more) is a false alarm of the check's.
    let (mut alarms, mut written) = (0, 0);
    for ((k, placement), board) in known.iter().zip(&as_book).zip(&read) {
        written += usize::from(k.coded && *placement == k.fen && board.least_sure() >= 50);
        if k.coded && *placement != k.fen {
            let sure = board.least_sure();
            alarms += usize::from(sure >= 50);
            println!(
                "{}: {} read {placement} for {}, least sure {sure}",
                k.file, k.caption, k.fen
            );
        }
    }
    println!(
        "as one book, every square 50 sure or more (written into a text): {written} boards \
         under a code read exactly, {alarms} read otherwise"
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
