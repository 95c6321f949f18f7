//! The truth of the chess-diagram pictures (`fixtures/pictures/`, its README.md, made by
//! `benches/tools/boards.rs`): every row names a picture that is there, every FEN parses with one
//! king a side and the men counts of its row, every caption agrees with its position, every box
//! lies inside its picture and holds squares of a printed diagram's size, boards are numbered in
//! reading order, every picture has rows, and the set stays grey and small.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use gbrscan::Position;
use shakmaty::{Board, Color};

const HEADER: &str = "file\tboard\tx\ty\twidth\theight\tfen\twhite\tblack\tcaption";

fn folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/pictures")
}

/// One board of `truth.tsv`.
struct Truth {
    /// The line of `truth.tsv`, 1-based, for messages.
    line: usize,
    file: String,
    index: usize,
    x: u32,
    y: u32,
    width: u32,
    height: u32,
    fen: String,
    white: usize,
    black: usize,
    caption: String,
}

/// The rows of `truth.tsv`: the boards, and the files of the pages without one (`-`).
struct Rows {
    boards: Vec<Truth>,
    blank: Vec<(usize, String)>,
}

#[track_caller]
fn number<T: std::str::FromStr>(cells: &[&str], column: usize, line: usize) -> T {
    cells[column].parse().unwrap_or_else(|_| {
        panic!(
            "truth.tsv line {line}: column {} is {:?}, expected a number",
            HEADER.split('\t').nth(column).unwrap_or("?"),
            cells[column]
        )
    })
}

fn rows() -> Rows {
    let text = std::fs::read_to_string(folder().join("truth.tsv")).expect("truth.tsv");
    let mut lines = text.lines().enumerate();
    assert_eq!(
        lines.next().map(|(_, l)| l),
        Some(HEADER),
        "truth.tsv's header"
    );
    let mut rows = Rows {
        boards: Vec::new(),
        blank: Vec::new(),
    };
    for (at, line) in lines {
        let line_number = at + 1;
        let cells: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            cells.len(),
            10,
            "truth.tsv line {line_number}: {} columns, expected 10: {line:?}",
            cells.len()
        );
        if cells[1] == "-" {
            assert!(
                cells[2..].iter().all(|c| c.is_empty()),
                "truth.tsv line {line_number}: a page without boards has no other cells: {line:?}"
            );
            rows.blank.push((line_number, cells[0].to_owned()));
            continue;
        }
        rows.boards.push(Truth {
            line: line_number,
            file: cells[0].to_owned(),
            index: number(&cells, 1, line_number),
            x: number(&cells, 2, line_number),
            y: number(&cells, 3, line_number),
            width: number(&cells, 4, line_number),
            height: number(&cells, 5, line_number),
            fen: cells[6].to_owned(),
            white: number(&cells, 7, line_number),
            black: number(&cells, 8, line_number),
            caption: cells[9].to_owned(),
        });
    }
    rows
}

/// The pictures of the folder: its PNG and JPEG files.
fn pictures() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder())
        .expect("fixtures/pictures")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".png") || n.ends_with(".jpg"))
        .collect();
    names.sort();
    names
}

#[track_caller]
fn board_of(truth: &Truth) -> Board {
    truth.fen.parse().unwrap_or_else(|e| {
        panic!(
            "truth.tsv line {}: FEN {:?} does not parse: {e}",
            truth.line, truth.fen
        )
    })
}

#[test]
fn the_truth_covers_every_picture_and_pages_without_boards_have_one_row() {
    let rows = rows();
    let mut named: Vec<String> = rows.boards.iter().map(|b| b.file.clone()).collect();
    named.extend(rows.blank.iter().map(|(_, f)| f.clone()));
    named.sort();
    named.dedup();
    assert_eq!(
        named,
        pictures(),
        "the pictures named in truth.tsv and those in the folder"
    );
    for (line, file) in &rows.blank {
        assert_eq!(
            rows.blank.iter().filter(|(_, f)| f == file).count(),
            1,
            "truth.tsv line {line}: {file} has one row without boards"
        );
        assert!(
            !rows.boards.iter().any(|b| &b.file == file),
            "truth.tsv line {line}: {file} has no boards, yet rows with boards"
        );
    }
    assert!(
        rows.boards.len() >= 50 && rows.blank.len() >= 4,
        "{} boards and {} pages without one: the set has shrunk",
        rows.boards.len(),
        rows.blank.len()
    );
}

#[test]
fn every_fen_parses_with_one_king_a_side_and_the_men_counts_of_its_row() {
    for truth in rows().boards {
        let board = board_of(&truth);
        assert_eq!(
            board.to_string(),
            truth.fen,
            "truth.tsv line {}: the FEN is not written as shakmaty writes it",
            truth.line
        );
        for color in [Color::White, Color::Black] {
            assert_eq!(
                board.by_piece(color.king()).count(),
                1,
                "truth.tsv line {}: {color:?} kings in {}",
                truth.line,
                truth.fen
            );
        }
        let counts = (
            board.by_color(Color::White).count(),
            board.by_color(Color::Black).count(),
        );
        assert_eq!(
            counts,
            (truth.white, truth.black),
            "truth.tsv line {}: the men of {} and the row's counts",
            truth.line,
            truth.fen
        );
        assert!(
            (2..=32).contains(&(counts.0 + counts.1)),
            "truth.tsv line {}: {} men",
            truth.line,
            counts.0 + counts.1
        );
    }
}

