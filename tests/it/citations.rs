//! Each study's citation (number, composers, source, year, honour) read from the layouts of
//! docs/printing.md, "Citations": the fixtures of `fixtures/citations/` through the library
//! and the binary, a directory saved before the columns existed, and the real sources of
//! `../shared/real/` where they exist (elsewhere these say "skipped" and pass).

use std::path::PathBuf;

use gbrscan::Record;
use gbrscan::scan::{ScanOptions, scan_buffer};

use crate::support::gbr::run;
use crate::support::saved::{CITATION_COLUMNS, without_columns};

/// The records of a fixture of `fixtures/citations/`.
fn scan_fixture(name: &str) -> Vec<Record> {
    let path = format!("fixtures/citations/{name}");
    let bytes = std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(&path)).unwrap();
    scan_buffer(&bytes, &path, ScanOptions::default(), &|_| {})
}

/// A record's citation as `(number, composers, source, year, honour)`, empty texts for none.
pub(crate) fn fields(r: &Record) -> (String, String, String, Option<u16>, String) {
    let Some(c) = r.citation.as_deref() else {
        return Default::default();
    };
    (
        c.number.as_deref().unwrap_or_default().to_string(),
        c.composers_text(),
        c.source.as_deref().unwrap_or_default().to_string(),
        c.year,
        c.honour.as_deref().unwrap_or_default().to_string(),
    )
}

/// A citation as [`fields`] gives it.
pub(crate) fn f(
    n: &str,
    c: &str,
    s: &str,
    y: Option<u16>,
    h: &str,
) -> (String, String, String, Option<u16>, String) {
    (n.into(), c.into(), s.into(), y, h.into())
}

#[test]
fn a_books_page_head_cites_the_first_study_below_it() {
    let records = scan_fixture("book-page-heads.txt");
    let got: Vec<_> = records
        .iter()
        .map(|r| (r.code.to_string(), fields(r)))
        .collect();
    let want = [
        ("0033.10", f("2", "", "XYZB", Some(1999), "")),
        (
            "0031.01",
            f("10", "", "Schaakblad", Some(2001), "3de Prijs"),
        ),
        // A second position on the same page: the head is its study's, not this one's.
        ("0031.01", f("", "", "", None, "")),
        (
            "0130.11",
            f(
                "53",
                "",
                "Kees Bakker-60 Compositie Toernooi",
                Some(2000),
                "2de Eervolle Vermelding",
            ),
        ),
        // Two numbers stacked over one position: which is it? Neither.
        ("4010.01", f("", "", "", None, "")),
        // A code quoted in the prose under the head is no study: the study's code below it
        // takes the head.
        ("0800.00", f("", "", "", None, "")),
        ("0800.00", f("116", "", "Bulletin", Some(2010), "")),
        (
            "0014.00",
            f("28", "", "64 studies op 64 velden", Some(1994), ""),
        ),
    ];
    let want: Vec<_> = want.into_iter().map(|(c, x)| (c.to_string(), x)).collect();
    assert_eq!(got, want);
}

#[test]
fn the_studies_of_a_page_take_its_numbers_in_order() {
    let records = scan_fixture("shared-pages.txt");
    let got: Vec<_> = records
        .iter()
        .map(|r| {
            (
                r.kings.map(|k| k.to_string()).unwrap_or_default(),
                fields(r),
            )
        })
        .collect();
    let want = [
        // Two numbers stacked, then their sources: the page's two studies in order.
        ("a8b1", f("31", "", "XYZB", Some(2000), "")),
        ("b8b1", f("32", "", "XYZB", Some(2003), "")),
        // Each number above its own column's text, both above the first study.
        ("c7a6", f("7", "", "XYZB", Some(2000), "")),
        ("c8a8", f("8", "", "Origineel", None, "")),
        // A number after prose, its source ending in a year.
        (
            "a2b6",
            f(
                "236",
                "",
                "C.I. 75 Anniversario Toernooi",
                Some(2000),
                "3de Prijs",
            ),
        ),
        // A stray full stop before the page's number.
        ("g4e5", f("115", "", "Schaakblad", Some(1990), "")),
        // A source that opens with an ordinal, continued on the next line.
        (
            "g2e2",
            f(
                "92",
                "",
                "1° Concorso Internazionale per Studi Brevi",
                Some(2000),
                "",
            ),
        ),
        // Two numbers stacked over three positions: no pairing.
        ("b4a2", f("", "", "", None, "")),
        ("b4a3", f("", "", "", None, "")),
        ("b4a4", f("", "", "", None, "")),
        // `- 12 34` and `- 3 1.Kb2` may be moves: no heads.
        ("h4b1", f("", "", "", None, "")),
    ];
    let want: Vec<_> = want.into_iter().map(|(c, x)| (c.to_string(), x)).collect();
    assert_eq!(got, want);
}

