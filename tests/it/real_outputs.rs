//! `gbr index` of each real source of `../shared/real/` in every format, opened in the program
//! that reads it, as the format tests of `tests/it/directory/` do on the fixtures: the HTML page
//! in headless Chromium (the blog's page shows its 2 entries), the CSV and the XLSX in
//! LibreOffice, the LaTeX compiled by pdflatex and the Typst by the Typst compiler without a
//! warning, the PGN and EPD read by python-chess, the TSV by Python's `csv` module, the JSON
//! Lines as records. Where `../shared/real` is absent each test says so and passes; where a
//! program is missing it says so too, but fails under CI (`CI` set), which installs them.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::directory::html::{chromium, headless};
use super::real::{SOURCES, real_dir};
use crate::support::gbr::{arg, gbr};

/// `gbr index SOURCE -o DIR/NAME.EXT` run in `real`: the file written.
fn index(real: &Path, source: &str, dir: &Path, ext: &str) -> PathBuf {
    let name = source.replace(['/', '.'], "-");
    let out = dir.join(format!("{name}.{ext}"));
    let run = gbr()
        .current_dir(real)
        .args(["index", source, "-o", arg(&out)])
        .output()
        .expect("run gbr");
    assert!(
        run.status.success(),
        "gbr index {source} -o .{ext}: {run:?}"
    );
    out
}

/// The entries of `source`'s directory: its JSON Lines, each a record.
fn entries(real: &Path, source: &str, dir: &Path) -> Vec<gbrscan::Record> {
    let jsonl = std::fs::read_to_string(index(real, source, dir, "jsonl")).unwrap();
    jsonl
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect()
}

/// Whether `program` runs (`program ARGS` exits 0); if not, says so, and fails under CI.
fn have(program: &str, args: &[&str]) -> bool {
    let ok = Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(std::env::var_os("CI").is_none(), "CI needs {program}");
        eprintln!("skipped: {program} {args:?} does not run here");
    }
    ok
}

/// A script Chromium runs after parsing the page: the rows of the entries' tables and the
/// contents links with no target, written into the page for `--dump-dom` in place of the
/// page's body (the test's helper reads the DOM once Chromium has ended, so the dump must fit
/// in a pipe's buffer).
const COUNT: &str = r##"<script>
(() => {
  const links = [...document.querySelectorAll('nav a[href^="#"]')];
  const out = document.createElement('pre');
  out.id = 'gbr-count';
  out.textContent = JSON.stringify({
    rows: document.querySelectorAll('main tbody tr').length,
    unresolved: links.filter(a => !document.getElementById(decodeURIComponent(a.hash.slice(1)))).length,
  });
  document.head.replaceChildren();
  document.body.replaceChildren(out);
})();
</script>"##;

