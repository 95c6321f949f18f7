//! The bit masks of a 64-byte block: bit `i` for byte (or start) `i`. On x86_64 they are made
//! with SSE2 intrinsics through pulp's `Sse2` token, which holds their `unsafe` ([`sse2`]); the
//! compiler does not turn bit-gathering loops into `pmovmskb` masks. Elsewhere they are made
//! with one multiply per eight bytes ([`bit_mask`]). Both block loops ([`super::simd`],
//! [`super::avx2`]) and the look-back over the lines above a code take them from here.

use super::simd::{BLOCK, WINDOW};

/// Whether `b` is an ASCII digit, written for the vectorizer: SSE2 has no unsigned byte
/// compare, so the digits are moved to the bottom of the signed range and compared once.
#[inline(always)]
pub(super) fn is_digit(b: u8) -> bool {
    (b.wrapping_add(0x80 - b'0') as i8) < (0x80u8.wrapping_add(10) as i8)
}

/// The prefilter's test of start `i` (`i < 64`): a full stop at `i + 4`, a digit at `i + 5`.
#[inline(always)]
pub(super) fn is_candidate(window: &[u8; WINDOW], i: usize) -> bool {
    (window[i + 4] == b'.') & is_digit(window[i + 5])
}

/// Bit `i` of the result is set for each start `i` of the block that passes the prefilter
/// ([`is_candidate`]).
#[inline(always)]
pub(super) fn candidates(window: &[u8; WINDOW]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(sse2) = pulp::core_arch::x86::Sse2::try_new() {
        return sse2::candidates(sse2, window);
    }
    bit_mask(|i| is_candidate(window, i))
}

/// Bit `i` of the result is set when byte `i` of the block is a line feed.
#[inline(always)]
pub(super) fn feeds(window: &[u8; WINDOW]) -> u64 {
    line_feeds(
        window
            .first_chunk::<BLOCK>()
            .expect("a window holds a block"),
    )
}

/// Bit `i` of the result is set when byte `i` of `block` is a line feed: for the look-back
/// over the lines above a code ([`crate::context::lines`]), 64 bytes at a time instead of a
/// search call a line.
#[inline(always)]
pub(crate) fn line_feeds(block: &[u8; BLOCK]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if let Some(sse2) = pulp::core_arch::x86::Sse2::try_new() {
        return sse2::equal(sse2, block, b'\n');
    }
    bit_mask(|i| block[i] == b'\n')
}

/// The bit masks of a block on x86_64, with SSE2's byte compares and `pmovmskb`, which the
/// compiler does not make of [`bit_mask`]'s loop: 16 bytes to 16 bits in two instructions
/// instead of a multiply per 8 bytes. SSE2 is part of every x86_64 CPU, so pulp's
/// `Sse2::try_new` is a constant `Some`, and its token makes the intrinsics safe to call.
/// It pays on the blocks that pass the prefilter and on the line feeds of the look-back
/// (docs/performance.md, "Measurements behind the code").
#[cfg(target_arch = "x86_64")]
mod sse2 {
    use std::arch::x86_64::__m128i;

    use pulp::core_arch::x86::Sse2;

    use super::{BLOCK, WINDOW};

    /// 16 bytes of `bytes` from `at` as a vector.
    #[inline(always)]
    fn load<const N: usize>(bytes: &[u8; N], at: usize) -> __m128i {
        let part: [u8; 16] = *bytes[at..]
            .first_chunk::<16>()
            .expect("16 bytes from a start the caller keeps in range");
        bytemuck::cast(part)
    }

    /// The 64 bits of the four 16-bit masks `part(0)` .. `part(3)`.
    #[inline(always)]
    fn join(part: impl Fn(usize) -> i32) -> u64 {
        (0..BLOCK / 16).fold(0, |mask, k| mask | (u64::from(part(k) as u16) << (16 * k)))
    }

    /// Bit `i` set when `block[i] == byte`.
    #[inline(always)]
    pub(super) fn equal(sse2: Sse2, block: &[u8; BLOCK], byte: u8) -> u64 {
        let needle = sse2._mm_set1_epi8(byte as i8);
        join(|k| sse2._mm_movemask_epi8(sse2._mm_cmpeq_epi8(load(block, 16 * k), needle)))
    }

    /// [`super::candidates`]: a full stop at `i + 4`, a digit at `i + 5`; the digits moved to
    /// the bottom of the signed range and compared once, as in [`super::is_digit`].
    #[inline(always)]
    pub(super) fn candidates(sse2: Sse2, window: &[u8; WINDOW]) -> u64 {
        let stop = sse2._mm_set1_epi8(b'.' as i8);
        let shift = sse2._mm_set1_epi8(0x80u8.wrapping_sub(b'0') as i8);
        let limit = sse2._mm_set1_epi8(0x80u8.wrapping_add(10) as i8);
        join(|k| {
            let stops = sse2._mm_cmpeq_epi8(load(window, 16 * k + 4), stop);
            let moved = sse2._mm_add_epi8(load(window, 16 * k + 5), shift);
            let digits = sse2._mm_cmplt_epi8(moved, limit);
            sse2._mm_movemask_epi8(sse2._mm_and_si128(stops, digits))
        })
    }
}

/// Bit `i` of the result is set when `test(i)` holds, for the 64 starts of a block: the tests
/// as 0/1 bytes (a loop the compiler vectorises), then [`gather`]ed. The portable build of the
/// masks; x86_64 has [`sse2`].
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
pub(super) fn bit_mask(test: impl Fn(usize) -> bool) -> u64 {
    let mut flags = [0u8; BLOCK];
    for (i, flag) in flags.iter_mut().enumerate() {
        *flag = u8::from(test(i));
    }
    gather(&flags)
}

/// The 0/1 bytes of `flags` as a bit mask, byte `i` to bit `i`.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
#[inline(always)]
fn gather(flags: &[u8; BLOCK]) -> u64 {
    // A multiply gathers the eight 0/1 bytes of a word into its top byte, byte `k` to bit `k`.
    let (words, _) = flags.as_chunks::<8>();
    words.iter().enumerate().fold(0, |mask, (i, &word)| {
        let bits = u64::from_le_bytes(word).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        mask | (bits << (8 * i))
    })
}
