//! `--ocr` (docs/inputs.md, "OCR"; docs/reading.md, "OCR"): scans made in the test from the
//! captions of `fixtures/ocr/captions.tex` (typeset with pdflatex, rasterized with pdftoppm at 200, 300 and 400 dpi,
//! blurred, rotated, as image-only PDFs, a multi-page TIFF, a PNG and a JPEG:
//! `fixtures/ocr/scans.py`) read through Tesseract, every code with its kings and page. The
//! tests that run Tesseract are `#[ignore = "needs Tesseract"]` (CI installs it from Debian,
//! `.ci/run`) and fail loudly when it is missing; those below them need nothing.

use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::sync::OnceLock;

use crate::support::archives;
use crate::support::gbr::{cached_in, gbr, streams};

/// The scans of the captions, made once per test run under `target/ocr-scans`.
fn scans() -> &'static Path {
    static MADE: OnceLock<PathBuf> = OnceLock::new();
    MADE.get_or_init(|| {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
        let out = root.join("target/ocr-scans");
        let script = root.join("fixtures/ocr/scans.py");
        // Debian's python3 has Pillow (python3-pil); a python3 first on the PATH may not.
        let made = ["python3", "/usr/bin/python3"].iter().any(|python| {
            Process::new(python)
                .arg(&script)
                .arg(&out)
                .status()
                .is_ok_and(|s| s.success())
        });
        assert!(
            made,
            "fixtures/ocr/scans.py failed: it needs texlive-latex-base, lmodern, poppler-utils, img2pdf \
             and python3-pil"
        );
        out
    })
}

/// `gbr ARGS` with its own empty cache folder: stdout, stderr, exit code.
#[track_caller]
fn ocr_run(args: &[&str], cache: &Path) -> (String, String, i32) {
    cached_in(cache, args)
}

/// Each record line of `gbr scan` without its path: `page:line:column: canonical`, the
/// verdict left out.
fn records(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|line| {
            let (_, rest) = line.split_once(".pdf:").or(line.split_once(".tif:"))?;
            let cut = rest
                .find(" ok ")
                .or(rest.find(" invalid "))
                .or(rest.find(" unchecked "))?;
            Some(rest[..cut].to_owned())
        })
        .collect()
}

/// The captions as typeset, as the text layer would give them: page, line, column, then each
/// code's canonical text (kings first; gbr-notation.md §2).
const CAPTIONS: [&str; 8] = [
    "1:5:1: a7d3 0116.00 b2b3c6d6 3/3+.",
    "1:10:1: c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7+.",
    "1:12:19: a1h8 0031.10 h1f4.a7 3/2+.",
    "1:14:25: 1234.56",
    "2:3:1: f1h1 0001.04 2/5+.",
    "2:5:1: a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.",
    "2:6:1: g3g1 0323.12 =",
    "2:7:21: a2f1 0411.56 10/9+.",
];

#[track_caller]
fn scan_reads_every_caption(file: &str) {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join(file);
    let (out, err, code) = ocr_run(
        &["scan", "--ocr", "--no-cache", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    assert_eq!(code, 0, "{out}{err}");
    // One invalid code: the printed error, found with its fix; no false alarm from OCR.
    assert!(
        err.starts_with("8 codes in 1 file, 1 invalid,"),
        "no message but the summary: {err}"
    );
    assert_eq!(records(&out), CAPTIONS, "{file}:\n{out}");
    assert!(
        out.contains(
            "error men-count: W/B is 10/9, the code gives 9/8; the code should probably read \
             0411.67"
        ),
        "{out}"
    );
}

#[test]
#[ignore = "needs Tesseract"]
fn an_image_only_pdf_at_200_dpi_reads_every_caption_with_its_page() {
    scan_reads_every_caption("scan-200.pdf");
}

#[test]
#[ignore = "needs Tesseract"]
fn an_image_only_pdf_at_300_dpi_reads_every_caption_with_its_page() {
    scan_reads_every_caption("scan-300.pdf");
}

#[test]
#[ignore = "needs Tesseract"]
fn an_image_only_pdf_at_400_dpi_reads_every_caption_with_its_page() {
    scan_reads_every_caption("scan-400.pdf");
}

#[test]
#[ignore = "needs Tesseract"]
fn a_multi_page_tiff_reads_every_caption_with_its_page() {
    scan_reads_every_caption("scan-300.tif");
}

#[test]
#[ignore = "needs Tesseract"]
fn a_png_and_a_jpeg_read_as_one_page_without_a_page_number() {
    let cache = tempfile::tempdir().expect("a cache folder");
    for file in ["page-1.png", "page-1.jpg"] {
        let path = scans().join(file);
        let (out, err, code) = ocr_run(
            &["scan", "--ocr", path.to_str().expect("UTF-8")],
            cache.path(),
        );
        assert_eq!(code, 0, "{out}{err}");
        assert!(err.starts_with("4 codes in 1 file"), "{err}");
        let lines: Vec<&str> = out
            .lines()
            .map(|l| l.split_once(&format!("{file}:")).expect("a record").1)
            .collect();
        assert_eq!(
            lines,
            [
                "5:1: a7d3 0116.00 b2b3c6d6 3/3+. ok [full]",
                "10:1: c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7+. ok [full]",
                "12:19: a1h8 0031.10 h1f4.a7 3/2+. ok [full]",
                "14:25: 1234.56 unchecked [bare]",
            ],
            "{file}"
        );
    }
}

/// The code and kings of each record of `gbr scan --ocr --json FILE`, with its page index.
fn codes_and_kings(file: &Path, cache: &Path) -> Vec<(u64, String, String)> {
    let (out, err, code) = ocr_run(
        &["scan", "--ocr", "--json", file.to_str().expect("UTF-8")],
        cache,
    );
    assert_eq!((err.as_str(), code), ("", 0));
    out.lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|v| v["type"] == "match")
        .map(|v| {
            let d = &v["data"];
            (
                d["page_index"].as_u64().expect("a page"),
                d["code"].as_str().expect("a code").to_owned(),
                d["kings"].as_str().unwrap_or("").to_owned(),
            )
        })
        .collect()
}

const CODES_AND_KINGS: [(u64, &str, &str); 8] = [
    (1, "0116.00", "a7d3"),
    (1, "0015.15", "c2h4"),
    (1, "0031.10", "a1h8"),
    (1, "1234.56", ""),
    (2, "0001.04", "f1h1"),
    (2, "0000.32", "a2c4"),
    (2, "0323.12", "g3g1"),
    (2, "0411.56", "a2f1"),
];

#[test]
#[ignore = "needs Tesseract"]
fn blurred_and_rotated_scans_keep_every_code_kings_and_page() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let expected: Vec<(u64, String, String)> = CODES_AND_KINGS
        .iter()
        .map(|&(p, c, k)| (p, c.to_owned(), k.to_owned()))
        .collect();
    for file in ["noisy-blur.pdf", "noisy-rotate.pdf"] {
        assert_eq!(
            codes_and_kings(&scans().join(file), cache.path()),
            expected,
            "{file}"
        );
    }
}

