//! The HTML layouts in headless Chromium: the default page prints on A4, a directory of 1,306
//! entries prints on 8 A4 pages in the compact layout with the header row repeated on each
//! page, and `--diagrams` draws boards that Chromium renders.
//!
//! Without Chromium the tests say so and pass, except under CI (env `CI` set), where they fail.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::html::{chromium, headless};
use super::{arg, run};

fn chromium_or_skip() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed, and CI needs this test: apt-get install chromium"
        );
        eprintln!("skipped: chromium is not installed (apt-get install chromium)");
    }
    found
}

/// A text of `n` codes with kings, all different, the first half wins and the rest draws,
/// each numbered after its kings (`+0001.00 b1e5  2`: the label `2`).
pub fn many_codes(n: usize) -> String {
    let files = "abcdefgh".as_bytes();
    let mut text = String::from("Codes for the page-count test.\n");
    for i in 0..n {
        let d = |k: usize| ((i + 1) / 9usize.pow(k as u32)) % 9;
        let sign = if i < n / 2 { '+' } else { '=' };
        let kings = format!(
            "{}{}{}{}",
            files[i % 8] as char,
            1 + (i / 8) % 4,
            files[(i + 3) % 8] as char,
            5 + (i / 32) % 4
        );
        let _ = writeln!(
            text,
            "{sign}0{}{}{}.{}0 {kings}  {}",
            d(2),
            d(1),
            d(0),
            (i / 729) % 9,
            i + 1
        );
    }
    text
}

/// The inputs of the page-count tests: 1,250 generated codes and the fixtures' long square
/// lists, labels and paths (1,306 entries), as `gbr index` arguments.
pub fn page_count_inputs(dir: &Path) -> Vec<String> {
    let input = dir.join("codes.txt");
    std::fs::write(&input, many_codes(1250)).unwrap();
    vec![
        arg(&input).to_string(),
        "fixtures/printing".into(),
        "fixtures/directory".into(),
        "fixtures/labels".into(),
    ]
}

/// The pages of a PDF and the size of the first, in points (`MediaBox` width and height).
pub fn pages_and_size(pdf: &[u8]) -> (usize, (f32, f32)) {
    let document = lopdf::Document::load_mem(pdf).expect("a PDF lopdf reads");
    let pages = document.get_pages();
    let first = *pages.values().next().expect("a page");
    let media = document
        .get_dictionary(first)
        .and_then(|page| page.get(b"MediaBox"))
        .and_then(|b| b.as_array())
        .expect("the first page has a MediaBox");
    let number = |i: usize| media[i].as_float().expect("a number");
    (pages.len(), (number(2) - number(0), number(3) - number(1)))
}

/// Prints `page` to a PDF in headless Chromium, with its default settings: the paper is the
/// page's own `@page` size (Chromium's default is US Letter).
fn print(chromium: &Path, page: &Path) -> Vec<u8> {
    let profile = tempfile::tempdir().expect("profile folder");
    let pdf = page.with_extension("pdf");
    headless(
        chromium,
        profile.path(),
        &[
            &format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer",
        ],
        &format!("file://{}", page.display()),
    );
    std::fs::read(&pdf).expect("Chromium printed a PDF")
}

#[track_caller]
fn assert_a4(size: (f32, f32), what: &str) {
    assert!(
        (size.0 - 595.0).abs() < 2.0 && (size.1 - 842.0).abs() < 2.0,
        "{what}: a page of {size:?} pt, not A4 (595 x 842)"
    );
}

