//! Word, OpenDocument, HTML and EPUB documents through the real binary (docs/inputs.md,
//! "Documents"): the fixtures `fixtures/documents/book.{docx,odt,html,epub}` (made by `make.py`
//! with python-docx and odfpy: studies as paragraphs, the directory as tables under headings),
//! an archive of them, a broken part, and the kinds refused with how to convert them.

use std::fs;

use crate::support::archives::{put, zip};
use crate::support::gbr::{gbr, streams};

const DOCX: &str = "fixtures/documents/book.docx";
const ODT: &str = "fixtures/documents/book.odt";
const HTML: &str = "fixtures/documents/book.html";
const EPUB: &str = "fixtures/documents/book.epub";

/// (member, line, code, kings, stipulation, label) of each record of `gbr scan --json ARGS`.
fn records(args: &[&str]) -> Vec<(String, u64, String, String, String, String)> {
    let (out, err, code) = streams(gbr().args(["scan", "--json"]).args(args).output().unwrap());
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "match")
        .map(|v| {
            let d = &v["data"];
            let text = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            let path = d["path"].as_str().unwrap().to_string();
            let member = path.rsplit("!/").next().unwrap().to_string();
            (
                member,
                d["line"].as_u64().unwrap(),
                text("code"),
                text("kings"),
                text("stipulation"),
                text("label"),
            )
        })
        .collect()
}

#[test]
fn a_word_and_an_opendocument_book_give_their_studies_and_their_directory_tables() {
    for (document, part, first_line) in [
        (DOCX, "word/document.xml", 5),
        (ODT, "content.xml", 6),
        (HTML, "fixtures/documents/book.html", 5),
    ] {
        let found = records(&[document]);
        let rows: Vec<(&str, &str, &str, &str)> = found
            .iter()
            .map(|(_, _, code, kings, stipulation, label)| {
                (
                    code.as_str(),
                    kings.as_str(),
                    stipulation.as_str(),
                    label.as_str(),
                )
            })
            .collect();
        assert_eq!(
            rows,
            [
                // The studies: the sign on its own line above, the label `- 1 -`.
                ("0000.10", "c3b1", "+", "1"),
                ("0116.00", "a7d3", "=", "2"),
                // The directory: a table row a line, the group from the heading above the
                // table, the number from the third cell.
                ("0000.10", "c3b1", "+", "1"),
                ("0310.01", "d6a8", "+", "3"),
                ("0116.00", "a7d3", "=", "2"),
                ("0002.01", "h4b1", "=", "4"),
            ],
            "{document}"
        );
        assert!(found.iter().all(|r| r.0 == part), "{found:?}");
        assert_eq!(
            found[0].1, first_line,
            "{document}: lines count gbr's lines"
        );
    }
}

#[test]
fn gbr_text_shows_the_lines_gbr_made() {
    let (out, _, code) = streams(gbr().args(["text", DOCX, ODT]).output().unwrap());
    assert_eq!(code, 0);
    assert!(
        out.starts_with("==> fixtures/documents/book.docx!/word/document.xml <==\n"),
        "{out}"
    );
    assert!(
        out.contains("\nWinststudies (+):\n0000.10\tc3b1\t1\n0310.01\td6a8\t3\n"),
        "{out}"
    );
    // A tab and a line break inside the caption's paragraph, kept.
    assert!(out.contains("\nc3b1\t0000.10\n.e2 2/1\n"), "{out}");
    // OpenDocument: two spaces (`text:s`), and a footnote's text after its paragraph.
    assert!(out.contains("\nc3b1  0000.10\n"), "{out}");
    assert!(
        out.contains("Tijdschrift 2001\nA note on the source, read after its paragraph.\n"),
        "{out}"
    );
}

