//! Anchor finder: where the obligatory `dddd.dd` stands as its own token (GBR.md §1, §5).
//! Scalar stand-in; the SIMD finder replaces it.

use std::ops::Range;

/// Bytes in the anchor shape `dddd.dd`.
pub const ANCHOR_LEN: usize = 7;

/// Result of scanning one range.
pub struct RangeScan {
    /// Line feeds in the range.
    pub newlines: u64,
}

fn shape(buf: &[u8], i: usize) -> bool {
    buf.get(i..i + 7).is_some_and(|w| {
        w[4] == b'.'
            && w.iter()
                .enumerate()
                .all(|(k, b)| k == 4 || b.is_ascii_digit())
    })
}

/// Token rules of GBR.md §5 at a shape start.
pub fn is_token(buf: &[u8], start: usize) -> bool {
    let digit = |i: Option<usize>| i.and_then(|i| buf.get(i)).is_some_and(u8::is_ascii_digit);
    let before = start.checked_sub(1).and_then(|i| buf.get(i)).copied();
    let after = buf.get(start + 7).copied();
    if let Some(b) = before {
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'$' {
            return false;
        }
        if (b == b'.' || b == b',') && digit(start.checked_sub(2)) {
            return false;
        }
    }
    if let Some(a) = after {
        if a.is_ascii_digit() || a == b'%' {
            return false;
        }
        if (a == b'.' || a == b',') && digit(Some(start + 8)) {
            return false;
        }
    }
    true
}

/// Calls `on_anchor(start, newlines_before)` for every anchor starting in `range`.
pub fn scan_range(
    buf: &[u8],
    range: Range<usize>,
    mut on_anchor: impl FnMut(usize, u64),
) -> RangeScan {
    let end = range.end.min(buf.len());
    let start = range.start.min(end);
    let mut newlines = 0;
    for i in start..end {
        if shape(buf, i) && is_token(buf, i) {
            on_anchor(i, newlines);
        }
        newlines += u64::from(buf[i] == b'\n');
    }
    RangeScan { newlines }
}
