//! The boards of a page written into its text (docs/reading.md, "Diagrams in pictures"): every
//! board `picture::find_boards` found on the page's pixels read, and written as eight lines in
//! the picture font just above the caption printed under it (else just under the line printed
//! over it), where the scan reads a diagram set as text with its caption.
//!
//! Two readers give a page's pixels and its words' boxes: OCR (`--ocr`: Tesseract's TSV, whose
//! lines are the text's lines, [`Match::Exact`]) and the diagrams of a text layer
//! (`--diagrams`: pdftotext's boxes, [`bbox`], whose lines the text layer breaks and spaces
//! otherwise, [`Match::Loose`]). What follows is theirs alike: which line is a board's
//! caption, what it teaches, which boards are left out, and where each goes in the text. What
//! is OCR's alone comes with its match ([`Ocr`]): a caption OCR garbled rebuilt from its
//! board, and a board beside which no line holds a code given a caption of its own, so that
//! it is a record.
//!
//! A file's boards are read as one book: the built-in men's shapes, and what each other
//! board's caption teaches (`picture::Book`), never its own caption's; an OCR'd file's pages
//! and a text layer's PDF's pages alike ([`read_book`]).

pub(super) mod bbox;
#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::misread::OcrFix;
use crate::picture::{BoardRead, Book, FoundBoard, PieceSet, PixelBox, Teaching};

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

/// A caption line rebuilt from its board: the byte range of the line OCR garbled (0-based, in
/// the line) and what replaces it.
pub(crate) type Rebuilt = (Range<usize>, String);

/// What an OCR'd page's boards do beyond a text layer's (docs/reading.md, "A caption rebuilt
/// from its board"): OCR may garble a caption, and its page's text carries fixes that say so.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ocr {
    /// The caption line under a board written in (no line break) rebuilt from the board: the
    /// byte range of the line OCR garbled and what replaces it; `None` to keep the line.
    pub rebuild: fn(&str, &BoardRead) -> Option<Rebuilt>,
    /// The caption a board beside which no line holds a code gives itself.
    pub own: OwnCaption,
}

/// The caption a board beside which no line holds a code gives itself, so that it is a record
/// of its own (docs/reading.md, "A board without a caption"), on an OCR'd page and on a text
/// layer's alike.
#[derive(Debug, Clone, Copy)]
pub(crate) struct OwnCaption {
    /// The caption; `None` for none.
    pub caption: fn(&BoardRead) -> Option<String>,
    /// The men a line beside a board prints (`9 + 8`, `5/4`), White's and Black's: a board
    /// whose line prints other men than it shows gives itself no caption.
    pub printed_men: fn(&str) -> Option<(u32, u32)>,
}

impl OwnCaption {
    /// The caption `board` gives itself, `caption` its lines under and over it: none when a
    /// line beside it holds a code (in the board's columns or past them), or prints other men
    /// than it shows.
    fn of(&self, board: &BoardRead, caption: &Caption) -> Option<String> {
        let beside = caption.below.as_ref().or(caption.above.as_ref());
        let printed = beside.and_then(|w| (self.printed_men)(&joined(w)));
        if caption.coded || caption.code_near || printed.is_some_and(|men| men != board.men()) {
            return None;
        }
        (self.caption)(board)
    }
}

/// How a line of boxes is found in the page's text.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Match {
    /// The text's lines are the boxes' lines, in the same order (Tesseract's text and TSV of
    /// one run): a line is the text line whose words, white space aside, are the same, the
    /// first after the line matched before. A caption is read for OCR's misreadings where it
    /// holds no code as given; [`Ocr`] rebuilds the captions OCR garbled and gives boards
    /// beside no code their own.
    Exact(Ocr),
    /// The text breaks and spaces its lines otherwise (a PDF's text layer as pdf-extract reads
    /// it, against pdftotext's boxes): a caption is its words with every white space taken
    /// out, found once on the page standing apart; else its code (`dddd.dd`, and the kings
    /// after it when the caption gives them) found once on the page. The caption is the words
    /// in the board's columns only, so that two boards side by side have each their own. A
    /// caption is as printed: never rebuilt; a board beside which no line holds a code gives
    /// itself one with [`OwnCaption`], when given, and its line is found.
    Loose(Option<OwnCaption>),
}