#[test]
#[ignore = "needs Tesseract"]
fn a_misread_square_shows_in_the_records_ocr_fixes() {
    // The blurred scan's last caption comes out of Tesseract as `=0323.12 g3gl1`: the `l` is a
    // stray mark that the kings' count of two squares decides.
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("noisy-blur.pdf");
    let (out, _, _) = ocr_run(
        &["scan", "--ocr", "--json", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    let record = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|v| v["data"]["code"] == "0323.12")
        .expect("the record of 0323.12");
    assert_eq!(
        record["data"]["ocr_fixes"],
        serde_json::json!([{"offset": record["data"]["ocr_fixes"][0]["offset"], "found": "g3gl1", "read": "g3g1", "part": "squares"}])
    );
    assert_eq!(record["data"]["kings"], "g3g1");
    // A record of a clean caption carries none.
    assert!(
        out.lines()
            .any(|l| l.contains("\"0116.00\"") && !l.contains("ocr_fixes"))
    );
    // And `gbr check --ocr` shows it as a note at its place on the page.
    let (out, _, _) = ocr_run(
        &["check", "--ocr", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    assert!(
        out.contains("note[ocr]: OCR gave `g3gl1` (squares), read as `g3g1`\n"),
        "{out}"
    );
    assert!(out.contains("noisy-blur.pdf:2:6:10\n"), "{out}");
}

#[test]
#[ignore = "needs Tesseract"]
fn a_mixed_pdf_reads_its_text_layer_and_ocrs_only_the_scanned_pages() {
    let dir = tempfile::tempdir().expect("a folder");
    let text = dir.path().join("text.pdf");
    std::fs::write(&text, archives::pdf_of(&[&["Win: a1c3 0130.00 b2d4 2/2"]])).expect("write");
    let mixed = dir.path().join("mixed.pdf");
    let united = Process::new("pdfunite")
        .arg(&text)
        .arg(scans().join("scan-300.pdf"))
        .arg(&mixed)
        .status()
        .expect("pdfunite (poppler-utils)");
    assert!(united.success());
    let (out, err, code) = ocr_run(
        &["scan", "--ocr", "--json", mixed.to_str().expect("UTF-8")],
        dir.path(),
    );
    assert_eq!((err.as_str(), code), ("", 0));
    let pages: Vec<(u64, String)> = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|v| v["type"] == "match")
        .map(|v| {
            (
                v["data"]["page_index"].as_u64().expect("a page"),
                v["data"]["code"].as_str().expect("a code").to_owned(),
            )
        })
        .collect();
    let mut expected = vec![(1, "0130.00".to_owned())];
    expected.extend(
        CODES_AND_KINGS
            .iter()
            .map(|&(p, c, _)| (p + 1, c.to_owned())),
    );
    assert_eq!(pages, expected);
}

#[test]
#[ignore = "needs Tesseract"]
fn the_second_run_reads_the_cache_and_no_cache_keeps_none() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("scan-300.pdf");
    let args = ["scan", "--ocr", path.to_str().expect("UTF-8")];
    let first = ocr_run(&args, cache.path());
    let kept: Vec<_> = walk(&cache.path().join("gbr/ocr"))
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    // One text a page, and the file's whole reading (its pages in order: a JSON array).
    let (whole, pages): (Vec<_>, Vec<_>) = kept
        .iter()
        .partition(|p| std::fs::read(p).is_ok_and(|b| b.starts_with(b"[")));
    assert_eq!((whole.len(), pages.len()), (1, 2), "{kept:?}");
    // The cache's folder is tagged as one, for backups and for gbr's own walks.
    assert!(cache.path().join("gbr/ocr/CACHEDIR.TAG").is_file());
    // The whole reading is what the second run reads, the PDF neither parsed nor rendered:
    // change it, and the record changes.
    let text = std::fs::read_to_string(whole[0]).expect("read");
    assert!(
        text.contains("0001.04"),
        "page 2's text is in the whole reading"
    );
    std::fs::write(whole[0], text.replace("0001.04", "0002.04")).expect("write");
    let second = ocr_run(&args, cache.path());
    assert_eq!(
        first.0.replace("0001.04", "0002.04").lines().count(),
        second.0.lines().count()
    );
    assert!(second.0.contains("f1h1 0002.04"), "{}", second.0);
    // Without it, the pages' texts are read from the cache, and the whole reading kept again.
    std::fs::remove_file(whole[0]).expect("remove");
    let third = ocr_run(&args, cache.path());
    assert_eq!(third.0, first.0);
    assert!(whole[0].is_file(), "kept again");
    let fresh = tempfile::tempdir().expect("a cache folder");
    let (out, _, _) = ocr_run(
        &["scan", "--ocr", "--no-cache", path.to_str().expect("UTF-8")],
        fresh.path(),
    );
    assert!(out.contains("f1h1 0001.04"));
    assert!(
        !fresh.path().join("gbr").exists(),
        "--no-cache keeps nothing"
    );
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(walk(&path));
        } else {
            files.push(path);
        }
    }
    files
}

