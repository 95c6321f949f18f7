//! Chess diagrams printed as text (gbr-notation.md §7): a board set in a diagram font comes out of PDF
//! text extraction as eight lines, rank 8 first, each `9`, eight squares from file a to h, and
//! `0`. This module reads such boards ([`read_at`], [`all`]), ties one to the caption code it
//! belongs to ([`for_code`]) and gives its kings and squares in the order a GBR position lists
//! them ([`Diagram::position`]).
//!
//! Only lines that begin with `9` (after spaces) are ever tried, and [`for_code`] looks only
//! at the few lines around a code found: reading diagrams adds no work to the finder.

pub mod font;
mod near;

use std::ops::Range;

use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use crate::code::{Code, PIECE_ROLES};
use crate::material::Material;
use crate::parse::Parsed;
use crate::position::{Kings, SquareList};
pub use font::{FONTS, Font, Meaning};
pub use near::{NineLines, for_code};

/// Lines above a caption's first line searched for the last rank of its diagram: the diagram,
/// then its composer, source and number lines (EG's layout).
pub const ABOVE_LINES: usize = 6;

/// Lines below a caption searched for a diagram printed under it, when none stands above.
pub const BELOW_LINES: usize = 3;

/// A board read from text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    /// The men on it.
    pub board: Board,
    /// 0-based byte range from the `9` of rank 8 to the `0` of rank 1.
    pub span: Range<usize>,
    /// The font that read it.
    pub font: &'static Font,
}

impl Diagram {
    /// Men of each colour and type on the board, kings included.
    pub fn material(&self) -> Material {
        Material::of_board(&self.board)
    }

    /// Its kings and squares in the order of gbr-notation.md §2 (pieces queens, rooks, bishops,
    /// knights, white's before black's within a type; pawns white's then black's; squares of
    /// one kind of man in text order, `b2` before `c1`), when it has exactly one king a side.
    pub fn position(&self) -> Option<(Kings, SquareList)> {
        board_position(&self.board)
    }
}

/// [`Diagram::position`] for any board.
pub fn board_position(board: &Board) -> Option<(Kings, SquareList)> {
    let king = |color: Color| {
        let kings = board.by_piece(color.king());
        (kings.count() == 1).then(|| kings.first()).flatten()
    };
    let kings = Kings {
        white: king(Color::White)?,
        black: king(Color::Black)?,
    };
    let squares_of = |piece: Piece| {
        let mut squares: Vec<Square> = board.by_piece(piece).into_iter().collect();
        squares.sort_by_key(|s| (s.file(), s.rank()));
        squares
    };
    let mut pieces = Vec::new();
    for role in PIECE_ROLES {
        for color in [Color::White, Color::Black] {
            pieces.extend(squares_of(Piece { color, role }));
        }
    }
    let mut pawns = squares_of(Color::White.pawn());
    pawns.extend(squares_of(Color::Black.pawn()));
    let pawns_marked = !pawns.is_empty();
    Some((
        kings,
        SquareList {
            pieces,
            pawns,
            pawns_marked,
        },
    ))
}

/// The content of one rank line: `9`, eight squares, `0`, with spaces before and spaces or a
/// carriage return after. `None` when the line is not one.
fn rank_line(line: &[u8], font: &Font) -> Option<[Option<Piece>; 8]> {
    // Spaces and control bytes (a page break's form feed) around the board's line.
    let blank = |b: &u8| crate::parse::space::is_control_or_space(*b);
    let start = line.iter().position(|b| !blank(b))?;
    let end = line.iter().rposition(|b| !blank(b))?;
    let line = line.get(start..=end)?;
    let inner = line.strip_prefix(b"9")?.strip_suffix(b"0")?;
    let mut men = [None; 8];
    let mut at = 0;
    for man in &mut men {
        let (meaning, len) = font.read(&inner[at..])?;
        *man = match meaning {
            Meaning::Empty => None,
            Meaning::Man(color, role) => Some(Piece { color, role }),
        };
        at += len;
    }
    (at == inner.len()).then_some(men)
}

/// True when the line, after spaces and control bytes (a page break's form feed), begins with
/// `9`: the one test made before a diagram is read.
fn may_be_rank(line: &[u8]) -> bool {
    line.iter()
        .find(|b| !crate::parse::space::is_control_or_space(**b))
        == Some(&b'9')
}

/// True when `line` (without its line feed) is a line of a board printed as text (gbr-notation.md §7),
/// spaces and control bytes around it aside: the top border (`XIIIIIIIIY`: eight `I`s), or a
/// rank line, `9`, eight squares in one of the fonts read, `0`. A caption's label is read across such lines
/// as if they were not there ([`crate::context::label`]).
pub fn is_board_line(line: &[u8]) -> bool {
    let blank = |b: &u8| crate::parse::space::is_control_or_space(*b);
    let Some(start) = line.iter().position(|b| !blank(b)) else {
        return false;
    };
    let end = line
        .iter()
        .rposition(|b| !blank(b))
        .map_or(start, |e| e + 1);
    let text = &line[start..end];
    match text {
        [b'9', .., b'0'] => FONTS.iter().any(|font| rank_line(text, font).is_some()),
        _ => text.len() <= 12 && text.windows(8).any(|w| w == b"IIIIIIII"),
    }
}

