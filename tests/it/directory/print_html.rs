//! The HTML print layout in headless Chromium: 300 entries print on at most 5 A4 pages with the
//! header row repeated on each page, and `--diagrams` draws boards that Chromium renders.
//!
//! Without Chromium the tests say so and pass, except under CI (env `CI` set), where they fail.

use std::fmt::Write as _;
use std::path::PathBuf;

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

/// A text of `n` codes with kings, all different, the first half wins and the rest draws.
fn many_codes(n: usize) -> String {
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
            "{sign}0{}{}{}.{}0 {kings}",
            d(2),
            d(1),
            d(0),
            (i / 729) % 9
        );
    }
    text
}

/// The pages of a PDF.
fn pages(pdf: &[u8]) -> usize {
    lopdf::Document::load_mem(pdf)
        .expect("a PDF lopdf reads")
        .get_pages()
        .len()
}

#[test]
#[ignore = "needs chromium"]
fn three_hundred_entries_print_on_at_most_five_a4_pages() {
    let Some(chromium) = chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().expect("temporary folder");
    let input = dir.path().join("codes.txt");
    std::fs::write(&input, many_codes(300)).unwrap();
    let page = dir.path().join("index.html");
    run(
        &[
            "index",
            arg(&input),
            "--group-by",
            "stipulation",
            "--layout",
            "compact",
            "--paper",
            "a4",
            "--title",
            "Three hundred",
            "-o",
            arg(&page),
        ],
        0,
    );
    let html = std::fs::read_to_string(&page).unwrap();
    assert_eq!(html.matches("<table>").count(), 1, "one table");
    assert_eq!(html.matches("<thead>").count(), 1, "one header row");
    assert!(html.contains("@page { size: A4; margin: 12mm; }"));
    let entries = html.matches("<td class=\"code\">").count();
    assert_eq!(entries, 300);
    let profile = tempfile::tempdir().expect("profile folder");
    let pdf = dir.path().join("index.pdf");
    headless(
        &chromium,
        profile.path(),
        &[
            &format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer",
        ],
        &format!("file://{}", page.display()),
    );
    let bytes = std::fs::read(&pdf).expect("Chromium printed a PDF");
    let n = pages(&bytes);
    assert!((1..=5).contains(&n), "300 entries on {n} A4 pages");
    eprintln!("300 entries, compact layout: {n} A4 page(s)");

    // The full layout of the same entries, one row each, with the header repeated: the PDF's
    // text holds the header once per page.
    let full = dir.path().join("full.html");
    run(
        &["index", arg(&input), "--paper", "a4", "-o", arg(&full)],
        0,
    );
    let pdf = dir.path().join("full.pdf");
    headless(
        &chromium,
        profile.path(),
        &[
            &format!("--print-to-pdf={}", pdf.display()),
            "--no-pdf-header-footer",
        ],
        &format!("file://{}", full.display()),
    );
    let document = lopdf::Document::load(&pdf).unwrap();
    let n = document.get_pages().len();
    assert!(n >= 2, "the full layout spans pages: {n}");
    let headers = (1..=n as u32)
        .filter(|&p| {
            document
                .extract_text(&[p])
                .is_ok_and(|t| t.contains("Reference"))
        })
        .count();
    assert_eq!(headers, n, "the header row on each of the {n} pages");
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
