//! A small chess board drawn as inline SVG, for `--diagrams` in both HTML layouts: no
//! external font or image. Squares are rectangles (a1 dark); a man is a disc, white or black,
//! with its letter (`K Q R B N P`, upper case for both sides) in the viewer's generic
//! sans-serif, so the board reads without a chess font.

use std::fmt::Write as _;

use shakmaty::{Board, Color};

/// Side of one square in the SVG's user units.
const SQUARE: u32 = 10;

/// Appends an `<svg>` element of `board`, `size` CSS pixels wide and high, to `out`. Its
/// `<title>` is the FEN board field, so that the position can be copied and read by a screen
/// reader.
pub(crate) fn svg(board: &Board, size: u32, out: &mut String) {
    let side = SQUARE * 8;
    let mut fen = Vec::new();
    board.board_fen().append_ascii_to(&mut fen);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" width=\"{size}\" \
         height=\"{size}\" viewBox=\"0 0 {side} {side}\" role=\"img\"><title>{}</title>\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#f0d9b5\"/><path fill=\"#b58863\" d=\"",
        String::from_utf8_lossy(&fen)
    );
    // The dark squares: a1 (file 0, rank 0) and every square whose file + rank is even.
    for rank in 0..8u32 {
        for file in 0..8u32 {
            if (file + rank) % 2 == 0 {
                let (x, y) = (file * SQUARE, (7 - rank) * SQUARE);
                let _ = write!(out, "M{x} {y}h{SQUARE}v{SQUARE}h-{SQUARE}z");
            }
        }
    }
    out.push_str("\"/>");
    for (square, piece) in board.iter() {
        let cx = square.file().to_u32() * SQUARE + SQUARE / 2;
        let cy = (7 - square.rank().to_u32()) * SQUARE + SQUARE / 2;
        let (fill, ink) = match piece.color {
            Color::White => ("#fff", "#000"),
            Color::Black => ("#000", "#fff"),
        };
        let _ = write!(
            out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"4.3\" fill=\"{fill}\" stroke=\"#000\" \
             stroke-width=\".6\"/><text x=\"{cx}\" y=\"{}\" fill=\"{ink}\" font-size=\"6.2\" \
             font-family=\"sans-serif\" font-weight=\"bold\" text-anchor=\"middle\">{}</text>",
            cy + 2,
            piece.role.upper_char()
        );
    }
    out.push_str("</svg>");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_has_a_disc_and_letter_per_man_and_32_dark_squares() {
        let board: Board = "8/K7/2nn4/8/8/1B1k4/1R6/8"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .as_setup()
            .board
            .clone();
        let mut out = String::new();
        svg(&board, 96, &mut out);
        assert_eq!(out.matches("<circle").count(), 6);
        assert_eq!(out.matches("h10v10h-10z").count(), 32);
        assert!(out.contains("<title>8/K7/2nn4/8/8/1B1k4/1R6/8</title>"));
        // a7: file 0, rank 6, drawn in the second row from the top; a white king.
        assert!(out.contains("<circle cx=\"5\" cy=\"15\" r=\"4.3\" fill=\"#fff\""));
        assert!(out.contains(">K</text>"));
        // c6: a black knight.
        assert!(out.contains("<circle cx=\"25\" cy=\"25\" r=\"4.3\" fill=\"#000\""));
        assert!(out.ends_with("</svg>"));
    }
}