/// The line starting at `start`: its range without the line feed.
fn line_at(buf: &[u8], start: usize) -> Range<usize> {
    let end = memchr::memchr(b'\n', &buf[start..]).map_or(buf.len(), |i| start + i);
    start..end
}

/// Start of the line holding `at`.
fn line_start(buf: &[u8], at: usize) -> usize {
    memchr::memrchr(b'\n', &buf[..at]).map_or(0, |i| i + 1)
}

/// Start of the line before the one starting at `start`, if any.
fn previous_line(buf: &[u8], start: usize) -> Option<usize> {
    (start > 0).then(|| line_start(buf, start - 1))
}

/// Reads the board whose rank 8 is the line starting at `start` (0-based byte offset of a line
/// start in `buf`), with the first font of `FONTS` that reads all eight lines.
pub fn read_at(buf: &[u8], start: usize) -> Option<Diagram> {
    let mut lines = Vec::with_capacity(8);
    let mut at = start;
    for _ in 0..8 {
        if at > buf.len() {
            return None;
        }
        let line = line_at(buf, at);
        if !may_be_rank(&buf[line.clone()]) {
            return None;
        }
        at = line.end + 1;
        lines.push(line);
    }
    'fonts: for font in FONTS {
        let mut board = Board::empty();
        for (i, line) in lines.iter().enumerate() {
            let Some(men) = rank_line(&buf[line.clone()], font) else {
                continue 'fonts;
            };
            let rank = Rank::new(7 - i as u32);
            for (f, man) in men.into_iter().enumerate() {
                if let Some(piece) = man {
                    board.set_piece_at(Square::from_coords(File::new(f as u32), rank), piece);
                }
            }
        }
        let first = &buf[lines[0].clone()];
        let nine = lines[0].start + first.iter().position(|b| *b == b'9').unwrap_or(0);
        let last = &buf[lines[7].clone()];
        let zero = lines[7].start + last.iter().rposition(|b| *b == b'0').unwrap_or(0);
        return Some(Diagram {
            board,
            span: nine..zero + 1,
            font,
        });
    }
    None
}

/// Every board in `buf`, in order. Looks at the first byte of each line only, and reads a
/// board where a line begins with `9`.
pub fn all(buf: &[u8]) -> Vec<Diagram> {
    let mut out = Vec::new();
    let mut at = 0;
    while at < buf.len() {
        let line = line_at(buf, at);
        if may_be_rank(&buf[line.clone()])
            && let Some(d) = read_at(buf, at)
        {
            at = line_end_after(buf, d.span.end);
            out.push(d);
            continue;
        }
        at = line.end + 1;
    }
    out
}

fn line_end_after(buf: &[u8], at: usize) -> usize {
    memchr::memchr(b'\n', &buf[at..]).map_or(buf.len(), |i| at + i + 1)
}

/// Makes `parsed` a full position from its diagram `d` when the text gives no squares and the
/// diagram agrees with what it does give (the code; the kings, where given): a bare code under
/// a diagram is a full position (gbr-notation.md §7). Returns true when it did. A diagram that
/// disagrees is left for `gbr check` to compare.
pub fn complete(parsed: &mut Parsed, d: &Diagram) -> bool {
    let p = &mut parsed.position;
    if p.squares.is_some() {
        return false;
    }
    let Some((kings, squares)) = d.position() else {
        return false;
    };
    if Code::from_material(&d.material()).ok() != Some(p.code)
        || p.kings.is_some_and(|k| k != kings)
    {
        return false;
    }
    p.kings = Some(kings);
    p.squares = Some(squares);
    true
}

/// Writes `board` in the EG font of gbr-notation.md §7: a top border `XIIIIIIIIY`, then the eight
/// rank lines, rank 8 first, each ending in a line feed. The inverse of [`read_at`].
pub fn render(board: &Board) -> String {
    let mut out = String::from("XIIIIIIIIY\n");
    for r in (0..8).rev() {
        out.push('9');
        for f in 0..8 {
            let square = Square::from_coords(File::new(f), Rank::new(r));
            let dark = (f + r) % 2 == 0;
            match board.piece_at(square) {
                None => out.push(if dark { '+' } else { '-' }),
                Some(piece) => {
                    let letter = match piece.role {
                        Role::Bishop => 'L',
                        role => role.upper_char(),
                    };
                    if dark {
                        out.push(match piece.role {
                            Role::King => 'm',
                            Role::Queen => 'w',
                            Role::Rook => 't',
                            Role::Bishop => 'v',
                            Role::Knight => 's',
                            Role::Pawn => 'z',
                        });
                    }
                    out.push(match piece.color {
                        Color::White => letter,
                        Color::Black => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        out.push_str("0\n");
    }
    out
}

#[cfg(test)]
mod tests;
