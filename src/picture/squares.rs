//! What each square of a found board shows (docs/reading.md, "Diagrams in pictures"): how much
//! of it a man covers, how dark that man is, and his outline as a shape to match.
//!
//! A dark square's hatching or grey is not a man: each pixel is judged by the share of ink
//! around it (a window of a fifth of a square, wider than a hatching's period), against the
//! same share on the board's empty squares of that colour. What differs from that background
//! is the man's silhouette, its holes filled (a white man's white inside on a light square).
//! The ink at its heart and the depth of its ink (the distance from an ink pixel to the
//! nearest bare one) tell a black man (filled) from a white one (outlined), on the board's own
//! scale (`FoundBoard::cuts`).

use image::GrayImage;
use imageproc::distance_transform::{Norm, distance_transform};

use super::find::{Found, ink_mask};

/// The side of a man's shape, in cells: his silhouette's box resampled to 12 × 12.
pub const SHAPE_SIDE: usize = 12;

/// The cells of one map of a [`Shape`].
pub const SHAPE_CELLS: usize = SHAPE_SIDE * SHAPE_SIDE;

/// The length of a [`Shape`]: the silhouette's cells, the ink's cells, then his box's width,
/// height and area against the square's.
pub const SHAPE_LEN: usize = 2 * SHAPE_CELLS + 3;

/// A man's outline and drawing: the share of each cell of his silhouette's box that the
/// silhouette covers, the share of each cell that is black ink (the strokes inside: a king's
/// cross, a bishop's slit), then the box's width and height and the silhouette's area as
/// shares of the square (each weighted by [`SIZE_WEIGHT`] in a distance).
pub type Shape = [f32; SHAPE_LEN];

/// The weight of a man's size against his outline's cells: a pawn and a knight outline alike
/// once their boxes are scaled to one size, and differ by a fifth of a square in height.
pub const SIZE_WEIGHT: f32 = 3.0;

/// One square as read.
#[derive(Debug, Clone)]
pub(crate) struct Square {
    /// The share of the square's inner area the silhouette covers.
    pub cover: f32,
    /// The deepest ink on the square: the greatest distance from an ink pixel to a bare one
    /// (chessboard distance), against the square's side. A black man's body is ink through;
    /// a white man's outline and a hatching's lines are thin.
    pub core: f32,
    /// The share of black ink at the silhouette's heart (the middle half of its box each way):
    /// a black man is filled, a white man bare inside his outline.
    pub fill: f32,
    /// The silhouette's shape (meaningful when `cover` says a man stands here).
    pub shape: Shape,
    /// True for a dark square.
    pub dark: bool,
}

/// The least cover of a square a man is read on; below [`EMPTY_BELOW`] the square is surely
/// empty, and between the two unsure.
pub const MAN_FROM: f32 = 0.09;

/// The cover below which a square is surely empty.
pub const EMPTY_BELOW: f32 = 0.04;

/// The darkness (a man's heart's ink plus his core's depth on the board's scale, 0 to 2) from
/// which a man is black where a board's men do not split clearly.
pub const BLACK_FROM: f32 = 1.0;

