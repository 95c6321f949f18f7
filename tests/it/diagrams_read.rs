//! The picture reader (`gbrscan::picture`, docs/reading.md, "Diagrams in pictures") on
//! pictures whose boards are known: the test pictures of `fixtures/pictures` (their truth in
//! `truth.tsv`), the Probleemblad issue's 60 pages rendered (each diagram prints its men as
//! `(8+13)`, which the board read must match), and the two Spanish scans of `../shared/real`
//! (four diagrams whose men are printed as `9 + 8`, one page of text and a photograph). The
//! figures each test holds are those of docs/reading.md; a reader that reads fewer fails.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use gbrscan::picture::{BoardRead, PieceSet, find_boards};
use shakmaty::Square;
use shakmaty::fen::Fen;

/// The boards of the picture at `path`, read with the built-in set.
fn read(path: &Path) -> Vec<BoardRead> {
    let page = image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_luma8();
    read_page(&page)
}

/// The boards of `page`, read with the built-in set.
fn read_page(page: &image::GrayImage) -> Vec<BoardRead> {
    let set = PieceSet::builtin();
    find_boards(page).iter().map(|b| b.read(&set)).collect()
}

/// One board of `fixtures/pictures/truth.tsv`: its file, its box's corner and side, its FEN
/// board.
struct Truth {
    file: String,
    x: u32,
    y: u32,
    side: u32,
    fen: String,
}

impl Truth {
    /// True when `read` stands where this board does, its corner within an eighth of a side.
    fn near(&self, read: &BoardRead) -> bool {
        read.area.x.abs_diff(self.x) < self.side / 8 && read.area.y.abs_diff(self.y) < self.side / 8
    }
}

/// The boards of the truth, and every file it names (pages without a board included).
fn truth() -> (Vec<Truth>, Vec<String>) {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pictures");
    let text = std::fs::read_to_string(folder.join("truth.tsv")).expect("truth.tsv");
    let mut boards = Vec::new();
    let mut files = Vec::new();
    for line in text.lines().skip(1) {
        let cells: Vec<&str> = line.split('\t').collect();
        if !files.contains(&cells[0].to_owned()) {
            files.push(cells[0].to_owned());
        }
        if cells[1] == "-" {
            continue;
        }
        let n = |i: usize| cells[i].parse::<u32>().expect("a number");
        boards.push(Truth {
            file: cells[0].to_owned(),
            x: n(2),
            y: n(3),
            side: n(4),
            fen: cells[6].to_owned(),
        });
    }
    (boards, files)
}

/// The squares on which two boards agree (a man of the same colour and kind, or none).
fn agreeing(read: &BoardRead, fen: &str) -> usize {
    let fen: Fen = fen.parse().expect("a FEN board");
    let board = &fen.as_setup().board;
    Square::ALL
        .into_iter()
        .filter(|&s| read.board.piece_at(s) == board.piece_at(s))
        .count()
}

