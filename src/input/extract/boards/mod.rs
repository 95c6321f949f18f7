//! The boards of a page written into its text (docs/reading.md, "Diagrams in pictures"): every
//! board `picture::find_boards` found on the page's pixels read, and written as eight lines in
//! the picture font just above the caption printed under it (else just under the line printed
//! over it), where the scan reads a diagram set as text with its caption.
//!
//! Two readers give a page's pixels and its words' boxes: OCR (`--ocr`: Tesseract's TSV, whose
//! lines are the text's lines, [`Match::Exact`]) and the diagrams of a text layer
//! (`--diagrams`: pdftotext's boxes, [`bbox`], whose lines the text layer breaks and spaces
//! otherwise, [`Match::Loose`]). What follows is theirs alike: which line is a board's
//! caption, what it teaches, which boards are left out, and where each goes in the text.
//!
//! The page's boards are read as a book of their own: the built-in men's shapes, and what each
//! other board's caption on the page teaches (`picture::Book`), never its own caption's.

pub(super) mod bbox;
#[cfg(test)]
mod tests;

use crate::picture::{Book, FoundBoard, PieceSet, PixelBox, Teaching};

/// The least sureness (0 to 100) of every square of a board written into the text: on the test
/// pictures (fixtures/pictures) a square read under it is wrong one time in two, one read 70
/// or over one time in forty (docs/reading.md, "Diagrams in pictures").
pub(crate) const SURE_ENOUGH: u8 = 50;

/// One word on a page and its box, in pixels from the page's top left corner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Word {
    pub left: usize,
    pub top: usize,
    pub width: usize,
    pub height: usize,
    pub text: String,
}

/// How a line of boxes is found in the page's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Match {
    /// The text's lines are the boxes' lines, in the same order (Tesseract's text and TSV of
    /// one run): a line is the text line whose words, white space aside, are the same, the
    /// first after the line matched before.
    Exact,
    /// The text breaks and spaces its lines otherwise (a PDF's text layer as pdf-extract reads
    /// it, against pdftotext's boxes): a caption is its words with every white space taken
    /// out, found once on the page at the start of a word; else its code (`dddd.dd`, and the
    /// kings glued after it when the caption gives them) found once on the page. The caption
    /// is the words in the board's columns only, so that two boards side by side have each
    /// their own.
    Loose,
}

/// A page's text with its boards written in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Written {
    /// The text, each board's eight lines inserted at the start of its caption's line.
    pub text: String,
    /// Where: for each board written, the 0-based byte offset in the text before (a line's
    /// start, or its end) its lines stand before, and their length in bytes; in order.
    pub inserted: Vec<(usize, usize)>,
}

impl Written {
    /// `text` unchanged.
    pub(crate) fn unchanged(text: &str) -> Written {
        Written {
            text: text.to_owned(),
            inserted: Vec::new(),
        }
    }
}

/// `offset` (0-based, in the text before the boards were written in) in the text after: moved
/// by every board written at or before it ([`Written::inserted`]).
pub(crate) fn moved(offset: u64, inserted: &[(usize, usize)]) -> u64 {
    offset
        + inserted
            .iter()
            .filter(|&&(at, _)| at as u64 <= offset)
            .map(|&(_, len)| len as u64)
            .sum::<u64>()
}