/// The 64 squares of `found`, a8 first, rank by rank (index = row from the top × 8 + file).
pub(crate) fn squares(found: &Found) -> Vec<Square> {
    let mask = ink_mask(&found.crop, found.black);
    let (sx, sy) = found.square();
    let side = sx.min(sy);
    let window = ((side / 5.0).round() as u32).max(3) | 1;
    let density = Density::new(&mask, window);
    // Each ink pixel's distance to the nearest bare one: a black man holds a thick core of ink,
    // a white man's outline and the hatching's lines none.
    let bare = GrayImage::from_fn(mask.width(), mask.height(), |x, y| {
        image::Luma([255 - mask.get_pixel(x, y)[0]])
    });
    let depth = distance_transform(&bare, Norm::LInf);
    let [l, t, _, _] = found.grid;
    // A square's box, inset by `by` pixels each side.
    let square_box = |index: usize, by: f32| {
        let (row, file) = (index / 8, index % 8);
        let x0 = (l + file as f32 * sx + by).round() as u32;
        let y0 = (t + row as f32 * sy + by).round() as u32;
        let x1 = (l + (file + 1) as f32 * sx - by).round() as u32;
        let y1 = (t + (row + 1) as f32 * sy - by).round() as u32;
        (x0, y0, x1.min(mask.width()), y1.min(mask.height()))
    };
    // Each square's inner area, past the lines between squares and far enough in that the
    // window about each pixel stays on the square (a grid two pixels off included).
    let inset = (side * 0.06).max((window / 2 + 2) as f32);
    let inner = |index: usize| square_box(index, inset);
    // Each square's whole area but a pixel or two past the lines between squares.
    let whole = |index: usize| square_box(index, (side * 0.06).max(2.0));
    let dark_of =
        |index: usize| (index / 8 + index % 8) % 2 == usize::from(!found.reversed_shading);
    // The background of each colour: the median density over its squares' inner areas (most
    // squares are empty, so the median is an empty square's).
    let mut medians = [Vec::new(), Vec::new()];
    for index in 0..64 {
        let (x0, y0, x1, y1) = inner(index);
        medians[usize::from(dark_of(index))].push(density.mean(x0, y0, x1, y1));
    }
    let background = medians.map(|mut m| {
        m.sort_by(f32::total_cmp);
        m.get(m.len() / 2).copied().unwrap_or(0.0)
    });
    let (levels, spread) = square_greys(found, &inner, &dark_of);
    let greys = two_greys(found, levels).map(|apart| (levels, apart));
    // Dark squares of an even grey (their quartiles 24 levels apart or less: a grey tint, or a
    // hatching blurred into one) on a board of paper light squares: a man on one is what
    // differs from that grey by half the way to the paper, either way (a blurred white man's
    // inside is paper, his outline darker than the grey).
    let paper = i32::from(found.paper);
    let even_dark = (greys.is_none() && spread[1] <= 24 && paper - i32::from(levels[1]) >= 24)
        .then(|| ((paper - i32::from(levels[1])) / 2).max(12));
    // On a light square, a man's grey strokes (a thin outline blurred, or drawn small) are
    // ink from half the way between the square's grey and black. Not on a dark square read
    // as a light one: a hatching of grey lines would be men.
    let faint = levels[0] - levels[0].saturating_sub(found.black) / 2;
    // A board of two greys judges its pixels by their grey alone.
    let hollows = greys
        .is_none()
        .then(|| Hollows::of(&mask, &inner, &dark_of, side))
        .flatten();
    (0..64)
        .map(|index| {
            // Dark squares whose hatching or grey is too light to be black read as light ones.
            let dark = dark_of(index) && background[1] > 0.1;
            let (x0, y0, x1, y1) = inner(index);
            let colour = usize::from(dark_of(index));
            // A hatching too sparse for hollows (its gaps wider than a seventh of a square):
            // a white man's inside is what his outline encloses.
            let enclosed = (dark && greys.is_none() && hollows.is_none())
                .then(|| Enclosed::of(&mask, whole(index), side));
            let man = |px: u32, py: u32| match greys {
                // Squares of two greys: what differs from the square's grey either way is a
                // man (a white man drawn without outline is paper on grey).
                Some((levels, apart)) => {
                    let v = i32::from(found.crop.get_pixel(px, py)[0]);
                    (v - i32::from(levels[colour])).abs() > apart
                }
                None => {
                    let d = density.at(px, py);
                    // On a light square ink where the paper is bare (a thin outline is ink
                    // though its window is mostly bare); on a dark one, a share of ink far
                    // from the hatching's or the grey's, either way (a white man's inside is
                    // bare, a black man's filled).
                    if dark {
                        (d - background[colour]).abs()
                            > (background[colour] * 0.85).clamp(0.12, 0.2)
                            || hollows.as_ref().is_some_and(|h| h.man(px, py))
                            || enclosed.as_ref().is_some_and(|e| e.man(px, py))
                    } else {
                        d - background[colour] > 0.12
                            || mask.get_pixel(px, py)[0] != 0
                            || (colour == 0 && found.crop.get_pixel(px, py)[0] < faint)
                            || (colour == 1
                                && even_dark.is_some_and(|apart| {
                                    let v = i32::from(found.crop.get_pixel(px, py)[0]);
                                    (v - i32::from(levels[1])).abs() > apart
                                }))
                    }
                }
            };
            read_square(&mask, &depth, (x0, y0, x1, y1), man, side, dark)
        })
        .collect()
}

