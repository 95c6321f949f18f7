//! Boards found on a page image (docs/reading.md, "Diagrams in pictures"): the page's ink
//! split into connected components, each component large and square enough taken as a
//! candidate, turned by its skew, its frame measured off, and kept only when its 64 squares
//! shade as a chessboard does.
//!
//! Connected components and the rotation are imageproc's; the tests of a
//! board (its frame, its grid, its shading) are this module's.

use image::{GenericImageView, GrayImage, Luma};
use imageproc::geometric_transformations::{Border, Interpolation, rotate_about_center};
use imageproc::region_labelling::{Connectivity, connected_components};

use super::{Levels, PixelBox};

/// The fewest pixels a board's side may have: 8 squares of 6 pixels.
pub const MIN_SIDE: u32 = 48;

/// The longest side, in pixels, of the copy of a page boards are looked for on; a larger page
/// is looked at shrunk by a whole factor, and each board read on the page itself.
const FIND_SIDE: u32 = 2600;

/// The most candidates of one page tested as boards, the largest first: a page of 24 boards
/// (four columns of six) and as many other blots.
const MAX_CANDIDATES: usize = 48;

/// The least side of a square, in pixels, that a board is read at: smaller squares are
/// enlarged first ([`Found::enlarged`]).
pub(crate) const READ_SIDE: f32 = 24.0;

/// The greatest skew looked for, in degrees either way.
const MAX_SKEW: f32 = 3.0;

/// One board found: its crop of the page turned upright, and its 8 × 8 grid in that crop.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    /// The crop of the page that holds the board, turned by `-skew` about its centre.
    pub crop: GrayImage,
    /// Where the crop stands on the page (pixels, 0-based, before turning).
    pub crop_at: PixelBox,
    /// The squares' area in the crop: left, top, right, bottom, in pixels (fractions kept).
    pub grid: [f32; 4],
    /// The skew the board was printed or scanned with, in degrees (clockwise positive).
    pub skew: f32,
    /// The threshold below which a pixel of the crop is black: a man's ink, not a grey
    /// square's.
    pub black: u8,
    /// The page's paper grey.
    pub paper: u8,
    /// True when the top left square (a8, White at the bottom) is the dark one.
    pub reversed_shading: bool,
}

impl Found {
    /// The side of one square in pixels, across and down.
    pub fn square(&self) -> (f32, f32) {
        let [l, t, r, b] = self.grid;
        ((r - l) / 8.0, (b - t) / 8.0)
    }

    /// The board enlarged where its squares are small (under [`READ_SIDE`] pixels): its crop
    /// resampled (bilinear) by the whole factor that makes them that size or more (3 at
    /// most), and its grid with it, so that a square's inner area, inset past the lines
    /// between squares by a few pixels, keeps most of its man. Its [`Found::area`] is then
    /// in the enlarged crop's pixels: take it before.
    pub fn enlarged(&self) -> std::borrow::Cow<'_, Found> {
        let (sx, sy) = self.square();
        let side = sx.min(sy);
        if side >= READ_SIDE || side <= 0.0 {
            return std::borrow::Cow::Borrowed(self);
        }
        let k = (READ_SIDE / side).ceil().min(3.0);
        let crop = image::imageops::resize(
            &self.crop,
            (self.crop.width() as f32 * k) as u32,
            (self.crop.height() as f32 * k) as u32,
            image::imageops::FilterType::Triangle,
        );
        std::borrow::Cow::Owned(Found {
            crop,
            grid: self.grid.map(|v| v * k),
            ..self.clone()
        })
    }

    /// The board's box on the page, in pixels, the frame left out.
    pub fn area(&self) -> PixelBox {
        let [l, t, r, b] = self.grid;
        PixelBox {
            x: self.crop_at.x + l.round() as u32,
            y: self.crop_at.y + t.round() as u32,
            width: (r - l).round() as u32,
            height: (b - t).round() as u32,
        }
    }
}

