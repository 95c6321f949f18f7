//! A book against its own directory, in one file (docs/check.md, "The copies"): a
//! book (a text, a PDF's pages, a Word export) holds its body and, at the end, its GBR
//! directory under headings. Without `--against`, `gbr check` finds the directory's entries
//! itself and compares body and directory both ways, as [`super::index`] does for two files.
//!
//! An **entry** is a code with kings under a directory heading (`Winststudies (+):`,
//! `Draws`; docs/reading.md, "Headings of a printed directory"), and each code with kings after
//! it while the one before stands within reach ([`Above::Code`]: the next line or so, a page
//! break and its page number between), as the scan carries a heading. On a page of its own (a
//! PDF's pages are inputs of their own) the page's first code reads on into the pages before
//! as the scan's does (`context::page`; docs/reading.md, "State carried over pages"). A book
//! has its own directory when it holds at least [`MIN_ENTRIES`] entries and a code with kings
//! in its body.
//!
//! The book's explanation of the notation (`Het voorbeeld + 1234.56 a7c8 betekent dus ...`) is
//! an example in prose ([`is_example`]): neither a study of the body nor an entry. A list of
//! codes under headings of which fewer than half share their kings or code with a study of the
//! body is not the book's own directory, and is not compared.

use std::sync::Arc;

use super::{Caption, Diagnostic, Input, LineIndex, index};
use crate::context::Above;
use crate::context::lines::look_back;
use crate::context::page;
use crate::context::table::{Entry, Tables};

/// Fewest entries that make a directory: a book's own directory lists every study, and a
/// heading over one or two codes is more often a chapter's title over its studies.
pub(crate) const MIN_ENTRIES: usize = 3;

/// Words that announce an example of the notation, among the four words before a code on
/// its line (lower case): English, Dutch, German, French, Spanish.
const EXAMPLE_WORDS: &[&str] = &[
    "example",
    "examples",
    "eg",
    "instance",
    "voorbeeld",
    "bijvoorbeeld",
    "bv",
    "beispiel",
    "zb",
    "exemple",
    "ejemplo",
    "vorm",
    "form",
    "notation",
    "notatie",
    "bijv",
    "bspw",
    "pex",
    "pej",
];

/// The words of `s` (letters only), lower-cased, in order; a full stop between two letters
/// joins them, so that an abbreviation is one word (`z.B.` is `zb`, `e.g.` is `eg`).
fn words(s: &[u8]) -> impl DoubleEndedIterator<Item = Vec<u8>> + '_ {
    let joined: Vec<u8> = (0..s.len())
        .filter(|&i| {
            let letter = |j: Option<usize>| {
                j.and_then(|j| s.get(j))
                    .is_some_and(u8::is_ascii_alphabetic)
            };
            !(s[i] == b'.' && letter(i.checked_sub(1)) && letter(Some(i + 1)))
        })
        .map(|i| s[i])
        .collect();
    let words: Vec<Vec<u8>> = joined
        .split(|b| !b.is_ascii_alphabetic() && *b < 0x80)
        .filter(|w| !w.is_empty())
        .map(|w| w.to_ascii_lowercase())
        .collect();
    words.into_iter()
}

/// Whether one of [`EXAMPLE_WORDS`] is among the last `n` words of `s`.
fn example_word_among(s: &[u8], n: usize) -> bool {
    words(s)
        .rev()
        .take(n)
        .any(|w| EXAMPLE_WORDS.iter().any(|e| e.as_bytes() == w.as_slice()))
}

/// Whether the line above the one starting at `line_start` ends in an example word and a
/// colon, a short line announcing the example below it (`Een voorbeeld:`, `For example:`,
/// `Zum Beispiel:`).
fn announced_above(text: &[u8], line_start: usize) -> bool {
    let Some(above_end) = line_start.checked_sub(1) else {
        return false;
    };
    let above_start = memchr::memrchr(b'\n', &text[..above_end]).map_or(0, |i| i + 1);
    let above = text[above_start..above_end].trim_ascii();
    above
        .strip_suffix(b":")
        .is_some_and(|words| example_word_among(words, 2))
}

/// Whether the caption is an example of the notation in prose, not a study: one of
/// [`EXAMPLE_WORDS`] among the four words before it on its line (`Het voorbeeld + 1234.56`,
/// `in the form 1234.56`, `e.g. 0103.11`, `z.B. 4001.00`, `Zum Beispiel: + 0311.02`), at the
/// end of the line above it before a colon (`Een voorbeeld:` over `+ 1234.56 a7c8 betekent
/// ...`), or a code inside a sentence: two words or more of prose on its line before it and
/// two small-letter words or more right after it (`... het voorbeeld + 1234.56 a7c8 betekent
/// dus ...`).
pub(crate) fn is_example(text: &[u8], caption: &Caption) -> bool {
    let span = caption.parsed.span.clone();
    let line_start = memchr::memrchr(b'\n', &text[..span.start]).map_or(0, |i| i + 1);
    let line_end = memchr::memchr(b'\n', &text[span.end..]).map_or(text.len(), |i| span.end + i);
    let before = &text[line_start..span.start];
    if example_word_among(before, 4) || announced_above(text, line_start) {
        return true;
    }
    let after = &text[span.end..line_end];
    let small_after = after
        .split(|b| b.is_ascii_whitespace())
        .filter(|w| !w.is_empty())
        .take(2)
        .filter(|w| w.len() >= 2 && w.iter().all(|b| b.is_ascii_lowercase()))
        .count();
    small_after == 2 && words(before).count() >= 2
}