/// The bare hollows of a hatched board's dark squares: a white man's inside is paper wider than
/// the hatching's gaps, so on a square of fine lines (or dots) his body shows as bare pixels
/// farther from any ink than the gaps allow, however little his outline changes the share of
/// ink about it (a small man on a dense hatching).
struct Hollows {
    /// Each pixel's distance (chessboard) to the nearest pixel of a hollow: 0 in one.
    near: GrayImage,
    /// The depth a hollow starts at: a pixel within it of a hollow, or a pixel more (the first
    /// of his outline's ink), belongs to the man, so that the hollow grown back takes in his
    /// outline as a light square's silhouette does.
    reach: u8,
}

impl Hollows {
    /// The hollows of the board whose ink is `mask`, when its dark squares are hatched: their
    /// bare pixels lie within a seventh of a square of ink (the median over the dark squares of
    /// the farthest a bare pixel lies from ink); a hollow is bare deeper than that by a pixel
    /// and more. `None` for a board whose dark squares are not so (paper or solid ink).
    fn of(
        mask: &GrayImage,
        inner: &dyn Fn(usize) -> (u32, u32, u32, u32),
        dark_of: &dyn Fn(usize) -> bool,
        side: f32,
    ) -> Option<Hollows> {
        // Each pixel's distance to the nearest ink.
        let bare = distance_transform(mask, Norm::LInf);
        let mut gaps: Vec<u8> = (0..64)
            .filter(|&i| dark_of(i))
            .map(|i| {
                let (x0, y0, x1, y1) = inner(i);
                let mut deepest = 0u8;
                for y in y0..y1.min(bare.height()) {
                    for x in x0..x1.min(bare.width()) {
                        deepest = deepest.max(bare.get_pixel(x, y)[0]);
                    }
                }
                deepest
            })
            .collect();
        gaps.sort_unstable();
        let gap = *gaps.get(gaps.len() / 2)?;
        if gap == 0 || f32::from(gap) > side / 7.0 {
            return None;
        }
        let reach = gap + 1;
        let hollow = GrayImage::from_fn(mask.width(), mask.height(), |x, y| {
            let deep = bare.get_pixel(x, y)[0] > reach;
            image::Luma([if deep { 255 } else { 0 }])
        });
        Some(Hollows {
            near: distance_transform(&hollow, Norm::LInf),
            reach,
        })
    }

    /// True when `(x, y)` is in a hollow, within its reach of one, or a pixel past that.
    fn man(&self, x: u32, y: u32) -> bool {
        self.near.get_pixel(x, y)[0] <= self.reach + 1
    }
}

/// The paper a man's outline encloses on a hatched square: the bare pixels of the square that
/// cannot reach its edge without crossing ink, in regions of at least a twenty-fifth of the
/// square (a hatching's lines run edge to edge and enclose nothing; crossed lines enclose cells
/// smaller than that), grown by a pixel so that they take in the outline.
struct Enclosed {
    at: (u32, u32),
    width: u32,
    inside: Vec<bool>,
}

