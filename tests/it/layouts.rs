//! The layout classes of real sources (`fixtures/layouts/`, docs/reading.md), each in text of
//! our own: PGN pasted into prose, solvers' command lines broken over lines, notation examples
//! introduced by an example word, and labels with Word's en dashes.

use serde_json::Value;

use crate::support::gbr::run;

/// `(line, canonical text, label)` of each record `gbr scan --json` gives for the fixture
/// `fixtures/layouts/NAME`.
fn records(name: &str) -> Vec<(u64, String, String)> {
    let path = format!("fixtures/layouts/{name}");
    run(&["scan", "--json", &path], 0)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "match")
        .map(|v| {
            let m = &v["data"];
            (
                m["line"].as_u64().unwrap(),
                m["canonical"].as_str().unwrap().to_string(),
                m["label"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The error and warning diagnostics of `gbr check --json ARGS`, as `line: message`.
fn diagnostics(args: &[&str]) -> Vec<String> {
    let mut all = vec!["check", "--json", "--no-near-misses"];
    all.extend(args);
    let out = crate::support::gbr::outcome(&all, "").0;
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "diagnostic" && v["severity"] != "note")
        .map(|v| {
            format!(
                "{}:{}: {}",
                v["path"].as_str().unwrap(),
                v["line"],
                v["message"]
            )
        })
        .collect()
}

#[test]
fn pgn_pasted_into_markdown_gives_only_the_study_databases_code() {
    // Several tags a line, tags wrapped between name and value: the engines' versions
    // (`Komodo 2118.00`, `KomodoMCTS 2210.00`, `Lc0 1601.50` on the line after its tag's name)
    // and a code with kings but no sign in a player's tag (`Stockfish 1234.56 a1b2`) are no
    // codes; the study database's `(+0130.11b4h1)` in the Black tag, wrapped too, is one, and
    // so is a full position with its result in an Annotator tag.
    assert_eq!(
        records("pgn-in-markdown.md"),
        [
            (20, "b4h1 0130.11 +".to_string(), String::new()),
            (25, "a7d3 0116.00 b2b3c6d6 3/3+.".to_string(), String::new())
        ]
    );
    let found = diagnostics(&["fixtures/layouts/pgn-in-markdown.md"]);
    assert_eq!(
        found,
        Vec::<String>::new(),
        "no fen fix for an engine's version"
    );
}

#[test]
fn a_solvers_command_broken_over_lines_is_one_caption() {
    // `\` in a POSIX shell (spaces or tabs before the options), `^` in cmd (CR LF, glued or
    // after a space), a backtick in PowerShell: the options on their lines belong to the code,
    // and the record points at the line of its `--gbr=`.
    let sh = records("solver-continued.sh");
    assert_eq!(
        sh,
        [
            (6, "a4c4 0400.11 g4h2.g5e4 3/3.".to_string(), String::new()),
            (12, "h1f4 0001.01 c5.d6 2/2.".to_string(), String::new()),
        ]
    );
    let cmd = records("solver-continued.cmd");
    assert_eq!(
        cmd.iter().map(|r| (r.0, r.1.as_str())).collect::<Vec<_>>(),
        [(4, "a1a4 0001.01 c5.d6 2/2."), (9, "e1e8 0000.00 1/1.")]
    );
    let ps = records("solver-continued.ps1");
    assert_eq!(ps[0].1, "h1f4 0010.01 c5.d6 2/2.");
    assert_eq!(ps.len(), 1);
}

#[test]
fn notation_examples_are_no_entries_wherever_their_example_word_stands() {
    // The directory's preface explains the code with examples, the example word before the
    // code on its line, at the end of the line above before a colon, or abbreviated: none is
    // an entry with no study in the body.
    let found = diagnostics(&[
        "--against",
        "fixtures/layouts/examples-directory.txt",
        "fixtures/layouts/examples-body.txt",
    ]);
    assert_eq!(found, Vec::<String>::new());
    // The same directory with a study's entry taken out and an entry no study has: the
    // comparison still runs, and reports exactly these two.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("fixtures/layouts/examples-directory.txt").unwrap();
    let changed = text.replace("0310.01 d6a8  - 3 -", "0310.02 b6a8  - 3 -");
    let path = dir.path().join("directory.txt");
    std::fs::write(&path, changed).unwrap();
    let found = diagnostics(&[
        "--against",
        path.to_str().unwrap(),
        "fixtures/layouts/examples-body.txt",
    ]);
    assert_eq!(found.len(), 2, "{found:?}");
}

#[test]
fn labels_with_en_dashes_and_a_lost_dash() {
    // Word writes en dashes for the hyphens of `- 29 -`, on either side; in UTF-8 and in a
    // Windows-1252 text export (the byte 0x96) alike, the studies above and the directory's
    // entries after their codes.
    for name in ["dash-labels.txt", "dash-labels-cp1252.txt"] {
        let labels: Vec<String> = records(name).into_iter().map(|r| r.2).collect();
        assert_eq!(labels, ["29", "36", "71", "29", "71", "36"], "{name}");
    }
}

/// The lines of the records `gbr scan --json` marks as examples of the notation in `path`.
fn examples_marked(path: &str) -> Vec<u64> {
    run(&["scan", "--json", path], 0)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "match" && v["data"]["example"] == true)
        .map(|v| v["data"]["line"].as_u64().unwrap())
        .collect()
}

#[test]
fn a_books_notation_example_is_marked_and_no_entry_of_its_index() {
    // `book-mention.txt`: the preface's example twice (in the form ..., under Een
    // voorbeeld:), and `in EG: "the 0800.00` on study 2's page, which `EG` does not make an
    // example (the magazine, no abbreviation).
    let book = "fixtures/layouts/book-mention.txt";
    assert_eq!(examples_marked(book), [4, 7]);
    // The mark is carried in the CSV columns of `gbr scan --csv` (`example`, `true`).
    let csv = run(&["scan", "--csv", book], 0);
    let mut rows = csv::Reader::from_reader(csv.as_bytes());
    let column = rows
        .headers()
        .unwrap()
        .iter()
        .position(|h| h == "example")
        .expect("an example column");
    let marked: Vec<String> = rows
        .records()
        .map(|r| r.unwrap()[column].to_string())
        .collect();
    assert_eq!(&marked[..3], ["true", "true", ""]);
    // `gbr index` lists neither, and says so; saved from the scan, the same.
    let (out, err, code) = crate::support::gbr::outcome(&["index", "--format", "tsv", book], "");
    assert_eq!(code, 0);
    assert!(!out.contains("1234.56"), "{out}");
    assert!(
        err.contains("gbr: 2 examples of the notation in prose left out (codes, no studies)"),
        "{err}"
    );
    let dir = tempfile::tempdir().unwrap();
    let saved = dir.path().join("scan.json");
    std::fs::write(&saved, run(&["scan", "--json", book], 0)).unwrap();
    let again = run(
        &[
            "index",
            "--format",
            "tsv",
            "--from",
            saved.to_str().unwrap(),
        ],
        0,
    );
    assert_eq!(again, out);
}

#[test]
fn a_mention_of_a_study_in_prose_is_merged_into_it_where_one_study_is_meant() {
    // Study 2's page quotes its own code (`the 0800.00` under `- 2 EG, 2010`): merged into
    // study 2. Study 4's page quotes 0800.00 too, but its number (4) is that of no study of
    // that code, and two studies have it: it stays an entry of its own.
    let out = run(
        &[
            "index",
            "--format",
            "jsonl",
            "fixtures/layouts/book-mention.txt",
        ],
        0,
    );
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let shown: Vec<(u64, String)> = rows
        .iter()
        .map(|r| {
            let line = r["line"].as_u64().unwrap();
            (line, r["canonical"].as_str().unwrap().to_string())
        })
        .collect();
    assert_eq!(
        shown,
        [
            (43, "h4b1 0014.00 +".to_string()),
            (14, "a1c3 0103.11 +".to_string()),
            (38, "0800.00".to_string()),
            (24, "f6h3 0800.00 +".to_string()),
            (33, "h3c1 0800.00 =".to_string()),
        ]
    );
    let (_, err, _) =
        crate::support::gbr::outcome(&["index", "fixtures/layouts/book-mention.txt"], "");
    assert!(
        err.contains("gbr: 1 mention of a study in prose merged with the study"),
        "{err}"
    );
}

#[test]
fn two_entries_of_one_position_wait_for_the_numbers() {
    // The directory prints study 2's code and kings twice: for study 1 (whose own it
    // misprints) and for study 2 (under a misprinted number, 4). Study 1 takes its entry by
    // the number, study 2 the other by position: three studies, three entries.
    let out = run(
        &[
            "index",
            "--format",
            "jsonl",
            "fixtures/layouts/directory-crowded.txt",
        ],
        0,
    );
    let rows: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let entries: Vec<(u64, u64, Value)> = rows
        .iter()
        .map(|r| {
            let entry = &r["directory_entry"];
            (
                r["line"].as_u64().unwrap(),
                entry["line"].as_u64().unwrap_or(0),
                entry["printed"].clone(),
            )
        })
        .collect();
    assert_eq!(
        entries,
        [
            (24, 29, Value::Null),
            (6, 30, Value::from("4010.01 g8d8")),
            (15, 31, Value::Null),
        ]
    );
}

#[test]
fn a_mention_without_a_number_is_the_one_study_of_its_pdf_page() {
    use gbrscan::copies::merge::merge_mentions;
    use gbrscan::scan::{ScanOptions, scan_buffer};
    // A PDF's page sets the study's code at its top and quotes it in the prose under the
    // solution, where no label is read for the quote (the code before takes the page's
    // number): merged into the page's one study. On a page of two studies, or with no page
    // (text), a quote without a number is left as it is.
    let page = "+\n\n0800.00 f6h3\n\n1.Tg3+ Kh4\nBecker reacted to the 0800.00\nstudy of Ignace.\n";
    let on_page = |index: Option<u32>, text: &str| {
        let mut records = scan_buffer(text.as_bytes(), "book.pdf", ScanOptions::default(), &|_| {});
        for r in &mut records {
            r.page_index = index;
        }
        let before = records.len();
        (before, merge_mentions(&mut records), records.len())
    };
    assert_eq!(on_page(Some(176), page), (2, 1, 1));
    assert_eq!(on_page(None, page), (2, 0, 2));
    let two = format!("{page}=\n\n0800.00 h3c1\n");
    assert_eq!(on_page(Some(176), &two), (3, 0, 3));
}

#[test]
fn the_example_mark_reads_back_from_the_saved_directory_and_older_ones_still_read() {
    use gbrscan::directory::{Directory, Order};
    use gbrscan::render::{Format, Listing};
    use gbrscan::saved::read;
    use gbrscan::scan::{ScanOptions, scan_buffer};
    let text = "Een voorbeeld:\n+ 1234.56 a7c8 betekent een winststudie.\n";
    let records = scan_buffer(text.as_bytes(), "t.txt", ScanOptions::default(), &|_| {});
    assert!(records.len() == 1 && records[0].example);
    let directory = Directory::new(records.clone(), Order::Code);
    let (mut tsv, mut jsonl) = (Vec::new(), Vec::new());
    Format::Tsv
        .write(&Listing::directory(&directory), &mut tsv)
        .unwrap();
    Format::Jsonl
        .write(&Listing::directory(&directory), &mut jsonl)
        .unwrap();
    // A TSV row does not say where the stipulation was read; the rest reads back.
    let from_tsv = read::records(&tsv[..]).unwrap();
    assert!(from_tsv[0].example && from_tsv[0].canonical == records[0].canonical);
    assert_eq!(read::records(&jsonl[..]).unwrap(), records);
    // Written before the column: the header and each row without their last three cells (the
    // example mark, and the tables' verdict that came after it).
    let older: String = String::from_utf8(tsv)
        .unwrap()
        .lines()
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            format!("{}\n", cells[..cells.len() - 3].join("\t"))
        })
        .collect();
    let back = read::records(older.as_bytes()).unwrap();
    assert!(!back[0].example);
    assert_eq!(back[0].canonical, records[0].canonical);
}

