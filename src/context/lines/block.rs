//! A study block's sign across prose (docs/reading.md, "A sign across prose"): a book sets the
//! sign of a study on a line of its own, and between it and the code there is often a
//! paragraph or more of prose (the introduction printed beside the diagram, which a PDF
//! export puts in the text's flow). The look-back of [`super::look_back`] stops at prose; this
//! reads on, for a sign line only, to the start of the study block.
//!
//! A lone sign line (read as the look-back reads it, [`super::sign_line`]: `+`, `=`, `-+`, `+ ZAZ` ...) belongs to the next
//! code below it when nothing of these stands between them: another code, a line of a diagram
//! printed as text ([`crate::diagram::is_board_line`]), a study number
//! ([`crate::context::label::is_study_number`]: `No 18776`, `- 31 -`, `E324`), a heading of a printed
//! directory ([`super::heading`]) or a page break (a form feed: a PDF page is a study block's
//! end). Prose between them, of any length within [`BLOCK_BYTES`], is crossed.
//!
//! The code must begin its line (blanks and control bytes before it only): a study's caption
//! under its diagram does, a code cited inside a sentence of prose is no study's caption.

use memchr::{memchr, memrchr2};

use super::Above;
use crate::stipulation::Stipulation;

/// Most bytes above a code read for a sign across prose: an introduction of some 40 printed
/// lines beside a study's diagram, and a bound on the work a code in running text costs.
pub const BLOCK_BYTES: usize = 4096;

/// Longest sign line read, in bytes ([`super::sign_line`] reads no longer one).
const SIGN_LINE: usize = 40;

/// The form feed: a page break in extracted text.
const FORM_FEED: u8 = 0x0C;

/// The sign of the study block whose code's text starts at `start` (0-based byte offset):
/// the nearest sign line above it within [`BLOCK_BYTES`], when nothing of the module's list
/// stands between the two; `None` otherwise. `last`, where the caller knows it, is the 0-based
/// offset of the last token `dddd.dd` ([`crate::finder::is_token`]) before `start`: nothing above
/// it is read.
///
/// Sign lines are rare in prose, so the search looks for their bytes (`+`, `=`) first with
/// one backward scan, and reads the lines between only for a sign line found.
pub fn sign_across_prose(buf: &[u8], start: usize, last: Option<usize>) -> Option<Stipulation> {
    let start = start.min(buf.len());
    let blank = crate::parse::space::is_control_or_space;
    if !buf[..start]
        .iter()
        .rev()
        .take_while(|&&b| b != b'\n')
        .all(|&b| blank(b))
    {
        return None; // a code inside a line of prose
    }
    let mut floor = start.saturating_sub(BLOCK_BYTES);
    if let Some(last) = last {
        floor = floor.max(last + 7).min(start);
    }
    let mut end = start;
    while let Some(i) = memrchr2(b'+', b'=', &buf[floor..end]) {
        let at = floor + i;
        end = at;
        // A sign line's sign stands first on its line, after blanks (or the `-` of `-+`): most
        // hits (`1.Rh8+`, `x = y`) are told apart by the byte before them.
        let lead = buf[floor..at]
            .iter()
            .rev()
            .take(SIGN_LINE)
            .take_while(|&&b| b != b'\n' && (blank(b) || b == b'-'))
            .count();
        let line_start = at - lead;
        // A line cut by the floor is not read.
        if line_start > 0 && buf[line_start - 1] != b'\n' {
            continue;
        }
        let line_end = memchr(b'\n', &buf[at..start]).map_or(start, |j| at + j);
        let line = &buf[line_start..line_end];
        // Read as the look-back reads a line, through its one reader of signs and headings; a
        // diagram, a heading or a code between are read by `open_between`.
        match super::sign_or_heading(line, &buf[..line_start]) {
            Some(Above::Sign(sign)) if line.len() <= SIGN_LINE => {
                return open_between(buf, line_end, start).then_some(sign);
            }
            Some(Above::Heading(_)) => return None,
            _ => end = line_start,
        }
    }
    None
}

