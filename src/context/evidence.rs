//! Whether a bare code earns its place (gbr-notation.md §5; docs/reading.md, "Bare codes"): the token
//! rules a lone `dddd.dd` must pass beyond the finder's, and the chess near it. Run only for
//! codes the parser read as bare, never per byte.

use std::collections::HashSet;
use std::sync::LazyLock;

use memchr::memmem;

use crate::parse::{Parsed, lex, space, words};

/// Bytes on each side of a bare code searched for chess: move notation, a diagram, chess
/// words. About a paragraph.
pub const NEAR: usize = 400;

/// What the text around a bare code says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Evidence {
    /// Not a code: a letter glued after it that starts no square, a unit or currency after
    /// it, a `%`, an arrow to or from a number, or a pawn digit out of range.
    Refused,
    /// Chess stands near it, or beside it (a stipulation word, `GBR` or `code` before it).
    Near,
    /// Nothing near it: kept only if the same source holds a code with kings, W/B or
    /// squares.
    None,
}

/// Units and currencies that, as the word after a number, make it a quantity (lower case).
const UNITS: &[&str] = &[
    "feet", "foot", "ft", "inch", "inches", "yards", "yd", "miles", "mi", "km", "cm", "mm", "m",
    "meter", "meters", "metre", "metres", "nm", "kg", "mg", "lb", "lbs", "oz", "pounds", "tons",
    "tonnes", "t", "l", "ml", "litres", "liters", "gallons", "acres", "ha", "hectares", "sq", "s",
    "ms", "sec", "secs", "seconds", "min", "mins", "minutes", "hrs", "hours", "days", "years",
    "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "bytes", "hz", "khz", "mhz", "ghz", "v",
    "w", "kw", "kwh", "mw", "a", "ma", "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "dollars",
    "euros", "euro", "yen", "cents", "pence", "points", "pts", "percent", "per", "x", "rpm", "dpi",
    "px", "pt", "fps", "bps", "kbps", "mbps", "degrees", "km/h", "mph",
];

