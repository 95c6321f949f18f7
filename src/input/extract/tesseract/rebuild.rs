//! A caption OCR garbled, rebuilt from the board printed beside it (docs/reading.md, "A
//! caption rebuilt from its board"), and the caption a board printed without one is given
//! ("A board without a caption").
//!
//! Tesseract reads an old bulletin's caption `d5e2 0413.21 5/4 Win` as `= aEET 5/4 Win`: the
//! kings and the code are lost, the W/B and the stipulation read. The board above it, read
//! from the page's pixels, holds the kings and the material the caption lost. The caption is
//! rebuilt from the board only where what OCR did read agrees with it: its W/B (OCR's digit
//! confusions read, [`crate::misread::digit`]) is the board's men, each side's, and a token of
//! the lost span shaped as kings or as a code has the board's file letters and digits wherever
//! it gives one (a letter OCR gives for a digit is a guess, never held against the board).
//! Everything from the W/B on (the stipulation, a sign) is kept as OCR gave it.

use crate::code::Code;
use crate::diagram::board_position;
use crate::input::extract::boards::OwnCaption;
use crate::material::Material;
use crate::picture::BoardRead;

/// The most tokens between a caption line's start and its W/B that are rebuilt: kings and a
/// code, split by OCR into at most four pieces. A longer run is prose, never rebuilt.
const MAX_TOKENS: usize = 4;

/// The most bytes of that run.
const MAX_BYTES: usize = 24;

/// The caption line `line` (one line of an OCR'd page, no line break) rebuilt from `board`:
/// the byte range of `line` OCR garbled (from the line's first token to the end of the token
/// before the W/B) and the kings and code that replace it (`d5e2 0413.21`). `None` when the
/// line already holds a code the scan reads (the misreadings included), has no W/B, its W/B
/// disagrees with the board's men, the run before W/B is not one to rebuild (none, or more
/// than four tokens or 24 bytes: prose), a token of it shaped as kings or as a code gives a
/// letter or digit the board's do not have there, or the board has not one king a side.
pub(super) fn rebuilt(line: &str, board: &BoardRead) -> Option<(std::ops::Range<usize>, String)> {
    if crate::parse::parse_text(line).is_ok()
        || crate::parse::parse_text(&crate::misread::read(line).text).is_ok()
    {
        return None;
    }
    let tokens: Vec<(usize, &str)> = line
        .split_whitespace()
        .map(|t| (t.as_ptr() as usize - line.as_ptr() as usize, t))
        .collect();
    let at = tokens.iter().rposition(|(_, t)| men_count(t).is_some())?;
    let (white, black) = men_count(tokens[at].1)?;
    let (board_white, board_black) = board.men();
    if (white, black) != (board_white, board_black) || at == 0 || at > MAX_TOKENS {
        return None;
    }
    let start = tokens[0].0;
    let end = tokens[at - 1].0 + tokens[at - 1].1.len();
    if end - start > MAX_BYTES {
        return None;
    }
    let (kings, _) = board_position(&board.board)?;
    let code = Code::from_material(&Material::of_board(&board.board))
        .ok()?
        .to_string();
    let kings = kings.to_string();
    if !tokens[..at]
        .iter()
        .all(|(_, token)| may_be_kings(token, &kings) && may_be_code(token, &code))
    {
        return None;
    }
    Some((start..end, format!("{kings} {code}")))
}

/// The caption a board beside which no line holds a code gives itself, on an OCR'd page and
/// on a text layer's page alike ([`own_caption`], refused where a line beside the board
/// prints other men, [`printed_men`]).
pub(super) const OWN: OwnCaption = OwnCaption {
    caption: own_caption,
    printed_men,
};

