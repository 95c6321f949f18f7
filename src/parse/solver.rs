//! The fields of solvers' and databases' files that hold a whole position around a code
//! (docs/reading.md, "Solver and database fields"): Meson's and sengine's command line,
//! `--kings=a2c3 --gbr=4112.24 --pos=f7g7g6f5b6b3d4h4f6d5h5b4`, and Meson's XML,
//! `<Diagram>c3e5:1176.24:f2f6c8e7...</Diagram>`. Both give the kings, the code and every
//! square, pieces then pawns, told apart by counting with the code (as the compact form is).

use std::ops::Range;

use super::lex;
use super::squares::split_by_count;
use crate::code::Code;
use crate::position::{Kings, SquareList};

/// A position read from solver fields: the parts and their byte ranges.
pub(super) struct Fields {
    pub(super) kings: Kings,
    pub(super) kings_at: Range<usize>,
    pub(super) squares: SquareList,
    /// Empty (at the code's end) when the position has no men but the kings.
    pub(super) squares_at: Range<usize>,
    /// The whole text read: from the first field to the end of the last.
    pub(super) span: Range<usize>,
}

/// The two kings as a four-byte token at `at` (`a2c3`).
fn kings_at(buf: &[u8], at: usize) -> Option<Kings> {
    Some(Kings {
        white: lex::square_at(buf, at)?,
        black: lex::square_at(buf, at + 2)?,
    })
}

/// Glued squares from `at` to a token boundary (none is a run of length 0): their list,
/// pieces and pawns split by counting with `code`, and the end.
fn squares_from(buf: &[u8], at: usize, code: &Code) -> Option<(SquareList, usize)> {
    if lex::is_boundary(lex::at(buf, at)) {
        return Some((split_by_count(code, &[]), at));
    }
    let run = lex::square_run(buf, at, false)?;
    Some((split_by_count(code, &run.squares), run.end))
}

/// Meson's XML field `KKKK:dddd.dd:SQUARES`: kings glued before the code by a colon, squares
/// glued after it by a colon, the field standing alone (a boundary before the kings, after the
/// squares). `code` is the code at `anchor..anchor + 7`.
fn colon_field(buf: &[u8], anchor: usize, code: &Code) -> Option<Fields> {
    let code_end = anchor + 7;
    if lex::before(buf, anchor) != Some(b':') || lex::at(buf, code_end) != Some(b':') {
        return None;
    }
    let k = anchor.checked_sub(5)?;
    let kings = kings_at(buf, k).filter(|_| lex::is_boundary(lex::before(buf, k)))?;
    let (squares, end) = squares_from(buf, code_end + 1, code)?;
    Some(Fields {
        kings,
        kings_at: k..k + 4,
        squares,
        squares_at: code_end + 1..end,
        span: k..end,
    })
}

/// The value of the option `--NAME=` on the line `line` of `buf`: where it starts, if the
/// option stands there as a word of its own (after white space or at the line's start).
fn option_value(buf: &[u8], line: Range<usize>, name: &[u8]) -> Option<usize> {
    let text = &buf[line.clone()];
    let mut from = 0;
    while let Some(at) = memchr::memmem::find(&text[from..], name).map(|i| from + i) {
        let starts_word = at == 0 || lex::is_space(text[at - 1]);
        if starts_word {
            return Some(line.start + at + name.len());
        }
        from = at + 1;
    }
    None
}

/// Lines a command broken over lines is read over, at most, each way from the code's line.
const MAX_CONTINUED: usize = 32;

/// The marks that continue a command on the next line, ending a line (blanks after them
/// allowed): `\` for POSIX shells, `^` for cmd, `` ` `` for PowerShell.
fn continues(line: &[u8]) -> bool {
    matches!(line.trim_ascii_end().last(), Some(b'\\' | b'^' | b'`'))
}