#[test]
fn a_dashed_number_takes_the_source_line_under_it() {
    let records = scan_fixture("dashed-source.txt");
    let got: Vec<_> = records.iter().map(fields).collect();
    assert_eq!(
        got,
        [
            f("73", "", "Schakend Land", Some(1962), "1ste Prijs"),
            f("8", "", "Origineel", None, ""),
            f("9", "", "", None, ""),
        ]
    );
}

#[test]
fn egs_number_lines_give_composers_and_the_award_heading_the_source() {
    let records = scan_fixture("eg-award.txt");
    let got: Vec<_> = records.iter().map(fields).collect();
    assert_eq!(
        got,
        [
            f("18601", "S. Smith", "Smith-60 JT", Some(2012), "1st prize"),
            f(
                "18602",
                "A. Jones & B. Brown",
                "Smith-60 JT",
                Some(2012),
                "2nd/3rd prize"
            ),
            // Letter-spaced, as a PDF's text layer gives spaced capitals.
            f(
                "18603",
                "G. Costeff",
                "Smith-60 JT",
                Some(2012),
                "hon. mention"
            ),
            // The next heading starts the next award.
            f(
                "18604",
                "D. Solver & E. Other",
                "Olympic Cup",
                Some(2013),
                "sp. prize"
            ),
            f("18605", "F. Last", "Olympic Cup", Some(2013), "comm."),
            // The award's run goes on over a page break.
            f("18606", "H. Page", "Olympic Cup", Some(2013), ""),
        ]
    );
}

/// The award of each study of `fixtures/citations/eg-award-pages.txt`: (number, source, year).
fn awards_of(records: &[Fields]) -> Vec<String> {
    records
        .iter()
        .map(|(n, _, s, y, _)| format!("{n} {s} {}", y.map(|y| y.to_string()).unwrap_or_default()))
        .collect()
}

/// `name`'s records as `number source year` lines ([`awards_of`]), each reading of it
/// ([`fields_in_every_reading`]).
fn cited_in_every_reading(
    name: &str,
    chunk_sizes: &[usize],
    pdf_chunks: &[&str],
) -> Vec<(String, Vec<String>)> {
    fields_in_every_reading(name, chunk_sizes, pdf_chunks)
        .into_iter()
        .map(|(reading, got)| (reading, awards_of(&got)))
        .collect()
}

/// `name`'s records' citations ([`fields`]), each reading of it: the fixture as one text in
/// chunks of each of `chunk_sizes`, then as a PDF whose pages (split at its form feeds) are
/// texts of their own, at `-j1` and `-j2` in chunks of each of `pdf_chunks`; each with a name
/// saying which reading it is.
fn fields_in_every_reading(
    name: &str,
    chunk_sizes: &[usize],
    pdf_chunks: &[&str],
) -> Vec<(String, Vec<Fields>)> {
    let path = format!("fixtures/citations/{name}");
    let bytes = std::fs::read(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(&path)).unwrap();
    let mut readings = Vec::new();
    for &chunk_size in chunk_sizes {
        let records = scan_buffer(&bytes, &path, ScanOptions { chunk_size }, &|_| {});
        let got = records.iter().map(fields).collect();
        readings.push((format!("one text in chunks of {chunk_size}"), got));
    }
    let text = String::from_utf8(bytes).unwrap();
    let dir = tempfile::tempdir().unwrap();
    crate::support::archives::put_pdf_of_pages(dir.path(), "book.pdf", &text);
    for threads in ["1", "2"] {
        for &chunk in pdf_chunks {
            let args = [
                "scan",
                "--json",
                "-j",
                threads,
                "--chunk-size",
                chunk,
                "book.pdf",
            ];
            let run = crate::support::summary::run_in(dir.path(), &args, b"");
            let got = run
                .stdout
                .lines()
                .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
                .filter(|v| v["type"] == "match")
                .map(|v| {
                    let d = &v["data"];
                    let text = |k: &str| d[k].as_str().unwrap_or_default().to_string();
                    let composers: Vec<&str> = d["composers"]
                        .as_array()
                        .map(|a| a.iter().filter_map(|c| c.as_str()).collect())
                        .unwrap_or_default();
                    (
                        text("number"),
                        composers.join(" & "),
                        text("source"),
                        d["year"].as_u64().map(|y| y as u16),
                        text("honour"),
                    )
                })
                .collect();
            readings.push((format!("a PDF at -j{threads}, chunks of {chunk}"), got));
        }
    }
    readings
}

