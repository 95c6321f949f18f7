//! `gbr check` through the real binary on the fixtures of `fixtures/check/` (see its README):
//! the exact diagnostic and fix of each kind of error, JSON parsed back with every fix applied
//! and re-checked clean, `--diff` applied with `patch`, `--write`, colour and exit codes.

use std::fs;
use std::path::Path;
use std::process::Command as Std;

use assert_cmd::Command;
use serde_json::Value;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/check");
const CORPUS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus");

/// `gbr check ARGS...` run in `dir`: stdout, stderr, exit code.
#[track_caller]
fn check_in(dir: &Path, args: &[&str]) -> (String, String, i32) {
    crate::support::gbr::streams(
        Command::new(crate::support::gbr::GBR)
            .current_dir(dir)
            .arg("check")
            .args(args)
            .env_remove("NO_COLOR")
            .output()
            .expect("run gbr"),
    )
}

fn check(args: &[&str]) -> (String, String, i32) {
    check_in(Path::new(FIXTURES), args)
}

/// The diagnostics of `--json`, the summary left out.
fn diagnostics(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .filter(|v| v["type"] == "diagnostic")
        .collect()
}

/// `line:column check: message => fixes` of each diagnostic of `file`.
fn brief(file: &str) -> Vec<String> {
    let (out, _, _) = check(&["--json", file]);
    diagnostics(&out)
        .iter()
        .map(|d| {
            let fixes: Vec<&str> = d["fixes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| f["replacement"].as_str().unwrap())
                .collect();
            format!(
                "{}:{} {}: {} => {}",
                d["line"],
                d["column"],
                d["check"].as_str().unwrap(),
                d["message"].as_str().unwrap(),
                fixes.join(" | ")
            )
        })
        .collect()
}

#[test]
fn each_kind_of_error_has_its_exact_diagnostic_and_fix() {
    let table: [(&str, &[&str]); 10] = [
        ("clean.txt", &[]),
        (
            "wb-error.txt",
            &["13:23 diagram: W/B is 3/4: the diagram above has 3/3 (3 black men) => 3/3"],
        ),
        (
            "kings-swapped.txt",
            &[
                "11:1 diagram: kings swapped: the diagram above has the white king on a7 and the black king on d3 => a7d3",
            ],
        ),
        (
            "king-square.txt",
            &["11:1 diagram: black king on d4: the diagram above has it on d3 => a7d3"],
        ),
        (
            "wrong-colour.txt",
            &[
                "11:6 diagram: code 0310.01 against the diagram above: the rook digit 3 counts no white rooks and 1 black rook; the diagram above has 1 white rook and no black rooks (digit 1) => 0110.01",
            ],
        ),
        (
            "eg-190.txt",
            &[
                "1:6 men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67, or else W/B 9/8 => 0411.67 | 9/8",
            ],
        ),
        (
            "reprint.txt",
            &["2:14 men-count: W/B is 4/5, the code gives 4/4; the W/B should read 4/4 => 4/4"],
        ),
        (
            "fen.txt",
            &["2:14 fen: squares b2b3c6d5: the FEN on line 1 has the men on b2b3c6d6 => b2b3c6d6"],
        ),
        (
            "near-misses.txt",
            &[
                "2:6 near-miss: 0116,00 may be 0116.00: a comma for the full stop => 0116.00",
                "1:6 near-miss: 0l30.22 may be 0130.22: 'l' for 1 => 0130.22",
                "3:6 near-miss: 0001.0 may be 0001.04: a digit short => 0001.04",
                "5:14 near-miss: b2b3c6d6e may be b2b3c6d6: a square list one character short or long => b2b3c6d6",
            ],
        ),
        ("index.txt", &[]),
    ];
    for (file, expected) in table {
        assert_eq!(brief(file), expected, "{file}");
    }
}

#[test]
fn the_text_output_underlines_the_part_and_cites_the_copies() {
    let (out, err, code) = check(&["--color", "never", "reprint.txt"]);
    assert_eq!(
        out,
        "error[men-count]: W/B is 4/5, the code gives 4/4; the W/B should read 4/4
 --> reprint.txt:2:14
  |
2 | c3e5 0130.22 4/5 Draw
  |              ^^^ should read 4/4
  |
  = note: in study 7
  = note: printed as 4/4 there (reprint.txt:5)
  = help: replace the W/B with `4/4`
1 file, 2 codes, 1 valid; errors: men-count 1; 0 warnings; 0 near misses
"
    );
    assert_eq!((err.as_str(), code), ("", 1));
}

#[test]
fn a_book_against_its_own_directory_in_one_file() {
    // No --against: the directory under the book's headings is found and compared with the
    // body both ways; the example of the notation in the introduction is no study.
    assert_eq!(
        brief("book-with-directory.txt"),
        [
            "17:1 directory: the directory's entry differs, the code one digit apart: 0055.02; \
             one of the two is wrong => ",
            "26:9 directory: the directory's entry differs, the kings one square apart: h4c1; one \
             of the two is wrong => ",
            "44:1 directory: no entry in the directory => ",
            "60:1 directory: directory entry 0300.10 c2e4 has no study in the body => ",
        ]
    );
    let (_, _, code) = check(&["book-with-directory.txt"]);
    assert_eq!(code, 1);
    // A chess blog's versions, ratings and scores raise nothing: they are no codes.
    let (out, _, code) = check(&["--json", "../prose/engine-blog.txt"]);
    assert_eq!((diagnostics(&out).len(), code), (0, 0), "{out}");
}

#[test]
fn the_body_against_its_index() {
    let (out, _, code) = check(&["--json", "--against", "index.txt", "body.txt"]);
    let found: Vec<String> = diagnostics(&out)
        .iter()
        .map(|d| {
            format!(
                "{}:{} {} {}",
                d["path"].as_str().unwrap(),
                d["line"],
                d["severity"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            "body.txt:8 error W/B is 3/5, the code gives 3/4; the code should read 0103.13",
            "body.txt:2 error the directory's entry differs, the code one digit apart: 0130.23; one of the two is wrong",
            "body.txt:5 error the directory's entry differs, the kings one square apart: f1h2; one of the two is wrong",
            "index.txt:1 warning directory entry 0000.10 a1a3 has no study in the body",
        ]
    );
    assert_eq!(code, 1);
    // A saved directory (TSV) is read as the same entries.
    let dir = tempfile::tempdir().unwrap();
    let tsv = dir.path().join("index.tsv");
    let status = Std::new(crate::support::gbr::GBR)
        .current_dir(FIXTURES)
        .args(["index", "index.txt", "-o"])
        .arg(&tsv)
        .status()
        .unwrap();
    assert!(status.success());
    let (out, _, code) = check(&["--json", "--against", tsv.to_str().unwrap(), "body.txt"]);
    let messages: Vec<String> = diagnostics(&out)
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(messages.len(), 5, "{out}");
    // Cited by its source and in canonical form.
    assert_eq!(
        messages[4],
        "directory entry a1a3 0000.10 has no study in the body"
    );
    assert_eq!(code, 1);
}

/// Copies the fixtures to a fresh folder.
fn copy_fixtures() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for entry in fs::read_dir(FIXTURES).unwrap() {
        let path = entry.unwrap().path();
        fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    dir
}

#[test]
fn every_fix_of_the_json_applied_checks_clean() {
    let files = [
        "wb-error.txt",
        "kings-swapped.txt",
        "king-square.txt",
        "wrong-colour.txt",
        "eg-190.txt",
        "reprint.txt",
        "fen.txt",
        "near-misses.txt",
    ];
    let mut applied = 0;
    for file in files {
        let (out, _, _) = check(&["--json", file]);
        let original = fs::read(Path::new(FIXTURES).join(file)).unwrap();
        for d in diagnostics(&out) {
            for fix in d["fixes"].as_array().unwrap() {
                let offset = fix["offset"].as_u64().unwrap() as usize;
                let length = fix["length"].as_u64().unwrap() as usize;
                let mut text = original.clone();
                text.splice(
                    offset..offset + length,
                    fix["replacement"].as_str().unwrap().bytes(),
                );
                let dir = tempfile::tempdir().unwrap();
                fs::write(dir.path().join(file), &text).unwrap();
                let (again, _, code) = check_in(dir.path(), &["--json", "--no-near-misses", file]);
                assert_eq!(code, 0, "{file} with {fix}: {again}");
                // The part fixed has no diagnostic left.
                assert!(
                    diagnostics(&again)
                        .iter()
                        .all(|e| e["offset"] != d["offset"] || e["check"] == "near-miss"),
                    "{file} with {fix}: {again}"
                );
                applied += 1;
            }
        }
    }
    assert_eq!(applied, 12);
}

/// Applies `diff` with `patch ARGS` run in `dir`, which must succeed.
#[track_caller]
fn patch(dir: &Path, args: &[&str], diff: &str) {
    let out = Std::new("patch")
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(diff.as_bytes())?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn the_diff_applies_with_patch_and_checks_clean() {
    if Std::new("patch").arg("--version").output().is_err() {
        println!("skipped: `patch` not found (apt-get install patch); --diff not applied");
        return;
    }
    let dir = copy_fixtures();
    let files = [
        "wb-error.txt",
        "kings-swapped.txt",
        "wrong-colour.txt",
        "reprint.txt",
        "fen.txt",
    ];
    let mut args = vec!["--diff"];
    args.extend(files);
    let (diff, _, code) = check_in(dir.path(), &args);
    assert_eq!(code, 1);
    assert!(
        diff.starts_with("--- a/wb-error.txt\n+++ b/wb-error.txt\n"),
        "{diff}"
    );
    assert!(
        diff.contains("\n-a7d3 0116.00 b2b3c6d6 3/4+.\n+a7d3 0116.00 b2b3c6d6 3/3+.\n"),
        "{diff}"
    );
    patch(dir.path(), &["-p1"], &diff);
    let (after, _, code) = check_in(dir.path(), &files);
    assert_eq!(code, 0, "{after}");
    // The undecided EG 190 candidates are left out of the diff.
    let (diff, err, _) = check_in(dir.path(), &["--diff", "eg-190.txt"]);
    assert_eq!(diff, "");
    assert_eq!(
        err,
        "gbr: 1 fixes left out: more than one candidate, or none certain\n"
    );
}

#[test]
fn the_diff_names_files_so_that_patch_finds_them_given_absolute_or_outside() {
    if Std::new("patch").arg("--version").output().is_err() {
        println!("skipped: `patch` not found (apt-get install patch); --diff not applied");
        return;
    }
    let root = tempfile::tempdir().unwrap();
    let (work, other) = (root.path().join("work"), root.path().join("other"));
    for dir in [&work, &other] {
        fs::create_dir(dir).unwrap();
        fs::copy(Path::new(FIXTURES).join("wb-error.txt"), dir.join("wb.txt")).unwrap();
    }
    // An absolute path inside the current folder: named from there, for `patch -p1`.
    let inside = work.join("wb.txt");
    let (diff, err, _) = check_in(&work, &["--diff", inside.to_str().unwrap()]);
    assert!(
        diff.starts_with("--- a/wb.txt\n+++ b/wb.txt\n"),
        "{diff}{err}"
    );
    assert_eq!(err, "");
    patch(&work, &["-p1"], &diff);
    // A file outside it (by `..` or absolute): every file named from the root, and said so.
    fs::copy(Path::new(FIXTURES).join("wb-error.txt"), &inside).unwrap();
    let (diff, err, _) = check_in(&work, &["--diff", "../other/wb.txt", "wb.txt"]);
    let real = fs::canonicalize(&other).unwrap();
    let from_root = real.to_str().unwrap().trim_start_matches('/');
    assert!(
        diff.starts_with(&format!("--- a/{from_root}/wb.txt\n")),
        "{diff}"
    );
    assert!(err.contains("apply it with `patch -p1 -d /`"), "{err}");
    patch(&work, &["-p1", "-d", "/"], &diff);
    let (after, _, code) = check_in(&work, &["wb.txt", "../other/wb.txt"]);
    assert_eq!(code, 0, "{after}");
}

#[test]
fn write_applies_the_unique_fixes_in_place() {
    let dir = copy_fixtures();
    let (out, _, code) = check_in(dir.path(), &["--write", "kings-swapped.txt", "eg-190.txt"]);
    assert_eq!(
        (out.as_str(), code),
        ("kings-swapped.txt: 1 fixes applied\n", 1)
    );
    let text = fs::read_to_string(dir.path().join("kings-swapped.txt")).unwrap();
    assert!(text.ends_with("\na7d3 0116.00 b2b3c6d6 3/3+.\n"));
    assert_eq!(
        fs::read(dir.path().join("eg-190.txt")).unwrap(),
        fs::read(Path::new(FIXTURES).join("eg-190.txt")).unwrap()
    );
    assert_eq!(check_in(dir.path(), &["kings-swapped.txt"]).2, 0);
}

#[test]
fn exit_codes_colour_and_warnings() {
    assert_eq!(check(&["clean.txt"]).2, 0);
    assert_eq!(check(&["near-misses.txt"]).2, 0);
    assert_eq!(check(&["eg-190.txt"]).2, 1);
    let (_, err, code) = check(&["missing.txt", "clean.txt"]);
    assert_eq!(code, 2);
    assert_eq!(err, "gbr: missing.txt: no such file or directory\n");
    // Colour only when asked for, or on a terminal (never into a pipe, as here).
    assert!(
        check(&["--color", "always", "eg-190.txt"])
            .0
            .contains("\x1b[")
    );
    assert!(!check(&["eg-190.txt"]).0.contains("\x1b["));
    // Two copies that disagree, neither decided: a warning, silenced by --no-warnings.
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("two.txt"),
        "a7d3 0116.00 b2b3c6d6 3/3+.\n\na7d3 0116.00 b2b3c6d5 3/3+.\n",
    )
    .unwrap();
    let (out, _, code) = check_in(dir.path(), &["--json", "two.txt"]);
    let severities: Vec<String> = diagnostics(&out)
        .iter()
        .map(|d| d["severity"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(severities, ["warning", "warning"], "{out}");
    assert_eq!(code, 0);
    let (out, _, _) = check_in(dir.path(), &["--json", "--no-warnings", "two.txt"]);
    assert_eq!(diagnostics(&out).len(), 0);
}

#[test]
#[ignore = "needs ../shared/corpus"]
fn the_corpus_body_against_its_printed_index() {
    let corpus = Path::new(CORPUS);
    if !corpus.exists() {
        println!("skipped: ../shared/corpus not found");
        return;
    }
    let (out, _, code) = check_in(
        corpus,
        &[
            "--json",
            "--against",
            "schaakstudiespinsels-2008-gbr-index.txt",
            "schaakstudiespinsels-2008-body-excerpt.txt",
        ],
    );
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    println!("corpus: {summary}");
    assert_eq!(summary["files"], 2);
    assert!(summary["codes"].as_u64().unwrap() > 20, "{summary}");
    assert!(code == 0 || code == 1);
}

/// `gbr check` reads what `gbr scan` reads: each PDF page an input named `file.pdf:PAGE`, the
/// members of compressed files and archives by their names; the summary counts files; fixes
/// can be written to plain files only.
#[test]
fn pdf_pages_compressed_files_and_archive_members_are_checked() {
    use crate::support::archives;
    let dir = tempfile::tempdir().unwrap();
    let text = archives::TEXT.as_bytes();
    archives::put(dir.path(), "plain.txt", text);
    archives::put(dir.path(), "issue.txt.gz", &archives::gzip(text));
    archives::put(dir.path(), "box.zip", &archives::zip(&[("eg.txt", text)]));
    let pages: &[&[&str]] = &[
        &["A page of prose."],
        &["EG 190", "a2f1 0411.56 10/9+. with a typo"],
    ];
    archives::put(dir.path(), "issue.pdf", &archives::pdf_of(pages));
    let where_ = |out: &str| -> Vec<String> {
        diagnostics(out)
            .iter()
            .map(|d| {
                format!(
                    "{}:{}:{} {}",
                    d["path"].as_str().unwrap(),
                    d["line"],
                    d["column"],
                    d["check"].as_str().unwrap()
                )
            })
            .collect()
    };
    let (plain, _, code) = check_in(dir.path(), &["--json", "plain.txt"]);
    assert_eq!(code, 1);
    assert_eq!(where_(&plain), ["plain.txt:2:21 men-count"]);
    let (out, err, code) = check_in(
        dir.path(),
        &["--json", "issue.pdf", "issue.txt.gz", "box.zip"],
    );
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(
        where_(&out),
        [
            "issue.pdf:2:4:6 men-count",
            "issue.txt.gz:2:21 men-count",
            "box.zip!/eg.txt:2:21 men-count",
        ]
    );
    // The same page and line as `gbr scan` gives (its column is the record's start, the kings).
    let scan = Command::new(crate::support::gbr::GBR)
        .current_dir(dir.path())
        .args(["scan", "issue.pdf"])
        .output()
        .unwrap();
    let scan = String::from_utf8(scan.stdout).unwrap();
    assert!(scan.starts_with("issue.pdf:2:4:1: a2f1 0411.56"), "{scan}");
    let summary: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let plain_codes =
        serde_json::from_str::<Value>(plain.lines().last().unwrap()).unwrap()["codes"]
            .as_u64()
            .unwrap();
    assert_eq!(summary["files"], 3);
    assert_eq!(summary["codes"].as_u64().unwrap(), 2 * plain_codes + 1);
    // A certain fix (W/B, which code and squares agree on) in a gzip goes neither into a diff,
    // which patch could not apply to it, nor into the gzip: it is said why.
    let wrong = b"a7d3 0116.00 b2b3c6d6 3/4+.\n";
    archives::put(dir.path(), "wb.txt.gz", &archives::gzip(wrong));
    let (diff, err, _) = check_in(dir.path(), &["--diff", "wb.txt.gz"]);
    assert_eq!(diff, "");
    assert!(
        err.contains("gbr: wb.txt.gz: not in the diff: only a plain file can be patched"),
        "{err}"
    );
    let (_, err, code) = check_in(dir.path(), &["--write", "wb.txt.gz"]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("cannot write fixes to wb.txt.gz: only a plain file can be changed"),
        "{err}"
    );
}
