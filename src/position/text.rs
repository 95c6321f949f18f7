//! The parts of a position read back from the text the scanner writes (`a7d3`, `3/3`,
//! `b2b3c6d6.e4`): the inverse of their `Display`, for a record read from a saved directory.

use std::str::FromStr;

use shakmaty::Square;

use super::{Kings, MenCount, SquareList};

/// Why the text of a part is not in the shape the scanner writes it in.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{part} `{found}` is not {expected}")]
pub struct PartError {
    /// The part: `kings`, `men`, `squares`.
    pub part: &'static str,
    /// The text found.
    pub found: String,
    /// The shape expected, in words.
    pub expected: &'static str,
}

/// The square at `t[i..i + 2]`, `[a-h][1-8]`.
fn square(t: &[u8], i: usize) -> Option<Square> {
    let (f, r) = (*t.get(i)?, *t.get(i + 1)?);
    ((b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r))
        .then(|| Square::from_ascii(&[f, r]).ok())
        .flatten()
}

impl FromStr for Kings {
    type Err = PartError;

    /// `a7d3`: White's king's square, then Black's (gbr-notation.md §2).
    ///
    /// # Errors
    /// [`PartError`] unless the text is `[a-h][1-8][a-h][1-8]`.
    fn from_str(s: &str) -> Result<Kings, PartError> {
        let t = s.as_bytes();
        let kings = (t.len() == 4)
            .then(|| {
                Some(Kings {
                    white: square(t, 0)?,
                    black: square(t, 2)?,
                })
            })
            .flatten();
        kings.ok_or_else(|| PartError {
            part: "kings",
            found: s.to_string(),
            expected: "two squares such as a7d3",
        })
    }
}

impl FromStr for MenCount {
    type Err = PartError;

    /// `3/3`: White's men, a slash, Black's men, each in decimal digits (0 to 255), kings
    /// included (gbr-notation.md §2).
    ///
    /// # Errors
    /// [`PartError`] for any other text.
    fn from_str(s: &str) -> Result<MenCount, PartError> {
        let count = |t: &str| {
            (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .then(|| t.parse::<u8>().ok())
                .flatten()
        };
        let men = s.split_once('/').and_then(|(w, b)| {
            Some(MenCount {
                white: count(w)?,
                black: count(b)?,
            })
        });
        men.ok_or_else(|| PartError {
            part: "men",
            found: s.to_string(),
            expected: "a men count such as 3/3",
        })
    }
}

impl FromStr for SquareList {
    type Err = PartError;

    /// `b2b3c6d6`, `.d4e3`, `d3d6g5g2.c4c5`: the piece squares glued, then a full stop and the
    /// pawn squares; the list marks its pawns when it has the full stop (gbr-notation.md §2).
    ///
    /// # Errors
    /// [`PartError`] for any other text.
    fn from_str(s: &str) -> Result<SquareList, PartError> {
        let err = || PartError {
            part: "squares",
            found: s.to_string(),
            expected: "glued squares with a full stop before the pawns, such as b2b3.c6",
        };
        let (pieces, pawns) = match s.split_once('.') {
            Some((p, q)) => (p, Some(q)),
            None => (s, None),
        };
        let squares = |t: &str| -> Option<Vec<Square>> {
            let b = t.as_bytes();
            if !b.len().is_multiple_of(2) {
                return None;
            }
            (0..b.len()).step_by(2).map(|i| square(b, i)).collect()
        };
        Ok(SquareList {
            pieces: squares(pieces).ok_or_else(err)?,
            pawns: match pawns {
                Some(q) => squares(q).ok_or_else(err)?,
                None => Vec::new(),
            },
            pawns_marked: pawns.is_some(),
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    fn any_square() -> impl Strategy<Value = Square> {
        (0u32..64).prop_map(Square::new)
    }

    proptest! {
        #[test]
        fn kings_read_back_as_written(white in any_square(), black in any_square()) {
            let kings = Kings { white, black };
            prop_assert_eq!(kings.to_string().parse::<Kings>(), Ok(kings));
        }

        #[test]
        fn men_counts_read_back_as_written(white: u8, black: u8) {
            let men = MenCount { white, black };
            prop_assert_eq!(men.to_string().parse::<MenCount>(), Ok(men));
        }

        #[test]
        fn square_lists_read_back_as_written(
            pieces in prop::collection::vec(any_square(), 0..12),
            pawns in prop::collection::vec(any_square(), 0..12),
        ) {
            let list = SquareList { pieces, pawns, pawns_marked: true };
            let text = list.to_string();
            let back: SquareList = text.parse().unwrap();
            prop_assert_eq!(back.to_string(), text);
            prop_assert_eq!((&back.pieces, &back.pawns), (&list.pieces, &list.pawns));
        }

        #[test]
        fn square_lists_compare_as_their_texts(
            a in prop::collection::vec(any_square(), 0..6),
            p in prop::collection::vec(any_square(), 0..3),
            b in prop::collection::vec(any_square(), 0..6),
            q in prop::collection::vec(any_square(), 0..3),
        ) {
            let one = SquareList { pieces: a, pawns: p, pawns_marked: true };
            let two = SquareList { pieces: b, pawns: q, pawns_marked: false };
            prop_assert_eq!(one.text_cmp(&two), one.to_string().cmp(&two.to_string()));
            prop_assert_eq!(one.text_cmp(&one), std::cmp::Ordering::Equal);
        }
    }

    #[test]
    fn text_of_another_shape_says_what_was_expected() {
        for (text, part) in [("a7d", "kings"), ("a9d3", "kings"), ("i1a1", "kings")] {
            assert_eq!(text.parse::<Kings>().unwrap_err().part, part, "{text}");
        }
        for text in ["3", "3/", "/3", "3/x", "300/1", "-1/2"] {
            assert!(text.parse::<MenCount>().is_err(), "{text}");
        }
        for text in ["b2b", "b2.c", "z1", "b2..c3"] {
            assert!(text.parse::<SquareList>().is_err(), "{text}");
        }
        assert_eq!(
            "a7d".parse::<Kings>().unwrap_err().to_string(),
            "kings `a7d` is not two squares such as a7d3"
        );
        let list: SquareList = "b2b3.c6".parse().unwrap();
        assert_eq!(
            (list.pieces.len(), list.pawns.len(), list.pawns_marked),
            (2, 1, true)
        );
    }
}
