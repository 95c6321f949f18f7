//! HTML pages and EPUB books around a text's lines (`mod.rs` says what they hold).

use super::{DECOY, Rng, depth, escaped, zip_of};

/// The body of a page holding `lines`, and whether it nests past the depth limit.
fn html_body(lines: &[String], rng: &mut Rng) -> (String, bool) {
    let mut body = String::new();
    let mut deep = false;
    let mut at = 0;
    while at < lines.len() {
        let text = escaped(&lines[at]);
        let block = match rng.below(9) {
            0..=2 => format!("<p>{text}</p>"),
            3 => format!("<p><span><b>{text}</b></span><script>var x = \"{DECOY}\";</script></p>"),
            4 => {
                let n = rng.within(1, 3).min(lines.len() - at);
                let cells: String = lines[at..at + n]
                    .iter()
                    .map(|l| format!("<td>{}</td>", escaped(l)))
                    .collect();
                at += n - 1;
                format!("<table><tbody><tr>{cells}</tr></tbody></table>")
            }
            5 => format!("<table><caption>{text}</caption><tr><td></td></tr></table>"),
            6 => format!("<pre>{text}</pre>"),
            7 if at + 1 < lines.len() => {
                at += 1;
                format!("<p>{text}<br>{}</p>", escaped(&lines[at]))
            }
            _ => {
                let d = depth(rng);
                // Levels each wrapper adds: a table's row gets its `tbody`.
                let (open, close, levels) = rng.pick(&[
                    &("<div>", "</div>", 1),
                    &("<section>", "</section>", 1),
                    &("<table><tr><td>", "</td></tr></table>", 4),
                ]);
                deep |= d * levels + 4 > 512;
                format!("{}<p>{text}</p>{}", open.repeat(d), close.repeat(d))
            }
        };
        body.push_str(&block);
        at += 1;
    }
    (body, deep)
}

/// A page in one of several encodings, told as a browser tells it.
fn encoded(page: &str, rng: &mut Rng) -> Vec<u8> {
    match rng.below(5) {
        0 => [
            &[0xFF, 0xFE][..],
            &page
                .encode_utf16()
                .flat_map(u16::to_le_bytes)
                .collect::<Vec<_>>(),
        ]
        .concat(),
        1 => [&[0xEF, 0xBB, 0xBF][..], page.as_bytes()].concat(),
        2 => {
            let declared = page.replacen("<head>", "<head><meta charset=\"windows-1252\">", 1);
            match encoding_rs::WINDOWS_1252.encode(&declared) {
                (bytes, _, false) => bytes.into_owned(),
                _ => page.as_bytes().to_vec(),
            }
        }
        _ => page.as_bytes().to_vec(),
    }
}

pub(super) fn html_page(lines: &[String], rng: &mut Rng) -> (Vec<u8>, bool) {
    let (body, deep) = html_body(lines, rng);
    let page = format!(
        "<!DOCTYPE html><html><head><title>{DECOY}</title></head><body>{body}</body></html>"
    );
    (encoded(&page, rng), deep)
}

pub(super) fn book(lines: &[String], rng: &mut Rng) -> (Vec<u8>, bool) {
    let chapters = lines.len().clamp(1, 4);
    let per = lines.len().div_ceil(chapters).max(1);
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    let mut items = String::new();
    let mut spine = String::new();
    let mut deep = false;
    let none = [String::new()];
    let lines = if lines.is_empty() { &none[..] } else { lines };
    for (n, chunk) in lines.chunks(per).enumerate() {
        let (body, d) = html_body(chunk, rng);
        deep |= d;
        // Now and then a prolog past 1 KiB (a licence in a comment).
        let licence = if rng.percent(10) {
            format!("<!-- {} -->", "licence text ".repeat(100))
        } else {
            String::new()
        };
        let page = format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>{licence}<html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>{body}</body></html>"#
        );
        let (path, href) = match rng.below(3) {
            0 => (
                format!("Text/ch {n}.xhtml"),
                format!("../Text/ch%20{n}.xhtml#p"),
            ),
            1 => (format!("OEBPS/ch{n}.xhtml"), format!("./ch{n}.xhtml")),
            _ => (format!("OEBPS/ch{n}.xhtml"), format!("ch{n}.xhtml")),
        };
        let bytes = if rng.percent(20) {
            [
                &[0xFF, 0xFE][..],
                &page
                    .replace("UTF-8", "UTF-16")
                    .encode_utf16()
                    .flat_map(u16::to_le_bytes)
                    .collect::<Vec<_>>(),
            ]
            .concat()
        } else {
            page.into_bytes()
        };
        files.push((path, bytes));
        items.push_str(&format!(
            r#"<item id="c{n}" href="{href}" media-type="application/xhtml+xml"/>"#
        ));
        for _ in 0..if rng.percent(20) {
            rng.within(2, 50)
        } else {
            1
        } {
            spine.push_str(&format!(r#"<itemref idref="c{n}"/>"#));
        }
    }
    let opf = format!(
        r#"<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>{items}</manifest><spine>{spine}<itemref idref="nothing"/></spine></package>"#
    );
    let container = r#"<container><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>"#;
    let mut members: Vec<(&str, &[u8])> = vec![
        ("mimetype", b"application/epub+zip"),
        ("META-INF/container.xml", container.as_bytes()),
        ("OEBPS/content.opf", opf.as_bytes()),
    ];
    for (path, bytes) in &files {
        members.push((path, bytes));
    }
    (zip_of(&members), deep)
}
