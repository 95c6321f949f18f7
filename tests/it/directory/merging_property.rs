//! The property of "one study, one entry" (docs/directory.md, "When two records are one
//! study"): generated books (a body and its own directory, some entries printed twice),
//! magazines (studies with their citations, a `Draws` section after the wins) and archives of
//! them, full of distinct studies made to look alike (the same code and kings on other
//! squares, a code one digit apart, a king one square off, numbers that start again from 1),
//! indexed every way. No study may lose its entry, and every way gives the same bytes: the
//! files at `-j1` and `-j2` and in the other order, `--from` their `gbr scan --json`, `--from`
//! the directory saved as `tsv` and as `jsonl`, and a tar of the files (its members named
//! `corpus.tar!/...`).

use std::collections::BTreeSet;
use std::path::Path;

use proptest::prelude::*;

use super::gbr;
use crate::support::archives::{put, tar};
use crate::support::gbr::streams;
use crate::support::regressions;

/// A small generator of numbers from a seed (xorshift), so that one seed makes one corpus.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// One study: its kings, code and squares (a full position with W/B), its number, composer,
/// source and result.
#[derive(Clone, Debug)]
struct Study {
    kings: String,
    code: String,
    squares: String,
    men: String,
    number: u32,
    composer: String,
    source: String,
    win: bool,
}

fn square(i: usize) -> String {
    format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1)
}

/// The men of a study besides the kings: white's and black's count of queens, rooks, bishops
/// and knights (at most one each), and of pawns (at most two).
type Men = ([(usize, usize); 4], (usize, usize));

fn men(dice: &mut Dice) -> Men {
    let mut pieces = [(0, 0); 4];
    for p in &mut pieces {
        *p = (dice.below(2) as usize, dice.below(2) as usize);
    }
    (pieces, (dice.below(3) as usize, dice.below(3) as usize))
}

/// A study of `men` with `kings` (else kings of its own) on random squares, pawns on ranks 2
/// to 7, numbered `number`, with a composer, a source and a result of its own.
fn place(dice: &mut Dice, number: u32, kings: Option<&str>, men: Men) -> Study {
    let mut free: Vec<usize> = (0..64).collect();
    if let Some(k) = kings {
        for at in [&k[..2], &k[2..]] {
            let b = at.as_bytes();
            let i = usize::from(b[0] - b'a') + 8 * usize::from(b[1] - b'1');
            free.retain(|&f| f != i);
        }
    }
    let mut take = |dice: &mut Dice, pawn: bool| loop {
        let i = free.swap_remove(dice.below(free.len() as u64) as usize);
        if !pawn || (8..56).contains(&i) {
            return square(i);
        }
        free.push(i);
    };
    let kings = match kings {
        Some(k) => k.to_string(),
        None => format!("{}{}", take(dice, false), take(dice, false)),
    };
    let (pieces, (pw, pb)) = men;
    let (mut digits, mut squares, mut count) = (String::new(), String::new(), [1, 1]);
    for (w, b) in pieces {
        digits.push(char::from(b'0' + (w + 3 * b) as u8));
        for _ in 0..w + b {
            squares.push_str(&take(dice, false));
        }
        count[0] += w;
        count[1] += b;
    }
    if pw + pb > 0 {
        squares.push('.');
        for _ in 0..pw + pb {
            squares.push_str(&take(dice, true));
        }
    }
    Study {
        kings,
        code: format!("{digits}.{pw}{pb}"),
        squares,
        men: format!("{}/{}", count[0] + pw, count[1] + pb),
        number,
        composer: format!(
            "{}. Composer{}",
            (b'A' + dice.below(26) as u8) as char,
            dice.below(1000)
        ),
        source: format!("Source{} {}", dice.below(50), 1950 + dice.below(70)),
        win: dice.below(2) == 0,
    }
}

