//! The anchor finder: the hot loop of the scanner.
//!
//! An *anchor* is a place where a GBR material code may start: seven bytes of the shape
//! `dddd.dd` (four ASCII digits, a full stop, two ASCII digits; gbr-notation.md §1) that stand as their own
//! token (gbr-notation.md §5). The finder reports anchors and counts line feeds in the same pass, so the
//! scanner gets line numbers without reading the text twice.
//!
//! [`scan_range`] works on 64-byte blocks: a full-stop-digit prefilter and a line-feed count
//! per block, with the rare blocks that pass the prefilter checked for the whole shape. On an
//! x86_64 CPU with AVX2 the loop is written with intrinsics through pulp's `V3` token
//! (`avx2.rs`); elsewhere it is plain array code that the compiler vectorizes (SSE2 on x86_64,
//! NEON on aarch64; `simd.rs`, which says why it takes no intrinsics of its own). The bit masks
//! of a block both loops share are `mask.rs`'s.
//! [`scan_range_scalar`] is the byte-at-a-time reference the tests and benches compare both
//! with.
//!
//! Offsets are 0-based byte offsets into the buffer throughout.

use std::ops::Range;

#[cfg(target_arch = "x86_64")]
mod avx2;
mod mask;
mod scalar;
mod simd;

pub(crate) use mask::line_feeds;
#[cfg(test)]
mod tests;

/// Bytes in the anchor shape `dddd.dd`.
pub const ANCHOR_LEN: usize = 7;

/// Result of scanning one range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeScan {
    /// Number of line feeds (`b'\n'`) in the scanned range.
    pub newlines: u64,
}

/// Calls `on_anchor(start, newlines_before)` in ascending order for every `start` in `range` where
/// `buf[start..start + 7]` has the shape `dddd.dd` (ASCII digits, a full stop) and `is_token`
/// accepts it. `newlines_before` is the number of `b'\n'` in `buf[range.start..start]`.
///
/// The shape may extend past `range.end` (the finder reads `buf` beyond the range, up to
/// `buf.len()`), and the token rules look at up to 4 bytes before `start` and 3 after the shape,
/// even outside the range. So consecutive ranges that tile a buffer report exactly the anchors of
/// the whole buffer, each once. Returns the number of `b'\n'` in `buf[range]`.
///
/// Never panics: `range` is clamped to the buffer, and an inverted range is empty.
pub fn scan_range(
    buf: &[u8],
    range: Range<usize>,
    mut on_anchor: impl FnMut(usize, u64),
) -> RangeScan {
    let (start, end) = clamp(buf.len(), range);
    RangeScan {
        newlines: scan_blocks(buf, start, end, &mut on_anchor),
    }
}

/// The block loop this CPU runs over `buf[start..end]` (already clamped): on x86_64 with AVX2
/// (pulp's `V3::try_new`, which checks the CPU) the loop of [`avx2`]; elsewhere the one of
/// [`simd`], compiled for the target's baseline (SSE2 on x86_64, NEON on aarch64). Returns the
/// number of line feeds in the range.
fn scan_blocks(
    buf: &[u8],
    start: usize,
    end: usize,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(v3) = pulp::x86::V3::try_new() {
        return avx2::scan(v3, buf, start, end, on_anchor);
    }
    simd::scan(buf, start, end, on_anchor)
}

/// The portable byte-at-a-time implementation of [`scan_range`], with the same contract.
///
/// About 8x slower than [`scan_range`] on prose; the reference that the vectorized path is
/// tested and benchmarked against (`gbrscan::internals::finder` for the fuzz crate and the
/// benchmark).
pub fn scan_range_scalar(
    buf: &[u8],
    range: Range<usize>,
    mut on_anchor: impl FnMut(usize, u64),
) -> RangeScan {
    let (start, end) = clamp(buf.len(), range);
    RangeScan {
        newlines: scalar::scan(buf, start, end, &mut on_anchor),
    }
}

/// Whether `buf[start..start + 7]` has the anchor shape `dddd.dd` and stands as its own token
/// (the false friends of gbr-notation.md §5). `false` when the shape does not fit in `buf`.
///
/// The shape is rejected when the text around it shows it is part of something else:
/// - before it: an ASCII digit (`12345.67`); an ASCII letter or `_` (`ISBN9780.12`); `.` `,`
///   `-` or `/` after a digit (`10.0323.12`, `1,0323.12`, `77-0001.00`); `..` after a digit
///   (`12..0116.00`); a currency sign, directly or after one ASCII
///   space (`$`, `£`, `€`, `¥` in UTF-8; `£` `¥` in Latin-1 and `€` in Windows-1252, see below);
/// - after it: an ASCII digit (`0323.123`); `.` `,` `-` or `/` before a digit (`2012.10.05`,
///   an account `0001.00-77`, a range `1234.56-1299.99`); `..` before a digit; `%`.
///
/// Everything else is accepted: the start of the buffer, white space, `+ = ( [ -`, a `.` or `,`
/// not after a digit before; the end of the buffer, white space, letters (`=0323.12g3g1`, kings
/// glued on), `.` before a letter (`0000.02.a1a8.a2b2`), `.` at the end, `) ] :` and so on after.
///
/// The one-byte Latin-1 / Windows-1252 signs (`0xA3` `£`, `0xA5` `¥`, `0x80` `€`) are UTF-8
/// continuation bytes, so they count as currency only when the byte before them is ASCII (or
/// there is none): after any other non-ASCII byte they are taken as the tail of some UTF-8
/// character. Looks at up to 4 bytes before `start` and 3 bytes after the shape.
pub fn is_token(buf: &[u8], start: usize) -> bool {
    has_shape(buf, start) && stands_alone(buf, start)
}

