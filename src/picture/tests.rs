//! Tests of the picture reader's parts on boards drawn here; the reader on real and generated
//! pictures is tested in `tests/it/diagrams_read.rs`.

use image::{GrayImage, Luma};
use shakmaty::{Color, Role};

use super::squares::{SHAPE_LEN, Square};
use super::*;

/// A page of `size` pixels with one board of `side` pixels a square at (40, 40): a frame two
/// pixels wide, dark squares grey 160 (a8 light), and solid black discs on the squares of
/// `black` (a8 = 0, rank by rank).
fn page_with_board(size: u32, side: u32, black: &[usize]) -> GrayImage {
    let mut page = GrayImage::from_pixel(size, size, Luma([255]));
    let (x0, y0) = (40u32, 40u32);
    let board = side * 8;
    for y in 0..board + 4 {
        for x in 0..board + 4 {
            let (px, py) = (x0 - 2 + x, y0 - 2 + y);
            let frame = x < 2 || y < 2 || x >= board + 2 || y >= board + 2;
            let v = if frame {
                0
            } else {
                let (file, row) = ((x - 2) / side, (y - 2) / side);
                let (cx, cy) = ((x - 2) % side, (y - 2) % side);
                let index = (row * 8 + file) as usize;
                let r = side as f32 * 0.3;
                let (dx, dy) = (cx as f32 - side as f32 / 2.0, cy as f32 - side as f32 / 2.0);
                if black.contains(&index) && dx * dx + dy * dy < r * r {
                    0
                } else if (file + row) % 2 == 1 {
                    160
                } else {
                    255
                }
            };
            page.put_pixel(px, py, Luma([v]));
        }
    }
    page
}

#[test]
fn a_drawn_board_is_found_where_it_stands_and_its_men_counted() {
    let page = page_with_board(500, 40, &[0, 9, 27, 63]);
    let boards = find_boards(&page);
    assert_eq!(boards.len(), 1, "one board");
    let board = &boards[0];
    assert!(
        board.area.x.abs_diff(40) <= 2 && board.area.y.abs_diff(40) <= 2,
        "{:?}",
        board.area
    );
    assert!(board.area.width.abs_diff(320) <= 3, "{:?}", board.area);
    assert!(!board.reversed_shading);
    let men = board
        .measured()
        .iter()
        .filter(|s| s.cover >= board.cuts().man)
        .count();
    assert_eq!(men, 4, "four men on the board");
}

#[test]
fn a_heading_whose_letters_touch_the_frame_is_not_taken_for_a_rank() {
    // Letters of a heading over the board, their feet on the frame's top line (as a heading
    // set close over a diagram joins its frame at 200 dpi and more): strokes 3 pixels wide
    // every 7, 18 high, with a bar over every other pair.
    let mut page = page_with_board(500, 40, &[0, 9, 27, 63]);
    for x in 100..300u32 {
        for y in 20..38u32 {
            let stroke = x % 7 < 3;
            let bar = y < 23 && (x / 14) % 2 == 0;
            if stroke || bar {
                page.put_pixel(x, y, Luma([0]));
            }
        }
    }
    let boards = find_boards(&page);
    assert_eq!(boards.len(), 1, "one board");
    let area = boards[0].area;
    assert!(
        area.y.abs_diff(40) <= 3 && area.height.abs_diff(320) <= 5,
        "the squares start under the frame, not at the heading: {area:?}"
    );
    let men = boards[0]
        .measured()
        .iter()
        .filter(|s| s.cover >= boards[0].cuts().man)
        .count();
    assert_eq!(men, 4, "four men on the board, none in the heading");
}

#[test]
fn a_board_of_small_squares_is_read_enlarged_and_stands_where_it_is_on_the_page() {
    // Squares of 16 pixels, read at twice that.
    let page = page_with_board(300, 16, &[0, 9, 27, 63]);
    let boards = find_boards(&page);
    assert_eq!(boards.len(), 1, "one board");
    let area = boards[0].area;
    assert!(
        area.x.abs_diff(40) <= 3 && area.y.abs_diff(40) <= 3 && area.width.abs_diff(128) <= 5,
        "its box in the page's pixels: {area:?}"
    );
    let men: Vec<usize> = (0..64)
        .filter(|&i| boards[0].measured()[i].cover >= boards[0].cuts().man)
        .collect();
    assert_eq!(men, [0, 9, 27, 63], "the four men on their squares");
}