impl Enclosed {
    /// The enclosed paper of the box `[x0, x1) × [y0, y1)` of `mask` (a square of `side`
    /// pixels, its lines left out).
    fn of(mask: &GrayImage, (x0, y0, x1, y1): (u32, u32, u32, u32), side: f32) -> Enclosed {
        let (w, h) = (
            x1.saturating_sub(x0) as usize,
            y1.saturating_sub(y0) as usize,
        );
        let ink = |i: usize| mask.get_pixel(x0 + (i % w) as u32, y0 + (i / w) as u32)[0] != 0;
        let neighbours = |i: usize| {
            let (x, y) = (i % w, i / w);
            [
                (x > 0).then(|| i - 1),
                (x + 1 < w).then(|| i + 1),
                (y > 0).then(|| i - w),
                (y + 1 < h).then(|| i + w),
            ]
        };
        let on_edge = |i: usize| i.is_multiple_of(w) || i % w == w - 1 || i < w || i / w == h - 1;
        let least = ((side * side) / 25.0) as usize;
        // Each region of bare pixels in turn (4-connected): enclosed when it touches no edge.
        let mut seen = vec![false; w * h];
        let mut inside = vec![false; w * h];
        let mut stack = Vec::new();
        for start in 0..w * h {
            if seen[start] || ink(start) {
                continue;
            }
            seen[start] = true;
            stack.push(start);
            let (mut region, mut open) = (Vec::new(), false);
            while let Some(i) = stack.pop() {
                region.push(i);
                open |= on_edge(i);
                for n in neighbours(i).into_iter().flatten() {
                    if !seen[n] && !ink(n) {
                        seen[n] = true;
                        stack.push(n);
                    }
                }
            }
            if !open && region.len() >= least {
                for i in region {
                    inside[i] = true;
                    for n in neighbours(i).into_iter().flatten() {
                        inside[n] = true;
                    }
                }
            }
        }
        Enclosed {
            at: (x0, y0),
            width: w as u32,
            inside,
        }
    }

    /// True when `(x, y)` is in an enclosed region or on its edge.
    fn man(&self, x: u32, y: u32) -> bool {
        let (Some(dx), Some(dy)) = (x.checked_sub(self.at.0), y.checked_sub(self.at.1)) else {
            return false;
        };
        dx < self.width
            && self
                .inside
                .get(dy as usize * self.width as usize + dx as usize)
                .copied()
                .unwrap_or(false)
    }
}

/// The greys of the board's light and dark squares, `[light, dark]`: each colour's median
/// over its squares' inner areas (most squares are empty), and the spread between its first
/// and third quartiles (a hatching's lines and gaps spread far, an even grey little).
fn square_greys(
    found: &Found,
    inner: &dyn Fn(usize) -> (u32, u32, u32, u32),
    dark_of: &dyn Fn(usize) -> bool,
) -> ([u8; 2], [u8; 2]) {
    let mut values = [Vec::new(), Vec::new()];
    for index in 0..64 {
        let (x0, y0, x1, y1) = inner(index);
        let colour = usize::from(dark_of(index));
        for y in y0..y1.min(found.crop.height()) {
            for x in x0..x1.min(found.crop.width()) {
                values[colour].push(found.crop.get_pixel(x, y)[0]);
            }
        }
    }
    let quartiles = values.map(|mut v| {
        v.sort_unstable();
        let at = |k: usize| v.get(v.len() * k / 4).copied().unwrap_or(255);
        (at(2), at(3).saturating_sub(at(1)))
    });
    (quartiles.map(|q| q.0), quartiles.map(|q| q.1))
}

/// How far from its square's grey a pixel must be to be a man's, when the light squares (their
/// grey and the dark squares' as [`square_greys`] gives them) are printed grey too (darker than
/// the paper by 24 levels or more, as a drawing's squares of two greys are); `None` for a board
/// whose light squares are the paper.
fn two_greys(found: &Found, [light, dark]: [u8; 2]) -> Option<i32> {
    if i32::from(found.paper) - i32::from(light) < 24 || dark >= light {
        return None;
    }
    // Half the way from the light squares' grey to the paper: a white man is paper.
    Some(((i32::from(found.paper) - i32::from(light)) / 2).max(12))
}