/// Every board on `page`, top to bottom and left to right.
pub(crate) fn boards(page: &GrayImage, levels: Levels) -> Vec<Found> {
    let factor = page.width().max(page.height()).div_ceil(FIND_SIDE).max(1);
    let small = shrink(page, factor);
    // Candidates from the faint threshold, which keeps light grey squares; each read at the
    // ink threshold first, then at the faint one.
    // Grown by a pixel, so that a board split by a seam of paper a pixel wide (a drawing
    // rendered in strips) stays one component.
    let mask = imageproc::morphology::dilate(
        &ink_mask(&small, levels.faint),
        imageproc::distance_transform::Norm::LInf,
        1,
    );
    let mut found = Vec::new();
    // The largest candidates first, and no more than a page of boards ever holds: a halftone
    // photograph's dots make no long list of crops to test.
    let mut candidates = candidates(&mask);
    candidates.sort_by_key(|b| std::cmp::Reverse(u64::from(b.width) * u64::from(b.height)));
    candidates.truncate(MAX_CANDIDATES);
    for candidate in candidates {
        let margin = (candidate.width.max(candidate.height) / 25 + 2) * factor;
        let x = (candidate.x * factor).saturating_sub(margin);
        let y = (candidate.y * factor).saturating_sub(margin);
        let right = ((candidate.x + candidate.width) * factor + margin).min(page.width());
        let bottom = ((candidate.y + candidate.height) * factor + margin).min(page.height());
        let at = PixelBox {
            x,
            y,
            width: right - x,
            height: bottom - y,
        };
        // The candidate's own box within the crop: the board's, where no frame or line of
        // ink holds its squares together at the thresholds tried.
        let own = PixelBox {
            x: candidate.x * factor - x,
            y: candidate.y * factor - y,
            width: (candidate.width * factor).min(at.width),
            height: (candidate.height * factor).min(at.height),
        };
        if let Some(board) = [
            Some(levels.threshold),
            Some(levels.faint),
            squares_apart(page, at, levels),
        ]
        .into_iter()
        .flatten()
        .find_map(|threshold| board_in(page, at, own, levels, threshold))
        {
            found.push(board);
        }
    }
    // Rows of boards: a board whose top is within half a board of the row's first one's
    // stands in its row; within a row, left to right.
    found.sort_by_key(|f| f.area().y);
    let mut rows: Vec<Vec<Found>> = Vec::new();
    for f in found {
        match rows.last_mut() {
            Some(row) if f.area().y < row[0].area().y + row[0].area().height / 2 => row.push(f),
            _ => rows.push(vec![f]),
        }
    }
    let found: Vec<Found> = rows
        .into_iter()
        .flat_map(|mut row| {
            row.sort_by_key(|f| f.area().x);
            row
        })
        .collect();
    // A board found twice (a candidate inside another's crop) is kept once.
    let mut kept: Vec<Found> = Vec::new();
    for f in found {
        if !kept.iter().any(|k| k.area().overlaps(&f.area())) {
            kept.push(f);
        }
    }
    kept
}

/// The page shrunk by a whole `factor`, each pixel the darkest of its block (so thin lines
/// stay), or the page itself at factor 1.
fn shrink(page: &GrayImage, factor: u32) -> GrayImage {
    if factor <= 1 {
        return page.clone();
    }
    let (w, h) = (page.width() / factor, page.height() / factor);
    GrayImage::from_fn(w, h, |x, y| {
        let mut darkest = 255u8;
        for dy in 0..factor {
            for dx in 0..factor {
                darkest = darkest.min(page.get_pixel(x * factor + dx, y * factor + dy)[0]);
            }
        }
        Luma([darkest])
    })
}

/// 255 where the pixel is ink (darker than `threshold`), 0 elsewhere.
pub(crate) fn ink_mask(image: &GrayImage, threshold: u8) -> GrayImage {
    GrayImage::from_fn(image.width(), image.height(), |x, y| {
        Luma([if image.get_pixel(x, y)[0] < threshold {
            255
        } else {
            0
        }])
    })
}

/// Boxes of the mask's connected components (8-connected) that may hold a board: at least
/// [`MIN_SIDE`] a side, no more than a third longer one way than the other, and inked enough.
fn candidates(mask: &GrayImage) -> Vec<PixelBox> {
    let labels = connected_components(mask, Connectivity::Eight, Luma([0u8]));
    // Per label: min x, min y, max x, max y, pixel count.
    let mut boxes: Vec<[u32; 5]> = Vec::new();
    for (x, y, label) in labels.enumerate_pixels() {
        let label = label[0] as usize;
        if label == 0 {
            continue;
        }
        if boxes.len() <= label {
            boxes.resize(label + 1, [u32::MAX, u32::MAX, 0, 0, 0]);
        }
        let b = &mut boxes[label];
        b[0] = b[0].min(x);
        b[1] = b[1].min(y);
        b[2] = b[2].max(x);
        b[3] = b[3].max(y);
        b[4] += 1;
    }
    let min_side = MIN_SIDE / (mask.width().max(mask.height()).div_ceil(FIND_SIDE)).max(1);
    boxes
        .into_iter()
        .filter(|b| b[4] > 0)
        .map(|b| PixelBox {
            x: b[0],
            y: b[1],
            width: b[2] - b[0] + 1,
            height: b[3] - b[1] + 1,
        })
        .filter(|b| {
            let (w, h) = (b.width as f32, b.height as f32);
            b.width >= min_side.max(24)
                && b.height >= min_side.max(24)
                && w / h < 1.34
                && h / w < 1.34
        })
        .collect()
}