/// The squares on which `read` and the FEN board `fen` disagree, as `square truth>read`
/// (`-` for an empty square).
fn wrong(read: &BoardRead, fen: &str) -> String {
    let fen: Fen = fen.parse().expect("a FEN board");
    let board = &fen.as_setup().board;
    let man = |p: Option<shakmaty::Piece>| p.map_or('-', |p| p.char());
    Square::ALL
        .into_iter()
        .filter(|&s| read.board.piece_at(s) != board.piece_at(s))
        .map(|s| {
            format!(
                "{s} {}>{}",
                man(board.piece_at(s)),
                man(read.board.piece_at(s))
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
#[ignore = "reads 33 pictures: seconds in a release build, minutes in a debug one"]
fn test_pictures_every_board_found_none_invented_and_squares_read() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pictures");
    let (boards, files) = truth();
    let (mut found, mut invented, mut exact, mut squares) = (0, 0, 0, 0);
    let mut missed = Vec::new();
    let mut inexact = Vec::new();
    for file in &files {
        let read = read(&folder.join(file));
        let mut used = vec![false; read.len()];
        for truth in boards.iter().filter(|t| &t.file == file) {
            let Some(at) = read.iter().position(|b| truth.near(b)) else {
                missed.push(format!("{file} at {},{}", truth.x, truth.y));
                continue;
            };
            used[at] = true;
            found += 1;
            let agree = agreeing(&read[at], &truth.fen);
            squares += agree;
            exact += usize::from(agree == 64);
            if agree < 64 {
                inexact.push(format!(
                    "{file} at {},{}: {}",
                    truth.x,
                    truth.y,
                    wrong(&read[at], &truth.fen)
                ));
            }
        }
        invented += used.iter().filter(|u| !**u).count();
    }
    eprintln!(
        "{found} of {} boards found, {invented} invented, {exact} read exactly, {squares} of {} \
         squares; missed: {missed:?}; not exact: {inexact:#?}",
        boards.len(),
        found * 64
    );
    assert_eq!(invented, 0, "no board invented on any picture");
    assert_eq!(found, boards.len(), "every board found");
    assert_eq!(
        exact,
        boards.len(),
        "every board read exactly: {inexact:#?}"
    );
    assert_eq!(squares, found * 64, "every square read right");
}

/// Pictures of grey squares made black and white by dithering (Floyd and Steinberg's, as a
/// scanner set to black and white prints a grey), as a bitonal scan gives them: the reader
/// smooths such a page first (docs/reading.md, "Diagrams in pictures"), so that every board is
/// found and read as its grey picture nearly is. Unsmoothed, `lightgrey-unframed-dejavu.png`'s
/// three boards were not found and `a1-light-grey.png`'s first was read with 5 squares wrong.
#[test]
#[ignore = "reads pictures: seconds in a release build, a minute in a debug one"]
fn bitonal_dithered_pictures_are_found_and_read() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pictures");
    let (boards, _) = truth();
    let (mut found, mut exact, mut squares, mut truths) = (0, 0, 0, 0);
    for file in ["lightgrey-unframed-dejavu.png", "a1-light-grey.png"] {
        let mut page = image::open(folder.join(file)).expect(file).to_luma8();
        image::imageops::dither(&mut page, &image::imageops::colorops::BiLevel);
        let read = read_page(&page);
        for truth in boards.iter().filter(|t| t.file == file) {
            truths += 1;
            if let Some(board) = read.iter().find(|b| truth.near(b)) {
                found += 1;
                let agree = agreeing(board, &truth.fen);
                squares += agree;
                exact += usize::from(agree == 64);
            }
        }
    }
    eprintln!("{found} of {truths} boards found, {exact} exact, {squares} squares right");
    assert_eq!(found, truths, "every dithered board found");
    assert!(exact >= 4, "{exact} of {truths} read exactly");
}

/// `gbr scan --ocr` over the test pictures: every board read sure enough beside which no line
/// holds a code becomes a record of its own (docs/reading.md, "A board without a caption"), and
/// each such record's position is its board's as the truth gives it: a record made from a
/// picture is never a wrong position. The figure (22) is docs/reading.md's.
#[test]
#[ignore = "needs Tesseract"]
fn the_test_pictures_own_records_are_their_boards_positions() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pictures");
    let cache = tempfile::tempdir().expect("a cache folder");
    let (out, err, code) = crate::support::gbr::cached_in(
        cache.path(),
        &[
            "scan",
            "--ocr",
            "--no-cache",
            "--json",
            folder.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, 0, "{err}");
    let (boards, _) = truth();
    let (mut own, mut wrong) = (0, Vec::new());
    for line in out.lines().filter(|l| l.contains(r#""type":"match""#)) {
        let record: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let data = &record["data"];
        let fixes = data["ocr_fixes"].as_array().cloned().unwrap_or_default();
        if !fixes
            .iter()
            .any(|f| f["from_picture"] == true && f["part"] == "line")
        {
            continue;
        }
        own += 1;
        let path = data["path"].as_str().unwrap_or("");
        let file = path.rsplit('/').next().unwrap_or(path);
        let fen = data["fen"].as_str().unwrap_or("");
        if !boards.iter().any(|t| t.file == file && t.fen == fen) {
            wrong.push(format!("{file}: {}", data["canonical"]));
        }
    }
    eprintln!("{own} records of their own, wrong: {wrong:?}");
    assert!(
        wrong.is_empty(),
        "records of a position no board holds: {wrong:?}"
    );
    assert!(own >= 22, "{own} boards became records of their own");
}

/// `pdftoppm -r DPI -gray -png FILE OUT/page` into a fresh folder; the pages' images in order.
fn render(pdf: &Path, dpi: u32, name: &str) -> Vec<PathBuf> {
    let out = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("target/pictures-{name}"));
    let _ = std::fs::remove_dir_all(&out);
    std::fs::create_dir_all(&out).expect("create the folder");
    let status = Command::new("pdftoppm")
        .args(["-r", &dpi.to_string(), "-gray", "-png"])
        .arg(pdf)
        .arg(out.join("page"))
        .status()
        .expect("pdftoppm (poppler-utils) runs");
    assert!(status.success(), "pdftoppm failed on {}", pdf.display());
    let mut pages: Vec<PathBuf> = std::fs::read_dir(&out)
        .expect("the rendered pages")
        .map(|e| e.expect("an entry").path())
        .collect();
    pages.sort();
    pages
}

/// The men counts each diagram of the Probleemblad issue prints, page by page, from its text
/// layer as poppler's `pdftotext -layout` gives it: a `(W+B)` after a stipulation (`#3`, `Z#8`,
/// `H#2`, `Remise`, `Winst`) on its line.
fn printed_counts(pdf: &Path, pages: usize) -> BTreeMap<usize, Vec<(u32, u32)>> {
    let mut counts = BTreeMap::new();
    for page in 1..=pages {
        let out = Command::new("pdftotext")
            .args(["-layout", "-f", &page.to_string(), "-l", &page.to_string()])
            .arg(pdf)
            .arg("-")
            .output()
            .expect("pdftotext (poppler-utils) runs");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let mut found = Vec::new();
        for line in text.lines() {
            let mut rest = line;
            while let Some(open) = rest.find('(') {
                let before = &rest[..open];
                let after = &rest[open + 1..];
                let count = after.split_once(')').and_then(|(inside, _)| {
                    let (w, b) = inside.split_once('+')?;
                    Some((w.trim().parse().ok()?, b.trim().parse().ok()?))
                });
                let stipulated = ["#", "Remise", "Winst"].iter().any(|s| before.contains(s));
                if let (Some(count), true) = (count, stipulated) {
                    found.push(count);
                }
                rest = after;
            }
        }
        counts.insert(page, found);
    }
    counts
}

/// The Probleemblad issue's pages rendered at `dpi`: how many diagrams print their men, how
/// many of them were found, how many were compared (on pages where as many boards were found
/// as counts printed) and how many of those read the printed men; the others named.
fn magazine_at(pdf: &Path, dpi: u32) -> (usize, usize, usize, usize, Vec<String>) {
    let pages = render(pdf, dpi, &format!("probleemblad-{dpi}"));
    let printed = printed_counts(pdf, pages.len());
    let (mut diagrams, mut found, mut compared, mut right) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for (n, page) in pages.iter().enumerate() {
        let read = read(page);
        let counts = &printed[&(n + 1)];
        diagrams += counts.len();
        found += read.len().min(counts.len());
        // A page that prints a count for each board it shows: its boards in reading order.
        if read.len() == counts.len() {
            compared += counts.len();
            for (board, count) in read.iter().zip(counts) {
                if board.men() == *count {
                    right += 1;
                } else {
                    wrong.push(format!(
                        "page {} at {},{}: printed {count:?}, read {:?} {}",
                        n + 1,
                        board.area.x,
                        board.area.y,
                        board.men(),
                        board.board.board_fen()
                    ));
                }
            }
        }
    }
    (diagrams, found, compared, right, wrong)
}

/// At 150 dpi, and at 200 (the resolution `--diagrams` renders at), where the headings set
/// close over the diagrams touch their frames (each frame measured past them: measured from
/// the heading's top, 4 boards take their heading for their eighth rank).
#[test]
#[ignore = "needs ../shared/corpus and poppler; renders 60 pages twice"]
fn a_magazines_rendered_pages_read_the_men_counts_each_diagram_prints() {
    let pdf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pdf/probleemblad-2013-4.pdf");
    if !pdf.is_file() {
        eprintln!("skipped: {} not found", pdf.display());
        return;
    }
    // The counts each resolution reads (docs/reading.md's table).
    for (dpi, least) in [(150, 109), (200, 107)] {
        let (diagrams, found, compared, right, wrong) = magazine_at(&pdf, dpi);
        eprintln!(
            "{dpi} dpi: {diagrams} diagrams print their men; {found} boards found; {right} of \
             {compared} read with their printed men; the others: {wrong:#?}"
        );
        assert_eq!(
            found, diagrams,
            "{dpi} dpi: every diagram that prints its men found"
        );
        assert!(compared >= 105, "{dpi} dpi: {compared} boards compared");
        assert!(
            right >= least,
            "{dpi} dpi: {right} of {compared} counts read"
        );
    }
}

#[test]
#[ignore = "needs ../shared/real and poppler"]
fn spanish_scans_give_their_four_boards_with_their_printed_men_and_none_on_a_photograph() {
    let Some(real) = crate::real::real_dir() else {
        return;
    };
    // The men each diagram prints under it (`9 + 8`), read off the scans by eye.
    let printed: [(usize, (u32, u32)); 4] = [(1, (9, 8)), (3, (4, 7)), (4, (3, 5)), (9, (4, 4))];
    let pages = render(&real.join("scans/finales-y-temas.pdf"), 200, "finales");
    let mut boards = Vec::new();
    for (n, page) in pages.iter().enumerate() {
        for board in read(page) {
            boards.push((n + 1, board.men()));
        }
    }
    assert_eq!(boards, printed, "the scan's boards, page and men");
    let photo = render(&real.join("scans/obituario.pdf"), 200, "obituario");
    assert!(
        read(&photo[0]).is_empty(),
        "a page of text and a photograph give no board"
    );
}