/// True when the lines of `buf[from..to]` (from the end of a sign line to a code's start)
/// hold none of the module's list: no page break, code, diagram line, study number or heading.
fn open_between(buf: &[u8], from: usize, to: usize) -> bool {
    let between = &buf[from..to];
    if memchr(FORM_FEED, between).is_some() {
        return false;
    }
    if super::holds_code(buf, from, to) {
        return false;
    }
    let mut line_start = from;
    between.split(|&b| b == b'\n').all(|line| {
        let before = &buf[..line_start];
        line_start += line.len() + 1;
        !crate::diagram::is_board_line(line)
            && !crate::context::label::is_study_number(line)
            && !matches!(
                super::sign_or_heading(line, before),
                Some(Above::Heading(_))
            )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(text: &str) -> Option<Stipulation> {
        let start = text.find("0031.01").expect("a code");
        sign_across_prose(text.as_bytes(), start, None)
    }

    const PROSE: &str = "In Shakhmaty v SSSR 1974 (the version of 1952) the composer published \
        a study\nwhose finale this one takes up, and the tablebase confirms it to the last move, \
        as the\nanalysis below shows.\n";

    #[test]
    fn a_sign_above_prose_is_the_block_s() {
        let text = format!("- 3 -\nA. Composer, 2000\nSome words.\n\n=\n\n{PROSE}\n0031.01 a8d5\n");
        assert_eq!(sign(&text), Some(Stipulation::DRAW));
        let text = format!("+ ZAZ\n{PROSE}{PROSE}0031.01 a8d5\n");
        assert_eq!(sign(&text).map(|s| s.to_string()), Some("-+".to_string()));
    }

    #[test]
    fn a_number_diagram_heading_code_or_page_break_between_ends_the_block() {
        let cases = [
            ("=\n", "- 4 -\n"),
            ("=\n", "No 18611  B. Author\n"),
            ("=\n", "9-+-+-+-+0\n"),
            ("=\n", "Wins:\n"),
            ("=\n", "a1h8 0000.10 b2\n"),
            ("=\n", "\u{c}\n"),
        ];
        for (above, between) in cases {
            let text = format!("{above}{PROSE}{between}{PROSE}0031.01 a8d5\n");
            assert_eq!(sign(&text), None, "{between:?}");
        }
    }

    #[test]
    fn a_code_inside_a_line_of_prose_takes_no_sign_from_across_prose() {
        let text = format!("=\n{PROSE}The material 0031.01 a8d5 is known.\n");
        assert_eq!(sign(&text), None);
        let text = format!("=\n{PROSE}\u{c}  \t0031.01 a8d5\n");
        assert_eq!(sign(&text), None, "a page break between");
        let text = format!("=\n{PROSE}  \t0031.01 a8d5\n");
        assert_eq!(sign(&text), Some(Stipulation::DRAW));
    }

    #[test]
    fn signs_inside_lines_and_far_signs_are_not_read() {
        // Checks in a solution, an equation, a sign glued to words: no sign line.
        let text =
            format!("1.Bd7+ Kh3 2.Sg5+\nx = y + 1\n+ and more words here\n{PROSE}0031.01 a8d5\n");
        assert_eq!(sign(&text), None);
        let far = format!(
            "=\n{}0031.01 a8d5\n",
            PROSE.repeat(BLOCK_BYTES / PROSE.len() + 1)
        );
        assert_eq!(sign(&far), None);
    }

    #[test]
    fn the_known_last_code_is_the_floor() {
        let text = format!("=\n0000.10 a1h8\n{PROSE}0031.01 a8d5\n");
        let start = text.find("0031.01").unwrap();
        let last = text.find("0000.10").unwrap();
        assert_eq!(sign_across_prose(text.as_bytes(), start, Some(last)), None);
        assert_eq!(sign_across_prose(text.as_bytes(), start, None), None);
    }
}
