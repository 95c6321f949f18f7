//! Reading a caption line again where the code's redundancy says a code must be (docs/reading.md,
//! "OCR: reading a line again"): the span [`crate::misread::suspects`] finds is located on the page
//! through Tesseract's TSV output (a box for every word), cropped from the page's pixels with a
//! margin, scaled up, and read by Tesseract as one line (`--psm 7`) of the notation's characters
//! only; [`crate::misread::accept`] decides whether the second reading is kept.

use std::path::Path;
use std::process::Command;

use super::OcrError;
use super::child::{self, Bounds};
use super::image::Grey;
use crate::input::extract::boards::{Word, joined};
use crate::misread::OcrFix;

/// The most lines of one page read again: the cost stays bounded on a page of tables.
pub(super) const MAX_LINES: usize = 12;

/// The characters of the notation a caption's span holds: file letters, digits, the full stop,
/// the slash of W/B, the signs, and the space between the parts. Without the space, Tesseract
/// runs the parts together and reads a gap as a full stop: the faint code of
/// `fixtures/ocr/diagrams.tex` read again from a PNG gave `f4b8.0800.114/4`, with it
/// `f4b8 0800.11 4/4`, and the crops of the same line from the PDF and the JPEG the same.
const NOTATION: &str = "abcdefgh0123456789./+=- ";

/// The height, in pixels, a line's box is scaled to (Tesseract reads best with capitals some 30
/// pixels high), at most four times.
const LINE_HEIGHT: f64 = 72.0;

/// The lines of Tesseract's TSV output (`level page block paragraph line word left top width
/// height confidence text`), each its words in order; lines without a word are left out.
pub(super) fn tsv_lines(tsv: &str) -> Vec<Vec<Word>> {
    let mut lines: Vec<Vec<Word>> = Vec::new();
    let mut current: Option<(String, String, String)> = None;
    for row in tsv.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        if cols.len() < 12 || cols[0] != "5" || cols[11].trim().is_empty() {
            continue;
        }
        let id = (cols[2].to_owned(), cols[3].to_owned(), cols[4].to_owned());
        let number = |i: usize| cols[i].parse::<usize>().unwrap_or(0);
        let word = Word {
            left: number(6),
            top: number(7),
            width: number(8),
            height: number(9),
            text: cols[11].to_owned(),
        };
        if current.as_ref() != Some(&id) {
            lines.push(Vec::new());
            current = Some(id);
        }
        if let Some(line) = lines.last_mut() {
            line.push(word);
        }
    }
    lines
}

/// How a page was read, for reading its lines again.
pub(super) struct Page<'a> {
    /// The page's grey pixels, as Tesseract read them: asked for only when a line is read
    /// again.
    pub grey: &'a dyn Fn() -> Result<Grey, OcrError>,
    /// Its resolution, where known.
    pub dpi: Option<u32>,
    /// Tesseract's languages.
    pub lang: &'a str,
    /// The work folder for the crops.
    pub work: &'a Path,
    /// The tools' bounds.
    pub bounds: Bounds,
}

/// The page's text `text` with each suspect line read again where the second reading is kept,
/// and an [`OcrFix`] of part `None` (a line) for each (offsets in the text answered), and how
/// many lines were read again. `tsv` is Tesseract's TSV output of the same reading.
///
/// # Errors
///
/// [`OcrError`] when the page's image cannot be read back or Tesseract fails on a line.
pub(super) fn reread(
    text: &str,
    tsv: &str,
    page: &Page<'_>,
) -> Result<(String, Vec<OcrFix>, usize), OcrError> {
    let suspects = crate::misread::suspects(text);
    if suspects.is_empty() {
        return Ok((text.to_owned(), Vec::new(), 0));
    }
    let lines = tsv_lines(tsv);
    let grey = (page.grey)()?;
    let mut out = String::with_capacity(text.len());
    let mut fixes = Vec::new();
    let mut copied = 0;
    let mut tsv_at = 0;
    let mut read = 0;
    for suspect in suspects.into_iter().take(MAX_LINES) {
        let line_start = text[..suspect.start].rfind('\n').map_or(0, |i| i + 1);
        let line_end = text[suspect.end..]
            .find('\n')
            .map_or(text.len(), |i| suspect.end + i);
        let line = text[line_start..line_end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        // The TSV's line of the same words, at or after the last one used.
        let Some(found) = (tsv_at..lines.len()).find(|&i| joined(&lines[i]) == line) else {
            continue;
        };
        tsv_at = found + 1;
        let words = &lines[found];
        let first_word = text[line_start..suspect.start].split_whitespace().count();
        let last_word = first_word + text[suspect.start..suspect.end].split_whitespace().count();
        let Some(span) = words.get(first_word..last_word) else {
            continue;
        };
        read += 1;
        let first = &text[suspect.start..suspect.end];
        let second = read_line(&grey, span, page, read)?;
        let Some(kept) = crate::misread::accept(first, &second) else {
            continue;
        };
        out.push_str(&text[copied..suspect.start]);
        fixes.push(OcrFix {
            offset: out.len() as u64,
            found: first.into(),
            read: kept.as_str().into(),
            part: None,
            from_picture: false,
        });
        out.push_str(&kept);
        copied = suspect.end;
    }
    out.push_str(&text[copied..]);
    Ok((out, fixes, read))
}

/// The page's text `text` with each space between two words set far apart on the page (more
/// than three times the words' height: a running head's folio and title, `138      Probleemblad
/// 71e jaargang`) made a tab, as a text layer keeps them apart; the same length, so every
/// offset stays. Lines are matched to the TSV's by their words, in order.
pub(super) fn tabs(text: &str, tsv: &str) -> String {
    let lines = tsv_lines(tsv);
    let mut out = text.as_bytes().to_vec();
    let mut tsv_at = 0;
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let lead = line.len() - line.trim_start().len();
        if !trimmed.is_empty()
            && let Some(found) = (tsv_at..lines.len()).find(|&i| joined(&lines[i]) == trimmed)
        {
            tsv_at = found + 1;
            let words = &lines[found];
            let mut at = start + lead;
            for pair in words.windows(2) {
                at += pair[0].text.len();
                let gap = pair[1].left.saturating_sub(pair[0].left + pair[0].width);
                if gap > 3 * pair[0].height.max(pair[1].height) && out.get(at) == Some(&b' ') {
                    out[at] = b'\t';
                }
                at += 1;
            }
        }
        start += line.len();
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_owned())
}