/// A caption line agrees with the position: `4 + 7` and `(15+14)` give the men of each side,
/// an EG line `d5e2 0413.21 5/4 Win` the kings, code and W/B the board has; a heading
/// (`No. 17  A. Troitzky`) says nothing of the position.
#[test]
fn every_caption_agrees_with_its_position() {
    let mut checked = 0;
    for truth in rows().boards {
        let board = board_of(&truth);
        let counts = format!("{} + {}", truth.white, truth.black);
        for line in truth.caption.split(" | ").filter(|l| !l.is_empty()) {
            if line.starts_with("No. ") {
                continue;
            }
            if line.contains(" + ") || line.starts_with('(') {
                let plain = line.trim_matches(['(', ')']).replace('+', " + ");
                let plain = plain.split_whitespace().collect::<Vec<_>>().join(" ");
                assert_eq!(
                    plain, counts,
                    "truth.tsv line {}: caption {line:?}",
                    truth.line
                );
            } else {
                let position = Position::from_board(&board, None).expect("a GBR position");
                let expected = format!(
                    "{} {} {} ",
                    position.kings.expect("kings"),
                    position.code,
                    position.men.expect("men count")
                );
                assert!(
                    line.starts_with(&expected),
                    "truth.tsv line {}: caption {line:?}, expected it to begin {expected:?}",
                    truth.line
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} captions checked");
}

#[test]
fn every_box_lies_inside_its_picture_and_holds_squares_of_a_printed_diagram() {
    for truth in rows().boards {
        let size = imagesize::size(folder().join(&truth.file))
            .unwrap_or_else(|e| panic!("truth.tsv line {}: {}: {e}", truth.line, truth.file));
        let (right, bottom) = (truth.x + truth.width, truth.y + truth.height);
        assert!(
            right as usize <= size.width && bottom as usize <= size.height,
            "truth.tsv line {}: the box ends at ({right}, {bottom}), past {} x {}",
            truth.line,
            size.width,
            size.height
        );
        assert!(
            truth.width.abs_diff(truth.height) <= 2,
            "truth.tsv line {}: a box of {} x {} is no square",
            truth.line,
            truth.width,
            truth.height
        );
        let square = truth.width as f64 / 8.0;
        assert!(
            (18.0..=71.0).contains(&square),
            "truth.tsv line {}: squares of {square} px, expected 18-70",
            truth.line
        );
    }
}

/// Boards numbered 0, 1, 2, ... in each picture, in reading order: the next board is on a
/// later row (its top below the middle of this one) or on the same row further right; no two
/// boxes overlap.
#[test]
fn boards_are_numbered_from_zero_in_reading_order_without_overlapping() {
    let mut by_file: BTreeMap<String, Vec<Truth>> = BTreeMap::new();
    for truth in rows().boards {
        by_file.entry(truth.file.clone()).or_default().push(truth);
    }
    for (file, boards) in &by_file {
        let indices: Vec<usize> = boards.iter().map(|b| b.index).collect();
        assert_eq!(
            indices,
            (0..boards.len()).collect::<Vec<_>>(),
            "{file}: board indices"
        );
        for pair in boards.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let later_row = b.y > a.y + a.height / 2;
            let same_row_right = b.y.abs_diff(a.y) < a.height / 2 && b.x > a.x;
            assert!(
                later_row || same_row_right,
                "{file}: board {} at ({}, {}) is not after board {} at ({}, {}) in reading order",
                b.index,
                b.x,
                b.y,
                a.index,
                a.x,
                a.y
            );
        }
        for (i, a) in boards.iter().enumerate() {
            for b in &boards[i + 1..] {
                let apart = a.x + a.width <= b.x
                    || b.x + b.width <= a.x
                    || a.y + a.height <= b.y
                    || b.y + b.height <= a.y;
                assert!(apart, "{file}: boards {} and {} overlap", a.index, b.index);
            }
        }
    }
}

/// A JPEG's colour components, from its frame header (SOF0-SOF15 but DHT, JPG and DAC).
fn jpeg_components(bytes: &[u8]) -> Option<u8> {
    let mut at = 2;
    while at + 10 <= bytes.len() && bytes[at] == 0xFF {
        let marker = bytes[at + 1];
        if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
            return Some(bytes[at + 9]);
        }
        let length = usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]));
        at += 2 + length;
    }
    None
}

#[test]
fn the_pictures_are_grey_8_bit_and_the_set_stays_small() {
    let mut total = 0;
    let names = pictures();
    for name in &names {
        let bytes = std::fs::read(folder().join(name)).expect("a picture");
        total += bytes.len();
        if name.ends_with(".png") {
            assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: a PNG");
            // IHDR: bit depth at byte 24, colour type at byte 25 (0: grey).
            assert_eq!((bytes[24], bytes[25]), (8, 0), "{name}: 8-bit grey");
        } else {
            assert_eq!(jpeg_components(&bytes), Some(1), "{name}: a grey JPEG");
        }
    }
    assert!(
        (25..=40).contains(&names.len()),
        "{} pictures, expected 25-40",
        names.len()
    );
    assert!(
        total < 4 << 20,
        "the pictures take {total} bytes, over 4 MiB"
    );
}