/// The command holding byte `at`: its line, extended up over every line above that ends in a
/// continuation mark and down while its last line ends in one ([`continues`]), at most
/// [`MAX_CONTINUED`] lines each way.
fn command_at(buf: &[u8], at: usize) -> Range<usize> {
    let line_start = |i: usize| memchr::memrchr(b'\n', &buf[..i]).map_or(0, |j| j + 1);
    let line_end = |i: usize| memchr::memchr(b'\n', &buf[i..]).map_or(buf.len(), |j| i + j);
    let (mut start, mut end) = (line_start(at), line_end(at));
    for _ in 0..MAX_CONTINUED {
        if start == 0 {
            break;
        }
        let above = line_start(start - 1);
        if !continues(&buf[above..start - 1]) {
            break;
        }
        start = above;
    }
    for _ in 0..MAX_CONTINUED {
        if end >= buf.len() || !continues(&buf[line_start(end)..end]) {
            break;
        }
        end = line_end(end + 1);
    }
    start..end
}

/// True for the bytes that may stand between two options of one command: spaces, tabs, and a
/// continuation mark with its line end and the next line's indent.
fn between_options(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'\\' | b'^' | b'`')
}

/// Meson's and sengine's command line: `--gbr=` glued before the code, and beside it in the
/// same command `--kings=KKKK` and `--pos=SQUARES`, in any order, the three standing together
/// with only spaces and tabs between them, or a line's continuation mark and the next line's
/// indent (a command broken over lines: [`command_at`]). `--pos=` may be absent or empty for a
/// position of the kings alone.
fn command_line(buf: &[u8], anchor: usize, code: &Code) -> Option<Fields> {
    let gbr = anchor.checked_sub(6)?;
    if !buf[gbr..anchor].eq_ignore_ascii_case(b"--gbr=")
        || !(gbr == 0 || lex::is_space(buf[gbr - 1]))
        || !lex::is_boundary(lex::at(buf, anchor + 7))
    {
        return None;
    }
    let command = command_at(buf, anchor);
    let k = option_value(buf, command.clone(), b"--kings=")?;
    let kings = kings_at(buf, k).filter(|_| lex::is_boundary(lex::at(buf, k + 4)))?;
    let (squares, squares_at, pos) = match option_value(buf, command, b"--pos=") {
        Some(p) => {
            let (squares, e) = squares_from(buf, p, code)?;
            (squares, p..e, Some(p - 6..e))
        }
        None => (split_by_count(code, &[]), anchor + 7..anchor + 7, None),
    };
    // The options stand together: the text read holds no other word (another code, a
    // program's other option).
    let mut tokens = vec![gbr..anchor + 7, k - 8..k + 4];
    tokens.extend(pos);
    tokens.sort_by_key(|t| t.start);
    let together = tokens.windows(2).all(|pair| {
        pair[0].end < pair[1].start
            && buf[pair[0].end..pair[1].start]
                .iter()
                .all(|&b| between_options(b))
    });
    if !together {
        return None;
    }
    let (first, last) = (tokens[0].start, tokens[tokens.len() - 1].end);
    Some(Fields {
        kings,
        kings_at: k..k + 4,
        squares,
        squares_at,
        span: first..last,
    })
}

