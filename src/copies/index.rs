//! A book's body against its GBR directory (index): two copies of every study. Lists the
//! captions of one without an entry in the other, and near matches: same kings with the code
//! one digit apart, or the same code with the kings one square apart.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::Arc;

use super::{Against, Caption, Cited, Diagnostic, DiagnosticCheck, Input, LineIndex, verify};
use crate::check::{Fix, Severity};
use crate::code::Code;
use crate::position::Kings;
use crate::position::Part;
use crate::record::Record;

mod near;

use near::{digits_apart, squares_apart};
pub(crate) use near::{near_keys, near_match};

/// One entry of a directory: its code, kings, where it stands and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The code.
    pub code: Code,
    /// The kings (entries without kings are matched by code only).
    pub kings: Option<Kings>,
    /// `path:line` of the entry.
    pub place: String,
    /// The entry's caption in canonical text.
    pub text: String,
    /// The caption among those checked, when the directory was given as an input.
    pub(crate) caption: Option<usize>,
}

impl Entry {
    /// The entry of a record read back from a saved directory (`tsv`, `jsonl`), whose kings
    /// were read as kings ([`Record::kings`]).
    pub fn of_record(record: &Record) -> Entry {
        Entry {
            code: record.code,
            kings: record.kings,
            place: format!("{}:{}", record.path, record.line),
            text: record.canonical.to_string(),
            caption: None,
        }
    }
}

/// Builds a diagnostic at a caption's span: caption, span, severity, message.
type MakeAt<'a> = dyn Fn(&Caption, Range<usize>, Severity, String) -> Diagnostic + 'a;

/// How an entry stands to a caption: an exact match, a near one (with words), or none.
fn relation(caption: &Caption, entry: &Entry) -> Option<Option<String>> {
    let p = &caption.parsed.position;
    let code = p.code;
    match (p.kings, entry.kings) {
        (Some(k), Some(e)) if k == e && code == entry.code => Some(None),
        (Some(k), Some(e)) if k == e && digits_apart(code, entry.code) == 1 => {
            Some(Some(format!("the code one digit apart: {}", entry.code)))
        }
        (Some(k), Some(e)) if code == entry.code && squares_apart(k, e) == 1 => {
            Some(Some(format!("the kings one square apart: {e}")))
        }
        (_, None) if code == entry.code => Some(None),
        _ => None,
    }
}

/// The entries of a directory by kings and code, so that a caption's exact and near entries
/// ([`relation`]) are looked up rather than compared with every entry: an exact entry has the
/// caption's kings and code, or no kings and its code; a near one has its kings and a code one
/// digit apart (6 digits, 9 other values each), or its code and kings one square apart (63
/// other squares for each king). A caption costs some 180 hash look-ups, whatever the size
/// of the directory.
struct Lookup {
    by_both: HashMap<(Kings, Code), Vec<usize>>,
    /// Entries without kings, by code: matched by code alone.
    by_code: HashMap<Code, Vec<usize>>,
    /// Keys whose exact entries are already marked matched.
    marked: std::cell::RefCell<HashSet<(Kings, Code)>>,
    /// Entries looked at so far, for the test that a caption's cost does not grow with the
    /// directory.
    steps: std::cell::Cell<u64>,
}

impl Lookup {
    fn new(entries: &[Entry]) -> Lookup {
        let mut by_both: HashMap<(Kings, Code), Vec<usize>> = HashMap::new();
        let mut by_code: HashMap<Code, Vec<usize>> = HashMap::new();
        for (i, e) in entries.iter().enumerate() {
            match e.kings {
                Some(k) => by_both.entry((k, e.code)).or_default().push(i),
                None => by_code.entry(e.code).or_default().push(i),
            }
        }
        Lookup {
            by_both,
            by_code,
            marked: Default::default(),
            steps: Default::default(),
        }
    }

    fn get(&self, kings: Kings, code: Code) -> &[usize] {
        let list = self
            .by_both
            .get(&(kings, code))
            .map_or(&[][..], Vec::as_slice);
        self.steps.set(self.steps.get() + 1 + list.len() as u64);
        list
    }

    /// The entries that match a caption of `kings` and `code` exactly, in entry order.
    fn exact(&self, kings: Kings, code: Code) -> Vec<&usize> {
        let mut out: Vec<&usize> = self.get(kings, code).iter().collect();
        out.extend(self.by_code.get(&code).into_iter().flatten());
        out.sort_unstable();
        out
    }

    /// True the first time it is asked for a key.
    fn first_marking(&self, kings: Kings, code: Code) -> bool {
        self.marked.borrow_mut().insert((kings, code))
    }