/// A page's text with its boards written in.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Written {
    /// The text: each board's eight lines inserted at the start of its caption's line, each
    /// caption rebuilt or given ([`Ocr`]) in place.
    pub text: String,
    /// Where: for each run of bytes added (a board's lines with the caption it gives itself, a
    /// rebuilt caption's bytes past the garbled ones), the 0-based byte offset in the text
    /// before it stands before, and its length in bytes; in order.
    pub inserted: Vec<(usize, usize)>,
    /// A fix for each caption rebuilt or given (`from_picture`), its offset in
    /// [`Written::text`].
    pub fixes: Vec<OcrFix>,
    /// Each board written ([`Placed`]), in order.
    pub boards: Vec<Placed>,
    /// The 0-based byte offsets in [`Written::text`] of the line feeds written in (a board's
    /// lines, the caption it gives itself, a line feed ending the text before them), in order:
    /// the lines the source does not hold, which a record's line does not count
    /// ([`crate::input::Member::added`]).
    pub added: Vec<u64>,
}

/// `offset` (0-based, in the text before the boards were written in) in the text after: moved
/// by every run of bytes added at or before it ([`Written::inserted`]).
pub(crate) fn moved(offset: u64, inserted: &[(usize, usize)]) -> u64 {
    offset
        + inserted
            .iter()
            .filter(|&&(at, _)| at as u64 <= offset)
            .map(|&(_, len)| len as u64)
            .sum::<u64>()
}

/// One change to a page's text.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Edit {
    /// A board's lines before the 0-based byte offset `at` (a line's start, or the text's
    /// end), and the caption it gives itself after them.
    Board {
        at: usize,
        lines: String,
        caption: Option<String>,
    },
    /// The bytes `span` of a caption line OCR garbled, rebuilt as `read`.
    Rebuild { span: Range<usize>, read: String },
}

impl Edit {
    /// Where it applies, boards before a rebuilt line's bytes.
    fn key(&self) -> (usize, u8) {
        match self {
            Edit::Board { at, .. } => (*at, 0),
            Edit::Rebuild { span, .. } => (span.start, 1),
        }
    }
}

/// A page's boards as found, each with its caption lines and what they teach: one page of a
/// book ([`read_book`]).
pub(crate) struct PageBoards {
    found: Vec<FoundBoard>,
    teachings: Vec<Option<Teaching>>,
    /// Each board's lines under and over it, in the order found.
    pub captions: Vec<Caption>,
}

/// The boards `found` on a page whose lines of words are `lines` (boxes in the pixels they were
/// found on), each with the lines under and over it (in its columns, for a text layer) and what
/// the line under it (else over it) teaches.
pub(crate) fn gather(lines: &[Vec<Word>], found: Vec<FoundBoard>, matching: Match) -> PageBoards {
    let ocr = matches!(matching, Match::Exact(_));
    let mut page = PageBoards {
        found: Vec::with_capacity(found.len()),
        teachings: Vec::with_capacity(found.len()),
        captions: Vec::with_capacity(found.len()),
    };
    let whole = lines;
    for board in found {
        let own: Vec<Vec<Word>>;
        let lines = match matching {
            Match::Exact(_) => lines,
            Match::Loose(_) => {
                own = lines
                    .iter()
                    .map(|line| in_columns(line, board.area))
                    .collect();
                &own
            }
        };
        let words = |i: Option<usize>| i.map(|i| lines[i].clone());
        let (below_at, above_at) = (line_below(lines, board.area), line_above(lines, board.area));
        let (below, above) = (words(below_at), words(above_at));
        let taught = |w: &Option<Vec<Word>>| w.as_ref().and_then(|w| teaching(&joined(w), ocr));
        let coded = taught(&below).is_some() || taught(&above).is_some();
        // A code on the line beside it past the board's columns (a text layer's).
        let code_near = [below_at, above_at]
            .into_iter()
            .flatten()
            .any(|i| holds_code(&joined(&whole[i])));
        // The line under the board teaches where there is one, else the line over it.
        let teaching = if below.is_some() {
            taught(&below)
        } else {
            taught(&above)
        };
        page.captions.push(Caption {
            below,
            above,
            coded,
            code_near,
            area: board.area,
        });
        page.found.push(board);
        page.teachings.push(teaching);
    }
    page
}

