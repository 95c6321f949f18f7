//! Printed page numbers through the real binary: a PDF with page labels (roman front matter,
//! then decimal from 301), one without labels but with folios `– 302 –` at its pages' foot,
//! the same with page labels that only restate the index, one with those labels and no folio,
//! and one with neither, made by `support/archives.rs`. `gbr scan --json` gives each code's
//! `page` as printed, its `page_index` in the file and `page_from`; the text output keeps the
//! index; a directory shows the printed page and keeps both through a save and a read back.

use lopdf::{Object, dictionary};
use serde_json::Value;

use crate::support::archives::{self, put};
use crate::support::summary::run_in as gbr_in;

/// Six pages: the front matter i to iii, then 301 to 303; a code on ii and on 302.
const BOOK: &[&[&str]] = &[
    &["Title page"],
    &["Preface: a study a7d3 0116.00 b2b3c6d6 3/3+."],
    &["Contents"],
    &["Chapter 1"],
    &["A draw g3g1 0323.12 ="],
    &["Index"],
];

/// Four pages with their folio at the foot, `– 302 –` on the second: the first page shows
/// none; codes on pages 2 and 4.
fn folio_pages() -> Vec<Vec<String>> {
    (1..=4)
        .map(|index: u32| {
            let mut lines = vec![format!("Prose of page {index}.")];
            if index.is_multiple_of(2) {
                lines.push(format!("Study {index}: a7d3 0116.00 b2b3c6d6 3/3+."));
            }
            lines.push(String::new());
            if index > 1 {
                lines.push(format!("\u{2013} {} \u{2013}", index + 300));
            }
            lines
        })
        .collect()
}

/// A folder holding `labelled.pdf`, `folios.pdf` and `plain.pdf`.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    let nums = vec![
        0.into(),
        dictionary! { "S" => "r" }.into(),
        3.into(),
        dictionary! { "S" => "D", "St" => 301 }.into(),
    ];
    put(
        dir.path(),
        "labelled.pdf",
        &archives::pdf_labelled(BOOK, nums),
    );
    let folios = folio_pages();
    let folios: Vec<Vec<&str>> = folios
        .iter()
        .map(|p| p.iter().map(String::as_str).collect())
        .collect();
    let folios: Vec<&[&str]> = folios.iter().map(Vec::as_slice).collect();
    put(dir.path(), "folios.pdf", &archives::pdf_of(&folios));
    let plain: Vec<&[&str]> = folios.iter().map(|p| &p[..2.min(p.len())]).collect();
    put(dir.path(), "plain.pdf", &archives::pdf_of(&plain));
    // Page labels that only restate the index (`1`, `2`, ...), over folios and over none.
    let index = || vec![0.into(), dictionary! { "S" => "D" }.into()];
    put(
        dir.path(),
        "index-labels-folios.pdf",
        &archives::pdf_labelled(&folios, index()),
    );
    put(
        dir.path(),
        "index-labels.pdf",
        &archives::pdf_labelled(&plain, index()),
    );
    dir
}

/// `(page, page_index, page_from)` of each record of JSON Lines `out` (scan messages or
/// directory entries).
fn pages(out: &str) -> Vec<(String, u64, String)> {
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
        .filter_map(|m| match m["type"].as_str() {
            Some("match") => Some(m["data"].clone()),
            Some(_) => None,
            None => Some(m),
        })
        .map(|r| {
            (
                r["page"].as_str().expect("page as text").to_owned(),
                r["page_index"].as_u64().expect("a page index"),
                r["page_from"].as_str().expect("page_from").to_owned(),
            )
        })
        .collect()
}

fn triples(expected: &[(&str, u64, &str)]) -> Vec<(String, u64, String)> {
    expected
        .iter()
        .map(|&(p, i, f)| (p.to_owned(), i, f.to_owned()))
        .collect()
}

