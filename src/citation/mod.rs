//! How the field cites a study: its number, composers, source, year and honour, as a book, a
//! bulletin or a study database prints them (docs/printing.md, "Citations"), and the small
//! rules of their text that the readers share: composers joined by `&` or a word, letter-spaced
//! names, honours, years.
//!
//! The fields are read from the text before a code (`crate::context::label`, the study's
//! block) or from a PGN game's tags ([`crate::pgn`]); the record carries them in
//! [`crate::Record::citation`], and every output writes them as fields of their own.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

mod honour;
mod names;
mod original;

pub use honour::{AWARD_WORDS, honour, split_honour};
pub use names::{more_names, names_only, without_frame};
pub use original::{ORIGINAL_WORDS, original, original_before_text};

/// A study's citation, each field where its block (or its game's tags) prints it; absent
/// fields are left out of the JSON. Texts as printed, blanks trimmed, at most
/// [`MAX_FIELD`] bytes each.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Citation {
    /// The study's number as printed (`18601`, `31`, `A12`): EG's `No 18601`, a book's
    /// `- 31 -`, the `Round` tag of a game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<CompactString>,
    /// The composers as printed (`S. Didukh`, `Didukh=S`), in order; empty when none is
    /// printed. In TSV and CSV one cell, joined by [`COMPOSER_SEPARATOR`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub composers: Vec<CompactString>,
    /// The publication or tourney as printed, without its year (`EBUR`, `Didukh-60 JT`,
    /// `Schakend Nederland`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<CompactString>,
    /// The year of the source (the first of a range such as `2007-08`), 1800-2099.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// The study's honour in its award as printed (`1st prize`, `hon. mention`, `comm.`,
    /// `sp. prize`, `2de Prijs`, HHdb's `3.p`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub honour: Option<CompactString>,
}

/// The text between composers in a TSV or CSV cell and in the printed formats.
pub const COMPOSER_SEPARATOR: &str = " & ";

/// Longest field kept, in bytes; a longer text is cut at a character boundary.
pub const MAX_FIELD: usize = 80;

impl Citation {
    /// True when no field is given.
    pub fn is_empty(&self) -> bool {
        *self == Citation::default()
    }

    /// The composers joined by [`COMPOSER_SEPARATOR`], empty when there are none.
    pub fn composers_text(&self) -> String {
        self.composers.join(COMPOSER_SEPARATOR)
    }

    /// The citation as an index prints it after a code: the number, then the composers'
    /// surnames ([`surname`]), the source and year, and the honour, each where known:
    /// `31  EBUR 2000`, `18601 Didukh, 1st prize`, `Didukh & Tarasiuk, Didukh-60 JT 2012`.
    /// The number stands apart (two blanks) when the source follows it directly.
    pub fn index_text(&self) -> String {
        let mut out = String::new();
        let surnames: Vec<&str> = self.composers.iter().map(|c| surname(c)).collect();
        let mut source = self.source.as_deref().unwrap_or_default().to_string();
        if let Some(year) = self.year {
            if !source.is_empty() {
                source.push(' ');
            }
            source.push_str(itoa::Buffer::new().format(year));
        }
        let mut rest: Vec<String> = Vec::new();
        if !surnames.is_empty() {
            rest.push(surnames.join(COMPOSER_SEPARATOR));
        }
        if !source.is_empty() {
            rest.push(source);
        }
        if let Some(honour) = &self.honour {
            rest.push(honour.to_string());
        }
        if let Some(number) = &self.number {
            out.push_str(number);
            if !rest.is_empty() {
                out.push_str(if surnames.is_empty() { "  " } else { " " });
            }
        }
        out.push_str(&rest.join(", "));
        out
    }
}

/// `text` trimmed and cut at [`MAX_FIELD`] bytes (at a character boundary); `None` when empty.
pub fn field(text: &str) -> Option<CompactString> {
    let mut text = text.trim();
    if text.len() > MAX_FIELD {
        let mut cut = MAX_FIELD;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text = text[..cut].trim_end();
    }
    (!text.is_empty()).then(|| CompactString::from(text))
}

/// The words that join two composers' names: `&`, and the word for "and" in English, Dutch,
/// German, French and Spanish (`and`, `en`, `und`, `et`, `y`).
pub const JOINERS: [&str; 6] = ["&", "and", "en", "und", "et", "y"];

/// The composers of a line of names as printed (`S. Didukh & V. Tarasiuk`, `A en B`):
/// split at every [`JOINERS`] word standing alone and at commas between full names (a comma
/// before initials, `Kubbel, L.`, stays), each name with its letter-spacing joined
/// ([`join_spaced`]), and a country in parentheses after it (`(Ukraine)`), a full stop ending
/// the line (`D. Orme (Ruritania).`; an initial's stays) and a diagram's frame glued to the
/// line's end ([`without_frame`]: `M. Van HerckXIIIIIIIIY`) left out.
pub fn split_composers(line: &str) -> Vec<CompactString> {
    let line = join_spaced(without_frame(line));
    let mut names: Vec<String> = vec![String::new()];
    for word in line.split_whitespace() {
        if JOINERS.contains(&word) {
            names.push(String::new());
            continue;
        }
        let last = names.last_mut().expect("never empty");
        if !last.is_empty() {
            last.push(' ');
        }
        last.push_str(word);
    }
    names
        .iter()
        .flat_map(|n| split_at_commas(n))
        .filter_map(|n| field(&names::clean_name(&n)))
        .collect()
}