#[test]
fn an_award_heading_cites_its_studies_over_page_breaks_at_any_chunk_size_and_thread_count() {
    let name = "eg-award-pages.txt";
    let want = [
        "18601 Smith-60 JT 2012",
        "18602 Smith-60 JT 2012",
        "18603 Smith-60 JT 2012",
        "18604 Smith-60 JT 2012",
        "18605 Olympic Cup 2013",
        "18606 Olympic Cup 2013",
    ];
    for (reading, got) in cited_in_every_reading(
        name,
        &[1, 7, 64, 300, 4096, 1 << 20],
        &["1", "64", "4096", "4194304"],
    ) {
        assert_eq!(got, want, "{reading}");
    }
}

/// The foot of a page and a line of prose give a study its number (docs/printing.md, "A head
/// at a page's foot"): read the same from one text with form feeds at every chunk size and
/// from a PDF whose pages are texts of their own at `-j1` and `-j2`.
/// A bulletin's heads (docs/printing.md, "A bulletin's heads", "A folio is no number"):
/// `fixtures/citations/bulletin.txt`, seven pages in EG's layout, read the same from one text
/// at every chunk size and from a PDF of its pages at `-j1` and `-j2`.
#[test]
fn a_bulletins_heads_give_honours_composers_and_awards_in_every_reading() {
    let want = [
        // `No 20101 A. Zorin` / `& B. Kallas` / `1st prizeXIIIIIIIIY`, under the award's
        // title of two lines (`Provisional Award` / `Zorin-90 MT 2019`) and the folio `– 411 –`.
        f(
            "20101",
            "A. Zorin & B. Kallas",
            "Zorin-90 MT",
            Some(2019),
            "1st prize",
        ),
        // ` No 20102` alone, the composer on the next line, a corrected honour.
        f(
            "20102",
            "C. Fennel",
            "Zorin-90 MT",
            Some(2019),
            "2nd prize, correction",
        ),
        // Over a page break, under the running head; the country and the full stop left out.
        f(
            "20103",
            "D. Orme",
            "Zorin-90 MT",
            Some(2019),
            "3rd special prize",
        ),
        f(
            "20104",
            "E. Pine",
            "Zorin-90 MT",
            Some(2019),
            "2nd hon. ment.",
        ),
        // The next award's running head.
        f("20105", "F. Quill", "Olympic Cup", Some(2020), "1st comm."),
        // The frame alone on its line: no honour.
        f("20106", "G. Rook", "Olympic Cup", Some(2020), ""),
        // A title with no year; the composer glued to the frame.
        f("20107", "H. Van Dam", "Ionescu 100 MT", None, ""),
        f(
            "20108",
            "J. Lind",
            "Ionescu 100 MT",
            None,
            "honourable mention",
        ),
        // Its head stands at the foot of the page before: the page's folio `– 416 –` above
        // its diagram is no number.
        f("", "", "Ionescu 100 MT", None, ""),
        // An article's page, its folio `- 417 -` at its head, the number after the page
        // before's folio `– 416 –` (one text) and the PDF's page as printed (a PDF): no
        // number. The award's run goes on (within reach).
        f("", "", "Ionescu 100 MT", None, ""),
    ];
    // The folio is the page, on a PDF: the article's page is printed 417.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/citations/bulletin.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let pages: Vec<Vec<&str>> = text
        .split('\x0c')
        .map(|page| page.trim_end_matches('\n').split('\n').collect())
        .collect();
    let pages: Vec<&[&str]> = pages.iter().map(Vec::as_slice).collect();
    let dir = tempfile::tempdir().unwrap();
    crate::support::archives::put(
        dir.path(),
        "b.pdf",
        &crate::support::archives::pdf_of(&pages),
    );
    let run = crate::support::summary::run_in(dir.path(), &["scan", "--json", "b.pdf"], b"");
    let last = run
        .stdout
        .lines()
        .rev()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["type"] == "match")
        .unwrap();
    assert_eq!(last["data"]["page"], "417", "{last}");
    assert!(last["data"]["label"].is_null(), "{last}");
    for (reading, got) in fields_in_every_reading(
        "bulletin.txt",
        &[1, 7, 64, 300, 4096, 1 << 20],
        &["1", "64", "4194304"],
    ) {
        assert_eq!(got, want, "{reading}");
    }
}