/// Words near a bare code that speak of chess (lower case), in English, Dutch and German.
/// Words with a common meaning outside chess are left out (`study`, `queen`, `bishop`,
/// `rook`, `knight`, `pawn` as nouns of their own; Dutch `toren`, `loper`, `paard`; German
/// `Turm`, `Bauer`, `Springer`): a dictionary has them near its numbers.
const CHESS_WORDS: &[&str] = &[
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

/// The word at `i` (ASCII letters, non-ASCII bytes that are no blank, `/`) and its end.
fn word_at(buf: &[u8], i: usize) -> Option<(&[u8], usize)> {
    let mut j = i;
    while buf.get(j).is_some_and(|b| {
        b.is_ascii_alphabetic() || (*b >= 0x80 && space::blank_at(buf, j).is_none()) || *b == b'/'
    }) {
        j += 1;
    }
    (j > i).then(|| (&buf[i..j], j))
}

/// Whether `word` is one of [`UNITS`], without regard to ASCII case: one look-up in a set
/// instead of a comparison with each unit.
fn is_unit(word: &[u8]) -> bool {
    static SET: LazyLock<HashSet<&'static [u8]>> =
        LazyLock::new(|| UNITS.iter().map(|u| u.as_bytes()).collect());
    let mut lower = [0u8; MAX_UNIT];
    let Some(lower) = lower.get_mut(..word.len()) else {
        return false;
    };
    lower.copy_from_slice(word);
    lower.make_ascii_lowercase();
    SET.contains(&*lower)
}

/// Longest word of [`UNITS`], in bytes.
const MAX_UNIT: usize = 8;

/// The name of the PGN tag whose value holds byte `at` (0-based) of `text`: `[Name "value"]`
/// alone on its line, several on a line, or wrapped over lines as PGN pasted into prose comes
/// (`crate::context::pgn_tag`), with `at` inside the quotes. `None` elsewhere. A tag's numbers
/// are names, ratings, versions, dates and rounds (`[White "Komodo 2118.00"]`,
/// `[Date "1930.02.??"]`), not codes, but for a tag that names a code (docs/reading.md, "Bare
/// codes").
pub fn pgn_tag_at(text: &[u8], at: usize) -> Option<&[u8]> {
    super::pgn_tag::tag_at(text, at)
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
fn names_a_code(name: &[u8]) -> bool {
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

/// The token rules of a bare code beyond the finder's ([`Evidence::Refused`]).
pub fn refused(buf: &[u8], parsed: &Parsed) -> bool {
    let end = parsed.parts.code.end;
    // The pawn digits, the last two of `dddd.dd` (gbr-notation.md §1: a `9` there is an error).
    if buf[end - 2..end].contains(&b'9') {
        return true;
    }
    // A PGN date with its day unknown (`1930.02.??`).
    if buf[end..].starts_with(b".?") {
        return true;
    }
    // A number in a PGN tag other than one that names a code: a player, an event, a date.
    if pgn_tag_at(buf, parsed.parts.code.start).is_some_and(|name| !names_a_code(name)) {
        return true;
    }
    // A letter glued after it must start a square (`0323.12g3g1` reads as kings).
    if lex::at(buf, end).is_some_and(|b| b.is_ascii_alphabetic()) {
        return lex::square_at(buf, end).is_none();
    }
    if matches!(lex::at(buf, end), Some(b'%' | b'$')) || buf[end..].starts_with("€".as_bytes()) {
        return true;
    }
    // The word after it: a unit or a currency (a whole word: `a1a2` is a king pair).
    if let Some(g) = lex::gap_forward(buf, end).filter(|g| *g > end && *g - end <= 2)
        && let Some((word, word_end)) = word_at(buf, g)
        && is_unit(word)
        && !buf.get(word_end).is_some_and(u8::is_ascii_digit)
    {
        return true;
    }
    if let Some(g) = lex::gap_forward(buf, end)
        && (matches!(lex::at(buf, g), Some(b'%' | b'$' | 0xC2 | 0xE2))
            && (lex::at(buf, g) == Some(b'%')
                || lex::at(buf, g) == Some(b'$')
                || buf[g..].starts_with("€".as_bytes())
                || buf[g..].starts_with("£".as_bytes())))
    {
        return true;
    }
    arrow_after(buf, end)
        || arrow_before(buf, parsed.span.start)
        || name_or_number_before(buf, parsed.span.start)
}

/// Words that may stand just before a bare code with a capital, at a sentence's start or as a
/// noun, without being a name (lower case): articles, prepositions and conjunctions in
/// English, Dutch, German, French and Spanish, and the words that introduce a code (`GBR`,
/// `code`, `material`, `example`, ...). Any other capitalised word is taken for a name.
const NOT_NAMES: &[&str] = &[
    "a",
    "an",
    "the",
    "in",
    "with",
    "and",
    "or",
    "of",
    "for",
    "from",
    "to",
    "by",
    "as",
    "at",
    "on",
    "is",
    "was",
    "are",
    "then",
    "also",
    "both",
    "this",
    "that",
    "these",
    "see",
    "after",
    "before",
    "like",
    "into",
    "de",
    "het",
    "een",
    "en",
    "met",
    "van",
    "voor",
    "naar",
    "bij",
    "als",
    "op",
    "dan",
    "zie",
    "die",
    "der",
    "das",
    "den",
    "dem",
    "ein",
    "eine",
    "und",
    "oder",
    "mit",
    "von",
    "zu",
    "im",
    "ist",
    "siehe",
    "vgl",
    "le",
    "la",
    "les",
    "un",
    "une",
    "et",
    "ou",
    "avec",
    "du",
    "des",
    "el",
    "los",
    "las",
    "y",
    "con",
    "il",
    "cf",
    "eg",
    "gbr",
    "code",
    "codes",
    "material",
    "materiaal",
    "materials",
    "stellung",
    "position",
    "positie",
    "stand",
    "ending",
    "endings",
    "study",
    "studies",
    "class",
    "klasse",
    "type",
    "typ",
    "example",
    "examples",
    "voorbeeld",
    "beispiel",
    "exemple",
    "ejemplo",
    "white",
    "black",
    "wit",
    "zwart",
    "weiss",
    "schwarz",
    "win",
    "wins",
    "draw",
    "draws",
    "no",
    "nr",
    "number",
    "nummer",
];

/// Words that say the number after them is a rating, a score or a version (lower case).
const MEASURES: &[&str] = &[
    "rating", "elo", "score", "sb", "tpr", "perf", "version", "ver", "build", "release", "rev", "v",
];

/// The token before a bare code on its line, across blanks and the table marks `|`, `(`, `[`,
/// `:` (docs/reading.md, "Bare codes"): a name (a capitalised word such as `Komodo`, `Lc0`, or
/// `TCEC`, but for [`NOT_NAMES`] and [`CHESS_WORDS`]), a measure word ([`MEASURES`]) or a
/// number (`53.5`, `3500`, `+12`; not a list mark `3.` or `12)`, not a code) makes the code a
/// version after an engine's name, a rating or a score in a crosstable's row: no code.
fn name_or_number_before(buf: &[u8], start: usize) -> bool {
    let mut j = start;
    while j > 0 && matches!(buf[j - 1], b' ' | b'\t' | b'|' | b'(' | b'[' | b':') {
        j -= 1;
        if start - j > 8 {
            return false;
        }
    }
    let end = j;
    while j > 0 && !buf[j - 1].is_ascii_whitespace() && end - j <= 24 {
        j -= 1;
    }
    let token = &buf[j..end];
    let Some(&first) = token.first() else {
        return false;
    };
    if token.len() > 24 || (j > 0 && !buf[j - 1].is_ascii_whitespace()) {
        return false;
    }
    if token
        .iter()
        .all(|b| b.is_ascii_digit() || b"+-=.,/".contains(b))
        && token.iter().any(u8::is_ascii_digit)
    {
        // A list mark (`3.`, `12)` is not read here: `)` is no number byte) or a code.
        let code_shaped = token.len() >= 7 && token[token.len() - 3] == b'.';
        return !token.ends_with(b".") && !code_shaped;
    }
    if !token.iter().all(u8::is_ascii_alphanumeric) {
        return false;
    }
    let lower = token.to_ascii_lowercase();
    let listed = |list: &[&str]| list.iter().any(|w| w.as_bytes() == lower.as_slice());
    if listed(MEASURES) {
        return true;
    }
    first.is_ascii_uppercase() && !listed(NOT_NAMES) && !listed(CHESS_WORDS)
}

/// `->`, `=>` or `→` after the code (across blanks) and before a digit or `v`.
fn arrow_after(buf: &[u8], end: usize) -> bool {
    let Some(g) = lex::gap_forward(buf, end) else {
        return false;
    };
    let len = if buf[g..].starts_with(b"->") || buf[g..].starts_with(b"=>") {
        2
    } else if buf[g..].starts_with("→".as_bytes()) {
        3
    } else {
        return false;
    };
    lex::gap_forward(buf, g + len)
        .and_then(|h| lex::at(buf, h))
        .is_some_and(|b| b.is_ascii_digit() || b == b'v')
}

/// `->`, `=>` or `→` before the code (across blanks), after a digit.
fn arrow_before(buf: &[u8], start: usize) -> bool {
    let Some(g) = lex::gap_backward(buf, start) else {
        return false;
    };
    let head = &buf[..g];
    let len = if head.ends_with(b"->") || head.ends_with(b"=>") {
        2
    } else if head.ends_with("→".as_bytes()) {
        3
    } else {
        return false;
    };
    lex::gap_backward(buf, g - len)
        .and_then(|h| lex::before(buf, h))
        .is_some_and(|b| b.is_ascii_digit())
}

/// Move notation in `window`: a move number, a full stop (or three), then a piece move
/// (`1.Rf8+`, `12...Kg2`, `3. Dxd7`) in English, Dutch or German letters.
fn has_moves(window: &[u8]) -> bool {
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
fn has_diagram(window: &[u8]) -> bool {
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
fn may_be_chess_word(word: &[u8]) -> bool {
    let first = word[0].to_ascii_lowercase().wrapping_sub(b'a');
    word.len() < 32
        && CHESS_LENGTHS & (1 << word.len()) != 0
        && first < 26
        && CHESS_FIRSTS & (1 << first) != 0
}

/// A chess word in `window`, matched without regard to ASCII case and without allocating.
fn has_chess_word(window: &[u8]) -> bool {
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
fn named_before(buf: &[u8], start: usize) -> bool {
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

/// What the text says of the bare code `parsed` (see [`Evidence`]).
pub fn of_bare(buf: &[u8], parsed: &Parsed) -> Evidence {
    if refused(buf, parsed) {
        return Evidence::Refused;
    }
    let span = parsed.span.clone();
    let words_beside = parsed.word.is_some()
        && parsed
            .parts
            .word
            .as_ref()
            .is_some_and(|w| buf[w.start].is_ascii_alphabetic());
    // A result or side to move in words as the next token: more than one word, or a
    // capital (`Win`, `BTM`); a lone lower-case `win` or `draw` is prose.
    let phrase_after = lex::gap_forward(buf, span.end)
        .filter(|g| *g > span.end && buf.get(*g).is_some_and(u8::is_ascii_alphabetic))
        .and_then(|g| words::stipulation_at(buf, g).map(|(_, e)| (g, e)))
        .is_some_and(|(g, e)| {
            buf[g].is_ascii_uppercase() || buf[g..e].iter().any(|b| !b.is_ascii_alphabetic())
        });
    if words_beside || phrase_after || named_before(buf, span.start) {
        return Evidence::Near;
    }
    let window = &buf[span.start.saturating_sub(NEAR)..buf.len().min(span.end + NEAR)];
    if has_chess_word(window) || has_moves(window) || has_diagram(window) {
        Evidence::Near
    } else {
        Evidence::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_is_read_in_any_case() {
        for unit in UNITS {
            assert!(is_unit(unit.as_bytes()), "{unit}");
            assert!(is_unit(unit.to_uppercase().as_bytes()), "{unit}");
        }
        for word in ["study", "kilograms", "", "mmm"] {
            assert!(!is_unit(word.as_bytes()), "{word}");
        }
    }

    #[test]
    fn every_chess_word_passes_the_length_and_letter_test() {
        for word in CHESS_WORDS {
            assert!(may_be_chess_word(word.as_bytes()), "{word}");
            assert!(may_be_chess_word(word.to_uppercase().as_bytes()), "{word}");
        }
        for word in ["a", "analysis", "Xylophone", "cook"] {
            assert!(!may_be_chess_word(word.as_bytes()), "{word}");
        }
    }

    #[test]
    fn a_pgn_tag_is_named_only_inside_its_quotes() {
        let text =
            b"[White \"Komodo 2118.00\"]\n  [GBRCode \"0116.00\"]  \n[x] 0116.00\n[Bad 0116.00]\n";
        let at = |needle: &str| memmem::find(text, needle.as_bytes()).unwrap();
        assert_eq!(pgn_tag_at(text, at("2118")), Some(&b"White"[..]));
        assert_eq!(pgn_tag_at(text, at("0116.00\"]")), Some(&b"GBRCode"[..]));
        assert_eq!(
            pgn_tag_at(text, at("White")),
            None,
            "the name is not the value"
        );
        assert_eq!(pgn_tag_at(text, at("0116.00\n")), None, "no tag line");
        assert_eq!(pgn_tag_at(text, at("0116.00]")), None, "no quotes");
        assert!(names_a_code(b"GBR") && names_a_code(b"gbrcode") && names_a_code(b"Code"));
        assert!(!names_a_code(b"White") && !names_a_code(b"Annotator"));
    }
}