/// The caption a board printed without one is given, so that it is a record of its own
/// (docs/reading.md, "A board without a caption"): its kings, code, squares and W/B in the
/// full form of gbr-notation.md §2, `e7b5 0040.11 f5c8.e2c2 3/3`; `None` when the board has
/// not one king a side, a side has more than eight pawns, or the kings stand side by side
/// (no study's diagram: a man misread).
pub(super) fn own_caption(board: &BoardRead) -> Option<String> {
    let white = board.board.king_of(shakmaty::Color::White)?;
    let black = board.board.king_of(shakmaty::Color::Black)?;
    if white.distance(black) <= 1 {
        return None;
    }
    let (kings, squares) = board_position(&board.board)?;
    let code = Code::from_material(&Material::of_board(&board.board)).ok()?;
    let (white, black) = board.men();
    let squares = squares.to_string();
    Some(if squares.is_empty() {
        format!("{kings} {code} {white}/{black}")
    } else {
        format!("{kings} {code} {squares} {white}/{black}")
    })
}

/// The men a line beside a board prints, White's and Black's: `9 + 8`, `(8+13)`, `9+8` or a
/// W/B `5/4` (OCR's digit confusions not read: a line without a code is no caption to read
/// through them); the first such on the line, each count 1 to 16.
pub(super) fn printed_men(line: &str) -> Option<(u32, u32)> {
    let bytes = line.as_bytes();
    let number = |at: usize| -> Option<(u32, usize)> {
        let digits = bytes[at..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 || digits > 2 || (at > 0 && bytes[at - 1].is_ascii_digit()) {
            return None;
        }
        let value = line[at..at + digits].parse().ok()?;
        Some((value, at + digits))
    };
    (0..bytes.len()).find_map(|at| {
        let (white, mut i) = number(at)?;
        while bytes.get(i) == Some(&b' ') {
            i += 1;
        }
        if !matches!(bytes.get(i), Some(b'+' | b'/')) {
            return None;
        }
        i += 1;
        while bytes.get(i) == Some(&b' ') {
            i += 1;
        }
        let (black, end) = number(i)?;
        let counts = |n: u32| (1..=16).contains(&n);
        (counts(white) && counts(black) && !bytes.get(end).is_some_and(u8::is_ascii_digit))
            .then_some((white, black))
    })
}

/// The W/B a token reads as (`5/4`, `5/4+`, `3/3=.`; OCR's digit confusions read), as white
/// and black men; `None` for any other token.
fn men_count(token: &str) -> Option<(u32, u32)> {
    let token = token.trim_end_matches(['+', '=', '.', ',', ';', ':', '!', '?']);
    let (white, black) = token.split_once('/')?;
    let count = |side: &str| -> Option<u32> {
        if side.is_empty() || side.chars().count() > 2 {
            return None;
        }
        side.chars().try_fold(0u32, |n, c| {
            Some(n * 10 + u32::from(crate::misread::digit(c)?))
        })
    };
    let (white, black) = (count(white)?, count(black)?);
    ((1..=16).contains(&white) && (1..=16).contains(&black)).then_some((white, black))
}

/// True when `token` may be the kings `kings` (`d5e2`) as OCR gave them: it is not four
/// characters with a file letter first and third, or each of its file letters and each digit
/// it gives for a rank is the board's. A letter OCR gives for a digit (`S` for `5`) is a guess,
/// never held against the board.
fn may_be_kings(token: &str, kings: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    let [f1, _, f2, _] = chars[..] else {
        return true;
    };
    let file = |c: char| ('a'..='h').contains(&c);
    if !file(f1) || !file(f2) {
        return true;
    }
    agrees(&chars, kings)
}

/// True when `token` may be the code `code` (`0413.21`) as OCR gave it: it is not seven
/// characters with a stop (`.`, `,`, `:`, `;`) fifth, or each digit it gives is the code's.
fn may_be_code(token: &str, code: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    if chars.len() != 7 || !matches!(chars[4], '.' | ',' | ':' | ';') {
        return true;
    }
    agrees(&chars, code)
}

/// True when every letter a–h and digit of `chars` is the character of `expected` at the
/// same place.
fn agrees(chars: &[char], expected: &str) -> bool {
    chars
        .iter()
        .zip(expected.chars())
        .all(|(&c, e)| !(c.is_ascii_digit() || ('a'..='h').contains(&c)) || c == e)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::picture::PixelBox;
    use shakmaty::fen::Fen;

    fn board(fen: &str) -> BoardRead {
        let placement: Fen = format!("{fen} w - - 0 1").parse().unwrap();
        BoardRead {
            board: placement.as_setup().board.clone(),
            area: PixelBox {
                x: 0,
                y: 0,
                width: 320,
                height: 320,
            },
            skew: 0.0,
            sureness: [100; 64],
            reversed_shading: false,
        }
    }

    /// d5e2 0413.21 5/4: Kd5 Rb1 Bc1 Pb2 Pc3 / Ke2 Rh1 Nd1 Pa3 (0413.21: a white rook and a
    /// black one, a white bishop, a black knight, two white pawns and one black).
    fn study() -> BoardRead {
        board("8/8/8/3K4/8/p1P5/1P2k3/1RBn3r")
    }

    #[test]
    fn the_lost_kings_and_code_are_the_boards_when_w_b_agrees() {
        let line = "= aEET 5/4 Win";
        let (span, read) = rebuilt(line, &study()).expect("rebuilt");
        assert_eq!(&line[span], "= aEET");
        assert_eq!(read, "d5e2 0413.21");
    }

    #[test]
    fn a_caption_rebuilt_keeps_what_ocr_read_after_w_b() {
        let line = "  dSeZ O4 5/4+ Win";
        let (span, read) = rebuilt(line, &study()).expect("rebuilt");
        assert_eq!(&line[span.clone()], "dSeZ O4");
        assert_eq!(
            format!("{}{read}{}", &line[..span.start], &line[span.end..]),
            "  d5e2 0413.21 5/4+ Win"
        );
    }

    #[test]
    fn a_letter_ocr_gave_for_a_digit_is_no_disagreement() {
        let line = "dSeZ OAI3,ZI 5/4 Draw";
        let (span, read) = rebuilt(line, &study()).expect("rebuilt");
        assert_eq!(&line[span], "dSeZ OAI3,ZI");
        assert_eq!(read, "d5e2 0413.21");
    }

    #[test]
    fn a_board_without_a_caption_is_given_its_full_form() {
        assert_eq!(
            own_caption(&study()).as_deref(),
            Some("d5e2 0413.21 b1h1c1d1.b2c3a3 5/4")
        );
        assert_eq!(
            own_caption(&board("8/8/8/8/8/8/8/K6k")).as_deref(),
            Some("a1h1 0000.00 1/1")
        );
        assert_eq!(
            own_caption(&board("8/8/8/8/8/8/8/K7")),
            None,
            "no black king"
        );
    }

    #[test]
    fn the_men_a_line_prints_are_read_in_each_form() {
        assert_eq!(printed_men("9 + 8"), Some((9, 8)));
        assert_eq!(printed_men("(8+13)"), Some((8, 13)));
        assert_eq!(printed_men("No 3  5/4 Win"), Some((5, 4)));
        assert_eq!(printed_men("No. 03132  A. Composer"), None);
        assert_eq!(printed_men("1.e4+ e5"), None, "a check, no men");
        assert_eq!(printed_men("2008 + 17"), None);
    }

    #[test]
    fn a_caption_is_not_rebuilt_where_what_ocr_read_disagrees_or_says_nothing() {
        let study = study();
        assert_eq!(
            rebuilt("= aEET 5/3 Win", &study),
            None,
            "W/B is not the board's"
        );
        assert_eq!(
            rebuilt("c5e2 aEET 5/4 Win", &study),
            None,
            "kings read, not the board's"
        );
        assert_eq!(
            rebuilt("xx 0413.20 5/4", &study),
            None,
            "a code read, not the board's"
        );
        assert_eq!(rebuilt("5/4 Win", &study), None, "nothing before W/B");
        assert_eq!(rebuilt("= aEET Win", &study), None, "no W/B");
        assert_eq!(
            rebuilt("the study that follows was composed in 5/4", &study),
            None,
            "prose"
        );
        assert_eq!(
            rebuilt("d5e2 O4l3,2l 5/4 Win", &study),
            None,
            "a code the misreadings read: the scan reads it"
        );
        assert_eq!(
            rebuilt("d5e2 0413.21 5/4 Win", &study),
            None,
            "a caption read whole"
        );
    }
}
