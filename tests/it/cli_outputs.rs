//! Where output goes, through the real binary as a user runs it: `-o -` and `/dev/stdout` into a
//! pipe, a reader that goes away (`gbr text book.pdf | head`), colour in `gbr scan`, a man page
//! for each subcommand, and no `-v`.

use std::io::Read as _;
use std::process::{Command, Stdio};

use crate::support::archives::{pdf_of, put};
use crate::support::gbr::{FIXTURES, gbr, streams};

/// `gbr index` of the fixtures as TSV on standard output, the reference for the cases below.
fn tsv_on_stdout() -> String {
    let (out, err, code) = streams(
        gbr()
            .args(["index", FIXTURES, "--format", "tsv"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("code\tkings\t"), "{out}");
    out
}

#[test]
fn dash_o_dash_is_standard_output_and_writes_no_file_named_dash() {
    let dir = tempfile::tempdir().unwrap();
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(FIXTURES);
    for command in [
        vec![
            "index",
            fixtures.to_str().unwrap(),
            "--format",
            "tsv",
            "-o",
            "-",
        ],
        vec![
            "index",
            fixtures.to_str().unwrap(),
            "-o",
            "-",
            "--format",
            "tsv",
        ],
    ] {
        let (out, err, code) = streams(
            Command::new(crate::support::gbr::GBR)
                .current_dir(dir.path())
                .args(&command)
                .output()
                .unwrap(),
        );
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with("code\tkings\t"), "{out}");
        assert!(!dir.path().join("-").exists(), "a file named - was written");
    }
    // No --format: the text directory, not a format chosen from the name `-`.
    let (out, _, code) = streams(gbr().args(["index", FIXTURES, "-o", "-"]).output().unwrap());
    assert_eq!(code, 0);
    assert!(out.contains("  a1h8  4/1  WTM  "), "{out}");

    // merge reads `-` and writes `-`.
    let tsv = tsv_on_stdout();
    let (merged, err, code) = streams(
        gbr()
            .args(["merge", "-", "-o", "-"])
            .write_stdin(tsv.clone())
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(merged, tsv);
}

#[test]
fn dev_stdout_into_a_pipe_is_written_in_place() {
    // The test's stdout is a pipe: /dev/stdout is a link to `pipe:[N]`, a name no folder holds.
    let (out, err, code) = streams(
        gbr()
            .args(["index", FIXTURES, "--format", "tsv", "-o", "/dev/stdout"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, tsv_on_stdout());
    let (_, err, code) = streams(
        gbr()
            .args(["index", FIXTURES, "-o", "/dev/null"])
            .output()
            .unwrap(),
    );
    assert_eq!((code, err.as_str()), (0, ""));
}

#[test]
fn a_reader_that_goes_away_ends_gbr_text_quietly() {
    // 60 pages of 40 lines: far more than a pipe holds, so gbr is still writing when the
    // reader closes its end after the first line.
    let line = "0323.12 a7d3 and a line of prose long enough to fill the pipe quickly .....";
    let page: Vec<&str> = vec![line; 40];
    let pages: Vec<&[&str]> = vec![&page[..]; 60];
    let dir = tempfile::tempdir().unwrap();
    put(dir.path(), "book.pdf", &pdf_of(&pages));
    put(dir.path(), "notes.txt", line.repeat(4000).as_bytes());
    for input in ["book.pdf", "notes.txt"] {
        let mut child = Command::new(crate::support::gbr::GBR)
            .current_dir(dir.path())
            .args(["text", input])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The pipe's reading end is dropped here, as `head` closes it.
        let mut err = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut err)
            .unwrap();
        let status = child.wait().unwrap();
        assert!(first.starts_with(b"==> "), "{first:?}");
        assert_eq!(
            (status.code(), err.as_str()),
            (Some(0), ""),
            "gbr text {input}"
        );
    }
}

/// `text` without its ANSI escape sequences (CSI ... m).
fn unstyled(text: &str) -> String {
    let mut plain = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("\x1b[") {
        plain.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let end = after.find('m').expect("an escape ends with m");
        rest = &after[end + 1..];
    }
    plain.push_str(rest);
    plain
}

#[test]
fn scan_colours_paths_numbers_codes_status_and_findings_as_ripgrep_does() {
    const FILE: &str = "fixtures/check/body.txt";
    let run = |args: &[&str]| {
        streams(
            gbr()
                .env_remove("NO_COLOR")
                .env_remove("CLICOLOR_FORCE")
                .args(args)
                .output()
                .unwrap(),
        )
    };
    let (plain, _, code) = run(&["scan", FILE]);
    assert_eq!(code, 0);
    assert!(!plain.contains('\x1b'), "a pipe gets no colour by default");
    let (styled, _, _) = run(&["--color", "always", "scan", FILE]);
    assert_eq!(unstyled(&styled), plain, "the same text under the colour");
    let first = styled.lines().next().unwrap();
    assert!(
        first.starts_with("\x1b[35mfixtures/check/body.txt\x1b[0m:\x1b[32m"),
        "{first:?}"
    );
    assert!(
        styled.contains("\x1b[1m\x1b[31minvalid\x1b[0m"),
        "invalid in bold red: {styled:?}"
    );
    assert!(
        styled.contains("\x1b[1m\x1b[31merror\x1b[0m men-count: "),
        "{styled:?}"
    );
    let (counts, _, _) = run(&["scan", "-c", "--color", "always", FILE]);
    assert!(
        counts.starts_with("\x1b[35mfixtures/check/body.txt\x1b[0m:"),
        "{counts:?}"
    );
    let (json, _, _) = run(&["scan", "--json", "--color", "always", FILE]);
    assert!(!json.contains('\x1b'), "JSON is never coloured");
}

#[test]
fn man_pages_for_every_subcommand_land_in_out_dir() {
    let dir = tempfile::tempdir().unwrap();
    let man = dir.path().join("man");
    let (out, err, code) = streams(
        gbr()
            .args(["--generate", "man", "--out-dir", man.to_str().unwrap()])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    let names = [
        "gbr",
        "gbr-decode",
        "gbr-encode",
        "gbr-check",
        "gbr-scan",
        "gbr-index",
        "gbr-lookup",
        "gbr-merge",
        "gbr-text",
    ];
    assert_eq!(out.lines().count(), names.len(), "{out}");
    for name in names {
        let page = std::fs::read_to_string(man.join(format!("{name}.1"))).expect(name);
        assert!(page.contains(&format!(".TH {name} 1")), "{name}");
    }
    let scan = std::fs::read_to_string(man.join("gbr-scan.1")).unwrap();
    assert!(scan.contains("files\\-with\\-codes"), "{scan}");
    let (_, err, code) = streams(
        gbr()
            .args(["--generate", "complete-bash", "--out-dir", "x"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("--out-dir is for --generate man only"),
        "{err}"
    );
}

#[test]
fn dash_v_is_not_taken() {
    let (_, err, code) = streams(gbr().args(["scan", "-v", FIXTURES]).output().unwrap());
    assert_eq!(code, 2);
    assert!(err.contains("unexpected argument '-v'"), "{err}");
    let (_, _, code) = streams(
        gbr()
            .args(["scan", "--verbose", FIXTURES])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0);
}
