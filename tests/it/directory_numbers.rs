//! A book's own directory checked by its numbers (docs/check.md, "A directory's numbers"):
//! `fixtures/check/book-numbers.txt`, a book whose directory lists each study by its position
//! and a number, some of them another than the body prints.

use std::path::Path;

use serde_json::Value;

/// `line message; cited places` of each `directory` diagnostic of `gbr check --json` on `file`
/// in `fixtures/check/`, and its severity.
fn directory_findings(file: &str) -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/check");
    let run = crate::support::summary::run_in(&dir, &["check", "--json", file], b"");
    run.stdout
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|v| v["type"] == "diagnostic" && v["check"] == "directory")
        .map(|v| {
            let copies: Vec<&str> = v["copies"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c["place"].as_str().unwrap())
                .collect();
            format!(
                "{} {} {}; {}",
                v["line"],
                v["severity"].as_str().unwrap(),
                v["message"].as_str().unwrap(),
                copies.join(" ")
            )
        })
        .collect()
}

#[test]
fn an_entry_numbered_otherwise_than_its_study_is_noted_once_and_a_run_once_for_the_run() {
    assert_eq!(
        directory_findings("book-numbers.txt"),
        [
            // Studies 2 and 3, in a row in the body's numbering, listed one above: one note,
            // at the entry of the first, citing the first and the last.
            "82 note the directory numbers 2 studies of the body, 2 to 3, 1 above the body does \
             (3 for 2 to 4 for 3): the directory or the body is numbered otherwise over these \
             studies; book-numbers.txt:20 book-numbers.txt:30",
            // Study 4's entry agrees (as studies 1 and 7's do: nothing said of them), so study
            // 5's stands alone; two entries say 4.
            "80 note directory entry 0014.00 h4b1 is numbered 6, its study (the same position) \
             5 in the body (book-numbers.txt:50): one of the two numbers is wrong; \
             book-numbers.txt:50",
            "83 note directory entry 0103.11 a1c3 is numbered 9, its study (the same position) \
             6 in the body (book-numbers.txt:60): one of the two numbers is wrong; \
             book-numbers.txt:60",
        ]
    );
}