#[test]
fn a_quote_without_a_number_just_above_its_study_is_merged_into_it() {
    // A text whose pages are form feeds knows no PDF page: the quote a paragraph above the
    // study of its code is that study's; between two studies of its code it stays a code.
    let dir = tempfile::tempdir().unwrap();
    let codes = |text: &str| -> Vec<String> {
        let path = dir.path().join("book.txt");
        std::fs::write(&path, text).unwrap();
        let out = run(&["index", "--format", "jsonl", path.to_str().unwrap()], 0);
        let mut codes: Vec<String> = out
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap()["canonical"].to_string())
            .collect();
        codes.sort();
        codes
    };
    let above = "Intro\n\x0cBecker reacted to the 0800.00\nstudy of Ignace.\n\n+\n\n0800.00 f6h3\n\n1.Rg3+ Kh2\n\x0c+\n\n0130.00 a1c3\n";
    assert_eq!(codes(above), ["\"a1c3 0130.00 +\"", "\"f6h3 0800.00 +\""]);
    let between =
        "+\n\n0800.00 f6h3\n\nThe 0800.00 study above and the one below.\n\n=\n\n0800.00 h3c1\n";
    assert_eq!(
        codes(between),
        ["\"0800.00\"", "\"f6h3 0800.00 +\"", "\"h3c1 0800.00 =\""]
    );
}

