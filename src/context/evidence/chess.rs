//! The chess near a bare code ([`super::Evidence::Near`]): move notation, a diagram, chess words,
//! `GBR` or `code` before it (docs/reading.md, "Bare codes").

use std::sync::LazyLock;

use memchr::memmem;

use crate::parse::lex;

/// Words near a bare code that speak of chess (lower case), in English, Dutch and German.
/// Words with a common meaning outside chess are left out (`study`, `queen`, `bishop`,
/// `rook`, `knight`, `pawn` as nouns of their own; Dutch `toren`, `loper`, `paard`; German
/// `Turm`, `Bauer`, `Springer`): a dictionary has them near its numbers.
pub(super) const CHESS_WORDS: &[&str] = &[
    "chess",
    "schach",
    "schaak",
    "schaken",
    "endgame",
    "endgames",
    "endspiel",
    "eindspel",
    "studie",
    "eindspelstudie",
    "stalemate",
    "checkmate",
    "zugzwang",
    "tablebase",
    "gbr",
    "troitzky",
    "roycroft",
    "knights",
    "rooks",
    "pawns",
    "pionnen",
    "schaakstudie",
];

/// (`1.Rf8+`, `12...Kg2`, `3. Dxd7`) in English, Dutch or German letters.
/// Move notation in `window`: a move number, a full stop (or three), then a piece move
pub(super) fn has_moves(window: &[u8]) -> bool {
    memchr::memchr_iter(b'.', window).any(|i| {
        if i == 0 || !window[i - 1].is_ascii_digit() {
            return false;
        }
        let mut j = i + 1;
        while window.get(j) == Some(&b'.') {
            j += 1;
        }
        while window.get(j) == Some(&b' ') {
            j += 1;
        }
        let Some(piece) = window.get(j) else {
            return false;
        };
        if !b"KQRBNDTLSP".contains(piece) {
            return false;
        }
        j += 1;
        if window.get(j) == Some(&b'x') {
            j += 1;
        }
        lex::square_at(window, j).is_some()
            || (window
                .get(j)
                .is_some_and(|b| (b'a'..=b'h').contains(b) || b.is_ascii_digit())
                && lex::square_at(window, j + 1).is_some())
    })
}

/// A chess-font diagram line in `window` (gbr-notation.md §7): the top border `XIIIIIIIIY`, or a
/// rank line `9` + eight squares + `0`.
pub(super) fn has_diagram(window: &[u8]) -> bool {
    // Built once: a one-shot `memmem::find` builds its searcher at every call.
    static BORDER: LazyLock<memmem::Finder<'static>> =
        LazyLock::new(|| memmem::Finder::new(b"IIIIIIII"));
    if BORDER.find(window).is_some() {
        return true;
    }
    // Rank lines start a line (or follow the border glued to the line before).
    let starts = std::iter::once(0).chain(memchr::memchr_iter(b'\n', window).map(|i| i + 1));
    starts.into_iter().any(|i| {
        window.get(i..i + 10).is_some_and(|w| {
            w[0] == b'9'
                && w[9] == b'0'
                && w[1..9]
                    .iter()
                    .all(|b| b"+-KQRLNPBkqrlnpbmwtvszMWTVSZ".contains(b))
                && w[1..9].iter().any(|b| b.is_ascii_alphabetic())
        })
    })
}

/// Bit `n` set when a word of [`CHESS_WORDS`] is `n` bytes long.
const CHESS_LENGTHS: u32 = {
    let mut mask = 0;
    let mut k = 0;
    while k < CHESS_WORDS.len() {
        mask |= 1 << CHESS_WORDS[k].len();
        k += 1;
    }
    mask
};

/// Bit `n` set when a word of [`CHESS_WORDS`] starts with the `n`-th letter (`a` is 0).
const CHESS_FIRSTS: u32 = {
    let mut mask = 0;
    let mut k = 0;
    while k < CHESS_WORDS.len() {
        mask |= 1 << (CHESS_WORDS[k].as_bytes()[0] - b'a');
        k += 1;
    }
    mask
};

/// Whether `word` (starting with an ASCII letter) has the length and first letter of a word
/// of [`CHESS_WORDS`]: most words of prose do not, and are not compared with each.
pub(super) fn may_be_chess_word(word: &[u8]) -> bool {
    let first = word[0].to_ascii_lowercase().wrapping_sub(b'a');
    word.len() < 32
        && CHESS_LENGTHS & (1 << word.len()) != 0
        && first < 26
        && CHESS_FIRSTS & (1 << first) != 0
}

/// A chess word in `window`, matched without regard to ASCII case and without allocating.
pub(super) fn has_chess_word(window: &[u8]) -> bool {
    let mut i = 0;
    while i < window.len() {
        if !window[i].is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < window.len() && (window[end].is_ascii_alphabetic() || window[end] >= 0x80) {
            end += 1;
        }
        let word = &window[i..end];
        let starts_a_word = i == 0 || !window[i - 1].is_ascii_alphanumeric();
        if starts_a_word
            && may_be_chess_word(word)
            && CHESS_WORDS
                .iter()
                .any(|w| w.as_bytes().eq_ignore_ascii_case(word))
        {
            return true;
        }
        i = end;
    }
    false
}

/// `GBR` or `code` among the four words before the code, on its line.
pub(super) fn named_before(buf: &[u8], start: usize) -> bool {
    let line_start = memchr::memrchr(b'\n', &buf[start.saturating_sub(80)..start])
        .map_or(start.saturating_sub(80), |i| {
            start.saturating_sub(80) + i + 1
        });
    buf[line_start..start]
        .rsplit(|b| !b.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .take(4)
        .any(|w| {
            ["gbr", "code", "codes"]
                .iter()
                .any(|n| w.eq_ignore_ascii_case(n.as_bytes()))
        })
}