    /// The entries that may stand near a caption of `kings` and `code`, in entry order.
    fn near(&self, kings: Kings, code: Code) -> Vec<usize> {
        let mut out = Vec::new();
        for (k, c) in near_keys(kings, code) {
            out.extend_from_slice(self.get(k, c));
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The diagnostics of body captions `body` against directory `entries`; `make` builds a
/// diagnostic at a caption's span.
pub(crate) fn compare(
    texts: &[&[u8]],
    captions: &[Caption],
    body: &[usize],
    entries: &[Entry],
    make: &MakeAt<'_>,
    make_entry: &dyn Fn(&Entry, Severity, String) -> Option<Diagnostic>,
    steps: &mut u64,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let mut matched = vec![false; entries.len()];
    let lookup = Lookup::new(entries);
    for &n in body {
        let c = &captions[n];
        let Some(kings) = c.parsed.position.kings else {
            continue;
        };
        let code = c.parsed.position.code;
        let exact = lookup.exact(kings, code);
        if !exact.is_empty() {
            // Marked once for each key: reprints of one study mark their entries once.
            if lookup.first_marking(kings, code) {
                for i in exact {
                    matched[*i] = true;
                }
            }
            continue;
        }
        let near: Vec<(usize, String)> = lookup
            .near(kings, code)
            .into_iter()
            .filter_map(|i| match relation(c, &entries[i]) {
                Some(Some(words)) => Some((i, words)),
                _ => None,
            })
            .collect();
        let span = c.parsed.span.clone();
        if near.is_empty() {
            out.push(make(
                c,
                span,
                Severity::Warning,
                "no entry in the directory".to_string(),
            ));
            continue;
        }
        for (i, words) in near {
            matched[i] = true;
            out.extend(differs(texts, c, &entries[i], &words, make));
        }
    }
    *steps += lookup.steps.get();
    for (e, m) in entries.iter().zip(matched) {
        if !m
            && let Some(d) = make_entry(
                e,
                Severity::Warning,
                format!("directory entry {} has no study in the body", e.text),
            )
        {
            out.push(d);
        }
    }
    out
}

/// The diagnostic of caption `c` whose directory entry `e` differs from it (`words` says
/// how): at the code, else at the kings; `None` where the caption prints no part that differs,
/// or where a printed index among the inputs decided it already.
fn differs(
    texts: &[&[u8]],
    c: &Caption,
    e: &Entry,
    words: &str,
    make: &MakeAt<'_>,
) -> Option<Diagnostic> {
    let (part, span, replacement) = match (c.parsed.position.code != e.code, e.kings) {
        (true, _) => (Part::Code, c.parsed.parts.code.clone(), e.code.to_string()),
        (false, Some(k)) => (Part::Kings, c.parsed.parts.kings.clone()?, k.to_string()),
        (false, None) => return None,
    };
    let mut d = make(
        c,
        span.clone(),
        Severity::Error,
        format!("the directory's entry differs, {words}; one of the two is wrong"),
    );
    d.copies.push(Cited {
        place: e.place.clone(),
        says: format!("the directory prints {}", e.text),
    });
    let fix = Fix {
        part,
        span,
        replacement,
    };
    let board = c.board.as_ref().map(|b| &b.0);
    // The directory decides only where the caption fails its own checks and its
    // reading passes them; else either copy may be the wrong one. A printed index
    // among the inputs has decided that already, in the caption's own finding.
    if !c.valid && verify(texts[c.input], &c.parsed, std::slice::from_ref(&fix), board) {
        if e.caption.is_some() {
            return None;
        }
        d.fixes.push(fix);
    }
    Some(d)
}

/// The diagnostics of the body against the directory `against`.
pub(crate) fn against(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
    against: &Against,
    steps: &mut u64,
) -> Vec<Diagnostic> {
    // An example of the notation, in the body or the directory's preface, is neither a study
    // nor an entry (`super::book::is_example`).
    let studies = (0..captions.len())
        .filter(|&n| !super::book::is_example(inputs[captions[n].input].text, &captions[n]));
    let (entries, body): (Vec<Entry>, Vec<usize>) = match against {
        Against::Entries(e) => (e.clone(), studies.collect()),
        Against::Input(dir) => {
            let (listed, body): (Vec<usize>, Vec<usize>) =
                studies.partition(|n| captions[*n].input == *dir);
            (entries_of(inputs, captions, &listed), body)
        }
    };
    compare_body(inputs, index, captions, &body, &entries, steps)
}

/// The entries of a directory given as captions among those checked: `listed`, in order.
fn entries_of(inputs: &[Input<'_>], captions: &[Caption], listed: &[usize]) -> Vec<Entry> {
    listed
        .iter()
        .map(|&n| {
            let c = &captions[n];
            Entry {
                code: c.parsed.position.code,
                kings: c.parsed.position.kings,
                place: format!("{}:{}", c.path, c.line),
                text: String::from_utf8_lossy(&inputs[c.input].text[c.parsed.span.clone()])
                    .into_owned(),
                caption: Some(n),
            }
        })
        .collect()
}

/// The diagnostics of the captions `body` against the captions `listed`, a book's own
/// directory found among the captions checked ([`super::book`]).
pub(crate) fn against_captions(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
    listed: &[usize],
    body: &[usize],
    steps: &mut u64,
) -> Vec<Diagnostic> {
    let entries = entries_of(inputs, captions, listed);
    compare_body(inputs, index, captions, body, &entries, steps)
}

/// The diagnostics of the captions `body` against `entries`.
fn compare_body(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
    body: &[usize],
    entries: &[Entry],
    steps: &mut u64,
) -> Vec<Diagnostic> {
    let texts: Vec<&[u8]> = inputs.iter().map(|i| i.text).collect();
    let make = |c: &Caption, span: Range<usize>, severity, message| {
        let (line, column) = index[c.input].line_column(span.start);
        Diagnostic {
            path: c.path.clone(),
            input: Some(c.input),
            span,
            line,
            column,
            check: DiagnosticCheck::Directory,
            severity,
            message,
            copies: Vec::new(),
            fixes: Vec::new(),
            study: None,
        }
    };
    let make_entry = |e: &Entry, severity, message| {
        Some(match e.caption {
            Some(n) => make(
                &captions[n],
                captions[n].parsed.span.clone(),
                severity,
                message,
            ),
            None => {
                let (path, line) = e.place.rsplit_once(':')?;
                Diagnostic {
                    path: Arc::from(path),
                    input: None,
                    span: 0..0,
                    line: line.parse().ok()?,
                    column: 1,
                    check: DiagnosticCheck::Directory,
                    severity,
                    message,
                    copies: Vec::new(),
                    fixes: Vec::new(),
                    study: None,
                }
            }
        })
    };
    compare(&texts, captions, body, entries, &make, &make_entry, steps)
}

#[cfg(test)]
mod tests;
