//! Block scan written for the compiler's vectorizer: 64 bytes at a time, no intrinsics.
//!
//! Why not `core::arch`: calling an SSE2 intrinsic is safe only inside a
//! `#[target_feature(enable = "sse2")]` function, and calling such a function from one without
//! the attribute needs `unsafe` even on x86_64, where SSE2 is always on (rustc 1.95, E0133). The
//! crate denies `unsafe_code`, so this module states the work as fixed-size array loops that LLVM
//! turns into 16-byte vector code (on x86_64: `movdqu`, `paddb`, `pcmpgtb`, `pcmpeqb`, `psubb`,
//! one `pmovmskb` for the test of the block; NEON on aarch64), and keeps the branchy part out
//! of the hot loop. The compiler does not turn bit-gathering loops into `pmovmskb` masks, so
//! the flags of a block that hits stay one byte per position.
//!
//! Per block it computes two things:
//! - a prefilter: is there an `i` in `0..64` with a full stop at `i + 4` and a digit at
//!   `i + 5` (the middle of `dddd.dd`)? Prose has a full stop every ~43 bytes but a digit after
//!   one rarely (decimals, dates), so a hit is uncommon (3.8% of the blocks of the bench corpus,
//!   which has a false friend every ~2 KB) and its block is rechecked position by position in
//!   [`report`];
//! - the line feeds of the block, added into 16 byte lanes that are summed only every 63
//!   blocks or when an anchor needs its line.
//!
//! The hot loop is about 55 instructions a block (cachegrind on 64 MiB of the bench corpus:
//! 82.0 M instructions for the whole example before the lanes and the folded test, 73.9 M
//! after). On this project's machine it runs at 4-5 GB/s on one core over text in memory,
//! against 8-9 GB/s for memchr's AVX2 line count over the same bytes.

use super::{has_shape, stands_alone};

/// Bytes per block.
const BLOCK: usize = 64;
/// Bytes the prefilter reads from a block start: starts `0..64` look at bytes `4..=68`.
const WINDOW: usize = BLOCK + 8;

/// Byte lanes that count line feeds: one 16-byte vector, so that the hot loop keeps it in a
/// register. Lane `i` counts the line feeds at offsets `i`, `i + 16`, `i + 32` and `i + 48` of
/// each block.
const LANES: usize = 16;

/// Blocks whose line feeds a byte lane can add up before it could overflow: each block adds
/// at most 4 to a lane.
const LANE_BLOCKS: u32 = u8::MAX as u32 / 4;

/// Line feeds counted per byte lane over up to [`LANE_BLOCKS`] blocks, summed only when
/// needed: a horizontal sum per block would cost as much as the count itself.
#[derive(Clone, Copy)]
struct Lanes {
    counts: [u8; LANES],
    blocks: u32,
}

impl Lanes {
    const EMPTY: Lanes = Lanes {
        counts: [0; LANES],
        blocks: 0,
    };

    /// Adds the line feeds of the first [`BLOCK`] bytes of `window`; moves the total so far
    /// into `newlines` when the lanes are full.
    #[inline(always)]
    fn add(&mut self, window: &[u8; WINDOW], newlines: &mut u64) {
        let feed = |i: usize| u8::from(window[i] == b'\n');
        for (i, count) in self.counts.iter_mut().enumerate() {
            let block = feed(i) + feed(i + 16) + feed(i + 32) + feed(i + 48);
            *count = count.wrapping_add(block);
        }
        self.blocks += 1;
        if self.blocks == LANE_BLOCKS {
            *newlines += self.sum();
            *self = Lanes::EMPTY;
        }
    }

    /// Line feeds counted in the lanes.
    #[inline(always)]
    fn sum(&self) -> u64 {
        // Eight lanes a word: add neighbouring lanes into 16-bit fields (at most 510), the two
        // words into each other (at most 1,020), then the four fields with one multiply.
        const LOW: u64 = 0x00FF_00FF_00FF_00FF;
        let words = bytemuck::cast::<[u8; LANES], [u64; 2]>(self.counts);
        let fields = words
            .iter()
            .fold(0u64, |acc, &w| acc + (w & LOW) + ((w >> 8) & LOW));
        fields.wrapping_mul(0x0001_0001_0001_0001) >> 48
    }
}

