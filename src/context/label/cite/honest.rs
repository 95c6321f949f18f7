//! A code's label where its page pairs its heads with its studies (docs/printing.md,
//! "Labels", "On a page with heads"): the label rules read the nearest number or caption above
//! a code, which on a page that sets two studies, or quotes a code in its prose, may be
//! another study's head. The page's pairing knows better, and the label follows it.

use super::{Label, LabelKind, PageHead, Pages};
use crate::context::label::rules::{Line, recognise};
use crate::context::label::text_of;

/// The label of a code whose label rules read `label`, with `page` what its page says of its
/// head and `pages` the page read ([`Pages::head_of`]). A label the built-in rules read on one
/// of the page's head lines that is not this code's own head is another study's: the code
/// takes instead the label of its own head line (the rules read on that line, else its
/// number), or none when the page gives it no head (a code quoted in the prose, a second
/// position, a study under a stack of numbers that could be any one's). A code with no label
/// keeps none, and a number read on the page's folio line ([`Pages::on_folio`]) is none. Any
/// other label (a caption nearer the code, the user's pattern, a
/// number after the code) is kept. Returns the label and whether it comes from the page's
/// pairing, which no chunk boundary changes (the stitcher keeps it even when the head stands
/// above the code before).
pub(crate) fn page_label(
    buf: &[u8],
    label: Option<Label>,
    page: PageHead,
    pages: &Pages,
) -> (Option<Label>, bool) {
    // A page's folio (`– 334 –` over EG's studies) is no study's number.
    if label
        .as_ref()
        .is_some_and(|l| l.kind == LabelKind::Number && pages.on_folio(l.at))
    {
        return (None, true);
    }
    let builtin = label
        .as_ref()
        .is_none_or(|l| matches!(l.kind, LabelKind::Number | LabelKind::Caption));
    if !builtin || page == PageHead::NoHeads {
        return (label, false);
    }
    let own = match page {
        PageHead::Head(head) => Some(head.line),
        _ => None,
    };
    let another = label.as_ref().is_some_and(|l| {
        pages.on_head_line(l.at) && own.is_none_or(|(a, b)| !(a..b).contains(&l.at))
    });
    if !another {
        return (label, false);
    }
    (own.and_then(|(a, b)| of_head_line(buf, a, b)), true)
}

/// The label the built-in rules read on the head line `start..end` (`- 12 -` gives `12`,
/// `- 11 EBUR, 2001` the caption), else its number (`-8Origineel` gives `8`).
fn of_head_line(buf: &[u8], start: usize, end: usize) -> Option<Label> {
    let line = &buf[start..end];
    let ((a, b), kind) = match recognise(line) {
        Some(Line::Number(a, b)) => ((a, b), LabelKind::Number),
        Some(Line::Caption(a, b)) => ((a, b), LabelKind::Caption),
        None => (super::page_number(line)?.0, LabelKind::Number),
    };
    Some(Label {
        at: start + a,
        end: start + b,
        text: text_of(&line[a..b]),
        kind,
    })
}