/// A study made to look like `of`, with its own number, composer and source: the same code
/// and kings on other squares, the code one digit apart with the same kings, or the same code
/// with one king elsewhere.
fn twin(dice: &mut Dice, of: &Study, of_men: Men, number: u32) -> (Study, Men) {
    match dice.below(3) {
        0 => (place(dice, number, Some(&of.kings), of_men), of_men),
        1 => {
            let (mut pieces, pawns) = of_men;
            let p = dice.below(4) as usize;
            pieces[p].0 = 1 - pieces[p].0;
            let m = (pieces, pawns);
            (place(dice, number, Some(&of.kings), m), m)
        }
        _ => {
            let kings = format!("{}{}", &of.kings[..2], square(dice.below(64) as usize));
            if kings[..2] == kings[2..] {
                return (place(dice, number, Some(&of.kings), of_men), of_men);
            }
            (place(dice, number, Some(&kings), of_men), of_men)
        }
    }
}

/// The study's full position, with its result where `signed` (else a heading gives it).
fn caption(s: &Study, signed: bool) -> String {
    let sign = match (signed, s.win) {
        (false, _) => "",
        (true, true) => "+",
        (true, false) => "=",
    };
    format!("{} {} {} {}{sign}.", s.kings, s.code, s.squares, s.men)
}

/// A book: each study a page (`- n -`, its source, its caption, a line of solution), then its
/// own directory (`Wins:`, `Draws:`, `code kings  - n -`), some entries printed twice; and
/// how many were.
fn book(dice: &mut Dice, studies: &[Study]) -> (String, usize) {
    let mut twice = 0;
    let mut text = String::from("A book of studies\n\n");
    for s in studies {
        text.push_str(&format!(
            "- {} -\n{}\n\n{}\n\n1.Kb1 wins.\n\n\x0c",
            s.number,
            s.source,
            caption(s, s.number % 3 != 0)
        ));
    }
    text.push_str("Index\n\n");
    for (heading, win) in [("Wins:", true), ("Draws:", false)] {
        text.push_str(heading);
        text.push('\n');
        for s in studies.iter().filter(|s| s.win == win) {
            let line = format!("{} {}  - {} -\n", s.code, s.kings, s.number);
            text.push_str(&line);
            if dice.below(6) == 0 {
                text.push_str(&line);
                twice += 1;
            }
        }
    }
    (text, twice)
}

/// A magazine: studies with their number, composer and source, the second half of them under
/// a `Draws` heading which gives them their result (their numbers may start from 1 again).
fn magazine(studies: &[Study]) -> String {
    let mut text = String::from("Originals\n\n");
    let half = studies.len() / 2;
    for (i, s) in studies.iter().enumerate() {
        if i == half {
            text.push_str("Draws\n\n");
        }
        text.push_str(&format!(
            "No {} {}\n{}\n{}\n\n",
            s.number,
            s.composer,
            s.source,
            caption(s, i < half)
        ));
    }
    text
}

/// A file of a corpus: its name, its text, and the entries it must give where that is known:
/// a book numbered once through gives one entry a study, and one more for each entry its
/// directory prints twice (the second has no study left).
struct File {
    name: String,
    text: String,
    entries: Option<usize>,
}

