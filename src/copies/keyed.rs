//! Study data checked (docs/check.md, "Study data"): each input that is JSON, JSON Lines, CSV
//! or TSV by its name or first bytes ([`crate::keyed::data_kind`]) has its records read by
//! their keys, and each finding of a record (the code against the FEN, the FEN's board, the
//! stipulation against the FEN's side to move) becomes a diagnostic at the value it is
//! about; what could not be read is a `data` error with its line and column. The codes in
//! the records' code values are the records': the captions the text scan finds there are
//! left out of the other checks.

use std::ops::Range;

use super::{Caption, Diagnostic, DiagnosticCheck, Input, LineIndex, study_name};
use crate::check::{Check, Fix, Severity};
use crate::keyed::{Keys, data_kind, read_keyed};
use crate::source_path::SourcePath;

/// The study data of a check's inputs: the diagnostics of its records, and where its code
/// values stand.
#[derive(Debug, Default)]
pub(crate) struct Data {
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Records read.
    pub(crate) codes: u64,
    /// Records with no error.
    pub(crate) valid: u64,
    /// Per input (by index), the byte ranges of its records' code values, in order.
    values: Vec<Vec<Range<usize>>>,
}

impl Data {
    /// True when caption `c` is a code of a record's code value.
    pub(crate) fn holds(&self, c: &Caption) -> bool {
        let Some(values) = self.values.get(c.input) else {
            return false;
        };
        let at = c.parsed.parts.code.start;
        let i = values.partition_point(|v| v.end <= at);
        values.get(i).is_some_and(|v| v.start <= at)
    }
}

/// Reads the study data among `inputs` (their lines in `index`) with the key names `keys`;
/// with `tables`, each record's FEN is probed for its stipulation's result (counted in
/// `counts`, a `tablebase` warning where the tables give another).
pub(crate) fn read(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    keys: &Keys,
    tables: Option<&crate::tablebase::Tables>,
    counts: &mut super::TableCounts,
) -> Data {
    let mut data = Data::default();
    for (i, input) in inputs.iter().enumerate() {
        data.values.push(Vec::new());
        let Some(kind) = data_kind(input.path.as_bytes(), input.text) else {
            continue;
        };
        let lines = &index[i];
        let read = read_keyed(input.text, &SourcePath::from(&*input.path), kind, keys);
        let diagnostic = |span: Range<usize>, check, severity, message| {
            Diagnostic::at((&input.path, i, lines), span, check, severity, message)
        };
        for p in read.problems {
            let mut d = diagnostic(
                p.offset..p.offset,
                DiagnosticCheck::Data,
                Severity::Error,
                format!("not read as {}: {}", kind.name(), p.message),
            );
            // The column as the reader counts it (characters, for serde_json).
            (d.line, d.column) = (p.line, p.column);
            data.diagnostics.push(d);
        }
        data.codes += read.records.len() as u64;
        for record in &read.records {
            let study = record.citation.as_deref().and_then(study_name);
            if record.valid {
                data.valid += 1;
            }
            for f in &record.findings {
                let check = match f.check {
                    Check::Fen => DiagnosticCheck::Fen,
                    other => DiagnosticCheck::Caption(other),
                };
                let span = f.offset as usize..(f.offset + f.length) as usize;
                let mut d = diagnostic(span, check, f.severity, f.message.clone());
                d.fixes = f
                    .fixes
                    .iter()
                    .map(|x| Fix {
                        part: x.part,
                        span: x.offset as usize..(x.offset + x.length) as usize,
                        replacement: x.replacement.clone(),
                    })
                    .collect();
                d.study.clone_from(&study);
                data.diagnostics.push(d);
            }
            if let Some(tables) = tables
                && let Some((message, cited)) =
                    super::tables::compare_record(tables, record, counts)
            {
                let span = record.offset as usize..(record.offset + record.length) as usize;
                let mut d =
                    diagnostic(span, DiagnosticCheck::Tablebase, Severity::Warning, message);
                d.copies.push(cited);
                d.study.clone_from(&study);
                data.diagnostics.push(d);
            }
        }
        data.values[i] = read.code_values;
    }
    data
}