#[test]
#[ignore = "needs ../shared/real and chromium"]
fn real_html_pages_show_every_entry_in_chromium() {
    let Some(real) = real_dir() else { return };
    let Some(chromium) = chromium() else {
        assert!(std::env::var_os("CI").is_none(), "CI needs chromium");
        eprintln!("skipped: chromium is not installed");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    for src in SOURCES {
        let n = entries(&real, src.path, dir.path()).len();
        let page = index(&real, src.path, dir.path(), "html");
        let html = std::fs::read_to_string(&page).unwrap();
        std::fs::write(&page, html.replace("</body>", &format!("{COUNT}\n</body>"))).unwrap();
        let profile = tempfile::tempdir().unwrap();
        let dom = headless(
            &chromium,
            profile.path(),
            &["--dump-dom"],
            &format!("file://{}", page.display()),
        );
        let report = dom
            .split("<pre id=\"gbr-count\">")
            .nth(1)
            .and_then(|rest| rest.split("</pre>").next())
            .expect("Chromium ran the script");
        let report: serde_json::Value =
            serde_json::from_str(&report.replace("&quot;", "\"")).unwrap();
        eprintln!("{}: {n} entries, {report}", src.path);
        assert_eq!(report["rows"], n as u64, "{}: a row per entry", src.path);
        assert_eq!(report["unresolved"], 0, "{}", src.path);
        if src.path == "lczero-blog" {
            assert_eq!(n, 2, "the blog's page shows its 2 studies");
        }
    }
}

#[test]
#[ignore = "needs ../shared/real and LibreOffice"]
fn real_csv_and_xlsx_open_in_libreoffice() {
    let Some(real) = real_dir() else { return };
    if !have("soffice", &["--version"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let opened = dir.path().join("opened");
    for src in SOURCES {
        let n = entries(&real, src.path, dir.path()).len();
        for (ext, to, filter) in [
            ("csv", "xlsx", Some("--infilter=CSV:44,34,76")),
            ("xlsx", "csv", None),
        ] {
            let file = index(&real, src.path, dir.path(), ext);
            let profile = tempfile::tempdir().unwrap();
            let mut soffice = crate::support::soffice(profile.path());
            soffice.args(filter);
            let out = soffice
                .args(["--convert-to", to, "--outdir"])
                .arg(&opened)
                .arg(&file)
                .output()
                .expect("run soffice");
            assert!(out.status.success(), "{}.{ext}: {out:?}", src.path);
            let stem = file.file_stem().unwrap().to_str().unwrap();
            let converted = opened.join(format!("{stem}.{to}"));
            let rows = if to == "xlsx" {
                use calamine::Reader;
                let mut book: calamine::Xlsx<_> = calamine::open_workbook(&converted).unwrap();
                book.worksheet_range_at(0).unwrap().unwrap().rows().count()
            } else {
                csv::Reader::from_path(&converted)
                    .unwrap()
                    .records()
                    .count()
                    + 1
            };
            eprintln!("{}.{ext} opened in LibreOffice: {rows} rows", src.path);
            assert_eq!(
                rows,
                n + 1,
                "{}.{ext}: a header and a row per entry",
                src.path
            );
        }
    }
}

#[test]
#[ignore = "needs ../shared/real and LaTeX"]
fn real_latex_compiles_without_a_warning() {
    let Some(real) = real_dir() else { return };
    if !have("pdflatex", &["--version"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for src in SOURCES {
        let tex = index(&real, src.path, dir.path(), "tex");
        let out = Command::new("pdflatex")
            .args([
                "-interaction=nonstopmode",
                "-halt-on-error",
                "-output-directory",
            ])
            .arg(dir.path())
            .arg(&tex)
            .output()
            .expect("run pdflatex");
        let log = std::fs::read_to_string(tex.with_extension("log")).unwrap_or_default();
        assert!(
            out.status.success(),
            "{}: {}",
            src.path,
            String::from_utf8_lossy(&out.stdout)
        );
        let warnings: Vec<&str> = log
            .lines()
            .filter(|l| l.starts_with("Overfull") || l.contains("Warning"))
            .collect();
        assert!(warnings.is_empty(), "{}: {warnings:#?}", src.path);
    }
}

/// Compiles a Typst file with the `typst` Python module and prints its warnings.
const TYPST: &str = "import sys, typst
_, warnings = typst.compile_with_warnings(sys.argv[1], output=sys.argv[2])
for w in warnings:
    print(w)";

#[test]
#[ignore = "needs ../shared/real and the typst Python module"]
fn real_typst_compiles_without_a_warning() {
    let Some(real) = real_dir() else { return };
    if !have("python3", &["-c", "import typst"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for src in SOURCES {
        let typ = index(&real, src.path, dir.path(), "typ");
        let pdf = typ.with_extension("pdf");
        let out = Command::new("python3")
            .args(["-c", TYPST])
            .arg(&typ)
            .arg(&pdf)
            .output()
            .expect("run python3");
        assert!(
            out.status.success(),
            "{}: {}",
            src.path,
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "",
            "{}: warnings",
            src.path
        );
        assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF-"));
    }
}

/// Reads a PGN export (argument 1) and an EPD export (argument 2) with python-chess and the
/// TSV (argument 3) with Python's `csv` module: the games (none with an error), the positions,
/// and the TSV's rows (each as wide as its header).
const PYTHON: &str = r#"
import sys, csv, chess, chess.pgn
games = 0
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        assert not game.errors, game.errors
        games += 1
positions = 0
with open(sys.argv[2], encoding="utf-8") as f:
    for line in f:
        if line.strip():
            chess.Board.from_epd(line)
            positions += 1
with open(sys.argv[3], encoding="utf-8", newline="") as f:
    rows = list(csv.reader(f, delimiter="\t"))
assert all(len(r) == len(rows[0]) for r in rows), "ragged rows"
print(games, positions, len(rows))
"#;

#[test]
#[ignore = "needs ../shared/real and python-chess"]
fn real_pgn_epd_and_tsv_read_by_python() {
    let Some(real) = real_dir() else { return };
    if !have("python3", &["-c", "import chess"]) {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    for src in SOURCES {
        let records = entries(&real, src.path, dir.path());
        let full = records.iter().filter(|r| r.squares.is_some()).count();
        let files = ["pgn", "epd", "tsv"].map(|ext| index(&real, src.path, dir.path(), ext));
        let out = Command::new("python3")
            .args(["-c", PYTHON])
            .args(&files)
            .output()
            .expect("run python3");
        assert!(
            out.status.success(),
            "{}: {}",
            src.path,
            String::from_utf8_lossy(&out.stderr)
        );
        let counts = String::from_utf8(out.stdout).unwrap();
        eprintln!(
            "{}: {} entries, {full} full; games, positions, TSV rows: {counts}",
            src.path,
            records.len()
        );
        assert_eq!(
            counts.trim(),
            format!("{full} {full} {}", records.len() + 1),
            "{}: every full position a game and an EPD line, every entry a TSV row",
            src.path
        );
        // The Markdown and the text list every code of the directory.
        for ext in ["md", "txt"] {
            let text = std::fs::read_to_string(index(&real, src.path, dir.path(), ext)).unwrap();
            for r in &records {
                assert!(
                    text.contains(&r.code.to_string()),
                    "{}.{ext}: {}",
                    src.path,
                    r.code
                );
            }
        }
    }
}
