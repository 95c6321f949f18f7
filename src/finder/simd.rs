//! Block scan written for the compiler's vectorizer: 64 bytes at a time, no intrinsics.
//!
//! Why not `core::arch`: calling an SSE2 intrinsic is safe only inside a
//! `#[target_feature(enable = "sse2")]` function, and calling such a function from one without
//! the attribute needs `unsafe` even on x86_64, where SSE2 is always on (rustc 1.95, E0133). The
//! crate denies `unsafe_code`, so this module states the work as fixed-size array loops that LLVM
//! turns into 16-byte vector code (on x86_64: `movdqu`, `paddb`, `pminub`, `pcmpeqb`, `psadbw`;
//! NEON on aarch64), and keeps the branchy part out of the hot loop. The compiler does not turn
//! bit-gathering loops into `pmovmskb`, so the flags stay one byte per position.
//!
//! Measured on 64 MiB of generated prose (benches/finder.rs, one core): this scan 7.8 GB/s; the
//! classic 64-bit-mask pipeline (4 x `pmovmskb` per block for digits, full stops and line
//! feeds, the shape tested with shifts of the masks, `popcnt` for lines) written with intrinsics
//! and `unsafe` 5.9 GB/s. On a GBR directory (an anchor every 20 bytes) the mask pipeline wins,
//! 1.6 against 1.3 GB/s, but there the work per anchor downstream dominates.
//!
//! Per block it computes two things:
//! - a prefilter: is there an `i` in `0..64` with a digit at `i + 3`, a full stop at `i + 4` and
//!   a digit at `i + 5` (the middle of `dddd.dd`)? Prose has a full stop every ~43 bytes but a
//!   digit on both sides of one rarely (decimals, dates), so a hit is uncommon and its block is
//!   rechecked position by position in [`report`];
//! - the number of line feeds in the block.

use super::{has_shape, stands_alone};

/// Bytes per block.
const BLOCK: usize = 64;
/// Bytes the prefilter reads from a block start: starts `0..64` look at bytes `3..=68`.
const WINDOW: usize = BLOCK + 8;

/// Scans `buf[start..end]` (already clamped, `start <= end <= buf.len()`); see
/// [`super::scan_range`]. Returns the number of line feeds in the range.
pub(super) fn scan(
    buf: &[u8],
    start: usize,
    end: usize,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    let mut newlines = 0;
    let mut pos = start;
    // Hot loop: whole blocks inside the range whose window lies inside the buffer.
    while end - pos >= BLOCK {
        let Some(window) = buf.get(pos..).and_then(<[u8]>::first_chunk::<WINDOW>) else {
            break;
        };
        if any(&candidates(window)) {
            report(buf, pos, BLOCK, window, newlines, on_anchor);
        }
        newlines += count_newlines(window);
        pos += BLOCK;
    }
    // The rest, at most two blocks: a window padded with NUL past the end of the buffer (NUL is
    // neither a digit, a full stop nor a line feed), and only `len` bytes counted.
    while pos < end {
        let len = (end - pos).min(BLOCK);
        let rest = &buf[pos..];
        let mut window = [0; WINDOW];
        let copied = rest.len().min(WINDOW);
        window[..copied].copy_from_slice(&rest[..copied]);
        if any(&candidates(&window)) {
            report(buf, pos, len, &window, newlines, on_anchor);
        }
        newlines += newlines_in(&buf[pos..pos + len]);
        pos += len;
    }
    newlines
}

/// Prefilter flags for the 64 starts of a block, as 8 little-endian words: byte `i % 8` of word
/// `i / 8` is 1 when `window[i + 3..=i + 5]` is digit, full stop, digit.
#[inline(always)]
fn candidates(window: &[u8; WINDOW]) -> [u64; BLOCK / 8] {
    // Both neighbours are digits when the larger of their distances above '0' is below 10.
    let digits = |a: u8, b: u8| a.wrapping_sub(b'0').max(b.wrapping_sub(b'0')) < 10;
    byte_flags(|i| digits(window[i + 3], window[i + 5]) & (window[i + 4] == b'.'))
}

/// Whether any prefilter flag is set.
#[inline(always)]
fn any(words: &[u64; BLOCK / 8]) -> bool {
    words.iter().fold(0, |acc, &word| acc | word) != 0
}

/// Line feeds in the first [`BLOCK`] bytes of `window`.
#[inline(always)]
fn count_newlines(window: &[u8; WINDOW]) -> u64 {
    // At most 64: a byte-wide sum cannot overflow, and it vectorizes to compares and one psadbw.
    u64::from(
        window[..BLOCK]
            .iter()
            .fold(0u8, |sum, &b| sum.wrapping_add(u8::from(b == b'\n'))),
    )
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
    for (word_index, &word) in candidates(window).iter().enumerate() {
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
