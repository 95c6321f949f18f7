//! The README's examples, run, so that they cannot rot: every `gbr` line of its `sh` blocks and
//! every inline `` `gbr ...` `` command of its prose runs through the real binary, and the
//! `console` block's output is compared with what `gbr` prints.
//!
//! The examples name files a user has (`book.pdf`, `all.tsv`); the test makes each of them in
//! a temporary folder from the project's fixtures, by the table [`FILES`], and runs the lines
//! there (in bash, with `pipefail`) with the binary first on the PATH. A line passes when it
//! exits 0 or 1 (grep's statuses: found, nothing found or a code with an error; 2 is an input
//! that could not be read or a bad argument) with something on stdout or in the file it writes
//! (`-o FILE`). Set-up lines (`cargo ...`) are not run here.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::archives;

/// The package root.
const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// What a file or folder named in the README is made of, in the folder the examples run in.
enum Made {
    /// A copy of this fixture (relative to the package root).
    Copy(&'static str),
    /// A folder holding copies of these fixtures.
    Folder(&'static [&'static str]),
    /// The gzip of this fixture.
    Gzip(&'static str),
    /// A zip holding this fixture under its own file name.
    Zip(&'static str),
    /// A PDF with codes on several pages (`support/archives.rs`).
    Pdf,
    /// A directory `gbr index` writes from these fixtures.
    Index(&'static [&'static str]),
    /// A folder of the real Syzygy tables of `../shared/tablebase` (empty where it is absent:
    /// the lines that name it are skipped then).
    Tables,
    /// An empty folder.
    Empty,
}

/// The real tables the `--tablebase` example reads, beside the project.
const SHARED_TABLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tablebase");

/// The substitution table: each name the README's examples use, and what stands for it.
const FILES: &[(&str, Made)] = &[
    ("book.pdf", Made::Pdf),
    ("eg-190.pdf", Made::Pdf),
    ("file.pdf", Made::Pdf),
    ("book", Made::Folder(DIRECTORY)),
    (
        "vol1",
        Made::Folder(&["fixtures/directory/first-source.txt"]),
    ),
    (
        "vol2",
        Made::Folder(&["fixtures/directory/second-source.txt"]),
    ),
    ("magazines", Made::Folder(&["fixtures/cli/mixed.txt"])),
    ("corpus", Made::Folder(DIRECTORY)),
    ("issue.txt", Made::Copy("fixtures/check/wb-error.txt")),
    ("index.txt", Made::Copy("fixtures/check/index.txt")),
    ("body.txt", Made::Copy("fixtures/check/body.txt")),
    ("bulletins.txt.gz", Made::Gzip("fixtures/cli/mixed.txt")),
    ("huge.gz", Made::Gzip("fixtures/errors/transcriptions.txt")),
    ("archive.zip", Made::Zip("fixtures/cli/broken-lines.txt")),
    (
        "manuscript.docx",
        Made::Copy("fixtures/documents/book.docx"),
    ),
    ("book.odt", Made::Copy("fixtures/documents/book.odt")),
    ("page.html", Made::Copy("fixtures/documents/book.html")),
    ("b.epub", Made::Copy("fixtures/documents/book.epub")),
    ("all.tsv", Made::Index(DIRECTORY)),
    ("more.tsv", Made::Index(&["fixtures/check/body.txt"])),
    ("studies.jsonl", Made::Index(&["fixtures/pgn/studies.pgn"])),
    ("book.txt", Made::Copy("fixtures/tablebase/few-men.txt")),
    (
        "web-edition",
        Made::Folder(&["fixtures/data/array.json", "fixtures/data/nested.json"]),
    ),
    ("sheet.csv", Made::Copy("fixtures/data/studies.csv")),
    ("syzygy/3-4-5", Made::Tables),
    ("syzygy/6-7", Made::Empty),
];

/// Examples of the README that do not work as written, each with what it does instead (found
/// in its stderr). The test fails when one starts to work, so that it leaves this table.
const BROKEN: &[(&str, &str)] = &[];

/// The directory fixtures: two sources of the same studies.
const DIRECTORY: &[&str] = &[
    "fixtures/directory/first-source.txt",
    "fixtures/directory/second-source.txt",
];

/// The README.
fn readme() -> String {
    std::fs::read_to_string(Path::new(ROOT).join("README.md")).expect("README.md")
}

/// The fenced blocks of `markdown` in `language` (the word after the opening fence), each as
/// its lines.
fn blocks(markdown: &str, language: &str) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let mut open: Option<Vec<String>> = None;
    for line in markdown.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(lang)) if lang.trim() == language => open = Some(Vec::new()),
            (Some(_), Some(_)) => found.extend(open.take()),
            (Some(lines), None) => lines.push(line.to_string()),
            (None, _) => {}
        }
    }
    found
}