#[test]
fn a_study_set_after_a_directory_takes_no_stipulation_from_its_last_heading() {
    // An appendix after the book's directory: a title line, then a study as the body sets it
    // (its number alone, its source, its code). The number over a source opens a study's
    // block: the directory's `Remisestudies (=):` reaches no further.
    let book = std::fs::read_to_string("fixtures/check/book-with-directory.txt").unwrap();
    let text = format!(
        "{book}\nAanhangsel: een studie die binnenkwam na het zetten\n\n- 5 -\n\
         Een ander, EG 2014\n0400.11 d5h6\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("book.txt");
    std::fs::write(&path, text).unwrap();
    let records: Vec<Value> = run(&["scan", "--json", path.to_str().unwrap()], 0)
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "match")
        .map(|v| v["data"].clone())
        .collect();
    let read = |code: &str, kings: &str| {
        let r = records
            .iter()
            .find(|r| r["code"] == code && r["kings"] == kings)
            .unwrap_or_else(|| panic!("{code} {kings}"));
        (r["stipulation"].clone(), r["stipulation_source"].clone())
    };
    assert_eq!(read("0400.11", "d5h6"), (Value::Null, Value::Null));
    // The directory's entries keep their headings.
    assert_eq!(read("0300.10", "c2e4"), ("+".into(), "heading".into()));
    assert_eq!(read("0014.00", "h4c1"), ("=".into(), "heading".into()));
}
