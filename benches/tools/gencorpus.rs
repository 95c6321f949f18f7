//! Deterministic benchmark corpus: prose with GBR codes of every form of gbr-notation.md §2
//! at one code per 2-20 KB, full positions broken over lines, and false friends (dates,
//! versions, prices, decimals). Written in two shapes of the same bytes: one big file and a
//! tree of files of about 100 KB, each cut at a paragraph break so no code is split.
//!
//! ```sh
//! cargo run --release --example gencorpus -- --size 2GiB --out bench-data
//! ```
//! writes `bench-data/big.txt` and `bench-data/tree/NNN/NNNNN.txt`, and prints how many codes
//! of each form it wrote. The same arguments always give the same bytes. `--code-gap MIN:MAX`
//! sets the bytes between codes (default `2KiB:20KiB`; `1MiB:3MiB` gives about a thousand codes
//! in 2 GiB, for the heap measurement). `--prose FILE` takes the prose from FILE instead of
//! generating it: its paragraphs (split at blank lines) in order, over and over, with the codes
//! and false friends put between them (`benches/realprose.sh` makes such a file from Debian's
//! text packages: real prose, short lines, `***` breaks, versions and dates).

use std::fs::{self, File};
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use gbrscan::Material;
use gbrscan::code::{Code, PIECE_ROLES};
use shakmaty::{ByColor, ByRole, Color, Square};

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "the",
    "study",
    "white",
    "black",
    "king",
    "draws",
    "wins",
    "after",
    "move",
    "pawn",
    "rook",
    "bishop",
    "knight",
    "queen",
    "promotes",
    "position",
    "endgame",
    "composer",
    "prize",
    "and",
    "with",
    "against",
    "tempo",
    "zugzwang",
    "stalemate",
    "solution",
    "dual",
    "cook",
    "version",
    "correction",
    "award",
    "judge",
    "tourney",
    "magazine",
    "column",
    "editor",
    "analysis",
    "line",
    "file",
    "diagonal",
    "square",
    "corner",
    "fortress",
    "mate",
    "sacrifice",
    "threat",
    "reply",
];

/// One position: material, kings, piece squares in code order, pawn squares.
struct Sample {
    code: Code,
    kings: [Square; 2],
    pieces: Vec<Square>,
    pawns: Vec<Square>,
    men: (u32, u32),
}

fn sample(rng: &mut Rng) -> Sample {
    let mut counts = ByColor::new_with(|_| ByRole::new_with(|_| 0u8));
    for color in [Color::White, Color::Black] {
        let side = counts.get_mut(color);
        side.king = 1;
        for role in PIECE_ROLES {
            *side.get_mut(role) = [0, 0, 0, 1, 1, 2][rng.below(6)];
        }
        side.pawn = rng.below(5) as u8;
    }
    let material = Material::new(counts);
    let mut squares: Vec<Square> = Square::ALL.to_vec();
    for i in (1..squares.len()).rev() {
        squares.swap(i, rng.below(i + 1));
    }
    let (pawn_squares, other): (Vec<Square>, Vec<Square>) = squares
        .into_iter()
        .partition(|s| !matches!(s.rank(), shakmaty::Rank::First | shakmaty::Rank::Eighth));
    let n_pawns = usize::from(counts.white.pawn + counts.black.pawn);
    let mut rest = other
        .into_iter()
        .chain(pawn_squares[n_pawns..].iter().copied());
    let kings = [rest.next().unwrap(), rest.next().unwrap()];
    let n_pieces = (material.pieces(Color::White) + material.pieces(Color::Black)) as usize;
    Sample {
        code: Code::from_material(&material).unwrap(),
        kings,
        pieces: rest.take(n_pieces).collect(),
        pawns: pawn_squares[..n_pawns].to_vec(),
        men: (material.men(Color::White), material.men(Color::Black)),
    }
}

fn squares(list: &[Square]) -> String {
    list.iter().map(ToString::to_string).collect()
}

