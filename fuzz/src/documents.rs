//! Documents around the grammar's texts (docs/reliability.md, "Fuzzing documents"): each line
//! of a text of `grammar.rs` becomes a paragraph, a cell, a text box, a note, a caption or a
//! chapter's line of a Word, OpenDocument, HTML or EPUB document built here, nested in
//! wrappers (content controls, custom XML, sections, `div`s, tables in cells) to a random
//! depth, sometimes far past any stack, split into runs, with tabs, breaks and runs of spaces
//! at its spaces, in one of several encodings, with spines that name chapters again and by
//! `./` and `../`; and around them, text the layout must leave out (deleted text, field
//! instructions, annotations, scripts, Word's fallback copy of a text box).
//!
//! [`check`] reads the document through gbr's input layer and holds it to:
//!
//! - no panic and no problem reported, but the one a page nested past the depth limit gets;
//! - the words of the text read are the words of the lines placed, each once (none lost,
//!   none doubled, nothing left out read), whatever the layout put them in;
//! - every text read holds the scan's properties (`pipeline::scan`).

use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;

use gbrscan::input::{InputPath, OpenOptions, Opened, Text, open};

use super::grammar::{self, Rng};
use super::pipeline;

/// Words the layout must leave out, placed in deleted text, field instructions, scripts.
const DECOY: &str = "DECOYWORD";

/// A document built from the lines of a grammar text.
pub struct Built {
    /// The file's name (its extension tells its kind to a reader of the campaign's files).
    pub name: &'static str,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The words every text read must hold together, sorted.
    pub words: Vec<String>,
    /// True when an HTML page nests past the depth limit (its words are then not checked).
    pub deep: bool,
}

/// The lines of input `index` of `seed`, as a document can hold them: UTF-8 (a byte that is
/// not read as U+FFFD), no control characters but tabs, no empty line.
fn lines(seed: u64, index: u64) -> Vec<String> {
    let text = grammar::input(seed, index);
    String::from_utf8_lossy(&text)
        .split(['\n', '\r', '\x0c'])
        .map(|l| {
            l.chars()
                // XML 1.0 has no control characters but tabs, nor U+FFFE and U+FFFF.
                .map(|c| match c {
                    '\t' => c,
                    '\u{feff}' | '\u{fffd}' | '\u{fffe}' | '\u{ffff}' => ' ',
                    c if c.is_control() => ' ',
                    c => c,
                })
                .collect::<String>()
        })
        .filter(|l| !l.trim().is_empty())
        .collect()
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn words(lines: &[String]) -> Vec<String> {
    let mut words: Vec<String> = lines
        .iter()
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect();
    words.sort();
    words
}

/// How deep to nest: mostly a little, at times thousands of levels.
fn depth(rng: &mut Rng) -> usize {
    match rng.below(100) {
        0 => rng.within(2_000, 20_000),
        1..=10 => rng.within(10, 300),
        _ => rng.below(4),
    }
}

/// Input `index` of `seed` as a document.
pub fn build(seed: u64, index: u64) -> Built {
    let lines = lines(seed, index);
    let mut rng = Rng::new(seed ^ 0x5eed_d0c5, index);
    let words = words(&lines);
    match rng.below(4) {
        0 => Built {
            name: "f.docx",
            bytes: word(&lines, &mut rng),
            words,
            deep: false,
        },
        1 => Built {
            name: "f.odt",
            bytes: opendocument(&lines, &mut rng),
            words,
            deep: false,
        },
        2 => {
            let (bytes, deep) = html_page(&lines, &mut rng);
            Built {
                name: "f.html",
                bytes,
                words,
                deep,
            }
        }
        _ => {
            let (bytes, deep) = book(&lines, &mut rng);
            Built {
                name: "f.epub",
                bytes,
                words,
                deep,
            }
        }
    }
}

fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in members {
        zip.start_file(*name, options).expect("zip member");
        zip.write_all(bytes).expect("zip member");
    }
    zip.finish().expect("zip").into_inner()
}