#[test]
fn a_blank_page_a_ruled_table_and_a_crossword_give_no_board() {
    assert!(find_boards(&GrayImage::from_pixel(400, 400, Luma([255]))).is_empty());
    // A ruled table: lines every 30 pixels, no square shaded.
    let table = GrayImage::from_fn(400, 400, |x, y| {
        let line =
            (40..=280).contains(&x) && (40..=280).contains(&y) && (x % 30 == 10 || y % 30 == 10);
        Luma([if line { 0 } else { 255 }])
    });
    assert!(find_boards(&table).is_empty(), "a table is no board");
    // A crossword: a frame of cells, a few black ones not alternating.
    let crossword = GrayImage::from_fn(400, 400, |x, y| {
        let inside = (40..280).contains(&x) && (40..280).contains(&y);
        let (cx, cy) = ((x.saturating_sub(40)) / 30, (y.saturating_sub(40)) / 30);
        let line = inside && ((x - 40) % 30 == 0 || (y - 40) % 30 == 0);
        let black = inside && (cx * 7 + cy * 3) % 5 == 0;
        Luma([if line || black { 0 } else { 255 }])
    });
    assert!(
        find_boards(&crossword).is_empty(),
        "a crossword is no board"
    );
}

#[test]
fn pixel_boxes_overlap_when_they_share_a_pixel() {
    let a = PixelBox {
        x: 0,
        y: 0,
        width: 10,
        height: 10,
    };
    let b = PixelBox { x: 9, y: 9, ..a };
    let c = PixelBox { x: 10, y: 0, ..a };
    assert!(a.overlaps(&b) && b.overlaps(&a));
    assert!(!a.overlaps(&c));
}

#[test]
fn a_split_falls_in_the_widest_weighted_gap_and_empty_squares_lie_together() {
    let values = vec![0.05, 0.06, 0.08, 0.5, 0.55, 0.6];
    let cut = split(values, (0.0, 1.0), 0.05).expect("a split");
    assert!((0.08..0.5).contains(&cut), "{cut}");
    assert_eq!(split(vec![0.5, 0.51, 0.52], (0.0, 1.0), 0.05), None);
    // 40 empty squares near 0.01, 24 men from 0.3.
    let mut covers = vec![0.01f32; 40];
    covers.extend(std::iter::repeat_n(0.4, 24));
    let man = above_empty(covers).expect("a cut");
    assert!((0.05..0.3).contains(&man), "{man}");
}

/// A measured square: a man's cover, fill and core, and a shape all `v`.
fn square(cover: f32, core: f32, v: f32, dark: bool) -> Square {
    Square {
        cover,
        fill: if core > 0.1 { 0.9 } else { 0.2 },
        core,
        shape: [v; SHAPE_LEN],
        dark,
    }
}

/// 64 empty squares, a8 first, rank by rank (a1 dark).
fn empty_squares() -> Vec<Square> {
    (0..64)
        .map(|i| Square {
            cover: 0.0,
            fill: 0.0,
            core: 0.0,
            shape: [0.0; SHAPE_LEN],
            dark: (i / 8 + i % 8) % 2 == 1,
        })
        .collect()
}

/// A board found with `squares` measured (a8 first), where no page says.
fn found_with(squares: Vec<Square>) -> FoundBoard {
    FoundBoard {
        area: PixelBox::default(),
        skew: 0.0,
        reversed_shading: false,
        squares,
    }
}

/// A board of empty squares but a white king on a8 (index 0, shape 0.1), a black king on h1
/// (index 63, shape 0.2) and, on b8 (index 1), a man whose shape is all `v`.
fn board_with(v: f32) -> FoundBoard {
    let mut squares: Vec<Square> = (0..64).map(|i| square(0.0, 0.0, 0.0, i % 2 == 1)).collect();
    squares[0] = square(0.6, 0.02, 0.1, false);
    squares[63] = square(0.6, 0.3, 0.2, false);
    squares[1] = square(0.6, 0.02, v, true);
    found_with(squares)
}

