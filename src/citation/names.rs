//! The lines of a bulletin's diagram head that name its composers or its honour as a PDF's
//! text layer gives them (docs/printing.md, "Citations", "A bulletin's heads"): the diagram's
//! top frame glued to the line's end (`1st prizeXIIIIIIIIY`, `M. Van HerckXIIIIIIIIY`), a
//! composer alone on the line under a number alone (`No 18611` / `O. Pervakov`), a second
//! composer on the next line (`& O. Pervakov`).

use compact_str::CompactString;

use super::{JOINERS, honour, split_composers};

/// `line` without the top frame of a diagram in EG's chess font (gbr-notation.md §7:
/// `XIIIIIIIIY`, eight `I`s, the `X` and `Y` either side) that a PDF's text layer glues to
/// the end of the line above the board; blanks before the frame trimmed. `line` as it is
/// when it does not end so. Always a start of `line`, so a caller may cut its own copy to
/// the returned length.
pub fn without_frame(line: &str) -> &str {
    let trimmed = line.trim_end();
    let rest = trimmed.strip_suffix('Y').unwrap_or(trimmed);
    let run = rest.bytes().rev().take_while(|&b| b == b'I').count();
    if run != 8 {
        return line;
    }
    let rest = &rest[..rest.len() - run];
    rest.strip_suffix('X').unwrap_or(rest).trim_end()
}

/// The composers of a line that holds names only (the line under a number alone, EG's
/// `O. Pervakov`; `R. Becker (USA)`), with a frame glued to its end left out
/// ([`without_frame`]); `None` for any other line: one with a digit, an honour, a colon or
/// a full stop ending a sentence, a word that is neither an initial (`O.`), a capitalised
/// name (`Van`, `Herck`, `O'Neill`), a name's particle (`van`, `de`, `der`, `von`, `di`,
/// `da`, `le`, `la`) nor a joining word ([`JOINERS`]), more than 8 words, or more than 60 bytes.
pub fn names_only(line: &str) -> Option<Vec<CompactString>> {
    let line = without_frame(line).trim();
    if line.is_empty() || line.len() > 60 || honour(line).is_some() {
        return None;
    }
    let body = without_parentheses(line);
    let body = body.trim().trim_end_matches('.');
    let words: Vec<&str> = body.split_whitespace().collect();
    if words.is_empty() || words.len() > 8 {
        return None;
    }
    let name_word = |w: &str| {
        let w = w.trim_end_matches(',');
        let letters = w.trim_end_matches('.');
        JOINERS.contains(&w)
            || matches!(w, "van" | "de" | "der" | "von" | "di" | "da" | "le" | "la")
            || (letters.chars().next().is_some_and(char::is_uppercase)
                && letters
                    .chars()
                    .all(|c| c.is_alphabetic() || matches!(c, '-' | '\'' | '’' | '.'))
                && (!w.ends_with('.') || letters.chars().count() <= 3))
    };
    // A surname: a word of two letters or more that is no initial (`A. B.` names no one).
    let surname =
        |w: &&str| !w.ends_with('.') && w.chars().filter(|c| c.is_alphabetic()).count() >= 2;
    if !words.iter().all(|w| name_word(w)) || !words.iter().any(surname) {
        return None;
    }
    let names = split_composers(line);
    (!names.is_empty()).then_some(names)
}

/// The names of a second line of composers, one that opens with a joining word (`& O.
/// Pervakov`, `and B. Brown`): the names after it, as [`names_only`] reads them; `None` for a
/// line that does not open so.
pub fn more_names(line: &str) -> Option<Vec<CompactString>> {
    let line = line.trim_start();
    let (first, rest) = line.split_once(char::is_whitespace)?;
    JOINERS.contains(&first).then_some(())?;
    names_only(rest)
}

/// `text` with its parts in parentheses left out (a composer's country, `(USA)`).
fn without_parentheses(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// A composer's name cleaned of what a line around it leaves on it: a frame glued to its end
/// ([`without_frame`]), a full stop ending the line's sentence (`D. Orme (Ruritania).`; not
/// an initial's, `Kubbel, L.`) and a country in parentheses after it.
pub(super) fn clean_name(name: &str) -> String {
    let mut name = without_frame(name).trim();
    loop {
        let before = name;
        if let Some(stripped) = name.strip_suffix('.') {
            let last = stripped.rsplit([' ', ',']).next().unwrap_or_default();
            let initial = last.chars().count() <= 2 && last.chars().all(char::is_alphabetic);
            if !initial || stripped.ends_with(')') {
                name = stripped.trim_end();
            }
        }
        if name.ends_with(')')
            && let Some(open) = name.rfind('(')
            && open > 0
        {
            name = name[..open].trim_end();
        }
        if name == before {
            return name.to_string();
        }
    }
}