/// A line of an `sh` block without its comment (`  # ...` after the command).
fn command(line: &str) -> &str {
    line.find("  #").map_or(line, |at| &line[..at]).trim()
}

/// The `gbr` commands of the README: the lines of the `sh` blocks that run `gbr`, and the
/// inline code spans of the prose that start with `gbr `, name something to work on (three
/// words or more) and hold no `|` (a list of choices).
fn commands(markdown: &str) -> Vec<String> {
    let mut found: Vec<String> = blocks(markdown, "sh")
        .iter()
        .flatten()
        .map(|line| command(line).to_string())
        .filter(|line| line.split_whitespace().any(|word| word == "gbr"))
        .collect();
    let prose: Vec<&str> = markdown.split("```").step_by(2).collect();
    for text in prose {
        for (i, span) in text.split('`').enumerate() {
            // A command with its arguments, not a mere name (`gbr index`).
            let whole = span.split_whitespace().count() >= 3;
            if i % 2 == 1 && span.starts_with("gbr ") && whole && !span.contains(['|', '\n']) {
                found.push(span.to_string());
            }
        }
    }
    found
}

/// Makes every file of [`FILES`] in `dir`.
fn make_files(dir: &Path) {
    let root = Path::new(ROOT);
    let read = |fixture: &str| std::fs::read(root.join(fixture)).expect(fixture);
    let name_of = |fixture: &str| {
        Path::new(fixture)
            .file_name()
            .expect("a file name")
            .to_string_lossy()
            .into_owned()
    };
    for (name, made) in FILES {
        let path = dir.join(name);
        match made {
            Made::Copy(fixture) => archives::put(dir, name, &read(fixture)),
            Made::Folder(fixtures) => {
                std::fs::create_dir_all(&path).expect("a folder");
                for fixture in *fixtures {
                    archives::put(&path, &name_of(fixture), &read(fixture));
                }
            }
            Made::Gzip(fixture) => archives::put(dir, name, &archives::gzip(&read(fixture))),
            Made::Zip(fixture) => archives::put(
                dir,
                name,
                &archives::zip(&[(&name_of(fixture), &read(fixture))]),
            ),
            Made::Pdf => archives::put(dir, name, &archives::pdf()),
            Made::Empty => std::fs::create_dir_all(&path).expect("a folder"),
            Made::Tables => {
                std::fs::create_dir_all(&path).expect("a folder");
                for entry in std::fs::read_dir(SHARED_TABLES).into_iter().flatten() {
                    let table = entry.expect("a table").path();
                    let name = table.file_name().expect("a name");
                    std::fs::copy(&table, path.join(name)).expect("a copy");
                }
            }
            Made::Index(fixtures) => {
                let out = Command::new(crate::support::gbr::GBR)
                    .current_dir(root)
                    .arg("index")
                    .args(*fixtures)
                    .arg("-o")
                    .arg(&path)
                    .output()
                    .expect("run gbr index");
                assert!(out.status.success(), "gbr index for {name}: {out:?}");
            }
        }
    }
}

