//! The words of a printed directory's headings (docs/reading.md, "Headings of a printed
//! directory"), by language, and the outcome a line of them names.

use std::collections::HashMap;
use std::sync::LazyLock;

use super::same_words;
use crate::stipulation::Outcome;

/// Heading words, lower case, for wins: English, Dutch, German, French, Spanish, Italian.
pub(super) const WIN_HEADINGS: &[&[&str]] = &[
    &["wins"],
    &["win"],
    &["winning", "studies"],
    &["win", "studies"],
    &["studies:", "win"],
    &["studies:", "wins"],
    &["white", "wins"],
    &["white", "to", "play", "and", "win"],
    &["winststudies"],
    &["winstudies"],
    &["winst"],
    &["gewinn"],
    &["gewinnstudien"],
    &["gewinnstudie"],
    &["gain"],
    &["gains"],
    &["gagnent"],
    &["blancs", "gagnent"],
    &["les", "blancs", "gagnent"],
    &["ganan"],
    &["ganan", "las", "blancas"],
    &["blancas", "ganan"],
    &["las", "blancas", "ganan"],
    &["vittorie"],
];

/// Heading words, lower case, for draws, in the languages of [`WIN_HEADINGS`].
pub(super) const DRAW_HEADINGS: &[&[&str]] = &[
    &["draws"],
    &["draw"],
    &["drawing", "studies"],
    &["draw", "studies"],
    &["studies:", "draw"],
    &["studies:", "draws"],
    &["white", "draws"],
    &["white", "to", "play", "and", "draw"],
    &["remisestudies"],
    &["remisstudies"],
    &["remise"],
    &["remis"],
    &["remisen"],
    &["remisstudien"],
    &["nulle"],
    &["nulles"],
    &["partie", "nulle"],
    &["parties", "nulles"],
    &["tablas"],
    &["patta"],
    &["patte"],
];

/// The outcome that the words of `text` name as a heading, if they are one of
/// [`WIN_HEADINGS`] or [`DRAW_HEADINGS`]. `heading::read` calls it past `starts_like_a_heading`.
pub(super) fn named_outcome(text: &[u8]) -> Option<Outcome> {
    // Only the headings whose first word is the text's are compared word by word (every
    // heading word is ASCII and at most [`MAX_WORD`] bytes).
    let first = text
        .iter()
        .position(|b| !b.is_ascii_graphic())
        .unwrap_or(text.len());
    if first > MAX_WORD {
        return None;
    }
    let mut lower = [0u8; MAX_WORD];
    lower[..first].copy_from_slice(&text[..first]);
    lower.make_ascii_lowercase();
    let headings = BY_FIRST_WORD.get(&lower[..first])?;
    headings
        .iter()
        .find(|(words, _)| same_words(text, words))
        .map(|(_, outcome)| *outcome)
}

/// Longest heading word, in bytes (`remisestudies`).
pub(super) const MAX_WORD: usize = 16;

/// The headings of [`WIN_HEADINGS`] and [`DRAW_HEADINGS`] by their first word, wins first.
static BY_FIRST_WORD: LazyLock<HashMap<&'static [u8], Vec<Heading>>> = LazyLock::new(|| {
    let mut map: HashMap<&'static [u8], Vec<Heading>> = HashMap::new();
    let all = WIN_HEADINGS
        .iter()
        .map(|words| (*words, Outcome::Win))
        .chain(DRAW_HEADINGS.iter().map(|words| (*words, Outcome::Draw)));
    for (words, outcome) in all {
        map.entry(words[0].as_bytes())
            .or_default()
            .push((words, outcome));
    }
    map
});

/// A heading's words, lower case, and the outcome it names.
type Heading = (&'static [&'static str], Outcome);