#[test]
fn a_head_at_a_pages_foot_or_after_prose_cites_its_study_in_every_reading() {
    let name = "page-foot-heads.txt";
    let want = [
        "1 Origineel 2008",
        // `- 2 -` and its source at the foot of page 11, the study on page 12.
        "2 XYZB 2003",
        // `one, which the author liked: - 3 -`.
        "3 Origineel ",
        // ` - 4 -` at the foot, its source over two lines at the top of the study's page.
        "4 Memorial Tourney of the Ruritanian Federation 2005",
        // A second position on its page: no head.
        "  ",
        // `- 5 -` right under a study's code is that study's layout, no foot head.
        "  ",
    ];
    for (reading, got) in cited_in_every_reading(
        name,
        &[1, 7, 64, 300, 4096, 1 << 20],
        &["1", "64", "4194304"],
    ) {
        assert_eq!(got, want, "{reading}");
    }
}

#[test]
fn the_citation_is_the_same_at_any_chunk_size() {
    for name in [
        "book-page-heads.txt",
        "dashed-source.txt",
        "eg-award.txt",
        "shared-pages.txt",
        "eg-award-pages.txt",
        "first-publication.txt",
        "word-export.txt",
        "page-foot-heads.txt",
        "bulletin.txt",
    ] {
        let path = format!("fixtures/citations/{name}");
        let bytes = std::fs::read(&path).unwrap();
        let whole = scan_buffer(&bytes, &path, ScanOptions::default(), &|_| {});
        for chunk_size in [64, 200, 1000] {
            let options = ScanOptions { chunk_size };
            let chunked = scan_buffer(&bytes, &path, options, &|_| {});
            let cites = |rs: &[Record]| {
                rs.iter()
                    .map(|r| (fields(r), r.label.clone()))
                    .collect::<Vec<_>>()
            };
            assert_eq!(
                cites(&chunked),
                cites(&whole),
                "{name} in chunks of {chunk_size}"
            );
        }
    }
}

#[test]
fn the_fields_are_columns_of_tsv_csv_and_members_of_json() {
    let tsv = run(
        &[
            "index",
            "fixtures/citations/eg-award.txt",
            "--format",
            "tsv",
        ],
        0,
    );
    let header: Vec<&str> = tsv.lines().next().unwrap().split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let row = tsv
        .lines()
        .find(|l| l.contains("0116.00"))
        .unwrap()
        .split('\t')
        .collect::<Vec<_>>();
    assert_eq!(
        [
            row[at("number")],
            row[at("composers")],
            row[at("source")],
            row[at("year")],
            row[at("honour")]
        ],
        [
            "18602",
            "A. Jones & B. Brown",
            "Smith-60 JT",
            "2012",
            "2nd/3rd prize"
        ]
    );
    let json = run(&["scan", "--json", "fixtures/citations/eg-award.txt"], 0);
    let first: serde_json::Value = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|m| m["type"] == "match")
        .unwrap();
    let data = &first["data"];
    assert_eq!(
        (
            &data["number"],
            &data["composers"],
            &data["source"],
            &data["year"],
            &data["honour"]
        ),
        (
            &serde_json::json!("18601"),
            &serde_json::json!(["S. Smith"]),
            &serde_json::json!("Smith-60 JT"),
            &serde_json::json!(2012),
            &serde_json::json!("1st prize")
        )
    );
    let csv = run(&["scan", "--csv", "fixtures/citations/eg-award.txt"], 0);
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains(",label,number,composers,source,year,honour,")
    );
    // The directory reads back with its citations, and so does its JSON Lines.
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("eg.tsv");
    std::fs::write(&saved, &tsv).unwrap();
    let again = run(
        &[
            "index",
            "--from",
            saved.to_str().unwrap(),
            "--format",
            "tsv",
        ],
        0,
    );
    assert_eq!(again, tsv);
}