#[test]
#[ignore = "needs Tesseract"]
fn a_missing_language_pack_is_named() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let (_, err, code) = ocr_run(
        &[
            "scan",
            "--ocr",
            "--ocr-lang",
            "eng+xyz",
            "fixtures/ocr/captions.tex",
        ],
        cache.path(),
    );
    assert_eq!(
        err,
        "gbr: --ocr-lang xyz: Tesseract has no data for it: install it with 'apt install \
         tesseract-ocr-xyz'\n"
    );
    assert_eq!(code, 2);
}

#[test]
#[ignore = "needs Tesseract"]
fn gbr_text_prints_the_ocr_text_and_check_finds_the_printed_error() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("scan-300.pdf");
    let (out, err, code) = ocr_run(
        &["text", "--ocr", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    assert_eq!((err.as_str(), code), ("", 0));
    assert!(out.contains("==> "), "{out}");
    assert!(out.contains("page 2 <==\n"), "{out}");
    assert!(out.contains("a2c4 0000.32 .d4e3f2e4f3 4/3 WTM."), "{out}");
    let (out, err, code) = ocr_run(
        &["check", "--ocr", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    // The printed error, with its fix, at its place on page 2; nothing else.
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.starts_with(
            "error[men-count]: W/B is 10/9, the code gives 9/8; the code should probably read \
             0411.67, or else W/B 9/8\n"
        ),
        "{out}"
    );
    assert!(out.contains("scan-300.pdf:2:7:26\n"), "{out}");
    assert!(out.contains("; errors: men-count 1;"), "{out}");
}

/// A scanned bulletin's caption whose kings and code OCR garbled (`e/b> UU4U.11 3/3 Win`),
/// rebuilt from the board printed over it, with a note that says so; the other caption, read
/// whole, is left as OCR gave it (docs/reading.md, "A caption rebuilt from its board").
#[test]
#[ignore = "needs Tesseract"]
fn a_caption_ocr_garbled_is_rebuilt_from_its_board_with_a_note() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("garbled-caption.png");
    let path = path.to_str().expect("UTF-8");
    let (out, _, code) = ocr_run(&["scan", "--ocr", path], cache.path());
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(": e7b5 0040.11 f5c8.e2c2 3/3+. ok"),
        "the rebuilt caption, its squares from the board: {out}"
    );
    assert!(out.contains(": b6b1 0033.00 b3e6 1/3+. ok"), "{out}");
    let (out, err, code) = ocr_run(&["check", "--ocr", path], cache.path());
    assert_eq!((err.as_str(), code), ("", 0), "{out}");
    assert!(
        out.starts_with(
            "note[ocr]: OCR gave `e/b> UU4U.11` for the kings and code; rebuilt from the \
             picture above as `e7b5 0040.11`"
        ),
        "{out}"
    );
    assert_eq!(out.matches("note[ocr]").count(), 1, "{out}");
    assert!(
        out.contains("2 codes, 2 valid; no errors; 0 warnings"),
        "{out}"
    );
}

