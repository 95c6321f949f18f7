//! Byte-level tokens of the forms of gbr-notation.md §2: gaps, squares, signs, men counts.
//!
//! Every function takes the whole buffer and a 0-based byte offset and never reads outside the
//! buffer, so a form broken over a chunk boundary reads the same as anywhere else.

use shakmaty::{File, Rank, Square};
use smallvec::SmallVec;

use super::space;

/// Most bytes of white space one gap between two tokens may hold. Real captions put a sign
/// some 30 spaces before its code (schaakstudiespinsels-2008 body); a line of text is shorter.
pub const MAX_GAP: usize = 100;

/// Most line breaks one gap may hold: tokens broken over lines join, a blank line between two
/// captions does not.
pub const MAX_GAP_LINES: usize = 1;

/// True for the white space of a gap: space, tab, CR, LF, form feed, vertical tab.
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | 0x0b | 0x0c)
}

/// True where a token may end or begin: not an ASCII letter or digit.
pub fn is_boundary(b: Option<u8>) -> bool {
    !matches!(b, Some(c) if c.is_ascii_alphanumeric())
}

/// The byte at `i`, `None` past either end.
pub fn at(buf: &[u8], i: usize) -> Option<u8> {
    buf.get(i).copied()
}

/// The byte before `i`, `None` at the start.
pub fn before(buf: &[u8], i: usize) -> Option<u8> {
    i.checked_sub(1).and_then(|j| at(buf, j))
}

/// The end of the gap that starts at `i`: `i` itself when no white space stands there, `None`
/// when the gap is longer than [`MAX_GAP`] or holds more than [`MAX_GAP_LINES`] line breaks.
/// White space is any blank of [`super::space`]: ASCII blanks, CR alone as a line end,
/// no-break and thin spaces, the soft hyphen, simple markup (`<b>`, `**`).
pub fn gap_forward(buf: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    let mut lines = 0;
    while let Some(b) = space::blank_at(buf, j) {
        lines += usize::from(b.line_end);
        j += b.len;
        if lines > MAX_GAP_LINES || j - i > MAX_GAP {
            return None;
        }
    }
    Some(j)
}

/// The start of the gap that ends at `i` (exclusive), with the limits of [`gap_forward`].
pub fn gap_backward(buf: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    let mut lines = 0;
    while let Some(b) = space::blank_before(buf, j) {
        lines += usize::from(b.line_end);
        j -= b.len;
        if lines > MAX_GAP_LINES || i - j > MAX_GAP {
            return None;
        }
    }
    Some(j)
}

/// The square `[a-h][1-8]` at `i`.
pub fn square_at(buf: &[u8], i: usize) -> Option<Square> {
    let (f, r) = (at(buf, i)?, at(buf, i + 1)?);
    if (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r) {
        // In range: the square of that file and rank, as `Square::from_ascii` reads it.
        Some(Square::from_coords(
            File::new(u32::from(f - b'a')),
            Rank::new(u32::from(r - b'1')),
        ))
    } else {
        None
    }
}

/// A run of glued squares with at most one full stop among them (`b2b3c6d6`, `.d4e3f2`,
/// `g2.c4c5`), as read from one token.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SquareRun {
    /// The squares in order, held inline up to [`RUN_INLINE`] (a full position has at most
    /// 32 men): the scanner reads one or more runs per code, and allocating each cost more
    /// than reading it.
    pub squares: Squares,
    /// Index into `squares` where a full stop stood, if one did.
    pub stop: Option<usize>,
    /// Byte offset just past the run.
    pub end: usize,
    /// True when the run ends in a square cut short (`b2b3c6d`, `b2b3c6d9`): read only by
    /// [`square_run_broken`], the cut square is part of the run's bytes but not of `squares`.
    pub broken: bool,
}

/// Squares a [`SquareRun`] holds without allocating: every man of a legal position.
pub const RUN_INLINE: usize = 32;

/// Squares as read, inline up to [`RUN_INLINE`].
pub type Squares = SmallVec<[Square; RUN_INLINE]>;