/// Scans `buf[start..end]` (already clamped, `start <= end <= buf.len()`); see
/// [`super::scan_range`]. Returns the number of line feeds in the range.
pub(super) fn scan(
    buf: &[u8],
    start: usize,
    end: usize,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    let mut newlines = 0;
    let mut lanes = Lanes::EMPTY;
    let mut pos = start;
    // Hot loop: whole blocks inside the range whose window lies inside the buffer.
    while end - pos >= BLOCK {
        let Some(window) = buf.get(pos..).and_then(<[u8]>::first_chunk::<WINDOW>) else {
            break;
        };
        if hits(window) {
            report(buf, pos, BLOCK, window, newlines + lanes.sum(), on_anchor);
        }
        lanes.add(window, &mut newlines);
        pos += BLOCK;
    }
    newlines += lanes.sum();
    // The rest, at most two blocks: a window padded with NUL past the end of the buffer (NUL is
    // neither a digit, a full stop nor a line feed), and only `len` bytes counted.
    while pos < end {
        let len = (end - pos).min(BLOCK);
        let rest = &buf[pos..];
        let mut window = [0; WINDOW];
        let copied = rest.len().min(WINDOW);
        window[..copied].copy_from_slice(&rest[..copied]);
        if any(&prefilter(&window)) {
            report(buf, pos, len, &window, newlines, on_anchor);
        }
        newlines += newlines_in(&buf[pos..pos + len]);
        pos += len;
    }
    newlines
}

/// Whether `b` is an ASCII digit, written for the vectorizer: SSE2 has no unsigned byte
/// compare, so the digits are moved to the bottom of the signed range and compared once.
#[inline(always)]
fn is_digit(b: u8) -> bool {
    (b.wrapping_add(0x80 - b'0') as i8) < (0x80u8.wrapping_add(10) as i8)
}

/// Prefilter flags for the 64 starts of a block, as 8 little-endian words: byte `i % 8` of word
/// `i / 8` is 1 when `window[i + 4..=i + 5]` is a full stop and a digit, the middle of
/// `dddd.dd`. Prose has a full stop every ~43 bytes but a digit after one rarely (decimals,
/// dates), so a hit is uncommon.
#[inline(always)]
fn prefilter(window: &[u8; WINDOW]) -> [u64; BLOCK / 8] {
    byte_flags(|i| (window[i + 4] == b'.') & is_digit(window[i + 5]))
}

/// Whether any prefilter flag of the block is set: [`prefilter`] folded to one `bool` as the
/// compares come, which spares the hot loop making flags of 0 and 1.
#[inline(always)]
fn hits(window: &[u8; WINDOW]) -> bool {
    window[4..BLOCK + 4]
        .iter()
        .zip(&window[5..BLOCK + 5])
        .fold(false, |acc, (&stop, &next)| {
            acc | ((stop == b'.') & is_digit(next))
        })
}

/// Whether any prefilter flag is set.
#[inline(always)]
fn any(words: &[u64; BLOCK / 8]) -> bool {
    words.iter().fold(0, |acc, &word| acc | word) != 0
}

/// Line feeds in a short slice.
fn newlines_in(bytes: &[u8]) -> u64 {
    bytes.iter().map(|&b| u64::from(b == b'\n')).sum()
}

/// Reports the anchors among the first `len` starts of the block at `pos`, whose prefilter hit.
/// `newlines_before` counts the line feeds from the range start to `pos`.
#[cold]
#[inline(never)]
fn report(
    buf: &[u8],
    pos: usize,
    len: usize,
    window: &[u8; WINDOW],
    newlines_before: u64,
    on_anchor: &mut impl FnMut(usize, u64),
) {
    let mut newlines = None; // flags of the block's line feeds, made for the first anchor
    for (word_index, &word) in prefilter(window).iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let offset = word_index * 8 + word.trailing_zeros() as usize / 8;
            word &= word - 1; // each flag byte is 0 or 1: this clears exactly one flag
            let at = pos + offset;
            // The window holds the shape (NUL-padded past the buffer); the token rules need `buf`.
            if offset < len && has_shape(window, offset) && stands_alone(buf, at) {
                let newlines = newlines.get_or_insert_with(|| byte_flags(|i| window[i] == b'\n'));
                on_anchor(at, newlines_before + flags_before(newlines, offset));
            }
        }
    }
}

/// Flags for the 64 bytes of a block as 8 little-endian words: byte `i % 8` of word `i / 8` is 1
/// when `test(i)` holds. Written so that the compiler vectorizes it.
#[inline(always)]
fn byte_flags(test: impl Fn(usize) -> bool) -> [u64; BLOCK / 8] {
    let flags: [u8; BLOCK] = core::array::from_fn(|i| u8::from(test(i)));
    bytemuck::cast::<[u8; BLOCK], [u64; BLOCK / 8]>(flags).map(u64::from_le)
}

/// Number of flags among the first `offset` bytes (`offset < 64`) of a [`byte_flags`] result.
fn flags_before(words: &[u64; BLOCK / 8], offset: usize) -> u64 {
    // Multiplying a word of 0/1 bytes by 0x0101..01 sums its bytes into the top byte.
    let sum = |word: u64| word.wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let whole: u64 = words[..offset / 8].iter().map(|&word| sum(word)).sum();
    let part = words[offset / 8] & ((1u64 << (8 * (offset % 8))) - 1);
    whole + sum(part)
}
