//! `gbr scan` and `gbr text` through the real binary on inputs of every kind, made in a
//! temporary folder by `support/archives.rs`: each compressed or archived copy of a text gives
//! the records of the text itself under its own name; a PDF gives its codes on their pages;
//! bad input is an error for that input only; streams give what the mapped file gives.

use std::path::Path;

use crate::support::archives::{self, PAGES, TEXT, put};
use crate::support::summary::run_in as gbr_in;

const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

/// The text output of the plain text under `name`: the lines of `codes.txt` renamed.
fn renamed(plain: &str, name: &str) -> String {
    plain
        .lines()
        .map(|l| {
            format!(
                "{name}{}\n",
                l.strip_prefix("codes.txt").expect("a codes.txt line")
            )
        })
        .collect()
}

/// A folder holding `codes.txt` and its copies of every kind.
fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temporary folder");
    let text = TEXT.as_bytes();
    put(dir.path(), "codes.txt", text);
    put(dir.path(), "codes.txt.gz", &archives::gzip(text));
    put(dir.path(), "codes.txt.bz2", &archives::bzip2(text));
    put(dir.path(), "codes.txt.xz", &archives::xz(text));
    put(dir.path(), "codes.txt.zst", &archives::zstd(text));
    let tar = archives::tar(&[("codes.txt", text), ("sub/again.txt", text)]);
    put(dir.path(), "codes.tar.gz", &archives::gzip(&tar));
    put(dir.path(), "codes.pdf", &archives::pdf());
    let inner = archives::zip(&[("codes.txt", text)]);
    let zip = archives::zip(&[
        ("codes.txt", text),
        ("codes.txt.gz", &archives::gzip(text)),
        ("scan.pdf", &archives::pdf()),
        ("inner.zip", &inner),
        ("image.bin", b"\0\x01\x02 a7d3 0116.00"),
    ]);
    put(dir.path(), "codes.zip", &zip);
    dir
}

#[test]
fn every_compressed_copy_gives_the_records_of_the_text_under_its_own_name() {
    let dir = folder();
    let plain = gbr_in(dir.path(), &["scan", "codes.txt"], b"");
    assert_eq!(plain.stdout.lines().count(), 5, "{}", plain.stdout);
    for name in [
        "codes.txt.gz",
        "codes.txt.bz2",
        "codes.txt.xz",
        "codes.txt.zst",
    ] {
        let run = gbr_in(dir.path(), &["scan", name], b"");
        assert_eq!(run.stdout, renamed(&plain.stdout, name), "{name}");
        assert_eq!((run.stderr.as_str(), run.code), ("", 0), "{name}");
    }
}

#[test]
fn a_tar_gz_gives_each_member_under_its_name_in_the_archive() {
    let dir = folder();
    let plain = gbr_in(dir.path(), &["scan", "codes.txt"], b"").stdout;
    let run = gbr_in(dir.path(), &["scan", "codes.tar.gz"], b"");
    let expected = renamed(&plain, "codes.tar.gz!/codes.txt")
        + &renamed(&plain, "codes.tar.gz!/sub/again.txt");
    assert_eq!(run.stdout, expected);
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
}

#[test]
fn a_zip_gives_its_members_a_pdf_and_a_nested_zip_and_skips_a_binary_member() {
    let dir = folder();
    let plain = gbr_in(dir.path(), &["scan", "codes.txt"], b"").stdout;
    let pdf = gbr_in(dir.path(), &["scan", "codes.pdf"], b"").stdout;
    let run = gbr_in(dir.path(), &["scan", "codes.zip"], b"");
    let expected = renamed(&plain, "codes.zip!/codes.txt")
        + &renamed(&plain, "codes.zip!/codes.txt.gz")
        + &pdf.replace("codes.pdf", "codes.zip!/scan.pdf")
        + &renamed(&plain, "codes.zip!/inner.zip!/codes.txt");
    assert_eq!(run.stdout, expected);
    assert_eq!(
        run.stderr,
        "gbr: 1 binary file skipped (a NUL byte in the first 64 KiB); --verbose lists them, \
         --binary scans them\n"
    );
    assert_eq!(run.code, 0);
    let verbose = gbr_in(dir.path(), &["scan", "--verbose", "codes.zip"], b"");
    assert_eq!(
        verbose.stderr,
        "gbr: codes.zip!/image.bin: skipped, binary file (a NUL byte in the first 64 KiB; \
         --binary scans it)\n"
    );
}