/// The solver fields around the code at `anchor` (`code`), if they stand there.
pub(super) fn fields(buf: &[u8], anchor: usize, code: &Code) -> Option<Fields> {
    colon_field(buf, anchor, code).or_else(|| command_line(buf, anchor, code))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Option<(String, String, String)> {
        let buf = text.as_bytes();
        let anchor = (0..buf.len()).find(|&i| crate::finder::has_shape(buf, i))?;
        let code = Code::from_ascii(&buf[anchor..anchor + 7]).ok()?;
        let f = fields(buf, anchor, &code)?;
        Some((
            f.kings.to_string(),
            f.squares.to_string(),
            text[f.span].to_string(),
        ))
    }

    #[test]
    fn meson_command_lines_in_any_order() {
        let line = "sengine --kings=a2c3 --gbr=4112.24 --pos=f7g7g6f5b6b3d4h4f6d5h5b4 -s";
        let (kings, squares, span) = read(line).unwrap();
        assert_eq!(kings, "a2c3");
        assert_eq!(squares, "f7g7g6f5b6b3.d4h4f6d5h5b4");
        assert_eq!(
            span,
            "--kings=a2c3 --gbr=4112.24 --pos=f7g7g6f5b6b3d4h4f6d5h5b4"
        );
        let (_, squares, span) = read("--pos=a2 --kings=e1e8 --gbr=0000.10").unwrap();
        assert_eq!(
            (squares.as_str(), span.as_str()),
            (".a2", "--pos=a2 --kings=e1e8 --gbr=0000.10")
        );
        let (kings, _, span) = read("--gbr=0000.10 --pos=a2 --kings=e1e8").unwrap();
        assert_eq!(
            (kings.as_str(), span.as_str()),
            ("e1e8", "--gbr=0000.10 --pos=a2 --kings=e1e8")
        );
        assert!(read("--gbr=0000.10 --pos=a2").is_none(), "no kings");
        assert!(
            read("x--gbr=0000.10 --kings=e1e8").is_none(),
            "--gbr= inside a word"
        );
        assert!(
            read("--gbr=0000.10 x--kings=e1e8").is_none(),
            "--kings= inside a word"
        );
        assert!(
            read("--gbr=0000.10\n--kings=e1e8").is_none(),
            "another line"
        );
        assert!(
            read("--gbr=0000.10 \\\n\n--kings=e1e8").is_none(),
            "a blank line after the continuation"
        );
    }

    #[test]
    fn commands_broken_over_lines_in_each_shell() {
        let sh = "sengine \\\n    --kings=a4c4 \\\n    --pos=g4h2g5e4 \\\n    --gbr=0400.11 \\\n    --moves=2";
        let (kings, squares, span) = read(sh).unwrap();
        assert_eq!((kings.as_str(), squares.as_str()), ("a4c4", "g4h2.g5e4"));
        assert_eq!(
            span,
            "--kings=a4c4 \\\n    --pos=g4h2g5e4 \\\n    --gbr=0400.11"
        );
        let cmd =
            "sengine64^\r\n\t--kings=a1a4^\r\n\t--pos=c5d6^\r\n\t--gbr=0001.01^\r\n\t--actual";
        assert_eq!(read(cmd).unwrap().1, "c5.d6");
        let ps = "sengine `\n  --gbr=0001.01 `\n  --kings=h1f4 `\n  --pos=c5d6";
        assert_eq!(read(ps).unwrap().0, "h1f4");
        let tabs =
            "# 41896\nsengine142\t--kings=c3e5 \\\n\t\t\t\t--gbr=0000.10 \\\n\t\t\t\t--pos=f2";
        assert_eq!(read(tabs).unwrap().1, ".f2");
        let other = "sengine \\\n --kings=a4c4 \\\n --moves=2 \\\n --gbr=0000.10";
        assert!(read(other).is_none(), "another option between the fields");
        let ended = "sengine --kings=a4c4\n--gbr=0000.10";
        assert!(read(ended).is_none(), "the command above ended");
    }

    #[test]
    fn meson_xml_diagrams() {
        let (kings, squares, span) =
            read("<Diagram>c3e5:1176.24:f2f6c8e7a1b1c1d2e2f2g2h2a3</Diagram>").unwrap();
        assert_eq!(kings, "c3e5");
        assert_eq!(squares, "f2f6c8e7a1b1c1.d2e2f2g2h2a3");
        assert_eq!(span, "c3e5:1176.24:f2f6c8e7a1b1c1d2e2f2g2h2a3");
        assert!(read("12:30 c3e5:0000.00:").is_some(), "kings alone");
        assert!(read("xc3e5:0000.00:").is_none(), "kings inside a word");
        assert!(read("c3e5:0000.00").is_none(), "no colon after the code");
    }
}