/// Clamps `range` to a buffer of `len` bytes; an inverted range becomes empty.
fn clamp(len: usize, range: Range<usize>) -> (usize, usize) {
    let end = range.end.min(len);
    (range.start.min(end), end)
}

/// Whether `buf[start..start + 7]` is `dddd.dd` (ASCII digits around a full stop), without
/// the token rules of [`is_token`]; `false` when the shape does not fit in `buf`.
pub fn has_shape(buf: &[u8], start: usize) -> bool {
    match buf.get(start..).and_then(<[u8]>::first_chunk::<ANCHOR_LEN>) {
        Some(&[a, b, c, d, b'.', e, f]) => [a, b, c, d, e, f].iter().all(u8::is_ascii_digit),
        _ => false,
    }
}

/// The token rules of [`is_token`] for a shape known to be at `start`.
///
/// Inlined into the finder's report loop, where it runs for every shape (a false friend every
/// ~1.7 KB of prose): as a call it cost more a shape (docs/performance.md, "Measurements
/// behind the code").
#[inline(always)]
fn stands_alone(buf: &[u8], start: usize) -> bool {
    // The two bytes on each side, `None` past either end of the buffer. Most shapes lie well
    // inside it and have all four read at once from one slice, bounds checked once: shapes
    // (dates, versions, prices) are common in prose, and each byte looked up on its own cost
    // several times more (docs/performance.md, "Measurements behind the code").
    let [before2, before1, after1, after2] = match start
        .checked_sub(2)
        .and_then(|from| buf.get(from..from + ANCHOR_LEN + 4))
    {
        Some(&[b2, b1, _, _, _, _, _, _, _, a1, a2]) => [Some(b2), Some(b1), Some(a1), Some(a2)],
        _ => {
            let at = |i: Option<usize>| i.and_then(|i| buf.get(i)).copied();
            [
                at(start.checked_sub(2)),
                at(start.checked_sub(1)),
                at(start.checked_add(ANCHOR_LEN)),
                at(start.checked_add(ANCHOR_LEN + 1)),
            ]
        }
    };
    let digit = |b: Option<u8>| b.is_some_and(|b| b.is_ascii_digit());

    // Two full stops between digits (`12..0116.00..45`) glue as one does; the third byte is
    // read only then.
    let third = |i: Option<usize>| digit(i.and_then(|i| buf.get(i)).copied());
    let glued_before = match before1 {
        Some(b) if b.is_ascii_alphanumeric() || b == b'_' => true,
        Some(b'.') if before2 == Some(b'.') => third(start.checked_sub(3)),
        Some(b'.' | b',' | b'-' | b'/') => digit(before2),
        _ => false,
    };
    let glued_after = match after1 {
        Some(b) if b.is_ascii_digit() || b == b'%' => true,
        Some(b'.') if after2 == Some(b'.') => third(start.checked_add(ANCHOR_LEN + 2)),
        Some(b'.' | b',' | b'-' | b'/') => digit(after2),
        _ => false,
    };
    // Most shapes that are not codes are glued (prices, dates, versions): the currency signs
    // are looked for only when neither side is.
    if glued_before || glued_after {
        return false;
    }
    let priced = match start.checked_sub(1) {
        Some(i) => {
            currency_ends_at(buf, i)
                || (before1 == Some(b' ') && i > 0 && currency_ends_at(buf, i - 1))
        }
        None => false,
    };
    !priced
}

/// Whether a currency sign ends at `buf[i]`: `$`; `£` `¥` as UTF-8 (`C2 A3`, `C2 A5`) or
/// Latin-1 (`A3`, `A5`); `€` as UTF-8 (`E2 82 AC`) or Windows-1252 (`80`). A one-byte form counts
/// only when the byte before it is ASCII or absent (see [`is_token`]).
fn currency_ends_at(buf: &[u8], i: usize) -> bool {
    let prev = |back: usize| i.checked_sub(back).and_then(|j| buf.get(j)).copied();
    match buf.get(i) {
        Some(b'$') => true,
        Some(0xA3 | 0xA5) => prev(1).is_none_or(|p| p == 0xC2 || p.is_ascii()),
        Some(0x80) => prev(1).is_none_or(|p| p.is_ascii()),
        Some(0xAC) => prev(2) == Some(0xE2) && prev(1) == Some(0x82),
        _ => false,
    }
}