/// The PATH with the folder of the binary under test first.
fn path_with_gbr() -> std::ffi::OsString {
    let bin = PathBuf::from(crate::support::gbr::GBR);
    let mut dirs = vec![bin.parent().expect("the binary's folder").to_path_buf()];
    dirs.extend(std::env::split_paths(
        &std::env::var_os("PATH").unwrap_or_default(),
    ));
    std::env::join_paths(dirs).expect("a PATH")
}

/// True when `program` is on the PATH.
fn installed(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|out| out.status.success())
}

/// The file a command writes with `-o FILE` or `> FILE`, if any (the last one named).
fn output_file(line: &str) -> Option<&str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words
        .windows(2)
        .rev()
        .find(|pair| pair[0] == "-o" || pair[0] == ">")
        .map(|pair| pair[1])
}

#[test]
fn the_readme_names_the_examples_this_test_runs() {
    let found = commands(&readme());
    // Ten in the blocks and two in the prose at least: the README's promise of ten examples
    // covering each group of users.
    assert!(found.len() >= 12, "{found:#?}");
    assert!(
        found.iter().any(|c| c.starts_with("gbr decode ")),
        "{found:#?}"
    );
}

#[test]
fn every_gbr_example_of_the_readme_runs_on_the_fixtures() {
    let dir = tempfile::tempdir().expect("temporary folder");
    make_files(dir.path());
    let mut ran = 0;
    for line in commands(&readme()) {
        if line.contains("| patch") && !installed("patch") {
            println!("skipped: `patch` not found (apt-get install patch): {line}");
            continue;
        }
        if line.contains("--tablebase") && !Path::new(SHARED_TABLES).exists() {
            println!("skipped: no tables in {SHARED_TABLES}: {line}");
            continue;
        }
        if line.starts_with("zcat ") && !installed("zcat") {
            println!("skipped: `zcat` not found (apt-get install gzip): {line}");
            continue;
        }
        // pipefail: `gbr ... | patch` fails when gbr does, not only when patch does.
        let out = Command::new("bash")
            .args(["-o", "pipefail", "-c", &line])
            .current_dir(dir.path())
            .env("PATH", path_with_gbr())
            .output()
            .expect("run sh");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let code = out.status.code();
        if let Some((_, said)) = BROKEN.iter().find(|(broken, _)| *broken == line) {
            assert!(
                stderr.contains(said),
                "{line} works now: take it out of BROKEN\n{stderr}"
            );
            println!("known broken: {line}: {said}");
            continue;
        }
        assert!(
            matches!(code, Some(0 | 1)),
            "{line}: exit {code:?}\n{stdout}\n{stderr}"
        );
        let written = output_file(&line)
            .map(|file| std::fs::metadata(dir.path().join(file)).map_or(0, |m| m.len()));
        // `--diff | patch` prints which file it patched.
        assert!(
            !stdout.trim().is_empty() || written.is_some_and(|len| len > 0),
            "{line}: nothing written\n{stderr}"
        );
        ran += 1;
    }
    assert!(ran >= 12, "{ran} examples ran");
}

/// The README's `console` block: each `$ gbr ...` line run from the package root; its stdout
/// must start with the lines that follow it (the README may show the first lines only).
#[test]
fn the_console_example_prints_what_the_readme_shows() {
    for block in blocks(&readme(), "console") {
        let mut lines = block.iter().peekable();
        while let Some(line) = lines.next() {
            let Some(args) = line.strip_prefix("$ gbr ") else {
                continue;
            };
            let mut expected = String::new();
            while let Some(next) = lines.next_if(|l| !l.starts_with("$ ")) {
                expected.push_str(next);
                expected.push('\n');
            }
            let out = Command::new(crate::support::gbr::GBR)
                .current_dir(ROOT)
                .args(args.split_whitespace())
                .output()
                .expect("run gbr");
            let stdout = String::from_utf8_lossy(&out.stdout);
            assert_eq!(
                stdout.get(..expected.len()),
                Some(expected.as_str()),
                "$ gbr {args}"
            );
        }
    }
}