#[test]
#[ignore = "needs chromium"]
fn the_default_page_prints_on_a4_and_compact_entries_on_few_pages() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().expect("temporary folder");
    let inputs = page_count_inputs(dir.path());
    let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let index = |name: &str, extra: &[&str]| {
        let page = dir.path().join(name);
        let mut args = vec!["index"];
        args.extend(&inputs);
        args.extend(["--group-by", "stipulation"]);
        args.extend(extra);
        args.extend(["-o", arg(&page)]);
        run(&args, 0);
        page
    };

    // The default page, no option: A4, the browsing layout (a contents list, a table per
    // code), whose header row each printed page after the contents repeats.
    let full = index("full.html", &[]);
    let html = std::fs::read_to_string(&full).unwrap();
    assert!(html.contains("@page { size: A4; margin: 12mm; }"));
    assert!(html.contains("<nav id=\"contents\">"));
    let bytes = print(&chromium, &full);
    let (n, size) = pages_and_size(&bytes);
    assert_a4(size, "the default page");
    eprintln!("1,306 entries, full layout: {n} A4 pages");
    let document = lopdf::Document::load_mem(&bytes).unwrap();
    let contents = (1..=n as u32)
        .take_while(|&p| {
            !document
                .extract_text(&[p])
                .is_ok_and(|t| t.contains("Reference"))
        })
        .count();
    assert!(contents >= 1, "the contents come first");
    let headers = (contents as u32 + 1..=n as u32)
        .filter(|&p| {
            document
                .extract_text(&[p])
                .is_ok_and(|t| t.contains("Reference"))
        })
        .count();
    assert_eq!(
        headers,
        n - contents,
        "a header row on each page after the contents"
    );

    // A title does not change the layout, only the title.
    let titled = index("titled.html", &["--title", "Index"]);
    let html = std::fs::read_to_string(&titled).unwrap();
    assert!(html.contains("<nav id=\"contents\">") && html.contains("<h1>Index</h1>"));

    // Compact: one table, its header repeated on each page, 1,306 entries on 8 A4 pages.
    let compact = index("compact.html", &["--layout", "compact", "--title", "Index"]);
    let html = std::fs::read_to_string(&compact).unwrap();
    assert_eq!(html.matches("<table>").count(), 1, "one table");
    assert_eq!(html.matches("<td class=\"code\">").count(), 1306);
    let bytes = print(&chromium, &compact);
    let (n, size) = pages_and_size(&bytes);
    assert_a4(size, "the compact page");
    eprintln!("1,306 entries, compact layout: {n} A4 pages");
    assert!((2..=9).contains(&n), "1,306 entries on {n} A4 pages");
    let document = lopdf::Document::load_mem(&bytes).unwrap();
    let headers = (1..=n as u32)
        .filter(|&p| {
            document
                .extract_text(&[p])
                .is_ok_and(|t| t.contains("Kings"))
        })
        .count();
    assert_eq!(headers, n, "the header row on each of the {n} pages");

    // --paper letter: the page says so, and Chromium prints on US Letter (612 x 792 pt).
    let letter = index("letter.html", &["--paper", "letter"]);
    let (_, size) = pages_and_size(&print(&chromium, &letter));
    assert!(
        (size.0 - 612.0).abs() < 2.0 && (size.1 - 792.0).abs() < 2.0,
        "--paper letter: {size:?}"
    );
}

#[test]
fn diagrams_are_well_formed_svg_boards_that_chromium_draws() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let page = dir.path().join("diagrams.html");
    run(
        &[
            "index",
            "fixtures/printing/book.txt",
            "--diagrams",
            "-o",
            arg(&page),
        ],
        0,
    );
    let html = std::fs::read_to_string(&page).unwrap();
    let svgs: Vec<&str> = html
        .split("<svg ")
        .skip(1)
        .map(|rest| &rest[..rest.find("</svg>").expect("closed") + "</svg>".len()])
        .collect();
    assert_eq!(svgs.len(), 2, "two entries of the book give every square");
    assert_eq!(
        svgs[0].matches("<circle").count(),
        3,
        "c3b1 0000.10 .e2: three men"
    );
    let svg = format!("<svg {}", svgs[1]);
    let tree = roxmltree::Document::parse(&svg).expect("well-formed XML");
    let root = tree.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let circles = root
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .count();
    let letters: String = root
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert_eq!(circles, 6, "a7d3 0116.00 b2b3c6d6: six men");
    let mut sorted: Vec<char> = letters.chars().collect();
    sorted.sort_unstable();
    assert_eq!(sorted.into_iter().collect::<String>(), "BKKNNR");
    assert!(
        !html.contains("<img") && !html.contains("url("),
        "no external images or fonts"
    );
    assert!(
        html.contains("<span class=\"words\">wN wN v bP</span>"),
        "material in words"
    );

    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let profile = tempfile::tempdir().expect("profile folder");
    let png = dir.path().join("diagrams.png");
    headless(
        &chromium,
        profile.path(),
        &[
            &format!("--screenshot={}", png.display()),
            "--window-size=900,600",
        ],
        &format!("file://{}", page.display()),
    );
    let bytes = std::fs::read(&png).expect("Chromium took a screenshot");
    assert!(bytes.starts_with(b"\x89PNG"), "a PNG");
    if let Ok(keep) = std::env::var("GBR_KEEP_SCREENSHOT") {
        std::fs::copy(&png, keep).expect("keep the screenshot");
    }
}
