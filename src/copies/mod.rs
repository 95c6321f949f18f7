//! Every copy of a position checked against every other (`gbr check`): the caption's own
//! parts (gbr-notation.md §3, [`crate::check`](mod@crate::check)), the diagram above or below it (gbr-notation.md §7), a FEN near
//! it, and the same study printed elsewhere in the inputs (same kings, and the same code or the
//! same squares). Each disagreement becomes a [`Diagnostic`] that names the faulty part, the
//! copies that say so, and the fixes, ranked, each one verified: a fix is proposed only when the
//! corrected caption passes every check against every board copy (`verify`).

pub(crate) mod board;
mod book;
mod captions;
mod cited;
mod diagnose;
mod diagnostic;
mod elsewhere;
pub mod fixes;
mod heads;
pub mod index;
mod keyed;
mod lines;
mod mention;
pub mod merge;
pub(crate) mod near_miss;
mod notes;
mod tables;
mod verify;

use std::sync::Arc;

use crate::check::Severity;

pub use crate::context::evidence::pgn_tag_at;
pub(crate) use captions::Caption;
use captions::captions;
pub use captions::{caption_at, code_offset};
pub(crate) use diagnose::Make;
use diagnose::diagnose;
pub use diagnostic::{Cited, Diagnostic, DiagnosticCheck, study_name};
pub(crate) use lines::LineIndex;
pub use notes::ocr_notes;
pub use tables::TableCounts;
pub use verify::apply;
pub(crate) use verify::verify;

/// One input of a check: its name and its text.
#[derive(Debug, Clone)]
pub struct Input<'a> {
    /// The path as given (`<stdin>` for standard input; `file.pdf:PAGE` for a page).
    pub path: Arc<str>,
    /// The file it comes from: the pages of a PDF share it, any other input is its own
    /// (`path`). A book's own directory is looked for in each file (`copies/book.rs`).
    pub source: Arc<str>,
    /// The text (after decoding).
    pub text: &'a [u8],
    /// The 0-based offsets in `text` of the line feeds written into it that the source does
    /// not hold ([`crate::input::Member::added`]): lines do not count them. Empty for most.
    pub added: &'a [u64],
}

/// What a check of some inputs found.
#[derive(Debug, Clone, Default)]
pub struct Report {
    /// Every diagnostic, by input then offset; then the directory's, then the near misses,
    /// most likely first.
    pub diagnostics: Vec<Diagnostic>,
    /// Codes found.
    pub codes: u64,
    /// Codes with no error diagnostic.
    pub valid: u64,
    /// Near misses found (their diagnostics have the check `near-miss`).
    pub near_misses: u64,
    /// What the Syzygy tables said, where [`Options::tablebase`] gave them.
    pub tables: Option<TableCounts>,
    /// Panics caught while checking an input (docs/reliability.md, "Fault isolation"): the
    /// input's captions from the faulty byte on are not checked, its fixes not to be written.
    pub faults: Vec<InputFault>,
}

/// A panic caught while one input was checked: a bug, reported with its place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputFault {
    /// Index of the input in the slice given to [`check_inputs`].
    pub input: usize,
    /// 0-based byte offset in the input's text of the code whose check panicked (or from
    /// which its scan could not read).
    pub at: u64,
    /// The panic.
    pub fault: crate::fault::Fault,
}

/// The directory a check compares the body against.
#[derive(Debug, Clone)]
pub enum Against {
    /// Entries read from a saved directory (`tsv`, `jsonl`).
    Entries(Vec<index::Entry>),
    /// One of the inputs is the directory (a printed index); the others are the body.
    Input(usize),
}

/// What [`check_inputs`] does besides the checks of every copy.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Look for near misses too (`copies/near_miss.rs`).
    pub near_misses: bool,
    /// Compare the body against a directory.
    pub against: Option<Against>,
    /// The key names of study data (JSON, JSON Lines, CSV, TSV: [`crate::keyed`]), whose
    /// records are checked as a PGN game is.
    pub keys: crate::keyed::Keys,
    /// Without `against`: find each book's own directory (the entries under its directory's
    /// headings) and compare the book's body against it (`copies/book.rs`, docs/check.md).
    pub own_directory: bool,
    /// The Syzygy tables: each caption's whole position probed and the verdict compared with
    /// the result it asks for, and candidate fixes ranked by it (`copies/tables.rs`,
    /// docs/check.md, "The tables").
    pub tablebase: Option<Arc<crate::tablebase::Tables>>,
}

/// Checks every caption of `inputs` against every copy of its position, and does what
/// `options` ask besides. Never fails: what cannot be read is not checked.
///
/// Near-linear in the captions: copies are found through indexes (by kings, then by code
/// and by squares; a directory's entries by kings and code, [`index`]), never
/// by comparing every pair.
pub fn check_inputs(inputs: &[Input<'_>], options: &Options) -> Report {
    check_counted(inputs, options, &mut Work::default())
}

/// The work of a check, counted where it could grow faster than the input: copies and
/// tallies looked at ([`elsewhere::Copies`]), directory entries looked up, comparisons made
/// to count the valid captions, bytes read ahead by the near-miss pass.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Work {
    pub(crate) copies: u64,
    pub(crate) directory: u64,
    pub(crate) valid: u64,
    pub(crate) near: u64,
}