#[test]
fn a_tsv_directory_saved_before_the_citation_columns_still_reads() {
    let tsv = run(
        &[
            "index",
            "fixtures/citations/eg-award.txt",
            "--format",
            "tsv",
        ],
        0,
    );
    // The layout of the release before: today's columns without the citation's five.
    let old = without_columns(&tsv, &CITATION_COLUMNS);
    assert!(old.starts_with(
        "code\tkings\tsquares\tmen\tstipulation\tpath\tpage\tpage_index\tpage_from\toffset\tline\t\
         column\tlength\tlabel\ttext\t"
    ));
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("old.tsv");
    std::fs::write(&saved, &old).unwrap();
    let looked_up = run(
        &[
            "lookup",
            saved.to_str().unwrap(),
            "0116.00",
            "--format",
            "jsonl",
        ],
        0,
    );
    let entry: serde_json::Value = serde_json::from_str(looked_up.lines().next().unwrap()).unwrap();
    assert_eq!(entry["label"], "18602");
    assert_eq!(entry["code"], "0116.00");
    assert!(entry.get("number").is_none(), "{entry}");
    // Written again, it has today's columns, the citation's empty.
    let again = run(
        &[
            "index",
            "--from",
            saved.to_str().unwrap(),
            "--format",
            "tsv",
        ],
        0,
    );
    assert_eq!(again.lines().next(), tsv.lines().next());
}

/// A real source of `../shared/real/`, with its records, where it exists.
fn real(name: &str) -> Option<Vec<Record>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/real")
        .join(name);
    let Ok(bytes) = std::fs::read(&path) else {
        eprintln!(
            "skipped: {} is not here (real sources ship only with the workplace)",
            path.display()
        );
        return None;
    };
    let records = if name.ends_with(".pgn") {
        gbrscan::pgn::read_pgn(&bytes, name).records
    } else {
        scan_buffer(&bytes, name, ScanOptions::default(), &|_| {})
    };
    Some(records)
}

#[test]
fn the_books_pdf_export_cites_nearly_every_study_by_its_page_head() {
    let Some(records) = real("ss2017-book-pdf-export.txt") else {
        return;
    };
    // The body, before the book's own directory (its line 22897 on).
    let body: Vec<&Record> = records.iter().filter(|r| r.line < 22897).collect();
    let cited = |pick: fn(&gbrscan::Citation) -> bool| {
        body.iter()
            .filter(|r| r.citation.as_deref().is_some_and(pick))
            .count()
    };
    let numbers = cited(|c| c.number.is_some());
    let sources = cited(|c| c.source.is_some());
    // 308 studies, each its number (tests/it/real.rs asserts which); the codes left out are
    // the notation's example and codes quoted or set as a second position on a page.
    assert!(numbers >= 308, "{numbers} numbers of {}", body.len());
    assert!(sources >= 305, "{sources} sources of {}", body.len());
    // Every number is a study's own: none given twice.
    let mut seen: Vec<&str> = body
        .iter()
        .filter_map(|r| r.citation.as_deref()?.number.as_deref())
        .collect();
    let all = seen.len();
    seen.sort_unstable();
    seen.dedup();
    assert_eq!(seen.len(), all);
    let second = body
        .iter()
        .find(|r| r.citation.as_deref().and_then(|c| c.number.as_deref()) == Some("2"))
        .unwrap();
    let c = second.citation.as_deref().unwrap();
    assert_eq!((c.source.as_deref(), c.year), (Some("EBUR"), Some(1999)));
}

