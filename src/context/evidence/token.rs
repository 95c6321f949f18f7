//! The token rules a bare code must pass beyond the finder's ([`super::Evidence::Refused`]): the
//! word or sign after it, the name or number before it, an arrow (docs/reading.md, "Bare codes").

use std::collections::HashSet;
use std::sync::LazyLock;

use super::chess::CHESS_WORDS;
use super::tags::{names_a_code, pgn_tag_at};
use crate::parse::{Parsed, lex, space};

/// Units and currencies that, as the word after a number, make it a quantity (lower case).
pub(super) const UNITS: &[&str] = &[
    "feet", "foot", "ft", "inch", "inches", "yards", "yd", "miles", "mi", "km", "cm", "mm", "m",
    "meter", "meters", "metre", "metres", "nm", "kg", "mg", "lb", "lbs", "oz", "pounds", "tons",
    "tonnes", "t", "l", "ml", "litres", "liters", "gallons", "acres", "ha", "hectares", "sq", "s",
    "ms", "sec", "secs", "seconds", "min", "mins", "minutes", "hrs", "hours", "days", "years",
    "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib", "bytes", "hz", "khz", "mhz", "ghz", "v",
    "w", "kw", "kwh", "mw", "a", "ma", "usd", "eur", "gbp", "chf", "jpy", "cad", "aud", "dollars",
    "euros", "euro", "yen", "cents", "pence", "points", "pts", "percent", "per", "x", "rpm", "dpi",
    "px", "pt", "fps", "bps", "kbps", "mbps", "degrees", "km/h", "mph",
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
pub(super) fn is_unit(word: &[u8]) -> bool {
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
