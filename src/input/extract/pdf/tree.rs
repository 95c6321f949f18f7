//! The shape of a PDF checked before pdf-extract walks it: its page tree (a loop in `/Kids` or
//! `/Parent` makes pdf-extract recurse until the stack overflows, which aborts the process) and
//! its form XObjects (a form that draws itself does the same; forms that each draw the next ten
//! times take time exponential in their depth).

use std::collections::{HashMap, HashSet};

use lopdf::{Dictionary, Document, Object, ObjectId};

/// How deep the page tree may nest: lopdf's own limit (`PageTreeIter::PAGE_TREE_DEPTH_LIMIT`).
const MAX_TREE_DEPTH: usize = 256;

/// How deep forms may be drawn inside one another: real PDFs nest a few.
const MAX_FORM_DEPTH: usize = 64;

/// Bytes of content one page may make pdf-extract read, its forms drawn as many times as it
/// draws them: 64 MiB, a thousand times a dense page of text, read in about a minute.
pub(crate) const MAX_PAGE_CONTENT: u64 = 64 << 20;

/// The page tree's leaves in order, as lopdf's `Document::get_pages` lists them (`/Type /Page`
/// leaves under `/Type /Pages` nodes, depth first), or why the tree cannot be walked.
///
/// # Errors
///
/// A message when a `/Kids` array leads back to a node on the path to it (lopdf would list the
/// same pages again and again), when the tree nests more than 256 deep, or when it has more
/// leaves and nodes than the file has objects (a node listed many times over).
pub(crate) fn page_ids(doc: &Document) -> Result<Vec<ObjectId>, String> {
    let Ok(root) = doc
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
    else {
        return Ok(Vec::new());
    };
    let mut pages = Vec::new();
    let mut path = vec![root];
    let mut visits = 0usize;
    walk(doc, root, &mut path, &mut visits, &mut pages)?;
    Ok(pages)
}

fn walk(
    doc: &Document,
    node: ObjectId,
    path: &mut Vec<ObjectId>,
    visits: &mut usize,
    pages: &mut Vec<ObjectId>,
) -> Result<(), String> {
    let Ok(kids) = doc
        .get_dictionary(node)
        .and_then(|n| n.get_deref(b"Kids", doc))
        .and_then(Object::as_array)
    else {
        return Ok(());
    };
    for kid in kids {
        let Ok(id) = kid.as_reference() else {
            continue;
        };
        *visits += 1;
        if *visits > doc.objects.len() {
            return Err(format!(
                "the page tree lists more pages and nodes than the file's {} objects",
                doc.objects.len()
            ));
        }
        match doc.get_dictionary(id).and_then(Dictionary::get_type) {
            Ok(b"Page") => pages.push(id),
            Ok(b"Pages") => {
                if path.contains(&id) {
                    return Err(format!(
                        "the page tree loops: object {} is listed among its own kids",
                        id.0
                    ));
                }
                if path.len() >= MAX_TREE_DEPTH {
                    return Err(format!("the page tree nests deeper than {MAX_TREE_DEPTH}"));
                }
                path.push(id);
                walk(doc, id, path, visits, pages)?;
                path.pop();
            }
            _ => {}
        }
    }
    Ok(())
}

/// Checks one page before pdf-extract reads it: its `/Parent` chain ends, and its form
/// XObjects neither draw themselves nor add up to more than [`MAX_PAGE_CONTENT`] bytes.
///
/// # Errors
///
/// The message for that page.
pub(crate) fn check_page(doc: &Document, page: ObjectId) -> Result<(), String> {
    let dict = doc.get_dictionary(page).map_err(|e| e.to_string())?;
    // pdf-extract looks `/Resources` and `/MediaBox` up the `/Parent` chain with no end.
    let mut seen = HashSet::from([page]);
    let mut node = dict;
    while let Ok(parent) = node.get(b"Parent").and_then(Object::as_reference) {
        if !seen.insert(parent) {
            return Err(format!(
                "the page tree loops: object {} is its own ancestor",
                parent.0
            ));
        }
        match doc.get_dictionary(parent) {
            Ok(next) => node = next,
            Err(_) => break,
        }
    }
    let resources = inherited_resources(doc, dict);
    let mut content = Vec::new();
    for id in doc.get_page_contents(page) {
        if let Ok(stream) = doc.get_object(id).and_then(Object::as_stream) {
            content.push(&stream.content[..]);
        }
    }
    let mut forms = Forms {
        doc,
        cost: HashMap::new(),
        path: Vec::new(),
    };
    let mut total = 0u64;
    for part in content {
        total = total.saturating_add(forms.cost_of(part, resources)?);
    }
    if total > MAX_PAGE_CONTENT {
        return Err(format!(
            "its content, with the forms (XObjects) it draws as often as it draws them, is more \
             than {MAX_PAGE_CONTENT} bytes"
        ));
    }
    Ok(())
}