#[test]
fn a_book_reads_each_board_with_the_other_boards_lessons_never_its_own() {
    let mut set = PieceSet::new();
    set.add(Color::White.king(), false, &[0.1; SHAPE_LEN]);
    set.add(Color::White.king(), false, &[0.2; SHAPE_LEN]);
    set.add(Color::Black.pawn(), true, &[0.9; SHAPE_LEN]);
    // Its caption says the man on b8 is a knight; the base set knows no knight.
    let knight_on_b8 = || {
        let fen: shakmaty::fen::Fen = "KN6/8/8/8/8/8/8/7k".parse().expect("a FEN");
        Some(Teaching {
            board: Some(fen.as_setup().board.clone()),
            ..Teaching::default()
        })
    };
    let mut alone = Book::new(set.clone());
    alone.add(board_with(0.5), knight_on_b8());
    let read = alone.read();
    assert_eq!(alone.taught(), vec![Taught::Squares]);
    let b8 = shakmaty::Square::B8;
    assert_eq!(
        read[0].board.role_at(b8),
        Some(Role::Pawn),
        "a board alone reads b8 with the base set, not with its own caption's knight"
    );
    let mut two = Book::new(set);
    two.add(board_with(0.5), knight_on_b8());
    two.add(board_with(0.52), knight_on_b8());
    let read = two.read();
    for board in &read {
        assert_eq!(
            board.board.role_at(b8),
            Some(Role::Knight),
            "taught by the other board"
        );
        assert_eq!(board.board.color_at(b8), Some(Color::White));
    }
    assert_eq!(two.lessons().by_squares, 2);
}

#[test]
fn two_kings_of_one_colour_and_none_of_the_other_give_the_least_sure_coloured_one_away() {
    let man = |fill: f32, core: f32, v: f32, dark: bool| Square {
        cover: 0.6,
        fill,
        core,
        shape: [v; SHAPE_LEN],
        dark,
    };
    let mut squares = empty_squares();
    // A white king on a8, clearly white; on h1 a king whose colour reads between (a black
    // king's thin cross); three black pawns, clearly black.
    squares[0] = man(0.2, 0.02, 0.1, false);
    squares[63] = man(0.6, 0.05, 0.1, false);
    for i in [17, 26, 35] {
        squares[i] = man(0.9, 0.3, 0.9, squares[i].dark);
    }
    let board = found_with(squares);
    let mut set = PieceSet::new();
    for dark in [false, true] {
        set.add(Color::White.king(), dark, &[0.1; SHAPE_LEN]);
        set.add(Color::Black.pawn(), dark, &[0.9; SHAPE_LEN]);
    }
    let read = board.read(&set);
    let at = |s: shakmaty::Square| read.board.piece_at(s);
    assert_eq!(at(shakmaty::Square::A8), Some(Color::White.king()));
    assert_eq!(
        at(shakmaty::Square::H1),
        Some(Color::Black.king()),
        "the king whose colour was least sure is Black's"
    );
    assert_eq!(
        read.board.by_role(Role::Pawn).count(),
        3,
        "the pawns stay pawns"
    );
    assert!(read.sureness[usize::from(shakmaty::Square::H1)] <= 50);
}

