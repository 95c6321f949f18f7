//! Reading a FEN or EPD line, field by field, with errors that name the field and the
//! character.

use std::fmt;

use shakmaty::Setup;
use shakmaty::fen::Fen;

/// The fields of a FEN, in order (EPD has the first four).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The board, rank 8 first (`8/K7/2nn4/8/8/1B1k4/1R6/8`).
    Board,
    /// `w` or `b`.
    SideToMove,
    /// `-` or `KQkq` (or Shredder-FEN files).
    Castling,
    /// `-` or the square behind a pawn that has just moved two steps (`e3`).
    EnPassant,
    /// The half-move clock.
    HalfmoveClock,
    /// The move number.
    FullmoveNumber,
    /// An EPD operation (`id "..."; c0 "...";`).
    Operation,
}

impl fmt::Display for FenField {
    /// `board`, `side to move`, `castling`, `en passant`, `halfmove clock`, `fullmove
    /// number`, `EPD operation`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Board => "board",
            FenField::SideToMove => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::HalfmoveClock => "halfmove clock",
            FenField::FullmoveNumber => "fullmove number",
            FenField::Operation => "EPD operation",
        })
    }
}

/// Why a text is not a FEN or EPD: the field, what it expected, the character found (`None`
/// at the end of the text) and its 0-based byte offset in the text given to [`read`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "FEN {field} field: expected {expected}, found {} at byte {at}",
    found.map_or_else(|| "the end".to_string(), |c| format!("{c:?}"))
)]
pub struct FenError {
    /// The field at fault.
    pub field: FenField,
    /// What the field may hold there.
    pub expected: &'static str,
    /// The character found, `None` at the end of the text or the field.
    pub found: Option<char>,
    /// 0-based byte offset of the character (or of the end).
    pub at: usize,
}

/// Whether the text was a FEN (six fields, or fewer) or an EPD (four fields and operations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenKind {
    /// Forsyth-Edwards Notation: board, side to move, castling, en passant, clocks; the fields
    /// after the board may be left out.
    Fen,
    /// Extended Position Description: the first four fields, then operations.
    Epd,
}

/// One EPD operation: `id "Study 1"` is the opcode `id` and the operand `Study 1` (quotes
/// removed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Opcode {
    /// The opcode (`id`, `c0`, `bm`).
    pub name: String,
    /// The operands as written, a quoted string without its quotes.
    pub operand: String,
}

/// A FEN or EPD read: shakmaty's setup (board, side to move, castling, en passant, clocks) and
/// the EPD operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenText {
    /// FEN or EPD.
    pub kind: FenKind,
    /// The position: board, side to move, castling rights, en-passant square, clocks.
    pub setup: Setup,
    /// The EPD operations in order; empty for a FEN.
    pub operations: Vec<Opcode>,
}

impl FenText {
    /// The operand of the first operation `name` (`id`, `c0`).
    pub fn operation(&self, name: &str) -> Option<&str> {
        self.operations
            .iter()
            .find(|o| o.name == name)
            .map(|o| o.operand.as_str())
    }
}

/// A field of the text: its bytes and its 0-based offset.
#[derive(Clone, Copy)]
struct Field<'a> {
    text: &'a str,
    at: usize,
}

/// The white-space separated fields of `text` with their offsets.
fn fields(text: &str) -> impl Iterator<Item = Field<'_>> {
    text.split_ascii_whitespace().map(move |f| Field {
        text: f,
        at: f.as_ptr() as usize - text.as_ptr() as usize,
    })
}

fn error(field: FenField, expected: &'static str, f: Field<'_>, i: usize) -> FenError {
    FenError {
        field,
        expected,
        found: f.text[i..].chars().next(),
        at: f.at + i,
    }
}

/// Checks the board field and writes it with `S`/`s` read as knights.
fn board(f: Field<'_>) -> Result<String, FenError> {
    const MAN: &str =
        "a man (K Q R B N P, S for a knight; lower case for Black), a digit 1-8 or '/'";
    let mut out = String::with_capacity(f.text.len());
    let (mut rank, mut files) = (0, 0);
    for (i, c) in f.text.char_indices() {
        let width = match c {
            '/' => {
                if files != 8 {
                    return Err(error(FenField::Board, "8 files before '/'", f, i));
                }
                rank += 1;
                files = 0;
                if rank > 7 {
                    return Err(error(FenField::Board, "8 ranks", f, i));
                }
                out.push('/');
                continue;
            }
            '1'..='8' => c as usize - '0' as usize,
            'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p' => 1,
            'S' | 's' => 1,
            _ => return Err(error(FenField::Board, MAN, f, i)),
        };
        files += width;
        if files > 8 {
            return Err(error(FenField::Board, "at most 8 files in a rank", f, i));
        }
        out.push(match c {
            'S' => 'N',
            's' => 'n',
            c => c,
        });
    }
    if rank != 7 || files != 8 {
        return Err(error(
            FenField::Board,
            "8 ranks of 8 files",
            f,
            f.text.len(),
        ));
    }
    Ok(out)
}

