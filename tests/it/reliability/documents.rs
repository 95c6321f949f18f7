//! Hostile and unusual Word, OpenDocument, HTML and EPUB documents, each built here
//! (docs/reliability.md, "Hostile documents"): nesting that once overflowed the stack, parts
//! that once took gigabytes, spines and rows that once cost quadratic time, links out of a
//! folder, and valid layouts whose codes were lost.

use std::fs;
use std::path::Path;
use std::time::Duration;

use super::inputs::{cpu_of, run_capped, run_in};
use crate::support::archives::{put, zip};
use crate::support::gbr::{gbr, streams};

const CODE: &str = "a7d3 0116.00 b2b3c6d6 3/3+.";
const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

fn wp(text: &str) -> String {
    format!(r#"<w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r></w:p>"#)
}

/// A Word document whose body is `body`.
fn docx(body: &str) -> Vec<u8> {
    let xml = format!(r#"<w:document xmlns:w="{W}"><w:body>{body}</w:body></w:document>"#);
    zip(&[("word/document.xml", xml.as_bytes())])
}

/// An OpenDocument text whose `office:text` is `body`.
fn odt(body: &str) -> Vec<u8> {
    let xml = format!(
        r#"<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"><office:body><office:text>{body}</office:text></office:body></office:document-content>"#
    );
    zip(&[
        ("mimetype", b"application/vnd.oasis.opendocument.text"),
        ("content.xml", xml.as_bytes()),
    ])
}

fn xhtml(body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>t</title></head><body>{body}</body></html>"#
    )
}

/// An EPUB of `files` whose package (`OEBPS/content.opf`) lists `items` (id, href) and the
/// spine `spine` (idrefs).
fn epub(files: &[(&str, &[u8])], items: &[(String, String)], spine: &[String]) -> Vec<u8> {
    let manifest: String = items
        .iter()
        .map(|(id, href)| {
            format!(r#"<item id="{id}" href="{href}" media-type="application/xhtml+xml"/>"#)
        })
        .collect();
    let refs: String = spine
        .iter()
        .map(|id| format!(r#"<itemref idref="{id}"/>"#))
        .collect();
    let opf = format!(
        r#"<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>{manifest}</manifest><spine>{refs}</spine></package>"#
    );
    let container = r#"<container><rootfiles><rootfile full-path="OEBPS/content.opf"/></rootfiles></container>"#;
    let mut members: Vec<(&str, &[u8])> = vec![
        ("mimetype", b"application/epub+zip"),
        ("META-INF/container.xml", container.as_bytes()),
        ("OEBPS/content.opf", opf.as_bytes()),
    ];
    members.extend_from_slice(files);
    zip(&members)
}

fn nested(open: &str, inner: &str, close: &str, depth: usize) -> String {
    [open.repeat(depth), inner.to_string(), close.repeat(depth)].concat()
}

#[test]
fn documents_nested_past_any_stack_never_kill_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    put(d, "good.txt", b"c3b1 0000.10 .e2 2/1+.\n");
    let sdt = nested(
        "<w:sdt><w:sdtContent>",
        &wp(CODE),
        "</w:sdtContent></w:sdt>",
        20_000,
    );
    let tables = nested(
        "<w:tbl><w:tr><w:tc>",
        &wp(CODE),
        "</w:tc></w:tr></w:tbl>",
        20_000,
    );
    put(d, "sdt.docx", &docx(&sdt));
    put(d, "tables.docx", &docx(&tables));
    let sections = nested(
        "<text:section>",
        &format!("<text:p>{CODE}</text:p>"),
        "</text:section>",
        50_000,
    );
    put(d, "sections.odt", &odt(&sections));
    let page = |open, close| {
        format!(
            "<!DOCTYPE html><html><body>{}",
            nested(open, CODE, close, 20_000)
        )
    };
    put(d, "divs.html", page("<div>", "</div>").as_bytes());
    put(
        d,
        "tables.html",
        page("<table><tr><td>", "</td></tr></table>").as_bytes(),
    );
    let files = [
        "sdt.docx",
        "tables.docx",
        "good.txt",
        "sections.odt",
        "divs.html",
        "tables.html",
    ];
    for command in ["scan", "text"] {
        let args = [&[command, "-j2"][..], &files].concat();
        let (out, err, code) = run_in(d, &args, Duration::from_secs(60));
        assert_eq!(code, 2, "{command}: {err}");
        for name in ["sdt.docx", "tables.docx", "sections.odt"] {
            assert!(
                out.contains(name) && out.contains(CODE),
                "{command} {name}: {out}"
            );
        }
        assert!(out.contains("c3b1 0000.10"), "{command}: {out}");
        for page in ["divs.html", "tables.html"] {
            let said = format!(
                "gbr: {page}: cannot read the HTML document's part: its elements nest deeper than 512"
            );
            assert!(err.contains(&said), "{command}: {err}");
        }
    }
}

#[cfg(unix)]
#[test]
fn parts_pages_and_runs_of_spaces_stay_within_their_budget() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // 700,000 runs of 1,024 spaces (38 KB of .odt): 700 MiB of spaces before the bound.
    let spaces = format!(
        "<text:p>{}{CODE}</text:p>",
        r#"<text:s text:c="1024"/>"#.repeat(700_000)
    );
    put(d, "spaces.odt", &odt(&spaces));
    // A part of 40 MiB of zeros (a zip bomb past 32 MiB), a page of 40 MiB.
    let zeros = vec![0u8; 40 << 20];
    put(d, "bomb.docx", &zip(&[("word/document.xml", &zeros)]));
    let mut page = b"<!DOCTYPE html><html><body>".to_vec();
    page.extend(b"<p>lorem ipsum</p>\n".repeat((40 << 20) / 19));
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, &page).unwrap();
    put(d, "big.html.gz", &gz.finish().unwrap());
    put(d, "good.txt", b"c3b1 0000.10 .e2 2/1+.\n");
    let files = ["scan", "spaces.odt", "bomb.docx", "big.html.gz", "good.txt"];
    let (out, err, code) = run_capped(d, &files, 1 << 30, Duration::from_secs(120));
    assert_eq!(code, 2, "{err}");
    assert!(
        out.contains("spaces.odt!/content.xml:1:") && out.contains(CODE),
        "{out}"
    );
    assert!(out.contains("good.txt:1:1: c3b1 0000.10"), "{out}");
    for name in ["bomb.docx!/word/document.xml", "big.html.gz"] {
        let said = format!("gbr: {name}: cannot read the");
        let line = err
            .lines()
            .find(|l| l.starts_with(&said))
            .unwrap_or_else(|| panic!("{err}"));
        assert!(line.contains("more than 33554432 bytes (32 MiB)"), "{line}");
    }
}

/// The CPU seconds of `gbr scan FILE` on the file `make(n)` makes, for `n` and `4 n`.
#[cfg(unix)]
fn cpu_at(dir: &Path, n: usize, make: impl Fn(usize) -> Vec<u8>) -> (f64, f64) {
    let mut cpu = Vec::new();
    for n in [n, 4 * n] {
        let name = format!("f{n}");
        put(dir, &name, &make(n));
        let (out, used) = cpu_of(dir, &["scan", &name]);
        assert!(out.contains("0116.00") || out.contains("0002.01"), "{out}");
        cpu.push(used);
    }
    (cpu[0], cpu[1])
}

#[cfg(unix)]
#[test]
fn spines_and_rows_under_wrappers_cost_time_linear_in_their_size() {
    let dir = tempfile::tempdir().unwrap();
    let chapter = xhtml(&format!("<p>{CODE}</p>"));
    // n itemrefs that name no item, then the one that does: items × itemrefs before.
    let spine = |n: usize| {
        let mut items: Vec<(String, String)> = (0..n)
            .map(|i| (format!("i{i}"), format!("c{i}.xhtml")))
            .collect();
        items.push(("last".into(), "ch1.xhtml".into()));
        let mut refs: Vec<String> = (0..n).map(|i| format!("x{i}")).collect();
        refs.push("last".into());
        epub(&[("OEBPS/ch1.xhtml", chapter.as_bytes())], &items, &refs)
    };
    // n rows under n content controls: rows × wrappers before.
    let rows = |n: usize| {
        let row = format!(
            "<w:tr><w:tc>{}</w:tc><w:tc>{}</w:tc></w:tr>",
            wp("0002.01"),
            wp("h4f1")
        );
        docx(&format!(
            "{}<w:tbl>{}</w:tbl>",
            wp("Winststudies (+):"),
            nested(
                "<w:sdt><w:sdtContent>",
                &row.repeat(n),
                "</w:sdtContent></w:sdt>",
                n
            )
        ))
    };
    for (what, (small, large)) in [
        ("spine", cpu_at(dir.path(), 5_000, spine)),
        ("rows", cpu_at(dir.path(), 5_000, rows)),
    ] {
        // Linear: 4x the size, about 4x the time (quadratic would be 16x).
        assert!(
            large < 8.0 * small.max(0.05),
            "{what}: {small:.2} s, then {large:.2} s at 4x"
        );
    }
    // A spine that names its one chapter 1,000 times: read once.
    let refs = vec!["c1".to_string(); 1_000];
    let book = epub(
        &[("OEBPS/ch1.xhtml", chapter.as_bytes())],
        &[("c1".into(), "ch1.xhtml".into())],
        &refs,
    );
    put(dir.path(), "again.epub", &book);
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["scan", "again.epub"])
            .output()
            .unwrap(),
    );
    assert_eq!(
        (out.as_str(), code),
        (
            format!("again.epub!/OEBPS/ch1.xhtml:1:1: {CODE} ok [full]\n").as_str(),
            0
        ),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn links_inside_a_folder_are_not_followed_nor_written_through() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let wrong = "a7d3 0116.00 b2b3c6d6 3/4+.\n";
    put(d, "outside.txt", wrong.as_bytes());
    put(d, "tree/a.txt", wrong.as_bytes());
    symlink("../outside.txt", d.join("tree/link.txt")).unwrap();
    symlink("/proc/self/environ", d.join("tree/env.txt")).unwrap();
    let (out, err, _) = run_in(d, &["check", "--write", "tree"], Duration::from_secs(60));
    assert_eq!(out, "tree/a.txt: 1 fixes applied\n", "{err}");
    assert_eq!(fs::read_to_string(d.join("outside.txt")).unwrap(), wrong);
    assert!(
        err.contains("gbr: tree/link.txt: symbolic link, not followed (-L follows links)"),
        "{err}"
    );
    let (out, _, _) = run_in(d, &["text", "tree"], Duration::from_secs(60));
    assert!(
        !out.contains("env.txt") && !out.contains("outside"),
        "{out}"
    );
    // Asked: -L follows them; a link given by name is written through.
    let (out, _, _) = run_in(d, &["text", "-L", "tree"], Duration::from_secs(60));
    assert!(out.contains("==> tree/link.txt <=="), "{out}");
    let (out, err, _) = run_in(
        d,
        &["check", "--write", "tree/link.txt"],
        Duration::from_secs(60),
    );
    assert_eq!(out, "tree/link.txt: 1 fixes applied\n", "{err}");
    assert!(
        fs::read_to_string(d.join("outside.txt"))
            .unwrap()
            .contains("3/3+.")
    );
    assert!(
        fs::symlink_metadata(d.join("tree/link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

/// `gbr text FILE`'s lines in `dir`, the header left out.
fn text_of(dir: &Path, name: &str) -> String {
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir)
            .args(["text", name])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{name}: {err}");
    out.lines()
        .filter(|l| !l.starts_with("==> "))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn valid_layouts_keep_their_codes_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A text box in a cell: after its row, before what follows the table.
    let boxed = format!(
        "<w:r><w:drawing><w:txbxContent>{}</w:txbxContent></w:drawing></w:r>",
        wp(CODE)
    );
    let table = format!(
        "<w:tbl><w:tr><w:tc><w:p><w:r><w:t>cell</w:t></w:r>{boxed}</w:p></w:tc></w:tr></w:tbl>"
    );
    put(
        d,
        "box.docx",
        &docx(&format!("{}{table}{}", wp("before"), wp("after"))),
    );
    put(
        d,
        "box-last.docx",
        &docx(&format!("{}{table}", wp("before"))),
    );
    // A note in a cell, a text frame in a paragraph.
    put(
        d,
        "note.odt",
        &odt(&format!(
            "<table:table><table:table-row><table:table-cell><text:p>cell<text:note><text:note-body><text:p>{CODE}</text:p></text:note-body></text:note></text:p></table:table-cell></table:table-row></table:table>"
        )),
    );
    put(
        d,
        "frame.odt",
        &odt(
            "<text:p>Composer 2001<draw:frame><draw:text-box><text:p>a7d3 0116.00</text:p><text:p>b2b3c6d6 3/3+.</text:p></draw:text-box></draw:frame></text:p>",
        ),
    );
    // Cells under a content control and under custom XML.
    let cell = |t: &str| format!("<w:tc>{}</w:tc>", wp(t));
    put(
        d,
        "sdt.docx",
        &docx(&format!(
            "<w:tbl><w:tr>{}<w:sdt><w:sdtPr/><w:sdtContent>{}</w:sdtContent></w:sdt>{}</w:tr></w:tbl>",
            cell("0002.01"),
            cell("h4f1"),
            cell("7")
        )),
    );
    put(
        d,
        "custom.docx",
        &docx(&format!(
            r#"<w:tbl><w:tr><w:customXml w:element="x">{}{}</w:customXml></w:tr></w:tbl>"#,
            cell("0002.01"),
            cell("h4f1")
        )),
    );
    // A caption, a main part named by _rels/.rels, a long XHTML prolog.
    put(
        d,
        "caption.html",
        format!(
            "<!DOCTYPE html><table><caption>No 7: {CODE}</caption><tr><td>diagram</td></tr></table>"
        )
        .as_bytes(),
    );
    let rels = r#"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="/word/body.xml"/></Relationships>"#;
    let body = format!(
        r#"<w:document xmlns:w="{W}"><w:body><w:p><w:r><w:t>a7d3 01</w:t></w:r><w:r><w:t>16.00 b2b3c6d6 3/3+.</w:t></w:r></w:p></w:body></w:document>"#
    );
    put(
        d,
        "renamed.docx",
        &zip(&[
            ("_rels/.rels", rels.as_bytes()),
            ("word/body.xml", body.as_bytes()),
        ]),
    );
    let prolog = format!(
        "<?xml version=\"1.0\"?><!-- {} --><html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>b2b3c6d6 3/3&#43;.</p></body></html>",
        "licence text ".repeat(400)
    );
    put(d, "prolog.xhtml", prolog.as_bytes());
    let expected = [
        ("box.docx", format!("before\ncell\n{CODE}\nafter\n")),
        ("box-last.docx", format!("before\ncell\n{CODE}\n")),
        ("note.odt", format!("cell\n{CODE}\n")),
        (
            "frame.odt",
            "Composer 2001\na7d3 0116.00\nb2b3c6d6 3/3+.\n".to_string(),
        ),
        ("sdt.docx", "0002.01\th4f1\t7\n".to_string()),
        ("custom.docx", "0002.01\th4f1\n".to_string()),
        ("caption.html", format!("No 7: {CODE}\ndiagram\n")),
        ("renamed.docx", format!("{CODE}\n")),
        ("prolog.xhtml", "b2b3c6d6 3/3+.\n".to_string()),
    ];
    for (name, text) in expected {
        assert_eq!(text_of(d, name), text, "{name}");
    }
}

#[test]
fn epub_hrefs_and_page_encodings_are_read_as_a_browser_reads_them() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let ch1 = xhtml(&format!("<p>{CODE}</p>"));
    let ch2 = xhtml("<p>c3b1 0000.10 .e2 2/1+.</p>");
    let items = [
        ("c1".to_string(), "../Text/ch1.xhtml".to_string()),
        ("c2".to_string(), "./ch2.xhtml#top".to_string()),
    ];
    let book = epub(
        &[
            ("Text/ch1.xhtml", ch1.as_bytes()),
            ("OEBPS/ch2.xhtml", ch2.as_bytes()),
        ],
        &items,
        &["c1".into(), "c2".into()],
    );
    put(d, "rel.epub", &book);
    assert_eq!(
        text_of(d, "rel.epub"),
        format!("{CODE}\nc3b1 0000.10 .e2 2/1+.\n")
    );
    // UTF-16 with its byte order mark, in an EPUB.
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(
            xhtml("<p>Réti – Kasparyan</p>")
                .replace("UTF-8", "UTF-16")
                .encode_utf16()
                .flat_map(u16::to_le_bytes),
        )
        .collect();
    put(
        d,
        "u16.epub",
        &epub(
            &[("OEBPS/ch1.xhtml", &utf16)],
            &[("c1".into(), "ch1.xhtml".into())],
            &["c1".into()],
        ),
    );
    assert_eq!(text_of(d, "u16.epub"), "Réti – Kasparyan\n");
    // A meta charset; a UTF-8 page with one stray byte.
    let (cyrillic, _, _) = encoding_rs::WINDOWS_1251
        .encode("<!DOCTYPE html><meta charset=\"windows-1251\"><p>Каспарян 1939</p>");
    put(d, "w1251.html", &cyrillic);
    assert_eq!(text_of(d, "w1251.html"), "Каспарян 1939\n");
    let mut mixed = "<!DOCTYPE html><p>Réti – Kasparyan</p><p>stray "
        .as_bytes()
        .to_vec();
    mixed.extend(b"\xFF</p>");
    put(d, "mixed.html", &mixed);
    assert_eq!(text_of(d, "mixed.html"), "Réti – Kasparyan\nstray ÿ\n");
}

#[test]
fn check_writes_utf16_without_a_byte_order_mark_back_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let utf16 =
        |text: &str| -> Vec<u8> { text.encode_utf16().flat_map(u16::to_le_bytes).collect() };
    put(
        dir.path(),
        "u16.txt",
        &utf16("Réti 1920\na7d3 0116.00 b2b3c6d6 3/4+.\n"),
    );
    let (out, err, _) = run_in(
        dir.path(),
        &["check", "--write", "-E", "utf-16le", "u16.txt"],
        Duration::from_secs(60),
    );
    assert_eq!(out, "u16.txt: 1 fixes applied\n", "{err}");
    assert_eq!(
        fs::read(dir.path().join("u16.txt")).unwrap(),
        utf16(&format!("Réti 1920\n{CODE}\n"))
    );
}