/// `line` as Word runs: split at random places, some spaces as tabs or breaks.
fn runs(line: &str, rng: &mut Rng) -> String {
    let mut out = String::new();
    let mut piece = String::new();
    for c in line.chars() {
        if c == ' ' && rng.percent(15) {
            out.push_str(&format!(
                r#"<w:r><w:t xml:space="preserve">{}</w:t></w:r>"#,
                escaped(&piece)
            ));
            piece.clear();
            out.push_str(if rng.percent(50) {
                "<w:r><w:tab/></w:r>"
            } else {
                "<w:r><w:br/></w:r>"
            });
            continue;
        }
        piece.push(c);
        if rng.percent(5) {
            out.push_str(&format!(
                r#"<w:r><w:t xml:space="preserve">{}</w:t></w:r>"#,
                escaped(&piece)
            ));
            piece.clear();
        }
    }
    out.push_str(&format!(
        r#"<w:r><w:t xml:space="preserve">{}</w:t></w:r>"#,
        escaped(&piece)
    ));
    if rng.percent(10) {
        out.push_str(&format!(
            "<w:del><w:r><w:delText>{DECOY}</w:delText></w:r></w:del>"
        ));
    }
    if rng.percent(10) {
        let wrap = rng.pick(&["w:smartTag", "w:hyperlink", "w:ins", "w:customXml"]);
        out = format!("<{wrap}>{out}</{wrap}>");
    }
    out
}

fn word(lines: &[String], rng: &mut Rng) -> Vec<u8> {
    let mut body = String::new();
    let mut at = 0;
    while at < lines.len() {
        let para = |line: &str, rng: &mut Rng| {
            format!(
                "<w:p><w:pPr><w:tabs><w:tab w:pos=\"720\"/></w:tabs></w:pPr>{}</w:p>",
                runs(line, rng)
            )
        };
        let block = match rng.below(10) {
            0..=4 => para(&lines[at], rng),
            5 | 6 => {
                // A row of up to three cells, some under a content control.
                let n = rng.within(1, 3).min(lines.len() - at);
                let mut row = String::new();
                for line in &lines[at..at + n] {
                    // A cell's line in a paragraph, or in a text box of the cell's paragraph.
                    let inner = if rng.percent(20) {
                        format!(
                            "<w:p><w:r><w:drawing><w:txbxContent>{}</w:txbxContent></w:drawing></w:r></w:p>",
                            para(line, rng)
                        )
                    } else {
                        para(line, rng)
                    };
                    let cell = format!("<w:tc><w:tcPr/>{inner}</w:tc>");
                    row.push_str(&if rng.percent(20) {
                        format!("<w:sdt><w:sdtPr/><w:sdtContent>{cell}</w:sdtContent></w:sdt>")
                    } else {
                        cell
                    });
                }
                at += n - 1;
                let row = format!("<w:tr>{row}</w:tr>");
                let d = depth(rng);
                let table = format!(
                    "<w:tbl>{}{row}{}</w:tbl>",
                    "<w:sdt><w:sdtContent>".repeat(d),
                    "</w:sdtContent></w:sdt>".repeat(d)
                );
                if rng.percent(20) {
                    let d = depth(rng);
                    format!(
                        "{}{table}{}",
                        "<w:tbl><w:tr><w:tc>".repeat(d),
                        "<w:p/></w:tc></w:tr></w:tbl>".repeat(d)
                    )
                } else {
                    table
                }
            }
            7 => {
                // A text box, with Word's fallback copy (left out).
                let inner = para(&lines[at], rng);
                let decoy = format!("<w:p><w:r><w:t>{DECOY}</w:t></w:r></w:p>");
                format!(
                    "<w:p><w:r><mc:AlternateContent><mc:Choice><w:drawing><w:txbxContent>{inner}</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent>{decoy}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent></w:r></w:p>"
                )
            }
            8 => format!(
                "<w:p><w:r><w:instrText>{DECOY}</w:instrText></w:r></w:p>{}",
                para(&lines[at], rng)
            ),
            _ => {
                let d = depth(rng);
                format!(
                    "{}{}{}",
                    "<w:sdt><w:sdtPr><w:alias w:val=\"x\"/></w:sdtPr><w:sdtContent>".repeat(d),
                    para(&lines[at], rng),
                    "</w:sdtContent></w:sdt>".repeat(d)
                )
            }
        };
        body.push_str(&block);
        at += 1;
    }
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"><w:body>{body}<w:sectPr/></w:body></w:document>"#
    );
    let main = if rng.percent(20) {
        "word/body2.xml"
    } else {
        "word/document.xml"
    };
    let rels = format!(
        r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="{main}"/></Relationships>"#
    );
    zip_of(&[
        ("[Content_Types].xml", b"<Types/>"),
        ("_rels/.rels", rels.as_bytes()),
        (main, xml.as_bytes()),
    ])
}

