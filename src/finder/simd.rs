//! Block scan written for the compiler's vectorizer: 64 bytes at a time, no intrinsics in the
//! hot loop.
//!
//! Why not `core::arch`: calling an SSE2 intrinsic is safe only inside a
//! `#[target_feature(enable = "sse2")]` function, and calling such a function from one without
//! the attribute needs `unsafe` even on x86_64, where SSE2 is always on (rustc 1.95, E0133). The
//! crate denies `unsafe_code`, so this module states the work as fixed-size array loops that LLVM
//! turns into vector code (on x86_64: `pcmpeqb`, `paddb`, `pcmpgtb`, `psubb`, one `pmovmskb`
//! for the test of the block; NEON on aarch64), and keeps the branchy part out of the hot loop.
//! The compiler does not turn bit-gathering loops into `pmovmskb` masks, so the bit masks of a
//! block that hits are made in [`super::mask`].
//!
//! On x86_64 CPUs with AVX2 the loop of [`super::avx2`] runs instead, written with intrinsics
//! through pulp's `V3` token: its compares stay masks, so that a pair of blocks that hits is not
//! tested again byte by byte. This loop is the one for every other CPU, and the reference the
//! tests hold that one to. What each of these choices measured is in docs/performance.md, "The
//! finder's block loop".
//!
//! Per block it computes two things:
//! - a prefilter: is there an `i` in `0..64` with a full stop at `i + 4` and a digit at
//!   `i + 5` (the middle of `dddd.dd`)? Prose has a full stop every ~43 bytes but a digit after
//!   one rarely (decimals, dates), so a hit is uncommon (3.8% of the blocks of the bench corpus,
//!   which has a false friend every ~2 KB) and its block is rechecked position by position in
//!   [`report`];
//! - the line feeds of the block, added into 32 byte lanes that are summed only every 127
//!   blocks or when an anchor needs its line.

use super::mask::{candidates, feeds, is_candidate};
use super::{has_shape, stands_alone};

/// Bytes per block.
pub(super) const BLOCK: usize = 64;
/// Bytes the prefilter reads from a block start: starts `0..64` look at bytes `4..=68`.
pub(super) const WINDOW: usize = BLOCK + 8;

/// Bytes the hot loop takes a turn: two blocks.
const PAIR: usize = 2 * BLOCK;
/// Bytes the prefilter reads from the start of a pair: both blocks' windows.
const PAIR_WINDOW: usize = PAIR + (WINDOW - BLOCK);

/// Byte lanes that count line feeds: one 32-byte AVX2 vector (two 16-byte ones in the baseline
/// build), so that the hot loop keeps them in registers. Lane `i` counts the line feeds at
/// offsets `i` and `i + 32` of each block.
const LANES: usize = 32;

/// Blocks whose line feeds a byte lane can add up before it could overflow: each block adds
/// at most 2 to a lane.
const LANE_BLOCKS: usize = u8::MAX as usize / 2;

/// Line feeds counted per byte lane over up to [`LANE_BLOCKS`] blocks, summed only when
/// needed: a horizontal sum per block would cost as much as the count itself.
type Lanes = [u8; LANES];

/// Adds the line feeds of the first [`BLOCK`] bytes of `window` to `lanes`.
#[inline(always)]
fn add_feeds(lanes: &mut Lanes, window: &[u8; WINDOW]) {
    let feed = |i: usize| u8::from(window[i] == b'\n');
    for (i, count) in lanes.iter_mut().enumerate() {
        *count = count.wrapping_add(feed(i) + feed(i + LANES));
    }
}