/// pdf-extract's `get_inherited(doc, page, b"Resources")`.
fn inherited_resources<'a>(doc: &'a Document, mut node: &'a Dictionary) -> Option<&'a Dictionary> {
    for _ in 0..=MAX_TREE_DEPTH {
        if let Some(found) = deref_dict(doc, node.get(b"Resources").ok()) {
            return Some(found);
        }
        node = doc
            .get_dictionary(node.get(b"Parent").and_then(Object::as_reference).ok()?)
            .ok()?;
    }
    None
}

fn deref_dict<'a>(doc: &'a Document, object: Option<&'a Object>) -> Option<&'a Dictionary> {
    doc.dereference(object?).ok()?.1.as_dict().ok()
}

/// The cost of drawing content: its bytes and those of every XObject it draws with `Do`, as
/// pdf-extract draws them (an XObject without `/Resources` uses the resources it is drawn
/// with).
struct Forms<'a> {
    doc: &'a Document,
    /// Known costs, by XObject and the resources it is drawn with.
    cost: HashMap<(ObjectId, usize), u64>,
    /// The XObjects being drawn, outermost first.
    path: Vec<(ObjectId, usize)>,
}

impl<'a> Forms<'a> {
    fn cost_of(
        &mut self,
        content: &[u8],
        resources: Option<&'a Dictionary>,
    ) -> Result<u64, String> {
        let mut total = content.len() as u64;
        let Some(xobjects) = resources.and_then(|r| deref_dict(self.doc, r.get(b"XObject").ok()))
        else {
            return Ok(total);
        };
        for name in drawn(content) {
            let Some(object) = xobjects.get(&name).ok() else {
                continue;
            };
            let Ok((Some(id), Object::Stream(form))) = self.doc.dereference(object) else {
                continue;
            };
            let own = deref_dict(self.doc, form.dict.get(b"Resources").ok());
            let used = own.or(resources);
            let key = (id, used.map_or(0, |r| r as *const Dictionary as usize));
            let cost = match self.cost.get(&key) {
                Some(cost) => *cost,
                None => {
                    if self.path.contains(&key) {
                        return Err(format!(
                            "its form XObject {} draws itself (through {} form(s))",
                            id.0,
                            self.path.len()
                        ));
                    }
                    if self.path.len() >= MAX_FORM_DEPTH {
                        return Err(format!(
                            "its form XObjects nest deeper than {MAX_FORM_DEPTH}"
                        ));
                    }
                    self.path.push(key);
                    let cost = self.cost_of(&form.content, used)?;
                    self.path.pop();
                    self.cost.insert(key, cost);
                    cost
                }
            };
            total = total.saturating_add(cost);
            if total > MAX_PAGE_CONTENT {
                return Ok(total);
            }
        }
        Ok(total)
    }
}

/// The names content draws: each `/Name` followed by the `Do` operator. A name's `#xx` escapes
/// are decoded, as lopdf's content parser does. A `Do` inside a string is taken too: the check
/// may see more drawing than there is, never less.
fn drawn(content: &[u8]) -> Vec<Vec<u8>> {
    let delimiter = |b: u8| b.is_ascii_whitespace() || b"()<>[]{}/%".contains(&b) || b == 0;
    let mut names = Vec::new();
    for at in memchr::memmem::find_iter(content, b"Do") {
        let before_ok = at > 0 && delimiter(content[at - 1]);
        let after_ok = content.get(at + 2).is_none_or(|&b| delimiter(b));
        if !before_ok || !after_ok {
            continue;
        }
        let mut end = at;
        while end > 0 && (content[end - 1].is_ascii_whitespace() || content[end - 1] == 0) {
            end -= 1;
        }
        let mut start = end;
        while start > 0 && !delimiter(content[start - 1]) {
            start -= 1;
        }
        if start == 0 || content[start - 1] != b'/' {
            continue;
        }
        names.push(unescape(&content[start..end]));
    }
    names
}

fn unescape(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len());
    let mut i = 0;
    while i < name.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if name[i] == b'#'
            && let (Some(hi), Some(lo)) = (
                name.get(i + 1).and_then(|&b| hex(b)),
                name.get(i + 2).and_then(|&b| hex(b)),
            )
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
            continue;
        }
        out.push(name[i]);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_names_are_those_before_do() {
        let content = b"q 1 0 0 1 0 0 cm /Fm1 Do Q /Im#20a\nDo /X Dont (/Y Do)";
        let names = drawn(content);
        assert_eq!(names, [b"Fm1".to_vec(), b"Im a".to_vec(), b"Y".to_vec()]);
    }
}