/// The threshold between a board's two greys where both are darker than the page's faint
/// threshold (light squares printed grey too, as the 2017 manuscript's drawings print them:
/// 192 and 168 on white): just past Otsu's level of the box's pixels between black and faint, when the
/// box holds enough of them and the two sides of the level are 12 grey levels apart or more.
fn squares_apart(page: &GrayImage, at: PixelBox, levels: Levels) -> Option<u8> {
    let greys: Vec<u8> = image::imageops::crop_imm(page, at.x, at.y, at.width, at.height)
        .pixels()
        .map(|(_, _, p)| p[0])
        .filter(|&v| v >= levels.black && v < levels.faint)
        .collect();
    let area = u64::from(at.width) * u64::from(at.height);
    if (greys.len() as u64) * 3 < area {
        return None;
    }
    let row = GrayImage::from_raw(greys.len() as u32, 1, greys.clone())?;
    let level = imageproc::contrast::otsu_level(&row);
    let (mut below, mut above) = ((0u64, 0u64), (0u64, 0u64));
    for &v in &greys {
        let side = if v <= level { &mut below } else { &mut above };
        side.0 += u64::from(v);
        side.1 += 1;
    }
    if below.1 == 0 || above.1 == 0 {
        return None;
    }
    let apart = above.0 / above.1 - below.0 / below.1;
    // Otsu's level is the darker class's last grey; ink is below the threshold.
    (apart >= 12).then_some(level.saturating_add(1))
}

/// The board in the page's box `at`, when one is there, its ink below `threshold`: the
/// largest component of that ink taken as its outline where it is framed, else `own`, the
/// candidate's box within `at` (squares that touch only at their corners, no frame).
fn board_in(
    page: &GrayImage,
    at: PixelBox,
    own: PixelBox,
    levels: Levels,
    threshold: u8,
) -> Option<Found> {
    let crop = image::imageops::crop_imm(page, at.x, at.y, at.width, at.height).to_image();
    let skew = skew_of(&ink_mask(&crop, threshold));
    let crop = if skew.abs() >= 0.3 {
        rotate_about_center(
            &crop,
            -skew.to_radians(),
            Interpolation::Bilinear,
            Border::Constant(Luma([levels.paper])),
        )
    } else {
        crop
    };
    let mask = ink_mask(&crop, threshold);
    // The largest component is the board's outline when it is framed or is the candidate
    // itself; squares joined only here and there at their corners make a component of part
    // of the board, whose grid may shade as a board's a file off.
    let largest = largest_component(&mask).filter(|&outer| {
        let near = |a: u32, b: u32| a.abs_diff(b) <= own.width.max(own.height) / 32 + 1;
        framed(&mask, outer)
            || (near(outer.x, own.x)
                && near(outer.y, own.y)
                && near(outer.width, own.width)
                && near(outer.height, own.height))
    });
    let (grid, reversed_shading) = largest.into_iter().chain([own]).find_map(|outer| {
        let grid = refine(&mask, inner_grid(&mask, outer)?);
        Some((grid, shading(&mask, grid)?))
    })?;
    Some(Found {
        crop,
        crop_at: at,
        grid,
        skew,
        black: levels.black,
        paper: levels.paper,
        reversed_shading,
    })
}

