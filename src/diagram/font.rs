//! Diagram fonts: which characters stand for which men and empty squares when a board set in
//! a chess diagram font comes out of PDF text extraction (gbr-notation.md §7).
//!
//! A font is a table of [`Glyph`]s; [`FONTS`] lists the known ones, the font of gbr-notation.md §7
//! first. A board is read with the first font that reads all eight of its lines.

use shakmaty::{Color, Role};

/// What one glyph stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Meaning {
    /// An empty square.
    Empty,
    /// A man of this colour and type.
    Man(Color, Role),
}

/// One entry of a font's table: the text (one or two bytes) and what it stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Glyph {
    /// The bytes as extracted (`mK`, `-`, `D`).
    pub text: &'static str,
    /// What they stand for.
    pub meaning: Meaning,
}

/// A diagram font: its name and glyph table. Longer glyphs are tried first, so a dark-square
/// marker is read with its letter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Font {
    /// The name shown in messages (`eg`, `german`, `alpha`).
    pub name: &'static str,
    /// Every glyph, longest first.
    pub glyphs: &'static [Glyph],
}

impl Font {
    /// The glyph at the start of `bytes`, the longest that matches, with its length in bytes
    /// (1 or 2: every glyph of [`FONTS`] is one or two bytes long).
    ///
    /// Compared byte by byte, not with `starts_with`: every diagram line of every caption's
    /// look-back is read glyph by glyph, and a library call per glyph cost 11% of a scan's
    /// time on diagram-dense text.
    pub fn read(&self, bytes: &[u8]) -> Option<(Meaning, usize)> {
        let (&first, rest) = bytes.split_first()?;
        let second = rest.first().copied();
        self.glyphs
            .iter()
            .find_map(|glyph| match *glyph.text.as_bytes() {
                [a] if a == first => Some((glyph.meaning, 1)),
                [a, b] if a == first && Some(b) == second => Some((glyph.meaning, 2)),
                _ => None,
            })
    }
}

const fn g(text: &'static str, meaning: Meaning) -> Glyph {
    Glyph { text, meaning }
}

const fn w(role: Role) -> Meaning {
    Meaning::Man(Color::White, role)
}

const fn b(role: Role) -> Meaning {
    Meaning::Man(Color::Black, role)
}

use Role::{Bishop, King, Knight, Pawn, Queen, Rook};

/// The font of EG and gbr-notation.md §7: `K Q R L N P` White, lower case Black; on a dark square the
/// letter follows a marker of its type (`m` king, `w` queen, `t` rook, `v` bishop, `s` knight,
/// `z` pawn); `-` an empty light square, `+` an empty dark one. A letter without its marker
/// is read too (some extractions lose it).
pub const EG: Font = Font {
    name: "eg",
    glyphs: &[
        g("mK", w(King)),
        g("wQ", w(Queen)),
        g("tR", w(Rook)),
        g("vL", w(Bishop)),
        g("sN", w(Knight)),
        g("zP", w(Pawn)),
        g("mk", b(King)),
        g("wq", b(Queen)),
        g("tr", b(Rook)),
        g("vl", b(Bishop)),
        g("sn", b(Knight)),
        g("zp", b(Pawn)),
        g("K", w(King)),
        g("Q", w(Queen)),
        g("R", w(Rook)),
        g("L", w(Bishop)),
        g("N", w(Knight)),
        g("P", w(Pawn)),
        g("k", b(King)),
        g("q", b(Queen)),
        g("r", b(Rook)),
        g("l", b(Bishop)),
        g("n", b(Knight)),
        g("p", b(Pawn)),
        g("-", Meaning::Empty),
        g("+", Meaning::Empty),
    ],
};

/// German letters (`K D T L S B`: König, Dame, Turm, Läufer, Springer, Bauer), upper case
/// White, lower case Black, no dark-square markers; `-` and `+` empty squares. Known from
/// German diagram fonts; not yet met in real extracted text.
pub const GERMAN: Font = Font {
    name: "german",
    glyphs: &[
        g("K", w(King)),
        g("D", w(Queen)),
        g("T", w(Rook)),
        g("L", w(Bishop)),
        g("S", w(Knight)),
        g("B", w(Pawn)),
        g("k", b(King)),
        g("d", b(Queen)),
        g("t", b(Rook)),
        g("l", b(Bishop)),
        g("s", b(Knight)),
        g("b", b(Pawn)),
        g("-", Meaning::Empty),
        g("+", Meaning::Empty),
    ],
};

