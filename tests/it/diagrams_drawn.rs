//! `--diagrams` (docs/reading.md, "Diagrams in pictures"; docs/inputs.md, "Diagrams drawn on
//! a text layer"): the boards drawn on the pages of a PDF with a text layer, rendered by
//! pdftoppm and located by pdftotext, written into the pages' texts above their captions.
//! `fixtures/diagrams/drawn.pdf` holds two boards as pictures, each on a page of its own with
//! its caption under it, one that agrees and one that names another square for the black
//! king, a page of text alone, and a board under a line that prints its men, `(6+4)`, and no
//! code. The tests need poppler-utils and say "skipped" without it
//! (and fail where the environment variable `CI` is set: `.ci/run` installs it).

use std::path::Path;

use crate::support::gbr::{cached_in, gbr, streams};
use crate::support::{picture_warnings, poppler};

const DRAWN: &str = "fixtures/diagrams/drawn.pdf";

/// `gbr ARGS` with its own empty cache folder `cache`: stdout, stderr, exit code.
#[track_caller]
fn run_in(cache: &Path, args: &[&str]) -> (String, String, i32) {
    cached_in(cache, args)
}

/// The picture-font lines of `text` (each `9`, eight squares with `.` or `:` among them, `0`).
fn board_lines(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| l.starts_with('9') && l.ends_with('0') && (l.contains('.') || l.contains(':')))
        .filter(|l| !l.contains(' '))
        .collect()
}

#[test]
fn a_drawn_board_is_checked_against_its_caption_and_one_that_agrees_says_nothing() {
    if !poppler() {
        return;
    }
    let cache = tempfile::tempdir().expect("a folder");
    let (out, err, code) = run_in(cache.path(), &["check", "--diagrams", DRAWN]);
    assert_eq!(
        err.lines().filter(|l| l.contains("gbr:")).count(),
        0,
        "{err}"
    );
    let warnings = picture_warnings(&out);
    assert_eq!(
        warnings,
        ["warning[diagram]: black king on a5: the picture above has it on a6"],
        "one caption disagrees with its board:\n{out}"
    );
    assert!(out.contains("--> fixtures/diagrams/drawn.pdf:2:"), "{out}");
    assert!(
        !out.contains("g5e6"),
        "the caption that agrees with its picture says nothing:\n{out}"
    );
    assert!(
        out.ends_with("4 codes, 4 valid; no errors; 1 warning; 0 near misses\n"),
        "{out}"
    );
    assert_eq!(code, 0, "a warning alone:\n{out}\n{err}");
    // The board without a code beside it is a record of its own, and the check says so.
    assert!(
        out.contains(
            "note[diagram]: no caption with a code beside the picture above: its position \
             written as the caption `b8g7 0111.23 h6h5d2.b7g4a5d7g2 6/4`, a record of its own\n \
             --> fixtures/diagrams/drawn.pdf:4:5:1\n"
        ),
        "{out}"
    );
    // Without --diagrams, the pictures are not read.
    let (plain, _, _) = run_in(cache.path(), &["check", DRAWN]);
    assert!(!plain.contains("the picture"), "{plain}");
}

#[test]
fn boards_are_written_above_their_captions_and_a_page_without_one_is_unchanged() {
    if !poppler() {
        return;
    }
    let cache = tempfile::tempdir().expect("a folder");
    let (with, err, code) = run_in(cache.path(), &["text", "--diagrams", DRAWN]);
    assert_eq!((code, err.as_str()), (0, ""), "{err}");
    // Each record keeps the place it has without the boards: their lines are not the PDF's.
    let (scanned, _, _) = run_in(cache.path(), &["scan", "--diagrams", DRAWN]);
    let (plain, _, _) = run_in(cache.path(), &["scan", DRAWN]);
    let written = places(&scanned);
    assert_eq!(kept_places(&written, &plain), places(&plain));
    // The board under a line that prints its men and no code gave itself a caption: one more
    // record, at the line it stands before.
    assert_eq!(written.len(), 4, "{scanned}");
    assert_eq!(
        written[3],
        (
            "fixtures/diagrams/drawn.pdf:4:5:1".to_owned(),
            "0111.23".to_owned()
        ),
        "{scanned}"
    );
    assert_eq!(
        written[1].0, "fixtures/diagrams/drawn.pdf:2:5:1",
        "{scanned}"
    );
    let (without, _, _) = run_in(cache.path(), &["text", DRAWN]);
    assert_eq!(board_lines(&with).len(), 24, "three boards:\n{with}");
    assert!(board_lines(&without).is_empty());
    // The first board stands just above its caption.
    let lines: Vec<&str> = with.lines().collect();
    let caption = lines
        .iter()
        .position(|l| l.contains("0010.10 g5e6"))
        .expect("the caption");
    assert!(
        board_lines(lines[caption - 1]).len() == 1,
        "{}",
        lines[caption - 1]
    );
    // The third page, which shows no board, is the text layer's as it was: the texts differ
    // in the boards' lines alone, and the caption the fourth board gave itself.
    let own = ["b8g7 0111.23 h6h5d2.b7g4a5d7g2 6/4"];
    assert_eq!(
        outside_boards(&with, &own),
        without.lines().collect::<Vec<_>>()
    );
    // A second run reads the boards from the cache and gives the same text.
    let (again, _, _) = run_in(cache.path(), &["text", "--diagrams", DRAWN]);
    assert_eq!(again, with);
}