#[test]
fn scan_json_gives_the_printed_page_its_index_and_where_it_comes_from() {
    let dir = folder();
    for (file, expected) in [
        ("labelled.pdf", [("ii", 2, "labels"), ("302", 5, "labels")]),
        ("folios.pdf", [("302", 2, "folio"), ("304", 4, "folio")]),
        ("plain.pdf", [("2", 2, "index"), ("4", 4, "index")]),
        // The printed page over labels that only restate the index; those labels where
        // nothing is printed.
        (
            "index-labels-folios.pdf",
            [("302", 2, "folio"), ("304", 4, "folio")],
        ),
        ("index-labels.pdf", [("2", 2, "labels"), ("4", 4, "labels")]),
    ] {
        let run = gbr_in(dir.path(), &["scan", "--json", file], b"");
        assert_eq!((run.stderr.as_str(), run.code), ("", 0), "{file}");
        assert_eq!(pages(&run.stdout), triples(&expected), "{file}");
    }
}

#[test]
fn the_text_output_and_gbr_text_keep_the_index_and_gbr_text_shows_the_printed_page() {
    let dir = folder();
    let run = gbr_in(dir.path(), &["scan", "labelled.pdf"], b"");
    assert_eq!(
        run.stdout,
        "labelled.pdf:2:3:18: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]\n\
         labelled.pdf:5:3:8: g3g1 0323.12 = unchecked [kings]\n"
    );
    let text = gbr_in(dir.path(), &["text", "labelled.pdf", "plain.pdf"], b"").stdout;
    for header in [
        "==> labelled.pdf page 2 (printed ii) <==",
        "==> labelled.pdf page 5 (printed 302) <==",
        "==> plain.pdf page 2 <==",
    ] {
        assert!(text.contains(header), "{header:?} in\n{text}");
    }
}