#[test]
fn a_pdf_gives_its_codes_on_their_pages() {
    let dir = folder();
    let run = gbr_in(dir.path(), &["scan", "codes.pdf"], b"");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    let pages: Vec<&str> = run
        .stdout
        .lines()
        .map(|l| l.split(':').nth(1).expect("a page"))
        .collect();
    assert_eq!(pages, ["1", "3", "3"], "{}", run.stdout);
    let json = gbr_in(dir.path(), &["scan", "--json", "codes.pdf"], b"").stdout;
    // Nothing printed on its pages: the page is the index, as text, and says so.
    let pages: Vec<String> = json
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).expect("JSON"))
        .filter(|m| m["type"] == "match")
        .map(|m| {
            let d = &m["data"];
            format!("{} {} {}", d["page"], d["page_index"], d["page_from"])
        })
        .collect();
    assert_eq!(
        pages,
        [
            "\"1\" 1 \"index\"",
            "\"3\" 3 \"index\"",
            "\"3\" 3 \"index\""
        ]
    );
}

#[test]
fn gbr_text_prints_each_page_under_a_header() {
    let dir = folder();
    let run = gbr_in(dir.path(), &["text", "codes.pdf"], b"");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    for (i, lines) in PAGES.iter().enumerate() {
        assert!(
            run.stdout
                .contains(&format!("==> codes.pdf page {} <==\n", i + 1)),
            "{}",
            run.stdout
        );
        for line in *lines {
            assert!(run.stdout.contains(line), "{line:?} in {}", run.stdout);
        }
    }
}

#[test]
fn bad_inputs_are_errors_for_themselves_only_and_exit_2() {
    let dir = folder();
    let gz = archives::gzip(TEXT.as_bytes());
    put(dir.path(), "truncated.gz", &gz[..gz.len() / 2]);
    put(
        dir.path(),
        "damaged.pdf",
        b"%PDF-1.4\nthis is no PDF at all\n",
    );
    put(
        dir.path(),
        "damaged.zip",
        b"PK\x03\x04 and nothing that makes a zip",
    );
    let run = gbr_in(
        dir.path(),
        &[
            "scan",
            "truncated.gz",
            "damaged.pdf",
            "damaged.zip",
            "codes.txt",
        ],
        b"",
    );
    let plain = gbr_in(dir.path(), &["scan", "codes.txt"], b"").stdout;
    assert!(run.stdout.ends_with(&plain), "{}", run.stdout);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stderr);
    assert!(
        lines[0].starts_with("gbr: truncated.gz: cannot read: "),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].starts_with("gbr: damaged.pdf: damaged PDF: "),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("gbr: cannot read the archive damaged.zip: "),
        "{}",
        lines[2]
    );
    let summary = run.summary.expect("a summary line");
    assert!(summary.contains(", 3 unreadable, "), "{summary}");
    assert_eq!(run.code, 2);
}

#[test]
fn a_zip_bomb_stops_at_the_inflate_limit() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // 64 MiB of spaces deflate to about 64 KiB: 1,000x.
    let zeros = vec![b' '; 64 << 20];
    put(
        dir.path(),
        "bomb.zip",
        &archives::zip(&[("spaces.txt", &zeros)]),
    );
    put(dir.path(), "bomb.gz", &archives::gzip(&zeros));
    for name in ["bomb.zip", "bomb.gz"] {
        let run = gbr_in(dir.path(), &["scan", "--max-inflate", "1M", name], b"");
        assert!(
            run.stderr
                .contains("inflates past 1048576 bytes and 100x its"),
            "{name}: {}",
            run.stderr
        );
        assert_eq!(run.code, 2, "{name}");
        // The default limit, 1 GiB, lets it through.
        let run = gbr_in(dir.path(), &["scan", name], b"");
        assert_eq!((run.stderr.as_str(), run.code), ("", 1), "{name}");
    }
}

