//! A page's words and their boxes as poppler's `pdftotext -bbox-layout` gives them (XHTML:
//! `page`, `flow`, `block`, `line`, `word` with `xMin yMin xMax yMax` in points from the
//! page's top left corner), made pixels and grouped into the lines a reader sees.
//!
//! pdftotext puts words side by side in different blocks when they are set apart (a sign at
//! the margin and its code in the middle, `+          4001.00 f6c5`; two columns), so its
//! lines are joined again when they stand on one height: two lines are one when they share
//! more than half the height of the shorter one. Which words are a board's caption is then
//! decided by the board's columns (`super::Match::Loose`).

use super::Word;

/// The most bytes of pdftotext's output for one page read: a page of 100,000 words (a
/// hostile page; a dense book page holds under 1,000, some 150 bytes each).
pub(crate) const MAX_OUTPUT: usize = 16 << 20;

/// The most XML nodes of one page parsed: each word is two (its element and its text), so
/// the words of [`MAX_OUTPUT`] fit.
const MAX_NODES: u32 = 1 << 20;

/// The lines of the page `xhtml` (pdftotext's output for one page), top to bottom, each its
/// words left to right; boxes in pixels at `dpi` (points times `dpi` / 72). Words without a
/// box or text are left out; a document that does not parse as XML gives none.
///
/// pdftotext writes a character of a font it cannot map as it is, control characters
/// included (the Probleemblad issue's diagram font gives U+0008), which XML 1.0 forbids: each
/// is read as a space, so a word of them alone is left out.
pub(crate) fn lines(xhtml: &str, dpi: u32) -> Vec<Vec<Word>> {
    let forbidden = |c: char| c < ' ' && !matches!(c, '\t' | '\n' | '\r');
    let cleaned;
    let xhtml = if xhtml.contains(forbidden) {
        cleaned = xhtml.replace(forbidden, " ");
        cleaned.as_str()
    } else {
        xhtml
    };
    let Ok(doc) = roxmltree::Document::parse_with_options(
        xhtml,
        roxmltree::ParsingOptions {
            allow_dtd: true,
            nodes_limit: MAX_NODES,
            ..roxmltree::ParsingOptions::default()
        },
    ) else {
        return Vec::new();
    };
    let scale = f64::from(dpi) / 72.0;
    let px = |node: roxmltree::Node<'_, '_>, name: &str| -> Option<f64> {
        let value: f64 = node.attribute(name)?.parse().ok()?;
        (value.is_finite() && value >= 0.0).then_some(value * scale)
    };
    let mut lines: Vec<Vec<Word>> = doc
        .descendants()
        .filter(|n| n.has_tag_name("line"))
        .map(|line| {
            line.children()
                .filter(|n| n.has_tag_name("word"))
                .filter_map(|word| {
                    let text = word.text()?.trim();
                    let (x0, y0) = (px(word, "xMin")?, px(word, "yMin")?);
                    let (x1, y1) = (px(word, "xMax")?, px(word, "yMax")?);
                    (!text.is_empty() && x1 >= x0 && y1 >= y0).then(|| Word {
                        left: x0 as usize,
                        top: y0 as usize,
                        width: (x1 - x0).round() as usize,
                        height: (y1 - y0).round() as usize,
                        text: text.to_owned(),
                    })
                })
                .collect::<Vec<Word>>()
        })
        .filter(|line| !line.is_empty())
        .collect();
    lines.sort_by_key(|line| line.iter().map(|w| w.top).min().unwrap_or(0));
    let mut joined: Vec<Vec<Word>> = Vec::with_capacity(lines.len());
    for line in lines {
        match joined.iter_mut().find(|other| one_height(other, &line)) {
            Some(other) => other.extend(line),
            None => joined.push(line),
        }
    }
    for line in &mut joined {
        line.sort_by_key(|w| w.left);
    }
    joined
}

/// True when the two lines share more than half the height of the shorter one.
fn one_height(a: &[Word], b: &[Word]) -> bool {
    let span = |l: &[Word]| {
        let top = l.iter().map(|w| w.top).min().unwrap_or(0);
        let bottom = l.iter().map(|w| w.top + w.height).max().unwrap_or(0);
        (top, bottom)
    };
    let ((at, ab), (bt, bb)) = (span(a), span(b));
    let shared = ab.min(bb).saturating_sub(at.max(bt));
    let lower = (ab - at).min(bb - bt);
    shared * 2 > lower
}
