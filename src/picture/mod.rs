//! Chess diagrams read from pictures (docs/reading.md, "Diagrams in pictures"): every board
//! printed on a page image (a scanned page, a PDF page rendered, an image file) found
//! ([`find_boards`]) and read square by square ([`FoundBoard::read`]) into a position with
//! where it stands and how sure each square is ([`BoardRead`]).
//!
//! A board is found as one connected blot of ink (its frame and its dark squares), square
//! within a third, turned upright by its skew, its frame measured off; it is kept only when its
//! 64 squares shade as a chessboard's, so text, tables, crosswords and photographs give none.
//! Each square's man is told by his silhouette: whether one stands there, whether he is
//! filled (black) or outlined (white), and which kind's shape is nearest ([`PieceSet`]).
//! A book's own shapes are learned from its captions ([`Book`]), a board never read with what
//! its own caption taught.
//!
//! Boards are read White at the bottom (a8 top left), as studies are printed.

mod find;
mod learn;
mod pieces;
mod squares;

use image::GrayImage;
use shakmaty::{Board, Color, Piece, Role, Square};

pub use learn::{Book, Lessons, Taught, Teaching};
pub use pieces::{PieceSet, ROLES};
pub use squares::{SHAPE_CELLS, SHAPE_LEN, SIZE_WEIGHT, Shape};

use squares::{BLACK_FROM, EMPTY_BELOW, MAN_FROM};

/// A box on a page image, in pixels: its top left corner (0-based, from the page's top left)
/// and its size.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
pub struct PixelBox {
    /// 0-based column of the left edge.
    pub x: u32,
    /// 0-based row of the top edge.
    pub y: u32,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl PixelBox {
    /// True when the two boxes share a pixel.
    pub fn overlaps(&self, other: &PixelBox) -> bool {
        self.x < other.x + other.width
            && other.x < self.x + self.width
            && self.y < other.y + other.height
            && other.y < self.y + self.height
    }
}

/// A page's grey levels: its paper, its ink, and the two thresholds drawn from them.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Levels {
    /// The paper's grey: the commonest level in the brighter half.
    pub paper: u8,
    /// Below this a pixel is ink of a board's frame or dark squares (grey squares included).
    pub threshold: u8,
    /// Below this a pixel is no paper: light grey squares too.
    pub faint: u8,
    /// Below this a pixel is black: a man's ink, not a grey square's.
    pub black: u8,
}

impl Levels {
    /// The levels of `page` from its histogram: the paper the commonest level above 127, the
    /// ink the 0.5th percentile; ink is anything a fifth of the way down from paper to ink,
    /// faint ink anything a twelfth of the way, black anything past half way.
    fn of(page: &GrayImage) -> Levels {
        let mut histogram = [0u64; 256];
        for p in page.pixels() {
            histogram[usize::from(p[0])] += 1;
        }
        let paper = (128..256).max_by_key(|&v| histogram[v]).unwrap_or(255) as u8;
        let total: u64 = histogram.iter().sum();
        let mut seen = 0;
        let mut ink = 0u8;
        for (v, &n) in histogram.iter().enumerate() {
            seen += n;
            if seen * 200 >= total {
                ink = v as u8;
                break;
            }
        }
        let ink = ink.min(paper.saturating_sub(40));
        let span = f32::from(paper - ink);
        Levels {
            paper,
            threshold: (f32::from(paper) - span * 0.2) as u8,
            faint: (f32::from(paper) - span * 0.08) as u8,
            black: (f32::from(paper) - span * 0.5) as u8,
        }
    }
}

/// A board found on a page, its squares measured but not yet named: read it with a
/// [`PieceSet`] ([`FoundBoard::read`]) or teach a [`Book`] with it.
#[derive(Debug, Clone)]
pub struct FoundBoard {
    /// Where its squares stand on the page, frame left out (pixels).
    pub area: PixelBox,
    /// The skew it was printed or scanned with, in degrees, clockwise positive.
    pub skew: f32,
    /// True when its top left square (a8) is the dark one.
    pub reversed_shading: bool,
    squares: Vec<squares::Square>,
}

