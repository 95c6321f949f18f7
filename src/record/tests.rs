use super::*;

/// Every field named `offset`, at any depth, against its place, in `value`.
fn offsets(value: &serde_json::Value, at: &str, out: &mut Vec<(String, u64)>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                if k == "offset" {
                    out.push((format!("{at}.{k}"), v.as_u64().unwrap_or(u64::MAX)));
                } else {
                    offsets(v, &format!("{at}.{k}"), out);
                }
            }
        }
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                offsets(v, &format!("{at}[{i}]"), out);
            }
        }
        _ => {}
    }
}

#[test]
#[cfg(target_pointer_width = "64")]
fn a_record_stays_as_small_as_it_is() {
    // A scan moves every record several times: kings and W/B typed take 5 bytes where
    // their texts took 48; a square list typed (two vectors) 56 where its text took 24.
    // A citation and a directory entry's place merged into a study (`copies::merge`) are
    // a box each, 8 bytes. The tables' verdict and DTZ (3 bytes) filled the last of the
    // padding and took 8 more: +0.8% instructions for the plain scan of 17.8 MB of real
    // prose (docs/performance.md, "The tables").
    assert_eq!(std::mem::size_of::<Record>(), 392);
}

#[test]
fn a_part_that_does_not_read_is_an_error_naming_it() {
    let text = b"a7d3 0116.00 b2b3c6d6 3/3+.";
    let parsed = crate::parse::parse_at(text, 5).expect("a caption");
    let record = Record::new("t.txt", 1, 1, &parsed, text, &crate::check::check(&parsed));
    let json = serde_json::to_string(&record).expect("a record serialises");
    assert!(json.contains(r#""kings":"a7d3","squares":"b2b3c6d6","men":"3/3""#));
    let back: Record = serde_json::from_str(&json).expect("a record reads back");
    assert_eq!(back, record);
    for (field, from, to, message) in [
        (
            "kings",
            "a7d3",
            "a9d3",
            "kings `a9d3` is not two squares such as a7d3",
        ),
        (
            "men",
            "3/3",
            "3+3",
            "men `3+3` is not a men count such as 3/3",
        ),
        (
            "squares",
            "b2b3c6d6",
            "b2b3c6d",
            "squares `b2b3c6d` is not glued squares",
        ),
    ] {
        let bad = json.replace(
            &format!(r#""{field}":"{from}""#),
            &format!(r#""{field}":"{to}""#),
        );
        let err = serde_json::from_str::<Record>(&bad).expect_err(field);
        assert!(err.to_string().starts_with(message), "{err}");
    }
}

#[test]
fn shifting_moves_every_offset_and_nothing_else() {
    // A caption with a finding and two candidate fixes.
    let text = b"No 9\nc3e5 0130.22 4/5 Draw\n";
    let parsed = crate::parse::parse_at(text, 10).expect("a caption");
    let findings = crate::check::check(&parsed);
    let record = Record::new("t.txt", 2, 1, &parsed, text, &findings);
    let mut shifted = record.clone();
    shifted.shift_offsets(1 << 20);
    let (mut before, mut after) = (Vec::new(), Vec::new());
    let json = |r: &Record| serde_json::to_value(r).expect("a record serialises");
    offsets(&json(&record), "", &mut before);
    offsets(&json(&shifted), "", &mut after);
    assert_eq!(
        before.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(),
        // serde_json's objects keep their keys sorted.
        [
            ".findings[0].fixes[0].offset",
            ".findings[0].fixes[1].offset",
            ".findings[0].offset",
            ".offset",
        ]
    );
    for ((k, a), (_, b)) in before.iter().zip(&after) {
        assert_eq!(*b, a + (1 << 20), "{k}");
    }
    // Nothing else moved.
    let mut back = shifted;
    back.offset = record.offset;
    for (f, g) in back.findings.iter_mut().zip(&record.findings) {
        f.offset = g.offset;
        for (x, y) in f.fixes.iter_mut().zip(&g.fixes) {
            x.offset = y.offset;
        }
    }
    assert_eq!(back, record);
}