#[test]
fn a_directory_shows_the_printed_page_and_keeps_both_through_save_and_read_back() {
    let dir = folder();
    let run = gbr_in(
        dir.path(),
        &["index", "labelled.pdf", "folios.pdf", "-o", "all.tsv"],
        b"",
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    let tsv = std::fs::read_to_string(dir.path().join("all.tsv")).unwrap();
    let header: Vec<&str> = tsv.lines().next().unwrap().split('\t').collect();
    assert_eq!(header[5..9], ["path", "page", "page_index", "page_from"]);
    // Read back by merge and written as JSON Lines: the same three fields.
    let merged = gbr_in(
        dir.path(),
        &["merge", "all.tsv", "--format", "jsonl", "-o", "-"],
        b"",
    );
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    let mut found = pages(&merged.stdout);
    found.sort();
    let expected = [
        ("302", 2, "folio"),
        ("302", 5, "labels"),
        ("304", 4, "folio"),
        ("ii", 2, "labels"),
    ];
    assert_eq!(found, triples(&expected));
    // What a person reads: the page as printed.
    let looked = gbr_in(dir.path(), &["lookup", "all.tsv", "0323.12"], b"");
    assert!(
        looked.stdout.contains("g3g1  =  labelled.pdf:3 (p. 302)"),
        "{}",
        looked.stdout
    );
    let text = gbr_in(dir.path(), &["index", "labelled.pdf"], b"").stdout;
    assert!(text.contains("labelled.pdf:3 (p. ii)"), "{text}");
}

#[test]
fn a_broken_page_labels_tree_is_ignored() {
    // A tree whose range is no dictionary, and one whose only range starts at no page: the
    // folio rule, then the index, number the pages (loops and runaway trees: src/input/extract/pdf/).
    let dir = tempfile::tempdir().unwrap();
    let pages: &[&[&str]] = &[&["a7d3 0116.00 b2b3c6d6 3/3+."], &["Prose."]];
    for (name, nums) in [
        ("nonsense.pdf", vec![0.into(), Object::Integer(7)]),
        (
            "negative.pdf",
            vec![(-5).into(), dictionary! { "S" => "D" }.into()],
        ),
    ] {
        put(dir.path(), name, &archives::pdf_labelled(pages, nums));
        let run = gbr_in(dir.path(), &["scan", "--json", name], b"");
        assert_eq!((run.stderr.as_str(), run.code), ("", 0), "{name}");
        assert_eq!(pages_of(&run.stdout), ["1 1 index"], "{name}");
    }
}

fn pages_of(out: &str) -> Vec<String> {
    pages(out)
        .into_iter()
        .map(|(p, i, f)| format!("{p} {i} {f}"))
        .collect()
}

#[test]
fn directories_and_scan_output_saved_when_the_page_was_the_index_read_back_as_indexes() {
    let dir = folder();
    gbr_in(dir.path(), &["index", "labelled.pdf", "-o", "new.tsv"], b"");
    // The 20 columns of a directory whose `page` was the index.
    let new = std::fs::read_to_string(dir.path().join("new.tsv")).unwrap();
    let old: String = new
        .lines()
        .map(|l| {
            let mut cells: Vec<&str> = l.split('\t').collect();
            // Nor the citation's five columns after `label`, nor the last four, the place of a
            // merged directory entry, the example mark and the tables' verdict, which came
            // later.
            cells.drain(14..19);
            cells.truncate(cells.len() - 4);
            cells[6] = cells[7];
            cells.drain(7..9);
            cells.join("\t") + "\n"
        })
        .collect();
    assert!(old.starts_with("code\tkings\tsquares\tmen\tstipulation\tpath\tpage_index\toffset\t"));
    let old = old.replacen("\tpage_index\t", "\tpage\t", 1);
    put(dir.path(), "old.tsv", old.as_bytes());
    let merged = gbr_in(
        dir.path(),
        &["merge", "old.tsv", "--format", "jsonl", "-o", "-"],
        b"",
    );
    assert_eq!(merged.code, 0, "{}", merged.stderr);
    assert_eq!(pages_of(&merged.stdout), ["2 2 index", "5 5 index"]);
    // Scan output whose `page` was the index, a number.
    let scan = gbr_in(dir.path(), &["scan", "--json", "labelled.pdf"], b"").stdout;
    let old: String = scan
        .lines()
        .map(|l| {
            let mut m: Value = serde_json::from_str(l).unwrap();
            if let Some(data) = m["data"].as_object_mut()
                && let Some(index) = data.remove("page_index")
            {
                data.remove("page_from");
                data.insert("page".into(), index);
            }
            m.to_string() + "\n"
        })
        .collect();
    assert!(old.contains("\"page\":5"), "{old}");
    put(dir.path(), "old.json", old.as_bytes());
    let from = gbr_in(
        dir.path(),
        &["index", "--from", "old.json", "--format", "jsonl"],
        b"",
    );
    assert_eq!(from.code, 0, "{}", from.stderr);
    assert_eq!(pages_of(&from.stdout), ["2 2 index", "5 5 index"]);
}

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_shared_magazine_gives_its_printed_pages_from_its_labels_and_from_its_running_heads() {
    let pdf = std::path::Path::new(CORPUS).join("pdf/probleemblad-2013-4.pdf");
    if !pdf.is_file() {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(&pdf, dir.path().join("issue.pdf")).unwrap();
    // The issue's page labels: the cover 1, then 130 on its second page; the studies are on
    // its pages 35 and 36, printed 163 and 164.
    let run = gbr_in(dir.path(), &["scan", "--json", "issue.pdf"], b"");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    let expected = |from| {
        [35, 35, 35, 36, 36, 36]
            .map(|i: u64| format!("{} {i} {from}", i + 128))
            .to_vec()
    };
    assert_eq!(pages_of(&run.stdout), expected("labels"));
    // Without its labels, the folios of its running heads (`163  Probleemblad ...`, `...
    // 2013  164`) give the same pages.
    let mut doc = lopdf::Document::load(&pdf).expect("the issue");
    doc.catalog_mut().unwrap().remove(b"PageLabels");
    doc.save(dir.path().join("unlabelled.pdf")).unwrap();
    let run = gbr_in(dir.path(), &["scan", "--json", "unlabelled.pdf"], b"");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    assert_eq!(pages_of(&run.stdout), expected("folio"));
    let text = gbr_in(dir.path(), &["text", "unlabelled.pdf"], b"").stdout;
    let headers = text.lines().filter(|l| l.starts_with("==> ")).count();
    let printed = (2..=60)
        .filter(|i| text.contains(&format!("page {i} (printed {}) <==", i + 128)))
        .count();
    assert_eq!((headers, printed), (60, 59));
}