#[test]
fn streams_give_the_mapped_output_at_every_block_size() {
    let dir = folder();
    // Long enough that the stream is cut into many blocks at every size below.
    let text = TEXT.repeat(40);
    put(dir.path(), "long.txt", text.as_bytes());
    put(dir.path(), "long.txt.gz", &archives::gzip(text.as_bytes()));
    let mapped = gbr_in(dir.path(), &["scan", "long.txt"], b"").stdout;
    assert_eq!(mapped.lines().count(), 200);
    for size in [1, 2, 3, 5, 7, 16, 31, 64, 100, 255, 1000, 4096] {
        let size = size.to_string();
        let read = gbr_in(
            dir.path(),
            &["scan", "--no-mmap", "--chunk-size", &size, "long.txt"],
            b"",
        );
        assert_eq!(read.stdout, mapped, "--no-mmap at {size}");
        let piped = gbr_in(
            dir.path(),
            &["scan", "--label", "long.txt", "--chunk-size", &size],
            text.as_bytes(),
        );
        assert_eq!(piped.stdout, mapped, "stdin at {size}");
        let gz = gbr_in(
            dir.path(),
            &["scan", "--chunk-size", &size, "long.txt.gz"],
            b"",
        );
        assert_eq!(
            gz.stdout,
            renamed(&mapped.replace("long.txt", "codes.txt"), "long.txt.gz")
        );
    }
}

#[test]
fn a_gzip_on_standard_input_is_decompressed_and_named_by_its_label() {
    let gz = archives::gzip(TEXT.as_bytes());
    let dir = folder();
    let plain = gbr_in(dir.path(), &["scan", "codes.txt"], b"").stdout;
    let run = gbr_in(
        dir.path(),
        &["scan", "--label", "bulletin.txt.gz", "-"],
        &gz,
    );
    assert_eq!(run.stdout, renamed(&plain, "bulletin.txt.gz"));
    let run = gbr_in(dir.path(), &["scan"], &gz);
    assert_eq!(run.stdout, renamed(&plain, "<stdin>"));
}

#[test]
fn count_files_with_codes_and_quiet_print_what_they_say() {
    let dir = folder();
    let args = ["scan", "-c", "codes.txt", "codes.tar.gz"];
    assert_eq!(
        gbr_in(dir.path(), &args, b"").stdout,
        "codes.txt:5\ncodes.tar.gz!/codes.txt:5\ncodes.tar.gz!/sub/again.txt:5\n"
    );
    let args = ["scan", "-l", "codes.txt", "codes.pdf"];
    assert_eq!(
        gbr_in(dir.path(), &args, b"").stdout,
        "codes.txt\ncodes.pdf\n"
    );
    let quiet = gbr_in(dir.path(), &["scan", "-q", "codes.txt"], b"");
    assert_eq!((quiet.stdout.as_str(), quiet.code), ("", 0));
}

#[test]
fn globs_types_and_depth_choose_the_files_of_a_folder() {
    let dir = folder();
    let names = |args: &[&str]| -> Vec<String> {
        let mut all = vec!["scan", "-l"];
        all.extend_from_slice(args);
        all.push(".");
        gbr_in(dir.path(), &all, b"")
            .stdout
            .lines()
            .map(|l| l.split("!/").next().unwrap_or(l).to_owned())
            .fold(Vec::new(), |mut v, n| {
                if v.last() != Some(&n) {
                    v.push(n);
                }
                v
            })
    };
    assert_eq!(names(&["--type", "pdf"]), ["./codes.pdf"]);
    assert_eq!(names(&["-g", "*.xz"]), ["./codes.txt.xz"]);
    assert_eq!(
        names(&["-g", "*.txt*", "-g", "!*.gz"]),
        [
            "./codes.txt",
            "./codes.txt.bz2",
            "./codes.txt.xz",
            "./codes.txt.zst"
        ]
    );
    put(dir.path(), "deep/down/codes.txt", TEXT.as_bytes());
    assert!(
        !names(&["--max-depth", "1"])
            .iter()
            .any(|n| n.contains("deep"))
    );
    assert!(
        names(&["--max-depth", "3"])
            .iter()
            .any(|n| n.contains("deep"))
    );
    let list = gbr_in(dir.path(), &["scan", "--type-list"], b"").stdout;
    assert!(list.contains("pdf: *.pdf\n"), "{list}");
}

