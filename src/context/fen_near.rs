//! A FEN near a caption (docs/check.md, "The copies"): the board copy `gbr check` compares a
//! caption with where no diagram stands, read beside the other readers of the lines around a
//! code.

use std::ops::Range;

use shakmaty::Board;
use shakmaty::fen::Fen;

/// Lines around a caption searched for a FEN.
pub const FEN_LINES: usize = 3;

/// A FEN near a caption: `[FEN "..."]` (PGN's tag) or a line that is a FEN (board field and
/// more, or the board field alone), on the caption's lines or within [`FEN_LINES`] lines
/// around them. Returns the board and the 0-based byte range of the FEN text.
pub fn fen_near(buf: &[u8], span: Range<usize>) -> Option<(Board, Range<usize>)> {
    let mut start = memchr::memrchr(b'\n', &buf[..span.start]).map_or(0, |i| i + 1);
    for _ in 0..FEN_LINES {
        if start == 0 {
            break;
        }
        start = memchr::memrchr(b'\n', &buf[..start - 1]).map_or(0, |i| i + 1);
    }
    let mut at = start;
    let mut after = 0;
    while at < buf.len() {
        let end = memchr::memchr(b'\n', &buf[at..]).map_or(buf.len(), |i| at + i);
        if let Some(found) = fen_in_line(&buf[at..end]) {
            return Some((found.0, at + found.1.start..at + found.1.end));
        }
        if at >= span.end {
            after += 1;
            if after > FEN_LINES {
                break;
            }
        }
        at = end + 1;
    }
    None
}

fn fen_in_line(line: &[u8]) -> Option<(Board, Range<usize>)> {
    let text = std::str::from_utf8(line).ok()?;
    if let Some(i) = text.find("[FEN \"") {
        let from = i + 6;
        let len = text[from..].find('"')?;
        let fen: Fen = text[from..from + len].parse().ok()?;
        return Some((fen.into_setup().board, from..from + len));
    }
    let trimmed = text.trim();
    let from = text.find(trimmed)?;
    // The board field has seven slashes; a line that is a FEN holds nothing else.
    if trimmed.split(' ').next()?.matches('/').count() != 7 {
        return None;
    }
    let fen: Fen = trimmed.parse().ok()?;
    Some((fen.into_setup().board, from..from + trimmed.len()))
}
