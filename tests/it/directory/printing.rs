//! The printed and spreadsheet formats of `gbr index` on `fixtures/printing/`: snapshots of
//! each, the workbook read back with calamine, the CSV round trip, editors' templates, the
//! Typst output compiled where a Typst compiler is installed, and `-o` with an unknown
//! extension.

use std::path::Path;
use std::process::Command;

use calamine::{Data, Reader, Xlsx};

use super::{arg, fail, gbr, run};

const BOOK: &str = "fixtures/printing/book.txt";

#[track_caller]
fn index(extra: &[&str]) -> String {
    let mut args = vec!["index", BOOK];
    args.extend(extra);
    run(&args, 0)
}

#[test]
fn an_extension_no_format_has_is_an_error_that_lists_the_formats() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let pdf = dir.path().join("index.pdf");
    let error = fail(&["index", BOOK, "-o", arg(&pdf)]);
    assert_eq!(
        error,
        format!(
            "gbr: {} has an extension no format has; give --format, or one of: .txt (text), \
             .tsv (tsv), .csv (csv), .jsonl (jsonl), .html (html), .htm (html), .pgn (pgn), \
             .epd (epd), .xlsx (xlsx), .md (markdown), .markdown (markdown), .typ (typst), \
             .tex (latex)\n",
            pdf.display()
        )
    );
    assert!(!pdf.exists(), "nothing written");
    // Without an extension the default stays text; with --format any name is fine.
    let plain = dir.path().join("index");
    run(&["index", BOOK, "-o", arg(&plain)], 0);
    assert!(
        std::fs::read_to_string(&plain)
            .unwrap()
            .starts_with("0000.10  ")
    );
    run(&["index", BOOK, "-o", arg(&pdf), "--format", "tsv"], 0);
    assert!(
        std::fs::read_to_string(&pdf)
            .unwrap()
            .starts_with("code\tkings")
    );
}

#[test]
fn each_extension_names_its_format() {
    let dir = tempfile::tempdir().expect("temporary folder");
    for (name, starts) in [
        ("index.md", "# GBR directory\n"),
        ("index.typ", "#set page(paper: \"a4\""),
        ("index.tex", "\\documentclass"),
        ("index.xlsx", "PK\u{3}\u{4}"),
    ] {
        let path = dir.path().join(name);
        run(&["index", BOOK, "-o", arg(&path)], 0);
        let bytes = std::fs::read(&path).unwrap();
        assert!(bytes.starts_with(starts.as_bytes()), "{name}");
    }
}

#[test]
fn xlsx_keeps_codes_and_kings_as_text_with_findings_in_words() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("index.xlsx");
    run(&["index", BOOK, "fixtures/directory", "-o", arg(&path)], 0);
    let mut book: Xlsx<_> = calamine::open_workbook(&path).expect("a workbook calamine reads");
    assert_eq!(book.sheet_names(), ["Directory"]);
    let sheet = book.worksheet_range("Directory").expect("the sheet");
    let rows: Vec<&[Data]> = sheet.rows().collect();
    let header: Vec<String> = rows[0].iter().map(|c| c.to_string()).collect();
    assert_eq!(
        header[..5],
        ["code", "kings", "squares", "men", "stipulation"]
    );
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let first = rows[1];
    assert_eq!(first[0], Data::String("0000.10".into()));
    assert_eq!(first[column("kings")], Data::String("c3b1".into()));
    assert_eq!(first[column("squares")], Data::String(".e2".into()));
    assert_eq!(first[column("men")], Data::String("2/1".into()));
    assert_eq!(first[column("line")], Data::Float(5.0));
    // The study's label is text; a text that is no PDF page has an empty page cell.
    assert_eq!(first[column("label")], Data::String("1".into()));
    assert_eq!(first[column("page")], Data::Empty);
    let codes: Vec<String> = rows[1..].iter().map(|r| r[0].to_string()).collect();
    assert!(
        codes
            .iter()
            .all(|c| c.len() == 7 && c.as_bytes()[4] == b'.'),
        "{codes:?}"
    );
    assert!(codes.contains(&"0002.01".to_string()));
    let findings: Vec<String> = rows[1..]
        .iter()
        .map(|r| r[column("findings")].to_string())
        .filter(|f| !f.is_empty())
        .collect();
    assert!(
        findings
            .iter()
            .any(|f| f.starts_with("error: ") && f.contains("(fix: ")),
        "findings in words with their fix: {findings:?}"
    );
    assert!(
        findings.iter().all(|f| !f.starts_with('[')),
        "not JSON: {findings:?}"
    );

    // The header row is frozen (a pane split below row 1) and filtered.
    let file = std::fs::File::open(&path).unwrap();
    let mut archive = zip::ZipArchive::new(file).expect("an xlsx is a zip archive");
    let mut sheet_xml = String::new();
    std::io::Read::read_to_string(
        &mut archive.by_name("xl/worksheets/sheet1.xml").unwrap(),
        &mut sheet_xml,
    )
    .unwrap();
    let start = &sheet_xml[..sheet_xml.len().min(1500)];
    assert!(
        sheet_xml.contains("ySplit=\"1\" topLeftCell=\"A2\"")
            && sheet_xml.contains("state=\"frozen\""),
        "frozen header: {start}"
    );
    assert!(
        sheet_xml.contains("<autoFilter ref=\"A1:AE1\"/>"),
        "filtered header: {start}"
    );
}