#[test]
fn no_cache_needs_a_reader_that_keeps_one() {
    let (_, err, code) = streams(
        gbr()
            .args(["text", "--no-cache", DRAWN])
            .output()
            .expect("run gbr"),
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--no-cache"), "{err}");
}

#[test]
fn index_reads_drawn_boards_with_read_diagrams_as_its_diagrams_flag_draws_html() {
    if !poppler() {
        return;
    }
    let cache = tempfile::tempdir().expect("a folder");
    let (out, err, code) = run_in(cache.path(), &["index", "--read-diagrams", DRAWN]);
    assert_eq!(code, 0, "{err}");
    // The squares of the first study come from its picture: its caption gives none.
    assert!(out.contains("g5e6  e3.f7  +"), "{out}");
    let (_, err, code) = run_in(cache.path(), &["index", "--diagrams", DRAWN]);
    assert_eq!(code, 2, "--diagrams of index is html's");
    assert!(err.contains("--diagrams applies to html"), "{err}");
}

/// What `--diagrams` did to the PDF `pdf`: the boards written (picture-font lines / 8), the
/// check's `the picture above` warnings, and its summary line with and without the flag. The
/// text outside the boards' lines must be the text layer's, every record must keep its place
/// (`page:line:column`: the boards' lines are not the source's), and the pictures may add
/// warnings but no error.
#[track_caller]
fn drawn_in(pdf: &Path) -> (usize, usize, String, String) {
    let cache = tempfile::tempdir().expect("a folder");
    let path = pdf.to_str().expect("UTF-8");
    let (with, err, _) = run_in(cache.path(), &["text", "--diagrams", path]);
    assert!(!err.contains("failed"), "{err}");
    let (without, _, _) = run_in(cache.path(), &["text", path]);
    let boards = board_lines(&with).len() / 8;
    let (scanned, _, _) = run_in(cache.path(), &["scan", "--diagrams", path]);
    let (scanned_plain, _, _) = run_in(cache.path(), &["scan", path]);
    let with_places = places(&scanned);
    assert_eq!(
        kept_places(&with_places, &scanned_plain),
        places(&scanned_plain)
    );
    let (checked, _, _) = run_in(cache.path(), &["check", "--diagrams", path]);
    let own: Vec<&str> = checked
        .lines()
        .filter_map(|l| l.split_once("written as the caption `")?.1.split_once('`'))
        .map(|(caption, _)| caption)
        .collect();
    assert_eq!(
        outside_boards(&with, &own),
        without.lines().collect::<Vec<_>>()
    );
    // Each record more is a caption a board gave itself, and the check notes it.
    assert_eq!(
        with_places.len() - places(&scanned_plain).len(),
        checked
            .matches("note[diagram]: no caption with a code beside the picture above")
            .count(),
        "{checked}"
    );
    let (plain, _, _) = run_in(cache.path(), &["check", path]);
    let warned = picture_warnings(&checked).len();
    let errors = |out: &str| {
        let lines: Vec<&str> = out.lines().collect();
        lines
            .windows(2)
            .filter(|w| w[0].starts_with("error"))
            .map(|w| format!("{}\n{}", w[0], w[1]))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        errors(&checked),
        errors(&plain),
        "a picture decides no error, and each keeps its place"
    );
    (boards, warned, checked, plain)
}

/// The lines of `text` but the boards' and the captions boards gave themselves (`own`).
fn outside_boards<'a>(text: &'a str, own: &[&str]) -> Vec<&'a str> {
    text.lines()
        .filter(|l| board_lines(l).is_empty() && !own.contains(l))
        .collect()
}