#[test]
fn ignore_files_are_honoured_only_when_asked() {
    let dir = folder();
    put(dir.path(), ".gitignore", b"*.txt\n");
    put(dir.path(), ".git/HEAD", b"ref: refs/heads/main\n");
    let all = gbr_in(dir.path(), &["scan", "-l", "."], b"").stdout;
    assert!(all.lines().any(|l| l == "./codes.txt"), "{all}");
    let respected = gbr_in(dir.path(), &["scan", "-l", "--respect-ignore", "."], b"").stdout;
    assert!(
        !respected.lines().any(|l| l == "./codes.txt"),
        "{respected}"
    );
    assert!(respected.lines().any(|l| l == "./codes.pdf"), "{respected}");
}

#[test]
fn index_keep_going_writes_the_directory_from_the_readable_inputs() {
    let dir = folder();
    put(dir.path(), "damaged.pdf", b"%PDF-1.4\nbroken\n");
    let run = gbr_in(dir.path(), &["index", "codes.txt", "damaged.pdf"], b"");
    assert_eq!((run.stdout.as_str(), run.code), ("", 2));
    assert!(
        run.stderr.contains("the directory was not written"),
        "{}",
        run.stderr
    );
    let run = gbr_in(
        dir.path(),
        &["index", "--keep-going", "codes.txt", "damaged.pdf"],
        b"",
    );
    assert!(run.stdout.contains("0116.00"), "{}", run.stdout);
    assert!(
        run.stderr.ends_with(
            "gbr: the directory was written from 5 records; 1 input(s) could not be read \
             (listed above) and are missing from it\n"
        ),
        "{}",
        run.stderr
    );
    // Written: the status of a complete run, so that a shell's `&&` goes on.
    assert_eq!(run.code, 0);
    let script = "gbr index --keep-going . -o all.tsv && gbr merge all.tsv all.tsv -o both.tsv";
    let gbr = std::path::Path::new(crate::support::gbr::GBR);
    let status = std::process::Command::new("sh")
        .arg("-c")
        .arg(script.replace("gbr ", &format!("{} ", gbr.display())))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(status.status.success(), "{status:?}");
    let both = std::fs::read_to_string(dir.path().join("both.tsv")).unwrap();
    assert!(both.contains("0116.00"), "{both}");
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_shared_pdfs_give_their_codes_on_their_pages_and_ask_for_ocr() {
    let corpus = Path::new(CORPUS).join("pdf");
    if !corpus.is_dir() {
        eprintln!("skipped: ../shared/corpus not found");
        return;
    }
    let run = gbr_in(&corpus, &["scan", "probleemblad-2013-4.pdf"], b"");
    assert_eq!((run.stderr.as_str(), run.code), ("", 0));
    // The compact bracketed positions of the studies, on the PDF's pages 35 and 36 (printed
    // folios 163 and 164), line and column within the page's text.
    assert_eq!(
        run.stdout,
        "\
probleemblad-2013-4.pdf:35:25:16: a1h8 0031.10 h1f4.a7 3/2+. ok [full]
probleemblad-2013-4.pdf:35:40:24: a6c8 4032.00 d1h7d8a5d3 4/3+. ok [full]
probleemblad-2013-4.pdf:35:47:11: e2d7 0000.33 .a5b6d4e6g5h7 4/4+. ok [full]
probleemblad-2013-4.pdf:36:5:11: f3e7 0341.23 a3c8b2h8.c6f7d3e5f6 5/6=. ok [full]
probleemblad-2013-4.pdf:36:10:18: f8h8 3108.34 d6e8c4e6e5e7.b4g4h3b5c6f6h6 7/8+. ok [full]
probleemblad-2013-4.pdf:36:18:14: e7h5 0133.10 e4h8f6.d6 3/3+. ok [full]
"
    );
    // The same codes as the studies excerpt, extracted from the same PDF by other means.
    let canonical = |out: &str| -> Vec<String> {
        out.lines()
            .map(|l| l.split_once(": ").expect("a record line").1.to_owned())
            .collect()
    };
    let excerpt = gbr_in(
        Path::new(CORPUS),
        &["scan", "probleemblad-2013-4-studies-excerpt.txt"],
        b"",
    );
    assert_eq!(canonical(&run.stdout), canonical(&excerpt.stdout));
    let scan = gbr_in(&corpus, &["scan", "no-text-layer.pdf"], b"");
    assert_eq!(
        scan.stderr,
        "gbr: no-text-layer.pdf: no text layer: run with --ocr\n"
    );
    assert_eq!(scan.code, 2);
}

/// The resident memory, in KiB, of `child` (still running) after `seconds`; stops it.
#[track_caller]
fn resident_after(child: &mut std::process::Child, seconds: u64) -> u64 {
    std::thread::sleep(std::time::Duration::from_secs(seconds));
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .expect("the scan is still running");
    child.kill().expect("stop gbr");
    child.wait().expect("wait for gbr");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches(" kB").parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

#[test]
fn a_device_is_scanned_in_bounded_memory() {
    // /dev/zero never ends: scanned (--binary) block by block, the process must stay small.
    let mut child = std::process::Command::new(crate::support::gbr::GBR)
        .args(["scan", "--binary", "/dev/zero"])
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("spawn gbr");
    let rss_kib = resident_after(&mut child, 2);
    assert!(
        rss_kib < 100 * 1024,
        "{rss_kib} KiB resident after 2 s of /dev/zero"
    );
}

#[test]
fn an_endless_stream_of_bare_codes_is_scanned_in_bounded_memory() {
    // `yes 0116.00`: bare codes with no chess near them are held back while the source may
    // still show a code with kings, at most a bounded number of them (context::chain).
    let mut child = std::process::Command::new(crate::support::gbr::GBR)
        .args(["scan", "--label", "yes"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn gbr");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let line = b"0116.00\n".repeat(8192);
        while stdin.write_all(&line).is_ok() {}
    });
    let rss_kib = resident_after(&mut child, 3);
    writer.join().expect("the writer stops once gbr is gone");
    assert!(
        rss_kib < 200 * 1024,
        "{rss_kib} KiB resident after 3 s of bare codes"
    );
}

#[test]
fn a_pipe_that_never_ends_gives_its_first_code_at_once() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = std::process::Command::new(crate::support::gbr::GBR)
        .args(["scan", "--label", "yes"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn gbr");
    let mut stdin = child.stdin.take().expect("stdin");
    // What `yes '0116.00 a7d3'` writes, for as long as gbr reads it (a bare code alone is no
    // code in chess-free text: docs/reading.md).
    let writer = std::thread::spawn(move || {
        let line = b"0116.00 a7d3\n".repeat(8192);
        while stdin.write_all(&line).is_ok() {}
    });
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut first)
        .expect("read the first line");
    assert_eq!(first, "yes:1:1: a7d3 0116.00 unchecked [kings]\n");
    child.kill().expect("stop gbr");
    child.wait().expect("wait for gbr");
    writer.join().expect("the writer stops once gbr is gone");
}

#[test]
fn an_archive_two_levels_down_is_reported_not_opened() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let text = TEXT.as_bytes();
    let innermost = archives::zip(&[("deep.txt", text)]);
    let inner = archives::zip(&[("innermost.zip", &innermost), ("codes.txt", text)]);
    put(
        dir.path(),
        "outer.zip",
        &archives::zip(&[("inner.zip", &inner)]),
    );
    let run = gbr_in(dir.path(), &["scan", "-c", "outer.zip"], b"");
    assert_eq!(run.stdout, "outer.zip!/inner.zip!/codes.txt:5\n");
    assert_eq!(
        run.stderr,
        "gbr: outer.zip!/inner.zip!/innermost.zip: not opened, nested too deep (an archive \
         inside an archive is opened, one more level is not)\n"
    );
    assert_eq!(run.code, 2);
}
