//! The diagrams of an OCR'd page (docs/reading.md, "Diagrams in pictures"): every board on the
//! page's pixels found and read (`picture`), and written into the page's text as eight lines
//! in the picture font, just above the caption printed under it (else just under the line
//! printed over it), where the scan reads a diagram set as text with its caption. A caption
//! OCR garbled is rebuilt from its board, and a board beside which no line holds a code is
//! given a caption of its own, so that it is a record (`rebuild`).
//!
//! The page's boards are read as a book of their own: the built-in men's shapes, and what each
//! other board's caption on the page teaches (`picture::Book`), never its own caption's.

use image::GrayImage;

use super::image::Grey;
use super::rebuild;
use super::reread::{Word, joined, tsv_lines};
use crate::fault;
use crate::misread::OcrFix;
use crate::picture::{self, Book, PieceSet, PixelBox, Teaching};

/// The least sureness (0 to 100) of every square of a board written into the text: on the test
/// pictures (fixtures/pictures) a square read under it is wrong one time in two, one read 70
/// or over one time in forty (docs/reading.md, "Diagrams in pictures").
pub(super) const SURE_ENOUGH: u8 = 50;

/// The page's `text` with the boards of `grey` written in (see the module's documentation),
/// and where: for each run of bytes added (a board's lines, a rebuilt caption's bytes past
/// the garbled ones), the 0-based byte offset in `text` it stands before and its length; and
/// a fix for each caption line OCR garbled and rebuilt from its board ([`rebuild`]), its
/// offset in the text returned. The text unchanged when the page has none, or when reading
/// them panics.
pub(super) fn with_boards(text: &str, tsv: &str, grey: Grey) -> WithBoards {
    fault::catch(|| boards_into(text, tsv, grey))
        .unwrap_or_else(|_| (text.to_owned(), Vec::new(), Vec::new()))
}

/// What [`with_boards`] gives: the text, the runs of bytes added, the captions rebuilt.
pub(super) type WithBoards = (String, Vec<(usize, usize)>, Vec<OcrFix>);

/// `offset` (0-based, in the text before the boards were written in) in the text after.
pub(super) fn moved(offset: u64, inserted: &[(usize, usize)]) -> u64 {
    offset
        + inserted
            .iter()
            .filter(|&&(at, _)| at as u64 <= offset)
            .map(|&(_, len)| len as u64)
            .sum::<u64>()
}

fn boards_into(text: &str, tsv: &str, grey: Grey) -> WithBoards {
    let unchanged = || (text.to_owned(), Vec::new(), Vec::new());
    let Some(page) = GrayImage::from_raw(grey.width as u32, grey.height as u32, grey.pixels) else {
        return unchanged();
    };
    let found = picture::find_boards(&page);
    if found.is_empty() {
        return unchanged();
    }
    let lines = tsv_lines(tsv);
    let mut book = Book::new(PieceSet::builtin());
    let mut places = Vec::new();
    for board in found {
        let below = line_below(&lines, board.area);
        let above = line_above(&lines, board.area);
        let teaching = below.or(above).and_then(|i| teaching(&joined(&lines[i])));
        places.push((below, above));
        book.add(board, teaching);
    }
    let read = book.read();
    // Each TSV line's line in the text, matched in order as `tabs` matches them.
    let text_lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut line_of = vec![None; lines.len()];
    let mut tsv_at = 0;
    for (n, line) in text_lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(i) = (tsv_at..lines.len()).find(|&i| joined(&lines[i]) == trimmed) {
            line_of[i] = Some(n);
            tsv_at = i + 1;
        }
    }
    // Boards before text line n (`before[n]`; after the last line at its end). A board read unsure
    // is left out, and so are boards side by side whose captions OCR gave as one line: which
    // caption is whose, the text cannot say.
    let mut before: Vec<Vec<(String, Option<String>)>> = vec![Vec::new(); text_lines.len() + 1];
    // Caption lines OCR garbled, rebuilt from the board over them: text line, byte range in
    // the line, what replaces it.
    let mut rebuilds: Vec<(usize, std::ops::Range<usize>, String)> = Vec::new();
    let shared = |line: Option<usize>| {
        line.is_some() && places.iter().filter(|(below, _)| *below == line).count() > 1
    };
    for (board, &(below, above)) in read.iter().zip(&places) {
        if board.least_sure() < SURE_ENOUGH || shared(below) {
            continue;
        }
        let below_n = below.and_then(|i| line_of[i]);
        let at = below_n.or_else(|| above.and_then(|i| line_of[i]).map(|n| n + 1));
        let rebuilt = below_n.and_then(|n| rebuild::rebuilt(text_lines[n].trim_end(), board));
        let coded =
            |line: Option<usize>| line.is_some_and(|i| teaching(&joined(&lines[i])).is_some());
        if coded(below) || coded(above) || rebuilt.is_some() {
            // A board whose caption line is not found in the text stays out: at the page's
            // end it would stand under another study's caption.
            let Some(at) = at else {
                continue;
            };
            before[at].push((board.text(), None));
            if let (Some(n), Some((span, read))) = (below_n, rebuilt) {
                rebuilds.push((n, span, read));
            }
        } else if let Some(caption) = rebuild::own_caption(board)
            && below
                .or(above)
                .and_then(|i| rebuild::printed_men(&joined(&lines[i])))
                .is_none_or(|men| men == board.men())
        {
            // No line beside the board holds a code: the board is a record of its own, under
            // the caption it gives itself, above the line under it (or where it stands on the
            // page when no line is beside it), unless that line prints other men (`8 + 7`)
            // than the board shows.
            let at = at
                .or_else(|| next_line(&lines, board.area).and_then(|i| line_of[i]))
                .unwrap_or(text_lines.len());
            before[at].push((board.text(), Some(caption)));
        }
    }
    let mut out = String::with_capacity(text.len() + read.len() * 100);
    let mut inserted = Vec::new();
    let mut fixes = Vec::new();
    let mut at = 0;
    for (n, boards) in before.iter().enumerate() {
        for (board, caption) in boards {
            let start = out.len();
            if !out.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(board);
            if let Some(caption) = caption {
                fixes.push(OcrFix {
                    offset: out.len() as u64,
                    found: "".into(),
                    read: caption.as_str().into(),
                    part: None,
                    from_picture: true,
                });
                out.push_str(caption);
                out.push('\n');
            }
            inserted.push((at, out.len() - start));
        }
        let Some(line) = text_lines.get(n) else {
            continue;
        };
        match rebuilds.iter().find(|r| r.0 == n) {
            Some((_, span, read)) => {
                // The rebuilt part padded to the garbled one's length, or the bytes it runs
                // past it counted as inserted at its end: every later offset moves with it.
                out.push_str(&line[..span.start]);
                fixes.push(OcrFix {
                    offset: out.len() as u64,
                    found: line[span.clone()].into(),
                    read: read.as_str().into(),
                    part: None,
                    from_picture: true,
                });
                out.push_str(read);
                let found = span.end - span.start;
                if read.len() < found {
                    out.extend(std::iter::repeat_n(' ', found - read.len()));
                } else if read.len() > found {
                    inserted.push((at + span.end, read.len() - found));
                }
                out.push_str(&line[span.end..]);
            }
            None => out.push_str(line),
        }
        at += line.len();
    }
    (out, inserted, fixes)
}