#[test]
fn xlsx_of_a_grouped_directory_leads_with_the_group() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("index.xlsx");
    run(
        &["index", BOOK, "--group-by", "stipulation", "-o", arg(&path)],
        0,
    );
    let mut book: Xlsx<_> = calamine::open_workbook(&path).unwrap();
    let sheet = book.worksheet_range("Directory").unwrap();
    let firsts: Vec<String> = sheet.rows().map(|r| r[0].to_string()).collect();
    assert_eq!(firsts, ["group", "win", "win", "draw"]);
}

#[test]
fn csv_round_trip_keeps_the_code_as_written() {
    let csv = index(&["--format", "csv"]);
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    let codes: Vec<String> = reader
        .records()
        .map(|r| r.expect("a CSV row")[0].to_string())
        .collect();
    // Each code a formula of its text, so that a spreadsheet keeps `0000.10` (docs/directory.md).
    assert_eq!(codes, ["=\"0000.10\"", "=\"0002.01\"", "=\"0116.00\""]);
    let mut again = csv::Writer::from_writer(Vec::new());
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    again.write_record(reader.headers().unwrap()).unwrap();
    for row in reader.records() {
        again.write_record(&row.unwrap()).unwrap();
    }
    let again = String::from_utf8(again.into_inner().unwrap()).unwrap();
    assert_eq!(format!("\u{feff}{again}"), csv);
}

/// Run by `.ci/run` (`cargo test -- --ignored`) once it has installed LibreOffice
/// (`libreoffice-calc-nogui`); without it the test fails, never passes silently.
#[test]
#[ignore = "needs LibreOffice"]
fn csv_opens_in_libreoffice_with_every_code_as_written() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // Every code of the fixtures, a label with an accent among them.
    let csv = dir.path().join("codes.csv");
    let out = gbr()
        .args(["scan", "--csv", "fixtures/", "-o"])
        .output()
        .expect("run gbr");
    assert_eq!(out.status.code(), Some(2), "-o is no option of scan");
    let out = gbr()
        .args(["scan", "--csv", "fixtures/"])
        .output()
        .expect("run gbr");
    std::fs::write(&csv, &out.stdout).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let converted = crate::support::soffice(profile.path())
        .args(["--infilter=CSV:44,34,76", "--convert-to", "xlsx"])
        .arg("--outdir")
        .arg(dir.path())
        .arg(&csv)
        .output()
        .expect("LibreOffice (apt-get install libreoffice-calc-nogui)");
    assert!(converted.status.success(), "{converted:?}");
    let mut book: Xlsx<_> = calamine::open_workbook(dir.path().join("codes.xlsx")).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    let mut reader = csv::Reader::from_reader(&out.stdout[..]);
    let written: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    let rows: Vec<&[Data]> = sheet.rows().skip(1).collect();
    assert_eq!(rows.len(), written.len());
    assert!(rows.len() > 200, "{}", rows.len());
    let text = |cell: &str| {
        cell.strip_prefix("=\"")
            .and_then(|c| c.strip_suffix('"'))
            .map(str::to_string)
    };
    for (row, record) in rows.iter().zip(&written) {
        // The code: a text cell holding the code as written, never a number.
        let code = text(&record[0]).expect("a code as a formula of its text");
        assert_eq!(row[0], Data::String(code.clone()), "{record:?}");
        // W/B stays text (`4/5`, not the 5th of April); line and offset are numbers.
        if let Some(men) = text(&record[3]) {
            assert_eq!(row[3], Data::String(men), "{record:?}");
        }
        assert!(
            matches!(row[9], Data::Float(_) | Data::Int(_)),
            "{:?}",
            row[9]
        );
        // The label, accents and all (UTF-8), or a number as text.
        let label = text(&record[13]).unwrap_or_else(|| record[13].to_string());
        if !label.is_empty() {
            assert_eq!(row[13], Data::String(label), "{record:?}");
        }
    }
    assert!(
        written.iter().any(|r| r[13].contains('é')),
        "an accented label"
    );
}

