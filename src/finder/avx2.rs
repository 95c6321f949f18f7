//! The block loop of [`super::simd`] written with AVX2 intrinsics, for x86_64 CPUs that have
//! AVX2 (x86-64-v3): [`super::scan_range`] runs it when pulp's `V3::try_new` finds the
//! features, and the plain-Rust loop otherwise.
//!
//! It computes what the plain loop computes, two blocks (128 bytes) a turn: the prefilter
//! (a full stop at `i + 4` and a digit at `i + 5`) and the line feeds, added into 32 byte
//! lanes summed once per group of pairs. What it adds is that the prefilter's compares stay in
//! registers as masks: a pair that hits (one in ten in real prose, whose version numbers and
//! dates put a digit after a full stop) has its candidates' whole shape `dddd.dd` made into a
//! bit mask of each block with `vpmovmskb`, so that only a start with the shape reaches the
//! token rules of [`super::simd::report`]. The plain loop tests a hit block again and then
//! each candidate byte by byte: in real prose that was an eighth of the scan's time
//! (docs/performance.md, "The finder's block loop").
//!
//! pulp's `V3` token holds the `unsafe` of the intrinsics: it exists only once the CPU's
//! features were checked, and the loop runs inside its `vectorize`, compiled for them.

use std::arch::x86_64::__m256i;

use pulp::x86::V3;

use super::simd::{BLOCK, WINDOW, report, scan_tail, whole_steps};

/// Bytes the loop takes a turn: two blocks.
const PAIR: usize = 2 * BLOCK;
/// Bytes read from the start of a pair: both blocks' windows.
const PAIR_WINDOW: usize = PAIR + (WINDOW - BLOCK);
/// Pairs whose line feeds the byte lanes add up before they are summed: a pair adds at most 4
/// to a lane (one for each of its four 32-byte vectors), and a lane holds 255.
const GROUP_PAIRS: usize = u8::MAX as usize / 4;

/// [`super::simd::scan`] on a CPU with AVX2: the same contract.
pub(super) fn scan(
    v3: V3,
    buf: &[u8],
    start: usize,
    end: usize,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    pulp::Simd::vectorize(
        v3,
        Pairs {
            v3,
            buf,
            start,
            end,
            on_anchor,
        },
    )
}

/// The arguments of [`scan`], as the operation pulp runs with the CPU's features.
struct Pairs<'a, F> {
    v3: V3,
    buf: &'a [u8],
    start: usize,
    end: usize,
    on_anchor: &'a mut F,
}

impl<F: FnMut(usize, u64)> pulp::WithSimd for Pairs<'_, F> {
    type Output = u64;

    /// [`scan_pairs`] (the token `S` is unused: the intrinsics are called through the `V3`
    /// token the operation holds).
    #[inline(always)]
    fn with_simd<S: pulp::Simd>(self, _: S) -> u64 {
        scan_pairs(self)
    }
}

/// The vectors the loop compares with.
#[derive(Clone, Copy)]
struct Needles {
    /// The full stop in every byte.
    stop: __m256i,
    /// The line feed in every byte.
    feed: __m256i,
    /// Added to a byte, moves the digits to the bottom of the signed range.
    shift: __m256i,
    /// A moved byte below this was a digit.
    limit: __m256i,
}

impl Needles {
    /// The vectors, made once a scan.
    #[inline(always)]
    fn new(v3: V3) -> Needles {
        let splat = |b: u8| v3.avx._mm256_set1_epi8(b as i8);
        Needles {
            stop: splat(b'.'),
            feed: splat(b'\n'),
            shift: splat(0x80u8.wrapping_sub(b'0')),
            limit: splat(0x80u8.wrapping_add(10)),
        }
    }

    /// Bytes of `v` that are ASCII digits, as a mask vector.
    #[inline(always)]
    fn digits(self, v3: V3, v: __m256i) -> __m256i {
        let moved = v3.avx2._mm256_add_epi8(v, self.shift);
        v3.avx2._mm256_cmpgt_epi8(self.limit, moved)
    }

    /// Bytes of `v` that are full stops, as a mask vector.
    #[inline(always)]
    fn stops(self, v3: V3, v: __m256i) -> __m256i {
        v3.avx2._mm256_cmpeq_epi8(v, self.stop)
    }
}

/// 32 bytes of `bytes` from `at`.
#[inline(always)]
fn load<const N: usize>(bytes: &[u8; N], at: usize) -> __m256i {
    let part: [u8; 32] = *bytes[at..]
        .first_chunk::<32>()
        .expect("32 bytes from a start the caller keeps in range");
    bytemuck::cast(part)
}