/// The blur a bitonal page is smoothed with before its boards are looked for, in pixels (the
/// Gaussian's standard deviation): a scan made black and white by dithering prints a grey
/// square as a scatter of dots, which this turns back into a grey, and a hatching drawn in
/// lines stays one (docs/reading.md, "Diagrams in pictures").
const BITONAL_BLUR: f32 = 0.7;

/// Every board on `page`, top to bottom, then left to right: found, turned upright and
/// measured. A page of text, a table, a crossword or a photograph gives none. A bitonal page
/// (all but a hundredth of its pixels black or white: a scan made black and white) is
/// smoothed first (a Gaussian blur of 0.7 pixel).
pub fn find_boards(page: &GrayImage) -> Vec<FoundBoard> {
    let smoothed;
    let page = if bitonal(page) {
        smoothed = imageproc::filter::gaussian_blur_f32(page, BITONAL_BLUR);
        &smoothed
    } else {
        page
    };
    let levels = Levels::of(page);
    find::boards(page, levels)
        .into_iter()
        .map(|found| FoundBoard {
            area: found.area(),
            skew: found.skew,
            reversed_shading: found.reversed_shading,
            squares: squares::squares(&found.enlarged()),
        })
        .collect()
}

/// True when all but a hundredth of `page`'s pixels are black (0) or white (255).
fn bitonal(page: &GrayImage) -> bool {
    let pixels = page.as_raw();
    let between = pixels.iter().filter(|&&v| v != 0 && v != 255).count();
    between * 100 <= pixels.len()
}

/// A board read from a picture.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardRead {
    /// The men read on it (White at the bottom).
    pub board: Board,
    /// Where its squares stand on the page, frame left out (pixels).
    pub area: PixelBox,
    /// The skew it was printed or scanned with, in degrees, clockwise positive.
    pub skew: f32,
    /// How sure each square's reading is, 0 to 100, indexed by square (a1 = 0, b1 = 1 … h8 =
    /// 63): the least of its margins (a man or none, his colour, his kind against the next
    /// nearest).
    pub sureness: [u8; 64],
    /// True when its top left square (a8) is the dark one.
    pub reversed_shading: bool,
}

impl BoardRead {
    /// The men of each colour, kings included: the W and B of W/B.
    pub fn men(&self) -> (u32, u32) {
        (
            self.board.by_color(Color::White).count() as u32,
            self.board.by_color(Color::Black).count() as u32,
        )
    }

    /// The squares read with a sureness under `below`, a1 first.
    pub fn unsure(&self, below: u8) -> Vec<Square> {
        Square::ALL
            .into_iter()
            .filter(|s| self.sureness[usize::from(*s)] < below)
            .collect()
    }

    /// The board as eight lines of text in the picture font of gbr-notation.md §7's form
    /// (`diagram::font::PICTURE`): rank 8 first, each `9`, eight squares, `0` and a line feed;
    /// `K Q R B N P` White, lower case Black, after `*` on a dark square, `.` an empty light
    /// square and `:` an empty dark one. The scan reads it back as the caption's diagram.
    pub fn text(&self) -> String {
        let mut out = String::with_capacity(8 * 20);
        for rank in (0..8u32).rev() {
            out.push('9');
            for file in 0..8u32 {
                let square =
                    Square::from_coords(shakmaty::File::new(file), shakmaty::Rank::new(rank));
                // a1 (file 0, rank 0) is dark unless the shading is reversed.
                let dark = (file + rank) % 2 == u32::from(self.reversed_shading);
                match self.board.piece_at(square) {
                    Some(man) => {
                        if dark {
                            out.push('*');
                        }
                        out.push(man.char());
                    }
                    None => out.push(if dark { ':' } else { '.' }),
                }
            }
            out.push_str("0\n");
        }
        out
    }

    /// The least sureness of any square.
    pub fn least_sure(&self) -> u8 {
        self.sureness.iter().copied().min().unwrap_or(0)
    }
}

