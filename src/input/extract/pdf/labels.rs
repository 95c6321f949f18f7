//! The page labels of a PDF: the number tree `/PageLabels` of its catalog (ISO 32000-1
//! §12.4.2), which gives each page the number a viewer shows and the publisher printed
//! (`xii`, `302`, `A-3`).
//!
//! The tree maps the 0-based index of the first page of each range to a label dictionary:
//! `/S` the style of the numbers (`D` decimal, `R` and `r` roman, `A` and `a` letters; none
//! for labels of the prefix alone), `/P` a prefix, `/St` the number of the range's first page
//! (1 when absent). A page's label is the prefix, then the range's start plus the page's
//! distance from the range's first page in the range's style.
//!
//! Bad trees are read as far as they make sense and never trusted: a node listed among its own
//! kids is walked once, the walk stops 32 levels down and after 4,096 nodes, a key that is no
//! page's index or a value that is no dictionary is passed over, and a label longer than 64
//! characters (a roman number in the millions) is none. lopdf reads no page labels itself, so
//! the tree is walked here over lopdf's objects, as pdf.js's `Catalog.pageLabels` does.

use std::collections::{BTreeMap, HashSet};

use lopdf::{Dictionary, Document, Object, ObjectId};

/// Deepest level of the tree walked; the root is level 0.
const MAX_DEPTH: usize = 32;

/// Most nodes of the tree walked.
const MAX_NODES: usize = 4096;

/// Longest label kept, in characters.
const MAX_LABEL: usize = 64;

/// The style of a range's numbers (`/S`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    /// `D`: 1, 2, 3.
    Decimal,
    /// `R` (upper case) or `r`: I, II, III.
    Roman { upper: bool },
    /// `A` (upper case) or `a`: A to Z, then AA to ZZ, AAA to ZZZ.
    Letters { upper: bool },
}

/// One label dictionary of the tree.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Range {
    /// The numbers' style; `None` for a range labelled by its prefix alone.
    style: Option<Style>,
    /// `/P`, control characters made spaces.
    prefix: String,
    /// `/St`: the number of the range's first page, at least 1.
    start: u64,
}

/// The label of each of the first `pages` pages of `doc`, in page order, `None` for a page
/// whose label is empty or too long; `None` as a whole when the catalog has no `/PageLabels`
/// or its tree gives no range.
pub(super) fn labels(doc: &Document, pages: usize) -> Option<Vec<Option<String>>> {
    let root = doc.catalog().ok()?.get(b"PageLabels").ok()?;
    let ranges = ranges(doc, root, pages);
    if ranges.is_empty() {
        return None;
    }
    let mut labels = Vec::with_capacity(pages);
    let mut current: Option<(usize, &Range)> = None;
    for page in 0..pages {
        if let Some(range) = ranges.get(&page) {
            current = Some((page, range));
        }
        // Pages before the first range (the standard requires one at page 0) have none.
        labels.push(current.and_then(|(first, range)| label(range, (page - first) as u64)));
    }
    Some(labels)
}

/// Whether `labels` (one per page, in page order) only restate the page index: every page's
/// label, where it has one, is its 1-based index in decimal (`1`, `2`, ...), as some
/// producers write a `/PageLabels` tree for every file. Such labels say nothing of the page
/// as printed, and the folios printed on the pages may (`super::number`).
pub(super) fn restate_index(labels: &[Option<String>]) -> bool {
    labels.iter().enumerate().all(|(i, label)| {
        label
            .as_deref()
            .is_none_or(|l| l.parse::<usize>().ok() == Some(i + 1) && !l.starts_with('0'))
    })
}

/// The ranges of the number tree at `root`, by the index of their first page (below `pages`).
/// The first range given for an index is kept.
fn ranges(doc: &Document, root: &Object, pages: usize) -> BTreeMap<usize, Range> {
    let mut ranges = BTreeMap::new();
    let mut seen = HashSet::new();
    let mut stack = vec![(root, 0)];
    let mut nodes = 0;
    while let Some((node, depth)) = stack.pop() {
        nodes += 1;
        if nodes > MAX_NODES {
            break;
        }
        let Some(node) = dictionary(doc, node, &mut seen) else {
            continue;
        };
        if let Ok(nums) = node.get(b"Nums").and_then(Object::as_array) {
            for pair in nums.chunks_exact(2) {
                let Some(first) = pair[0]
                    .as_i64()
                    .ok()
                    .and_then(|k| usize::try_from(k).ok())
                    .filter(|&k| k < pages)
                else {
                    continue;
                };
                if let Some(range) = range(doc, &pair[1]) {
                    ranges.entry(first).or_insert(range);
                }
            }
        }
        if depth < MAX_DEPTH
            && let Ok(kids) = node.get(b"Kids").and_then(Object::as_array)
        {
            // Pushed last to first, so that they are walked in order.
            stack.extend(kids.iter().rev().map(|kid| (kid, depth + 1)));
        }
    }
    ranges
}