/// [`check_inputs`], adding its work to `work`.
pub(crate) fn check_counted(inputs: &[Input<'_>], options: &Options, work: &mut Work) -> Report {
    let index: Vec<LineIndex> = inputs
        .iter()
        .map(|i| LineIndex::new(i.text, i.added))
        .collect();
    let mut faults = Vec::new();
    let mut captions = captions(inputs, &index, &mut faults);
    let tables = options.tablebase.as_deref();
    let mut counts = TableCounts::default();
    let data = keyed::read(inputs, &index, &options.keys, tables, &mut counts);
    captions.retain(|c| !data.holds(c));
    let mut report = Report {
        codes: captions.len() as u64 + data.codes,
        ..Report::default()
    };
    let judge = tables.map(|t| tables::Judge::new(t, &captions));
    let found = diagnose_all(
        inputs,
        &index,
        &captions,
        judge.as_ref(),
        &mut counts,
        &mut faults,
        &mut work.copies,
    );
    report.diagnostics.extend(data.diagnostics);
    report.diagnostics.extend(found);
    report.tables = tables.map(|_| counts);
    report
        .diagnostics
        .extend(cited::same_study(inputs, &index, &captions));
    report
        .diagnostics
        .extend(heads::heads_disagree(inputs, &index, &captions));
    if let Some(against) = &options.against {
        report.diagnostics.extend(index::against(
            inputs,
            &index,
            &captions,
            against,
            &mut work.directory,
        ));
    } else if options.own_directory {
        report.diagnostics.extend(book::against_own(
            inputs,
            &index,
            &captions,
            &mut work.directory,
        ));
    }
    // What was said of an input before its fault is dropped with it: none of its fixes may be
    // written.
    report
        .diagnostics
        .retain(|d| d.input.is_none_or(|i| faults.iter().all(|f| f.input != i)));
    report.valid = count_valid(&captions, &report.diagnostics, &mut work.valid) + data.valid;
    if options.near_misses {
        let misses = near_miss_diagnostics(inputs, &index, &captions, &faults, &mut work.near);
        report.near_misses = misses.len() as u64;
        report.diagnostics.extend(misses);
    }
    report.faults = faults;
    report
}

/// The diagnostics of every caption ([`diagnose`]), in caption order, each with the study
/// it belongs to. Group by group (the same kings), so that one group's index is held at a
/// time; `steps` counts the copies looked at; what the tables said (`judge`) is added to
/// `counts`. An
/// input with a fault is reported, not half checked: a caption whose check panics adds its
/// input's fault to `faults`.
fn diagnose_all(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
    judge: Option<&tables::Judge<'_>>,
    counts: &mut TableCounts,
    faults: &mut Vec<InputFault>,
    steps: &mut u64,
) -> Vec<Diagnostic> {
    let mut found: Vec<Vec<Diagnostic>> = Vec::new();
    found.resize_with(captions.len(), Vec::new);
    for members in elsewhere::groups(captions) {
        let copies = elsewhere::Copies::new(captions, &members);
        for n in members {
            let caption = &captions[n];
            if faults.iter().any(|f| f.input == caption.input) {
                continue;
            }
            let input = &inputs[caption.input];
            let mut own = TableCounts::default();
            let checked = crate::fault::catch(|| {
                diagnose(input, (n, caption), &copies.of(n), index, judge, &mut own)
            });
            counts.add(&own);
            match checked {
                Ok(mut diagnostics) => {
                    let study = caption.citation.as_deref().and_then(study_name);
                    for d in &mut diagnostics {
                        d.study.clone_from(&study);
                    }
                    found[n] = diagnostics;
                }
                Err(fault) => faults.push(InputFault {
                    input: caption.input,
                    at: caption.parsed.span.start as u64,
                    fault,
                }),
            }
        }
        *steps += copies.steps.get();
    }
    found.into_iter().flatten().collect()
}

/// The near misses of every input without a fault (`copies/near_miss.rs`), each input's most
/// likely first: the square lists of its captions that almost read, and the text that almost
/// reads as a code. `steps` counts the bytes read ahead.
fn near_miss_diagnostics(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
    faults: &[InputFault],
    steps: &mut u64,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        if faults.iter().any(|f| f.input == i) {
            continue;
        }
        let mut misses: Vec<near_miss::NearMiss> = captions
            .iter()
            .filter(|c| c.input == i)
            .filter_map(|c| near_miss::square_list(input.text, &c.parsed))
            .collect();
        misses.extend(near_miss::near_misses_counted(input.text, steps));
        misses.sort_by_key(|m| (std::cmp::Reverse(m.score), m.span.start));
        for miss in misses {
            let (line, column) = index[i].line_column(miss.span.start);
            out.push(Diagnostic {
                path: input.path.clone(),
                input: Some(i),
                span: miss.span.clone(),
                line,
                column,
                check: DiagnosticCheck::NearMiss,
                severity: Severity::Note,
                message: match miss.readings.first() {
                    Some(r) => format!("{} may be {r}: {}", miss.found, miss.why),
                    None => format!("{} is a near miss: {}", miss.found, miss.why),
                },
                copies: Vec::new(),
                fixes: miss.fixes(),
                study: None,
            });
        }
    }
    out
}

/// The captions on whose text no error stands, from any copy: the errors' starts, sorted,
/// searched for each caption's span (O((c + d) log d) for c captions and d diagnostics).
/// `steps` counts the comparisons made.
fn count_valid(captions: &[Caption], diagnostics: &[Diagnostic], steps: &mut u64) -> u64 {
    let mut errors: Vec<(usize, usize)> = diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .filter_map(|d| Some((d.input?, d.span.start)))
        .collect();
    errors.sort_unstable();
    captions
        .iter()
        .filter(|c| {
            let first = errors.partition_point(|e| {
                *steps += 1;
                *e < (c.input, c.parsed.span.start)
            });
            errors
                .get(first)
                .is_none_or(|e| *e >= (c.input, c.parsed.span.end))
        })
        .count() as u64
}

#[cfg(test)]
mod tests;