/// Reads glued squares from `i`, allowing one full stop before a square (the pawn mark).
/// `stop_allowed` is false when the caller already saw its pawn mark. The run must end at a
/// token boundary (not a letter or digit); a full stop not followed by a square ends the run
/// unread (it is a terminator). `None` when no square is read or the run does not end at a
/// boundary.
#[inline]
pub fn square_run(buf: &[u8], i: usize, stop_allowed: bool) -> Option<SquareRun> {
    if !starts_run(buf, i, stop_allowed) {
        return None;
    }
    read_run(buf, i, stop_allowed, false)
}

/// [`square_run`] that also takes a run ending in a square cut short: a file letter alone,
/// or with a rank digit out of range (`b2b3c6d`, `c6d9`), ending at a token boundary. The
/// run is then marked `broken`; the list it belongs to is one square short, which the
/// `squares` check reports (gbr-notation.md §3 rule 2).
#[inline]
pub fn square_run_broken(buf: &[u8], i: usize, stop_allowed: bool) -> Option<SquareRun> {
    if !starts_run(buf, i, stop_allowed) {
        return None;
    }
    read_run(buf, i, stop_allowed, true)
}

/// The first test of [`square_run`] and [`square_run_broken`], made before the call: a run
/// starts with a square, or with a pawn mark before one (when `stop_allowed`). Without either
/// no square is read and the run is `None` (a square cut short needs a square before it).
/// Most runs tried meet white space or a word.
#[inline(always)]
fn starts_run(buf: &[u8], i: usize, stop_allowed: bool) -> bool {
    square_at(buf, i).is_some()
        || (stop_allowed && at(buf, i) == Some(b'.') && square_at(buf, i + 1).is_some())
}

fn read_run(buf: &[u8], i: usize, stop_allowed: bool, lenient: bool) -> Option<SquareRun> {
    let mut run = SquareRun {
        end: i,
        ..SquareRun::default()
    };
    let mut j = i;
    loop {
        if let Some(s) = square_at(buf, j) {
            run.squares.push(s);
            j += 2;
        } else if at(buf, j) == Some(b'.')
            && stop_allowed
            && run.stop.is_none()
            && square_at(buf, j + 1).is_some()
        {
            run.stop = Some(run.squares.len());
            j += 1;
        } else {
            break;
        }
    }
    if lenient && !run.squares.is_empty() && at(buf, j).is_some_and(|f| (b'a'..=b'h').contains(&f))
    {
        let cut = if matches!(at(buf, j + 1), Some(b'0' | b'9')) {
            j + 2
        } else {
            j + 1
        };
        if is_boundary(at(buf, cut)) {
            j = cut;
            run.broken = true;
        }
    }
    run.end = j;
    (!run.squares.is_empty() && is_boundary(at(buf, j))).then_some(run)
}

/// Exactly two glued squares standing alone as a token ending at `end` (exclusive): the kings
/// before a code (`a7d3`). Returns the token's start.
pub fn kings_token_ending_at(buf: &[u8], end: usize) -> Option<usize> {
    let start = end.checked_sub(4)?;
    (square_at(buf, start).is_some()
        && square_at(buf, start + 2).is_some()
        && is_boundary(before(buf, start))
        && is_boundary(at(buf, end)))
    .then_some(start)
}

/// A sign `+ = -+ -=` ending at `end` (exclusive) whose first byte follows white space
/// (any blank of [`super::space`], markup included), a bracket or the start of the text. Returns the sign's start.
pub fn sign_ending_at(buf: &[u8], end: usize) -> Option<usize> {
    let last = before(buf, end)?;
    if last != b'+' && last != b'=' {
        return None;
    }
    let start = if before(buf, end - 1) == Some(b'-') {
        end - 2
    } else {
        end - 1
    };
    (matches!(before(buf, start), None | Some(b'(' | b'[' | b'"'))
        || space::blank_before(buf, start).is_some())
    .then_some(start)
}

