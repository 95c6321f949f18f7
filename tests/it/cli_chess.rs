//! The chess formats through the real binary: `gbr encode`, `gbr decode` of FENs and
//! materials, PGN input to `scan` and `index`, the `pgn` and `epd` exports (read back by
//! pgn-reader and shakmaty). `gbr lookup --fen` is in `cli_lookup_position.rs`.

use std::io::Cursor;
use std::ops::ControlFlow;

use gbrscan::Record;
use pgn_reader::{RawTag, Reader, Visitor};
use shakmaty::fen::{Epd, Fen};

/// `gbr ARGS` given a standard input: its output, stderr and exit code.
use crate::support::gbr::outcome as gbr;

const SEED: &str = "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1";

#[test]
fn encode_writes_the_full_position_of_each_fen() {
    let table: [(&[&str], &str); 6] = [
        (&[SEED], "a7d3 0116.00 b2b3c6d6 3/3\n"),
        (&["--win", SEED], "a7d3 0116.00 b2b3c6d6 3/3+\n"),
        (
            &["--draw", "8/K7/2nn4/8/8/1B1k4/1R6/8 b - - 0 1"],
            "a7d3 0116.00 b2b3c6d6 3/3-=\n",
        ),
        (
            &["8/K7/2nn4/8/8/1B1k4/1R6/8 b"],
            "a7d3 0116.00 b2b3c6d6 3/3 BTM\n",
        ),
        (
            &["--win", "8/K7/2ss4/8/8/1B1k4/1R6/8 b"],
            "a7d3 0116.00 b2b3c6d6 3/3-+\n",
        ),
        (
            &["k7/8/8/8/8/8/8/KQQQ4 w - - id \"three queens\";", SEED],
            "a1a8 9000.00 b1c1d1 4/1\na7d3 0116.00 b2b3c6d6 3/3\n",
        ),
    ];
    for (args, expected) in table {
        let mut all = vec!["encode"];
        all.extend(args);
        assert_eq!(
            gbr(&all, ""),
            (expected.to_string(), String::new(), 0),
            "{args:?}"
        );
    }
}

#[test]
fn encode_reads_standard_input_and_reports_a_bad_fen_by_line() {
    let input = format!("{SEED}\n\n# a comment\n8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1 9\n{SEED}\n");
    let (out, err, code) = gbr(&["encode", "--win"], &input);
    assert_eq!(
        out,
        "a7d3 0116.00 b2b3c6d6 3/3+\na7d3 0116.00 b2b3c6d6 3/3+\n"
    );
    assert_eq!(
        err,
        "gbr: <stdin>:4: FEN fullmove number field: expected the end of the FEN, found '9' at \
         byte 36\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn decode_of_a_fen_gives_the_position_block_and_the_whole_fen() {
    let (out, err, code) = gbr(&["decode", "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1"], "");
    assert_eq!((err.as_str(), code), ("", 0));
    for line in [
        "read as:     FEN",
        "canonical:   a7d3 0116.00 b2b3c6d6 3/3.",
        "material:    wR wB v bN bN (KRBvKNN)",
        "FEN:         8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1",
        "verdict:     valid",
    ] {
        assert!(out.lines().any(|l| l == line), "no {line:?} in\n{out}");
    }
    let (out, _, _) = gbr(&["decode", "a7d3 0116.00 b2b3c6d6 3/3-+."], "");
    assert!(
        out.contains("\nFEN:         8/K7/2nn4/8/8/1B1k4/1R6/8 b - - 0 1\n"),
        "{out}"
    );
    let (_, err, code) = gbr(&["decode", "8/K7/2nn4/8/8/1B1k4/1R7 w"], "");
    assert_eq!(
        err,
        "gbr: FEN board field: expected at most 8 files in a rank, found '7' at byte 22\n"
    );
    assert_eq!(code, 2);
}

#[test]
fn decode_of_a_material_in_any_style_gives_words_table_code_and_counts() {
    let block = "\
material:    wR wB v bN bN
in words:    rook and bishop against two knights
table:       KRBvKNN
code:        0116.00
men:         3/3 (pieces 2/2, pawns 0/0)
";
    for text in [
        "KRBvKNN",
        "KRB v KNN",
        "wR wB v bN bN",
        "krbvknn",
        "wr wb v bn bn",
    ] {
        assert_eq!(
            gbr(&["decode", text], ""),
            (block.to_string(), String::new(), 0),
            "{text}"
        );
    }
}

#[test]
fn two_arguments_that_decode_alone_give_two_blocks() {
    let (out, _, code) = gbr(&["decode", "0323.12", "KRBvKNN"], "");
    assert_eq!(code, 0);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{out}");
    assert!(blocks[0].starts_with("text:        0323.12\n"));
    assert!(blocks[1].starts_with("material:    wR wB v bN bN\n"));
    // Words that do not decode alone are one text.
    let (out, _, _) = gbr(&["decode", "a7d3", "0116.00", "b2b3c6d6", "3/3+."], "");
    assert_eq!(out.split("\n\n").count(), 1);
}

/// The records of `gbr scan --json ARGS`.
fn scanned(args: &[&str]) -> (Vec<Record>, String) {
    let mut all = vec!["scan", "--json"];
    all.extend(args);
    let (out, err, _) = gbr(&all, "");
    let records = out
        .lines()
        .filter_map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).ok()?;
            (v["type"] == "match").then(|| serde_json::from_value(v["data"].clone()).unwrap())
        })
        .collect();
    (records, err)
}

