//! White space between tokens as real text has it (docs/reading.md, "White space"): ASCII
//! blanks and line ends (CR LF, LF, and CR alone), the no-break and typographic spaces of
//! Unicode in UTF-8, the soft hyphen, and simple markup standing between tokens (`<b>`,
//! `</i>`, `**`). Each function reads one such *blank* at a 0-based byte offset, forward or
//! backward, and says how many bytes it takes and whether it ends a line.

/// One blank: its length in bytes and whether it is a line end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blank {
    /// Bytes it takes.
    pub len: usize,
    /// True for a line end (LF, or a CR not followed by LF).
    pub line_end: bool,
}

use std::ops::Range;

/// Longest markup tag read as white space: `<strong>`, `</span>`.
const MAX_TAG: usize = 10;

fn ascii_blank(buf: &[u8], i: usize) -> Option<Blank> {
    let line_end = match *buf.get(i)? {
        b'\n' => true,
        b'\r' => buf.get(i + 1) != Some(&b'\n'),
        b' ' | b'\t' | 0x0b | 0x0c => false,
        _ => return None,
    };
    Some(Blank { len: 1, line_end })
}

/// Length of a non-ASCII space or soft hyphen starting at `i` (UTF-8): U+00A0 no-break
/// space, U+00AD soft hyphen, U+2000..=U+200B typographic spaces (thin, hair, en, em, zero
/// width), U+202F narrow no-break space, U+205F medium mathematical space, U+3000, U+FEFF.
fn unicode_blank_len(buf: &[u8], i: usize) -> Option<usize> {
    match buf.get(i..)? {
        [0xC2, 0xA0 | 0xAD, ..] => Some(2),
        [0xE2, 0x80, 0x80..=0x8B | 0xAF, ..] | [0xE2, 0x81, 0x9F, ..] => Some(3),
        [0xE3, 0x80, 0x80, ..] | [0xEF, 0xBB, 0xBF, ..] => Some(3),
        _ => None,
    }
}

/// True for a simple markup tag name: 1 to 8 ASCII letters or digits, starting with a letter.
fn tag_name(name: &[u8]) -> bool {
    (1..=8).contains(&name.len())
        && name[0].is_ascii_alphabetic()
        && name.iter().all(u8::is_ascii_alphanumeric)
}

/// Length of a markup tag `<b>`, `</b>`, `<strong>` starting at `i`.
fn tag_len_forward(buf: &[u8], i: usize) -> Option<usize> {
    if buf.get(i) != Some(&b'<') {
        return None;
    }
    let window = &buf[i + 1..buf.len().min(i + MAX_TAG)];
    let close = window.iter().position(|b| *b == b'>')?;
    let inner = &window[..close];
    let name = inner.strip_prefix(b"/").unwrap_or(inner);
    tag_name(name).then_some(close + 2)
}

/// Length of a markup tag ending just before `i`.
fn tag_len_backward(buf: &[u8], i: usize) -> Option<usize> {
    if i == 0 || buf.get(i - 1) != Some(&b'>') {
        return None;
    }
    let from = i.saturating_sub(MAX_TAG);
    let window = &buf[from..i - 1];
    let open = window.iter().rposition(|b| *b == b'<')?;
    let inner = &window[open + 1..];
    let name = inner.strip_prefix(b"/").unwrap_or(inner);
    tag_name(name).then_some(window.len() - open + 1)
}

/// True for an ASCII byte that no blank starts or ends with: most bytes of text, told
/// apart before the slower tests of [`blank_at`] and [`blank_before`].
#[inline(always)]
fn never_blank(b: u8) -> bool {
    b.is_ascii()
        && !matches!(
            b,
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c | b'<' | b'>' | b'*'
        )
}

/// The blank starting at `i`, if one does. Always inlined, as are [`blank_before`] and
/// [`trimmed`]: their first test decides for most bytes, and as calls they cost the plain scan
/// more instructions (docs/performance.md, "Measurements behind the code").
#[inline(always)]
pub fn blank_at(buf: &[u8], i: usize) -> Option<Blank> {
    let b = *buf.get(i)?;
    if never_blank(b) {
        return None;
    }
    if b == b' ' {
        return Some(SPACE); // the blank of most gaps, read without a call
    }
    blank_at_slow(buf, i)
}