#[test]
fn the_manuscripts_text_export_cites_its_studies_as_its_gold_labels_say() {
    let Some(records) = real("ss2017-manuscript-word-export.txt") else {
        return;
    };
    let gold_path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/real/ss2017-manuscript-word-export.gold.tsv");
    let gold = std::fs::read_to_string(gold_path).unwrap();
    // The gold's labels `- 2 - EBUR, 1999`: the number, then the source and year as printed.
    let mut studies = 0;
    let (mut numbers, mut sources) = (0, 0);
    for row in gold.lines().skip(1) {
        let cells: Vec<&str> = row.split('\t').collect();
        if cells[2] != "code" || !cells[9].starts_with("- ") {
            continue;
        }
        let line: u64 = cells[1].parse().unwrap();
        let label = cells[9];
        let Some((number, source)) = label[2..].split_once(" -") else {
            continue;
        };
        studies += 1;
        let Some(r) = records.iter().find(|r| r.line == line) else {
            continue;
        };
        let Some(c) = r.citation.as_deref() else {
            continue;
        };
        numbers += usize::from(c.number.as_deref() == Some(number));
        let squeeze = |s: &str| {
            s.split(|ch: char| ch.is_whitespace() || ch == ',')
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join(" ")
        };
        if let Some(s) = &c.source {
            let ours = match c.year {
                Some(y) => format!("{s} {y}"),
                None => s.to_string(),
            };
            sources += usize::from(squeeze(source).starts_with(&squeeze(&ours)));
        }
    }
    assert!(studies > 600, "{studies}");
    assert!(
        numbers * 100 >= studies * 98,
        "{numbers} numbers of {studies}"
    );
    // The body's 307 studies have a source line (the directory's entries do not).
    assert!(sources >= 290, "{sources} sources");
}

#[test]
fn the_study_databases_games_keep_their_fields_and_cite_from_their_tags() {
    let Some(records) = real("hhdb-cql62-sample.pgn") else {
        return;
    };
    assert_eq!(records.len(), 252);
    for r in &records {
        let study = r.study.as_deref().expect("every game has tags");
        let c = r.citation.as_deref().expect("every game is cited");
        // Composers from White, each HHdb name ending in its initials.
        let white = study.composer.as_deref().unwrap();
        assert_eq!(c.composers.join(" "), white, "{white}");
        // The source is the Event (after HHdb's honour), the year the Date's.
        let event = study.event.as_deref().unwrap();
        let honour = c
            .honour
            .as_deref()
            .map_or(String::new(), |h| format!("{h} "));
        let source = c.source.as_deref().unwrap_or_default();
        assert!(
            event == format!("{honour}{source}")
                || event.starts_with(&format!("{honour}{source} ")),
            "{event:?} against {c:?}"
        );
    }
    let first = records[0].citation.as_deref().unwrap();
    assert_eq!(first.composers, ["Rusz=A"]);
    assert_eq!(first.honour.as_deref(), Some("3.p"));
    assert_eq!(first.source.as_deref(), Some("2nd UAPA internet ty#22"));
    assert_eq!(first.year, Some(2015));
    assert_eq!(first.number.as_deref(), Some("3"));
}

#[test]
fn check_names_the_study_and_finds_a_reprint_by_its_citation() {
    let (out, _, code) = crate::support::gbr::outcome(
        &[
            "check",
            "fixtures/citations/reprint-a.txt",
            "fixtures/citations/reprint-b.txt",
        ],
        "",
    );
    assert_eq!(code, 0, "{out}");
    // Same number and source in two files, two codes: each copy cites the other.
    assert!(
        out.contains(
            "warning[citation]: study 31 (Schaakblad 2001) is printed 0116.00 a7d3 here and \
             otherwise in 1 other file"
        ),
        "{out}"
    );
    assert!(
        out.contains("= note: printed 0161.00 a7d3 (fixtures/citations/reprint-b.txt:7)"),
        "{out}"
    );
    // A finding of the code's own checks names its study (a misprinted W/B).
    let (out, _, _) =
        crate::support::gbr::outcome(&["check", "fixtures/citations/eg-award.txt"], "");
    assert!(out.contains("= note: in study 18606 (Page)"), "{out}");
    // One file alone: no copy to compare.
    let (out, _, _) =
        crate::support::gbr::outcome(&["check", "fixtures/citations/reprint-a.txt"], "");
    assert!(!out.contains("citation"), "{out}");
}