/// The boards `found` in one picture of a document's flow, taught by its caption line
/// `caption` (the line holding a code nearest the picture in the text, `images::caption`;
/// `None` for none): one page of a book ([`read_book`]), whose boards are placed by the
/// document's reader, not by [`place`].
pub(crate) fn flowed(found: Vec<FoundBoard>, caption: Option<&str>) -> PageBoards {
    let taught = caption.and_then(|line| teaching(line, false));
    PageBoards {
        teachings: found.iter().map(|_| taught.clone()).collect(),
        captions: Vec::new(),
        found,
    }
}

/// True when `line` holds a code (`dddd.dd` standing as a token), as a caption does.
pub(crate) fn holds_code(line: &str) -> bool {
    code_key(line).is_some()
}

/// The boards of `pages` read as one book (`picture::Book`: the built-in men and what every
/// other board's caption teaches, in any of the pages, never a board's own): for each page,
/// its boards as read, in the order found. A PDF's pages are one book, so that a book of one
/// board a page learns its men from all its captions.
pub(crate) fn read_book(pages: Vec<PageBoards>) -> Vec<Vec<BoardRead>> {
    let mut book = Book::new(PieceSet::builtin());
    let counts: Vec<usize> = pages.iter().map(|p| p.found.len()).collect();
    for page in pages {
        for (board, teaching) in page.found.into_iter().zip(page.teachings) {
            book.add(board, teaching);
        }
    }
    let mut read = book.read().into_iter();
    counts
        .into_iter()
        .map(|n| read.by_ref().take(n).collect())
        .collect()
}

/// `text` with its page's boards `read` (in the order found, each with its `captions`)
/// written in (see the module's documentation); `lines` are the page's lines of words, their
/// boxes in the pixels the boards were found on (an OCR'd page's: a text layer's captions are
/// found by their words, [`Match::Loose`]).
///
/// A board is left out when any square reads under [`SURE_ENOUGH`]; when another board goes
/// to the same caption line (two boards side by side whose captions are one line: which is
/// whose, the text cannot say); when no line stands under or over it, or on an OCR'd page
/// when neither holds a code and it gives itself no caption ([`Ocr`]); and when its caption
/// line is not found in the text (at the page's end it would stand under another study's
/// caption).
pub(crate) fn place(
    text: &str,
    lines: &[Vec<Word>],
    read: &[BoardRead],
    captions: &[Caption],
    matching: Match,
) -> Written {
    let edits = match matching {
        Match::Exact(ocr) => exact_edits(text, lines, read, captions, ocr),
        Match::Loose(own) => loose_edits(text, read, captions, own),
    };
    apply(text, edits)
}

/// A board's lines under and over it: their words, whether either holds a code, and the
/// board's box.
#[derive(Debug, Clone)]
pub(crate) struct Caption {
    below: Option<Vec<Word>>,
    above: Option<Vec<Word>>,
    coded: bool,
    /// True when the whole line under or over the board, past its columns too, holds a code.
    code_near: bool,
    area: PixelBox,
}

/// True when another board's line under it is `line` too (words and place alike).
fn shared(captions: &[Caption], line: &Option<Vec<Word>>) -> bool {
    line.is_some() && captions.iter().filter(|c| &c.below == line).count() > 1
}

