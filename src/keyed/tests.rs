use super::*;

#[track_caller]
fn read(text: &str, kind: DataKind) -> KeyedRead {
    read_keyed(
        text.as_bytes(),
        &SourcePath::from("t"),
        kind,
        &Keys::default(),
    )
}

const FEN: &str = "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1";

#[test]
fn kinds_are_told_by_name_and_by_first_bytes_when_the_name_says_nothing() {
    assert_eq!(DataKind::of_name(b"a/b.JSON"), Some(DataKind::Json));
    assert_eq!(DataKind::of_name(b"x.ndjson"), Some(DataKind::JsonLines));
    assert_eq!(DataKind::of_name(b"dir/.csv"), None);
    assert_eq!(
        data_kind(b"<stdin>", b" [\n {\"gbr\": 1}]"),
        Some(DataKind::Json)
    );
    assert_eq!(data_kind(b"<stdin>", b"[Event \"x\"]"), None);
    assert_eq!(
        data_kind(b"studies", b"no\tgbr\tfen\n"),
        Some(DataKind::Tsv)
    );
    assert_eq!(data_kind(b"studies", b"a,b\n1,2\n"), None);
    assert_eq!(data_kind(b"notes.txt", b"{\"gbr\": 1}"), None);
    // gbr's own saved directory is text, as before.
    assert_eq!(
        data_kind(b"dir.tsv", b"code\tkings\tsquares\tcanonical\n"),
        None
    );
}

#[test]
fn a_record_points_at_its_code_value_and_names_its_places_by_pointer() {
    let text = format!(r#"{{"a/b": {{"x~": [{{"gbr": "0116.00 a7d4", "fen": "{FEN}"}}]}}}}"#);
    let r = read(&text, DataKind::Json);
    assert_eq!(r.objects, 3);
    let record = &r.records[0];
    assert_eq!(record.offset as usize, text.find("0116.00").unwrap());
    assert_eq!((record.line, record.column), (1, record.offset + 1));
    let start = record.offset as usize;
    assert_eq!(r.code_values, vec![start..start + 12]);
    let messages: Vec<&str> = record.findings.iter().map(|f| f.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "fen: the kings a7d4 at t#/a~1b/x~0/0/gbr disagree with the FEN at t#/a~1b/x~0/0/fen, \
          which has a7d3; no third copy says which is wrong"
        ]
    );
    assert!(!record.valid);
}

#[test]
fn a_csv_cell_is_placed_inside_its_quotes_and_an_escaped_one_takes_no_fix() {
    let text = format!("gbr,fen\n\"0126.00 a7d3 3/3\",{FEN}\n");
    let r = read(&text, DataKind::Csv);
    let f = &r.records[0].findings[0];
    assert_eq!(f.offset as usize, text.find("0126.00").unwrap());
    assert_eq!(f.fix.as_deref(), Some("0116.00"));
    assert!(f.message.contains("t#cell=2,1"), "{}", f.message);
    // A JSON escape inside the code value: reported, not fixed.
    let text = format!(r#"{{"gbr": "0126.00 a7d3 3\/3", "fen": "{FEN}"}}"#);
    let r = read(&text, DataKind::Json);
    let f = &r.records[0].findings[0];
    assert_eq!(f.fix, None);
    assert!(f.fixes.is_empty());
}

#[test]
fn nesting_past_the_limit_is_a_problem_that_names_it_and_never_overflows() {
    for depth in [MAX_DEPTH + 1, 100_000] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let r = read(&text, DataKind::Json);
        assert_eq!(r.problems.len(), 1, "{depth}");
        assert!(r.problems[0].line == 1, "{depth}");
    }
    let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    assert_eq!(read(&ok, DataKind::Json).problems, []);
    let r = read(
        &format!("{}{}", "[".repeat(MAX_DEPTH + 1), "]".repeat(MAX_DEPTH + 1)),
        DataKind::Json,
    );
    assert_eq!(
        r.problems[0].message,
        "nesting deeper than 64 levels of objects and arrays"
    );
}

#[test]
fn bad_input_is_a_problem_with_its_line_and_column() {
    let r = read("{\"gbr\": \"0100.00\",\n  \"fen\": }", DataKind::Json);
    assert_eq!(
        r.problems,
        [DataProblem {
            offset: 28,
            line: 2,
            column: 10,
            message: "expected value".into()
        }]
    );
    let r = read(
        "{\"gbr\": \"0100.00 a1c3\"}\n{\n{\"gbr\": \"0116.00 a7d3\"}\n",
        DataKind::JsonLines,
    );
    assert_eq!(r.records.len(), 2);
    assert_eq!(r.problems[0].line, 2);
    for junk in ["", "\u{feff}", "{", "[[[", "\"", "a,b\n\"", "\0\0\0"] {
        for kind in [
            DataKind::Json,
            DataKind::JsonLines,
            DataKind::Csv,
            DataKind::Tsv,
        ] {
            let r = read(junk, kind);
            assert!(r.records.is_empty(), "{junk:?} {kind:?}");
        }
    }
}