/// The places of `with` that a scan without the boards (`plain`) has too: those of the records
/// the text holds, without those of the captions boards gave themselves.
fn kept_places(with: &[(String, String)], plain: &str) -> Vec<(String, String)> {
    let plain = places(plain);
    with.iter().filter(|p| plain.contains(p)).cloned().collect()
}

/// Each record of a scan's text output as its place and code: `path:page:line:column` and the
/// `dddd.dd` (the canonical text gains squares where a picture gives them).
fn places(scanned: &str) -> Vec<(String, String)> {
    scanned
        .lines()
        .filter_map(|line| {
            let (place, rest) = line.split_once(": ")?;
            let code = rest
                .split(' ')
                .find(|t| t.len() == 7 && t.as_bytes()[4] == b'.')?;
            Some((place.to_owned(), code.to_owned()))
        })
        .collect()
}

/// The summary line of a check's output.
fn summary(out: &str) -> &str {
    out.lines().last().unwrap_or_default()
}

/// The Probleemblad issue sets its diagrams in a chess font its text layer does not map, and
/// its captions print `(8+13)`, no code, but on its two pages of studies: the boards found on
/// its rendered pages stand under no caption the text layer gives as pdftotext does, or read
/// unsure (docs/inputs.md, "Diagrams drawn on a text layer").
#[test]
#[ignore = "needs ../shared/corpus and poppler; renders 60 pages"]
fn a_magazines_drawn_boards_change_nothing_where_no_caption_of_theirs_is_found() {
    let pdf =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/pdf/probleemblad-2013-4.pdf");
    if !pdf.is_file() {
        println!("skipped: {} not found", pdf.display());
        return;
    }
    if !poppler() {
        return;
    }
    let (boards, warned, checked, plain) = drawn_in(&pdf);
    eprintln!(
        "{boards} boards written, {warned} warnings of a picture; {}",
        summary(&checked)
    );
    assert_eq!((boards, warned), (0, 0));
    assert_eq!(summary(&checked), summary(&plain));
}

/// The 2017 manuscript printed to PDF by LibreOffice: grey and white boards drawn without a
/// frame, `+    4001.00 f6c5` under each. Every board written stands above its caption, and
/// each picture that disagrees is a warning, never an error.
#[test]
#[ignore = "needs ../shared/real, LibreOffice and poppler; renders 482 pages"]
fn a_manuscripts_drawn_boards_are_written_above_their_captions() {
    let Some(real) = crate::real::real_dir() else {
        return;
    };
    if !poppler() {
        return;
    }
    let tmp = tempfile::tempdir().expect("a folder");
    let profile = tempfile::tempdir().expect("a folder");
    let out = crate::support::soffice(profile.path())
        .args(["--convert-to", "pdf", "--outdir"])
        .arg(tmp.path())
        .arg(real.join("ss2017-manuscript.docx"))
        .output();
    if !out.as_ref().is_ok_and(|o| o.status.success()) {
        println!("skipped: soffice does not run here");
        return;
    }
    let pdf = tmp.path().join("ss2017-manuscript.pdf");
    let (boards, warned, checked, plain) = drawn_in(&pdf);
    eprintln!(
        "{boards} boards written, {warned} warnings of a picture; with --diagrams: {}; \
         without: {}",
        summary(&checked),
        summary(&plain)
    );
    // The PDF's boards read as one book: 295 of 304 written. The ten studies whose caption
    // disagrees with its drawn board (read by eye) are each warned of, and no other: a
    // misread board reads unsure and is not written in.
    assert!(boards >= 290, "{boards} boards written");
    assert_eq!(warned, 12, "{checked}");
    for disagreement in [
        "white king on g3: the picture above has it on f3",
        "code 0044.01 against the picture above: the bishop digit 4",
        "code 0055.01 against the picture above: the black pawn digit is 1",
        "kings swapped: the picture above has the white king on c3 and the black king on a1",
        "white king on a2: the picture above has it on b2",
    ] {
        assert!(checked.contains(disagreement), "{disagreement}: {checked}");
    }
    // The one board printed without a code (page 452, a mate in 22 under `Mat in 22 zetten`)
    // is a record of its own; no board beside a printed caption gives itself one.
    let own: Vec<&str> = checked
        .lines()
        .filter(|l| l.contains("no caption with a code beside the picture above"))
        .collect();
    assert_eq!(own.len(), 1, "{own:?}");
    assert!(
        own[0].contains("`f1b5 1330.18 a1h1g1.b3b4b6b7c6f2h2h6h7 3/11`"),
        "{own:?}"
    );
}
