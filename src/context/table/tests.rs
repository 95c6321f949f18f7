use super::*;

/// (code, king pair, label, has a note) of each code of `text` a table pairs.
type Row = (String, Option<String>, Option<String>, bool);

fn read(text: &str) -> (Vec<Row>, Tables) {
    let buf = text.as_bytes();
    let mut tables = Tables::new();
    let mut out = Vec::new();
    for (at, _) in text.match_indices('.') {
        let Some(anchor) = at.checked_sub(4) else {
            continue;
        };
        if !line::is_code(buf.get(anchor..anchor + 7).unwrap_or_default()) {
            continue;
        }
        if let Some(e) = tables.entry(buf, anchor) {
            out.push((
                text[anchor..anchor + 7].to_string(),
                e.kings.map(|(_, r)| text[r].to_string()),
                e.label.map(|r| text[r].to_string()),
                e.unpaired.is_some(),
            ));
        }
    }
    (out, tables)
}

fn entries(text: &str) -> Vec<Row> {
    read(text).0
}

fn row(code: &str, kings: Option<&str>, label: Option<&str>) -> Row {
    (
        code.into(),
        kings.map(Into::into),
        label.map(Into::into),
        false,
    )
}

#[test]
fn runs_of_the_same_length_are_paired_in_order() {
    let text = "Wins\n0001.11\n0001.12 \n\n0001.13\ne8h8\ng2d5\n\nh1d6\n- 29 -\n-64-\n- 85\n";
    assert_eq!(
        entries(text),
        [
            row("0001.11", Some("e8h8"), Some("29")),
            row("0001.12", Some("g2d5"), Some("64")),
            row("0001.13", Some("h1d6"), Some("85")),
        ]
    );
}

#[test]
fn rows_of_codes_pair_with_rows_of_kings_in_reading_order() {
    let text = "0002.01 0003.10\n0004.11\nc3b1 d3g1\nh6e8\n\x0cNext page\n";
    let kings: Vec<_> = entries(text)
        .into_iter()
        .map(|(c, k, _, _)| (c, k.unwrap()))
        .collect();
    let expected = [
        ("0002.01", "c3b1"),
        ("0003.10", "d3g1"),
        ("0004.11", "h6e8"),
    ];
    assert_eq!(kings, expected.map(|(c, k)| (c.to_string(), k.to_string())));
}

#[test]
fn a_run_of_another_length_is_not_paired_and_says_so() {
    let text = "0001.11\n0001.12\ne8h8\n- 29 -\n- 64 -\n";
    let e = entries(text);
    assert_eq!(e.len(), 2);
    assert!(
        e.iter()
            .all(|(_, k, l, unpaired)| k.is_none() && l.is_some() && *unpaired)
    );
}

#[test]
fn codes_in_prose_or_with_their_kings_and_labels_are_no_table() {
    for text in [
        "The code 0001.11 e8h8 - 29 -\n",
        "0001.11 e8h8 - 29 -\n0001.12 g2d5 - 64 -\n",
        "0001.11\n0001.12\nand prose after them\ne8h8\n",
        "0001.11\n0001.12\n",
        "0001.11 e8h8\n0001.12 g2d5\n\nprose\n",
        "+\n0014.01 d4d6\n\n- 31 -\n1.Kg2\n",
    ] {
        assert_eq!(entries(text), [], "{text:?}");
    }
}

#[test]
fn rows_of_a_code_and_its_kings_take_the_run_of_labels_after_them() {
    // The labels' closing dashes lost to lines of their own, an en dash, a folio between.
    let text = "Wins:\n0001.03 f1h1\n0001.11 a2d6\n0002.01 c3b1\n\n- 135\n\u{2013} 56\n\n436\n- 31\n\n\u{2013}\n-\n\n0003.10\n0004.10\ne4h2\na8a3\n- 15 -\n- 26 \u{2013}\n";
    assert_eq!(
        entries(text),
        [
            row("0001.03", Some("f1h1"), Some("135")),
            row("0001.11", Some("a2d6"), Some("56")),
            row("0002.01", Some("c3b1"), Some("31")),
            row("0003.10", Some("e4h2"), Some("15")),
            row("0004.10", Some("a8a3"), Some("26")),
        ]
    );
}