#[test]
fn documents_in_an_archive_are_read_as_documents() {
    let dir = tempfile::tempdir().unwrap();
    let docx = fs::read(DOCX).unwrap();
    let odt = fs::read(ODT).unwrap();
    put(
        dir.path(),
        "books.zip",
        &zip(&[("a/book.docx", &docx), ("b/book.odt", &odt)]),
    );
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["scan", "books.zip"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 12, "{out}");
    assert!(
        out.starts_with("books.zip!/a/book.docx!/word/document.xml:5:1: c3b1 0000.10"),
        "{out}"
    );
    assert!(
        out.contains("books.zip!/b/book.odt!/content.xml:21:1: h4b1 0002.01 ="),
        "{out}"
    );
}

#[test]
fn a_broken_part_is_an_error_for_that_part_and_other_kinds_say_how_to_convert() {
    let dir = tempfile::tempdir().unwrap();
    let body = "<w:document xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\"><w:body><w:p><w:r><w:t>c3b1 0000.10 .e2 2/1+.</w:t></w:r></w:p></w:body></w:document>";
    let notes = "<w:footnotes><w:footnote>";
    let broken = zip(&[
        ("word/document.xml", body.as_bytes()),
        ("word/footnotes.xml", notes.as_bytes()),
    ]);
    put(dir.path(), "broken.docx", &broken);
    put(
        dir.path(),
        "old.rtf",
        b"{\\rtf1\\ansi c3b1 0000.10 .e2 2/1+.}",
    );
    put(
        dir.path(),
        "old.doc",
        b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00",
    );
    put(
        dir.path(),
        "sheet.xls",
        b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00",
    );
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["scan", "broken.docx", "old.rtf", "old.doc", "sheet.xls"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 2);
    assert_eq!(
        out,
        "broken.docx!/word/document.xml:1:1: c3b1 0000.10 .e2 2/1+. ok [full]\n"
    );
    assert!(
        err.contains(
            "gbr: broken.docx!/word/footnotes.xml: cannot read the Word document's part: "
        ),
        "{err}"
    );
    for refused in [
        "old.rtf: an RTF document",
        "old.doc: a Word 97-2003 document",
    ] {
        assert!(err.contains(refused), "{err}");
        assert!(
            err.contains("soffice --headless --convert-to docx FILE"),
            "{err}"
        );
    }
    // Any other OLE file (a spreadsheet) is a binary file, skipped as before.
    assert!(err.contains("1 binary file skipped"), "{err}");
}

#[test]
fn an_epub_is_read_chapter_by_chapter_in_the_order_of_its_spine() {
    // The zip lists the directory's chapter first; the spine puts the studies first.
    let found = records(&[EPUB]);
    let members: Vec<&str> = found.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(
        members,
        [
            "OEBPS/text/studies.xhtml",
            "OEBPS/text/studies.xhtml",
            "OEBPS/text/directory.xhtml",
            "OEBPS/text/directory.xhtml",
            "OEBPS/text/directory.xhtml",
            "OEBPS/text/directory.xhtml",
        ]
    );
    let groups: Vec<&str> = found.iter().map(|r| r.4.as_str()).collect();
    assert_eq!(groups, ["+", "=", "+", "+", "=", "="]);
}

#[test]
fn html_as_a_browser_shows_it_scripts_entities_and_encodings() {
    let dir = tempfile::tempdir().unwrap();
    // Latin-1 bytes, an entity for the sign, a script holding a code, a table row.
    let page = b"<!DOCTYPE html><html><head><script>var x = '0323.12';</script></head><body>\
<p>R\xE9ti, Schachmatny Listok 1925</p><p>&#43;</p><p>h8a6 0000.11 .c6h5 2/2</p>\
<table><tr><td>0310.01</td><td>d6a8</td></tr></table></body></html>";
    put(dir.path(), "page.htm", page);
    let (text, _, code) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["text", "page.htm"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0);
    assert_eq!(
        text,
        "==> page.htm <==\nR\u{e9}ti, Schachmatny Listok 1925\n+\nh8a6 0000.11 .c6h5 2/2\n0310.01\td6a8\n"
    );
    let found = records(&[dir.path().join("page.htm").to_str().unwrap()]);
    let codes: Vec<(&str, &str, &str)> = found
        .iter()
        .map(|r| (r.2.as_str(), r.4.as_str(), r.5.as_str()))
        .collect();
    assert_eq!(
        codes,
        [
            ("0000.11", "+", "R\u{e9}ti, Schachmatny Listok 1925"),
            ("0310.01", "", "")
        ]
    );
}

