//! What one line of a table exported as column runs holds (docs/reading.md, "Tables exported
//! as column runs"): its tokens and its kind.

use std::ops::Range;

use shakmaty::Square;

use crate::position::Kings;
use crate::stipulation::Stipulation;

/// What one line holds, blanks and control bytes at its ends and between tokens aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LineKind {
    /// Nothing a table pairs, and no break in it: a blank line, dashes alone (the closing
    /// dashes a text extractor put on a line of their own, `-`, `–`), or a number alone (the
    /// folio printed between two columns, `436`).
    Blank,
    /// Only codes `dddd.dd`.
    Codes,
    /// Only king pairs `[a-h][1-8][a-h][1-8]`.
    Kings,
    /// Only labels `- N -`, `- N`, `– N –` (1 to 6 digits).
    Labels,
    /// Rows of a code and its king pair (`0001.03 f1h1`, once or more on the line): the
    /// tokens are the code and the king pair, alternately.
    Rows,
    /// A heading of a printed directory (docs/reading.md, "Headings of a printed directory").
    Heading(Stipulation),
    /// Anything else: it ends a table.
    Other,
}

/// A byte that separates tokens: a blank or a control byte (a form feed starts a PDF's page).
pub(super) fn is_gap(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0C || b == 0x0B || b == 0xA0
}

/// The length of the dash at the start of `t`: a hyphen `-` (1 byte), or an en dash `–`, an
/// em dash `—` or a minus sign `−` in UTF-8 (3 bytes), as word processors and typesetters
/// write a label's dashes; 0 for anything else.
pub(super) fn dash(t: &[u8]) -> usize {
    match t {
        [b'-', ..] => 1,
        [0xE2, 0x80, 0x93 | 0x94, ..] | [0xE2, 0x88, 0x92, ..] => 3,
        _ => 0,
    }
}

/// True for a token `dddd.dd`.
pub(super) fn is_code(t: &[u8]) -> bool {
    t.len() == 7
        && t[4] == b'.'
        && t.iter()
            .enumerate()
            .all(|(i, b)| i == 4 || b.is_ascii_digit())
}

fn square(t: &[u8]) -> Option<Square> {
    let ok = t.len() == 2 && (b'a'..=b'h').contains(&t[0]) && (b'1'..=b'8').contains(&t[1]);
    ok.then(|| Square::from_ascii(t).ok()).flatten()
}

/// The king pair of a token `e8h8`, two different squares.
pub(super) fn kings(t: &[u8]) -> Option<Kings> {
    if t.len() != 4 {
        return None;
    }
    let (white, black) = (square(&t[..2])?, square(&t[2..])?);
    (white != black).then_some(Kings { white, black })
}

/// The index after the blanks from `i` on.
fn skip_gaps(line: &[u8], mut i: usize) -> usize {
    while i < line.len() && is_gap(line[i]) {
        i += 1;
    }
    i
}

/// A label from `i` (at its opening dash): the range of its digits in `line` and the index
/// after it, its closing dash included when one follows that opens no label of its own
/// (`- 274 - 271 -` is two labels, the last closed). `None` when no 1 to 6 digits follow
/// the dash.
fn label_at(line: &[u8], i: usize) -> Option<(Range<usize>, usize)> {
    let j = skip_gaps(line, i + dash(&line[i..]));
    let digits = line[j..].iter().take_while(|b| b.is_ascii_digit()).count();
    if !(1..=6).contains(&digits) {
        return None;
    }
    let end = j + digits;
    let k = skip_gaps(line, end);
    let closing = dash(&line[k..]);
    if closing == 0 {
        return Some((j..end, end));
    }
    let after = skip_gaps(line, k + closing);
    let opens_next = line.get(after).is_some_and(u8::is_ascii_digit);
    Some((j..end, if opens_next { end } else { k + closing }))
}

