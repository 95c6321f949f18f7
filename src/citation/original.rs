//! The word a book or a magazine prints as the source of a study it publishes for the first
//! time (docs/printing.md, "Citations", "First publications"): `Origineel`, `Original`,
//! `Urdruck`, `Inédit`, with or without a year.

/// The words printed for a study first published where it stands, compared without regard to
/// case: Dutch `Origineel`; English, German and Spanish `Original`; Italian `Originale`;
/// German `Urdruck`; French `Inédit`, `Inédite`; Spanish `Inédito`; Italian `Inedito`.
/// The 2017 book and its manuscript print `Origineel` (and once `Original`) over some 150 of
/// their studies; EG prints `Original` in its originals' column.
pub const ORIGINAL_WORDS: [&str; 8] = [
    "Origineel",
    "Original",
    "Originale",
    "Urdruck",
    "Inédit",
    "Inédite",
    "Inédito",
    "Inedito",
];

/// A line that holds only a first publication's word ([`ORIGINAL_WORDS`], or `Original (first
/// publication)`), blanks around it ignored, optionally followed by a year 1800-2099 after a
/// blank or a comma (`Origineel, 2011`, `Original 2008`): the word as printed and the year.
/// A number of 1-4 digits there that is no year (`Origineel, 201`, a misprint) is left out.
/// `None` for any other line (`Origineel is deze studie niet`, `Originals`).
pub fn original(line: &str) -> Option<(&str, Option<u16>)> {
    let line = line.trim();
    // Every word starts with `O`, `U` or `I`, and the longest line is some 40 bytes: most lines
    // are turned down by these two tests.
    let first = line.bytes().next()?.to_ascii_lowercase();
    if !matches!(first, b'o' | b'u' | b'i') || line.len() > MAX_LINE {
        return None;
    }
    let (word, year) = match super::ends_in_year(line) {
        Some((before, year)) => (before.trim(), Some(year)),
        None => {
            let digits = line.bytes().rev().take_while(u8::is_ascii_digit).count();
            let before = &line[..line.len() - digits];
            let cut = before.trim_end_matches([' ', '\t', ',']);
            match digits {
                1..=4 if cut.len() < before.len() => (cut, None),
                _ => (line, None),
            }
        }
    };
    let bare = word
        .strip_suffix("(first publication)")
        .map_or(word, str::trim_end);
    let caseless = |w: &str| {
        w.len() == bare.len()
            && w.chars()
                .zip(bare.chars())
                .all(|(a, b)| a.to_lowercase().eq(b.to_lowercase()))
    };
    ORIGINAL_WORDS
        .iter()
        .any(|w| caseless(w))
        .then_some((word, year))
}

/// The longest line [`original`] reads, in bytes: `Original (first publication), 2008` and
/// blanks.
const MAX_LINE: usize = 48;

/// A line that starts with a first publication's word and a year, followed by other text
/// (`Origineel, 2008 En een niet zo gemakkelijk te vin-`): a PDF's text layer joins a source
/// line with the prose of the column beside it. The word and the year; `None` when the line
/// does not start so ([`original`] reads a line holding the word alone).
pub fn original_before_text(line: &str) -> Option<(&str, u16)> {
    let line = line.trim();
    let first = line.bytes().next()?.to_ascii_lowercase();
    if !matches!(first, b'o' | b'u' | b'i') {
        return None;
    }
    let word_end = line.find([' ', ',', '\t'])?;
    let (word, _) = original(&line[..word_end])?;
    let rest = line[word_end..].trim_start_matches([',', ' ', '\t']);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits != 4 || !rest[4..].starts_with([' ', '\t']) {
        return None;
    }
    let year: u16 = rest[..4].parse().ok()?;
    (1800..=2099).contains(&year).then_some((word, year))
}