#[test]
fn lookup_finds_entries_by_their_citation() {
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("eg.tsv");
    run(
        &[
            "index",
            "fixtures/citations/eg-award.txt",
            "-o",
            saved.to_str().unwrap(),
        ],
        0,
    );
    let saved = saved.to_str().unwrap();
    let numbers = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["lookup", saved];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--format", "jsonl"]);
        let out = run(&all, 0);
        out.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["number"].to_string())
            .collect()
    };
    assert_eq!(numbers(&["--number", "18602"]), ["\"18602\""]);
    assert_eq!(numbers(&["--composer", "brown"]), ["\"18602\""]);
    let mut cup = numbers(&["--source", "olympic cup"]);
    cup.sort();
    // 18606, on the next page, stands under the same award.
    assert_eq!(cup, ["\"18604\"", "\"18605\"", "\"18606\""]);
    assert_eq!(
        numbers(&["--year", "2013", "--number", "18605"]),
        ["\"18605\""]
    );
}

#[test]
fn the_pgn_export_writes_the_citation_as_study_databases_tag_it() {
    let pgn = run(
        &[
            "index",
            "fixtures/citations/eg-award.txt",
            "--format",
            "pgn",
        ],
        0,
    );
    let game = pgn
        .split("\n\n[Event")
        .find(|g| g.contains("0015.15"))
        .unwrap();
    for tag in [
        "Event \"Smith-60 JT\"]",
        "[Date \"2012.??.??\"]",
        "[Round \"18601\"]",
        "[White \"S. Smith\"]",
    ] {
        assert!(game.contains(tag), "{tag} in {game}");
    }
    // Read back, the game cites the same study.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("eg.pgn");
    std::fs::write(&file, &pgn).unwrap();
    let read = gbrscan::pgn::read_pgn(pgn.as_bytes(), "eg.pgn");
    let c = read.records[0].citation.as_deref().unwrap();
    assert_eq!(
        (
            c.number.as_deref(),
            c.composers.as_slice(),
            c.source.as_deref(),
            c.year
        ),
        (
            Some("18601"),
            &["S. Smith".into()][..],
            Some("Smith-60 JT"),
            Some(2012)
        )
    );
}

