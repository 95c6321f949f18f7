//! Word and OpenDocument documents around a text's lines (`mod.rs` says what they hold).

use super::{DECOY, Rng, depth, escaped, zip_of};

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

pub(super) fn word(lines: &[String], rng: &mut Rng) -> Vec<u8> {
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

pub(super) fn opendocument(lines: &[String], rng: &mut Rng) -> Vec<u8> {
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
