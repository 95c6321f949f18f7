//! A code's label and citation as a chunk's reader reads them (docs/printing.md, "Labels",
//! "Citations"), and the floor under a chunk's first label.

use std::ops::Range;

use super::Reader;
use crate::context::label::{LabelRules, cite};
use crate::context::{self, Link};
use crate::finder;
use crate::record::Record;

impl Reader<'_> {
    /// The label and citation of the code at `anchor`, text `span` (0-based), into `record`,
    /// what the stitcher needs into `link`; not inlined: the plain scan reads no labels.
    #[inline(never)]
    pub(super) fn label_and_cite(
        &mut self,
        rules: &LabelRules,
        anchor: usize,
        span: Range<usize>,
        record: &mut Record,
        link: &mut Link,
    ) {
        let (buf, start) = (self.buf, span.start);
        let (label, claimed) = label_of(rules, buf, self.floor, span);
        let page = self.pages.head_of(buf, anchor);
        // A label on another study's head line of the page follows the page's pairing.
        let (label, paired) = cite::page_label(buf, label, page, &self.pages);
        if let Some((cite, at)) = cite::read(buf, start, label.as_ref(), page) {
            record.citation = Some(Box::new(cite));
            link.cite_at = at;
        }
        // A page's first study with no number: the head at the foot of the page before, read
        // here when that page is in the text, by the stitcher when the page is a text of its
        // own (a PDF's).
        if let Some(page) = self.pages.open_page(anchor)
            && record.citation.as_ref().is_none_or(|c| c.number.is_none())
        {
            if page == 0 {
                link.opens_page = true;
            } else if let Some(foot) = cite::foot_before(buf, page, start) {
                cite::apply_foot(&mut record.citation, foot);
            }
        }
        link.edge_number = label
            .as_ref()
            .filter(|l| l.kind == crate::context::label::LabelKind::Number)
            .and_then(|l| self.pages.edge_number(l.at));
        if let Some(label) = label {
            record.label = Some(label.text);
            link.label_at = (!paired).then_some(label.at);
        }
        link.claimed_to = claimed;
    }
}

/// The label of the code read at `span` (0-based byte range), the text before it searched no
/// further back than `floor` (docs/printing.md, "Labels"): the label on the code's own line
/// before it, else the one written after it on that line, else the one on the lines above.
/// Also the end of the label after it, where there is one: text no later code takes.
fn label_of(
    rules: &LabelRules,
    buf: &[u8],
    floor: usize,
    span: Range<usize>,
) -> (Option<crate::context::label::Label>, Option<usize>) {
    let before = rules.find(buf, floor, span.start);
    let after = rules.find_after(buf, span.end);
    let claimed = after.as_ref().map(|a| a.end);
    let own_line = before
        .as_ref()
        .is_some_and(|b| memchr::memchr(b'\n', &buf[b.at..span.start]).is_none());
    let label = if own_line { before } else { after.or(before) };
    (label, claimed)
}

/// The `floor` of [`label_of`] for the first code at or after `start`: the end of the last
/// code before `start` that the scanner records, or of the label written after it, found by
/// reading back as far as a label window reaches. So a range's first code takes the same label
/// whatever the chunks, as the scanner's stitcher cannot give it one it did not find.
pub(super) fn claimed_before(buf: &[u8], start: usize, rules: &LabelRules) -> usize {
    let reach = crate::context::label::NUMBER_REACH + crate::context::label::MAX_AFTER + 128;
    let from = start.saturating_sub(reach);
    // A token's full stop stands four bytes in; its anchor before `start`.
    memchr::memrchr_iter(b'.', &buf[from..(start + 4).min(buf.len())])
        .filter_map(|dot| (from + dot).checked_sub(4))
        .filter(|&i| i < start && finder::is_token(buf, i))
        .find_map(|i| context::read_code(buf, i, context::Before::default()))
        .map_or(0, |(parsed, _)| {
            let claimed = rules.find_after(buf, parsed.span.end).map_or(0, |a| a.end);
            parsed.span.end.max(claimed)
        })
}