/// An ASCII space.
const SPACE: Blank = Blank {
    len: 1,
    line_end: false,
};

/// [`blank_at`] past its first test.
fn blank_at_slow(buf: &[u8], i: usize) -> Option<Blank> {
    if let Some(b) = ascii_blank(buf, i) {
        return Some(b);
    }
    let len = unicode_blank_len(buf, i)
        .or_else(|| tag_len_forward(buf, i))
        .or_else(|| (buf.get(i..i + 2) == Some(b"**")).then_some(2))?;
    Some(Blank {
        len,
        line_end: false,
    })
}

/// The blank ending just before `i` (exclusive), if one does.
#[inline(always)]
pub fn blank_before(buf: &[u8], i: usize) -> Option<Blank> {
    let b = *buf.get(i.checked_sub(1)?)?;
    if never_blank(b) {
        return None;
    }
    if b == b' ' {
        return Some(SPACE);
    }
    blank_before_slow(buf, i)
}

/// [`blank_before`] past its first test.
fn blank_before_slow(buf: &[u8], i: usize) -> Option<Blank> {
    let last = *buf.get(i.checked_sub(1)?)?;
    if last.is_ascii() {
        if let Some(b) = ascii_blank(buf, i - 1) {
            return Some(b);
        }
        if let Some(len) = tag_len_backward(buf, i) {
            return Some(Blank {
                len,
                line_end: false,
            });
        }
        let stars = i >= 2 && buf[i - 2..i] == *b"**";
        return stars.then_some(Blank {
            len: 2,
            line_end: false,
        });
    }
    [2, 3]
        .into_iter()
        .find(|&len| i >= len && unicode_blank_len(buf, i - len) == Some(len))
        .map(|len| Blank {
            len,
            line_end: false,
        })
}

/// True for an ASCII control byte or space (0x00..=0x20, 0x7F): what may stand at a line's
/// start or end without changing what the line is (a form feed from a page break, a stray
/// control byte of a PDF's text layer: docs/reading.md, "Page breaks").
#[inline(always)]
pub const fn is_control_or_space(b: u8) -> bool {
    b <= b' ' || b == 0x7f
}

/// The part of `buf[range]` left once the blanks at either end are stepped over: the
/// blanks read forward from the start, then those read backward from the end, a backward
/// blank taken only when it lies wholly after the forward ones. ASCII control bytes
/// ([`is_control_or_space`]) count as blanks here, at the ends of a span, though not between
/// the tokens of a code. Blanks may overlap (`***` is
/// `**` forward and `**` backward; `<b>b>` likewise), so the two walks must not cross: the
/// result is always a range inside `range` with `start <= end`, possibly empty.
///
/// Every reader that trims a span from both ends (sign lines, headings, words, labels, the
/// text around a decoded form) goes through this one function (docs/reliability.md,
/// "No panic from any input").
pub fn trim(buf: &[u8], range: Range<usize>) -> Range<usize> {
    let end = range.end.min(buf.len());
    let mut i = range.start.min(end);
    let within = &buf[..end];
    while let Some(len) = blank_at(within, i).map(|b| b.len).or_else(|| {
        within
            .get(i)
            .filter(|b| is_control_or_space(**b))
            .map(|_| 1)
    }) {
        i += len;
    }
    let mut j = end;
    while j > i
        && let Some(len) = blank_before(buf, j)
            .map(|b| b.len)
            .or_else(|| is_control_or_space(buf[j - 1]).then_some(1))
            .filter(|len| j - len >= i)
    {
        j -= len;
    }
    i..j
}

/// True for a byte that no blank of [`trim`] starts or ends with, control bytes included.
#[inline(always)]
fn plain(b: u8) -> bool {
    never_blank(b) && !is_control_or_space(b)
}

/// `line` without the blanks at either end ([`trim`] over the whole of it).
#[inline(always)]
pub fn trimmed(line: &[u8]) -> &[u8] {
    // Most lines read have no blank at either end: no call.
    match line {
        [first, .., last] if plain(*first) && plain(*last) => line,
        [only] if plain(*only) => line,
        _ => &line[trim(line, 0..line.len())],
    }
}