/// The words `span` cropped from `grey` with a margin, scaled, and read as one line of the
/// notation's characters.
fn read_line(grey: &Grey, span: &[Word], page: &Page<'_>, n: usize) -> Result<String, OcrError> {
    let left = span.iter().map(|w| w.left).min().unwrap_or(0);
    let top = span.iter().map(|w| w.top).min().unwrap_or(0);
    let right = span.iter().map(|w| w.left + w.width).max().unwrap_or(0);
    let bottom = span.iter().map(|w| w.top + w.height).max().unwrap_or(0);
    let height = bottom.saturating_sub(top).max(1);
    let margin = height / 3 + 2;
    let scale = (LINE_HEIGHT / height as f64).clamp(1.0, 4.0);
    let crop = grey.crop_scaled(
        (
            left.saturating_sub(margin),
            top.saturating_sub(margin),
            right - left + 2 * margin,
            height + 2 * margin,
        ),
        scale,
        16,
    );
    let path = page
        .work
        .join(format!("line-{}-{n}.pgm", std::process::id()));
    crop.write_pgm(&path)
        .map_err(|e| child::failed("gbr", &e))?;
    let mut command = Command::new("tesseract");
    command
        .arg(&path)
        .args(["stdout", "-l", page.lang, "--psm", "7"])
        .args(["-c", &format!("tessedit_char_whitelist={NOTATION}")])
        .env("OMP_THREAD_LIMIT", "1");
    if let Some(dpi) = page.dpi {
        let dpi = (f64::from(dpi) * scale).round() as u32;
        command.args(["--dpi", &dpi.to_string()]);
    }
    let out = child::run("tesseract", &mut command, page.bounds);
    let _ = std::fs::remove_file(&path);
    Ok(String::from_utf8_lossy(&out?).trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_set_far_apart_are_parted_by_a_tab() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   5\t1\t1\t1\t1\t1\t10\t20\t60\t30\t96\tsome\n\
                   5\t1\t1\t1\t1\t2\t80\t20\t60\t30\t96\twords\n\
                   5\t1\t2\t1\t1\t1\t10\t3000\t45\t30\t96\t138\n\
                   5\t1\t2\t1\t1\t2\t1500\t3000\t200\t30\t96\tProbleemblad\n\
                   5\t1\t2\t1\t1\t3\t1710\t3000\t50\t30\t96\t71e\n";
        assert_eq!(
            tabs("some words\n\n138 Probleemblad 71e\n", tsv),
            "some words\n\n138\tProbleemblad 71e\n"
        );
    }

    #[test]
    fn tsv_rows_group_into_lines_of_words() {
        let tsv = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n\
                   4\t1\t1\t1\t1\t0\t10\t20\t300\t30\t-1\t\n\
                   5\t1\t1\t1\t1\t1\t10\t20\t60\t30\t96\tf4b8\n\
                   5\t1\t1\t1\t1\t2\t80\t22\t20\t28\t40\tor\n\
                   5\t1\t1\t1\t2\t1\t10\t60\t40\t30\t90\tDraw\n";
        let lines = tsv_lines(tsv);
        assert_eq!(lines.len(), 2);
        assert_eq!(joined(&lines[0]), "f4b8 or");
        assert_eq!(
            lines[0][1],
            Word {
                left: 80,
                top: 22,
                width: 20,
                height: 28,
                text: "or".to_owned()
            }
        );
    }
}