/// The tokens of `line` (0-based offset `at` of its first byte) into `out`, each token's range
/// in the buffer (a label's, that of its digits), and the line's kind.
pub(super) fn tokens(line: &[u8], at: usize, out: &mut Vec<Range<usize>>) -> LineKind {
    out.clear();
    let mut i = skip_gaps(line, 0);
    if i == line.len() {
        return LineKind::Blank;
    }
    let mut kind = LineKind::Blank;
    while i < line.len() {
        let this = if dash(&line[i..]) > 0 {
            match label_at(line, i) {
                Some((digits, next)) => {
                    out.push(at + digits.start..at + digits.end);
                    i = next;
                    LineKind::Labels
                }
                None => {
                    i += dash(&line[i..]);
                    i = skip_gaps(line, i);
                    continue;
                }
            }
        } else {
            let end = line[i..]
                .iter()
                .position(|&b| is_gap(b))
                .map_or(line.len(), |n| i + n);
            let t = &line[i..end];
            let this = if is_code(t) {
                LineKind::Codes
            } else if kings(t).is_some() {
                LineKind::Kings
            } else if kind == LineKind::Blank && t.len() <= 5 && t.iter().all(u8::is_ascii_digit) {
                // A folio alone, unless anything follows it.
                i = skip_gaps(line, end);
                if i == line.len() {
                    return LineKind::Blank;
                }
                return LineKind::Other;
            } else if kind == LineKind::Blank && line.len() <= MAX_HEADING_LINE {
                return heading(line);
            } else {
                // Prose, a caption's words: no heading is that long or starts after a token.
                return LineKind::Other;
            };
            out.push(at + i..at + end);
            i = end;
            this
        };
        kind = match (kind, this) {
            (LineKind::Blank, _) => this,
            (k, t) if k == t && k != LineKind::Rows => k,
            // Code, king pair, code, king pair...
            (LineKind::Codes, LineKind::Kings) if out.len() == 2 => LineKind::Rows,
            (LineKind::Rows, LineKind::Codes) if out.len() % 2 == 1 => LineKind::Rows,
            (LineKind::Rows, LineKind::Kings) if out.len().is_multiple_of(2) => LineKind::Rows,
            _ => return LineKind::Other,
        };
        i = skip_gaps(line, i);
    }
    if kind == LineKind::Rows && out.len() % 2 == 1 {
        return LineKind::Other;
    }
    kind
}

/// Longest line read for a heading among a table's lines, blanks and control bytes included:
/// a heading's words are at most 48 bytes (docs/reading.md, "Headings of a printed directory").
const MAX_HEADING_LINE: usize = 80;

/// A line that holds no token of a table: a heading, or else [`LineKind::Other`].
fn heading(line: &[u8]) -> LineKind {
    crate::context::lines::heading_line(line).map_or(LineKind::Other, LineKind::Heading)
}

/// The line holding byte `at`: its range without the line feed.
pub(super) fn line_at(buf: &[u8], at: usize) -> Range<usize> {
    let start = memchr::memrchr(b'\n', &buf[..at]).map_or(0, |i| i + 1);
    let end = memchr::memchr(b'\n', &buf[at..]).map_or(buf.len(), |i| at + i);
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kind(line: &str) -> (LineKind, Vec<String>) {
        let mut out = Vec::new();
        let k = tokens(line.as_bytes(), 0, &mut out);
        (k, out.into_iter().map(|r| line[r].to_string()).collect())
    }

    #[test]
    fn lines_are_told_by_their_tokens() {
        assert_eq!(kind("0014.00 0014.01").0, LineKind::Codes);
        assert_eq!(kind("\x0ch4b1 b3a5 ").0, LineKind::Kings);
        assert_eq!(kind("0001.03 f1h1").0, LineKind::Rows);
        assert_eq!(kind("0001.03 f1h1 0001.11 a2d6").0, LineKind::Rows);
        assert_eq!(kind("0001.03 f1h1 0001.11").0, LineKind::Other);
        assert_eq!(kind("0001.03 0001.11 f1h1").0, LineKind::Other);
        assert_eq!(kind("0001.03 f1h1 - 135 -").0, LineKind::Other);
        assert_eq!(kind("f1h1 0001.03").0, LineKind::Other);
        for stray in ["", " \x0c", "-", "\u{2013}", "- -", "436", " 88 "] {
            assert_eq!(kind(stray), (LineKind::Blank, vec![]), "{stray:?}");
        }
        assert_eq!(kind("436 pages").0, LineKind::Other);
        assert_eq!(kind("the end").0, LineKind::Other);
        assert!(matches!(kind("Remisestudies:").0, LineKind::Heading(_)));
    }

    #[test]
    fn labels_take_every_dash_typesetters_write() {
        for (line, labels) in [
            ("- 135", vec!["135"]),
            ("\u{2013} 151", vec!["151"]),
            ("- 72 \u{2013}", vec!["72"]),
            ("\u{2013} 29 \u{2013}", vec!["29"]),
            ("-  71 -", vec!["71"]),
            ("- 106 - - 150 -", vec!["106", "150"]),
            ("- 274 - 271 - 3 - 6 -", vec!["274", "271", "3", "6"]),
            ("-64-", vec!["64"]),
        ] {
            assert_eq!(
                kind(line),
                (
                    LineKind::Labels,
                    labels.iter().map(|s| s.to_string()).collect()
                ),
                "{line:?}"
            );
        }
        assert_eq!(kind("- 12 times").0, LineKind::Other);
    }
}