/// The words' box: left, top, right, bottom.
fn extent(words: &[Word]) -> (usize, usize, usize, usize) {
    let left = words.iter().map(|w| w.left).min().unwrap_or(0);
    let top = words.iter().map(|w| w.top).min().unwrap_or(0);
    let right = words.iter().map(|w| w.left + w.width).max().unwrap_or(0);
    let bottom = words.iter().map(|w| w.top + w.height).max().unwrap_or(0);
    (left, top, right, bottom)
}

/// True when the line's box and the board's share columns.
fn beside(words: &[Word], area: PixelBox) -> bool {
    let (left, _, right, _) = extent(words);
    left < (area.x + area.width) as usize && right > area.x as usize
}

/// The first line under the board, within its height, in its columns.
fn line_below(lines: &[Vec<Word>], area: PixelBox) -> Option<usize> {
    let bottom = (area.y + area.height) as usize;
    let reach = bottom + area.height as usize;
    (0..lines.len())
        .filter(|&i| {
            let (_, top, _, _) = extent(&lines[i]);
            top + 4 >= bottom && top < reach && beside(&lines[i], area)
        })
        .min_by_key(|&i| extent(&lines[i]).1)
}

/// The first line whose top is under the board's, in any column: where a board with no
/// line beside it stands in the page's text.
fn next_line(lines: &[Vec<Word>], area: PixelBox) -> Option<usize> {
    let bottom = (area.y + area.height) as usize;
    (0..lines.len())
        .filter(|&i| extent(&lines[i]).1 >= bottom)
        .min_by_key(|&i| extent(&lines[i]).1)
}

/// The last line over the board, within half its height, in its columns.
fn line_above(lines: &[Vec<Word>], area: PixelBox) -> Option<usize> {
    let top = area.y as usize;
    let reach = top.saturating_sub(area.height as usize / 2);
    (0..lines.len())
        .filter(|&i| {
            let (_, _, _, bottom) = extent(&lines[i]);
            bottom <= top + 4 && bottom >= reach && beside(&lines[i], area)
        })
        .max_by_key(|&i| extent(&lines[i]).3)
}

/// What a caption line says its board holds: its kings, its material, every man where it
/// gives kings and squares (the line read for OCR's misreadings where it holds no code as
/// given); `None` when it holds no code.
fn teaching(line: &str) -> Option<Teaching> {
    let parsed = crate::parse::parse_text(line)
        .or_else(|_| crate::parse::parse_text(&crate::misread::read(line).text))
        .ok()?;
    let position = &parsed.position;
    Some(Teaching {
        board: position.board(),
        kings: position.kings,
        material: position.code.material(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(left: usize, top: usize, text: &str) -> Word {
        Word {
            left,
            top,
            width: 60,
            height: 20,
            text: text.to_owned(),
        }
    }

    #[test]
    fn an_offset_moves_past_the_boards_written_before_it() {
        let inserted = [(10, 88), (50, 88)];
        assert_eq!(moved(5, &inserted), 5);
        assert_eq!(
            moved(10, &inserted),
            98,
            "a board written before the line it opens"
        );
        assert_eq!(moved(60, &inserted), 236);
    }

    #[test]
    fn a_boards_caption_is_the_line_under_it_in_its_columns() {
        let area = PixelBox {
            x: 100,
            y: 100,
            width: 200,
            height: 200,
        };
        let lines = vec![
            vec![word(100, 60, "No"), word(170, 60, "19001")],
            vec![word(400, 310, "elsewhere")],
            vec![word(100, 310, "f4b8"), word(170, 310, "0800.11")],
            vec![word(100, 700, "far")],
        ];
        assert_eq!(line_below(&lines, area), Some(2));
        assert_eq!(line_above(&lines, area), Some(0));
        let taught = teaching("a7d3 0116.00 b2b3c6d6 3/3").expect("a caption");
        assert!(taught.board.is_some() && taught.kings.is_some());
        assert!(teaching("Premio Especial").is_none());
    }
}