/// What one square holds: a man and how sure, the kind's distances kept for the kings' rule.
struct Read {
    man: Option<Piece>,
    sure: f32,
    distances: [f32; 6],
    /// How far the man's darkness lies from the board's cut (0 for no man): the nearer, the
    /// likelier his colour is misread.
    colour_margin: f32,
}

impl FoundBoard {
    /// The board's men named with `set`: a man where a silhouette covers enough of the square,
    /// black where it is filled (where that is in doubt, of the colour of the nearest men of
    /// his shape, if they say so clearly), of the kind whose shape is nearest, but no pawn on the first
    /// or last rank (a man read as one there takes the nearest other kind); then the kings'
    /// colours (two kings of one colour and none of the other: the least sure one is the
    /// other side's); then one king a side (the man nearest a king's shape where none or
    /// several were read).
    pub fn read(&self, set: &PieceSet) -> BoardRead {
        let cuts = self.cuts();
        let mut reads: Vec<Read> = self
            .squares
            .iter()
            .map(|s| read_square(s, set, cuts))
            .collect();
        // No pawn stands on the first or the last rank: a man read as one there is of the
        // nearest other kind.
        let (last, rest) = reads.split_at_mut(8);
        for read in last.iter_mut().chain(&mut rest[48..]) {
            if let Some(man) = read.man.filter(|m| m.role == Role::Pawn) {
                let (role, sure) = nearest(&read.distances, Some(Role::Pawn));
                read.man = Some(Piece { role, ..man });
                read.sure = read.sure.min(sure).min(0.5);
            }
        }
        kings_colour(&mut reads);
        for color in [Color::White, Color::Black] {
            one_king(&mut reads, color);
        }
        let mut board = Board::empty();
        let mut sureness = [100u8; 64];
        for (index, read) in reads.iter().enumerate() {
            // Index a8 first, rank by rank; the square's own index a1 first.
            let square = Square::from_coords(
                shakmaty::File::new((index % 8) as u32),
                shakmaty::Rank::new(7 - (index / 8) as u32),
            );
            if let Some(man) = read.man {
                board.set_piece_at(square, man);
            }
            sureness[usize::from(square)] = (read.sure.clamp(0.0, 1.0) * 100.0).round() as u8;
        }
        BoardRead {
            board,
            area: self.area,
            skew: self.skew,
            sureness,
            reversed_shading: self.reversed_shading,
        }
    }

    /// The squares as measured, a8 first, rank by rank.
    pub(crate) fn measured(&self) -> &[squares::Square] {
        &self.squares
    }

    /// The board's own cuts: the cover from which a square holds a man (just above the empty
    /// squares' covers), and the core from which a man is black (where the men's cores split
    /// best in two); the fixed cuts where no gap is clear. A board's rendering, scan and font
    /// set both, so neither is fixed for all.
    pub(crate) fn cuts(&self) -> Cuts {
        let covers: Vec<f32> = self.squares.iter().map(|s| s.cover).collect();
        let man = above_empty(covers).unwrap_or(MAN_FROM);
        let men: Vec<&squares::Square> = self.squares.iter().filter(|s| s.cover >= man).collect();
        let darkness = Darkness::of(&men);
        let black = split(
            men.iter().map(|s| darkness.of_square(s)).collect(),
            (0.4, 1.6),
            0.05,
        )
        .unwrap_or(BLACK_FROM);
        Cuts {
            man,
            black,
            darkness,
        }
    }
}

/// How dark a man is, 0 to 2: the ink at his heart (0 to 1) plus the depth of his core on
/// the board's scale, from its least deep man (0) to its deepest (1), logarithmic. A black
/// man is filled and deep; a white man's outline is thin, however heavy the board's lines.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Darkness {
    least: f32,
    span: f32,
}

impl Darkness {
    fn of(men: &[&squares::Square]) -> Darkness {
        let ln = |s: &&squares::Square| s.core.max(0.005).ln();
        let least = men.iter().map(ln).fold(f32::MAX, f32::min);
        let most = men.iter().map(ln).fold(f32::MIN, f32::max);
        Darkness {
            least: if least == f32::MAX { 0.0 } else { least },
            span: (most - least).max(0.1),
        }
    }