/// Checks one field after the board; `index` is its 0-based number.
fn check_field(index: usize, f: Field<'_>) -> Result<(), FenError> {
    let bytes = f.text.as_bytes();
    let bad = |field, expected, i| Err(error(field, expected, f, i));
    match index {
        1 => match bytes {
            b"w" | b"b" => Ok(()),
            _ => bad(
                FenField::SideToMove,
                "'w' or 'b'",
                usize::from(bytes[0] == b'w' || bytes[0] == b'b'),
            ),
        },
        2 if bytes == b"-" => Ok(()),
        2 => match bytes
            .iter()
            .position(|b| !b"KQkqABCDEFGHabcdefgh".contains(b))
        {
            None if bytes.len() <= 4 => Ok(()),
            None => bad(FenField::Castling, "at most 4 castling rights", 4),
            Some(i) => bad(FenField::Castling, "'-' or castling rights (K Q k q)", i),
        },
        3 if bytes == b"-" => Ok(()),
        3 => match bytes {
            [b'a'..=b'h', b'3' | b'6'] => Ok(()),
            [b'a'..=b'h', _, ..] => bad(FenField::EnPassant, "'-' or a square on rank 3 or 6", 1),
            _ => bad(FenField::EnPassant, "'-' or a square on rank 3 or 6", 0),
        },
        _ => {
            let field = if index == 4 {
                FenField::HalfmoveClock
            } else {
                FenField::FullmoveNumber
            };
            match bytes.iter().position(|b| !b.is_ascii_digit()) {
                Some(i) => bad(field, "a number", i),
                None if bytes.len() > 9 => bad(field, "a number of at most 9 digits", 9),
                None => Ok(()),
            }
        }
    }
}

/// Reads the EPD operations in `text` (from the fifth field on), starting at byte `base`.
fn operations(text: &str, base: usize) -> Result<Vec<Opcode>, FenError> {
    let mut ops = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    let err = |expected, i: usize| FenError {
        field: FenField::Operation,
        expected,
        found: text[i..].chars().next(),
        at: base + i,
    };
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= bytes.len() {
            return Ok(ops);
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i == start || !bytes[start].is_ascii_alphabetic() {
            return Err(err(
                "an opcode (a letter, then letters, digits or '_')",
                start,
            ));
        }
        let name = text[start..i].to_string();
        let mut operand = String::new();
        loop {
            match bytes.get(i) {
                None => return Err(err("';' after the operands", i)),
                Some(b';') => {
                    i += 1;
                    break;
                }
                Some(b'"') => {
                    let close = text[i + 1..]
                        .find('"')
                        .ok_or_else(|| err("a closing '\"'", text.len()))?;
                    operand.push_str(&text[i + 1..i + 1 + close]);
                    i += close + 2;
                }
                Some(_) => {
                    let c = text[i..].chars().next().unwrap_or_default();
                    if !(c.is_whitespace() && operand.is_empty()) {
                        operand.push(c);
                    }
                    i += c.len_utf8();
                }
            }
        }
        ops.push(Opcode {
            name,
            operand: operand.trim().to_string(),
        });
    }
}

/// Reads a FEN or EPD line: the board (required), then side to move, castling and en passant
/// (each may be left out, and all after a missing one), then either the two clocks (a FEN) or
/// EPD operations. `S`/`s` are read as knights.
///
/// # Errors
/// [`FenError`] naming the field, what it expected, the character found and its byte offset.
pub fn read(text: &str) -> Result<FenText, FenError> {
    let mut all = fields(text);
    let first = all.next().ok_or(FenError {
        field: FenField::Board,
        expected: "a FEN board (8 ranks separated by '/')",
        found: None,
        at: text.len(),
    })?;
    let mut clean = board(first)?;
    let mut kind = FenKind::Fen;
    let mut operations_at = None;
    let rest: Vec<Field<'_>> = all.collect();
    for (n, f) in rest.iter().enumerate() {
        let index = n + 1;
        let is_number = f.text.bytes().all(|b| b.is_ascii_digit());
        if index == 4 && !is_number {
            kind = FenKind::Epd;
            operations_at = Some(f.at);
            break;
        }
        if index > 5 {
            return Err(error(FenField::FullmoveNumber, "the end of the FEN", *f, 0));
        }
        check_field(index, *f)?;
        clean.push(' ');
        clean.push_str(f.text);
    }
    let operations = match operations_at {
        Some(at) => operations(&text[at..], at)?,
        None => Vec::new(),
    };
    // Every field was checked above; shakmaty builds the setup.
    let setup = Fen::from_ascii(clean.as_bytes())
        .map_err(|_| FenError {
            field: FenField::Board,
            expected: "a FEN",
            found: text.chars().next(),
            at: 0,
        })?
        .into_setup();
    Ok(FenText {
        kind,
        setup,
        operations,
    })
}