/// The skew of the ink in `mask`, in degrees: the angle whose rows make the sharpest profile
/// (the sum of squared row counts), tried every quarter degree to [`MAX_SKEW`], then every
/// twentieth about the best.
fn skew_of(mask: &GrayImage) -> f32 {
    let points: Vec<(f32, f32)> = mask
        .enumerate_pixels()
        .filter(|(_, _, p)| p[0] != 0)
        .map(|(x, y, _)| (x as f32, y as f32))
        .collect();
    if points.len() < 64 {
        return 0.0;
    }
    let height = mask.height() as f32;
    let width = mask.width() as f32;
    let rows = (height + width) as usize + 2;
    let mut counts = vec![0u32; rows];
    let mut columns = vec![0u32; rows];
    let mut sharpness = |degrees: f32| {
        let (sin, cos) = degrees.to_radians().sin_cos();
        counts.iter_mut().for_each(|c| *c = 0);
        columns.iter_mut().for_each(|c| *c = 0);
        for &(x, y) in &points {
            let row = y * cos - x * sin + width;
            if row >= 0.0 && (row as usize) < rows {
                counts[row as usize] += 1;
            }
            let column = x * cos + y * sin + height;
            if column >= 0.0 && (column as usize) < rows {
                columns[column as usize] += 1;
            }
        }
        counts
            .iter()
            .chain(&columns)
            .map(|&c| u64::from(c) * u64::from(c))
            .sum::<u64>()
    };
    let best = |from: f32, to: f32, step: f32, sharpness: &mut dyn FnMut(f32) -> u64| {
        let mut best = (0.0f32, 0u64);
        let mut angle = from;
        while angle <= to + 1e-4 {
            let s = sharpness(angle);
            // Ties go to the angle nearest upright.
            if s > best.1 || (s == best.1 && angle.abs() < best.0.abs()) {
                best = (angle, s);
            }
            angle += step;
        }
        best.0
    };
    let coarse = best(-MAX_SKEW, MAX_SKEW, 0.25, &mut sharpness);
    best(coarse - 0.25, coarse + 0.25, 0.05, &mut sharpness)
}

/// The box of the largest connected component of `mask` whose box is square within a third.
fn largest_component(mask: &GrayImage) -> Option<PixelBox> {
    candidates(mask)
        .into_iter()
        .max_by_key(|b| u64::from(b.width) * u64::from(b.height))
}

/// Share of ink in each row (`rows`) or column of `mask` within `outer`.
fn profile(mask: &GrayImage, outer: PixelBox, rows: bool) -> Vec<f32> {
    let (along, across) = if rows {
        (outer.height, outer.width)
    } else {
        (outer.width, outer.height)
    };
    (0..along)
        .map(|i| {
            let ink = (0..across)
                .filter(|&j| {
                    let (x, y) = if rows { (j, i) } else { (i, j) };
                    mask.get_pixel(outer.x + x, outer.y + y)[0] != 0
                })
                .count();
            ink as f32 / across as f32
        })
        .collect()
}

/// True when ink lines run along all four edges of `outer` in `mask` (a board's frame): a
/// row or column within its outer 2% nearly all ink.
fn framed(mask: &GrayImage, outer: PixelBox) -> bool {
    let rows = profile(mask, outer, true);
    let cols = profile(mask, outer, false);
    let edge = |p: &[f32]| {
        let reach = (p.len() / 50 + 1).min(p.len());
        p[..reach].iter().any(|&s| s > 0.7) && p[p.len() - reach..].iter().any(|&s| s > 0.7)
    };
    edge(&rows) && edge(&cols)
}

/// How far in from one edge the squares begin: past the frame's lines (rows or columns
/// nearly all ink) and the white between them, within a twelfth of the board. `profile` is
/// each row's (or column's) share of ink from that edge inwards.
fn inset(profile: &[f32]) -> usize {
    let limit = profile.len() / 12 + 1;
    let mut framed = false;
    let mut edge = 0;
    // Rows past a frame's line still half inked: its blurred or anti-aliased edge.
    let mut fringe = 0;
    for (i, &share) in profile.iter().take(limit).enumerate() {
        if share > 0.7 {
            framed = true;
            fringe = 0;
            edge = i + 1;
        } else if framed && fringe < 2 && share > 0.4 && edge == i {
            fringe += 1;
            edge = i + 1;
        } else if framed && share < 0.03 {
            edge = i + 1;
        } else {
            break;
        }
    }
    edge
}

/// As [`inset`], past what stands on the frame's outer side and touches it (a heading's
/// letters joined to its line at a fine resolution): the first row nearly all ink within a
/// twelfth of the board is the frame's line. 0 where there is none.
fn inset_past_attached(profile: &[f32]) -> usize {
    let limit = profile.len() / 12 + 1;
    profile
        .iter()
        .take(limit)
        .position(|&s| s > 0.7)
        .map_or(0, |line| line + inset(&profile[line..]))
}