/// `line` as OpenDocument text: spaces as `text:s`, tabs, line breaks, spans.
fn spans(line: &str, rng: &mut Rng) -> String {
    let mut out = String::new();
    for (i, piece) in line.split(' ').enumerate() {
        if i > 0 {
            out.push_str(match rng.below(10) {
                0 => "<text:s/>",
                1 => r#"<text:s text:c="3"/>"#,
                2 => "<text:tab/>",
                3 => "<text:line-break/>",
                _ => " ",
            });
        }
        if rng.percent(10) {
            out.push_str(&format!("<text:span>{}</text:span>", escaped(piece)));
        } else {
            out.push_str(&escaped(piece));
        }
    }
    if rng.percent(10) {
        out.push_str(&format!(
            "<office:annotation><text:p>{DECOY}</text:p></office:annotation>"
        ));
    }
    out
}

fn opendocument(lines: &[String], rng: &mut Rng) -> Vec<u8> {
    let mut body = String::new();
    let mut at = 0;
    while at < lines.len() {
        let line = &lines[at];
        let p = format!("<text:p>{}</text:p>", spans(line, rng));
        let block = match rng.below(9) {
            // A frame anchored in a paragraph of its own text, holding the next line.
            8 if at + 1 < lines.len() => {
                at += 1;
                let framed = format!("<text:p>{}</text:p>", spans(&lines[at], rng));
                format!(
                    "<text:p>{}<draw:frame><draw:text-box>{framed}</draw:text-box></draw:frame></text:p>",
                    spans(line, rng)
                )
            }
            0..=2 => p,
            3 => format!(
                "<table:table><table:table-row><table:table-cell>{p}</table:table-cell></table:table-row></table:table>"
            ),
            4 => format!(
                "<text:p><text:note><text:note-citation>{DECOY}</text:note-citation><text:note-body>{p}</text:note-body></text:note></text:p>"
            ),
            5 => format!(
                "<text:p><draw:frame><draw:text-box>{p}</draw:text-box></draw:frame></text:p>"
            ),
            6 => format!("<text:h>{}</text:h>", spans(line, rng)),
            _ => {
                let d = depth(rng);
                format!(
                    "{}{p}{}",
                    "<text:section>".repeat(d),
                    "</text:section>".repeat(d)
                )
            }
        };
        body.push_str(&block);
        at += 1;
    }
    let xml = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><office:body><office:text>{body}</office:text></office:body></office:document-content>"#
    );
    zip_of(&[
        ("mimetype", b"application/vnd.oasis.opendocument.text"),
        ("content.xml", xml.as_bytes()),
    ])
}

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

fn html_page(lines: &[String], rng: &mut Rng) -> (Vec<u8>, bool) {
    let (body, deep) = html_body(lines, rng);
    let page = format!(
        "<!DOCTYPE html><html><head><title>{DECOY}</title></head><body>{body}</body></html>"
    );
    (encoded(&page, rng), deep)
}

fn book(lines: &[String], rng: &mut Rng) -> (Vec<u8>, bool) {
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

/// Reads `built`, written at `path`, through gbr's input layer and checks it (module header);
/// panics when a property fails. `chunk_sizes` are the scan's.
pub fn check(built: &Built, path: &Path, chunk_sizes: &[usize]) {
    std::fs::write(path, &built.bytes).expect("write the document");
    let opts = OpenOptions::default();
    let input = InputPath::File(path.to_path_buf());
    let Opened::Source(source) = open(&input, &opts).expect("open") else {
        panic!("{}: read as a plain text", built.name);
    };
    let mut texts: Vec<Vec<u8>> = Vec::new();
    let problems = source.visit(&opts, &mut |member| {
        let mut text = Vec::new();
        match member.text {
            Text::Bytes(bytes) => text.extend_from_slice(bytes),
            Text::Stream(reader) => {
                reader.read_to_end(&mut text)?;
            }
        }
        texts.push(text);
        Ok(ControlFlow::Continue(()))
    });
    for text in &texts {
        pipeline::scan(text, chunk_sizes);
    }
    if built.deep {
        return;
    }
    assert!(
        problems.is_empty(),
        "{}: {:?}",
        built.name,
        problems.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    let mut read: Vec<String> = texts
        .iter()
        .flat_map(|t| {
            String::from_utf8_lossy(t)
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    read.sort();
    if read != built.words {
        let lost: Vec<&String> = built
            .words
            .iter()
            .filter(|w| !read.contains(w))
            .take(5)
            .collect();
        let extra: Vec<&String> = read
            .iter()
            .filter(|w| !built.words.contains(w))
            .take(5)
            .collect();
        panic!(
            "{}: {} words read for {} placed; lost {lost:?}, extra {extra:?}",
            built.name,
            read.len(),
            built.words.len()
        );
    }
}