#[test]
fn labels_set_apart_from_their_column_go_to_the_codes_still_waiting() {
    // The last column of wins (two codes, their kings), the heading of draws and its rows,
    // then the wins' labels, a stray dash, and the draws' labels on one line.
    let text = "0010.12\n0011.02\n\ng5b1\ne8a7\n\nDraws\n0014.22 g5d6\n0031.01 a8d5\n0041.23 f2f4\n\n- 82\n- 73\n\n-\n\n- 274 - 271 - 3 -\n";
    let (rows, mut tables) = read(text);
    assert_eq!(
        rows,
        [
            row("0010.12", Some("g5b1"), Some("82")),
            row("0011.02", Some("e8a7"), Some("73")),
            row("0014.22", Some("g5d6"), Some("274")),
            row("0031.01", Some("a8d5"), Some("271")),
            row("0041.23", Some("f2f4"), Some("3")),
        ]
    );
    let draws = text.find("0014.22").unwrap();
    let entry = tables.entry(text.as_bytes(), draws).unwrap();
    assert!(matches!(entry.above, Some(Above::Heading(_))));
    let second = text.find("0011.02").unwrap();
    assert_eq!(
        tables.entry(text.as_bytes(), second).unwrap().above,
        Some(Above::Code)
    );
}

#[test]
fn labels_that_come_to_more_than_the_codes_waiting_are_not_paired() {
    // Two pairings remain (which of the three labels is the stray one?): none is made.
    let text = "0001.11\n0001.12\ne8h8\ng2d5\n- 29 -\n- 64 -\n- 65 -\n";
    let e = entries(text);
    assert_eq!(e.len(), 2);
    assert!(
        e.iter()
            .all(|(_, k, l, note)| k.is_some() && l.is_none() && *note)
    );
}

#[test]
fn a_run_longer_than_the_limit_is_not_paired() {
    let codes = "0001.11\n".repeat(MAX_TABLE_BYTES / 8 + 10);
    let text = format!("{codes}e8h8\n");
    assert_eq!(entries(&text), []);
}

/// A column of codes past the limit is read a bounded number of times: the lines read grow as
/// the column does, not as the column times the limit.
#[test]
fn a_long_column_of_codes_costs_lines_in_proportion_to_its_length() {
    let lines_read = |n: usize| {
        let text = "0116.00\n".repeat(n);
        let (rows, tables) = read(&text);
        assert_eq!(rows, []);
        tables.lines
    };
    let (one, two) = (lines_read(20_000), lines_read(40_000));
    assert!(one < 3 * 20_000, "{one} lines read for 20,000 codes");
    assert!(
        two <= 2 * one + 2 * (MAX_TABLE_BYTES as u64 / 8),
        "{one} then {two}"
    );
}

#[test]
fn a_row_given_nothing_and_a_lone_code_over_its_kings_are_read_as_any_code() {
    let text = "0000.10 c3b1\n\n0116.00\na7d3\n";
    assert_eq!(entries(text), []);
}

/// A code's table entry is the same whether its table was read for a code before it (kept)
/// or for the code itself (as in a chunk of its own): stray dashes on a code's line
/// (`0641.00 - -`) included, before and after the code.
#[test]
fn a_code_asks_its_table_the_same_kept_or_read_afresh() {
    for text in [
        "0641.00 g1f5\n0641.00 - -\n- 106 -\n+ words\n",
        "1501.05 d7g4 \t -\t98 -\n 7061.10 c8g4\n -\t40 -\n0017.57\t- -\n- 31\t-\nwords\n",
        "0130.00\n\u{2013} 0400.10 \u{2013}\n- 12 -\n- 13 -\nwords\n",
    ] {
        let buf = text.as_bytes();
        let mut kept = Tables::new();
        for (at, _) in text.match_indices('.') {
            let Some(anchor) = at.checked_sub(4) else {
                continue;
            };
            if !line::is_code(buf.get(anchor..anchor + 7).unwrap_or_default()) {
                continue;
            }
            assert_eq!(
                kept.entry(buf, anchor),
                Tables::new().entry(buf, anchor),
                "{text:?} at {anchor}"
            );
        }
    }
}
