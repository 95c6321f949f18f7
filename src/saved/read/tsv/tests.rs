use super::*;
use crate::parse::parse_text;
use crate::record::FoundAt;
use crate::render::cells;

/// The TSV row of the record of `text` (a code or position), cells as the writers make them.
fn row_of(text: &str) -> (Record, Vec<String>) {
    let parsed = parse_text(text).expect("a code");
    let at = FoundAt {
        path: &"study.txt".into(),
        line: 3,
        column: 1,
    };
    let mut record = Record::checked(at, &parsed, text.as_bytes());
    // A row has no column for where the stipulation was read.
    record.stipulation_source = None;
    let mut row = Vec::new();
    cells(&record, &mut Vec::new(), |c| {
        row.push(String::from_utf8_lossy(c).into_owned());
        Ok(())
    })
    .expect("writing to memory");
    (record, row)
}

fn read(row: &[String]) -> Result<Record, LineError> {
    entry(Order::Code, Columns::Current, row.join("\t").as_bytes())
}

fn column(name: &str) -> usize {
    super::super::COLUMNS
        .iter()
        .position(|c| *c == name)
        .expect("a column")
}

#[test]
fn material_and_board_read_back_as_written() {
    // Seed 001: every square known, so the row has a material and a FEN board field.
    let (record, row) = row_of("a7d3 0116.00 b2b3c6d6 3/3+.");
    assert_eq!(row[column("material")], "KRBvKNN");
    assert_eq!(row[column("fen")], "8/K7/2nn4/8/8/1B1k4/1R6/8");
    assert_eq!(read(&row).expect("a valid row"), record);
    // A code with a digit 9 and no W/B: neither is known, both cells are empty.
    let (bare, row) = row_of("0923.12");
    assert_eq!((bare.material, &bare.fen), (None, &None));
    assert_eq!((&*row[column("material")], &*row[column("fen")]), ("", ""));
    assert_eq!(read(&row).expect("a valid row"), bare);
}

#[test]
fn kings_squares_or_men_that_do_not_parse_are_refused_with_their_column() {
    let (record, good) = row_of("a7d3 0116.00 b2b3c6d6 3/3+.");
    assert_eq!(
        [
            &good[column("kings")],
            &good[column("squares")],
            &good[column("men")]
        ],
        ["a7d3", "b2b3c6d6", "3/3"]
    );
    assert_eq!(read(&good).expect("a valid row"), record);
    for (name, bad, expected) in [
        ("kings", "a9d3", "kings as two squares (a7d3) or nothing"),
        (
            "squares",
            "b2b3c6d",
            "glued squares, a full stop before the pawns (b2b3.c6), or nothing",
        ),
        ("men", "3+3", "a men count W/B (3/3) or nothing"),
    ] {
        let mut row = good.clone();
        row[column(name)] = bad.to_string();
        assert_eq!(
            read(&row).unwrap_err().to_string(),
            format!("column `{name}`: expected {expected}, found {bad:?}")
        );
    }
}

#[test]
fn a_material_or_board_that_does_not_parse_is_refused_with_its_column() {
    let (_, good) = row_of("a7d3 0116.00 b2b3c6d6 3/3+.");
    for (name, bad, expected) in [
        ("material", "KRXvK", "a material (KRBvKNN) or nothing"),
        ("fen", "8/K7/2n5/9", "a FEN board field or nothing"),
    ] {
        let mut row = good.clone();
        row[column(name)] = bad.to_string();
        assert_eq!(
            read(&row).unwrap_err().to_string(),
            format!("column `{name}`: expected {expected}, found {bad:?}")
        );
    }
}
