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
    if let Some((award, note)) = text.rsplit_once(',')
        && ["correction", "corrected", "corr.", "corr", "version"]
            .iter()
            .any(|w| note.trim().eq_ignore_ascii_case(w))
    {
        return honour(award).map(|_| text);
    }
    // The last word first, the only one that must be an award's: most lines end otherwise.
    let last_word = text.rsplit(char::is_whitespace).next().unwrap_or_default();
    if !last_word.ends_with(|c: char| c.is_alphabetic() || c == '.') {
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