#[test]
fn markdown_has_a_table_per_code() {
    insta::assert_snapshot!("markdown", index(&["--format", "markdown"]));
}

#[test]
fn markdown_grouped_has_a_heading_per_group() {
    insta::assert_snapshot!(
        "markdown-grouped",
        index(&[
            "--format",
            "markdown",
            "--group-by",
            "stipulation",
            "--title",
            "Wins | draws"
        ])
    );
}

#[test]
fn typst_document() {
    insta::assert_snapshot!("typst", index(&["--format", "typst", "--paper", "letter"]));
}

#[test]
fn latex_document() {
    insta::assert_snapshot!(
        "latex",
        index(&["--format", "latex", "--title", "50% of $5"])
    );
}

#[test]
fn compact_text_lists_code_and_kings_in_columns_under_group_headings() {
    insta::assert_snapshot!(
        "text-compact",
        run(
            &[
                "index",
                BOOK,
                "fixtures/directory",
                "--layout",
                "compact",
                "--group-by",
                "stipulation",
                "--title",
                "Index",
            ],
            0
        )
    );
}

#[test]
fn compact_html_is_one_table_with_one_header() {
    insta::assert_snapshot!(
        "html-compact",
        index(&["--format", "html", "--layout", "compact", "--columns", "2"])
    );
}

#[test]
fn an_editors_template_is_rendered_with_escaping() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let template = dir.path().join("mine.md");
    std::fs::write(
        &template,
        "{{ title }}: {{ entries }}\n{% for block in blocks %}{% for e in block.entries %}\
         {{ e.code }} {{ e.kings }} {{ e.path }}:{{ e.line }} {{ e.material }} {{ e.valid }}\n\
         {% endfor %}{% endfor %}",
    )
    .unwrap();
    let out = index(&[
        "--format",
        "markdown",
        "--template",
        arg(&template),
        "--title",
        "a_b",
    ]);
    assert_eq!(
        out,
        "a\\_b: 3\n\
         0000.10 c3b1 fixtures/printing/book.txt:5 KPvK True\n\
         0002.01 c3b1 fixtures/printing/book.txt:15 KNNvKP True\n\
         0116.00 a7d3 fixtures/printing/book.txt:10 KRBvKNN True\n"
    );
}

#[test]
fn a_broken_template_or_a_template_for_tsv_is_an_error() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let template = dir.path().join("broken.typ");
    std::fs::write(&template, "{% for b in blocks %}").unwrap();
    let error = fail(&[
        "index",
        BOOK,
        "--format",
        "typst",
        "--template",
        arg(&template),
    ]);
    assert!(
        error.starts_with("gbr: cannot write the directory"),
        "{error}"
    );
    assert!(
        error.contains("template error: syntax error: unexpected end of input"),
        "{error}"
    );
    let error = fail(&[
        "index",
        BOOK,
        "--format",
        "tsv",
        "--template",
        arg(&template),
    ]);
    assert_eq!(
        error,
        "gbr: --template applies to html, markdown, typst and latex, not tsv\n"
    );
    let error = fail(&["index", BOOK, "--format", "tsv", "--diagrams"]);
    assert_eq!(error, "gbr: --diagrams applies to html, not tsv\n");
    let error = fail(&["index", BOOK, "--format", "csv", "--layout", "compact"]);
    assert_eq!(
        error,
        "gbr: --layout compact applies to text, html, markdown, typst and latex, not csv\n"
    );
}

