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
//! an example in prose ([`is_example`], the scan's rule): neither a study of the body nor an entry. A list of
//! codes under headings of which fewer than half share their kings or code with a study of the
//! body is not the book's own directory, and is not compared. An entry and its study are
//! compared by their numbers too (the `numbers` module).

use std::sync::Arc;

use super::{Caption, Diagnostic, Input, LineIndex, index};
use crate::context::Above;
use crate::context::lines::look_back;
use crate::context::page;
use crate::context::table::{Entry, Tables};

/// Fewest entries that make a directory: a book's own directory lists every study, and a
/// heading over one or two codes is more often a chapter's title over its studies.
pub(crate) const MIN_ENTRIES: usize = 3;

/// Whether the caption is an example of the notation in prose, not a study: the scan's rule
/// (`context::example`, docs/reading.md, "Examples of the notation"), which marks the record
/// ([`crate::record::Record::example`]).
pub(crate) fn is_example(text: &[u8], caption: &Caption) -> bool {
    crate::context::example::is_example(text, caption.parsed.span.clone())
}

/// What stands above the first code of input `at` (its text `text`, the code's text from
/// `start`), read on into the inputs before it of the same file (a PDF's pages) as the scan's
/// stitcher reads on (`context::page`): the entry at the foot of the page before, a heading
/// there, or nothing.
fn across(inputs: &[Input<'_>], at: usize, text: &[u8], start: usize) -> Above {
    let Some(head) = page::head(text, start, Above::Nothing, false) else {
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
        out.extend(numbers::numbers_disagree(index, captions, &listed, &body));
    }
    out
}

mod numbers;