/// `text` with the boards `found` on its page written in (see the module's documentation);
/// `lines` are the page's lines of words, their boxes in the pixels `found` were found on.
///
/// A board is left out when any square reads under [`SURE_ENOUGH`], when no line stands under
/// or over it, when its caption line is not found in the text (at the page's end it would
/// stand under another study's caption), and when another board goes to the same place (two
/// boards side by side whose captions are one line: which is whose, the text cannot say).
pub(crate) fn write_boards(
    text: &str,
    lines: &[Vec<Word>],
    found: Vec<FoundBoard>,
    matching: Match,
) -> Written {
    if found.is_empty() {
        return Written::unchanged(text);
    }
    let mut book = Book::new(PieceSet::builtin());
    // Each board's caption: its line's words, and whether it stands under the board.
    let mut captions: Vec<Option<(Vec<Word>, bool)>> = Vec::new();
    let mut line_index = Vec::new();
    for board in found {
        let own: Vec<Vec<Word>> = match matching {
            Match::Exact => lines.to_vec(),
            Match::Loose => lines
                .iter()
                .map(|line| in_columns(line, board.area))
                .collect(),
        };
        let below = line_below(&own, board.area);
        let above = line_above(&own, board.area);
        let caption = below
            .map(|i| (i, true))
            .or_else(|| above.map(|i| (i, false)));
        let words = caption.map(|(i, under)| (own[i].clone(), under));
        let teaching = words.as_ref().and_then(|(w, _)| teaching(&joined(w)));
        line_index.push(caption);
        captions.push(words);
        book.add(board, teaching);
    }
    let read = book.read();
    let places: Vec<Option<usize>> = match matching {
        Match::Exact => {
            let line_of = exact_lines(text, lines);
            line_index
                .iter()
                .map(|caption| {
                    let (i, under) = (*caption)?;
                    let n = line_of[i]?;
                    Some(line_start(text, n + usize::from(!under)))
                })
                .collect()
        }
        Match::Loose => captions
            .iter()
            .map(|caption| {
                let (words, under) = caption.as_ref()?;
                let span = loose_find(text, words)?;
                Some(if *under {
                    text[..span.0].rfind('\n').map_or(0, |i| i + 1)
                } else {
                    text[span.1..]
                        .find('\n')
                        .map_or(text.len(), |i| span.1 + i + 1)
                })
            })
            .collect(),
    };
    let mut boards: Vec<(usize, String)> = read
        .iter()
        .zip(&places)
        .filter_map(|(board, &place)| {
            let at = place?;
            let shared = places.iter().filter(|&&p| p == Some(at)).count() > 1;
            (board.least_sure() >= SURE_ENOUGH && !shared).then(|| (at, board.text()))
        })
        .collect();
    boards.sort_by_key(|&(at, _)| at);
    insert(text, &boards)
}

/// `text` with each board's lines inserted at its offset (0-based, a line's start or the
/// text's end, in order), a line feed first where the text before does not end one.
pub(crate) fn insert(text: &str, boards: &[(usize, String)]) -> Written {
    let mut out = String::with_capacity(text.len() + boards.len() * 100);
    let mut inserted = Vec::with_capacity(boards.len());
    let mut copied = 0;
    for (at, board) in boards {
        out.push_str(&text[copied..*at]);
        copied = *at;
        let start = out.len();
        if !out.is_empty() && !out.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(board);
        inserted.push((*at, out.len() - start));
    }
    out.push_str(&text[copied..]);
    Written {
        text: out,
        inserted,
    }
}