    fn of_square(&self, square: &squares::Square) -> f32 {
        let depth = ((square.core.max(0.005).ln() - self.least) / self.span).clamp(0.0, 1.0);
        square.fill + depth
    }
}

/// A board's cuts ([`FoundBoard::cuts`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cuts {
    /// The cover from which a square holds a man.
    pub man: f32,
    /// The darkness from which a man is black.
    pub black: f32,
    /// The board's scale of darkness.
    pub darkness: Darkness,
}

/// The cover from which a square holds a man: the middle of the first gap of 0.05 or more
/// between the squares' covers, from the 32nd least up (a board holds 32 men at most, so at
/// least half its squares are empty, and the empty ones' covers lie together near 0), or 0.3
/// where the gap reaches past 0.3 (a scan's hatched squares spread up to 0.12, its men start
/// at 0.55), when that lies between 0.05 and 0.3.
fn above_empty(mut covers: Vec<f32>) -> Option<f32> {
    covers.sort_by(f32::total_cmp);
    covers
        .get(31..)?
        .windows(2)
        .find(|w| w[1] - w[0] >= 0.05)
        .map(|w| ((w[0] + w[1]) / 2.0).min(0.3).max(w[0] + 0.025))
        .filter(|cut| (0.05..=0.3).contains(cut))
}

/// Where `values` split best in two (Otsu's rule on the values themselves: the split that
/// makes the two groups' means furthest apart, weighted by their sizes), as the middle of the
/// gap at the split, when that middle falls in `range` and the gap is at least `least` wide.
fn split(mut values: Vec<f32>, range: (f32, f32), least: f32) -> Option<f32> {
    values.sort_by(f32::total_cmp);
    let n = values.len() as f32;
    let total: f32 = values.iter().sum();
    let mut below = 0.0;
    let mut best: Option<(f32, f32)> = None;
    for k in 1..values.len() {
        below += values[k - 1];
        let (low, high) = (values[k - 1], values[k]);
        let middle = (low + high) / 2.0;
        if high - low < least || !(range.0..=range.1).contains(&middle) {
            continue;
        }
        let (w0, w1) = (k as f32, n - k as f32);
        let spread = w0 * w1 * (below / w0 - (total - below) / w1).powi(2);
        if best.is_none_or(|b| spread > b.0) {
            best = Some((spread, middle));
        }
    }
    best.map(|b| b.1)
}

/// The margin of darkness (from the board's cut) under which a man's colour is also asked of
/// his shape ([`PieceSet::by_colour`]): a black man of thin strokes (a queen's crown) is no
/// darker than a white bishop of heavy lines (docs/reading.md, "Naming a man").
const COLOUR_DOUBT: f32 = 0.5;

/// How much a margin of darkness weighs against the shape: a man takes the other colour when
/// the nearest man seen of that colour is nearer than the nearest of his own by a factor of
/// e^(2.5 × margin) or more (1.28 at a margin of 0.1, 2.7 at 0.4).
const SHAPE_OVER_DARKNESS: f32 = 2.5;

/// How sure a man's colour is when his shape turned it against his darkness: under the 50 a
/// board needs to be written into a text (docs/reading.md, "Only sure boards"), since the two
/// cues disagree (on the pages drawn in a font the set has not seen, read as one book, two
/// boards written so were wrong, each a white queen turned black).
const FLIPPED_SURE: f32 = 0.45;