/// A board printed without a caption is a record of its own, its caption written from the
/// board and marked in its OCR fixes (docs/reading.md, "A board without a caption").
#[test]
#[ignore = "needs Tesseract"]
fn a_board_without_a_caption_is_a_record_marked_as_read_from_the_picture() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("no-caption.png");
    let path = path.to_str().expect("UTF-8");
    let (out, _, code) = ocr_run(&["scan", "--ocr", "--json", path], cache.path());
    assert_eq!(code, 0, "{out}");
    let records: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &serde_json::Value| v["type"] == "match")
        .collect();
    assert_eq!(records.len(), 2, "{out}");
    let own = records
        .iter()
        .find(|r| r["data"]["code"] == "0040.11")
        .unwrap_or_else(|| panic!("the board's own record: {out}"));
    let fixes = &own["data"]["ocr_fixes"];
    assert_eq!(fixes[0]["found"], "", "{own}");
    assert_eq!(fixes[0]["read"], "e7b5 0040.11 f5c8.e2c2 3/3", "{own}");
    assert_eq!(fixes[0]["from_picture"], true, "{own}");
    let captioned = records
        .iter()
        .find(|r| r["data"]["code"] == "0033.00")
        .expect("the captioned board's record");
    assert!(
        captioned["data"]["ocr_fixes"].is_null(),
        "a caption OCR read whole is not marked: {captioned}"
    );
}

/// The shared Probleemblad issue, two of its pages rasterized at 300 dpi and read through OCR,
/// against its own text layer: the same six codes with the same kings and as many squares.
#[test]
#[ignore = "needs Tesseract and ../shared/corpus"]
fn a_rasterized_magazine_page_reads_as_its_text_layer_does() {
    let pdf = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/pdf/probleemblad-2013-4.pdf");
    if !pdf.exists() {
        eprintln!("skipped: {} not found", pdf.display());
        return;
    }
    let dir = tempfile::tempdir().expect("a folder");
    let root = dir.path().join("p");
    let rendered = Process::new("pdftoppm")
        .args(["-r", "300", "-gray", "-png", "-f", "35", "-l", "36"])
        .arg(&pdf)
        .arg(&root)
        .status()
        .expect("pdftoppm (poppler-utils)");
    assert!(rendered.success());
    let scan = dir.path().join("scan.pdf");
    let made = Process::new("img2pdf")
        .arg(dir.path().join("p-35.png"))
        .arg(dir.path().join("p-36.png"))
        .arg("-o")
        .arg(&scan)
        .status()
        .expect("img2pdf");
    assert!(made.success());
    let summary = |file: &Path, ocr: bool| -> Vec<(String, String, usize)> {
        let mut args = vec!["scan", "--json"];
        if ocr {
            args.push("--ocr");
        }
        args.push(file.to_str().expect("UTF-8"));
        let (out, _, _) = ocr_run(&args, dir.path());
        out.lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
            .filter(|v| v["type"] == "match")
            .map(|v| {
                let d = &v["data"];
                let squares = d["squares"].as_str().unwrap_or("").replace('.', "").len() / 2;
                (
                    d["code"].as_str().expect("code").to_owned(),
                    d["kings"].as_str().unwrap_or("").to_owned(),
                    squares,
                )
            })
            .collect()
    };
    let layer = summary(&pdf, false);
    assert_eq!(layer.len(), 6);
    assert_eq!(summary(&scan, true), layer);
}

/// `fixtures/diagrams/drawn.pdf` (a caption whose black king its board shows a square off, a
/// board printed under a line with no code) rasterized at 300 dpi into an image-only PDF: `gbr
/// check --ocr` on the scan reports what `gbr check --diagrams` reports on the text layer, the
/// same finding of each kind on the same page, from the board read in the picture (the third
/// copy) against the caption OCR read (docs/reading.md, "Diagrams in pictures").
#[test]
#[ignore = "needs Tesseract"]
fn a_scanned_page_reports_the_printed_errors_its_text_layer_reports() {
    let pdf = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/diagrams/drawn.pdf");
    let dir = tempfile::tempdir().expect("a folder");
    let rendered = Process::new("pdftoppm")
        .args(["-r", "300", "-gray", "-png"])
        .arg(&pdf)
        .arg(dir.path().join("p"))
        .status()
        .expect("pdftoppm (poppler-utils)");
    assert!(rendered.success());
    let scan = dir.path().join("scan.pdf");
    let made = Process::new("img2pdf")
        .args((1..=4).map(|n| dir.path().join(format!("p-{n}.png"))))
        .arg("-o")
        .arg(&scan)
        .status()
        .expect("img2pdf");
    assert!(made.success());
    // Each finding's head line and page, and the summary line.
    let findings = |args: &[&str], file: &Path| -> (Vec<(String, String)>, String) {
        let mut args = args.to_vec();
        args.push(file.to_str().expect("UTF-8"));
        let (out, err, code) = ocr_run(&args, dir.path());
        assert_eq!(code, 0, "{out}{err}");
        let lines: Vec<&str> = out.lines().collect();
        let mut found = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if line.starts_with("warning[")
                || line.starts_with("error[")
                || line.starts_with("note[")
            {
                // The place: ` --> PATH:PAGE:LINE:COLUMN`, its page.
                let page = lines
                    .get(i + 1)
                    .and_then(|l| l.rsplit(':').nth(2))
                    .unwrap_or("")
                    .to_owned();
                found.push((line.to_string(), page));
            }
        }
        (found, lines.last().copied().unwrap_or("").to_owned())
    };
    let (layer, layer_summary) = findings(&["check", "--diagrams", "--no-cache"], &pdf);
    assert_eq!(
        layer,
        [
            (
                "warning[diagram]: black king on a5: the picture above has it on a6".to_owned(),
                "2".to_owned()
            ),
            (
                "note[diagram]: no caption with a code beside the picture above: its position \
                 written as the caption `b8g7 0111.23 h6h5d2.b7g4a5d7g2 6/4`, a record of its own"
                    .to_owned(),
                "4".to_owned()
            ),
        ]
    );
    let (scanned, scanned_summary) = findings(&["check", "--ocr", "--no-cache"], &scan);
    assert_eq!(scanned, layer, "the scan's findings are the text layer's");
    assert_eq!(scanned_summary, layer_summary);
}