/// Alpha-style fonts (Chess Alpha and its kin): White `k q r b n p`, Black `l w t v m o`
/// (king, queen, rook, bishop, knight, pawn) on light squares, the same letters in upper case
/// on dark squares; ` ` or `-` an empty light square, `+` an empty dark one. Known from the
/// fonts' documented layouts; not yet met in real extracted text.
pub const ALPHA: Font = Font {
    name: "alpha",
    glyphs: &[
        g("k", w(King)),
        g("q", w(Queen)),
        g("r", w(Rook)),
        g("b", w(Bishop)),
        g("n", w(Knight)),
        g("p", w(Pawn)),
        g("K", w(King)),
        g("Q", w(Queen)),
        g("R", w(Rook)),
        g("B", w(Bishop)),
        g("N", w(Knight)),
        g("P", w(Pawn)),
        g("l", b(King)),
        g("w", b(Queen)),
        g("t", b(Rook)),
        g("v", b(Bishop)),
        g("m", b(Knight)),
        g("o", b(Pawn)),
        g("L", b(King)),
        g("W", b(Queen)),
        g("T", b(Rook)),
        g("V", b(Bishop)),
        g("M", b(Knight)),
        g("O", b(Pawn)),
        g("-", Meaning::Empty),
        g(" ", Meaning::Empty),
        g("+", Meaning::Empty),
    ],
};

/// Every known font, in the order they are tried: EG's first (gbr-notation.md §7).
pub const FONTS: [&Font; 4] = [&EG, &GERMAN, &ALPHA, &PICTURE];

/// The font gbr writes a board read from a picture in (`picture::FoundBoard::read`, the OCR
/// reader's pages: docs/reading.md, "Diagrams in pictures"): `K Q R B N P` White, lower case
/// Black, after `*` on a dark square; `.` an empty light square, `:` an empty dark one. No
/// other font has those two, and a board has empty squares, so a board in it is read as
/// read from a picture and by no other font.
pub const PICTURE: Font = Font {
    name: "picture",
    glyphs: &[
        g("*K", w(King)),
        g("*Q", w(Queen)),
        g("*R", w(Rook)),
        g("*B", w(Bishop)),
        g("*N", w(Knight)),
        g("*P", w(Pawn)),
        g("*k", b(King)),
        g("*q", b(Queen)),
        g("*r", b(Rook)),
        g("*b", b(Bishop)),
        g("*n", b(Knight)),
        g("*p", b(Pawn)),
        g("K", w(King)),
        g("Q", w(Queen)),
        g("R", w(Rook)),
        g("B", w(Bishop)),
        g("N", w(Knight)),
        g("P", w(Pawn)),
        g("k", b(King)),
        g("q", b(Queen)),
        g("r", b(Rook)),
        g("b", b(Bishop)),
        g("n", b(Knight)),
        g("p", b(Pawn)),
        g(".", Meaning::Empty),
        g(":", Meaning::Empty),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_is_one_or_two_bytes_and_read_as_itself() {
        for font in FONTS {
            for glyph in font.glyphs {
                let bytes = glyph.text.as_bytes();
                assert!(
                    matches!(bytes.len(), 1 | 2),
                    "{}: {:?}",
                    font.name,
                    glyph.text
                );
                let mut followed = bytes.to_vec();
                followed.extend_from_slice(b"x-");
                let (meaning, len) = font.read(&followed).expect(glyph.text);
                // A one-byte glyph may also begin a longer one; the longer one never hides it.
                assert_eq!(
                    (meaning, len),
                    (glyph.meaning, bytes.len()),
                    "{}",
                    glyph.text
                );
            }
        }
    }

    #[test]
    fn a_marker_without_its_letter_or_an_unknown_byte_is_no_glyph() {
        assert_eq!(EG.read(b""), None);
        assert_eq!(EG.read(b"m"), None);
        assert_eq!(EG.read(b"mx"), None);
        assert_eq!(EG.read(b"m-"), None);
        assert_eq!(EG.read(b"mK"), Some((Meaning::Man(Color::White, King), 2)));
        assert_eq!(EG.read(b"K"), Some((Meaning::Man(Color::White, King), 1)));
        assert_eq!(ALPHA.read(b" "), Some((Meaning::Empty, 1)));
    }
}
