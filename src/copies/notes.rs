//! Notes on how a text was read that a check prints after its other diagnostics: each part
//! of an OCR'd page read otherwise than OCR gave it (docs/reading.md, "OCR").

use std::sync::Arc;

use super::{Diagnostic, DiagnosticCheck};
use crate::check::Severity;
use crate::misread::OcrFix;
use crate::position::Part;

/// A note for each of `fixes` (the parts of input `input`'s `text`, named `path`, that were
/// read otherwise than OCR gave them): `note[ocr]: OCR gave `dShé` (squares), read as
/// `d5h6``, or for a caption rebuilt from its board (`from_picture`) `OCR gave `= aEET` for
/// the kings and code; rebuilt from the picture above as `d5e2 0413.21`, …`, for a board given
/// a caption of its own (`from_picture`, nothing found; on an OCR'd page or a text layer's)
/// `note[diagram]: no caption with a code beside the picture above: …`, spanning the part
/// (clamped to the text), with its 1-based line in the source (the line feeds `added` by
/// boards written in not counted) and byte column.
pub fn ocr_notes(
    input: usize,
    path: &Arc<str>,
    text: &[u8],
    added: &[u64],
    fixes: &[OcrFix],
) -> Vec<Diagnostic> {
    let lines = super::LineIndex::new(text, added);
    fixes
        .iter()
        .map(|fix| {
            let start = usize::try_from(fix.offset)
                .unwrap_or(usize::MAX)
                .min(text.len());
            let (line, column) = lines.line_column(start);
            let own = fix.from_picture && fix.found.is_empty();
            let message = if own {
                format!(
                    "no caption with a code beside the picture above: its position written as \
                     the caption `{}`, a record of its own",
                    fix.read
                )
            } else if fix.from_picture {
                format!(
                    "OCR gave `{}` for the kings and code; rebuilt from the picture above as \
                     `{}`, which agrees with what OCR read of the caption (its W/B)",
                    fix.found, fix.read
                )
            } else {
                let part = match fix.part {
                    Some(Part::Code) => "the code",
                    Some(part) => part.name(),
                    None => "a caption line, read again as one line",
                };
                format!("OCR gave `{}` ({part}), read as `{}`", fix.found, fix.read)
            };
            Diagnostic {
                path: path.clone(),
                input: Some(input),
                span: start..(start + fix.found.len()).min(text.len()),
                line,
                column,
                check: if own {
                    DiagnosticCheck::Diagram
                } else {
                    DiagnosticCheck::Ocr
                },
                severity: Severity::Note,
                message,
                copies: Vec::new(),
                fixes: Vec::new(),
                study: None,
            }
        })
        .collect()
}