/// Writes the text file `argv[1]` as a Word document, an OpenDocument text, an HTML page and an
/// EPUB, `argv[2]` with the extensions `.docx`, `.odt`, `.html`, `.epub`: a paragraph a line
/// (python-docx and odfpy, through the `python3` first on the PATH).
const TEXT_TO_DOCUMENTS: &str = r#"
import html, sys, zipfile
from docx import Document
from odf.opendocument import OpenDocumentText
from odf.text import P
with open(sys.argv[1], encoding="utf-8") as f:
    lines = [l.rstrip("\r") for l in f.read().split("\n")]
out = sys.argv[2]
doc = Document()
for line in lines:
    doc.add_paragraph(line)
doc.save(out + ".docx")
odt = OpenDocumentText()
for line in lines:
    odt.text.addElement(P(text=line))
odt.save(out + ".odt")
page = "<!DOCTYPE html><html><body>" + "".join("<p>%s</p>" % html.escape(l) for l in lines) + "</body></html>"
with open(out + ".html", "w", encoding="utf-8") as f:
    f.write(page)
with zipfile.ZipFile(out + ".epub", "w") as z:
    z.writestr("mimetype", "application/epub+zip", compress_type=zipfile.ZIP_STORED)
    z.writestr("META-INF/container.xml", '<container><rootfiles><rootfile full-path="book.opf"/></rootfiles></container>')
    z.writestr("book.opf", '<package><manifest><item id="c" href="c.xhtml"/></manifest><spine><itemref idref="c"/></spine></package>')
    z.writestr("c.xhtml", page)
"#;

/// Run by `.ci/run` (`cargo test -- --ignored`) with python-docx and odfpy in its virtual
/// environment; without the corpus it says so and passes, without them it fails.
#[test]
#[ignore = "needs ../shared/corpus, python-docx and odfpy"]
fn the_shared_corpus_as_documents_gives_the_records_of_its_text() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let Ok(entries) = fs::read_dir(&corpus) else {
        println!("skipped: ../shared/corpus not found");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut texts: Vec<_> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    texts.sort();
    assert!(!texts.is_empty(), "no text in ../shared/corpus");
    type Row = (u64, String, String, String, String);
    let rows = |path: &std::path::Path| -> Vec<Row> {
        records(&[path.to_str().unwrap()])
            .into_iter()
            .map(|(_, line, code, kings, stipulation, label)| {
                (line, code, kings, stipulation, label)
            })
            .collect()
    };
    for text in texts {
        let name = text.file_stem().unwrap().to_str().unwrap().to_string();
        let base = dir.path().join(&name);
        let made = std::process::Command::new("python3")
            .args(["-c", TEXT_TO_DOCUMENTS])
            .arg(&text)
            .arg(&base)
            .output()
            .expect("python3 (.ci/run puts its virtual environment first on the PATH)");
        assert!(
            made.status.success(),
            "python-docx and odfpy (pip install python-docx odfpy): {}",
            String::from_utf8_lossy(&made.stderr)
        );
        let plain = rows(&text);
        assert!(!plain.is_empty(), "{name}");
        // Word and OpenDocument keep every paragraph a line, empty ones too: the same lines.
        for extension in ["docx", "odt"] {
            let document = rows(&base.with_extension(extension));
            assert_eq!(document, plain, "{name}.{extension} against its text");
        }
        // A browser shows no empty paragraph: the same records but for their line numbers.
        let unnumbered = |rows: Vec<Row>| {
            rows.into_iter()
                .map(|r| (r.1, r.2, r.3, r.4))
                .collect::<Vec<_>>()
        };
        for extension in ["html", "epub"] {
            let page = unnumbered(rows(&base.with_extension(extension)));
            assert_eq!(
                page,
                unnumbered(plain.clone()),
                "{name}.{extension} against its text"
            );
        }
    }
}
