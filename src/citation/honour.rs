//! The honour a study won in its award, as a line prints it (docs/printing.md, "Citations"):
//! `1st prize`, `hon. mention`, `comm.`, `2de Prijs`, `4de Eervolle Vermelding`.

/// The last word of an honour, in lower case: a prize, mention or commendation word of
/// English, Dutch, German, French, Spanish and Italian, and EG's `hm`, `comm` and `ment`
/// (`2nd hon. ment.`).
pub const AWARD_WORDS: [&str; 22] = [
    "prize",
    "prizes",
    "prijs",
    "preis",
    "prix",
    "premio",
    "priz",
    "mention",
    "mentions",
    "ment",
    "vermelding",
    "erwähnung",
    "mención",
    "hm",
    "commendation",
    "commended",
    "comm",
    "lob",
    "aanbeveling",
    "lof",
    "elogio",
    "éloge",
];

/// The honour a line prints, when the line is one (blanks and a final full stop or colon
/// ignored): an ordinal or a place (`1st`, `2nd`, `2de`, `1.`, `1-2`, `1st/2nd`) or `sp.`
/// or `special` before a prize, mention or commendation word of English, Dutch, German,
/// French or Spanish (`prize`, `prijs`, `Preis`, `prix`, `premio`; `hon. mention`,
/// `honourable mention`, `eervolle vermelding`, `ehrende Erwähnung`, `mention`, `mención`;
/// `commendation`, `comm.`, `aanbeveling`, `lob`, `lof`), or such a word alone; with a note
/// of a correction after a comma (EG's `2nd prize, correction`, `1st prize, corr.`). The text
/// as printed.
pub fn honour(line: &str) -> Option<&str> {
    let text = line.trim().trim_end_matches([':', ';', ',']).trim_end();
    if text.is_empty() || text.len() > 40 {
        return None;
    }
    if let Some(award) = before_correction(text) {
        return honour(award).map(|_| text);
    }
    // The last word first, the only one that must be an award's: most lines end otherwise.
    let last_word = text.rsplit(char::is_whitespace).next().unwrap_or_default();
    if !last_word.ends_with(|c: char| c.is_alphabetic() || c == '.') {
        return None;
    }
    // An award's word, before the whole line is lowered: compared on its ASCII bytes in any
    // case, lowered alone only when it is not ASCII (`Erwähnung`).
    let last_letters = last_word.trim_end_matches(['.', ',']);
    let award_last = if last_letters.is_ascii() {
        AWARD_WORDS
            .iter()
            .any(|w| w.eq_ignore_ascii_case(last_letters))
    } else {
        AWARD_WORDS.contains(&last_letters.to_lowercase().as_str())
    };
    if !award_last {
        return None;
    }
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    let award_word = |w: &str| AWARD_WORDS.contains(&w.trim_end_matches(['.', ',']));
    let lead_word = |w: &str| {
        let w = w.trim_end_matches(['.', ',']);
        // `1st`, `2de`, `1.`, `1-2`, `3rd/4th`: each place 1-2 digits and an ordinal ending.
        let place = |p: &str| {
            let n = p.bytes().take_while(u8::is_ascii_digit).count();
            (1..=2).contains(&n)
                && matches!(
                    &p[n..],
                    "" | "st" | "nd" | "rd" | "th" | "de" | "e" | "ste" | "er"
                )
        };
        w.split(['/', '-', '–']).all(place)
            || matches!(
                w,
                "sp" | "special"
                    | "speciale"
                    | "spezial"
                    | "spécial"
                    | "hon"
                    | "honourable"
                    | "honorable"
                    | "eervolle"
                    | "ehrende"
                    | "mención"
                    | "mencion"
                    | "first"
                    | "second"
                    | "third"
                    | "fourth"
                    | "fifth"
            )
    };
    let last = words.last()?;
    let leads_ok = words[..words.len() - 1].iter().all(|w| lead_word(w));
    (award_word(last) && leads_ok && words.len() <= 4).then_some(text)
}

/// `text` (trimmed) before a note of a correction after its last comma (`2nd prize,
/// correction`, `1st prize, corr.`), the comma and the blanks before it left out; `None` where
/// the text after its last comma is no such note. Tested on the bytes of the text's end: the
/// note is ASCII, and most lines end otherwise.
fn before_correction(text: &str) -> Option<&str> {
    // Cheap test first: the last letter of each note.
    if !matches!(
        text.as_bytes().last()?.to_ascii_lowercase(),
        b'n' | b'd' | b'.' | b'r'
    ) {
        return None;
    }
    ["correction", "corrected", "corr.", "corr", "version"]
        .iter()
        .find_map(|note| {
            let cut = text.len().checked_sub(note.len())?;
            // An ASCII match: `cut` is a character's start.
            text.as_bytes()[cut..]
                .eq_ignore_ascii_case(note.as_bytes())
                .then_some(())?;
            text[..cut].trim_end().strip_suffix(',')
        })
}

/// The honour a line starts or ends with, and the rest of the line: `1998 2de Prijs` gives
/// `2de Prijs` and `1998`; `1st prize, Some Memorial 2011` gives `1st prize` and
/// `Some Memorial 2011`. Tries the last 1-4 words, then the first 1-4 words before a comma.
pub fn split_honour(line: &str) -> Option<(&str, &str)> {
    let line = line.trim();
    let starts: Vec<usize> = std::iter::once(0)
        .chain(line.match_indices(' ').map(|(i, _)| i + 1))
        .collect();
    let last = &starts[starts.len().saturating_sub(4)..];
    for &at in last {
        if at == 0 {
            continue;
        }
        if let Some(h) = honour(&line[at..]) {
            return Some((h, line[..at].trim_end().trim_end_matches(',')));
        }
    }
    let (head, rest) = line.split_once(',')?;
    honour(head).map(|h| (h, rest.trim()))
}