/// A men count `W/B` (`3/3`, `10/9`) or the problemists' `(4+6)` at `i`, each number one or
/// two digits. Returns (white, black, end).
pub fn men_count_at(buf: &[u8], i: usize) -> Option<(u8, u8, usize)> {
    let number = |j: usize| -> Option<(u8, usize)> {
        let mut n: u8 = 0;
        let mut k = j;
        while let Some(d) = at(buf, k).filter(u8::is_ascii_digit) {
            if k - j == 2 {
                return None;
            }
            n = n * 10 + (d - b'0');
            k += 1;
        }
        (k > j).then_some((n, k))
    };
    if at(buf, i) == Some(b'(') {
        let (w, j) = number(i + 1)?;
        if at(buf, j) != Some(b'+') {
            return None;
        }
        let (b, k) = number(j + 1)?;
        return (at(buf, k) == Some(b')')).then_some((w, b, k + 1));
    }
    if !is_boundary(before(buf, i)) && before(buf, i).is_some_and(|b| b.is_ascii_digit()) {
        return None;
    }
    let (w, j) = number(i)?;
    if at(buf, j) != Some(b'/') {
        return None;
    }
    let (b, k) = number(j + 1)?;
    (!at(buf, k).is_some_and(|c| c.is_ascii_digit() || c == b'/')).then_some((w, b, k))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_take_one_line_break_but_not_a_blank_line() {
        assert_eq!(gap_forward(b"a  \n  b", 1), Some(6));
        assert_eq!(gap_forward(b"a \n\n b", 1), None);
        assert_eq!(gap_backward(b"a  \r\n  b", 7), Some(1));
        assert_eq!(gap_forward(&[b' '; 101], 0), None);
        assert_eq!(gap_forward(&[b' '; 100], 0), Some(100));
    }

    #[test]
    fn square_runs_read_the_pawn_mark_and_stop_at_a_terminator() {
        let run = square_run(b"g2.c4c5 5/7", 0, true).unwrap();
        assert_eq!(run.squares.len(), 3);
        assert_eq!(run.stop, Some(1));
        assert_eq!(run.end, 7);
        let run = square_run(b"d6a8. Next", 0, true).unwrap();
        assert_eq!((run.squares.len(), run.stop, run.end), (2, None, 4));
        assert_eq!(square_run(b"a1b2c", 0, true), None);
        assert_eq!(square_run(b"i1", 0, true), None);
    }

    proptest::proptest! {
        /// The first test of a run ([`starts_run`]) turns down only what the reading turns
        /// down: from every offset of any text of squares, cut squares, full stops and other
        /// bytes, with and without a pawn mark allowed.
        #[test]
        fn the_first_test_of_a_run_changes_no_reading(
            pieces in proptest::collection::vec(proptest::sample::select(&[
                "a1", "h8", "d4", "e", "c9", "b0", "i1", "a", "8", ".", " ", "x", "3/3", ":",
                "a1b2c3d4e5f6g7h8", "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1", "\n",
            ][..]), 0..10),
        ) {
            let text = pieces.concat();
            let buf = text.as_bytes();
            for i in 0..=buf.len() + 1 {
                for stop_allowed in [false, true] {
                    proptest::prop_assert_eq!(
                        square_run(buf, i, stop_allowed),
                        read_run(buf, i, stop_allowed, false),
                        "{:?} at {}", text, i
                    );
                    proptest::prop_assert_eq!(
                        square_run_broken(buf, i, stop_allowed),
                        read_run(buf, i, stop_allowed, true),
                        "{:?} at {}", text, i
                    );
                }
            }
        }
    }

    #[test]
    fn squares_read_as_shakmaty_reads_them() {
        for f in 0..=255u8 {
            for r in 0..=255u8 {
                let want = (b"abcdefgh".contains(&f) && b"12345678".contains(&r))
                    .then(|| Square::from_ascii(&[f, r]).unwrap());
                assert_eq!(square_at(&[f, r], 0), want);
            }
        }
    }

    #[test]
    fn men_counts_read_both_notations() {
        assert_eq!(men_count_at(b"3/3+.", 0), Some((3, 3, 3)));
        assert_eq!(men_count_at(b"10/9 Win", 0), Some((10, 9, 4)));
        assert_eq!(men_count_at(b"(4+6)", 0), Some((4, 6, 5)));
        assert_eq!(men_count_at(b"1/2/3", 0), None);
        assert_eq!(men_count_at(b"100/9", 0), None);
    }

    #[test]
    fn signs_stand_apart_from_a_move() {
        assert_eq!(sign_ending_at(b" -+", 3), Some(1));
        assert_eq!(sign_ending_at(b"[+", 2), Some(1));
        assert_eq!(sign_ending_at(b"Kb2+", 4), None);
    }
}