/// One square's silhouette, cover, fill and shape.
fn read_square(
    mask: &GrayImage,
    depth: &GrayImage,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
    man: impl Fn(u32, u32) -> bool,
    side: f32,
    dark: bool,
) -> Square {
    let (w, h) = (
        (x1.saturating_sub(x0)) as usize,
        (y1.saturating_sub(y0)) as usize,
    );
    let mut silhouette = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            silhouette[y * w + x] = man(x0 + x as u32, y0 + y as u32);
        }
    }
    fill_holes(&mut silhouette, w, h);
    let ink: Vec<bool> = (0..w * h)
        .map(|i| mask.get_pixel(x0 + (i % w) as u32, y0 + (i / w) as u32)[0] != 0)
        .collect();
    let area = silhouette.iter().filter(|&&s| s).count();
    let cover = area as f32 / (w * h).max(1) as f32;
    let mut deepest = 0u8;
    for y in y0..y1 {
        for x in x0..x1 {
            deepest = deepest.max(depth.get_pixel(x, y)[0]);
        }
    }
    // The ink at the silhouette's heart: the middle half of its box each way, where a white
    // man is bare inside his outline and a black man filled.
    let (mut heart, mut inked) = (0u32, 0u32);
    if let Some((bx0, by0, bx1, by1)) = extent(&silhouette, w) {
        let (qx, qy) = ((bx1 - bx0) / 4, (by1 - by0) / 4);
        for y in by0 + qy..by1 - qy {
            for x in bx0 + qx..bx1 - qx {
                if silhouette[y * w + x] {
                    heart += 1;
                    inked += u32::from(ink[y * w + x]);
                }
            }
        }
    }
    Square {
        cover,
        fill: inked as f32 / heart.max(1) as f32,
        core: f32::from(deepest) / side,
        shape: shape_of(&silhouette, &ink, w, side),
        dark,
    }
}

/// Marks as silhouette every pixel that cannot be reached from the area's edge without
/// crossing it: the holes of an outline.
fn fill_holes(silhouette: &mut [bool], w: usize, h: usize) {
    let mut outside = vec![false; w * h];
    let mut stack: Vec<usize> = Vec::new();
    for x in 0..w {
        stack.push(x);
        stack.push((h.saturating_sub(1)) * w + x);
    }
    for y in 0..h {
        stack.push(y * w);
        stack.push(y * w + w.saturating_sub(1));
    }
    while let Some(i) = stack.pop() {
        if i >= silhouette.len() || outside[i] || silhouette[i] {
            continue;
        }
        outside[i] = true;
        let (x, y) = (i % w, i / w);
        if x > 0 {
            stack.push(i - 1);
        }
        if x + 1 < w {
            stack.push(i + 1);
        }
        if y > 0 {
            stack.push(i - w);
        }
        if y + 1 < h {
            stack.push(i + w);
        }
    }
    for (s, o) in silhouette.iter_mut().zip(outside) {
        *s = *s || !o;
    }
}

/// The box of the silhouette's pixels (`w` a row): left, top, right and bottom, the last two
/// past its end; `None` for no pixel.
fn extent(silhouette: &[bool], w: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, _) in silhouette.iter().enumerate().filter(|(_, s)| **s) {
        let (x, y) = (i % w, i / w);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x + 1);
        y1 = y1.max(y + 1);
    }
    (x0 < x1 && y0 < y1).then_some((x0, y0, x1, y1))
}

