//! EPUB books: a zip whose `mimetype` member says `application/epub+zip`, whose XHTML
//! documents are read in the order of its spine (the OPF package that
//! `META-INF/container.xml` names; EPUB 3.3, "Package document").

use std::collections::HashSet;
use std::io::{Read, Seek};

use foldhash::HashMap;

/// True when the zip `archive` is an EPUB: its `mimetype` member says `application/epub+zip`.
pub fn is_epub<R: Read + Seek>(archive: &mut zip::ZipArchive<R>) -> bool {
    let Ok(mut mimetype) = archive.by_name("mimetype") else {
        return false;
    };
    let mut head = [0u8; 32];
    let n = mimetype.read(&mut head).unwrap_or(0);
    head[..n].starts_with(b"application/epub+zip")
}

/// The members of an EPUB's spine, in reading order: the paths in the zip of its XHTML
/// documents, read from `container`, the text of `META-INF/container.xml`, and `package`, a
/// function that reads a member's text (the OPF package it names).
///
/// Each `itemref` is looked up in a map of the manifest made once (time linear in the
/// package); a document the spine names again is read once, where it is first named (a spine
/// naming one chapter 10,000 times made a 4 KB book read as 10.8 GB). An `href` is a URL
/// relative to the package: its `%` escapes are decoded, its `#fragment` dropped, and its
/// `.` and `..` segments resolved within the zip (a `..` above the root is dropped, as a URL
/// resolver drops it).
///
/// # Errors
/// The container or the package is missing or not well-formed XML, or names no spine.
pub fn spine(
    container: &str,
    package: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<Vec<String>, String> {
    let container = roxmltree::Document::parse(container).map_err(|e| e.to_string())?;
    let opf = container
        .descendants()
        .find(|n| n.tag_name().name() == "rootfile")
        .and_then(|n| n.attribute("full-path"))
        .ok_or("META-INF/container.xml names no rootfile")?
        .to_string();
    let text = package(&opf)?;
    let package = roxmltree::Document::parse(&text).map_err(|e| format!("{opf}: {e}"))?;
    let folder = opf.rsplit_once('/').map_or("", |(folder, _)| folder);
    let mut hrefs: HashMap<&str, &str> = HashMap::default();
    for item in package
        .descendants()
        .filter(|n| n.tag_name().name() == "item")
    {
        if let (Some(id), Some(href)) = (item.attribute("id"), item.attribute("href")) {
            hrefs.entry(id).or_insert(href);
        }
    }
    let mut seen = HashSet::new();
    let spine: Vec<String> = package
        .descendants()
        .filter(|n| n.tag_name().name() == "itemref")
        .filter_map(|n| hrefs.get(n.attribute("idref")?))
        .map(|href| resolved(folder, href))
        .filter(|path| seen.insert(path.clone()))
        .collect();
    if spine.is_empty() {
        return Err(format!("{opf}: no spine"));
    }
    Ok(spine)
}

/// The path in the zip of `href`, relative to `folder` (RFC 3986 §5.2's merge and
/// remove_dot_segments, within the zip).
pub(crate) fn resolved(folder: &str, href: &str) -> String {
    let href = href.split_once('#').map_or(href, |(path, _)| path);
    let href = percent_decoded(href);
    let mut segments: Vec<&str> = Vec::new();
    let joined = if href.starts_with('/') {
        href.clone()
    } else {
        format!("{folder}/{href}")
    };
    for segment in joined.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            _ => segments.push(segment),
        }
    }
    segments.join("/")
}

/// `href` with `%20`-style escapes decoded (an EPUB's hrefs are URLs).
fn percent_decoded(href: &str) -> String {
    let bytes = href.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(h), Some(l)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((h * 16 + l) as u8);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spine_of(opf: &str) -> Vec<String> {
        let container = r#"<container><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>"#;
        spine(container, &mut |path| {
            assert_eq!(path, "OEBPS/content.opf");
            Ok(opf.to_string())
        })
        .unwrap()
    }

    #[test]
    fn an_epub_spine_in_order_with_the_package_folder() {
        let opf = r#"<package><manifest><item id="b" href="ch%202.xhtml"/><item id="a" href="ch1.xhtml"/></manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>"#;
        assert_eq!(spine_of(opf), ["OEBPS/ch1.xhtml", "OEBPS/ch 2.xhtml"]);
    }

    #[test]
    fn hrefs_are_resolved_and_a_document_named_again_is_read_once() {
        let opf = r#"<package><manifest><item id="a" href="../Text/ch1.xhtml#start"/><item id="b" href="./ch2.xhtml"/><item id="c" href="../../../etc/x.xhtml"/></manifest>
            <spine><itemref idref="a"/><itemref idref="b"/><itemref idref="a"/><itemref idref="nothing"/><itemref idref="b"/><itemref idref="c"/></spine></package>"#;
        assert_eq!(
            spine_of(opf),
            ["Text/ch1.xhtml", "OEBPS/ch2.xhtml", "etc/x.xhtml"]
        );
    }
}
