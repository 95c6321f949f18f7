//! Pages of chess diagrams of known positions, and their truth, for the reader of diagrams in
//! pictures: the files of `fixtures/pictures/` (its README.md says what each page is for).
//!
//! `cargo run --release --example boards -- OUT_DIR [--text FONT] [--pieces FONT]...`
//!
//! Every page is drawn from one fixed seed, so a run writes the same files byte for byte.
//! `--text` is the font of captions, coordinates and prose (default DejaVu Sans); each
//! `--pieces` is a font with the chess men U+2654-U+265F, in the order the pages name them
//! (default DejaVu Sans, FreeSerif and Noto Sans Symbols 2, from Debian's fonts-dejavu-core,
//! fonts-freefont-ttf and fonts-noto-core). The run writes the pages, `truth.tsv`, and
//! `document.fodt`, the word-processor page that `boards-pdf.sh` turns into a PDF and renders
//! with pdftoppm; when those renders (`document-N.png`) are in OUT_DIR, the boards are found on
//! them by their grey squares and given rows in `truth.tsv` too.

use std::fmt::Write as _;
use std::fs;
use std::io::{BufReader, BufWriter, Write as _};
use std::path::{Path, PathBuf};

use ab_glyph::{Font, FontVec, Glyph, OutlinedGlyph, PxScale, ScaleFont, point};
use gbrscan::Position;
use image::{GrayImage, Luma};
use imageproc::drawing::{draw_filled_circle_mut, draw_hollow_circle_mut};
use imageproc::filter::gaussian_blur_f32;
use imageproc::geometric_transformations::{Border, Interpolation, rotate_about_center};
use imageproc::noise::{gaussian_noise_mut, salt_and_pepper_noise_mut};
use imageproc::region_labelling::{Connectivity, connected_components};
use shakmaty::{
    Bitboard, Board, CastlingMode, Chess, Color, File, FromSetup, Piece, Position as _, Rank, Role,
    Setup, Square,
};

/// The seed of every page: each page's generator starts from it and the page's number.
const SEED: u64 = 0x6762_7273_6361_6e31;

/// The seed of this run: [`SEED`], or another with `--seed N` (the training pages of
/// `benches/tools/piece_set.rs`, which must not be the test pictures).
static RUN_SEED: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(SEED);

fn seed() -> u64 {
    RUN_SEED.load(std::sync::atomic::Ordering::Relaxed)
}

const DEJAVU: &str = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const FREESERIF: &str = "/usr/share/fonts/truetype/freefont/FreeSerif.ttf";
const NOTO: &str = "/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf";