#[test]
fn an_image_only_pdf_without_ocr_says_to_run_with_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let blank = dir.path().join("scan.pdf");
    std::fs::write(&blank, archives::pdf_of(&[&[]])).expect("write");
    let (_, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["scan", "scan.pdf"])
            .output()
            .expect("run gbr"),
    );
    assert_eq!(
        err.lines().next(),
        Some("gbr: scan.pdf: no text layer: run with --ocr")
    );
    assert_eq!(code, 2);
}

#[test]
fn an_image_without_ocr_is_a_binary_file_as_before() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    png.extend_from_slice(b"0323.12 g3g1 ");
    std::fs::write(dir.path().join("page.png"), png).expect("write");
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["scan", "page.png"])
            .output()
            .expect("run gbr"),
    );
    assert_eq!(out.lines().next(), None);
    assert!(err.starts_with("gbr: 1 binary file skipped"), "{err}");
    assert_eq!(code, 1);
}

#[test]
fn ocr_without_tesseract_says_what_to_install() {
    let empty = tempfile::tempdir().expect("an empty PATH");
    let (_, err, code) = streams(
        gbr()
            .env("PATH", empty.path())
            .args(["scan", "--ocr", "fixtures/ocr/captions.tex"])
            .output()
            .expect("run gbr"),
    );
    assert_eq!(
        err,
        "gbr: --ocr needs Tesseract: install it with 'apt install tesseract-ocr \
         tesseract-ocr-eng'\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn ocr_fixes_round_trip_through_json_and_old_records_read_without_them() {
    let caption = "c3e5 0130.22 4/4 Draw";
    let parsed = gbrscan::parse::parse_text(caption).expect("a caption");
    let mut record = gbrscan::Record::new("x.pdf", 1, 1, &parsed, caption.as_bytes(), &[]);
    let old = serde_json::to_string(&record).expect("JSON");
    assert!(!old.contains("ocr_fixes"), "{old}");
    let back: gbrscan::Record = serde_json::from_str(&old).expect("read back");
    assert_eq!(back.ocr_fixes, None);
    record.ocr_fixes = Some(Box::new(vec![gbrscan::misread::OcrFix {
        offset: 5,
        found: "Ol30,22".into(),
        read: "0130.22".into(),
        part: Some(gbrscan::position::Part::Code),
        from_picture: false,
    }]));
    let json = serde_json::to_string(&record).expect("JSON");
    assert!(
        json.contains(
            r#""ocr_fixes":[{"offset":5,"found":"Ol30,22","read":"0130.22","part":"code"}]"#
        ),
        "{json}"
    );
    let back: gbrscan::Record = serde_json::from_str(&json).expect("read back");
    assert_eq!(back.ocr_fixes, record.ocr_fixes);
}

/// A PDF with a text layer on every page reads the same with `--ocr` as without: no page is
/// OCR'd, no record changes.
#[test]
#[ignore = "needs Tesseract and ../shared/corpus"]
fn a_text_layer_reads_the_same_with_ocr() {
    let pdf = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/pdf/probleemblad-2013-4.pdf");
    if !pdf.exists() {
        eprintln!("skipped: {} not found", pdf.display());
        return;
    }
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = pdf.to_str().expect("UTF-8");
    let (plain, _, _) = ocr_run(&["scan", path], cache.path());
    let (read, _, _) = ocr_run(&["scan", "--ocr", path], cache.path());
    assert_eq!(plain.lines().count(), 6);
    assert_eq!(read, plain);
    assert!(!cache.path().join("gbr").exists(), "no page was OCR'd");
}

/// An image Tesseract cannot read is an error for that input, named, and the other inputs are
/// read: no panic, no hang.
#[test]
#[ignore = "needs Tesseract"]
fn an_image_tesseract_cannot_read_is_an_error_of_that_input_only() {
    let dir = tempfile::tempdir().expect("a folder");
    let mut broken = b"\x89PNG\r\n\x1a\n".to_vec();
    broken.extend_from_slice(&[0xAB; 200]);
    std::fs::write(dir.path().join("a-broken.png"), broken).expect("write");
    std::fs::copy(scans().join("page-1.png"), dir.path().join("b-page.png")).expect("copy");
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .env("XDG_CACHE_HOME", dir.path())
            .args(["scan", "--ocr", "a-broken.png", "b-page.png"])
            .output()
            .expect("run gbr"),
    );
    assert!(
        err.starts_with("gbr: a-broken.png: tesseract failed: exit status: 1"),
        "{err}"
    );
    assert_eq!(out.lines().count(), 4, "{out}");
    assert!(
        out.starts_with("b-page.png:5:1: a7d3 0116.00 b2b3c6d6 3/3+."),
        "{out}"
    );
    assert_eq!(code, 2);
}