/// One code in form `form` (0..9), text and all.
fn code_text(rng: &mut Rng, form: usize) -> String {
    let s = sample(rng);
    let kings = format!("{}{}", s.kings[0], s.kings[1]);
    let sign = rng.pick(&["+", "="]);
    let (pieces, pawns) = (squares(&s.pieces), squares(&s.pawns));
    let dot = if pawns.is_empty() {
        String::new()
    } else {
        format!(".{pawns}")
    };
    let (w, b) = s.men;
    let code = s.code;
    match form {
        0 => format!("the class {code} is known"),
        1 => format!("{sign}{code}{kings}"),
        2 => format!("{sign}                              {code} {kings}"),
        3 => format!("{sign}\n   {code} {kings}"),
        4 => format!("[{sign}{code}{kings}]"),
        5 => format!(
            "{kings} {code} {w}/{b} {}",
            rng.pick(&["Win", "Draw", "BTM, Win"])
        ),
        6 => format!("{kings} {code} {pieces}{dot} {w}/{b}{sign}."),
        7 => format!("{kings} {code} {pieces}\n{dot} {w}/{b} Win:"),
        8 => format!("({sign}{code}{kings}{pieces}{pawns})"),
        _ => format!("{code}.{kings}{pieces}.{pawns}"),
    }
}

/// A false friend: something of the shape `dddd.dd` that is not a code.
fn false_friend(rng: &mut Rng) -> String {
    let n = rng.below(10_000);
    match rng.below(5) {
        0 => format!(
            "on 20{:02}.{:02}.{:02}",
            rng.below(30),
            1 + rng.below(12),
            1 + rng.below(28)
        ),
        1 => format!("version 10.{n:04}.{:02}", rng.below(100)),
        2 => format!("${n:04}.{:02}", rng.below(100)),
        3 => format!("pi is 3.14159265 and {n:04}5.{:02}", rng.below(100)),
        _ => format!("{n:04}.{:03} per metre", rng.below(1000)),
    }
}

/// Writes the paragraphs of `text` (split at blank lines), over and over, until `size` bytes
/// are written, with a code in a random form after the paragraph that passes the next code's
/// offset and a false friend after one paragraph in twenty. Returns the bytes written.
fn real_prose(
    w: &mut Writer,
    text: &[u8],
    size: u64,
    rng: &mut Rng,
    forms: &mut [u64; 10],
    gap: impl Fn(&mut Rng) -> u64,
) -> std::io::Result<u64> {
    let text = String::from_utf8_lossy(text);
    let paragraphs: Vec<&str> = text
        .split("\n\n")
        .map(|p| p.trim_matches('\n'))
        .filter(|p| !p.is_empty())
        .collect();
    assert!(!paragraphs.is_empty(), "--prose: the file holds no text");
    let mut written = 0u64;
    let mut next_code = gap(rng);
    let mut out = String::with_capacity(1 << 16);
    for paragraph in paragraphs.iter().cycle() {
        if written >= size {
            break;
        }
        out.clear();
        out.push_str(paragraph);
        out.push_str("\n\n");
        if rng.below(20) == 0 {
            out.push_str(&false_friend(rng));
            out.push_str("\n\n");
        }
        if written + out.len() as u64 >= next_code {
            let form = rng.below(10);
            forms[form] += 1;
            out.push_str(&code_text(rng, form));
            out.push_str("\n\n");
            next_code = written + out.len() as u64 + gap(rng);
        }
        written += out.len() as u64;
        w.paragraph(&out)?;
    }
    Ok(written)
}

struct Writer {
    big: BufWriter<File>,
    tree_root: PathBuf,
    file: Option<BufWriter<File>>,
    file_bytes: usize,
    files: usize,
}

impl Writer {
    fn paragraph(&mut self, text: &str) -> std::io::Result<()> {
        self.big.write_all(text.as_bytes())?;
        if self.file.is_none() || self.file_bytes >= 100_000 {
            if let Some(mut f) = self.file.take() {
                f.flush()?;
            }
            let dir = self.tree_root.join(format!("{:03}", self.files / 1000));
            fs::create_dir_all(&dir)?;
            let path = dir.join(format!("{:05}.txt", self.files));
            self.file = Some(BufWriter::new(File::create(path)?));
            self.files += 1;
            self.file_bytes = 0;
        }
        self.file_bytes += text.len();
        self.file
            .as_mut()
            .expect("opened above")
            .write_all(text.as_bytes())
    }
}