/// `line` without the spaces and control bytes at either end: what [`trimmed`] steps over
/// first, without a call for each byte. [`trimmed`] of the result is [`trimmed`] of `line`:
/// every blank longer than one byte ends with a byte that is neither.
#[inline]
pub fn strip_control_or_space(line: &[u8]) -> &[u8] {
    let start = line
        .iter()
        .position(|&b| !is_control_or_space(b))
        .unwrap_or(line.len());
    let end = line
        .iter()
        .rposition(|&b| !is_control_or_space(b))
        .map_or(start, |i| i + 1);
    &line[start..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_read_the_same_forward_and_backward() {
        let table: [(&[u8], usize, bool); 10] = [
            (b" ", 1, false),
            (b"\t", 1, false),
            (b"\n", 1, true),
            (b"\r", 1, true),
            ("\u{a0}".as_bytes(), 2, false),
            ("\u{ad}".as_bytes(), 2, false),
            ("\u{2009}".as_bytes(), 3, false),
            ("\u{202f}".as_bytes(), 3, false),
            (b"</b>", 4, false),
            (b"**", 2, false),
        ];
        for (text, len, line_end) in table {
            let mut buf = b"x".to_vec();
            buf.extend_from_slice(text);
            buf.push(b'y');
            let want = Some(Blank { len, line_end });
            assert_eq!(blank_at(&buf, 1), want, "{text:?} forward");
            assert_eq!(blank_before(&buf, 1 + len), want, "{text:?} backward");
        }
    }

    #[test]
    fn crlf_is_one_line_end_and_other_text_is_no_blank() {
        assert_eq!(blank_at(b"\r\n", 0).map(|b| b.line_end), Some(false));
        assert_eq!(blank_at(b"\r\n", 1).map(|b| b.line_end), Some(true));
        assert_eq!(blank_at(b"<b a>", 0), None);
        assert_eq!(blank_at(b"< b>", 0), None);
        assert_eq!(blank_at(b"*x", 0), None);
        assert_eq!(blank_at("é".as_bytes(), 0), None);
        assert_eq!(blank_before(b"a<b", 3), None);
    }

    #[test]
    fn overlapping_blanks_at_both_ends_never_cross() {
        // `**` read forward and `**` read backward share the middle `*` of `***`.
        let cases: [(&[u8], &[u8]); 10] = [
            (b"***", b"*"),
            (b"*****", b"*"),
            (b" *** ", b"*"),
            (b"<b>b>", b"b>"),
            (b"<b><b>", b""),
            (b"**x**", b"x"),
            (b"<i>", b""),
            (b"", b""),
            (b"\xc2\xa0\xc2", b"\xc2"),
            (b"\x0c\x0cWins:\x01 ", b"Wins:"),
        ];
        for (line, want) in cases {
            assert_eq!(trimmed(line), want, "{:?}", String::from_utf8_lossy(line));
        }
    }

    proptest::proptest! {
        /// Any mix of the bytes that blanks start or end with trims to a range inside the
        /// span, from any start and end, without a panic.
        #[test]
        fn trim_stays_inside_its_span(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "*", "**", "***", "<", ">", "<b>", "</i>", "b", " ", "\t", "\r", "\n",
                "\u{a0}", "\u{ad}", "\u{202f}", "\u{feff}", "\x0c", "x", "+", "=", "\x01",
                "\x1b", "\x7f",
            ]), 0..12),
            cut in proptest::collection::vec(0usize..64, 2),
        ) {
            let text = parts.concat();
            let buf = text.as_bytes();
            let (a, b) = (cut[0].min(buf.len()), cut[1].min(buf.len()));
            let (a, b) = (a.min(b), a.max(b));
            let r = trim(buf, a..b);
            proptest::prop_assert!(a <= r.start && r.start <= r.end && r.end <= b);
            let span = &buf[a..b];
            proptest::prop_assert_eq!(trimmed(span), &buf[r]);
            proptest::prop_assert_eq!(trimmed(strip_control_or_space(span)), trimmed(span));
        }
    }
}