/// The body of [`scan`], compiled for AVX2.
#[inline(always)]
fn scan_pairs(op: Pairs<'_, impl FnMut(usize, u64)>) -> u64 {
    let Pairs {
        v3,
        buf,
        start,
        end,
        on_anchor,
    } = op;
    let needles = Needles::new(v3);
    let mut newlines = 0;
    // The whole pairs inside the range whose window lies inside the buffer.
    let pairs = whole_steps(buf.len(), start, end, PAIR, PAIR_WINDOW);
    let mut group = 0;
    while group < pairs {
        let count = GROUP_PAIRS.min(pairs - group);
        let first = start + group * PAIR;
        // The windows are cut from a slice that ends exactly at the last one, so that the
        // compiler drops the bounds checks; the loop's only counter is the shrinking slice.
        let hot = &buf[first..first + count * PAIR + (PAIR_WINDOW - PAIR)];
        let mut lanes = v3.avx._mm256_setzero_si256();
        let mut rest = hot;
        while let Some(pair) = rest.first_chunk::<PAIR_WINDOW>() {
            let candidates = |k: usize| {
                let stops = needles.stops(v3, load(pair, 32 * k + 4));
                let digits = needles.digits(v3, load(pair, 32 * k + 5));
                v3.avx2._mm256_and_si256(stops, digits)
            };
            let any = v3.avx2._mm256_or_si256(
                v3.avx2._mm256_or_si256(candidates(0), candidates(1)),
                v3.avx2._mm256_or_si256(candidates(2), candidates(3)),
            );
            if v3.avx._mm256_testz_si256(any, any) == 0 {
                let at = first + (hot.len() - rest.len());
                let before = newlines + sum(v3, lanes);
                hit(v3, needles, buf, at, pair, before, on_anchor);
            }
            for k in 0..4 {
                // A line feed compares as -1: subtracted, it adds one.
                let feeds = v3.avx2._mm256_cmpeq_epi8(load(pair, 32 * k), needles.feed);
                lanes = v3.avx2._mm256_sub_epi8(lanes, feeds);
            }
            rest = &rest[PAIR..];
        }
        newlines += sum(v3, lanes);
        group += count;
    }
    scan_tail(buf, start + pairs * PAIR, end, newlines, on_anchor)
}

/// The line feeds counted in `lanes`.
#[inline(always)]
fn sum(v3: V3, lanes: __m256i) -> u64 {
    let sums = v3
        .avx2
        ._mm256_sad_epu8(lanes, v3.avx._mm256_setzero_si256());
    bytemuck::cast::<__m256i, [u64; 4]>(sums).iter().sum()
}

/// A pair at `at` whose prefilter hit: each of its blocks with a start of the whole shape is
/// reported. `before` counts the line feeds before the pair.
#[inline(always)]
fn hit(
    v3: V3,
    needles: Needles,
    buf: &[u8],
    at: usize,
    pair: &[u8; PAIR_WINDOW],
    before: u64,
    on_anchor: &mut impl FnMut(usize, u64),
) {
    let (low, _) = pair
        .split_first_chunk::<WINDOW>()
        .expect("a pair holds a window");
    let (_, high) = pair.split_last_chunk::<WINDOW>().expect("a pair holds two");
    let low_shapes = shapes(v3, needles, low);
    if low_shapes != 0 {
        report(buf, at, BLOCK, low, low_shapes, before, on_anchor);
    }
    let high_shapes = shapes(v3, needles, high);
    if high_shapes != 0 {
        let mask = |k: usize| {
            let feeds = v3.avx2._mm256_cmpeq_epi8(load(low, 32 * k), needles.feed);
            v3.avx2._mm256_movemask_epi8(feeds).count_ones()
        };
        let low_feeds = u64::from(mask(0) + mask(1));
        report(
            buf,
            at + BLOCK,
            BLOCK,
            high,
            high_shapes,
            before + low_feeds,
            on_anchor,
        );
    }
}

/// Bit `i` set for each start `i` of the block of `window` (`i < 64`) where `dddd.dd` stands:
/// the digit masks of the window's first 70 bytes shifted onto each other, and the full stops
/// of bytes 4..68.
#[inline(always)]
fn shapes(v3: V3, needles: Needles, window: &[u8; WINDOW]) -> u64 {
    let bits = |v: __m256i| v3.avx2._mm256_movemask_epi8(v) as u32;
    // Digits of bytes 0..72: the last load (40..72) overlaps the second, which changes nothing
    // in an OR of equal bits.
    let digits = |at: usize| u128::from(bits(needles.digits(v3, load(window, at))));
    let d = digits(0) | digits(32) << 32 | digits(40) << 40;
    // Bit `i`: digits at `i` and `i + 1`; then the pairs at `i`, `i + 2` and `i + 5` make the
    // six digits of the shape: three shifts of 128 bits where the six digits one by one took
    // six (docs/performance.md, "Measurements behind the code").
    let pairs = d & d >> 1;
    let stops = |at: usize| u64::from(bits(needles.stops(v3, load(window, at))));
    // Bit `i`: a full stop at `i + 4`.
    let stop = stops(4) | stops(36) << 32;
    pairs as u64 & (pairs >> 2) as u64 & (pairs >> 5) as u64 & stop
}