#[test]
fn pgn_files_are_read_as_games_with_their_metadata() {
    let (records, err) = scanned(&["fixtures/pgn/studies.pgn"]);
    let rows: Vec<(u64, &str, bool)> = records
        .iter()
        .map(|r| (r.line, r.canonical.as_str(), r.valid))
        .collect();
    assert_eq!(
        rows,
        [
            // The tag printing the code (`GBR`, `EGBR`), else the game's first line.
            (10, "a7d3 0116.00 b2b3c6d6 3/3+.", true),
            (21, "c4e3 0000.21 .e4f2h5 3/2-=.", false),
            (40, "a1a8 9000.00 b1c1d1 4/1+.", false),
        ]
    );
    assert_eq!(
        err,
        "gbr: fixtures/pgn/studies.pgn: 1 of 5 games have no FEN tag, skipped\n\
         gbr: fixtures/pgn/studies.pgn:29: FEN tag \"8/8/8/8/8/8/8/KX5k w - - 0 1\": FEN board \
         field: expected a man (K Q R B N P, S for a knight; lower case for Black), a digit 1-8 \
         or '/', found 'X' at byte 15\n"
    );
    let study = records[0].study.as_deref().expect("metadata");
    assert_eq!(study.composer.as_deref(), Some("Roycroft, John"));
    // The label: composer, source and year, as a book cites a study.
    let labels: Vec<Option<&str>> = records.iter().map(|r| r.label.as_deref()).collect();
    assert_eq!(
        labels,
        [
            Some("Roycroft, John, EG 1995"),
            Some("Composer, C, Tidskrift 2001"),
            Some("Composer, E, Wrong tag")
        ]
    );
    let (records, _) = scanned(&[
        "--label-pattern",
        r#"White "([^"]*)""#,
        "fixtures/pgn/studies.pgn",
    ]);
    let labels: Vec<Option<&str>> = records.iter().map(|r| r.label.as_deref()).collect();
    assert_eq!(
        labels,
        [
            Some("Roycroft, John"),
            Some("Composer, C"),
            Some("Composer, E")
        ]
    );
    assert_eq!(study.event.as_deref(), Some("EG"));
    assert_eq!(
        records[1].findings.last().unwrap().fix.as_deref(),
        Some("0000.21")
    );
}

#[test]
fn a_pgn_on_standard_input_is_read_as_games_when_its_label_names_a_pgn() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/pgn/studies.pgn");
    let file = std::fs::read_to_string(path).expect("the fixture");
    let (whole, _, code) = gbr(&["scan", path], "");
    let (piped, _, piped_code) = gbr(&["scan", "--label", path, "-"], &file);
    assert_eq!((piped.as_str(), piped_code), (whole.as_str(), code));
    assert!(
        whole.contains("a7d3 0116.00 b2b3c6d6 3/3+. ok [full]"),
        "{whole}"
    );
}

#[test]
fn pgn_is_read_as_games_only_when_named_pgn_or_asked() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("studies.txt");
    std::fs::copy("fixtures/pgn/studies.pgn", &copy).unwrap();
    let copy = copy.to_str().unwrap();
    // As text, only the codes written in it are found.
    let (as_text, _) = scanned(&[copy]);
    assert!(as_text.iter().all(|r| r.form.name() != "fen"));
    let (as_pgn, _) = scanned(&["--pgn", copy]);
    assert_eq!(as_pgn.len(), 3);
}