/// The dictionary `object` is or refers to; `None` for anything else, and for an object
/// already walked (`seen`), which would walk a loop again.
fn dictionary<'a>(
    doc: &'a Document,
    object: &'a Object,
    seen: &mut HashSet<ObjectId>,
) -> Option<&'a Dictionary> {
    match object {
        Object::Reference(id) => {
            if !seen.insert(*id) {
                return None;
            }
            doc.get_object(*id).ok()?.as_dict().ok()
        }
        other => other.as_dict().ok(),
    }
}

/// The range a label dictionary (or a reference to one) gives, `None` when it is none.
fn range(doc: &Document, object: &Object) -> Option<Range> {
    let dict = match object {
        Object::Reference(id) => doc.get_object(*id).ok()?.as_dict().ok()?,
        other => other.as_dict().ok()?,
    };
    let style = match dict.get(b"S").and_then(Object::as_name) {
        Ok(b"D") => Some(Style::Decimal),
        Ok(b"R") => Some(Style::Roman { upper: true }),
        Ok(b"r") => Some(Style::Roman { upper: false }),
        Ok(b"A") => Some(Style::Letters { upper: true }),
        Ok(b"a") => Some(Style::Letters { upper: false }),
        _ => None,
    };
    let prefix = dict
        .get(b"P")
        .ok()
        .and_then(|p| lopdf::decode_text_string(p).ok())
        .unwrap_or_default()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let start = dict
        .get(b"St")
        .and_then(Object::as_i64)
        .ok()
        .and_then(|st| u64::try_from(st).ok())
        .filter(|&st| st >= 1)
        .unwrap_or(1);
    Some(Range {
        style,
        prefix,
        start,
    })
}

/// The label of the page `offset` pages after the first of `range`: `None` when it is empty
/// or longer than [`MAX_LABEL`] characters.
fn label(range: &Range, offset: u64) -> Option<String> {
    let n = range.start.saturating_add(offset);
    let mut label = range.prefix.trim().to_owned();
    if let Some(style) = range.style {
        label.push_str(&number(style, n)?);
    }
    Some(label).filter(|l| !l.is_empty() && l.chars().count() <= MAX_LABEL)
}

/// `n` (at least 1) in `style`; `None` when it would be longer than [`MAX_LABEL`].
fn number(style: Style, n: u64) -> Option<String> {
    match style {
        Style::Decimal => Some(n.to_string()),
        Style::Roman { upper } => {
            let roman = roman(n)?;
            Some(if upper {
                roman
            } else {
                roman.to_ascii_lowercase()
            })
        }
        Style::Letters { upper } => {
            // A to Z, then AA to ZZ: the letter of (n - 1) mod 26, (n - 1) / 26 + 1 times.
            let times = usize::try_from((n - 1) / 26 + 1).ok()?;
            if times > MAX_LABEL {
                return None;
            }
            let letter = b'A' + ((n - 1) % 26) as u8;
            let letter = if upper {
                letter
            } else {
                letter.to_ascii_lowercase()
            };
            Some(char::from(letter).to_string().repeat(times))
        }
    }
}

/// `n` in upper-case roman numerals, thousands as that many `M` (as pdf.js and Acrobat write
/// 4000 and above); `None` past [`MAX_LABEL`] characters. The numerals are written here: the
/// crates that write them stop at 3999.
fn roman(n: u64) -> Option<String> {
    const DIGITS: [(u64, &str); 13] = [
        (1000, "M"),
        (900, "CM"),
        (500, "D"),
        (400, "CD"),
        (100, "C"),
        (90, "XC"),
        (50, "L"),
        (40, "XL"),
        (10, "X"),
        (9, "IX"),
        (5, "V"),
        (4, "IV"),
        (1, "I"),
    ];
    if n / 1000 > MAX_LABEL as u64 {
        return None;
    }
    let mut rest = n;
    let mut out = String::new();
    for (value, digits) in DIGITS {
        while rest >= value {
            out.push_str(digits);
            rest -= value;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests;