/// The files of a corpus and every study in it, each a position of its own.
fn corpus(seed: u64) -> (Vec<File>, Vec<Study>) {
    let mut dice = Dice(seed | 1);
    let mut files = Vec::new();
    let mut all: Vec<(Study, Men)> = Vec::new();
    let mut seen = BTreeSet::new();
    for f in 0..1 + dice.below(3) {
        let n = 3 + dice.below(6) as u32;
        let restart = dice.below(2) == 0;
        let mut studies: Vec<(Study, Men)> = Vec::new();
        for i in 0..n {
            let number = if restart && i >= n / 2 {
                i - n / 2 + 1
            } else {
                i + 1
            };
            let made = loop {
                let pool: Vec<&(Study, Men)> = all.iter().chain(&studies).collect();
                let made = if pool.is_empty() || dice.below(3) == 0 {
                    let m = men(&mut dice);
                    (place(&mut dice, number, None, m), m)
                } else {
                    let (of, m) = pool[dice.below(pool.len() as u64) as usize].clone();
                    twin(&mut dice, &of, m, number)
                };
                if seen.insert((
                    made.0.kings.clone(),
                    made.0.code.clone(),
                    made.0.squares.clone(),
                )) {
                    break made;
                }
            };
            studies.push(made);
        }
        let plain: Vec<Study> = studies.iter().map(|s| s.0.clone()).collect();
        let (text, entries) = if dice.below(2) == 0 {
            let (text, twice) = book(&mut dice, &plain);
            (text, (!restart).then_some(plain.len() + twice))
        } else {
            (magazine(&plain), None)
        };
        files.push(File {
            name: format!("f{f}.txt"),
            text,
            entries,
        });
        all.extend(studies);
    }
    (files, all.into_iter().map(|s| s.0).collect())
}

/// `gbr ARGS` in `dir`: its standard output; it must exit 0.
fn run_in(dir: &Path, args: &[&str]) -> String {
    let (out, err, code) = streams(gbr().current_dir(dir).args(args).output().expect("run gbr"));
    assert_eq!(code, 0, "gbr {args:?}: {err}");
    out
}

/// The positions (kings, code, squares) of a directory's entries, from its TSV.
fn positions(tsv: &str) -> BTreeSet<(String, String, String)> {
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).expect(name);
    let (code, kings, squares) = (at("code"), at("kings"), at("squares"));
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split('\t').collect();
            (
                cells[kings].into(),
                cells[code].into(),
                cells[squares].into(),
            )
        })
        .collect()
}

proptest! {
    #![proptest_config(regressions(ProptestConfig::with_cases(24)))]

    #[test]
    fn no_study_loses_its_entry_and_every_way_agrees(seed in any::<u64>()) {
        let (files, studies) = corpus(seed);
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path();
        for f in &files {
            put(dir, &f.name, f.text.as_bytes());
        }
        let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
        let index = |extra: &[&str]| run_in(dir, &[&["index", "--format", "tsv"], extra].concat());
        let tsv = index(&[&["-j1"], &names[..]].concat());
        let found = positions(&tsv);
        for s in &studies {
            let key = (s.kings.clone(), s.code.clone(), s.squares.clone());
            prop_assert!(found.contains(&key), "study {s:?} lost\n{}\n{tsv}", files.iter().map(|f| f.text.as_str()).collect::<String>());
        }
        for f in &files {
            let listed = tsv.lines().filter(|l| l.contains(&format!("\t{}\t", f.name))).count();
            if let Some(n) = f.entries {
                prop_assert_eq!(listed, n, "{}: one entry a study\n{}\n{}", &f.name, &f.text, &tsv);
            }
        }
        prop_assert_eq!(&index(&[&["-j2"], &names[..]].concat()), &tsv, "-j2");
        let reversed: Vec<&str> = names.iter().rev().copied().collect();
        prop_assert_eq!(&index(&reversed), &tsv, "inputs in the other order");
        let json = run_in(dir, &[&["scan", "--json"], &names[..]].concat());
        put(dir, "scan.json", json.as_bytes());
        prop_assert_eq!(&index(&["--from", "scan.json"]), &tsv, "--from its scan");
        for format in ["tsv", "jsonl"] {
            let saved = format!("saved.{format}");
            run_in(dir, &[&["index", "-o", &saved], &names[..]].concat());
            prop_assert_eq!(&index(&["--from", &saved]), &tsv, "--from {}", format);
        }
        let members: Vec<(&str, &[u8])> = files
            .iter()
            .map(|f| (f.name.as_str(), f.text.as_bytes()))
            .collect();
        put(dir, "corpus.tar", &tar(&members));
        let archived = index(&["corpus.tar"]).replace("corpus.tar!/", "");
        prop_assert_eq!(&archived, &tsv, "the files in a tar");
    }
}
