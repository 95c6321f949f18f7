//! The record of every code in the fixtures and the real corpus, made the scanner's way
//! (`Record::checked`: material and board derived once for the checks and the record) and the
//! long way (`check`, then `Record::new`): both must give the same record, findings included.

use std::path::PathBuf;

use gbrscan::finder::scan_range;
use gbrscan::input::walk;
use gbrscan::record::FoundAt;
use gbrscan::{Record, Severity, check, parse_at};

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
        let path = gbrscan::SourcePath::from_path(input.path());
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

#[test]
fn material_and_board_serialise_as_text_and_read_back() {
    let text = "a7d3 0116.00 b2b3c6d6 3/3+.";
    let parsed = gbrscan::parse_text(text).expect("seed 001");
    let at = FoundAt {
        path: &"seed.txt".into(),
        line: 1,
        column: 1,
    };
    let record = Record::checked(at, &parsed, text.as_bytes());
    let json: serde_json::Value = serde_json::to_value(&record).expect("a record serialises");
    assert_eq!(json["material"], "KRBvKNN");
    assert_eq!(json["fen"], "8/K7/2nn4/8/8/1B1k4/1R6/8");
    assert_eq!(
        serde_json::from_value::<Record>(json.clone()).expect("reads back"),
        record
    );
    // Either style of material reads; a text that is no material or board is refused.
    let mut human = json.clone();
    human["material"] = "wR wB v bN bN".into();
    let read: Record = serde_json::from_value(human).expect("the human style reads");
    assert_eq!(read.material, record.material);
    for (field, bad) in [("material", "KRXvK"), ("fen", "8/K7/9")] {
        let mut wrong = json.clone();
        wrong[field] = bad.into();
        assert!(serde_json::from_value::<Record>(wrong).is_err(), "{field}");
    }
    let mut absent = json;
    absent["fen"] = serde_json::Value::Null;
    let read: Record = serde_json::from_value(absent).expect("null reads as none");
    assert_eq!(read.fen, None);
}
