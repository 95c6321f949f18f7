//! An example of the notation in prose (docs/reading.md, "Examples of the notation"): a book
//! that explains the GBR code prints one (`Het voorbeeld + 1234.56 a7c8 betekent dus ...`,
//! `in the form 1234.56`), which is a code in the text but no study. The scan marks its record
//! ([`crate::record::Record::example`]); `gbr check` takes it for neither a study of the body
//! nor an entry of a directory, and `gbr index` lists it as no entry. The one rule both read,
//! [`is_example`], looks only at the code's own line and the line above it, and no further
//! than [`REACH`] bytes either way, so that a code on a line of a megabyte costs no more than
//! one on a line of a page.

use std::ops::Range;

/// Bytes read before the code on its line, and back from the end of the line above: more than
/// a printed line holds.
pub(crate) const REACH: usize = 256;

/// Words that announce an example of the notation, among the four words before a code on
/// its line (lower case): English, Dutch, German, French, Spanish.
const EXAMPLE_WORDS: &[&str] = &[
    "example",
    "examples",
    "instance",
    "voorbeeld",
    "bijvoorbeeld",
    "beispiel",
    "exemple",
    "ejemplo",
    "vorm",
    "form",
    "notation",
    "notatie",
];

/// Phrases of two words that announce an example right before a code on its line, or before
/// the colon ending the line above (lower case): `such as 1234.56`. The Dutch `zoals` is no
/// such word: it compares (`niet zoals in de 0800.00 studies`) as often as it names.
const EXAMPLE_PHRASES: &[[&str; 2]] = &[["such", "as"]];

/// Abbreviations that announce an example, counted only where a full stop marks them as one
/// (`e.g.`, `bv.`, `z.B.`, `bijv.`, `p.ex.`): `EG` alone is the magazine (`EG 190, No 1:`).
const ABBREVIATIONS: &[&str] = &["eg", "bv", "zb", "bijv", "bspw", "pex", "pej"];

/// The words of `s` (letters only), lower-cased, in order, each with whether a full stop
/// stands in it or right after it; a full stop between two letters joins them, so that an
/// abbreviation is one word (`z.B.` is `zb`, `e.g.` is `eg`).
fn words(s: &[u8]) -> impl DoubleEndedIterator<Item = (Vec<u8>, bool)> + '_ {
    let letter = |j: Option<usize>| {
        j.and_then(|j| s.get(j))
            .is_some_and(u8::is_ascii_alphabetic)
    };
    let mut out: Vec<(Vec<u8>, bool)> = Vec::new();
    let mut word: Option<(Vec<u8>, bool)> = None;
    for (i, &b) in s.iter().enumerate() {
        let joining = b == b'.' && letter(i.checked_sub(1)) && letter(Some(i + 1));
        if b.is_ascii_alphabetic() || b >= 0x80 {
            word.get_or_insert_with(|| (Vec::new(), false))
                .0
                .push(b.to_ascii_lowercase());
        } else if joining {
            if let Some(w) = word.as_mut() {
                w.1 = true;
            }
        } else if let Some(mut w) = word.take() {
            w.1 |= b == b'.';
            out.push(w);
        }
    }
    out.extend(word);
    out.into_iter()
}

/// Whether one of [`EXAMPLE_WORDS`] (or of [`ABBREVIATIONS`], written with its full stop) is
/// among the last `n` words of `s`, or `s` ends with one of [`EXAMPLE_PHRASES`].
fn example_word_among(s: &[u8], n: usize) -> bool {
    // Read from the end, word by word, and no further than a word that names the example:
    // this runs for every code found.
    let mut last: Option<Vec<u8>> = None;
    for (i, (w, dotted)) in words(s).rev().take(n).enumerate() {
        let is = |list: &[&str]| list.iter().any(|e| e.as_bytes() == w.as_slice());
        if is(EXAMPLE_WORDS) || (dotted && is(ABBREVIATIONS)) {
            return true;
        }
        let phrase = |[first, second]: &[&str; 2]| {
            w.as_slice() == first.as_bytes() && last.as_deref() == Some(second.as_bytes())
        };
        if i == 1 && EXAMPLE_PHRASES.iter().any(phrase) {
            return true;
        }
        if i == 0 {
            last = Some(w);
        }
    }
    false
}