/// What stands above the first code of input `at` (its text `text`, the code's text from
/// `start`), read on into the inputs before it of the same file (a PDF's pages) as the scan's
/// stitcher reads on (`context::page`): the entry at the foot of the page before, a heading
/// there, or nothing.
fn across(inputs: &[Input<'_>], at: usize, text: &[u8], start: usize) -> Above {
    let Some(head) = page::head(text, start, Above::Nothing) else {
        return Above::Nothing;
    };
    let source = &inputs[at].source;
    let before = inputs[..at]
        .iter()
        .rev()
        .take_while(|i| i.source == *source)
        .scan(0, |bytes, i| {
            let within = *bytes < page::TAIL_BYTES;
            *bytes += i.text.len() + 1;
            within.then_some(i.text)
        })
        .collect::<Vec<_>>();
    let mut carry = page::Carry::new();
    for text in before.into_iter().rev() {
        carry.push(page::tail(text));
    }
    carry.above(head)
}

/// For each caption, whether it is an entry of its book's own directory (see the module's
/// docs), and whether it is an example of the notation; the inputs' `source` tells which pages
/// are one file's.
fn entries(inputs: &[Input<'_>], captions: &[Caption]) -> (Vec<bool>, Vec<bool>) {
    let mut entry = vec![false; captions.len()];
    let mut example = vec![false; captions.len()];
    let mut in_force = false;
    // The previous caption: its input and the end of its text.
    let mut last: Option<(usize, usize)> = None;
    let mut tables = Tables::new();
    let mut tables_of = usize::MAX;
    for (n, c) in captions.iter().enumerate() {
        let text = inputs[c.input].text;
        if tables_of != c.input {
            tables = Tables::new();
            tables_of = c.input;
        }
        example[n] = is_example(text, c);
        let start = c.parsed.span.start;
        let above = match tables.entry(text, c.parsed.parts.code.start) {
            Some(Entry {
                above: Some(above), ..
            }) => above,
            _ => look_back(text, start),
        };
        // The first code of a page reads on into the pages before, as the scan's does.
        let above = match (above, last) {
            (Above::Nothing, Some((i, _))) if i != c.input => across(inputs, c.input, text, start),
            _ => above,
        };
        in_force = match (above, last) {
            (Above::Heading(_), _) => true,
            (Above::Code, Some(_)) => in_force,
            _ => false,
        };
        entry[n] = in_force && c.parsed.position.kings.is_some() && !example[n];
        last = Some((c.input, c.parsed.span.end));
    }
    (entry, example)
}

/// Whether the entries `listed` are the body's own directory: at least half of them have a
/// study of the body with the same kings or the same code. A list of other studies (an
/// anthology's references, the index of another volume) is not compared with the body.
fn lists_the_body(captions: &[Caption], listed: &[usize], body: &[usize]) -> bool {
    use std::collections::HashSet;
    let kings: HashSet<_> = body
        .iter()
        .filter_map(|n| captions[*n].parsed.position.kings)
        .collect();
    let codes: HashSet<_> = body
        .iter()
        .map(|n| captions[*n].parsed.position.code)
        .collect();
    let known = listed
        .iter()
        .map(|n| &captions[*n].parsed.position)
        .filter(|p| p.kings.is_some_and(|k| kings.contains(&k)) || codes.contains(&p.code))
        .count();
    2 * known >= listed.len()
}

/// The diagnostics of each book among `inputs` against its own directory, as
/// [`index::against`] gives them for two files; nothing for a file without one. `steps`
/// counts the directory's look-ups.
pub(crate) fn against_own(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
    steps: &mut u64,
) -> Vec<Diagnostic> {
    let (entry, example) = entries(inputs, captions);
    // Each file's entries and body, in one pass: the captions come in input order, and a
    // file's inputs (a PDF's pages) stand together.
    let mut books: Vec<(&Arc<str>, Vec<usize>, Vec<usize>)> = Vec::new();
    for (n, c) in captions.iter().enumerate() {
        let file = &inputs[c.input].source;
        if books.last().is_none_or(|(f, _, _)| *f != file) {
            books.push((file, Vec::new(), Vec::new()));
        }
        let Some((_, listed, body)) = books.last_mut() else {
            continue;
        };
        if entry[n] {
            listed.push(n);
        } else if !example[n] && c.parsed.position.kings.is_some() {
            body.push(n);
        }
    }
    let mut out = Vec::new();
    for (_, listed, body) in books {
        if listed.len() < MIN_ENTRIES
            || body.is_empty()
            || !lists_the_body(captions, &listed, &body)
        {
            continue;
        }
        out.extend(index::against_captions(
            inputs, index, captions, &listed, &body, steps,
        ));
    }
    out
}