/// The silhouette's box resampled to [`SHAPE_SIDE`] cells a side, then its size.
fn shape_of(silhouette: &[bool], ink: &[bool], w: usize, side: f32) -> Shape {
    let mut shape = [0f32; SHAPE_LEN];
    let Some((x0, y0, x1, y1)) = extent(silhouette, w) else {
        return shape;
    };
    let (bw, bh) = (x1 - x0, y1 - y0);
    let mut counts = [(0u32, 0u32, 0u32); SHAPE_CELLS];
    for y in y0..y1 {
        for x in x0..x1 {
            let cx = (x - x0) * SHAPE_SIDE / bw;
            let cy = (y - y0) * SHAPE_SIDE / bh;
            let c = &mut counts[cy * SHAPE_SIDE + cx];
            c.2 += 1;
            c.0 += u32::from(silhouette[y * w + x]);
            c.1 += u32::from(ink[y * w + x]);
        }
    }
    for (i, (on, inked, all)) in counts.into_iter().enumerate() {
        shape[i] = on as f32 / all.max(1) as f32;
        shape[SHAPE_CELLS + i] = inked as f32 / all.max(1) as f32;
    }
    let area = silhouette.iter().filter(|&&s| s).count() as f32;
    shape[2 * SHAPE_CELLS] = bw as f32 / side;
    shape[2 * SHAPE_CELLS + 1] = bh as f32 / side;
    shape[2 * SHAPE_CELLS + 2] = area / (side * side);
    shape
}

/// The share of ink in a window about each pixel, from the mask's integral image.
struct Density {
    sums: Vec<u32>,
    width: usize,
    height: usize,
    half: usize,
}

impl Density {
    fn new(mask: &GrayImage, window: u32) -> Density {
        let (width, height) = (mask.width() as usize, mask.height() as usize);
        let mut sums = vec![0u32; (width + 1) * (height + 1)];
        for y in 0..height {
            let mut row = 0;
            for x in 0..width {
                row += u32::from(mask.get_pixel(x as u32, y as u32)[0] != 0);
                sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1] + row;
            }
        }
        Density {
            sums,
            width,
            height,
            half: window as usize / 2,
        }
    }

    /// The share of ink in the box `[x0, x1) × [y0, y1)`, clipped to the image.
    fn mean(&self, x0: u32, y0: u32, x1: u32, y1: u32) -> f32 {
        let (x0, y0) = (
            (x0 as usize).min(self.width),
            (y0 as usize).min(self.height),
        );
        let (x1, y1) = (
            (x1 as usize).min(self.width),
            (y1 as usize).min(self.height),
        );
        if x1 <= x0 || y1 <= y0 {
            return 0.0;
        }
        let s = |x: usize, y: usize| self.sums[y * (self.width + 1) + x] as i64;
        let ink = s(x1, y1) - s(x0, y1) - s(x1, y0) + s(x0, y0);
        ink as f32 / ((x1 - x0) * (y1 - y0)) as f32
    }

    /// The share of ink in the window about `(x, y)`.
    fn at(&self, x: u32, y: u32) -> f32 {
        let (x, y) = (x as usize, y as usize);
        self.mean(
            x.saturating_sub(self.half) as u32,
            y.saturating_sub(self.half) as u32,
            (x + self.half + 1) as u32,
            (y + self.half + 1) as u32,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_outline_encloses_its_paper_and_a_hatching_encloses_nothing() {
        // A 40-pixel square: vertical hatching lines every 6 pixels on its left half, edge to
        // edge; on its right half a ring (a man's outline) of radius 8 about (30, 20).
        let mask = GrayImage::from_fn(40, 40, |x, y| {
            let r = ((x as f32 - 30.0).powi(2) + (y as f32 - 20.0).powi(2)).sqrt();
            let ink = (x < 18 && x % 6 == 0) || (x >= 18 && (7.0..9.0).contains(&r));
            image::Luma([if ink { 255 } else { 0 }])
        });
        let enclosed = Enclosed::of(&mask, (0, 0, 40, 40), 40.0);
        assert!(enclosed.man(30, 20), "the ring's inside");
        assert!(enclosed.man(37, 20), "the ring itself, grown by a pixel");
        assert!(!enclosed.man(3, 20), "between two lines of the hatching");
        assert!(!enclosed.man(39, 0), "the paper outside the ring");
        let empty = Enclosed::of(&mask, (5, 5, 5, 5), 40.0);
        assert!(!empty.man(5, 5), "a box of no pixels encloses nothing");
    }
}
