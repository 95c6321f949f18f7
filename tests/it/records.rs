//! A record as JSON: its material and board written as text and read back (the scanner's
//! record against the one made the long way is a unit test, `src/tests.rs`).

use gbrscan::Record;
use gbrscan::record::FoundAt;

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