fn read_square(square: &squares::Square, set: &PieceSet, cuts: Cuts) -> Read {
    let empty_below = EMPTY_BELOW.min(cuts.man * 0.5);
    if square.cover < cuts.man {
        let sure = if square.cover < empty_below {
            1.0
        } else {
            (cuts.man - square.cover) / (cuts.man - empty_below)
        };
        return Read {
            man: None,
            sure,
            distances: [f32::MAX; 6],
            colour_margin: 0.0,
        };
    }
    let occupied = ((square.cover - empty_below) / (cuts.man - empty_below)).min(1.0);
    let darkness = cuts.darkness.of_square(square);
    let mut color = if darkness >= cuts.black {
        Color::Black
    } else {
        Color::White
    };
    let margin = (darkness - cuts.black).abs();
    let mut colour_sure = (margin / 0.2).min(1.0);
    // One pass over the set: the nearest man of each colour and kind.
    let by_colour = set.by_colour(&square.shape, square.dark);
    let distances: [f32; 6] = std::array::from_fn(|r| by_colour[0][r].min(by_colour[1][r]));
    // A colour in doubt is asked of the shape too, where the set has seen men of both.
    if margin < COLOUR_DOUBT {
        let nearest = by_colour.map(|d| d.into_iter().fold(f32::MAX, f32::min));
        let (own, other) = match color {
            Color::White => (nearest[0], nearest[1]),
            Color::Black => (nearest[1], nearest[0]),
        };
        if own < f32::MAX && other < own * (-SHAPE_OVER_DARKNESS * margin).exp() {
            color = !color;
            colour_sure = colour_sure.min(FLIPPED_SURE);
        }
    }
    let (role, kind_sure) = nearest(&distances, None);
    Read {
        man: Some(Piece { color, role }),
        sure: occupied.min(colour_sure).min(kind_sure),
        distances,
        colour_margin: margin,
    }
}

/// The nearest kind, leaving out `except`, and the margin to the next as a sureness (0 to 1).
fn nearest(distances: &[f32; 6], except: Option<Role>) -> (Role, f32) {
    let mut order: Vec<usize> = (0..6).filter(|&i| Some(ROLES[i]) != except).collect();
    order.sort_by(|&a, &b| distances[a].total_cmp(&distances[b]));
    let best = distances[order[0]];
    let next = order.get(1).map_or(f32::MAX, |&i| distances[i]);
    let sure = if next >= f32::MAX || best >= f32::MAX {
        0.5
    } else {
        ((next - best) / (next + best).max(1e-6) * 3.0).min(1.0)
    };
    (ROLES[order[0]], sure)
}

/// Where one side's men were read with two kings or more and the other's with none, the king
/// whose colour was the least sure is the other side's: a king's shape is the surest of all,
/// and the likelier misreading is of his colour (a black king's thin cross read white;
/// docs/reading.md, "Naming a man").
fn kings_colour(reads: &mut [Read]) {
    let kings = |reads: &[Read], color: Color| -> Vec<usize> {
        (0..reads.len())
            .filter(|&i| reads[i].man == Some(color.king()))
            .collect()
    };
    for color in [Color::White, Color::Black] {
        let own = kings(reads, color);
        if own.len() < 2 || !kings(reads, !color).is_empty() {
            continue;
        }
        let Some(&least) = own
            .iter()
            .min_by(|&&a, &&b| reads[a].colour_margin.total_cmp(&reads[b].colour_margin))
        else {
            continue;
        };
        reads[least].man = Some((!color).king());
        reads[least].sure = reads[least].sure.min(0.5);
        return;
    }
}

/// One king of `color`: of several read, the one nearest a king's shape stays and the others
/// take their next kind; with none read, the man of that colour nearest a king's shape
/// becomes one (a board without a man of that colour keeps none).
fn one_king(reads: &mut [Read], color: Color) {
    let king_distance = |r: &Read| r.distances[0];
    let of_color: Vec<usize> = (0..reads.len())
        .filter(|&i| reads[i].man.is_some_and(|m| m.color == color))
        .collect();
    let Some(&best) = of_color
        .iter()
        .min_by(|&&a, &&b| king_distance(&reads[a]).total_cmp(&king_distance(&reads[b])))
    else {
        return;
    };
    for &i in &of_color {
        let is_king = reads[i].man.is_some_and(|m| m.role == Role::King);
        if i == best && !is_king {
            reads[i].man = Some(color.king());
            reads[i].sure = reads[i].sure.min(0.5);
        } else if i != best && is_king {
            let (role, sure) = nearest(&reads[i].distances, Some(Role::King));
            reads[i].man = Some(Piece { color, role });
            reads[i].sure = reads[i].sure.min(sure).min(0.5);
        }
    }
}

#[cfg(test)]
mod tests;