/// The edits of an OCR'd page ([`Match::Exact`]): each board sure and alone under its caption
/// line before that line (after the line over it), where either holds a code or the caption
/// under it is rebuilt where OCR garbled it; else with the caption it gives itself (unless
/// the line beside it prints other men), before the line under it, or the first line under
/// its bottom edge, or at the text's end.
fn exact_edits(
    text: &str,
    lines: &[Vec<Word>],
    read: &[BoardRead],
    captions: &[Caption],
    ocr: Ocr,
) -> Vec<Edit> {
    let line_of = exact_lines(text, lines);
    let text_lines: Vec<&str> = text.split_inclusive('\n').collect();
    // Each line of boxes by its words and place, as a board's caption holds them.
    let index = |w: &Option<Vec<Word>>| {
        let w = w.as_ref()?;
        lines.iter().position(|l| l == w)
    };
    let mut edits = Vec::new();
    for (board, caption) in read.iter().zip(captions) {
        if board.least_sure() < SURE_ENOUGH || shared(captions, &caption.below) {
            continue;
        }
        let below_n = index(&caption.below).and_then(|i| line_of[i]);
        let above_n = index(&caption.above).and_then(|i| line_of[i]);
        let at = below_n
            .map(|n| line_start(text, n))
            .or_else(|| above_n.map(|n| line_start(text, n + 1)));
        let rebuilt = below_n.and_then(|n| {
            let (span, read) = (ocr.rebuild)(text_lines[n].trim_end(), board)?;
            let start = line_start(text, n);
            Some((start + span.start..start + span.end, read))
        });
        if caption.coded || rebuilt.is_some() {
            let Some(at) = at else {
                continue;
            };
            edits.push(Edit::Board {
                at,
                lines: board.text(),
                caption: None,
            });
            if let Some((span, read)) = rebuilt {
                edits.push(Edit::Rebuild { span, read });
            }
        } else if let Some(own) = ocr.own.of(board, caption) {
            let at = at
                .or_else(|| {
                    next_line(lines, caption.area)
                        .and_then(|i| line_of[i])
                        .map(|n| line_start(text, n))
                })
                .unwrap_or(text.len());
            edits.push(Edit::Board {
                at,
                lines: board.text(),
                caption: Some(own),
            });
        }
    }
    edits
}

/// The edits of a text layer's page ([`Match::Loose`]): each board sure, under (or over) a
/// caption line of its own found once in the text, before the text line where the caption
/// starts (after the one where a caption over it ends); with the caption it gives itself
/// (`own`) where neither line holds a code, in the board's columns or past them (a caption
/// whose code stands right of the board's edge: `+      1010.07 c3a1` under a board whose
/// columns hold the `+` alone, the 2017 manuscript's page 423), nor the nearest text line
/// with words before the place or after it (a caption the text layer gives before its
/// board's lines: page 164's `+ 4001.01 e6b3`, whose top the board's box overlaps).
fn loose_edits(
    text: &str,
    read: &[BoardRead],
    captions: &[Caption],
    own: Option<OwnCaption>,
) -> Vec<Edit> {
    let places: Vec<Option<usize>> = captions
        .iter()
        .map(|caption| {
            let (words, under) = match (&caption.below, &caption.above) {
                (Some(below), _) => (below, true),
                (None, Some(above)) => (above, false),
                (None, None) => return None,
            };
            let span = loose_find(text, words)?;
            Some(if under {
                text[..span.0].rfind('\n').map_or(0, |i| i + 1)
            } else {
                text[span.1..]
                    .find('\n')
                    .map_or(text.len(), |i| span.1 + i + 1)
            })
        })
        .collect();
    read.iter()
        .zip(&places)
        .zip(captions)
        .filter_map(|((board, &place), caption)| {
            let at = place?;
            let shared = places.iter().filter(|&&p| p == Some(at)).count() > 1;
            // The nearest text line with words before the place and after it.
            let coded_beside = || {
                let filled = |l: &&str| !l.trim().is_empty();
                let after = text[at..].split('\n').find(filled);
                let before = text[..at].rsplit('\n').find(filled);
                after.is_some_and(holds_code) || before.is_some_and(holds_code)
            };
            (board.least_sure() >= SURE_ENOUGH && !shared).then(|| Edit::Board {
                at,
                lines: board.text(),
                caption: own
                    .and_then(|own| own.of(board, caption))
                    .filter(|_| !coded_beside()),
            })
        })
        .collect()
}