#[test]
fn a_label_pattern_gives_the_number() {
    let json = run(
        &[
            "scan",
            "--json",
            "--label-pattern",
            r"No (\d+)",
            "fixtures/citations/eg-award.txt",
        ],
        0,
    );
    let numbers: Vec<String> = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .filter(|m| m["type"] == "match")
        .map(|m| m["data"]["number"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        numbers,
        ["18601", "18602", "18603", "18604", "18605", "18606"]
    );
    // The pattern's match, whatever it is, is the number.
    let json = run(
        &[
            "scan",
            "--json",
            "--label-pattern",
            r"No 1860(\d)",
            "fixtures/citations/eg-award.txt",
        ],
        0,
    );
    assert!(json.contains(r#""label":"1","number":"1""#), "{json}");
}

#[test]
fn a_line_holding_a_code_is_no_award_heading_at_any_chunk_size() {
    // Shapes of the document campaign's findings: a caption line that ends in a year with a
    // tourney's word (and an honour inside it) looks like a heading, but it holds a code. Read
    // whole, such a line came after its own code; in chunks, the chunk owning the line's start
    // read it first, so the code took its own line as its award.
    let texts = [
        "win 6010.03 1st Prize, Olympiad 1999\n*** eindspel\n",
        "Smith-60 JT 2012\n*4313.00 h6d3*\n\nc5e5 0100.12c5e5\t3/3 BTM, Win\t1st Prize, Olympiad 1999\n",
    ];
    let sources = |records: &[Record]| -> Vec<String> {
        records
            .iter()
            .map(|r| {
                let (_, _, s, y, _) = fields(r);
                format!("{s} {y:?}")
            })
            .collect()
    };
    let want: [&[&str]; 2] = [
        &[" None"],
        &["Smith-60 JT Some(2012)", "Smith-60 JT Some(2012)"],
    ];
    for (text, want) in texts.iter().zip(want) {
        for chunk_size in 1..=16 {
            let records = scan_buffer(
                text.as_bytes(),
                "t.txt",
                ScanOptions { chunk_size },
                &|_| {},
            );
            assert_eq!(
                sources(&records),
                want,
                "{text:?} in chunks of {chunk_size}"
            );
        }
        let whole = scan_buffer(text.as_bytes(), "t.txt", ScanOptions::default(), &|_| {});
        assert_eq!(sources(&whole), want, "{text:?} whole");
    }
}

/// A record's citation fields, as [`fields`] gives them.
type Fields = (String, String, String, Option<u16>, String);

/// The records of a fixture as `(code, label, citation)`.
fn labelled(name: &str) -> Vec<(String, String, Fields)> {
    scan_fixture(name)
        .iter()
        .map(|r| {
            let label = r.label.as_deref().unwrap_or_default().to_string();
            (r.code.to_string(), label, fields(r))
        })
        .collect()
}

#[test]
fn a_first_publications_word_under_a_number_is_its_source() {
    let got = labelled("first-publication.txt");
    let want = [
        // The text layer puts the first study's code after the second's source: each study
        // its own head, and its label follows the pairing (the rules read `- 12 -` nearest).
        (
            "0003.10",
            "- 11 XYZB, 2001",
            f("11", "", "XYZB", Some(2001), ""),
        ),
        ("0003.10", "", f("12", "", "Origineel", None, "")),
        // Prose and a line longer than 80 bytes between the number and `Origineel, 2011`.
        ("0010.02", "42", f("42", "", "Origineel", Some(2011), "")),
        // A word after a closed number is no source: the line under it is.
        (
            "0010.11",
            "Origineel, 2008",
            f("51", "", "Origineel", Some(2008), ""),
        ),
        // The source joined with the prose of the column beside it.
        ("1330.01", "112", f("112", "", "Origineel", Some(2008), "")),
        ("0130.11", "5", f("5", "", "Urdruck", None, "")),
        ("0031.01", "6", f("6", "", "Inédit", Some(2019), "")),
        (
            "0033.10",
            "7",
            f("7", "", "Original (first publication)", None, ""),
        ),
        // The word opening a sentence is prose.
        ("0002.01", "8", f("8", "", "", None, "")),
        // No number: the source, year and honour of one line over the study.
        (
            "0013.12",
            "XYZB, 2014, 4de Eervolle Vermelding",
            f("", "", "XYZB", Some(2014), "4de Eervolle Vermelding"),
        ),
        // A code quoted in the prose takes neither the page's head nor its label.
        ("0800.00", "", f("", "", "", None, "")),
        ("0800.00", "", f("116", "", "XYZB", Some(2010), "")),
    ];
    let want: Vec<_> = want
        .into_iter()
        .map(|(c, l, x)| (c.to_string(), l.to_string(), x))
        .collect();
    assert_eq!(got, want);
}

#[test]
fn a_word_text_exports_source_lines_are_read_without_its_marks() {
    let got = labelled("word-export.txt");
    let want = [
        // A comment's mark after the source, `[IV2]`.
        ("4001.00", "1", f("1", "", "Origineel", Some(2008), "")),
        (
            "0041.01",
            "91",
            f("91", "", "XYZ Chess Club 60JT", Some(1998), "2de Prijs"),
        ),
        // A misprinted year: the word is the source, the number no year.
        ("0014.01", "122", f("122", "", "Origineel", None, "")),
        // A position in words under the number is no source; the line under it is.
        (
            "0015.01",
            "189",
            f("189", "", "Probleemblad", Some(2006), ""),
        ),
        ("0130.11", "190", f("190", "", "", None, "")),
    ];
    let want: Vec<_> = want
        .into_iter()
        .map(|(c, l, x)| (c.to_string(), l.to_string(), x))
        .collect();
    assert_eq!(got, want);
}