/// The words joined by one space.
pub(crate) fn joined(words: &[Word]) -> String {
    words
        .iter()
        .map(|w| w.text.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The 0-based byte offset of the start of line `n` (0-based) of `text`; the text's length past
/// its last line.
fn line_start(text: &str, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    text.match_indices('\n')
        .nth(n - 1)
        .map_or(text.len(), |(i, _)| i + 1)
}

/// Each line of `lines` as a line of `text` (0-based), matched in order ([`Match::Exact`]).
fn exact_lines(text: &str, lines: &[Vec<Word>]) -> Vec<Option<usize>> {
    let mut line_of = vec![None; lines.len()];
    let mut at = 0;
    for (n, line) in text.split('\n').enumerate() {
        let words = line.split_whitespace().collect::<Vec<_>>().join(" ");
        if words.is_empty() {
            continue;
        }
        if let Some(i) = (at..lines.len()).find(|&i| joined(&lines[i]) == words) {
            line_of[i] = Some(n);
            at = i + 1;
        }
    }
    line_of
}

/// Where the caption `words` stands in `text` ([`Match::Loose`]): the 0-based byte range from
/// its first character to past its last, when it is found once.
fn loose_find(text: &str, words: &[Word]) -> Option<(usize, usize)> {
    // The page's characters but white space, each byte with its character's offset in the
    // text.
    let mut squashed = String::with_capacity(text.len());
    let mut offsets = Vec::with_capacity(text.len());
    for (i, c) in text.char_indices().filter(|(_, c)| !c.is_whitespace()) {
        offsets.extend(std::iter::repeat_n(i, c.len_utf8()));
        squashed.push(c);
    }
    let span = |start: usize, len: usize| {
        let last = offsets[start + len - 1];
        let end = last + text[last..].chars().next().map_or(1, char::len_utf8);
        (offsets[start], end)
    };
    // Found once, standing apart: white space (or the text's end) on both sides.
    let once = |needle: &str, apart: &dyn Fn(usize, usize) -> bool| {
        let found: Vec<(usize, usize)> = squashed
            .match_indices(needle)
            .map(|(i, _)| span(i, needle.len()))
            .filter(|&(start, end)| apart(start, end))
            .collect();
        match found[..] {
            [one] => Some(one),
            _ => None,
        }
    };
    let caption: String = words
        .iter()
        .flat_map(|w| w.text.chars())
        .filter(|c| !c.is_whitespace())
        .collect();
    if caption.is_empty() {
        return None;
    }
    let space = |c: Option<char>| c.is_none_or(char::is_whitespace);
    let words_apart = |start: usize, end: usize| {
        space(text[..start].chars().next_back()) && space(text[end..].chars().next())
    };
    if let Some(found) = once(&caption, &words_apart) {
        return Some(found);
    }
    // The code, no digit before it; the kings, when the key holds them, no digit after.
    let key = code_key(&joined(words))?;
    let code_apart = |start: usize, end: usize| {
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        !digit(text[..start].chars().next_back()) && !digit(text[end..].chars().next())
    };
    once(&key, &code_apart)
}

/// The caption's code with white space taken out, to be found in a text that spaces it
/// otherwise: `dddd.dd` standing as a token (no digit on either side), and the two squares
/// after it when they follow, glued or apart (the kings: `4001.00f6c5`); `None` without a
/// code.
fn code_key(caption: &str) -> Option<String> {
    let bytes = caption.as_bytes();
    let square =
        |s: &[u8]| s.len() == 2 && (b'a'..=b'h').contains(&s[0]) && (b'1'..=b'8').contains(&s[1]);
    (0..bytes.len().saturating_sub(6)).find_map(|i| {
        let w = &bytes[i..i + 7];
        let code = w[..4].iter().all(u8::is_ascii_digit)
            && w[4] == b'.'
            && w[5..].iter().all(u8::is_ascii_digit)
            && (i == 0 || !bytes[i - 1].is_ascii_digit())
            && bytes.get(i + 7).is_none_or(|b| !b.is_ascii_digit());
        if !code {
            return None;
        }
        let mut key = caption[i..i + 7].to_owned();
        let rest = caption[i + 7..].trim_start().as_bytes();
        if rest.len() >= 4 && square(&rest[..2]) && square(&rest[2..4]) {
            key.push_str(std::str::from_utf8(&rest[..4]).ok()?);
        }
        Some(key)
    })
}

/// The words of `line` that share columns with `area`.
fn in_columns(line: &[Word], area: PixelBox) -> Vec<Word> {
    line.iter()
        .filter(|w| w.left < (area.x + area.width) as usize && w.left + w.width > area.x as usize)
        .cloned()
        .collect()
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
    !words.is_empty() && left < (area.x + area.width) as usize && right > area.x as usize
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
/// gives kings and squares; `None` when it holds no code.
fn teaching(line: &str) -> Option<Teaching> {
    let parsed = crate::parse::parse_text(line).ok()?;
    let position = &parsed.position;
    Some(Teaching {
        board: position.board(),
        kings: position.kings,
        material: position.code.material(),
    })
}