#[test]
fn latin1_bom_and_utf16_files_read_their_names() {
    let (records, err) = scanned(&[
        "fixtures/pgn/latin1.pgn",
        "fixtures/pgn/bom.pgn",
        "fixtures/pgn/utf16.pgn",
    ]);
    assert_eq!(err, "");
    let composers: Vec<&str> = records
        .iter()
        .map(|r| r.study.as_ref().unwrap().composer.as_deref().unwrap())
        .collect();
    assert_eq!(
        composers,
        [
            "Réti, Richard",
            "Käsemann, Gerd",
            "Troitzky, Alexei",
            "Troitzky, Alexei"
        ]
    );
}

/// Collects the FEN and GBR tags of every game.
struct Tags;

impl Visitor for Tags {
    type Tags = (Option<String>, Option<String>);
    type Movetext = Self::Tags;
    type Output = Self::Tags;

    fn begin_tags(&mut self) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue((None, None))
    }

    fn tag(
        &mut self,
        tags: &mut Self::Tags,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<Self::Output> {
        let value = Some(value.decode_utf8_lossy().into_owned());
        match name {
            b"FEN" => tags.0 = value,
            b"GBR" => tags.1 = value,
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: Self::Tags) -> ControlFlow<Self::Output, Self::Tags> {
        ControlFlow::Continue(tags)
    }

    fn end_game(&mut self, tags: Self::Tags) -> Self::Output {
        tags
    }
}

#[test]
fn the_pgn_export_reads_back_with_pgn_reader_and_shakmaty() {
    let (out, err, code) = gbr(
        &[
            "index",
            "fixtures/pgn/",
            "fixtures/directory/",
            "--format",
            "pgn",
        ],
        "",
    );
    assert_eq!(code, 0);
    assert!(
        err.contains(
            "gbr: 10 of 25 entries without a full position skipped (pgn needs every square)\n"
        ),
        "{err}"
    );
    let mut reader = Reader::new(Cursor::new(out.as_bytes()));
    let games: Vec<(Option<String>, Option<String>)> =
        reader.read_games(&mut Tags).map(|g| g.unwrap()).collect();
    assert_eq!(games.len(), 15);
    for (fen, gbr_tag) in games {
        let fen = fen.expect("a FEN tag");
        let setup = Fen::from_ascii(fen.as_bytes())
            .expect("shakmaty reads the FEN")
            .into_setup();
        let position = gbrscan::Position::from_board(&setup.board, None).unwrap();
        assert_eq!(gbr_tag, Some(position.code.to_string()), "{fen}");
    }
    // And gbr reads its own export back to the same positions.
    let dir = tempfile::tempdir().unwrap();
    let exported = dir.path().join("export.pgn");
    std::fs::write(&exported, &out).unwrap();
    let (again, err) = scanned(&[exported.to_str().unwrap()]);
    assert_eq!(err, "");
    let (first, _, _) = gbr(
        &[
            "index",
            "fixtures/pgn/",
            "fixtures/directory/",
            "--format",
            "epd",
        ],
        "",
    );
    let canonical: Vec<&str> = again.iter().map(|r| r.canonical.as_str()).collect();
    let c0: Vec<&str> = first
        .lines()
        .map(|l| l.split("c0 \"").nth(1).unwrap().split('"').next().unwrap())
        .collect();
    assert_eq!(canonical, c0);
}

/// python-chess reads the PGN export of the fixtures and prints, for each game, its tags as
/// JSON: what a composer's chess software sees of a study's identity.
const PYTHON_CHESS: &str = r#"
import sys, json, chess.pgn
with open(sys.argv[1], encoding="utf-8") as f:
    while (game := chess.pgn.read_game(f)) is not None:
        assert not game.errors, game.errors
        tags = dict(game.headers)
        tags["board"] = game.board().board_fen()
        print(json.dumps(tags))
"#;

/// Run by `.ci/run` (`cargo test -- --ignored`) once it has installed python-chess in its
/// virtual environment; without it the test fails, never passes silently.
#[test]
#[ignore = "needs python-chess"]
fn the_pgn_export_keeps_a_studys_identity_for_python_chess() {
    let (out, _, code) = gbr(
        &[
            "index",
            "fixtures/pgn/studies.pgn",
            "fixtures/directory/",
            "--format",
            "pgn",
        ],
        "",
    );
    assert_eq!(code, 0);
    let dir = tempfile::tempdir().unwrap();
    let exported = dir.path().join("export.pgn");
    std::fs::write(&exported, &out).unwrap();
    let python = std::process::Command::new("python3")
        .args(["-c", PYTHON_CHESS])
        .arg(&exported)
        .output()
        .expect("python3 (.ci/run puts its virtual environment first on the PATH)");
    assert!(
        python.status.success(),
        "python-chess (pip install chess): {}",
        String::from_utf8_lossy(&python.stderr)
    );
    let games: Vec<serde_json::Value> = String::from_utf8(python.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), out.matches("[SetUp \"1\"]").count());
    let study = games
        .iter()
        .find(|g| g["White"] == "Roycroft, John")
        .expect("the study of studies.pgn");
    for (tag, value) in [
        ("Event", "EG"),
        ("Date", "1995.??.??"),
        ("Black", "(+0116.00a7d3)"),
        ("Result", "1-0"),
        ("GBR", "0116.00"),
        ("Label", "Roycroft, John, EG 1995"),
        ("Position", "a7d3 0116.00 b2b3c6d6 3/3+."),
        ("board", "8/K7/2nn4/8/8/1B1k4/1R6/8"),
    ] {
        assert_eq!(study[tag], value, "{tag}: {study}");
    }
    // An entry read from text: the code with its kings in Black, its label in a tag, its year
    // (none here) unknown.
    let from_text = games
        .iter()
        .find(|g| g["Reference"] == "fixtures/directory/first-source.txt:3")
        .expect("the first source's study");
    assert_eq!(from_text["Black"], "(+0116.00a7d3)");
    assert_eq!(from_text["Label"], "1");
    assert_eq!(from_text["Date"], "????.??.??");
    for game in &games {
        let black = game["Black"].as_str().unwrap();
        assert!(black.starts_with('(') && black.ends_with(')'), "{game}");
        assert!(black.contains(game["GBR"].as_str().unwrap()), "{game}");
    }
}

