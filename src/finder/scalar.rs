//! Portable byte-at-a-time scan: the reference for the SIMD path.

use super::{has_shape, stands_alone};

/// Scans `buf[start..end]` (already clamped, `start <= end <= buf.len()`); see
/// [`super::scan_range`]. Returns the number of line feeds in the range.
pub(super) fn scan(
    buf: &[u8],
    start: usize,
    end: usize,
    on_anchor: &mut impl FnMut(usize, u64),
) -> u64 {
    let mut newlines = 0;
    for (offset, &byte) in buf[start..end].iter().enumerate() {
        let at = start + offset;
        // The full stop is the rarest byte of the shape: test it first.
        if buf.get(at + 4) == Some(&b'.') && has_shape(buf, at) && stands_alone(buf, at) {
            on_anchor(at, newlines);
        }
        newlines += u64::from(byte == b'\n');
    }
    newlines
}
