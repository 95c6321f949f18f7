use super::*;

#[track_caller]
fn read(text: &str, kind: DataKind) -> KeyedRead {
    read_keyed(text.as_bytes(), &SourcePath::from("t"), kind, &Keys::default())
}

#[test]
fn placeholder_reads_an_object() {
    let r = read(r#"{"gbr": "0116.00 a7d3", "fen": "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1"}"#, DataKind::Json);
    assert_eq!(r.records.len(), 1, "{r:?}");
}
