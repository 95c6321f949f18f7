//! Near matches of two positions (code and kings), as `gbr check` reports them and `gbr index`
//! pairs a directory's entry with its study (docs/check.md, docs/directory.md): the same
//! kings with the codes one digit apart, or the same code with the kings one square apart.

use crate::code::Code;
use crate::position::Kings;

/// Digits that differ between two codes.
pub(super) fn digits_apart(a: Code, b: Code) -> usize {
    a.digits()
        .iter()
        .zip(b.digits())
        .filter(|(x, y)| x.value() != y.value())
        .count()
}

/// Squares that differ between two pairs of kings.
pub(super) fn squares_apart(a: Kings, b: Kings) -> usize {
    usize::from(a.white != b.white) + usize::from(a.black != b.black)
}

/// True when two positions (code and kings) are a near match as `gbr check` reports one
/// (`relation`): the same kings with the codes one digit apart, or the same code with the
/// kings one square apart.
pub(crate) fn near_match(a: (Code, Kings), b: (Code, Kings)) -> bool {
    (a.1 == b.1 && digits_apart(a.0, b.0) == 1) || (a.0 == b.0 && squares_apart(a.1, b.1) == 1)
}

/// Every position near `kings` and `code` as [`near_match`] means it, each once: the same kings
/// with the code one digit apart (6 digits, 9 other values each, where the code is one), then
/// the same code with one king on another square (63 squares for each king).
pub(crate) fn near_keys(kings: Kings, code: Code) -> impl Iterator<Item = (Kings, Code)> {
    let digits = code.digits().map(|d| d.value());
    let codes = (0..digits.len()).flat_map(move |at| {
        (0..=9u8)
            .filter(move |v| *v != digits[at])
            .filter_map(move |value| {
                let mut other = digits;
                other[at] = value;
                Code::from_digits(other).map(|c| (kings, c))
            })
    });
    let moved = shakmaty::Square::ALL.into_iter().flat_map(move |square| {
        [
            Kings {
                white: square,
                ..kings
            },
            Kings {
                black: square,
                ..kings
            },
        ]
        .into_iter()
        .filter(move |k| *k != kings)
        .map(move |k| (k, code))
    });
    codes.chain(moved)
}