#[test]
fn a_man_whose_darkness_leaves_his_colour_in_doubt_takes_the_colour_of_his_shape() {
    let man = |fill: f32, core: f32, v: f32| Square {
        cover: 0.6,
        fill,
        core,
        shape: [v; SHAPE_LEN],
        dark: false,
    };
    let mut squares = empty_squares();
    // A white king on a8, outlined; a black king on h1 and six black pawns, filled; on d5 a
    // man of thin strokes (a black queen's crown), his darkness a little under the board's cut.
    squares[0] = man(0.05, 0.01, 0.1);
    squares[63] = man(0.95, 0.3, 0.1);
    for i in [10, 12, 14, 40, 42, 44] {
        squares[i] = man(0.95, 0.3, 0.9);
    }
    squares[27] = man(0.4, 0.1, 0.6);
    let board = found_with(squares);
    let cuts = board.cuts();
    let darkness = cuts.darkness.of_square(&board.measured()[27]);
    assert!(
        darkness < cuts.black && cuts.black - darkness < COLOUR_DOUBT,
        "white by his darkness, in doubt: {darkness} against {}",
        cuts.black
    );
    let mut set = PieceSet::new();
    for color in [Color::White, Color::Black] {
        set.add(color.king(), false, &[0.1; SHAPE_LEN]);
        set.add(color.pawn(), false, &[0.9; SHAPE_LEN]);
    }
    let d5 = shakmaty::Square::D5;
    let read = board.read(&set);
    assert_eq!(
        read.board.piece_at(d5),
        Some(Color::White.pawn()),
        "the men seen nearest his shape are of both colours: his darkness decides"
    );
    set.add(Color::Black.queen(), false, &[0.62; SHAPE_LEN]);
    let read = board.read(&set);
    assert_eq!(
        read.board.piece_at(d5),
        Some(Color::Black.queen()),
        "the nearest man seen is a black queen"
    );
    assert_eq!(
        read.sureness[usize::from(d5)],
        45,
        "his two cues disagree: under what a board needs to be written"
    );
}

#[test]
fn a_set_round_trips_through_its_bytes_and_gives_up_a_boards_lessons() {
    let mut set = PieceSet::new();
    set.add(Color::Black.queen(), true, &[0.5; SHAPE_LEN]);
    set.add(Color::White.rook(), false, &[1.5; SHAPE_LEN]);
    let back = PieceSet::decode(&set.encode()).expect("its own bytes");
    assert_eq!(back.len(), 2);
    assert_eq!(back.count(Role::Rook, false), 1);
    let d = back.distances(&[0.5; SHAPE_LEN], true);
    assert!(d[1] < 0.01, "the queen is nearest: {d:?}");
    let [white, black] = back.by_colour(&[1.5; SHAPE_LEN], false);
    assert!(
        white[2] < 0.01 && black.iter().all(|&d| d == f32::MAX),
        "the rook is White's: {white:?} {black:?}"
    );
    let mut lesson = PieceSet::new();
    lesson.add(Color::Black.queen(), true, &[0.5; SHAPE_LEN]);
    assert_eq!(set.plus(&lesson).without(&lesson), set);
    assert!(PieceSet::decode(&[1, 2, 3]).is_none());
    assert!(
        PieceSet::builtin().len() > 1000,
        "the built-in set holds its men"
    );
}

#[test]
fn a_board_is_written_in_the_picture_font_rank_8_first() {
    let fen: shakmaty::fen::Fen = "KN6/8/8/8/8/8/8/7k".parse().expect("a FEN");
    let read = BoardRead {
        board: fen.as_setup().board.clone(),
        area: PixelBox::default(),
        skew: 0.0,
        sureness: [100; 64],
        reversed_shading: false,
    };
    let text = read.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 8);
    // a8 light, b8 dark (a1 dark).
    assert_eq!(lines[0], "9K*N.:.:.:0");
    assert_eq!(lines[7], "9:.:.:.:k0");
}

/// A page with one board drawn as the 2017 manuscript's drawings print it (no frame, light
/// squares grey 192 and dark ones 168, men without outline): white discs (paper) on the
/// squares of `white`, black ones on those of `black` (a8 = 0, rank by rank).
fn page_with_grey_board(side: u32, white: &[usize], black: &[usize]) -> GrayImage {
    let (x0, y0) = (50u32, 60u32);
    GrayImage::from_fn(side * 8 + 120, side * 8 + 140, |x, y| {
        if x < x0 || y < y0 || x >= x0 + side * 8 || y >= y0 + side * 8 {
            return Luma([255]);
        }
        let (file, row) = ((x - x0) / side, (y - y0) / side);
        let index = (row * 8 + file) as usize;
        let r = side as f32 * 0.3;
        let c = |v: u32| v as f32 % side as f32 - side as f32 / 2.0;
        let inside = c(x - x0).powi(2) + c(y - y0).powi(2) < r * r;
        Luma([match () {
            _ if inside && white.contains(&index) => 255,
            _ if inside && black.contains(&index) => 0,
            _ if (file + row) % 2 == 1 => 168,
            _ => 192,
        }])
    })
}

