//! A bulletin's two heads of one study (over its diagram, at its solution) compared by `gbr
//! check`, and a page's edge numbers that are its folios or its studies' numbers
//! (docs/check.md, "The heads of a study"; docs/printing.md, "A folio is no number").

use std::path::PathBuf;

use gbrscan::scan::{ScanOptions, scan_buffer};

use crate::citations::{f, fields};

/// The `citation` messages of `gbr check --json` on `args` (run in `dir`, or the crate's
/// folder), each with the path and lines it names left out: `study 20202 (Stone): ...: the
/// disagreement`.
fn heads_checked(dir: Option<&std::path::Path>, args: &[&str]) -> Vec<String> {
    let run = match dir {
        Some(dir) => crate::support::summary::run_in(dir, args, b"").stdout,
        None => crate::support::gbr::outcome(args, "").0,
    };
    run.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|v| v["type"] == "diagnostic" && v["check"] == "citation")
        .map(|v| {
            let m = v["message"].as_str().unwrap_or_default();
            let (study, _) = m.split_once(": its diagram").unwrap_or((m, ""));
            let said = m.rsplit_once("): ").map_or("", |(_, s)| s);
            format!("{study}: {said}")
        })
        .collect()
}

/// A bulletin's diagram head and solution head are two copies of one citation (docs/check.md,
/// "The heads of a study"): `gbr check` reports each study whose heads disagree once, a run of
/// solutions numbered one below their diagrams as such, and nothing where they agree; the same
/// on the text and on a PDF of its pages.
#[test]
fn check_reports_a_solution_head_that_disagrees_with_its_diagram_head() {
    let run =
        "one of 3 solutions in a row numbered 1 below their diagrams' (studies 20202 to 20204)";
    let want = [
        format!("study 20202 (Stone): numbered 20201 over its solution, {run}"),
        format!("study 20203 (Tal): numbered 20202 over its solution, {run}"),
        format!("study 20204 (Ulm): numbered 20203 over its solution, {run}"),
        "study 20206 (Wren): by U. Wren over its diagram and by Uma Finch over its solution"
            .to_string(),
        "study 20207 (Young): 2nd comm. over its diagram and 3rd comm. over its solution"
            .to_string(),
    ];
    let text = "fixtures/citations/bulletin-solutions.txt";
    assert_eq!(heads_checked(None, &["check", "--json", text]), want);
    let (out, _, _) = crate::support::gbr::outcome(&["check", text], "");
    // Both lines named: the diagram's head where the warning points, the solution's in a note.
    assert!(
        out.contains(
            "study 20203 (Tal): its diagram is headed `No 20203 R. Tal` (line 31), its solution \
             `No 20202 3rd prize: no. 7, Rafael / Tal (Utopia).` (line 42)"
        ),
        "{out}"
    );
    assert!(
        out.contains("--> fixtures/citations/bulletin-solutions.txt:31:1"),
        "{out}"
    );
    // Heads that agree (honours abbreviated, names in full, over two lines) say nothing.
    assert_eq!(
        heads_checked(
            None,
            &["check", "--json", "fixtures/citations/bulletin.txt"]
        ),
        Vec::<String>::new()
    );
    // A PDF of its pages: the same findings.
    let bytes = std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(text)).unwrap();
    let text = String::from_utf8(bytes).unwrap();
    let dir = tempfile::tempdir().unwrap();
    crate::support::archives::put_pdf_of_pages(dir.path(), "bulletin.pdf", &text);
    assert_eq!(
        heads_checked(Some(dir.path()), &["check", "--json", "bulletin.pdf"]),
        want
    );
}

/// A book's pages that set a study's number at their heads and their folios at their feet
/// (`- 31 -` and `40`, then `- 32 -` and `41`) have two edge numbers each: the numbers follow
/// the pages, and are still the studies' (docs/printing.md, "A folio is no number").
#[test]
fn a_books_numbers_at_its_page_heads_are_no_folios_beside_its_folios() {
    let text = "- 31 -\nXYZB, 1999\n\na7d3 0116.00 b2b3c6d6 3/3+.\n\n40\n\x0c\
                - 32 -\nXYZB, 2003\n\nf1h1 0001.04 2/5 Win.\n\n41\n";
    for chunk_size in [1, 16, 4096] {
        let records = scan_buffer(
            text.as_bytes(),
            "book.txt",
            ScanOptions { chunk_size },
            &|_| {},
        );
        let got: Vec<_> = records.iter().map(fields).collect();
        assert_eq!(
            got,
            [
                f("31", "", "XYZB", Some(1999), ""),
                f("32", "", "XYZB", Some(2003), "")
            ],
            "chunks of {chunk_size}"
        );
    }
    // A book that prints no folio, one study a page, its numbers following the pages: each
    // number has its study's source under it, and is the study's.
    let text = "- 1 -\nOrigineel, 2008\n\na7d3 0116.00 b2b3c6d6 3/3+.\n\x0c\
                - 2 -\nOrigineel, 2009\n\nf1h1 0001.04 2/5 Win.\n";
    let records = scan_buffer(text.as_bytes(), "book.txt", ScanOptions::default(), &|_| {});
    let got: Vec<_> = records.iter().map(fields).collect();
    assert_eq!(
        got,
        [
            f("1", "", "Origineel", Some(2008), ""),
            f("2", "", "Origineel", Some(2009), "")
        ]
    );
}