/// A board written into a text: the 0-based byte offset in the text before its lines stand
/// before (a line's start, or the text's end), its lines, and the caption it gave itself after
/// them (`None` for none).
pub(crate) type Placed = (usize, String, Option<String>);

/// `text` with each board's lines (and the caption it gave itself) inserted at its offset, in
/// order, a line feed first where the text before does not end one.
pub(crate) fn insert(text: &str, boards: &[Placed]) -> Written {
    let edits = boards
        .iter()
        .map(|(at, lines, caption)| Edit::Board {
            at: *at,
            lines: lines.clone(),
            caption: caption.clone(),
        })
        .collect();
    apply(text, edits)
}

/// `text` with `edits` made, in order of place.
fn apply(text: &str, mut edits: Vec<Edit>) -> Written {
    edits.sort_by_key(Edit::key);
    let mut out = String::with_capacity(text.len() + edits.len() * 100);
    let mut written = Written::default();
    let mut copied = 0;
    for edit in edits {
        match edit {
            Edit::Board { at, lines, caption } => {
                out.push_str(&text[copied..at]);
                copied = at;
                let start = out.len();
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                out.push_str(&lines);
                if let Some(caption) = &caption {
                    written.fixes.push(OcrFix {
                        offset: out.len() as u64,
                        found: "".into(),
                        read: caption.as_str().into(),
                        part: None,
                        from_picture: true,
                    });
                    out.push_str(caption);
                    out.push('\n');
                }
                let feeds = memchr::memchr_iter(b'\n', &out.as_bytes()[start..]);
                written.added.extend(feeds.map(|i| (start + i) as u64));
                written.inserted.push((at, out.len() - start));
                written.boards.push((at, lines, caption));
            }
            Edit::Rebuild { span, read } => {
                // The rebuilt part padded to the garbled one's length, or the bytes it runs
                // past it counted as inserted at its end: every later offset moves with it.
                out.push_str(&text[copied..span.start]);
                written.fixes.push(OcrFix {
                    offset: out.len() as u64,
                    found: text[span.clone()].into(),
                    read: read.as_str().into(),
                    part: None,
                    from_picture: true,
                });
                out.push_str(&read);
                let found = span.end - span.start;
                if read.len() < found {
                    out.extend(std::iter::repeat_n(' ', found - read.len()));
                } else if read.len() > found {
                    written.inserted.push((span.end, read.len() - found));
                }
                copied = span.end;
            }
        }
    }
    out.push_str(&text[copied..]);
    written.text = out;
    written
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

/// The first line whose top is under the board's, in any column: where a board with no
/// line beside it stands in the page's text.
fn next_line(lines: &[Vec<Word>], area: PixelBox) -> Option<usize> {
    let bottom = (area.y + area.height) as usize;
    (0..lines.len())
        .filter(|&i| !lines[i].is_empty() && extent(&lines[i]).1 >= bottom)
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
/// gives kings and squares (an OCR'd line, `ocr`, read for OCR's misreadings where it holds
/// no code as given); `None` when it holds no code.
fn teaching(line: &str, ocr: bool) -> Option<Teaching> {
    let parsed = crate::parse::parse_text(line)
        .or_else(|err| {
            if ocr {
                crate::parse::parse_text(&crate::misread::read(line).text)
            } else {
                Err(err)
            }
        })
        .ok()?;
    let position = &parsed.position;
    Some(Teaching {
        board: position.board(),
        kings: position.kings,
        material: position.code.material(),
    })
}