#[test]
fn the_epd_export_reads_back_with_shakmaty_and_keeps_id_and_c0() {
    let (out, _, code) = gbr(&["index", "fixtures/pgn/twins.pgn", "--format", "epd"], "");
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 6);
    for line in out.lines() {
        let fields: Vec<&str> = line.split(' ').take(4).collect();
        Epd::from_ascii(fields.join(" ").as_bytes()).expect("shakmaty reads the EPD");
        let read = gbrscan::fen::read(line).expect("an EPD");
        let id = read.operation("id").unwrap();
        assert!(id.starts_with("fixtures/pgn/twins.pgn:"), "{id}");
        let c0 = read.operation("c0").unwrap();
        let position = gbrscan::Position::from_board(&read.setup.board, None).unwrap();
        assert!(c0.starts_with(&position.to_string()[..20]), "{c0}");
    }
    assert!(out.contains(
        "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - id \"fixtures/pgn/twins.pgn:1\"; c0 \"a7d3 0116.00 \
         b2b3c6d6 3/3+.\"; c1 \"Roycroft, John, Seed study\";\n"
    ));
}

#[test]
fn a_study_database_read_as_plain_text_takes_the_side_to_move_from_each_fen_tag() {
    // The codes in the Black tags (a sign, kings; in quotes, brackets or parentheses): the FEN
    // tag of each game gives Black to move (`-+`, `-=`), and `gbr check` splits a digit 9 by
    // the FEN's men, as the scan of a `.pgn` does (docs/chess-formats.md).
    let (records, _) = scanned(&["fixtures/pgn/study-database.txt"]);
    let rows: Vec<(u64, &str)> = records
        .iter()
        .map(|r| (r.line, r.canonical.as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            (7, "b4h1 0130.11 -+"),
            (17, "d5h6 0400.10 -="),
            (25, "a1c1 0900.00 +"),
        ]
    );
    let (out, _, code) = gbr(&["check", "fixtures/pgn/study-database.txt"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with(
            "note[nine]: digit 9 for rooks: the FEN on line 26 gives 3 white and 0 black\n"
        ),
        "{out}"
    );
}