/// The image-only PDFs of a Spanish endgame magazine (`../shared/real/scans/`, 11 pages) read
/// through OCR: study numbers (`03132`), men counts (`9 + 6`) and dates, and no code of the
/// text's. A board read sure enough is a record of its own (docs/reading.md, "A board
/// without a caption"), marked as the picture's: one is here, the board over `4 + 7` on the
/// page numbered 1882, read right (by eye) and every square 50 sure or more; the other three
/// boards each read a square under 50 sure, and are not written in.
#[test]
#[ignore = "needs Tesseract and ../shared/real"]
fn scans_of_a_magazine_without_codes_give_only_a_boards_own_caption() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/real/scans");
    if !dir.exists() {
        eprintln!("skipped: {} not found", dir.display());
        return;
    }
    let cache = tempfile::tempdir().expect("a cache folder");
    let (out, err, code) = ocr_run(
        &["scan", "--ocr", "--json", dir.to_str().expect("UTF-8")],
        cache.path(),
    );
    let matches: Vec<serde_json::Value> = out
        .lines()
        .filter(|l| l.contains(r#""type":"match""#))
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let own: Vec<(&str, &str, bool)> = matches
        .iter()
        .map(|m| {
            let data = &m["data"];
            (
                data["page"].as_str().unwrap_or(""),
                data["text"].as_str().unwrap_or(""),
                data["ocr_fixes"][0]["from_picture"] == true,
            )
        })
        .collect();
    assert_eq!(
        own,
        [("1882", "c6a4 0230.15 b1f5d1.h4b2c3f6f7h5 4/7", true)],
        "no code of the text's; one board's own caption: {err}"
    );
    assert_eq!(code, 0, "{err}");
    // Every page was read: each page's text was kept in the cache (1 + 10 pages), and each
    // file's whole reading (2).
    let kept = walk(&cache.path().join("gbr/ocr"));
    assert_eq!(
        kept.iter()
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .count(),
        13,
        "{kept:?}"
    );
}

/// A PNG whose header says 25,000 by 25,000 pixels (625 million) is refused before Tesseract
/// sees it, with the limit named; the other inputs are read.
#[test]
#[ignore = "needs Tesseract"]
fn an_image_past_the_pixel_limit_is_refused_before_any_tool_reads_it() {
    let dir = tempfile::tempdir().expect("a folder");
    // Signature, then an IHDR chunk: length 13, width, height, depth 8, grey.
    let mut png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    png.extend_from_slice(&25_000u32.to_be_bytes());
    png.extend_from_slice(&25_000u32.to_be_bytes());
    png.extend_from_slice(&[8, 0, 0, 0, 0, 0, 0, 0, 0]);
    std::fs::write(dir.path().join("a-poster.png"), png).expect("write");
    std::fs::copy(scans().join("page-1.png"), dir.path().join("b-page.png")).expect("copy");
    let (out, err, code) = streams(
        gbr()
            .current_dir(dir.path())
            .env("XDG_CACHE_HOME", dir.path())
            .args(["scan", "--ocr", "a-poster.png", "b-page.png"])
            .output()
            .expect("run gbr"),
    );
    assert!(
        err.starts_with(
            "gbr: a-poster.png: the page is 25000 x 25000 pixels, past the 100 million pixels \
             a page read through OCR may have\n"
        ),
        "{err}"
    );
    assert_eq!(out.lines().count(), 4, "{out}");
    assert_eq!(code, 2);
}

/// A TIFF's pages are read one by one, each with a Tesseract of its own, a limit of its own
/// and an entry of its own in the cache.
#[test]
#[ignore = "needs Tesseract"]
fn a_tiff_is_read_page_by_page() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("scan-300.tif");
    let (out, _, code) = ocr_run(
        &["scan", "--ocr", "-j2", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    assert_eq!(code, 0, "{out}");
    let kept = walk(&cache.path().join("gbr/ocr"));
    assert_eq!(
        kept.iter()
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .count(),
        2,
        "one entry a page: {kept:?}"
    );
}

/// `gbr` stopped by SIGTERM while Tesseract reads leaves no work folder in `$TMPDIR`, and no
/// Tesseract running.
#[test]
#[ignore = "needs Tesseract"]
fn sigterm_leaves_no_work_folder() {
    let tmp = tempfile::tempdir().expect("a TMPDIR");
    let path = scans().join("noisy-blur.pdf");
    let mut child = Process::new(crate::support::gbr::GBR)
        .env("TMPDIR", tmp.path())
        .args([
            "scan",
            "--ocr",
            "--no-cache",
            "-j1",
            path.to_str().expect("UTF-8"),
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run gbr");
    let work = || {
        std::fs::read_dir(tmp.path())
            .expect("TMPDIR")
            .flatten()
            .any(|e| e.file_name().to_string_lossy().starts_with("gbr-ocr-"))
    };
    let started = std::time::Instant::now();
    while !work() && started.elapsed() < std::time::Duration::from_secs(60) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(work(), "the work folder was made");
    let killed = Process::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(killed.success());
    let status = child.wait().expect("wait");
    assert!(!status.success());
    assert!(!work(), "the work folder is gone");
}

/// An OCR cache inside a scanned folder (`XDG_CACHE_HOME` under it) is not scanned: each code
/// is found once, on the second run as on the first.
#[test]
#[ignore = "needs Tesseract"]
fn an_ocr_cache_inside_the_scanned_folder_is_no_input() {
    let dir = tempfile::tempdir().expect("a folder");
    let tree = dir.path().join("tree");
    std::fs::create_dir(&tree).expect("a folder");
    std::fs::copy(scans().join("page-1.png"), tree.join("page.png")).expect("copy");
    for _ in 0..2 {
        let (out, _, _) = streams(
            gbr()
                .env("XDG_CACHE_HOME", tree.join(".cache"))
                .args(["scan", "--ocr", tree.to_str().expect("UTF-8")])
                .output()
                .expect("run gbr"),
        );
        assert_eq!(out.lines().count(), 4, "{out}");
    }
}

/// A folder tagged as a cache (`CACHEDIR.TAG` with the specification's signature, as the OCR
/// cache is) is left out of a walk; a tag without the signature is not one.
#[test]
fn a_tagged_cache_folder_is_left_out_of_a_walk() {
    let dir = tempfile::tempdir().expect("a folder");
    let code = "a7d3 0116.00 b2b3c6d6 3/3+.\n";
    std::fs::write(dir.path().join("a.txt"), code).expect("write");
    for (folder, tag) in [
        ("cache", gbrscan::input::tesseract::CACHEDIR_TAG),
        ("other", "Signature: none\n"),
    ] {
        let folder = dir.path().join(folder);
        std::fs::create_dir(&folder).expect("a folder");
        std::fs::write(folder.join("CACHEDIR.TAG"), tag).expect("write");
        std::fs::write(folder.join("b.txt"), code).expect("write");
    }
    let (out, _, _) = streams(
        gbr()
            .current_dir(dir.path())
            .args(["scan", "."])
            .output()
            .expect("run gbr"),
    );
    let files: Vec<&str> = out
        .lines()
        .map(|l| l.split_once(':').expect("a record").0)
        .collect();
    assert_eq!(files, ["./a.txt", "./other/b.txt"], "{out}");
}

/// Captions beside their diagrams (`fixtures/ocr/diagrams.tex`), rasterized at 300 dpi without
/// resolution metadata: every code with its kings, the faint code read again from its line
/// and noted; Tesseract left to estimate the resolution (a `tesseract` on the PATH that drops
/// `--dpi`) loses the last caption's kings to the diagram beside it.
#[test]
#[ignore = "needs Tesseract"]
fn captions_beside_diagrams_read_at_their_resolution_and_a_faint_code_read_again() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let path = scans().join("diagrams-300.pdf");
    let expected: Vec<(u64, String, String)> = [
        ("0800.11", "f4b8"),
        ("0116.00", "a7d3"),
        ("1000.00", "c2h4"),
        ("0130.00", "g3g1"),
    ]
    .iter()
    .map(|&(c, k)| (1, c.to_owned(), k.to_owned()))
    .collect();
    assert_eq!(codes_and_kings(&path, cache.path()), expected);
    let (out, _, _) = ocr_run(
        &["scan", "--ocr", "--json", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    let record = out
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .find(|v| v["data"]["code"] == "0800.11")
        .expect("the record of 0800.11");
    assert_eq!(
        record["data"]["ocr_fixes"],
        serde_json::json!([{"offset": record["data"]["offset"], "found": "f4b8 4/4", "read": "f4b8 0800.11 4/4", "part": "line"}])
    );
    let (out, _, _) = ocr_run(
        &["check", "--ocr", path.to_str().expect("UTF-8")],
        cache.path(),
    );
    assert!(
        out.contains(
            "note[ocr]: OCR gave `f4b8 4/4` (a caption line, read again as one line), read as \
             `f4b8 0800.11 4/4`\n"
        ),
        "{out}"
    );
    // Without the resolution.
    let bin = tempfile::tempdir().expect("a folder");
    let wrapper = bin.path().join("tesseract");
    std::fs::write(
        &wrapper,
        "#!/bin/bash\nargs=(); skip=0\nfor a in \"$@\"; do\n  if [ $skip = 1 ]; then skip=0; \
         continue; fi\n  if [ \"$a\" = --dpi ]; then skip=1; continue; fi\n  args+=(\"$a\")\n\
         done\nexec /usr/bin/tesseract \"${args[@]}\"\n",
    )
    .expect("write");
    let made = Process::new("chmod")
        .arg("+x")
        .arg(&wrapper)
        .status()
        .expect("chmod");
    assert!(made.success());
    let path_var = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let (out, _, _) = streams(
        gbr()
            .env("XDG_CACHE_HOME", cache.path())
            .env("PATH", path_var)
            .args(["scan", "--ocr", "--no-cache", path.to_str().expect("UTF-8")])
            .output()
            .expect("run gbr"),
    );
    assert!(out.contains(": 0130.00 2/2=."), "{out}");
    assert!(!out.contains("g3g1"), "{out}");
}

/// A folder of stand-ins for Tesseract, pdftoppm and pdfinfo that write each command line to
/// `log` and run the tool; answers the `PATH` that puts them first.
fn logging_tools(bin: &Path, log: &Path) -> String {
    for tool in ["tesseract", "pdftoppm", "pdfinfo"] {
        let script = bin.join(tool);
        std::fs::write(
            &script,
            format!(
                "#!/bin/sh\necho \"{tool} $*\" >> '{}'\nexec /usr/bin/{tool} \"$@\"\n",
                log.display()
            ),
        )
        .expect("write");
        let made = Process::new("chmod")
            .arg("+x")
            .arg(&script)
            .status()
            .expect("chmod");
        assert!(made.success());
    }
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

#[test]
#[ignore = "needs Tesseract"]
fn the_second_run_renders_no_page_and_runs_no_tool_on_one() {
    let cache = tempfile::tempdir().expect("a cache folder");
    let files = [
        scans().join("scan-300.pdf"),
        scans().join("diagrams-300.png"),
    ];
    let mut args = vec!["scan", "--ocr"];
    args.extend(files.iter().map(|f| f.to_str().expect("UTF-8")));
    let first = ocr_run(&args, cache.path());
    assert_eq!(first.2, 0, "{}{}", first.0, first.1);
    let bin = tempfile::tempdir().expect("a folder");
    let log = bin.path().join("tools.log");
    let path_var = logging_tools(bin.path(), &log);
    let second = streams(
        gbr()
            .env("XDG_CACHE_HOME", cache.path())
            .env("PATH", path_var)
            .args(&args)
            .output()
            .expect("run gbr"),
    );
    assert_eq!(second.0, first.0);
    // The tools are asked their version and languages (the cache's key names Tesseract's
    // version), and read no page.
    let ran = std::fs::read_to_string(&log).unwrap_or_default();
    let ran: Vec<&str> = ran.lines().collect();
    assert_eq!(
        ran,
        [
            "tesseract --version",
            "tesseract --list-langs",
            "pdftoppm -v"
        ],
        "{ran:?}"
    );
}

#[test]
#[ignore = "needs Tesseract"]
fn a_png_and_a_jpeg_are_read_at_their_own_resolution_and_a_faint_code_read_again() {
    let expected: Vec<(u64, String, String)> = [
        ("0800.11", "f4b8"),
        ("0116.00", "a7d3"),
        ("1000.00", "c2h4"),
        ("0130.00", "g3g1"),
    ]
    .iter()
    .map(|&(c, k)| (0, c.to_owned(), k.to_owned()))
    .collect();
    for file in ["diagrams-300.png", "diagrams-300.jpg"] {
        let path = scans().join(file);
        let bin = tempfile::tempdir().expect("a folder");
        let log = bin.path().join("tools.log");
        let path_var = logging_tools(bin.path(), &log);
        let (out, err, code) = streams(
            gbr()
                .env("PATH", path_var)
                .args(["scan", "--ocr", "--no-cache", "--json"])
                .arg(&path)
                .output()
                .expect("run gbr"),
        );
        assert_eq!(code, 0, "{file}: {out}{err}");
        let records: Vec<serde_json::Value> = out
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
            .filter(|v| v["type"] == "match")
            .collect();
        let found: Vec<(u64, String, String)> = records
            .iter()
            .map(|r| {
                let text = |k: &str| r["data"][k].as_str().unwrap_or("").to_owned();
                (
                    r["data"]["page_index"].as_u64().unwrap_or(0),
                    text("code"),
                    text("kings"),
                )
            })
            .collect();
        assert_eq!(found, expected, "{file}");
        // The faint code is read from the line read again.
        let faint = &records[0]["data"];
        assert_eq!(
            faint["ocr_fixes"],
            serde_json::json!([{"offset": faint["offset"], "found": "f4b8 4/4", "read": "f4b8 0800.11 4/4", "part": "line"}]),
            "{file}"
        );
        // Tesseract was told the image's resolution, the page's and the line's (scaled).
        let ran = std::fs::read_to_string(&log).unwrap_or_default();
        let page = ran
            .lines()
            .find(|l| l.contains("--psm 3"))
            .expect("the page read");
        assert!(page.ends_with("--dpi 300 txt tsv"), "{page}");
        let line = ran
            .lines()
            .find(|l| l.contains("--psm 7"))
            .expect("a line read again");
        assert!(line.contains("--dpi "), "{line}");
    }
}