/// Line feeds counted in the lanes.
#[inline(always)]
fn sum(lanes: &Lanes) -> u64 {
    // Eight lanes a word: add neighbouring lanes into 16-bit fields (at most 510), the four
    // words into each other (at most 2,040), then the four fields with one multiply.
    const LOW: u64 = 0x00FF_00FF_00FF_00FF;
    let words = bytemuck::cast::<Lanes, [u64; LANES / 8]>(*lanes);
    let fields = words
        .iter()
        .fold(0u64, |acc, &w| acc + (w & LOW) + ((w >> 8) & LOW));
    fields.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

/// Scans `buf[start..end]` (already clamped, `start <= end <= buf.len()`); see
/// [`super::scan_range`]. Returns the number of line feeds in the range.
///
/// The loop of a CPU without AVX2, compiled for the target's baseline (SSE2 on x86_64, NEON on
/// aarch64); [`super::avx2`] runs where the CPU has AVX2 (the dispatch is [`super::scan_range`]'s).
#[inline(always)]
pub(super) fn scan(
    buf: &[u8],
    start: usize,
    end: usize,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    let mut newlines = 0;
    // Hot loop: the whole blocks inside the range whose window lies inside the buffer, taken
    // [`LANE_BLOCKS`] at a time; the windows are cut from a slice that ends exactly at the last
    // one, so that the compiler drops the bounds checks.
    let blocks = whole_steps(buf.len(), start, end, BLOCK, WINDOW);
    let mut group = 0;
    while group < blocks {
        let count = LANE_BLOCKS.min(blocks - group);
        let first = start + group * BLOCK;
        let hot = &buf[first..first + count * BLOCK + (WINDOW - BLOCK)];
        let mut lanes = Lanes::default();
        // `count` windows: `hot` holds `count` blocks and the overhang of the last window. The
        // loop walks a shrinking slice so that its only counter is the slice itself, and takes
        // two blocks a turn: the loop's bookkeeping is paid once for 128 bytes (the compiler
        // still tests the two blocks one after the other, as cheap as one joined test).
        let mut rest = hot;
        while let Some(pair) = rest.first_chunk::<PAIR_WINDOW>() {
            let (low, high) = halves(pair);
            if hits(low) | hits(high) {
                let at = first + (hot.len() - rest.len());
                for (window, at) in [(low, at), (high, at + BLOCK)] {
                    block(buf, at, window, &mut lanes, newlines, on_anchor);
                }
            } else {
                add_feeds(&mut lanes, low);
                add_feeds(&mut lanes, high);
            }
            rest = &rest[PAIR..];
        }
        // An odd block at the end of the group.
        if let Some(window) = rest.first_chunk::<WINDOW>() {
            let at = first + (hot.len() - rest.len());
            block(buf, at, window, &mut lanes, newlines, on_anchor);
        }
        newlines += sum(&lanes);
        group += count;
    }
    scan_tail(buf, start + blocks * BLOCK, end, newlines, on_anchor)
}

/// How many steps of `step` bytes from `start` a loop takes within `start..end` whose window,
/// `window` bytes from each step's start (`window >= step`), lies inside a buffer of `len`
/// bytes (`start <= end <= len`): the hot loop's whole blocks (or pairs), the rest left to
/// [`scan_tail`].
#[inline(always)]
pub(super) fn whole_steps(
    len: usize,
    start: usize,
    end: usize,
    step: usize,
    window: usize,
) -> usize {
    if len - start >= window {
        ((end - start) / step).min((len - start - window) / step + 1)
    } else {
        0
    }
}

/// The blocks of `buf[pos..end]` that the hot loop leaves, at most three: each read through a
/// window padded with NUL past the end of the buffer (NUL is neither a digit, a full stop nor
/// a line feed), only its bytes before `end` counted. `newlines` counts the line feeds before
/// `pos`; returns it with those of `buf[pos..end]` added.
#[inline(always)]
pub(super) fn scan_tail(
    buf: &[u8],
    mut pos: usize,
    end: usize,
    mut newlines: u64,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    while pos < end {
        let len = (end - pos).min(BLOCK);
        let rest = &buf[pos..];
        let mut window = [0; WINDOW];
        let copied = rest.len().min(WINDOW);
        window[..copied].copy_from_slice(&rest[..copied]);
        if hits(&window) {
            let candidates = candidates(&window);
            report(buf, pos, len, &window, candidates, newlines, on_anchor);
        }
        // `len` is 1..=64: the mask keeps the block's first `len` bytes.
        newlines += u64::from((feeds(&window) & (u64::MAX >> (BLOCK - len))).count_ones());
        pos += len;
    }
    newlines
}

/// The windows of the two blocks of a pair.
#[inline(always)]
fn halves(pair: &[u8; PAIR_WINDOW]) -> (&[u8; WINDOW], &[u8; WINDOW]) {
    let (low, _) = pair
        .split_first_chunk::<WINDOW>()
        .expect("a pair holds a window");
    let (_, high) = pair.split_last_chunk::<WINDOW>().expect("a pair holds two");
    (low, high)
}

/// One block of the hot loop at `at` (its window `window`): reported if the prefilter hits,
/// then its line feeds added to `lanes`. `newlines` counts the line feeds before the lane
/// group.
#[inline(always)]
fn block(
    buf: &[u8],
    at: usize,
    window: &[u8; WINDOW],
    lanes: &mut Lanes,
    newlines: u64,
    on_anchor: &mut impl FnMut(usize, u64),
) {
    if hits(window) {
        let candidates = candidates(window);
        report(
            buf,
            at,
            BLOCK,
            window,
            candidates,
            newlines + sum(lanes),
            on_anchor,
        );
    }
    add_feeds(lanes, window);
}

/// The prefilter: whether some start `i` in `0..64` of the block has a full stop at `i + 4`
/// and a digit at `i + 5`, the middle of `dddd.dd`. Prose has a full stop every ~43 bytes but a
/// digit after one rarely (decimals, dates), so a hit is uncommon. Folded to one `bool` as the
/// compares come, so that the hot loop makes no flags of 0 and 1.
#[inline(always)]
fn hits(window: &[u8; WINDOW]) -> bool {
    (0..BLOCK).fold(false, |acc, i| acc | is_candidate(window, i))
}

/// Reports the anchors among the first `len` starts of the block at `pos`, whose prefilter hit.
/// `candidates` has bit `i` set for each start `i` that passes the prefilter (usually one or
/// two); `newlines_before` counts the line feeds from the range start to `pos`.
///
/// Each candidate is tested for the whole shape and then the token rules; the line feeds before
/// an anchor are counted on a mask of the block. The caller
/// gathers `candidates` in the build it runs (AVX2 or baseline), as this function is compiled
/// once, for the baseline, which costs less than two builds of it where few blocks hit
/// (docs/performance.md, "Measurements behind the code").
#[cold]
#[inline(never)]
pub(super) fn report(
    buf: &[u8],
    pos: usize,
    len: usize,
    window: &[u8; WINDOW],
    candidates: u64,
    newlines_before: u64,
    on_anchor: &mut impl FnMut(usize, u64),
) {
    // Starts past `len` belong to the next block (or lie past the range).
    let mut starts = candidates & (u64::MAX >> (BLOCK - len));
    while starts != 0 {
        let offset = starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let at = pos + offset;
        // The window holds the shape (NUL-padded past the buffer); the token rules need `buf`.
        if has_shape(window, offset) && stands_alone(buf, at) {
            // Made for each anchor (a few instructions with `pmovmskb`), not kept for the
            // block: most blocks that hit hold none, and the compiler made a kept mask for
            // every block.
            let before = feeds(window) & ((1u64 << offset) - 1);
            hand_on(
                on_anchor,
                at,
                newlines_before + u64::from(before.count_ones()),
            );
        }
    }
}

/// Calls `on_anchor` for an anchor, out of line: the caller's work on a code (all of the
/// scanner's reading of it) inlined into [`report`] made its every call copy the closure's
/// captures and save registers for each block that hits, while few of them hold a code
/// (docs/performance.md, "Measurements behind the code").
#[inline(never)]
fn hand_on(on_anchor: &mut impl FnMut(usize, u64), at: usize, newlines: u64) {
    on_anchor(at, newlines);
}