/// The text of the line ending at `end` (0-based, exclusive) from its start, or from
/// [`REACH`] bytes before `end` where the line is longer; then without the word the cut
/// went through.
fn line_before(text: &[u8], end: usize) -> &[u8] {
    let from = end.saturating_sub(REACH);
    match memchr::memrchr(b'\n', &text[from..end]) {
        Some(i) => &text[from + i + 1..end],
        None if from == 0 => &text[..end],
        // Cut within a word: start at the blank after it.
        None => {
            let s = &text[from..end];
            let blank = s
                .iter()
                .position(u8::is_ascii_whitespace)
                .unwrap_or(s.len());
            &s[blank..]
        }
    }
}

/// Whether the line above the one whose text before the code starts at `line_start` ends in
/// an example word and a colon, a short line announcing the example below it
/// (`Een voorbeeld:`, `For example:`, `Zum Beispiel:`).
fn announced_above(text: &[u8], line_start: usize) -> bool {
    let Some(above_end) = line_start.checked_sub(1) else {
        return false;
    };
    if text[above_end] != b'\n' {
        return false; // the code's line is longer than the reach
    }
    let above = line_before(text, above_end).trim_ascii();
    above
        .strip_suffix(b":")
        .is_some_and(|words| example_word_among(words, 2))
}

/// Whether the code read at `span` (0-based byte range in `text`, sign and kings included) is
/// an example of the notation in prose, not a study: one of [`EXAMPLE_WORDS`] among the four
/// words before it on its line (`Het voorbeeld + 1234.56`, `in the form 1234.56`, `e.g.
/// 0103.11`, `z.B. 4001.00`, `Zum Beispiel: + 0311.02`; an abbreviation only with its full
/// stop, so that `EG 190, No 1:` is a caption), at the end of the line above it before a colon
/// (`Een voorbeeld:` over `+ 1234.56 a7c8 betekent ...`). The text must name the example so:
/// a code inside a sentence that no such word names (`So the study 0400.10 d5h6 shows that
/// ...`, `the 0800.00 study of ...`) is a study cited, never an example. The words come from
/// the 2017 and 2008 study books' explanations of the code (`../shared/real`,
/// `../shared/corpus`), which name their example in each of these ways.
pub(crate) fn is_example(text: &[u8], span: Range<usize>) -> bool {
    let before = line_before(text, span.start);
    let line_start = span.start - before.len();
    example_word_among(before, 4) || announced_above(text, line_start)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the code read at the first `dddd.dd` of `text` is an example of the notation.
    #[track_caller]
    fn example(text: &str) -> bool {
        let buf = text.as_bytes();
        let anchor = (0..buf.len())
            .find(|&i| crate::finder::is_token(buf, i))
            .expect("a code");
        let parsed = crate::parse::parse_at(buf, anchor).expect("a code");
        is_example(buf, parsed.span)
    }

    #[test]
    fn a_code_inside_a_sentence_is_an_example_only_where_a_word_names_it_one() {
        let table = [
            // Named: the example word, phrase or abbreviation before it, or above it.
            (
                "Onder elk diagram staat de GBR-code in de vorm: 1234.56 a7c8, voorafgegaan",
                true,
            ),
            (
                "Het voorbeeld + 1234.56 a7c8 betekent dus dat het een winststudie is.",
                true,
            ),
            (
                "The code is written in the form 1234.56 with the kings after it.",
                true,
            ),
            (
                "A code such as 0103.11 a1c3 says the material and the kings.",
                true,
            ),
            ("Some codes, e.g. 0400.10 d5h6 and others, say more.", true),
            (
                "For example 0031.01 a8d5 gives the bishop and knight.",
                true,
            ),
            (
                "Een voorbeeld:\n+ 1234.56 a7c8 betekent dus dat het diagram zo is.",
                true,
            ),
            // Not named: a study cited in a sentence, with kings or bare.
            ("So the study 0400.10 d5h6 shows that the rook wins.", false),
            (
                "Becker reacted to the 0800.00 study of Ignace Vandecasteele.",
                false,
            ),
            (
                "In the old book we find a7d3 0116.00 b2b3c6d6 3/3 with a long solution.",
                false,
            ),
            (
                "Later he showed 0103.11 a1c3 to the judge and it was published.",
                false,
            ),
            (
                "De koning loopt naar de hoek, en niet zoals in de 0800.00 studies hierboven.",
                false,
            ),
            ("EG 190, No 1: a2f1 0411.56 10/9 Win", false),
        ];
        for (text, want) in table {
            assert_eq!(example(text), want, "{text}");
        }
    }
}