#[test]
fn a_board_of_two_greys_without_frame_is_found_and_its_white_men_are_paper() {
    let page = page_with_grey_board(40, &[10, 36], &[3, 50, 63]);
    let boards = find_boards(&page);
    assert_eq!(boards.len(), 1, "one board");
    let board = &boards[0];
    assert!(
        board.area.x.abs_diff(50) <= 2 && board.area.y.abs_diff(60) <= 2,
        "{:?}",
        board.area
    );
    assert!(board.area.width.abs_diff(320) <= 3, "{:?}", board.area);
    let cuts = board.cuts();
    let men: Vec<(usize, bool)> = board
        .measured()
        .iter()
        .enumerate()
        .filter(|(_, s)| s.cover >= cuts.man)
        .map(|(i, s)| (i, cuts.darkness.of_square(s) >= cuts.black))
        .collect();
    assert_eq!(
        men,
        [(3, true), (10, false), (36, false), (50, true), (63, true)],
        "the white men (paper on grey) and the black ones, each on his square"
    );
}

/// Draws on `page_with_board`'s board (squares of `side` pixels), on the square of rank 8 and
/// `file` (0 = a), a white man as a blur or a small size leaves him: a ring of grey `ring`, his
/// inside `inside` where given.
fn draw_ring(page: &mut GrayImage, side: u32, file: u32, ring: u8, inside: Option<u8>) {
    let (cx, cy) = (
        40.0 + (file as f32 + 0.5) * side as f32,
        40.0 + 0.5 * side as f32,
    );
    for y in 40..40 + side {
        for x in 40 + file * side..40 + (file + 1) * side {
            let r = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
            if r < side as f32 * 0.22 {
                if let Some(v) = inside {
                    page.put_pixel(x, y, Luma([v]));
                }
            } else if r < side as f32 * 0.3 {
                page.put_pixel(x, y, Luma([ring]));
            }
        }
    }
}

/// The squares (a8 = 0, rank by rank) on which the one board of `page` holds a man.
fn men_on(page: &GrayImage) -> Vec<usize> {
    let boards = find_boards(page);
    assert_eq!(boards.len(), 1, "one board");
    let man = boards[0].cuts().man;
    (0..64)
        .filter(|&i| boards[0].measured()[i].cover >= man)
        .collect()
}

#[test]
fn a_mans_grey_outline_on_a_light_square_is_a_man() {
    // A ring of grey 150 (lighter than the black ink's threshold, half the way from paper to
    // ink) on c8, a light square; black men elsewhere.
    let mut page = page_with_board(500, 40, &[9, 27, 63]);
    draw_ring(&mut page, 40, 2, 150, None);
    assert_eq!(
        men_on(&page),
        [2, 9, 27, 63],
        "the grey ring on c8 and the three black men"
    );
}

#[test]
fn a_gap_between_the_covers_that_reaches_past_0_3_puts_the_cut_there() {
    // A scan's empty hatched squares spread their covers up to 0.12 in small steps; its men
    // cover 0.55 and more: the gap's middle (0.335) is past 0.3, so the cut is 0.3.
    let mut squares = empty_squares();
    for (i, square) in squares.iter_mut().enumerate() {
        square.cover = if i < 58 {
            i as f32 * 0.002
        } else {
            0.55 + (i - 58) as f32 * 0.05
        };
    }
    let board = found_with(squares);
    assert_eq!(board.cuts().man, 0.3);
}

#[test]
fn a_white_man_on_an_even_grey_dark_square_is_what_differs_from_the_grey() {
    // Dark squares of an even grey 190 (a hatching blurred into a grey); on b8, a dark square,
    // a white man as a blur leaves him: paper inside, a grey outline lighter than black ink.
    let mut page = page_with_board(500, 40, &[9, 27, 63]);
    for p in page.pixels_mut() {
        if p[0] == 160 {
            p[0] = 190;
        }
    }
    draw_ring(&mut page, 40, 1, 150, Some(255));
    assert_eq!(
        men_on(&page),
        [1, 9, 27, 63],
        "the white man on b8 and the three black men"
    );
}
