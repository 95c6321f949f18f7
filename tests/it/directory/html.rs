//! The HTML directory rendered by headless Chromium (Debian package `chromium`): the DOM that
//! Chromium builds holds one table per code and every contents link resolves to an anchor, and
//! the page prints to a PDF of at least one page.
//!
//! Without Chromium the test says why and passes, except under CI (env `CI` set), where it
//! fails: `.ci/run` installs Chromium.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use gbrscan::Record;

use super::{FIXTURES, run};

/// Chromium's executable on the `PATH`, if any.
pub fn chromium() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|dir| ["chromium", "chromium-browser"].map(|name| dir.join(name)))
        .find(|p| p.is_file())
}

/// Runs headless Chromium on `url` with `extra` flags and returns its standard output.
#[track_caller]
pub fn headless(chromium: &Path, profile: &Path, extra: &[&str], url: &str) -> String {
    let mut child = Command::new(chromium)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start chromium");
    let deadline = Instant::now() + Duration::from_secs(120);
    while child.try_wait().expect("wait for chromium").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("chromium did not finish within 120 s");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("chromium's output");
    assert!(
        output.status.success(),
        "chromium failed: {:?}",
        output.status
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A script run by Chromium after parsing the page: it counts what the DOM holds and which
/// contents links have no target, and writes the counts into the page for `--dump-dom`.
const CHECK: &str = r##"<script>
(() => {
  const links = [...document.querySelectorAll('nav a[href^="#"]')];
  const unresolved = links.filter(a => !document.getElementById(decodeURIComponent(a.hash.slice(1))));
  const report = {
    tables: document.querySelectorAll('main section > table').length,
    sections: document.querySelectorAll('main section[id]').length,
    links: links.length,
    unresolved: unresolved.map(a => a.getAttribute('href')),
    rows: document.querySelectorAll('main tbody tr').length,
    externals: document.querySelectorAll('link, img, script[src], iframe').length,
    printRules: [...document.styleSheets].flatMap(s => [...s.cssRules])
      .filter(r => r.media && r.media.mediaText === 'print').length,
  };
  const out = document.createElement('pre');
  out.id = 'gbr-check';
  out.textContent = JSON.stringify(report);
  document.body.appendChild(out);
})();
</script>"##;

#[test]
#[ignore = "needs chromium"]
fn html_directory_renders_in_headless_chromium() {
    let Some(chromium) = chromium() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "chromium is not installed, and CI needs this test: apt-get install chromium"
        );
        eprintln!("skipped: chromium is not installed (apt-get install chromium)");
        return;
    };
    let html = run(&["index", FIXTURES, "--format", "html"], 0);
    let records: Vec<Record> = run(&["index", FIXTURES, "--format", "jsonl"], 0)
        .lines()
        .map(|l| serde_json::from_str(l).expect("a record"))
        .collect();
    let mut codes: Vec<String> = records.iter().map(|r| r.code.to_string()).collect();
    codes.dedup();

    let dir = tempfile::tempdir().expect("temporary folder");
    let page = dir.path().join("directory.html");
    std::fs::write(&page, &html).expect("write page");
    let checked = dir.path().join("checked.html");
    std::fs::write(
        &checked,
        html.replace("</body>", &format!("{CHECK}\n</body>")),
    )
    .expect("write checked page");
    let profile = tempfile::tempdir().expect("profile folder");

    let dom = headless(
        &chromium,
        profile.path(),
        &["--dump-dom"],
        &format!("file://{}", checked.display()),
    );
    let report = dom
        .split("<pre id=\"gbr-check\">")
        .nth(1)
        .and_then(|rest| rest.split("</pre>").next())
        .unwrap_or_else(|| panic!("Chromium ran the check script:\n{dom}"));
    let report: serde_json::Value =
        serde_json::from_str(&report.replace("&quot;", "\"")).expect("the report is JSON");
    let n = codes.len() as u64;
    assert_eq!(report["tables"], n, "one table per code: {report}");
    assert_eq!(
        report["sections"], n,
        "one anchored section per code: {report}"
    );
    assert_eq!(report["links"], n, "one contents link per code: {report}");
    assert_eq!(report["unresolved"], serde_json::json!([]), "{report}");
    assert_eq!(
        report["rows"],
        records.len() as u64,
        "a row per entry: {report}"
    );
    assert_eq!(report["externals"], 0, "no external assets: {report}");
    assert_eq!(report["printRules"], 1, "one @media print block: {report}");

    let pdf = dir.path().join("directory.pdf");
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
    assert!(bytes.starts_with(b"%PDF-"), "a PDF file");
    let pages = bytes
        .windows(b"/Type /Page".len() + 1)
        .filter(|w| w.starts_with(b"/Type /Page") && !w.ends_with(b"s"))
        .count();
    assert!(pages > 0, "the PDF has pages");
}