/// A name split at commas between full names (`A. Smith, B. Jones`); a comma followed by
/// initials only (`Kubbel, L.`) belongs to the name.
fn split_at_commas(name: &str) -> Vec<String> {
    let parts: Vec<&str> = name.split(',').collect();
    let mut out: Vec<String> = Vec::new();
    for part in parts {
        let initials = part.split_whitespace().all(is_initial) && !part.trim().is_empty();
        match out.last_mut() {
            Some(last) if initials => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out
}

/// True for an initial: one or two letters and a full stop (`S.`, `Yu.`), or a single letter.
fn is_initial(word: &str) -> bool {
    let letters = word.trim_end_matches('.');
    let n = letters.chars().count();
    letters.chars().all(char::is_alphabetic)
        && (n == 1 || (n <= 3 && word.ends_with('.') && word.contains('.')))
}

/// `text` with its letter-spaced words joined: a run of three or more one-letter words, each
/// after a single space (`C o s t e ff`, the last may be a ligature of two letters, `ff`,
/// `fi`, `fl`), is one word (`Costeff`), as a PDF's text layer gives a name set in spaced
/// capitals or small caps. Other text is kept as it is.
pub fn join_spaced(text: &str) -> String {
    // Most text has no run of three one-letter words: kept as it is, without splitting.
    let mut run = 0;
    let spaced = text.split(' ').any(|w| {
        run = if w.chars().count() == 1 { run + 1 } else { 0 };
        run >= 3
    });
    if !spaced {
        return text.to_string();
    }
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    let single = |w: &str| w.chars().count() == 1 && w.chars().all(char::is_alphabetic);
    let ligature = |w: &str| matches!(w, "ff" | "fi" | "fl" | "ffi" | "ffl");
    while i < words.len() {
        let mut j = i;
        while j < words.len() && single(words[j]) {
            j += 1;
        }
        if j < words.len() && j > i && ligature(words[j]) {
            j += 1;
        }
        if j - i >= 3 {
            out.push(words[i..j].concat());
            i = j;
        } else {
            out.push(words[i].to_string());
            i += 1;
        }
    }
    out.join(" ")
}

/// The surname of a composer's name as printed, as an index prints it: HHdb's `Didukh=S`
/// gives `Didukh`, `Kubbel, L.` gives `Kubbel`, `S. Didukh` and `G. Costeff` their last words
/// after the initials; a name with no initials is given whole.
pub fn surname(name: &str) -> &str {
    let name = name.trim();
    if let Some(eq) = name.find('=') {
        return name[..eq].trim();
    }
    if let Some(comma) = name.find(',') {
        return name[..comma].trim();
    }
    let mut rest = name;
    while let Some((word, after)) = rest.split_once(' ') {
        if !is_initial(word) && !word.ends_with('.') {
            break;
        }
        rest = after.trim_start();
    }
    // `S.Didukh`: initials glued to the name.
    match rest.rfind('.') {
        Some(dot) if dot + 1 < rest.len() && rest[..dot].len() <= 4 => &rest[dot + 1..],
        _ => rest,
    }
}

/// A year 1800-2099 at the end of `text` (blanks ignored), after a blank, a comma or an
/// opening parenthesis, or a year range's first year (`2007-08`, `2007-2008`): the year and
/// the text before it, its trailing `,` and blanks dropped. `None` when `text` does not end
/// so, or nothing with a letter stands before the year.
pub fn ends_in_year(text: &str) -> Option<(&str, u16)> {
    let text = text.trim_end();
    let text = text.strip_suffix(')').unwrap_or(text);
    let bytes = text.as_bytes();
    let tail = bytes
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_digit())
        .count();
    let mut end = bytes.len() - tail;
    // A range: `2007-08`, `2007-2008`, `2007/08`.
    if matches!(tail, 2 | 4) && end >= 5 && matches!(bytes[end - 1], b'-' | b'/') {
        end -= 1;
    } else if tail != 4 {
        return None;
    } else {
        end = bytes.len();
    }
    let start = end.checked_sub(4)?;
    let year = year_of(&bytes[start..end])?;
    // After a blank, a comma or a parenthesis; not an issue's number (`Poezia#1979`).
    if start > 0 && !matches!(bytes[start - 1], b' ' | b'\t' | b',' | b'(') {
        return None;
    }
    let before = text[..start].trim_end_matches([' ', '\t', ',', '(', '-']);
    before
        .bytes()
        .any(|b| b.is_ascii_alphabetic() || b >= 0x80)
        .then_some((before, year))
}

/// Four ASCII digits as a year 1800-2099.
fn year_of(digits: &[u8]) -> Option<u16> {
    if digits.len() != 4 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let y = digits
        .iter()
        .fold(0u16, |n, d| n * 10 + u16::from(d - b'0'));
    (1800..=2099).contains(&y).then_some(y)
}

#[cfg(test)]
mod tests;