/// The squares' area inside the component's box `outer`: its frame measured off each side;
/// `None` when what is left is not square within a tenth.
fn inner_grid(mask: &GrayImage, outer: PixelBox) -> Option<[f32; 4]> {
    let rows = profile(mask, outer, true);
    let cols = profile(mask, outer, false);
    let (rows_up, cols_back): (Vec<f32>, Vec<f32>) = (
        rows.iter().rev().copied().collect(),
        cols.iter().rev().copied().collect(),
    );
    let top = inset(&rows);
    let bottom = inset(&rows_up);
    let left = inset(&cols);
    let right = inset(&cols_back);
    let mut l = (outer.x as usize + left) as f32;
    let mut t = (outer.y as usize + top) as f32;
    let mut r = (outer.x as usize + cols.len() - right) as f32;
    let mut b = (outer.y as usize + rows.len() - bottom) as f32;
    // A frame with something joined to its outer side (a heading's letters touching its line):
    // the squares' area is longer one way than the other, and measured past what stands on the
    // frame on the longer sides, it is square.
    let apart = |l: f32, t: f32, r: f32, b: f32| ((r - l) / (b - t).max(1.0) - 1.0).abs();
    if apart(l, t, r, b) > 0.02 {
        let (t2, b2) = (
            (outer.y as usize + inset_past_attached(&rows)) as f32,
            (outer.y as usize + rows.len() - inset_past_attached(&rows_up)) as f32,
        );
        let (l2, r2) = (
            (outer.x as usize + inset_past_attached(&cols)) as f32,
            (outer.x as usize + cols.len() - inset_past_attached(&cols_back)) as f32,
        );
        let tries = [
            [l2, t, r, b],
            [l, t, r2, b],
            [l2, t, r2, b],
            [l, t2, r, b],
            [l, t, r, b2],
            [l, t2, r, b2],
        ];
        if let Some(best) = tries
            .into_iter()
            .filter(|g| g[2] > g[0] && g[3] > g[1])
            .min_by(|a, b| apart(a[0], a[1], a[2], a[3]).total_cmp(&apart(b[0], b[1], b[2], b[3])))
            .filter(|g| apart(g[0], g[1], g[2], g[3]) < apart(l, t, r, b) / 2.0)
        {
            [l, t, r, b] = best;
        }
    }
    let (w, h) = (r - l, b - t);
    (w >= MIN_SIDE as f32 && h >= MIN_SIDE as f32 && (w / h - 1.0).abs() < 0.1)
        .then_some([l, t, r, b])
}

/// The ink near each of the four corners of each square (where men seldom reach all four),
/// as a share of those pixels: a square's corners are `[s/10, s/4]` in from each of its
/// corners. Index: row from the top × 8 + file.
fn corner_ink(mask: &GrayImage, grid: [f32; 4]) -> [[f32; 4]; 64] {
    let [l, t, r, b] = grid;
    let (sx, sy) = ((r - l) / 8.0, (b - t) / 8.0);
    let mut ink = [[0f32; 4]; 64];
    for row in 0..8 {
        for file in 0..8 {
            let x0 = l + file as f32 * sx;
            let y0 = t + row as f32 * sy;
            for (k, (cx, cy)) in [(false, false), (true, false), (false, true), (true, true)]
                .into_iter()
                .enumerate()
            {
                let span = |far: bool, side: f32| {
                    if far {
                        (side * 0.75, side * 0.9)
                    } else {
                        (side * 0.1, side * 0.25)
                    }
                };
                let (ax, bx) = span(cx, sx);
                let (ay, by) = span(cy, sy);
                let (mut on, mut all) = (0u32, 0u32);
                for y in (y0 + ay) as u32..(y0 + by).ceil() as u32 {
                    for x in (x0 + ax) as u32..(x0 + bx).ceil() as u32 {
                        if x < mask.width() && y < mask.height() {
                            all += 1;
                            on += u32::from(mask.get_pixel(x, y)[0] != 0);
                        }
                    }
                }
                ink[row * 8 + file][k] = on as f32 / all.max(1) as f32;
            }
        }
    }
    ink
}

