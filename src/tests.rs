//! Tests across the crate's internals, on the fixtures and the real corpus: what the finder
//! reports in texts whose codes the scan must keep none of (the scan's side is tested in
//! `tests/it/captions.rs`, `tests/it/forms.rs` and `tests/it/prose.rs`), and the scanner's
//! record of every code against the one made the long way.

use std::path::PathBuf;

use crate::finder::scan_range;
use crate::input::walk;
use crate::record::FoundAt;
use crate::{Record, Severity, check, parse_at};

#[path = "../tests/it/support/prose.rs"]
mod prose;

/// Every `dddd.dd` token the finder reports in `bytes`, as text.
fn tokens(bytes: &[u8]) -> Vec<String> {
    let mut tokens = Vec::new();
    scan_range(bytes, 0..bytes.len(), |at, _| {
        tokens.push(String::from_utf8_lossy(&bytes[at..at + 7]).into_owned());
    });
    tokens
}

/// The bytes of `fixtures/{name}`.
fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(format!("{}/fixtures/{name}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

#[test]
fn the_finder_sees_the_lone_tokens_of_the_chess_free_captions_prose() {
    // The evidence rules keep none of them (tests/it/captions.rs).
    assert_eq!(
        tokens(&fixture("captions/prose.txt")),
        [
            "2023.10", "2022.10", "2023.01", "4408.85", "4410.10", "1234.56", "6080.27", "0060.21",
            "9999.99", "1205.40", "1788.00"
        ]
    );
}

#[test]
fn the_finder_sees_the_lone_tokens_of_the_false_friends() {
    // Prices, a balance, a grant: none has chess near it, and the file holds no code with
    // kings, so none is kept (tests/it/forms.rs; docs/reading.md, "Bare codes").
    assert_eq!(
        tokens(&fixture("prose/false-friends.txt")),
        ["2210.00", "0045.50", "9999.99", "1205.40", "0300.00"]
    );
}

#[test]
fn the_prose_holds_many_lone_tokens_for_the_finder() {
    // The property of tests/it/prose.rs (no code in chess-free prose) tests something only if
    // the finder reports tokens in the prose.
    let text = prose::prose(7, 1 << 20);
    let mut tokens = 0;
    scan_range(text.as_bytes(), 0..text.len(), |_, _| tokens += 1);
    assert!(tokens > 500, "{tokens} tokens in 1 MiB");
}

/// The record of every code in the fixtures and the real corpus, made the scanner's way
/// (`Record::checked`: material and board derived once for the checks and the record) and the
/// long way (`check`, then `Record::new`): both must give the same record, findings included.
#[test]
fn checked_records_equal_records_of_checked_codes() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("fixtures")];
    let corpus = root.join("../shared/corpus");
    if corpus.is_dir() {
        paths.push(corpus);
    } else {
        eprintln!("skipped: ../shared/corpus not found; the fixtures alone were read");
    }
    let (mut codes, mut full, mut errors) = (0, 0, 0);
    for input in walk(&paths).inputs {
        let Ok(buf) = std::fs::read(input.path()) else {
            continue;
        };
        let path = crate::SourcePath::from_path(input.path());
        scan_range(&buf, 0..buf.len(), |anchor, newlines| {
            let Some(parsed) = parse_at(&buf, anchor) else {
                return;
            };
            let (line, column) = (newlines + 1, 7);
            let at = FoundAt {
                path: &path,
                line,
                column,
            };
            let checked = Record::checked(at, &parsed, &buf);
            let long = Record::new(&path, line, column, &parsed, &buf, &check(&parsed));
            assert_eq!(checked, long, "{path}, line {line}");
            codes += 1;
            full += usize::from(checked.fen.is_some());
            errors += usize::from(checked.worst() == Some(Severity::Error));
        });
    }
    // The fixtures alone hold 74 codes, full positions among them and codes with errors.
    assert!(codes >= 70, "{codes} codes");
    assert!(full > 10, "{full} full positions");
    assert!(errors > 5, "{errors} codes with errors");
}
