//! A bare code in a PGN tag's value: which tag holds it, and the side to move of the FEN beside it
//! (docs/reading.md, "Bare codes").

use memchr::memmem;

use crate::parse::Parsed;

/// The name of the PGN tag whose value holds byte `at` (0-based) of `text`: `[Name "value"]`
/// alone on its line, several on a line, or wrapped over lines as PGN pasted into prose comes
/// (`crate::context::pgn_tag`), with `at` inside the quotes. `None` elsewhere. A tag's numbers
/// are names, ratings, versions, dates and rounds (`[White "Komodo 2118.00"]`,
/// `[Date "1930.02.??"]`), not codes, but for a tag that names a code (docs/reading.md, "Bare
/// codes").
pub fn pgn_tag_at(text: &[u8], at: usize) -> Option<&[u8]> {
    crate::context::pgn_tag::tag_at(text, at)
}

/// The side to move of the `[FEN "..."]` tag in the block of PGN tags holding byte `at`
/// (0-based) of `text`: the tag lines above and below the line of `at` (at most 32 each way),
/// the FEN's second field `w` or `b`. `None` where `at` stands on no tag line, or the block has
/// no FEN tag. A game read as plain text gives its side to move so (docs/reading.md, "Bare
/// codes"; docs/chess-formats.md).
pub fn fen_tag_side(text: &[u8], at: usize) -> Option<shakmaty::Color> {
    let is_tag =
        |line: &[u8]| line.trim_ascii().starts_with(b"[") && line.trim_ascii().ends_with(b"]");
    let line_of = |i: usize| {
        let start = memchr::memrchr(b'\n', &text[..i]).map_or(0, |j| j + 1);
        let end = memchr::memchr(b'\n', &text[i..]).map_or(text.len(), |j| i + j);
        start..end
    };
    let own = line_of(at.min(text.len()));
    if !is_tag(&text[own.clone()]) {
        return None;
    }
    let side = |line: &[u8]| {
        let value = line.trim_ascii().strip_prefix(b"[FEN")?.trim_ascii_start();
        let fields = value.strip_prefix(b"\"")?;
        let gap = fields.iter().position(|&b| b == b' ')?;
        match fields.get(gap + 1)? {
            b'w' => Some(shakmaty::Color::White),
            b'b' => Some(shakmaty::Color::Black),
            _ => None,
        }
    };
    let mut up = own.clone();
    for _ in 0..32 {
        if let Some(s) = side(&text[up.clone()]) {
            return Some(s);
        }
        if up.start == 0 {
            break;
        }
        up = line_of(up.start - 1);
        if !is_tag(&text[up.clone()]) {
            break;
        }
    }
    let mut down = own;
    for _ in 0..32 {
        if down.end >= text.len() {
            break;
        }
        down = line_of(down.end + 1);
        if !is_tag(&text[down.clone()]) {
            break;
        }
        if let Some(s) = side(&text[down.clone()]) {
            return Some(s);
        }
    }
    None
}

/// True when a tag's name says it holds a code (`GBR`, `GBRCode`, `Code`): its value is read.
pub(super) fn names_a_code(name: &[u8]) -> bool {
    let lower = name.to_ascii_lowercase();
    memmem::find(&lower, b"gbr").is_some() || lower == b"code"
}

/// True when the code `parsed`, read with kings or more, stands in the value of a PGN tag that
/// names no code in a shape no study database writes. A study database's value is the code
/// with its kings and a sign or result, before it or after (`(+0016.32d4g7)`,
/// `[=0040.34h5a4]`, `+0130.11 b4h1`, `a7d3 0116.00 b2b3c6d6 3/3+.`: HHdb, EG's databases); anything else there is a player's name, a version and what follows them
/// (docs/reading.md, "Bare codes").
pub fn in_tag_unlike_a_study(buf: &[u8], parsed: &Parsed) -> bool {
    let signed = parsed
        .position
        .stipulation
        .is_some_and(|s| s.outcome.is_some());
    if signed && parsed.position.kings.is_some() {
        return false;
    }
    pgn_tag_at(buf, parsed.parts.code.start).is_some_and(|name| !names_a_code(name))
}