/// The ink in each square's edge band (its outer sixth each side, the lines between squares
/// left out), as a share of the band's pixels. Index: row from the top × 8 + file.
fn band_ink(mask: &GrayImage, grid: [f32; 4]) -> [f32; 64] {
    let [l, t, r, b] = grid;
    let (sx, sy) = ((r - l) / 8.0, (b - t) / 8.0);
    let mut ink = [0f32; 64];
    for (i, share) in ink.iter_mut().enumerate() {
        let x0 = l + (i % 8) as f32 * sx;
        let y0 = t + (i / 8) as f32 * sy;
        let (mut on, mut all) = (0u32, 0u32);
        for y in (y0 + sy * 0.08) as u32..(y0 + sy * 0.92) as u32 {
            for x in (x0 + sx * 0.08) as u32..(x0 + sx * 0.92) as u32 {
                let (fx, fy) = ((x as f32 - x0) / sx, (y as f32 - y0) / sy);
                let inside = (0.25..0.75).contains(&fx) && (0.25..0.75).contains(&fy);
                if inside || x >= mask.width() || y >= mask.height() {
                    continue;
                }
                all += 1;
                on += u32::from(mask.get_pixel(x, y)[0] != 0);
            }
        }
        *share = on as f32 / all.max(1) as f32;
    }
    ink
}

/// How a grid shades: the mean corner ink of its two colours of squares (file plus rank
/// even, odd), a square's corners taken at their most inked for the dark colour's test and
/// their least for the light's (a man covers some corners, seldom all four).
struct Shading {
    /// Mean corner ink of the squares whose file plus rank (from the top left) is even, odd.
    means: [f32; 2],
    /// Each square's most and least inked corner.
    extremes: Vec<(f32, f32)>,
}

impl Shading {
    fn of(mask: &GrayImage, grid: [f32; 4]) -> Shading {
        let ink = corner_ink(mask, grid);
        let mut means = [0f32; 2];
        let mut extremes = Vec::with_capacity(64);
        for (i, corners) in ink.iter().enumerate() {
            means[(i / 8 + i % 8) % 2] += corners.iter().sum::<f32>() / 4.0 / 32.0;
            let most = corners.iter().copied().fold(0.0, f32::max);
            let least = corners.iter().copied().fold(1.0, f32::min);
            extremes.push((most, least));
        }
        Shading { means, extremes }
    }

    /// The contrast between the two colours.
    fn contrast(&self) -> f32 {
        (self.means[0] - self.means[1]).abs()
    }
}

/// The grid moved edge by edge, up to 3 pixels each way, to where its two colours of squares
/// differ most near their corners: the frame's measure is a pixel or two off where a line is
/// blurred or thick.
fn refine(mask: &GrayImage, mut grid: [f32; 4]) -> [f32; 4] {
    let mut best = Shading::of(mask, grid).contrast();
    for _ in 0..2 {
        for edge in 0..4 {
            let start = grid[edge];
            let mut keep = start;
            for step in -3i32..=3 {
                let mut trial = grid;
                trial[edge] = start + step as f32;
                let contrast = Shading::of(mask, trial).contrast();
                if contrast > best + 1e-4 {
                    best = contrast;
                    keep = trial[edge];
                }
            }
            grid[edge] = keep;
        }
    }
    grid
}

/// Whether the grid's squares shade as a chessboard's: the squares of one colour inked near
/// a corner at least, the others clean near one at least, on at least 54 of the 64, and the
/// two colours' mean ink apart by 0.1 or more. Some(true) when the top left square is the
/// dark one; `None` when the grid is no board.
fn shading(mask: &GrayImage, grid: [f32; 4]) -> Option<bool> {
    let shading = Shading::of(mask, grid);
    let [even, odd] = shading.means;
    let dark = usize::from(odd >= even);
    let (dark_mean, light_mean) = if dark == 1 { (odd, even) } else { (even, odd) };
    if dark_mean - light_mean < 0.1 {
        return None;
    }
    // Light squares bare about their edges (where men seldom reach), dark ones inked: lines
    // that cross every square (a hatched box, a ruled table) make no board.
    let bands = band_ink(mask, grid);
    // The light squares' first quartile: a full board has men on half its light squares.
    let quantile = |parity: usize, q: usize| {
        let mut v: Vec<f32> = (0..64)
            .filter(|i| (i / 8 + i % 8) % 2 == parity)
            .map(|i| bands[i])
            .collect();
        v.sort_by(f32::total_cmp);
        v[v.len() * q / 4]
    };
    let (dark_band, light_band) = (quantile(dark, 2), quantile(1 - dark, 1));
    if light_band > 0.1 || dark_band < (2.5 * light_band).max(0.1) {
        return None;
    }
    let cut = (dark_mean + light_mean) / 2.0;
    let agree = shading
        .extremes
        .iter()
        .enumerate()
        .filter(|&(i, &(most, least))| {
            if (i / 8 + i % 8) % 2 == dark {
                most > cut
            } else {
                least < cut
            }
        })
        .count();
    (agree >= 54).then_some(dark == 0)
}