fn main() {
    let mut args = std::env::args().skip(1);
    let mut out = None;
    let mut text = PathBuf::from(DEJAVU);
    let mut pieces = Vec::new();
    // Training pages (`--seed`): the studies' pages and the document, no blank pages.
    let mut training = false;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--text" => text = args.next().expect("--text FONT").into(),
            "--pieces" => pieces.push(PathBuf::from(args.next().expect("--pieces FONT"))),
            "--seed" => {
                let n: u64 = args.next().and_then(|n| n.parse().ok()).expect("--seed N");
                RUN_SEED.store(
                    SEED ^ n.wrapping_mul(0xA076_1D64_78BD_642F),
                    std::sync::atomic::Ordering::Relaxed,
                );
                training = true;
            }
            _ if out.is_none() && !arg.starts_with("--") => out = Some(PathBuf::from(arg)),
            _ => panic!("usage: boards OUT_DIR [--seed N] [--text FONT] [--pieces FONT]..."),
        }
    }
    let out = out.expect("usage: boards OUT_DIR [--text FONT] [--pieces FONT]...");
    if pieces.is_empty() {
        pieces = [DEJAVU, FREESERIF, NOTO].map(PathBuf::from).to_vec();
    }
    assert_eq!(
        pieces.len(),
        3,
        "the pages draw men in three sets: give three --pieces fonts"
    );
    let fonts = Fonts {
        text: load_font(&text),
        sets: pieces.iter().map(|p| PieceSet::new(load_font(p))).collect(),
    };
    fs::create_dir_all(&out).expect("create OUT_DIR");

    let mut rows = Vec::new();
    for (number, page) in pages().into_iter().enumerate() {
        let mut rng = Rng::new(seed() ^ (number as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let (image, boards) = draw_page(&page, &fonts, &mut rng);
        let file = save(&out, page.name, &image, page.dpi, page.wear.jpeg);
        rows.extend(truth_rows(&file, boards));
    }
    for (number, blank) in BLANKS.iter().enumerate().filter(|_| !training) {
        let mut rng = Rng::new(seed() ^ (number as u64 + 101).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let image = (blank.draw)(&fonts, &mut rng, blank.dpi);
        let file = save(&out, blank.name, &image, blank.dpi, blank.jpeg);
        rows.push(Row::no_board(file));
    }
    {
        let mut rng = Rng::new(seed() ^ 0xD0C);
        let document = document_boards(&mut rng);
        fs::write(out.join("document.fodt"), fodt(&document)).expect("write document.fodt");
        rows.extend(measure_document(&out, &document));
    }

    rows.sort_by(|a, b| (&a.file, a.board).cmp(&(&b.file, b.board)));
    let mut tsv = String::from("file\tboard\tx\ty\twidth\theight\tfen\twhite\tblack\tcaption\n");
    for row in &rows {
        row.write(&mut tsv);
    }
    fs::write(out.join("truth.tsv"), tsv).expect("write truth.tsv");
    let boards = rows.iter().filter(|r| r.board.is_some()).count();
    println!(
        "{} pictures, {boards} boards, in {}",
        rows.iter()
            .map(|r| &r.file)
            .collect::<std::collections::BTreeSet<_>>()
            .len(),
        out.display()
    );
}

fn load_font(path: &Path) -> FontVec {
    let bytes = fs::read(path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (Debian: fonts-dejavu-core, fonts-freefont-ttf, fonts-noto-core)",
            path.display()
        )
    });
    FontVec::try_from_vec(bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

// ---------------------------------------------------------------------------------------------
// A small deterministic generator (SplitMix64): the same pages on every machine and version.

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (the bias of the modulo is below 2^-50 for these `n`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// A number in `[0, 1)`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    fn weighted<T: Copy>(&mut self, items: &[(T, usize)]) -> T {
        let total: usize = items.iter().map(|(_, w)| w).sum();
        let mut at = self.below(total);
        for &(item, weight) in items {
            if at < weight {
                return item;
            }
            at -= weight;
        }
        unreachable!("the weights add up to the total")
    }
}

// ---------------------------------------------------------------------------------------------
// Positions: legal with White to move, one king a side.

/// Which positions a page's boards hold.
#[derive(Clone, Copy)]
enum Men {
    /// A study's endgame: 2 to 20 men, most often 4 to 10.
    Endgame,
    /// A crowded study: 14 to 20 men.
    Crowded,
    /// A game's middlegame: 24 to 32 men, from random moves out of the opening position.
    Middlegame,
}

fn position(men: Men, rng: &mut Rng) -> Board {
    match men {
        Men::Endgame => endgame(rng),
        Men::Crowded => crowded(rng),
        Men::Middlegame => middlegame(rng),
    }
}

fn legal(board: &Board) -> bool {
    let mut setup = Setup::empty();
    setup.board = board.clone();
    setup.turn = Color::White;
    setup.castling_rights = Bitboard::EMPTY;
    Chess::from_setup(setup, CastlingMode::Standard).is_ok()
}

/// A study's position: men a side and their kinds drawn as studies have them (White with a
/// man or two more than a bare king, pawns most often, a queen rarely), placed at random until
/// the position is legal. 2 to 20 men.
fn endgame(rng: &mut Rng) -> Board {
    men(rng, &WHITE, &BLACK)
}

/// A study with 7 to 10 men a side.
fn crowded(rng: &mut Rng) -> Board {
    const SIDE: [(usize, usize); 4] = [(7, 1), (8, 1), (9, 1), (10, 1)];
    men(rng, &SIDE, &SIDE)
}

/// Men a side drawn by the weights `white` and `black`, kings included.
fn men(rng: &mut Rng, white: &[(usize, usize)], black: &[(usize, usize)]) -> Board {
    loop {
        let mut board = Board::empty();
        for (color, counts) in [(Color::White, white), (Color::Black, black)] {
            let count = rng.weighted(counts);
            let mut kinds = vec![Role::King];
            while kinds.len() < count {
                let role = rng.weighted(&ROLES);
                let most = match role {
                    Role::Pawn => 8,
                    Role::Queen => 1,
                    _ => 2,
                };
                if kinds.iter().filter(|&&r| r == role).count() < most {
                    kinds.push(role);
                }
            }
            for role in kinds {
                loop {
                    let square = Square::new(rng.below(64) as u32);
                    let edge = matches!(square.rank(), Rank::First | Rank::Eighth);
                    if board.piece_at(square).is_none() && !(role == Role::Pawn && edge) {
                        board.set_piece_at(square, Piece { color, role });
                        break;
                    }
                }
            }
        }
        if legal(&board) {
            return board;
        }
    }
}

/// How many men White has in a study, king included, and how often.
const WHITE: [(usize, usize); 10] = [
    (1, 1),
    (2, 6),
    (3, 10),
    (4, 9),
    (5, 6),
    (6, 4),
    (7, 2),
    (8, 1),
    (9, 1),
    (10, 1),
];
/// How many men Black has in a study, king included, and how often.
const BLACK: [(usize, usize); 10] = [
    (1, 3),
    (2, 8),
    (3, 9),
    (4, 7),
    (5, 4),
    (6, 3),
    (7, 2),
    (8, 1),
    (9, 1),
    (10, 1),
];
/// How often each kind of man other than the king is drawn.
const ROLES: [(Role, usize); 5] = [
    (Role::Pawn, 10),
    (Role::Knight, 3),
    (Role::Bishop, 3),
    (Role::Rook, 3),
    (Role::Queen, 1),
];

/// A middlegame: 16 to 39 random plies from the opening position, a capture taken now and
/// then when there is one, so that a few men are off the board.
fn middlegame(rng: &mut Rng) -> Board {
    let mut game = Chess::default();
    for _ in 0..16 + rng.below(24) {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let captures: Vec<_> = moves.iter().filter(|m| m.is_capture()).collect();
        let chosen = if !captures.is_empty() && rng.unit() < 0.15 {
            **rng.pick(&captures)
        } else {
            *rng.pick(&moves)
        };
        game.play_unchecked(chosen);
    }
    game.board().clone()
}

/// A few moves of a solution from `board`, in SAN with move numbers, for prose lines.
fn solution(board: &Board, rng: &mut Rng) -> String {
    let mut setup = Setup::empty();
    setup.board = board.clone();
    setup.castling_rights = Bitboard::EMPTY;
    let Ok(mut game) = Chess::from_setup(setup, CastlingMode::Standard) else {
        return String::new();
    };
    let mut text = String::new();
    for ply in 0..2 + rng.below(6) {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let chosen = *rng.pick(&moves);
        let san = shakmaty::san::SanPlus::from_move_and_play_unchecked(&mut game, chosen);
        if ply % 2 == 0 {
            let _ = write!(text, "{}.{san} ", ply / 2 + 1);
        } else {
            let _ = write!(text, "{san} ");
        }
    }
    text.trim_end().to_owned()
}

// ---------------------------------------------------------------------------------------------
// Captions.

/// What is printed with a board.
#[derive(Clone, Copy)]
enum Captions {
    /// Nothing.
    None,
    /// Under the board as the EG bulletin prints it: kings, code, W/B, stipulation
    /// (`d5e2 0413.21 5/4 Win`).
    Eg,
    /// Under the board as a Spanish magazine prints it: the men of each side (`4 + 7`).
    Plus,
    /// A game's diagram: the men in brackets (`(15+14)`).
    Bracketed,
    /// A heading above (`No. 17  A. Troitzky`) and the EG line under the board.
    Heading,
}

const COMPOSERS: [&str; 12] = [
    "A. Troitzky",
    "G. Kasparyan",
    "H. Rinck",
    "R. Réti",
    "L. Kubbel",
    "V. Korolkov",
    "J. Timman",
    "D. Gurgenidze",
    "Y. Afek",
    "O. Pervakov",
    "H. Mattison",
    "M. Liburkin",
];

/// The caption lines above and under a board of `board`.
fn captions(style: Captions, board: &Board, rng: &mut Rng) -> (Vec<String>, Vec<String>) {
    let counts = (
        board.by_color(Color::White).count(),
        board.by_color(Color::Black).count(),
    );
    let eg = || {
        let position = Position::from_board(board, None).expect("one king a side, 8 pawns");
        let kings = position.kings.expect("kings");
        let men = position.men.expect("men count");
        format!("{kings} {} {men}", position.code)
    };
    match style {
        Captions::None => (vec![], vec![]),
        Captions::Eg => (
            vec![],
            vec![format!("{} {}", eg(), rng.pick(&["Win", "Draw"]))],
        ),
        Captions::Plus => (vec![], vec![format!("{} + {}", counts.0, counts.1)]),
        Captions::Bracketed => (vec![], vec![format!("({}+{})", counts.0, counts.1)]),
        Captions::Heading => (
            vec![format!(
                "No. {}  {}",
                1 + rng.below(240),
                rng.pick(&COMPOSERS)
            )],
            vec![format!("{} {}", eg(), rng.pick(&["Win", "Draw"]))],
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Fonts and text.

struct Fonts {
    text: FontVec,
    sets: Vec<PieceSet>,
}

/// A font's chess men, with the scale at which its king is 100 px high.
struct PieceSet {
    font: FontVec,
    king_100: f32,
}

impl PieceSet {
    fn new(font: FontVec) -> PieceSet {
        for c in '\u{2654}'..='\u{265F}' {
            assert!(
                font.glyph_id(c).0 != 0,
                "the piece font has no glyph for U+{:04X}",
                c as u32
            );
        }
        let probe = font
            .outline_glyph(glyph(&font, '\u{265A}', PxScale::from(100.0), 0.0, 0.0))
            .expect("an outline for the black king");
        let bounds = probe.px_bounds();
        let king_100 = 100.0 * 100.0 / (bounds.max.y - bounds.min.y);
        PieceSet { font, king_100 }
    }
}

fn glyph(font: &FontVec, c: char, scale: PxScale, x: f32, y: f32) -> Glyph {
    font.glyph_id(c).with_scale_and_position(scale, point(x, y))
}

/// The scale whose em square is `em` pixels.
fn em(font: &FontVec, em: f32) -> PxScale {
    let units = font.units_per_em().unwrap_or(1000.0);
    PxScale::from(em * (font.ascent_unscaled() - font.descent_unscaled()) / units)
}

/// Blends `glyph`'s coverage into `image` towards `ink`.
fn blend(image: &mut GrayImage, glyph: &OutlinedGlyph, ink: u8) {
    let bounds = glyph.px_bounds();
    let (width, height) = image.dimensions();
    glyph.draw(|x, y, coverage| {
        let px = bounds.min.x as i64 + i64::from(x);
        let py = bounds.min.y as i64 + i64::from(y);
        if (0..i64::from(width)).contains(&px) && (0..i64::from(height)).contains(&py) {
            let pixel = image.get_pixel_mut(px as u32, py as u32);
            let c = coverage.clamp(0.0, 1.0);
            pixel.0[0] = (f32::from(pixel.0[0]) * (1.0 - c) + f32::from(ink) * c).round() as u8;
        }
    });
}

fn text_width(font: &FontVec, size: f32, text: &str) -> f32 {
    let scaled = font.as_scaled(em(font, size));
    let mut width = 0.0;
    let mut last = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(last) = last {
            width += scaled.kern(last, id);
        }
        width += scaled.h_advance(id);
        last = Some(id);
    }
    width
}

/// Draws `text` in black with its baseline at `baseline`, from `x`.
fn draw_text(image: &mut GrayImage, font: &FontVec, size: f32, x: f32, baseline: f32, text: &str) {
    let scale = em(font, size);
    let scaled = font.as_scaled(scale);
    let mut at = x;
    let mut last = None;
    for c in text.chars() {
        let id = font.glyph_id(c);
        if let Some(last) = last {
            at += scaled.kern(last, id);
        }
        if let Some(outline) =
            font.outline_glyph(id.with_scale_and_position(scale, point(at, baseline)))
        {
            blend(image, &outline, 0);
        }
        at += scaled.h_advance(id);
        last = Some(id);
    }
}

/// Draws `text` centred on `centre`.
fn draw_centred(
    image: &mut GrayImage,
    font: &FontVec,
    size: f32,
    centre: f32,
    baseline: f32,
    text: &str,
) {
    let width = text_width(font, size, text);
    draw_text(image, font, size, centre - width / 2.0, baseline, text);
}

/// `words` broken into lines no wider than `width`.
fn wrap(font: &FontVec, size: f32, width: f32, words: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in words.split_whitespace() {
        let longer = if line.is_empty() {
            word.to_owned()
        } else {
            format!("{line} {word}")
        };
        if text_width(font, size, &longer) > width && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_owned()));
        } else {
            line = longer;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

const PROSE: [&str; 16] = [
    "White must stop the pawn before it queens, and only one route leads the king in time.",
    "The natural move fails to a stalemate defence that the composer hides until the end.",
    "After the capture Black has nothing better than to give up the exchange.",
    "A quiet king move prepares the decisive knight fork on the next move.",
    "The thematic try is refuted by a counter-sacrifice on the long diagonal.",
    "This reprint corrects the version of the original award, which was cooked.",
    "The rook and bishop cooperate along the eighth rank in a long manoeuvre.",
    "Black's defence rests on a positional draw that White avoids by underpromotion.",
    "Both sides promote, but the new queen is lost to a skewer along the file.",
    "The judge praised the economy of the final position and the natural setting.",
    "A systematic manoeuvre repeats three times before the black king runs out of squares.",
    "The main line is long but forced, and every white move has a reason.",
    "It is surprising how much play the composer found in so little material.",
    "The critical position arises after the sixth move, when the pawns are blocked.",
    "Computer analysis confirms the solution; the database gives a win in 43 moves.",
    "With the sacrifice of the queen White diverts the rook from the defence of the king.",
];

/// The sentences of [`PROSE`] in a random order, for paragraphs that do not repeat one another.
fn deck(rng: &mut Rng) -> Vec<&'static str> {
    let mut order = PROSE.to_vec();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    order
}

/// A paragraph of the sentences `deck` gives, a solution from `board` after the first.
fn paragraph(sentences: &[&str], board: Option<&Board>, rng: &mut Rng) -> String {
    let mut text = String::new();
    for (i, sentence) in sentences.iter().enumerate() {
        if i == 1
            && let Some(board) = board
        {
            let _ = write!(text, "The solution begins {}. ", solution(board, rng));
        }
        text.push_str(sentence);
        text.push(' ');
    }
    text
}

/// A paragraph of `sentences` distinct sentences.
fn prose(rng: &mut Rng, sentences: usize, board: Option<&Board>) -> String {
    let deck = deck(rng);
    paragraph(&deck[..sentences], board, rng)
}

// ---------------------------------------------------------------------------------------------
// Boards.

/// How the dark squares are printed.
#[derive(Clone, Copy)]
enum Shade {
    /// Thin lines at 45 degrees, rising to the right (`/`) or falling (`\`).
    Hatch { rising: bool },
    /// A flat grey.
    Grey(u8),
}

/// The line around the squares.
#[derive(Clone, Copy, PartialEq)]
enum Frame {
    None,
    Thin,
    Thick,
    /// A thin line around the squares and a thicker one a little outside it.
    Double,
}

/// How a page prints its diagrams.
#[derive(Clone, Copy)]
struct Style {
    /// A square's side in pixels.
    square: u32,
    shade: Shade,
    /// The corner square a1 printed light, as some old diagrams do.
    a1_light: bool,
    frame: Frame,
    /// a-h under the board, 1-8 left of it.
    coords: bool,
    /// Which piece set: an index into [`Fonts::sets`].
    set: usize,
}

impl Style {
    /// A thin line's width at `dpi`.
    fn thin(dpi: u32) -> u32 {
        (dpi as f32 / 300.0).round().max(1.0) as u32
    }

    fn thick(&self) -> u32 {
        (self.square as f32 / 9.0).round().max(3.0) as u32
    }

    fn double_gap(&self) -> u32 {
        (self.square as f32 / 10.0).round().max(2.0) as u32
    }

    /// How far the frame reaches out of the squares.
    fn frame_extent(&self, dpi: u32) -> u32 {
        match self.frame {
            Frame::None => 0,
            Frame::Thin => Style::thin(dpi),
            Frame::Thick => self.thick(),
            Frame::Double => Style::thin(dpi) + self.double_gap() + self.thick() * 2 / 3,
        }
    }

    /// The coordinates' size (their em), and the room they take beside the frame.
    fn coord_size(&self) -> f32 {
        (self.square as f32 * 0.42).max(7.0)
    }

    fn coord_room(&self) -> u32 {
        if self.coords {
            (self.coord_size() * 1.3).ceil() as u32
        } else {
            0
        }
    }
}

/// Draws the squares, men, frame and coordinates of `board` with a8's top left corner at
/// (`x`, `y`).
fn draw_board(
    image: &mut GrayImage,
    fonts: &Fonts,
    style: &Style,
    dpi: u32,
    at: (u32, u32),
    board: &Board,
) {
    let (x, y) = at;
    let side = style.square;
    let spacing = (side as f32 / 8.0).round().max(3.0) as u32;
    let line = (spacing as f32 / 4.0).round().max(1.0) as u32;
    for rank in 0..8u32 {
        for file in 0..8u32 {
            let dark = ((file + rank) % 2 == 0) != style.a1_light;
            let (sx, sy) = (x + file * side, y + (7 - rank) * side);
            if dark {
                for py in sy..sy + side {
                    for px in sx..sx + side {
                        let ink = match style.shade {
                            Shade::Hatch { rising: true } => (px + py) % spacing < line,
                            Shade::Hatch { rising: false } => {
                                (px % spacing + spacing - py % spacing) % spacing < line
                            }
                            Shade::Grey(_) => true,
                        };
                        if ink {
                            let grey = match style.shade {
                                Shade::Grey(g) => g,
                                Shade::Hatch { .. } => 0,
                            };
                            image.put_pixel(px, py, Luma([grey]));
                        }
                    }
                }
            }
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            if let Some(piece) = board.piece_at(square) {
                draw_man(image, &fonts.sets[style.set], piece, (sx, sy), side);
            }
        }
    }
    draw_frame(image, style, dpi, at);
    if style.coords {
        let size = style.coord_size();
        let reach = style.frame_extent(dpi) as f32;
        let gap = size * 0.25;
        for (i, letter) in "abcdefgh".chars().enumerate() {
            let centre = x as f32 + (i as f32 + 0.5) * side as f32;
            let baseline = (y + 8 * side) as f32 + reach + gap + size * 0.75;
            draw_centred(
                image,
                &fonts.text,
                size,
                centre,
                baseline,
                &letter.to_string(),
            );
        }
        for rank in 0..8u32 {
            let digit = (rank + 1).to_string();
            let width = text_width(&fonts.text, size, &digit);
            let baseline = (y + (7 - rank) * side) as f32 + side as f32 / 2.0 + size * 0.36;
            draw_text(
                image,
                &fonts.text,
                size,
                x as f32 - reach - gap - width,
                baseline,
                &digit,
            );
        }
    }
}

/// The chess character of a man: the outline glyphs U+2654-U+2659 for White, the filled ones
/// U+265A-U+265F for Black, each in the order king, queen, rook, bishop, knight, pawn.
fn man_char(color: Color, role: Role) -> char {
    let index = match role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    let first = match color {
        Color::White => 0x2654,
        Color::Black => 0x265A,
    };
    char::from_u32(first + index).expect("a chess glyph")
}

/// A man as diagram fonts draw one: its filled shape in white first (so that a white man is
/// white inside on a dark square, and hatching does not show through a black man's inner
/// lines), then the outline glyph (white) or the filled glyph (black) in black.
fn draw_man(image: &mut GrayImage, set: &PieceSet, piece: Piece, at: (u32, u32), side: u32) {
    let outline = man_char(Color::White, piece.role);
    let filled = man_char(Color::Black, piece.role);
    let scale = PxScale::from(set.king_100 * side as f32 * 0.88 / 100.0);
    // One baseline for every man of the set: the king's box centred in the square.
    let king = set
        .font
        .outline_glyph(glyph(&set.font, '\u{265A}', scale, 0.0, 0.0))
        .expect("a king")
        .px_bounds();
    let shape = set
        .font
        .outline_glyph(glyph(&set.font, filled, scale, 0.0, 0.0))
        .expect("a man")
        .px_bounds();
    let (cx, cy) = (
        at.0 as f32 + side as f32 / 2.0,
        at.1 as f32 + side as f32 / 2.0,
    );
    let x = cx - (shape.min.x + shape.max.x) / 2.0;
    let baseline = cy - (king.min.y + king.max.y) / 2.0;
    let mask = set
        .font
        .outline_glyph(glyph(&set.font, filled, scale, x, baseline));
    let ink = match piece.color {
        Color::White => outline,
        Color::Black => filled,
    };
    let ink = set
        .font
        .outline_glyph(glyph(&set.font, ink, scale, x, baseline));
    if let (Some(mask), Some(ink)) = (mask, ink) {
        blend(image, &mask, 255);
        blend(image, &ink, 0);
    }
}

fn fill(image: &mut GrayImage, x: i64, y: i64, width: i64, height: i64, grey: u8) {
    let (w, h) = (i64::from(image.width()), i64::from(image.height()));
    for py in y.max(0)..(y + height).min(h) {
        for px in x.max(0)..(x + width).min(w) {
            image.put_pixel(px as u32, py as u32, Luma([grey]));
        }
    }
}

/// A ring of `width` pixels whose inner edge is `gap` pixels out of the square box at `at`.
fn ring(image: &mut GrayImage, at: (u32, u32), side: u32, gap: u32, width: u32) {
    let (x, y) = (
        i64::from(at.0) - i64::from(gap + width),
        i64::from(at.1) - i64::from(gap + width),
    );
    let outer = i64::from(side + 2 * (gap + width));
    let w = i64::from(width);
    fill(image, x, y, outer, w, 0);
    fill(image, x, y + outer - w, outer, w, 0);
    fill(image, x, y, w, outer, 0);
    fill(image, x + outer - w, y, w, outer, 0);
}

fn draw_frame(image: &mut GrayImage, style: &Style, dpi: u32, at: (u32, u32)) {
    let side = 8 * style.square;
    let thin = Style::thin(dpi);
    match style.frame {
        Frame::None => {}
        Frame::Thin => ring(image, at, side, 0, thin),
        Frame::Thick => ring(image, at, side, 0, style.thick()),
        Frame::Double => {
            ring(image, at, side, 0, thin);
            ring(
                image,
                at,
                side,
                thin + style.double_gap(),
                style.thick() * 2 / 3,
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Pages.

/// How a page's boards stand.
#[derive(Clone, Copy)]
enum Layout {
    /// One above the other.
    Column(usize),
    /// Side by side.
    Row(usize),
    /// Two rows of two.
    Grid,
    /// One board with prose above, beside and under it.
    Article,
}

impl Layout {
    fn boards(self) -> usize {
        match self {
            Layout::Column(n) | Layout::Row(n) => n,
            Layout::Grid => 4,
            Layout::Article => 1,
        }
    }
}

/// What happens to a page after it is drawn, in this order: rotation, blur, noise, JPEG.
#[derive(Clone, Copy, Default)]
struct Wear {
    /// Degrees, clockwise.
    rotate: f32,
    /// The Gaussian blur's sigma in pixels.
    blur: f32,
    /// The Gaussian noise's standard deviation in grey levels.
    noise: f64,
    /// The share of pixels made black or white.
    salt: f64,
    /// Saved as a JPEG of this quality instead of a PNG.
    jpeg: Option<u8>,
}

struct Page {
    name: &'static str,
    dpi: u32,
    layout: Layout,
    style: Style,
    men: Men,
    captions: Captions,
    wear: Wear,
}

/// The pages with boards. Piece sets: 0 DejaVu Sans, 1 FreeSerif, 2 Noto Sans Symbols 2.
fn pages() -> Vec<Page> {
    let style = |square, shade, frame, set| Style {
        square,
        shade,
        a1_light: false,
        frame,
        coords: false,
        set,
    };
    let hatch = Shade::Hatch { rising: true };
    let falling = Shade::Hatch { rising: false };
    let page = |name, dpi, layout, style, captions| Page {
        name,
        dpi,
        layout,
        style,
        men: Men::Endgame,
        captions,
        wear: Wear::default(),
    };
    let with = |mut page: Page, f: &dyn Fn(&mut Page)| {
        f(&mut page);
        page
    };
    vec![
        page(
            "hatch-thin-dejavu",
            300,
            Layout::Row(2),
            style(44, hatch, Frame::Thin, 0),
            Captions::Eg,
        ),
        page(
            "hatch-double-freeserif",
            300,
            Layout::Grid,
            style(40, hatch, Frame::Double, 1),
            Captions::Eg,
        ),
        with(
            page(
                "grey-thick-coords-noto",
                300,
                Layout::Column(2),
                style(48, Shade::Grey(170), Frame::Thick, 2),
                Captions::Plus,
            ),
            &|p| p.style.coords = true,
        ),
        page(
            "lightgrey-unframed-dejavu",
            200,
            Layout::Row(3),
            style(26, Shade::Grey(222), Frame::None, 0),
            Captions::Plus,
        ),
        page(
            "tiny-hatch-freeserif",
            200,
            Layout::Grid,
            style(18, hatch, Frame::Thin, 1),
            Captions::Eg,
        ),
        with(
            page(
                "large-hatch-600dpi",
                600,
                Layout::Column(1),
                style(70, hatch, Frame::Double, 0),
                Captions::Heading,
            ),
            &|p| p.style.coords = true,
        ),
        page(
            "grey-600dpi-noto",
            600,
            Layout::Row(2),
            style(62, Shade::Grey(185), Frame::Thin, 2),
            Captions::Plus,
        ),
        with(
            page(
                "a1-light-hatch",
                300,
                Layout::Row(2),
                style(40, hatch, Frame::Thin, 0),
                Captions::Eg,
            ),
            &|p| p.style.a1_light = true,
        ),
        with(
            page(
                "a1-light-grey",
                200,
                Layout::Column(2),
                style(30, Shade::Grey(160), Frame::Thick, 1),
                Captions::None,
            ),
            &|p| p.style.a1_light = true,
        ),
        with(
            page(
                "middlegame-grey-coords",
                300,
                Layout::Row(2),
                style(52, Shade::Grey(190), Frame::Thin, 0),
                Captions::Bracketed,
            ),
            &|p| {
                p.men = Men::Middlegame;
                p.style.coords = true;
            },
        ),
        with(
            page(
                "middlegame-hatch",
                200,
                Layout::Column(1),
                style(34, falling, Frame::Double, 1),
                Captions::Bracketed,
            ),
            &|p| p.men = Men::Middlegame,
        ),
        page(
            "article-noto",
            300,
            Layout::Article,
            style(44, hatch, Frame::Thin, 2),
            Captions::Eg,
        ),
        page(
            "article-grey-dejavu",
            200,
            Layout::Article,
            style(28, Shade::Grey(175), Frame::Thick, 0),
            Captions::Heading,
        ),
        with(
            page(
                "gaussian-noise",
                300,
                Layout::Row(2),
                style(38, hatch, Frame::Thin, 0),
                Captions::Eg,
            ),
            &|p| p.wear.noise = 14.0,
        ),
        with(
            page(
                "salt-noise",
                200,
                Layout::Grid,
                style(26, Shade::Grey(175), Frame::Thick, 1),
                Captions::Plus,
            ),
            &|p| p.wear.salt = 0.01,
        ),
        with(
            page(
                "blurred",
                300,
                Layout::Column(2),
                style(40, hatch, Frame::Double, 2),
                Captions::Eg,
            ),
            &|p| p.wear.blur = 1.3,
        ),
        with(
            page(
                "rotated-clockwise",
                300,
                Layout::Row(2),
                style(44, hatch, Frame::Thin, 0),
                Captions::Eg,
            ),
            &|p| p.wear.rotate = 1.5,
        ),
        with(
            page(
                "rotated-anticlockwise",
                200,
                Layout::Column(3),
                style(24, Shade::Grey(165), Frame::Thin, 1),
                Captions::Plus,
            ),
            &|p| {
                p.wear.rotate = -0.7;
                p.style.coords = true;
            },
        ),
        with(
            page(
                "rotated-2deg-grey",
                300,
                Layout::Row(2),
                style(38, Shade::Grey(200), Frame::Thick, 2),
                Captions::Eg,
            ),
            &|p| p.wear.rotate = -2.0,
        ),
        with(
            page(
                "jpeg-q40",
                300,
                Layout::Row(2),
                style(46, hatch, Frame::Thin, 0),
                Captions::Eg,
            ),
            &|p| p.wear.jpeg = Some(40),
        ),
        with(
            page(
                "jpeg-q75-lightgrey",
                200,
                Layout::Grid,
                style(30, Shade::Grey(212), Frame::Thick, 2),
                Captions::Plus,
            ),
            &|p| p.wear.jpeg = Some(75),
        ),
        with(
            page(
                "scan-300dpi",
                300,
                Layout::Column(2),
                style(42, falling, Frame::Double, 1),
                Captions::Heading,
            ),
            &|p| {
                p.wear = Wear {
                    rotate: -1.8,
                    blur: 0.8,
                    noise: 6.0,
                    salt: 0.0,
                    jpeg: Some(60),
                };
            },
        ),
        with(
            page(
                "scan-600dpi",
                600,
                Layout::Row(2),
                style(64, hatch, Frame::Thin, 0),
                Captions::Eg,
            ),
            &|p| {
                p.style.coords = true;
                p.wear = Wear {
                    rotate: 0.5,
                    blur: 1.0,
                    noise: 5.0,
                    salt: 0.0,
                    jpeg: Some(70),
                };
            },
        ),
        page(
            "four-small-unframed",
            200,
            Layout::Column(4),
            style(19, hatch, Frame::None, 2),
            Captions::Eg,
        ),
        with(
            page(
                "crowded-falling-hatch",
                300,
                Layout::Grid,
                style(36, falling, Frame::Thin, 0),
                Captions::Plus,
            ),
            &|p| p.men = Men::Crowded,
        ),
        with(
            page(
                "headings-grey-coords",
                300,
                Layout::Column(2),
                style(50, Shade::Grey(155), Frame::Double, 1),
                Captions::Heading,
            ),
            &|p| p.style.coords = true,
        ),
    ]
}

/// A board as drawn on a page: where its squares are, what it holds and what is printed with it.
struct Drawn {
    x: f64,
    y: f64,
    side: u32,
    board: Board,
    caption: String,
}

/// A board and the lines above and under it, in a box of its own.
struct Block {
    board: Board,
    above: Vec<String>,
    below: Vec<String>,
    width: u32,
    height: u32,
    /// The squares' top left corner within the block.
    squares: (u32, u32),
}

fn block(page: &Page, fonts: &Fonts, rng: &mut Rng) -> Block {
    let board = position(page.men, rng);
    let (above, below) = captions(page.captions, &board, rng);
    let style = &page.style;
    let line = caption_size(page.dpi);
    let side = 8 * style.square;
    let reach = style.frame_extent(page.dpi);
    let room = style.coord_room();
    let widest = above
        .iter()
        .chain(&below)
        .map(|t| text_width(&fonts.text, line, t).ceil() as u32)
        .max()
        .unwrap_or(0);
    let left = (room + reach + side / 2).max(widest / 2 + 1);
    let right = (reach + side / 2).max(widest / 2 + 1);
    let leading = (line * 1.3).ceil() as u32;
    let over = if above.is_empty() {
        0
    } else {
        above.len() as u32 * leading + leading / 3
    };
    let under = if below.is_empty() {
        0
    } else {
        below.len() as u32 * leading + leading / 3
    };
    Block {
        board,
        width: left + right,
        height: over + reach + side + reach + room + under,
        squares: (left - side / 2, over + reach),
        above,
        below,
    }
}

/// The captions' em at `dpi`: 8 points.
fn caption_size(dpi: u32) -> f32 {
    8.0 / 72.0 * dpi as f32
}

fn draw_block(
    image: &mut GrayImage,
    page: &Page,
    fonts: &Fonts,
    block: &Block,
    at: (u32, u32),
) -> Drawn {
    let style = &page.style;
    let line = caption_size(page.dpi);
    let leading = (line * 1.3).ceil();
    let squares = (at.0 + block.squares.0, at.1 + block.squares.1);
    let side = 8 * style.square;
    draw_board(image, fonts, style, page.dpi, squares, &block.board);
    let centre = squares.0 as f32 + side as f32 / 2.0;
    for (i, text) in block.above.iter().enumerate() {
        let baseline = at.1 as f32 + (i as f32 + 0.8) * leading;
        draw_centred(image, &fonts.text, line, centre, baseline, text);
    }
    let bottom = squares.1 + side + style.frame_extent(page.dpi) + style.coord_room();
    for (i, text) in block.below.iter().enumerate() {
        let baseline = bottom as f32 + leading / 3.0 + (i as f32 + 0.8) * leading;
        draw_centred(image, &fonts.text, line, centre, baseline, text);
    }
    Drawn {
        x: f64::from(squares.0),
        y: f64::from(squares.1),
        side,
        board: block.board.clone(),
        caption: block
            .above
            .iter()
            .chain(&block.below)
            .cloned()
            .collect::<Vec<_>>()
            .join(" | "),
    }
}

/// Draws a page: its boards where the layout puts them, the page cropped to them and a
/// margin, then worn. Returns the boards in reading order with their boxes on the worn page.
fn draw_page(page: &Page, fonts: &Fonts, rng: &mut Rng) -> (GrayImage, Vec<Drawn>) {
    let blocks: Vec<Block> = (0..page.layout.boards())
        .map(|_| block(page, fonts, rng))
        .collect();
    let margin = (page.dpi as f32 * if page.wear.rotate == 0.0 { 0.2 } else { 0.35 }) as u32;
    let gap = (page.dpi as f32 * 0.3) as u32;
    let mut places = Vec::new();
    let (width, height) = match page.layout {
        Layout::Column(_) => {
            let width = blocks.iter().map(|b| b.width).max().unwrap_or(0);
            let mut y = margin;
            for b in &blocks {
                places.push((margin + (width - b.width) / 2, y));
                y += b.height + gap;
            }
            (width + 2 * margin, y - gap + margin)
        }
        Layout::Row(_) => {
            let height = blocks.iter().map(|b| b.height).max().unwrap_or(0);
            let mut x = margin;
            for b in &blocks {
                places.push((x, margin));
                x += b.width + gap;
            }
            (x - gap + margin, height + 2 * margin)
        }
        Layout::Grid => {
            let cell_w = blocks.iter().map(|b| b.width).max().unwrap_or(0);
            let cell_h = blocks.iter().map(|b| b.height).max().unwrap_or(0);
            for i in 0..4u32 {
                let (row, col) = (i / 2, i % 2);
                let b = &blocks[i as usize];
                places.push((
                    margin + col * (cell_w + gap) + (cell_w - b.width) / 2,
                    margin + row * (cell_h + gap),
                ));
            }
            (2 * cell_w + gap + 2 * margin, 2 * cell_h + gap + 2 * margin)
        }
        Layout::Article => return draw_article(page, fonts, rng, &blocks[0], margin),
    };
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    let drawn = blocks
        .iter()
        .zip(places)
        .map(|(b, at)| draw_block(&mut image, page, fonts, b, at))
        .collect();
    wear(image, &page.wear, drawn)
}

/// A board in a column of prose: lines above it across the page, lines beside it, lines under.
fn draw_article(
    page: &Page,
    fonts: &Fonts,
    rng: &mut Rng,
    block: &Block,
    margin: u32,
) -> (GrayImage, Vec<Drawn>) {
    let size = 9.5 / 72.0 * page.dpi as f32;
    let leading = size * 1.35;
    let column = block.width * 8 / 5;
    let gap = (page.dpi as f32 * 0.2) as u32;
    let width = block.width + gap + column + 2 * margin;
    let text_width_px = (width - 2 * margin) as f32;
    let deck = deck(rng);
    let top = wrap(
        &fonts.text,
        size,
        text_width_px,
        &paragraph(&deck[..3], None, rng),
    );
    let beside = paragraph(&deck[3..7], Some(&block.board), rng);
    let beside = wrap(&fonts.text, size, column as f32, &beside);
    let bottom = wrap(
        &fonts.text,
        size,
        text_width_px,
        &paragraph(&deck[7..10], None, rng),
    );
    let top_height = (top.len() as f32 * leading + leading / 2.0).ceil() as u32;
    let beside_height = (beside.len() as f32 * leading).ceil() as u32;
    let middle = block.height.max(beside_height);
    let height = margin
        + top_height
        + middle
        + (bottom.len() as f32 * leading + leading).ceil() as u32
        + margin;
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    let lines = |image: &mut GrayImage, lines: &[String], x: u32, y: f32| {
        for (i, text) in lines.iter().enumerate() {
            draw_text(
                image,
                &fonts.text,
                size,
                x as f32,
                y + (i as f32 + 0.8) * leading,
                text,
            );
        }
    };
    lines(&mut image, &top, margin, margin as f32);
    let middle_top = margin + top_height;
    lines(
        &mut image,
        &beside,
        margin + block.width + gap,
        middle_top as f32,
    );
    lines(
        &mut image,
        &bottom,
        margin,
        (middle_top + middle) as f32 + leading / 2.0,
    );
    let drawn = draw_block(&mut image, page, fonts, block, (margin, middle_top));
    wear(image, &page.wear, vec![drawn])
}

/// Rotation, blur, noise; the boxes moved with the rotation (each box keeps its size, its
/// centre goes where the rotation takes the board's centre).
fn wear(mut image: GrayImage, wear: &Wear, mut drawn: Vec<Drawn>) -> (GrayImage, Vec<Drawn>) {
    if wear.rotate != 0.0 {
        let theta = wear.rotate.to_radians();
        image = rotate_about_center(
            &image,
            theta,
            Interpolation::Bicubic,
            Border::Constant(Luma([255])),
        );
        let (cx, cy) = (
            f64::from(image.width()) / 2.0,
            f64::from(image.height()) / 2.0,
        );
        let (sin, cos) = f64::from(theta).sin_cos();
        for d in &mut drawn {
            let half = f64::from(d.side) / 2.0;
            let (dx, dy) = (d.x + half - cx, d.y + half - cy);
            d.x = cx + dx * cos - dy * sin - half;
            d.y = cy + dx * sin + dy * cos - half;
        }
    }
    if wear.blur > 0.0 {
        image = gaussian_blur_f32(&image, wear.blur);
    }
    if wear.noise > 0.0 {
        gaussian_noise_mut(&mut image, 0.0, wear.noise, seed());
    }
    if wear.salt > 0.0 {
        salt_and_pepper_noise_mut(&mut image, wear.salt, seed());
    }
    (image, drawn)
}

// ---------------------------------------------------------------------------------------------
// Pages with no board: what a reader must not take for one.

struct Blank {
    name: &'static str,
    dpi: u32,
    jpeg: Option<u8>,
    draw: fn(&Fonts, &mut Rng, u32) -> GrayImage,
}

const BLANKS: [Blank; 5] = [
    Blank {
        name: "no-board-text",
        dpi: 200,
        jpeg: None,
        draw: text_page,
    },
    Blank {
        name: "no-board-crossword",
        dpi: 300,
        jpeg: None,
        draw: crossword,
    },
    Blank {
        name: "no-board-crosstable",
        dpi: 300,
        jpeg: None,
        draw: crosstable,
    },
    Blank {
        name: "no-board-photograph",
        dpi: 200,
        jpeg: Some(70),
        draw: photograph,
    },
    Blank {
        name: "no-board-draughts",
        dpi: 200,
        jpeg: None,
        draw: draughts,
    },
];

/// A page of prose with codes and solutions in it, and no diagram.
fn text_page(fonts: &Fonts, rng: &mut Rng, dpi: u32) -> GrayImage {
    let size = 10.0 / 72.0 * dpi as f32;
    let leading = size * 1.35;
    let (width, margin) = (dpi * 5, dpi / 4);
    let mut lines = Vec::new();
    for _ in 0..4 {
        let board = endgame(rng);
        let (_, caption) = captions(Captions::Eg, &board, rng);
        let deck = deck(rng);
        let (before, after) = (
            paragraph(&deck[..2], None, rng),
            paragraph(&deck[2..4], None, rng),
        );
        let text = format!(
            "{before}In the position {} the solution is {}. {after}",
            caption[0],
            solution(&board, rng)
        );
        lines.extend(wrap(&fonts.text, size, (width - 2 * margin) as f32, &text));
        lines.push(String::new());
    }
    let height = margin * 2 + (lines.len() as f32 * leading) as u32;
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    for (i, line) in lines.iter().enumerate() {
        draw_text(
            &mut image,
            &fonts.text,
            size,
            margin as f32,
            margin as f32 + (i as f32 + 0.8) * leading,
            line,
        );
    }
    image
}

/// Two crossword grids: an 8 by 8 one and a 13 by 13 one, black cells placed with the usual
/// half-turn symmetry (so they never alternate as a chessboard's do), clue numbers in corners.
fn crossword(fonts: &Fonts, rng: &mut Rng, dpi: u32) -> GrayImage {
    let margin = dpi / 5;
    let (small, large) = (dpi / 8, dpi / 9);
    let width = margin * 3 + 8 * small + 13 * large;
    let size = 9.0 / 72.0 * dpi as f32;
    let height = margin * 2 + 13 * large + (size * 2.0) as u32;
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    let mut grid = |image: &mut GrayImage, n: u32, cell: u32, x: u32, y: u32| {
        let mut black = vec![false; (n * n) as usize];
        for i in 0..(n * n).div_ceil(2) {
            if rng.unit() < 0.17 {
                black[i as usize] = true;
                black[(n * n - 1 - i) as usize] = true;
            }
        }
        let mut number = 1;
        for r in 0..n {
            for c in 0..n {
                let (px, py) = (i64::from(x + c * cell), i64::from(y + r * cell));
                if black[(r * n + c) as usize] {
                    fill(image, px, py, i64::from(cell), i64::from(cell), 0);
                } else {
                    let starts = (c == 0 || black[(r * n + c - 1) as usize])
                        || (r == 0 || black[((r - 1) * n + c) as usize]);
                    if starts {
                        let size = cell as f32 * 0.3;
                        draw_text(
                            image,
                            &fonts.text,
                            size,
                            px as f32 + 2.0,
                            py as f32 + size,
                            &number.to_string(),
                        );
                        number += 1;
                    }
                }
            }
        }
        let line = Style::thin(dpi);
        for i in 0..=n {
            let at = i64::from(i * cell);
            fill(
                image,
                i64::from(x) + at,
                i64::from(y),
                i64::from(line),
                i64::from(n * cell + line),
                0,
            );
            fill(
                image,
                i64::from(x),
                i64::from(y) + at,
                i64::from(n * cell + line),
                i64::from(line),
                0,
            );
        }
    };
    grid(&mut image, 8, small, margin, margin);
    grid(&mut image, 13, large, margin * 2 + 8 * small, margin);
    draw_text(
        &mut image,
        &fonts.text,
        size,
        margin as f32,
        (margin + 13 * large) as f32 + size * 1.6,
        "Crossword No. 12: solution next month.",
    );
    image
}

/// A tournament's crosstable: eight players, ruled lines, the diagonal shaded as such tables
/// are, an 8 by 8 block of cells that is no chessboard.
fn crosstable(fonts: &Fonts, rng: &mut Rng, dpi: u32) -> GrayImage {
    const PLAYERS: [&str; 8] = [
        "Alekhine",
        "Bogoljubov",
        "Capablanca",
        "Euwe",
        "Flohr",
        "Kashdan",
        "Maróczy",
        "Nimzowitsch",
    ];
    let size = 8.5 / 72.0 * dpi as f32;
    let (row, cell, name) = (
        (size * 1.8) as u32,
        (size * 1.8) as u32,
        (size * 8.0) as u32,
    );
    let margin = dpi / 5;
    let width = margin * 2 + name + 8 * cell + 2 * cell;
    let height = margin * 2 + 9 * row;
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    let mut results = [[0u32; 8]; 8];
    // Each pair once, the first player's score in half points and the second's the rest.
    for (i, j) in (0..8).flat_map(|i| (i + 1..8).map(move |j| (i, j))) {
        let r = rng.below(3) as u32;
        results[i][j] = r;
        results[j][i] = 2 - r;
    }
    let x0 = margin;
    let y0 = margin;
    let baseline = |r: u32| (y0 + r * row) as f32 + row as f32 * 0.7;
    draw_text(
        &mut image,
        &fonts.text,
        size,
        x0 as f32 + 4.0,
        baseline(0),
        "Player",
    );
    for (j, _) in PLAYERS.iter().enumerate() {
        let centre = (x0 + name + j as u32 * cell) as f32 + cell as f32 / 2.0;
        draw_centred(
            &mut image,
            &fonts.text,
            size,
            centre,
            baseline(0),
            &(j + 1).to_string(),
        );
    }
    draw_centred(
        &mut image,
        &fonts.text,
        size,
        (x0 + name + 8 * cell + cell) as f32,
        baseline(0),
        "Pts",
    );
    for (i, player) in PLAYERS.iter().enumerate() {
        let r = i as u32 + 1;
        draw_text(
            &mut image,
            &fonts.text,
            size,
            x0 as f32 + 4.0,
            baseline(r),
            &format!("{r} {player}"),
        );
        let mut points = 0;
        for (j, &result) in results[i].iter().enumerate() {
            let cx = x0 + name + j as u32 * cell;
            if i == j {
                fill(
                    &mut image,
                    i64::from(cx),
                    i64::from(y0 + r * row),
                    i64::from(cell),
                    i64::from(row),
                    190,
                );
                continue;
            }
            points += result;
            let text = ["0", "½", "1"][result as usize];
            draw_centred(
                &mut image,
                &fonts.text,
                size,
                cx as f32 + cell as f32 / 2.0,
                baseline(r),
                text,
            );
        }
        let total = if points % 2 == 1 {
            format!("{}½", points / 2)
        } else {
            (points / 2).to_string()
        };
        draw_centred(
            &mut image,
            &fonts.text,
            size,
            (x0 + name + 8 * cell + cell) as f32,
            baseline(r),
            &total,
        );
    }
    let line = Style::thin(dpi);
    let right = name + 10 * cell;
    for r in 0..=9 {
        fill(
            &mut image,
            i64::from(x0),
            i64::from(y0 + r * row),
            i64::from(right),
            i64::from(if r == 1 { 2 * line } else { line }),
            0,
        );
    }
    for x in [0, name]
        .into_iter()
        .chain((1..=8).map(|j| name + j * cell))
        .chain([right])
    {
        fill(
            &mut image,
            i64::from(x0 + x),
            i64::from(y0),
            i64::from(line),
            i64::from(9 * row),
            0,
        );
    }
    image
}

/// A "photograph": smooth value noise in four octaves, a vignette and grain, as a JPEG.
fn photograph(fonts: &Fonts, rng: &mut Rng, dpi: u32) -> GrayImage {
    let (width, height) = (dpi * 4, dpi * 3);
    let octaves: Vec<(u32, Vec<f64>)> = [4u32, 8, 16, 32]
        .iter()
        .map(|&n| (n, (0..(n + 1) * (n + 1)).map(|_| rng.unit()).collect()))
        .collect();
    let photo_height = height - dpi / 3;
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    for y in 0..photo_height {
        for x in 0..width {
            let (u, v) = (
                f64::from(x) / f64::from(width),
                f64::from(y) / f64::from(photo_height),
            );
            let mut value = 0.0;
            let mut weight = 0.5;
            for (n, grid) in &octaves {
                let (gx, gy) = (u * f64::from(*n), v * f64::from(*n));
                let (ix, iy) = ((gx as u32).min(n - 1), (gy as u32).min(n - 1));
                let (fx, fy) = (gx - f64::from(ix), gy - f64::from(iy));
                let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
                let at = |i: u32, j: u32| grid[(j * (n + 1) + i) as usize];
                let top = at(ix, iy) * (1.0 - sx) + at(ix + 1, iy) * sx;
                let bottom = at(ix, iy + 1) * (1.0 - sx) + at(ix + 1, iy + 1) * sx;
                value += weight * (top * (1.0 - sy) + bottom * sy);
                weight /= 2.0;
            }
            let vignette = 1.0 - 0.5 * ((u - 0.5).powi(2) + (v - 0.5).powi(2));
            let grey = (40.0 + 200.0 * value * vignette).clamp(0.0, 255.0);
            image.put_pixel(x, y, Luma([grey as u8]));
        }
    }
    gaussian_noise_mut(&mut image, 0.0, 4.0, seed());
    let size = 9.0 / 72.0 * dpi as f32;
    draw_text(
        &mut image,
        &fonts.text,
        size,
        8.0,
        (photo_height as f32) + size * 1.6,
        "The players at the board in the last round, 1936.",
    );
    image
}

/// A draughts diagram: ten by ten squares, men as discs; it alternates as a chessboard does,
/// but it is no 8 by 8 board.
fn draughts(fonts: &Fonts, rng: &mut Rng, dpi: u32) -> GrayImage {
    let square = 30;
    let margin = dpi / 5;
    let side = 10 * square;
    let size = 8.5 / 72.0 * dpi as f32;
    let caption = "White to play and win (draughts)";
    let width = side.max(text_width(&fonts.text, size, caption).ceil() as u32) + 2 * margin;
    let height = side + 2 * margin + dpi / 4;
    let mut image = GrayImage::from_pixel(width, height, Luma([255]));
    for r in 0..10 {
        for c in 0..10 {
            let (x, y) = ((width - side) / 2 + c * square, margin + r * square);
            if (r + c) % 2 == 1 {
                fill(
                    &mut image,
                    i64::from(x),
                    i64::from(y),
                    i64::from(square),
                    i64::from(square),
                    150,
                );
                let centre = ((x + square / 2) as i32, (y + square / 2) as i32);
                let radius = (square * 2 / 5) as i32;
                match rng.below(4) {
                    0 => draw_filled_circle_mut(&mut image, centre, radius, Luma([0])),
                    1 => {
                        draw_filled_circle_mut(&mut image, centre, radius, Luma([255]));
                        draw_hollow_circle_mut(&mut image, centre, radius, Luma([0]));
                    }
                    _ => {}
                }
            }
        }
    }
    ring(
        &mut image,
        ((width - side) / 2, margin),
        side,
        0,
        Style::thin(dpi),
    );
    draw_centred(
        &mut image,
        &fonts.text,
        size,
        width as f32 / 2.0,
        (margin + side) as f32 + size * 1.8,
        caption,
    );
    image
}

// ---------------------------------------------------------------------------------------------
// The word-processor page: an OpenDocument text with boards as tables.

/// A board of the document: a table of `cell` centimetres a square.
struct DocBoard {
    board: Board,
    caption: String,
    /// A square's side in centimetres.
    cell: f32,
    /// The dark squares' grey, as `#rrggbb`.
    dark: &'static str,
    a1_light: bool,
    /// The frame as an OpenDocument border (`0.5pt solid #000000`), or none.
    border: Option<&'static str>,
    /// The first board of a new page.
    new_page: bool,
}

/// The document's pages: how many boards each holds, in order.
const DOCUMENT_PAGES: [usize; 2] = [2, 2];

fn document_boards(rng: &mut Rng) -> Vec<DocBoard> {
    let specs: [(f32, &str, bool, Option<&str>, Captions); 4] = [
        (
            0.7,
            "#b4b4b4",
            false,
            Some("0.5pt solid #000000"),
            Captions::Eg,
        ),
        (
            0.6,
            "#c8c8c8",
            false,
            Some("1.5pt solid #000000"),
            Captions::Eg,
        ),
        (
            0.9,
            "#a0a0a0",
            false,
            Some("2.5pt double #000000"),
            Captions::Plus,
        ),
        (0.5, "#d2d2d2", true, None, Captions::Plus),
    ];
    specs
        .iter()
        .enumerate()
        .map(|(i, &(cell, dark, a1_light, border, style))| {
            let board = endgame(rng);
            let (_, below) = captions(style, &board, rng);
            DocBoard {
                board,
                caption: below.join(" "),
                cell,
                dark,
                a1_light,
                border,
                new_page: i == 2,
            }
        })
        .collect()
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The document as flat OpenDocument XML (`.fodt`), which LibreOffice opens as it opens an
/// `.odt`: A4, DejaVu Sans, each board a table of fixed square cells holding the men as
/// characters (white men the outline glyphs, so a white man on a dark square shows the
/// square's grey inside, as in word-processor diagrams).
fn fodt(boards: &[DocBoard]) -> String {
    let mut styles = String::new();
    let mut body = String::from(
        "<text:h text:style-name=\"Heading\" text:outline-level=\"1\">\
         Study tourney: provisional award</text:h>\n",
    );
    let mut prose_rng = Rng::new(seed() ^ 0xD0C5);
    for (i, doc) in boards.iter().enumerate() {
        let n = i + 1;
        board_styles(&mut styles, n, doc);
        let intro = if doc.new_page { "NewPage" } else { "Body" };
        let text = escape(&prose(&mut prose_rng, 2, None));
        let _ = writeln!(body, "<text:p text:style-name=\"{intro}\">{text}</text:p>");
        let _ = writeln!(
            body,
            "<table:table table:name=\"Board{n}\" table:style-name=\"T{n}\">\
             <table:table-column table:style-name=\"C{n}\" table:number-columns-repeated=\"8\"/>"
        );
        for rank in (0..8u32).rev() {
            let _ = write!(body, "<table:table-row table:style-name=\"R{n}\">");
            for file in 0..8u32 {
                let shade = if ((file + rank) % 2 == 0) != doc.a1_light {
                    "d"
                } else {
                    "l"
                };
                let edges = u8::from(rank == 7)
                    | u8::from(rank == 0) << 1
                    | u8::from(file == 0) << 2
                    | u8::from(file == 7) << 3;
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                let man = doc
                    .board
                    .piece_at(square)
                    .map(|p| man_char(p.color, p.role).to_string())
                    .unwrap_or_default();
                let _ = write!(
                    body,
                    "<table:table-cell table:style-name=\"Q{n}{shade}{edges}\" \
                     office:value-type=\"string\"><text:p text:style-name=\"M{n}\">{man}</text:p>\
                     </table:table-cell>"
                );
            }
            body.push_str("</table:table-row>\n");
        }
        body.push_str("</table:table>\n");
        let caption = escape(&doc.caption);
        let _ = writeln!(
            body,
            "<text:p text:style-name=\"Caption\">{caption}</text:p>"
        );
    }
    format!("{FODT_HEAD}{styles}{FODT_MIDDLE}{body}{FODT_TAIL}")
}

/// The styles of board `n`: its table, columns and rows of `doc.cell` centimetres, the men's
/// paragraph, and a cell style for each shade and each set of outer edges a square can have
/// (bits: top 1, bottom 2, left 4, right 8), which carry the frame.
fn board_styles(styles: &mut String, n: usize, doc: &DocBoard) {
    let cm = doc.cell;
    let width = cm * 8.0;
    let font = (cm / 2.54 * 72.0 * 0.8).round();
    let _ = write!(
        styles,
        r#"<style:style style:name="T{n}" style:family="table">
  <style:table-properties style:width="{width}cm" table:align="center"
    fo:margin-top="0.2cm" fo:margin-bottom="0.15cm"/></style:style>
<style:style style:name="C{n}" style:family="table-column">
  <style:table-column-properties style:column-width="{cm}cm"/></style:style>
<style:style style:name="R{n}" style:family="table-row">
  <style:table-row-properties style:row-height="{cm}cm" style:use-optimal-row-height="false"/>
</style:style>
<style:style style:name="M{n}" style:family="paragraph">
  <style:paragraph-properties fo:text-align="center" fo:margin-top="0cm" fo:margin-bottom="0cm"
    fo:line-height="100%"/>
  <style:text-properties style:font-name="DejaVu Sans" fo:font-size="{font}pt"/></style:style>
"#
    );
    for (shade, background) in [("l", "#ffffff"), ("d", doc.dark)] {
        for edges in [0u8, 1, 2, 4, 8, 5, 9, 6, 10] {
            let mut borders = String::new();
            for (bit, side) in [(1, "top"), (2, "bottom"), (4, "left"), (8, "right")] {
                match doc.border {
                    Some(border) if edges & bit != 0 => {
                        let _ = write!(borders, " fo:border-{side}=\"{border}\"");
                        if border.contains("double") {
                            let widths = "0.03cm 0.03cm 0.05cm";
                            let _ = write!(borders, " style:border-line-width-{side}=\"{widths}\"");
                        }
                    }
                    _ => {
                        let _ = write!(borders, " fo:border-{side}=\"none\"");
                    }
                }
            }
            let _ = writeln!(
                styles,
                "<style:style style:name=\"Q{n}{shade}{edges}\" style:family=\"table-cell\">\
                 <style:table-cell-properties fo:background-color=\"{background}\" \
                 fo:padding=\"0cm\" style:vertical-align=\"middle\"{borders}/></style:style>"
            );
        }
    }
}

/// The document up to its automatic styles: the namespaces, the font, the default paragraph.
const FODT_HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
  xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
  office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>
  <style:font-face style:name="DejaVu Sans" svg:font-family="'DejaVu Sans'"
    style:font-pitch="variable"/>
</office:font-face-decls>
<office:styles>
<style:default-style style:family="paragraph">
  <style:text-properties style:font-name="DejaVu Sans" fo:font-size="10pt" fo:language="en"
    fo:country="GB"/></style:default-style>
</office:styles>
<office:automatic-styles>
<style:page-layout style:name="A4">
  <style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="2cm"
    fo:margin-bottom="2cm" fo:margin-left="2.2cm" fo:margin-right="2.2cm"/></style:page-layout>
<style:style style:name="Heading" style:family="paragraph">
  <style:paragraph-properties fo:margin-bottom="0.4cm"/>
  <style:text-properties fo:font-size="14pt" fo:font-weight="bold"/></style:style>
<style:style style:name="Body" style:family="paragraph">
  <style:paragraph-properties fo:margin-top="0.3cm" fo:margin-bottom="0.2cm"
    fo:text-align="justify"/></style:style>
<style:style style:name="NewPage" style:family="paragraph">
  <style:paragraph-properties fo:break-before="page" fo:margin-bottom="0.2cm"
    fo:text-align="justify"/></style:style>
<style:style style:name="Caption" style:family="paragraph">
  <style:paragraph-properties fo:text-align="center" fo:margin-top="0.1cm"
    fo:margin-bottom="0.3cm"/>
  <style:text-properties fo:font-size="9pt"/></style:style>
"#;

/// Between the boards' styles and the text: the page style and the body's start.
const FODT_MIDDLE: &str = r#"</office:automatic-styles>
<office:master-styles>
  <style:master-page style:name="Standard" style:page-layout-name="A4"/>
</office:master-styles>
<office:body><office:text>
"#;

const FODT_TAIL: &str = "</office:text></office:body>\n</office:document>\n";

/// The boards of the rendered document pages (`document-N.png`, from `boards-pdf.sh`), found
/// by their dark squares: the pixels of a mid grey, in clusters of square-sized blobs. Each
/// page must give the boards the document put on it, each of about its nominal size.
fn measure_document(out: &Path, boards: &[DocBoard]) -> Vec<Row> {
    let mut rows = Vec::new();
    let mut next = boards.iter();
    for (page, &count) in DOCUMENT_PAGES.iter().enumerate() {
        let name = format!("document-{}.png", page + 1);
        let path = out.join(&name);
        let expected: Vec<&DocBoard> = next.by_ref().take(count).collect();
        if !path.exists() {
            eprintln!(
                "{name} not found: benches/tools/boards-pdf.sh makes it; its rows are left out"
            );
            continue;
        }
        let (image, dpi, rgb) = read_png(&path);
        if rgb {
            save(out, &name[..name.len() - 4], &image, dpi, None);
        }
        let dpi = dpi as f32;
        let found = grey_boxes(&image);
        assert_eq!(
            found.len(),
            count,
            "{name}: expected {count} boards, found {found:?}"
        );
        for (index, ((x, y, w, h), doc)) in found.into_iter().zip(expected).enumerate() {
            let nominal = 8.0 * doc.cell / 2.54 * dpi;
            for measured in [w, h] {
                assert!(
                    (measured as f32 - nominal).abs() <= 8.0,
                    "{name}: board {index} measures {w} x {h}, expected about {nominal:.0}"
                );
            }
            rows.push(Row::board(
                name.clone(),
                index,
                (x, y, w, h),
                &doc.board,
                doc.caption.clone(),
            ));
        }
    }
    rows
}

/// A rendered page's grey pixels, its resolution, and whether it was stored as RGB.
/// (pdftoppm 22 writes `-gray -png` pages as RGB with three equal channels.)
fn read_png(path: &Path) -> (GrayImage, u32, bool) {
    let file = fs::File::open(path).expect("open a rendered page");
    let mut decoder = png::Decoder::new(BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().expect("a PNG");
    let dpi = reader
        .info()
        .pixel_dims
        .filter(|d| d.unit == png::Unit::Meter)
        .map_or(150, |d| (f64::from(d.xppu) * 0.0254).round() as u32);
    let mut buf = vec![0; reader.output_buffer_size().expect("a PNG's size")];
    let frame = reader.next_frame(&mut buf).expect("a PNG's pixels");
    let channels = match frame.color_type {
        png::ColorType::Grayscale => 1,
        png::ColorType::Rgb => 3,
        other => panic!("{}: a {other:?} PNG, expected grey or RGB", path.display()),
    };
    let image = GrayImage::from_fn(frame.width, frame.height, |x, y| {
        let at = y as usize * frame.line_size + x as usize * channels;
        let pixel = &buf[at..at + channels];
        assert!(
            pixel.iter().all(|&c| c == pixel[0]),
            "{}: a coloured pixel at ({x}, {y}), expected grey",
            path.display()
        );
        Luma([pixel[0]])
    });
    (image, dpi, channels == 3)
}

/// The boxes of the grey squares' clusters, in reading order: blobs of mid grey (140-225) at
/// least 6 pixels each way, merged while their boxes come within 4 pixels of each other,
/// kept when 60 pixels each way or more.
fn grey_boxes(image: &GrayImage) -> Vec<(u32, u32, u32, u32)> {
    let grey = GrayImage::from_fn(image.width(), image.height(), |x, y| {
        Luma([u8::from((140..=225).contains(&image.get_pixel(x, y).0[0])) * 255])
    });
    let labels = connected_components(&grey, Connectivity::Eight, Luma([0]));
    let mut boxes: std::collections::BTreeMap<u32, (u32, u32, u32, u32)> = Default::default();
    for (x, y, label) in labels.enumerate_pixels() {
        if label.0[0] != 0 {
            let b = boxes.entry(label.0[0]).or_insert((x, y, x, y));
            *b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
    }
    let mut blobs: Vec<(u32, u32, u32, u32)> = boxes
        .into_values()
        .filter(|b| b.2 - b.0 >= 5 && b.3 - b.1 >= 5)
        .collect();
    let near = |a: &(u32, u32, u32, u32), b: &(u32, u32, u32, u32)| {
        a.0 <= b.2 + 4 && b.0 <= a.2 + 4 && a.1 <= b.3 + 4 && b.1 <= a.3 + 4
    };
    loop {
        let mut merged = false;
        'outer: for i in 0..blobs.len() {
            for j in i + 1..blobs.len() {
                if near(&blobs[i], &blobs[j]) {
                    let b = blobs.swap_remove(j);
                    let a = &mut blobs[i];
                    *a = (a.0.min(b.0), a.1.min(b.1), a.2.max(b.2), a.3.max(b.3));
                    merged = true;
                    break 'outer;
                }
            }
        }
        if !merged {
            break;
        }
    }
    let mut found: Vec<(u32, u32, u32, u32)> = blobs
        .into_iter()
        .filter(|b| b.2 - b.0 >= 60 && b.3 - b.1 >= 60)
        .map(|b| (b.0, b.1, b.2 - b.0 + 1, b.3 - b.1 + 1))
        .collect();
    found.sort_by_key(|b| (b.1, b.0));
    found
}

// ---------------------------------------------------------------------------------------------
// Files and truth.

/// Writes `image` as `NAME.png` (grey, 8 bits, its resolution in `pHYs`) or `NAME.jpg` (its
/// resolution in the JFIF header), and returns the file's name.
fn save(out: &Path, name: &str, image: &GrayImage, dpi: u32, jpeg: Option<u8>) -> String {
    let (width, height) = image.dimensions();
    match jpeg {
        Some(quality) => {
            let file = format!("{name}.jpg");
            let mut w = BufWriter::new(fs::File::create(out.join(&file)).expect("create a JPEG"));
            let mut encoder = image::codecs::jpeg::JpegEncoder::new_with_quality(&mut w, quality);
            encoder.set_pixel_density(image::codecs::jpeg::PixelDensity::dpi(dpi as u16));
            encoder
                .encode(image.as_raw(), width, height, image::ExtendedColorType::L8)
                .expect("encode a JPEG");
            w.flush().expect("write a JPEG");
            file
        }
        None => {
            let file = format!("{name}.png");
            let w = BufWriter::new(fs::File::create(out.join(&file)).expect("create a PNG"));
            let mut encoder = png::Encoder::new(w, width, height);
            encoder.set_color(png::ColorType::Grayscale);
            encoder.set_depth(png::BitDepth::Eight);
            encoder.set_compression(png::Compression::High);
            let ppm = (f64::from(dpi) / 0.0254).round() as u32;
            encoder.set_pixel_dims(Some(png::PixelDimensions {
                xppu: ppm,
                yppu: ppm,
                unit: png::Unit::Meter,
            }));
            let mut writer = encoder.write_header().expect("a PNG header");
            writer
                .write_image_data(image.as_raw())
                .expect("a PNG's pixels");
            writer.finish().expect("write a PNG");
            file
        }
    }
}

/// One row of `truth.tsv`.
struct Row {
    file: String,
    /// The board's index in reading order; none for a page without boards.
    board: Option<usize>,
    cells: String,
}

impl Row {
    fn board(
        file: String,
        index: usize,
        (x, y, w, h): (u32, u32, u32, u32),
        board: &Board,
        caption: String,
    ) -> Row {
        let white = board.by_color(Color::White).count();
        let black = board.by_color(Color::Black).count();
        let caption = caption.replace(['\t', '\n'], " ");
        Row {
            file,
            board: Some(index),
            cells: format!("{x}\t{y}\t{w}\t{h}\t{board}\t{white}\t{black}\t{caption}"),
        }
    }

    fn no_board(file: String) -> Row {
        Row {
            file,
            board: None,
            cells: "\t\t\t\t\t\t\t".to_owned(),
        }
    }

    fn write(&self, out: &mut String) {
        let board = self.board.map_or("-".to_owned(), |b| b.to_string());
        let _ = writeln!(out, "{}\t{board}\t{}", self.file, self.cells);
    }
}

fn truth_rows(file: &str, drawn: Vec<Drawn>) -> Vec<Row> {
    drawn
        .into_iter()
        .enumerate()
        .map(|(i, d)| {
            let at = (d.x.round() as u32, d.y.round() as u32, d.side, d.side);
            Row::board(file.to_owned(), i, at, &d.board, d.caption)
        })
        .collect()
}
