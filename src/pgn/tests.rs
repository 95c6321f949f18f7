use super::*;
use crate::check::Check;

const STUDIES: &[u8] = include_bytes!("../../fixtures/pgn/studies.pgn");
const LATIN1: &[u8] = include_bytes!("../../fixtures/pgn/latin1.pgn");
const BOM: &[u8] = include_bytes!("../../fixtures/pgn/bom.pgn");
const UTF16: &[u8] = include_bytes!("../../fixtures/pgn/utf16.pgn");

#[test]
fn games_with_a_fen_become_records_in_file_order() {
    let read = read_pgn(STUDIES, "studies.pgn");
    let rows: Vec<(u64, &str, &str, bool)> = read
        .records
        .iter()
        .map(|r| (r.line, r.canonical.as_str(), r.form.name(), r.valid))
        .collect();
    assert_eq!(
        rows,
        [
            // A game printing its code in a tag points at that tag; else at its first line.
            (10, "a7d3 0116.00 b2b3c6d6 3/3+.", "fen", true),
            (21, "c4e3 0000.21 .e4f2h5 3/2-=.", "fen", false),
            (40, "a1a8 9000.00 b1c1d1 4/1+.", "fen", false),
        ]
    );
    assert_eq!(read.counts.games, 5);
    assert_eq!(read.counts.without_fen, 1);
    assert_eq!(
        read.counts.problems,
        [GameProblem {
            line: 29,
            message: "FEN tag \"8/8/8/8/8/8/8/KX5k w - - 0 1\": FEN board field: expected a man \
                      (K Q R B N P, S for a knight; lower case for Black), a digit 1-8 or '/', \
                      found 'X' at byte 15"
                .to_string()
        }]
    );
    assert_eq!(read.counts.stopped, None);
    assert_eq!(read.encoding, PgnEncoding::Utf8);
}

#[test]
fn the_reference_is_the_game_and_the_text_is_the_fen() {
    let read = read_pgn(STUDIES, "studies.pgn");
    let first = &read.records[0];
    assert_eq!(first.offset, 0);
    assert_eq!(first.text, "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1");
    let game = &STUDIES[first.offset as usize..(first.offset + first.length) as usize];
    assert!(game.starts_with(b"[Event \"EG\"]"));
    assert!(game.ends_with(b"3/3+} 1-0"));
    let study = first.study.as_deref().unwrap();
    assert_eq!(study.composer.as_deref(), Some("Roycroft, John"));
    assert_eq!(study.event.as_deref(), Some("EG"));
    assert_eq!(study.date.as_deref(), Some("1995.??.??"));
    assert_eq!(study.result.as_deref(), Some("1-0"));
    assert_eq!(study.gbr.as_deref(), Some("0116.00"));
    assert_eq!(
        first.fen.as_ref().map(ToString::to_string).as_deref(),
        Some("8/K7/2nn4/8/8/1B1k4/1R6/8")
    );
}

#[test]
fn a_code_beside_the_fen_that_disagrees_is_a_finding_with_the_fix() {
    let read = read_pgn(STUDIES, "studies.pgn");
    let messages = |i: usize| -> Vec<(Check, String, Option<String>, u64)> {
        read.records[i]
            .findings
            .iter()
            .filter(|f| f.check == Check::Fen)
            .map(|f| (f.check, f.message.clone(), f.fix.clone(), f.offset))
            .collect()
    };
    assert_eq!(messages(0), []);
    let comment_at = memchr::memmem::find(STUDIES, b"0000.12").unwrap() as u64;
    assert_eq!(
        messages(1),
        [(
            Check::Fen,
            "fen: a comment gives the code 0000.12, the FEN gives 0000.21; the code should \
             probably read 0000.21"
                .to_string(),
            Some("0000.21".to_string()),
            comment_at
        )]
    );
    let tag_at = memchr::memmem::find(STUDIES, b"9000.01").unwrap() as u64;
    assert_eq!(
        messages(2),
        [(
            Check::Fen,
            "fen: the EGBR tag gives the code 9000.01, the FEN gives 9000.00; the code should \
             probably read 9000.00"
                .to_string(),
            Some("9000.00".to_string()),
            tag_at
        )]
    );
}

#[test]
fn latin1_names_decode_as_windows_1252() {
    let read = read_pgn(LATIN1, "latin1.pgn");
    assert_eq!(read.encoding, PgnEncoding::Windows1252);
    let composers: Vec<&str> = read
        .records
        .iter()
        .filter_map(|r| r.study.as_ref()?.composer.as_deref())
        .collect();
    assert_eq!(composers, ["Réti, Richard", "Käsemann, Gerd"]);
    assert_eq!(read.records[0].canonical, "h8a6 0000.11 .c6h5 2/2=.");
}

#[test]
fn byte_order_marks_are_read_past() {
    for (bytes, encoding, offset) in [(BOM, PgnEncoding::Utf8, 3), (UTF16, PgnEncoding::Utf16, 0)] {
        let read = read_pgn(bytes, "bom.pgn");
        assert_eq!(read.encoding, encoding);
        assert_eq!(read.records.len(), 1, "{encoding:?}");
        let record = &read.records[0];
        assert_eq!((record.line, record.offset), (1, offset), "{encoding:?}");
        assert_eq!(record.canonical, "a1c3 0100.00 b2 2/1+.");
        assert_eq!(
            record.study.as_ref().unwrap().composer.as_deref(),
            Some("Troitzky, Alexei")
        );
    }
}

#[test]
fn nothing_crashes_on_broken_or_binary_input() {
    let table: [&[u8]; 6] = [
        b"",
        b"[FEN \"",
        b"[FEN \"8/8/8/8/8/8/8/8 w\"]\n*",
        b"\xFF\xFE\x00",
        b"{ never closed 0116.00",
        b"[Event \"x\"]\n[FEN \"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1\"\n1. e4 (((",
    ];
    for bytes in table {
        let _ = read_pgn(bytes, "broken.pgn");
    }
    let cut: Vec<u8> = STUDIES.iter().copied().step_by(3).collect();
    let _ = read_pgn(&cut, "cut.pgn");
}

#[test]
fn the_fen_tag_is_found_past_tags_whose_name_starts_alike() {
    let pgn = b"[FENNote \"set up by hand\"]\n[FEN \"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1\"]\n\n*\n";
    let read = read_pgn(pgn, "t.pgn");
    assert_eq!(read.records[0].text, "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1");
}