#[test]
fn an_editors_template_renders_html_too() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let template = dir.path().join("mine.html");
    std::fs::write(
        &template,
        "<h1>{{ title }}</h1> {{ layout }} {{ paper.css }}\n{% for block in blocks %}\
         {% for e in block.entries %}<p>{{ e.code }} {{ e.squares|wrap }}</p>\n{% endfor %}\
         {% endfor %}",
    )
    .unwrap();
    let out = index(&[
        "--format",
        "html",
        "--template",
        arg(&template),
        "--title",
        "<Index & co>",
    ]);
    assert_eq!(
        out,
        "<h1>&lt;Index &amp; co&gt;</h1> full A4\n\
         <p>0000.10 .e2</p>\n\
         <p>0002.01 </p>\n\
         <p>0116.00 b2<wbr>b3<wbr>c6<wbr>d6</p>\n"
    );
}

#[test]
fn a_title_or_paper_keeps_the_html_layout() {
    let plain = index(&["--format", "html"]);
    let titled = index(&["--format", "html", "--title", "Index", "--paper", "letter"]);
    assert!(
        plain.contains("@page { size: A4; margin: 12mm; }"),
        "{plain}"
    );
    assert!(titled.contains("@page { size: letter; margin: 12mm; }"));
    let same = titled
        .replace("size: letter", "size: A4")
        .replace("Index", "GBR directory");
    assert_eq!(same, plain, "only the title and the paper change");
}

#[test]
fn compact_layouts_of_the_typeset_formats() {
    for (name, format) in [
        ("markdown-compact", "markdown"),
        ("typst-compact", "typst"),
        ("latex-compact", "latex"),
    ] {
        let out = run(
            &[
                "index",
                BOOK,
                "fixtures/labels/eg-blocks.txt",
                "--format",
                format,
                "--layout",
                "compact",
                "--group-by",
                "stipulation",
                "--columns",
                "2",
            ],
            0,
        );
        insta::assert_snapshot!(name, out);
    }
}

#[test]
fn long_cells_get_break_opportunities() {
    // EG's study 18610 lists ten squares: each may end a line in a narrow column.
    let latex = run(
        &[
            "index",
            "fixtures/labels/eg-blocks.txt",
            "--format",
            "latex",
        ],
        0,
    );
    assert!(
        latex.contains(
            "d3\\allowbreak{}d6\\allowbreak{}g5\\allowbreak{}g2.\\allowbreak{}c4\\allowbreak{}c5"
        ),
        "{latex}"
    );
    let typst = run(
        &[
            "index",
            "fixtures/labels/eg-blocks.txt",
            "--format",
            "typst",
        ],
        0,
    );
    assert!(typst.contains(r"d3\u{200B}d6\u{200B}g5"), "{typst}");
}

/// How to compile Typst here: the `typst` binary, else the `typst` Python package of the
/// `python3` first on the PATH (`.ci/run` installs it in `target/typst-venv`).
fn typst_compiler() -> Option<Vec<String>> {
    let works = |cmd: &mut Command| cmd.output().is_ok_and(|o| o.status.success());
    if works(Command::new("typst").arg("--version")) {
        return Some(vec!["typst".into(), "compile".into()]);
    }
    if works(Command::new("python3").args(["-c", "import typst"])) {
        return Some(vec![
            "python3".into(),
            "-c".into(),
            "import sys, typst; typst.compile(sys.argv[1], output=sys.argv[2])".into(),
        ]);
    }
    None
}

