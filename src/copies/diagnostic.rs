//! What a check says of one problem: a [`Diagnostic`], named by the check or the copy that
//! found it ([`DiagnosticCheck`]), citing the other copies ([`Cited`]) and the study
//! ([`study_name`]).

use std::ops::Range;
use std::sync::Arc;

use crate::check::{Check, Fix, Severity};

/// The check, or the copy compared, that a [`Diagnostic`] comes from; its name
/// ([`DiagnosticCheck::name`]) is what `gbr check` prints in brackets (`error[diagram]`) and
/// writes as `"check"` in JSON (docs/check.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DiagnosticCheck {
    /// One of the caption's own checks (gbr-notation.md §3: `men-count`, `squares`, ...).
    Caption(Check),
    /// The diagram above or below the caption disagrees with it (gbr-notation.md §7):
    /// `diagram`.
    Diagram,
    /// The FEN near the caption disagrees with it: `fen`.
    Fen,
    /// The same study printed elsewhere in the inputs disagrees: `elsewhere`.
    Elsewhere,
    /// The same study number and source printed with different codes, or a study's diagram
    /// head and solution head that disagree on its number, composers or honour: `citation`.
    Citation,
    /// The body disagrees with its directory (a saved one, a printed index, or the book's
    /// own): `directory`.
    Directory,
    /// Text that almost reads as a code (`0l16.00`, `0116,00`): `near-miss`.
    NearMiss,
    /// A file of study data (JSON, JSON Lines, CSV, TSV) that could not be read, at its
    /// line and column: `data`.
    Data,
    /// A part of an OCR'd page read otherwise than OCR gave it (docs/reading.md, "OCR"):
    /// `ocr`.
    Ocr,
    /// The Syzygy tables give another result than the caption asks for (docs/check.md, "The
    /// tables"): `tablebase`.
    Tablebase,
}

impl DiagnosticCheck {
    /// The name printed and written (`men-count`, `diagram`, `near-miss`, ...).
    pub fn name(self) -> &'static str {
        match self {
            DiagnosticCheck::Caption(check) => check.name(),
            DiagnosticCheck::Diagram => "diagram",
            DiagnosticCheck::Fen => "fen",
            DiagnosticCheck::Elsewhere => "elsewhere",
            DiagnosticCheck::Citation => "citation",
            DiagnosticCheck::Directory => "directory",
            DiagnosticCheck::NearMiss => "near-miss",
            DiagnosticCheck::Data => "data",
            DiagnosticCheck::Ocr => "ocr",
            DiagnosticCheck::Tablebase => "tablebase",
        }
    }
}

impl std::fmt::Display for DiagnosticCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for DiagnosticCheck {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// Another copy cited by a diagnostic.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Cited {
    /// Where it stands: `path:line` (line 1-based).
    pub place: String,
    /// What it says, in words (`the diagram above has 4/4 men`, `printed as 4/4`).
    pub says: String,
}

/// One problem found, with its place and its fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// The input's path.
    pub path: Arc<str>,
    /// 0-based index of the input among those given; `None` for a place outside them (an
    /// entry of a saved directory, cited by its source).
    pub input: Option<usize>,
    /// 0-based byte range of the faulty part in the input's text.
    pub span: Range<usize>,
    /// 1-based line of `span.start`.
    pub line: u64,
    /// 1-based byte column of `span.start`.
    pub column: u64,
    /// The check, or the copy, that found it ([`DiagnosticCheck`]).
    pub check: DiagnosticCheck,
    /// Error, warning or note.
    pub severity: Severity,
    /// Expected against found, in words.
    pub message: String,
    /// The other copies that decide it, with their place.
    pub copies: Vec<Cited>,
    /// Candidate fixes, best first, each verified; empty when none is certain enough to give.
    pub fixes: Vec<Fix>,
    /// The study the code belongs to as the field cites it (`study 18601 (Didukh)`,
    /// `study 2 (EBUR 1999)`: [`study_name`]), where its block prints a number; `None`
    /// otherwise, and for a place outside the inputs.
    pub study: Option<String>,
}

impl Diagnostic {
    /// A diagnostic of input `input` (named `path`, its lines in `lines`) at `span` (0-based
    /// byte offsets into its text), its line and column worked out, with no copy cited, no fix
    /// and no study yet.
    pub(crate) fn at(
        (path, input, lines): (&Arc<str>, usize, &super::LineIndex),
        span: Range<usize>,
        check: DiagnosticCheck,
        severity: Severity,
        message: String,
    ) -> Diagnostic {
        let (line, column) = lines.line_column(span.start);
        Diagnostic {
            path: path.clone(),
            input: Some(input),
            span,
            line,
            column,
            check,
            severity,
            message,
            copies: Vec::new(),
            fixes: Vec::new(),
            study: None,
        }
    }
}

/// How a diagnostic names a study: `study NUMBER`, then the composers' surnames in
/// parentheses (`study 18601 (Didukh)`), else the source and year (`study 2 (EBUR 1999)`);
/// `None` without a number (docs/printing.md, "Citations").
pub fn study_name(cite: &crate::citation::Citation) -> Option<String> {
    let number = cite.number.as_deref()?;
    let names: Vec<&str> = cite
        .composers
        .iter()
        .map(|c| crate::citation::surname(c))
        .collect();
    let about = if !names.is_empty() {
        names.join(" & ")
    } else {
        let year = cite.year.map(|y| y.to_string());
        [cite.source.as_deref(), year.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some(if about.is_empty() {
        format!("study {number}")
    } else {
        format!("study {number} ({about})")
    })
}