fn parse_size(text: &str) -> Option<u64> {
    let (number, unit) = text.split_at(
        text.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(text.len()),
    );
    let scale = match unit {
        "" | "B" => 1,
        "KiB" | "K" => 1 << 10,
        "MiB" | "M" => 1 << 20,
        "GiB" | "G" => 1 << 30,
        _ => return None,
    };
    number.parse::<u64>().ok().map(|n| n * scale)
}

fn main() -> std::io::Result<()> {
    let mut size: u64 = 2 << 30;
    let mut out = PathBuf::from("bench-data");
    let (mut gap_min, mut gap_max) = (2_000usize, 20_000usize);
    let mut prose: Option<Vec<u8>> = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--size" => {
                size = args
                    .next()
                    .and_then(|s| parse_size(&s))
                    .expect("--size N[KiB|MiB|GiB]")
            }
            "--out" => out = PathBuf::from(args.next().expect("--out DIR")),
            "--code-gap" => {
                let text = args.next().unwrap_or_default();
                let (a, b) = text.split_once(':').expect("--code-gap MIN:MAX (bytes)");
                (gap_min, gap_max) = (
                    parse_size(a).expect("MIN") as usize,
                    parse_size(b).expect("MAX") as usize,
                );
            }
            "--prose" => prose = Some(fs::read(args.next().expect("--prose FILE"))?),
            other => panic!(
                "unknown argument {other}; use --size N[KiB|MiB|GiB] --out DIR --code-gap \
                 MIN:MAX --prose FILE"
            ),
        }
    }
    fs::create_dir_all(&out)?;
    let tree_root = out.join("tree");
    if tree_root.exists() {
        fs::remove_dir_all(&tree_root)?;
    }
    let mut w = Writer {
        big: BufWriter::with_capacity(1 << 20, File::create(out.join("big.txt"))?),
        tree_root,
        file: None,
        file_bytes: 0,
        files: 0,
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut written: u64 = 0;
    let mut forms = [0u64; 10];
    let gap = |rng: &mut Rng| (gap_min + rng.below(gap_max - gap_min + 1)) as u64;
    let mut next_code = gap(&mut rng);
    if let Some(text) = &prose {
        written = real_prose(&mut w, text, size, &mut rng, &mut forms, gap)?;
    }
    let mut paragraph = String::with_capacity(4096);
    while written < size {
        paragraph.clear();
        let mut line = 0;
        for _ in 0..(20 + rng.below(60)) {
            // A false friend every ~300 words (~2 KB), a full stop every ~7 words (~43 bytes,
            // as the text measured in shared/bench has).
            let word: String = match rng.below(300) {
                0 => false_friend(&mut rng),
                1..=42 => format!("{}.", rng.pick(WORDS)),
                _ => rng.pick(WORDS).to_string(),
            };
            if line + word.len() > 70 {
                paragraph.push('\n');
                line = 0;
            } else if line > 0 {
                paragraph.push(' ');
                line += 1;
            }
            paragraph.push_str(&word);
            line += word.len();
            if written + paragraph.len() as u64 >= next_code {
                let form = rng.below(10);
                forms[form] += 1;
                paragraph.push_str("\n\n");
                paragraph.push_str(&code_text(&mut rng, form));
                paragraph.push_str("\n\n");
                line = 0;
                next_code = written + paragraph.len() as u64 + gap(&mut rng);
            }
        }
        paragraph.push_str(".\n\n");
        written += paragraph.len() as u64;
        w.paragraph(&paragraph)?;
    }
    w.big.flush()?;
    if let Some(mut f) = w.file.take() {
        f.flush()?;
    }
    let total: u64 = forms.iter().sum();
    println!(
        "{} bytes, {} files in {}, {total} codes by form {forms:?}",
        written,
        w.files,
        Path::new(&out).join("tree").display()
    );
    Ok(())
}