/// Run by `.ci/run` (`cargo test -- --include-ignored`) once it has installed the compiler;
/// without one it fails, never passes silently.
#[test]
#[ignore = "needs the typst Python module"]
fn typst_output_compiles_to_a_pdf() {
    let compiler = typst_compiler().expect(
        "a Typst compiler: the typst binary, or the typst Python module (pip install typst)",
    );
    let dir = tempfile::tempdir().expect("temporary folder");
    for (name, extra) in [
        ("plain", vec![]),
        ("duplicates", vec!["--duplicates"]),
        (
            "grouped",
            vec![
                "--group-by",
                "stipulation",
                "--title",
                "#1 [a_b] *c* $d$ @e <f>",
            ],
        ),
    ] {
        let source = dir.path().join(format!("{name}.typ"));
        let pdf = dir.path().join(format!("{name}.pdf"));
        let mut args = vec![
            "index",
            BOOK,
            "fixtures/directory",
            "fixtures/labels",
            "-o",
            arg(&source),
        ];
        args.extend(extra);
        gbr().args(&args).assert().success();
        let output = Command::new(&compiler[0])
            .args(&compiler[1..])
            .arg(&source)
            .arg(&pdf)
            .output()
            .expect("run the Typst compiler");
        assert!(
            output.status.success(),
            "{name}: typst failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"), "{name}");
    }

    // 1,306 entries: a table per code in the full layout; three columns a page in the compact
    // one, on a few pages of the paper asked for.
    let inputs = super::print_html::page_count_inputs(dir.path());
    for (layout, paper, size, pages) in [
        ("full", "a4", (595.0, 842.0), 60..=140),
        ("compact", "a4", (595.0, 842.0), 4..=8),
        ("compact", "letter", (612.0, 792.0), 4..=8),
    ] {
        let source = dir.path().join(format!("{layout}-{paper}.typ"));
        let pdf = source.with_extension("pdf");
        let mut args: Vec<&str> = vec!["index"];
        args.extend(inputs.iter().map(String::as_str));
        args.extend([
            "--group-by",
            "stipulation",
            "--layout",
            layout,
            "--paper",
            paper,
        ]);
        args.extend(["-o", arg(&source)]);
        gbr().args(&args).assert().success();
        let output = Command::new(&compiler[0])
            .args(&compiler[1..])
            .arg(&source)
            .arg(&pdf)
            .output()
            .expect("run the Typst compiler");
        assert!(
            output.status.success(),
            "{layout}: typst failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let (n, got) = super::print_html::pages_and_size(&std::fs::read(&pdf).unwrap());
        eprintln!("1,306 entries, typst {layout} on {paper}: {n} pages");
        assert!(
            (got.0 - size.0).abs() < 2.0 && (got.1 - size.1).abs() < 2.0,
            "{layout} on {paper}: {got:?}"
        );
        assert!(pages.contains(&n), "{layout} on {paper}: {n} pages");
    }
}

/// The pages of the PDF `pdflatex` wrote, from its log (`Output written on x.pdf (7 pages`).
fn latex_pages(log: &str) -> usize {
    let at = log.find("Output written on").expect("pdflatex wrote a PDF");
    let rest = &log[at..];
    let open = rest.find('(').expect("a page count") + 1;
    rest[open..]
        .split(' ')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("a page count")
}

/// Run by `.ci/run` (`cargo test -- --ignored`) once it has installed `texlive-latex-base` and
/// `lmodern`: both layouts of 1,306 entries (long square lists, labels and paths included)
/// compile with pdflatex without an overfull box, the compact one on a few pages.
#[test]
#[ignore = "needs LaTeX"]
fn latex_compiles_without_overfull_boxes_in_both_layouts() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let inputs = super::print_html::page_count_inputs(dir.path());
    for (layout, paper, pages) in [
        ("full", "a4", 100..=170),
        ("compact", "a4", 5..=8),
        ("compact", "letter", 5..=8),
    ] {
        let source = dir.path().join(format!("{layout}-{paper}.tex"));
        let mut args: Vec<&str> = vec!["index"];
        args.extend(inputs.iter().map(String::as_str));
        args.extend([
            "--group-by",
            "stipulation",
            "--layout",
            layout,
            "--paper",
            paper,
        ]);
        args.extend(["--title", "50% of $5 & #1_a", "-o", arg(&source)]);
        gbr().args(&args).assert().success();
        let output = Command::new("pdflatex")
            .args([
                "-interaction=nonstopmode",
                "-halt-on-error",
                "-output-directory",
            ])
            .arg(dir.path())
            .arg(&source)
            .output()
            .expect("run pdflatex (apt-get install texlive-latex-base lmodern)");
        let log = std::fs::read_to_string(source.with_extension("log")).unwrap_or_default();
        assert!(
            output.status.success(),
            "{layout}: pdflatex failed: {}",
            String::from_utf8_lossy(&output.stdout)
        );
        let overfull: Vec<&str> = log
            .lines()
            .filter(|l| l.starts_with("Overfull \\hbox"))
            .collect();
        assert!(overfull.is_empty(), "{layout}: {overfull:#?}");
        let n = latex_pages(&log);
        eprintln!("1,306 entries, latex {layout} on {paper}: {n} pages");
        assert!(pages.contains(&n), "{layout} on {paper}: {n} pages");
        assert!(Path::new(&source.with_extension("pdf")).exists());
    }
}
