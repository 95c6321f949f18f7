//! A generator of texts made of what gbr's readers react to (docs/reliability.md, "Fuzzing"):
//! GBR codes in every form of gbr-notation.md §2, valid and broken, with the context of gbr-notation.md §6 around
//! them (signs alone on a line, headings, results and side to move in words, labels), diagrams
//! printed as text (gbr-notation.md §7), PGN tags and FENs, false friends (gbr-notation.md §5), prose, markup,
//! every kind of blank and line end the readers know (`src/parse/space.rs`), byte order marks,
//! form feeds, random bytes and invalid UTF-8.
//!
//! An input is identified by a seed and an index: [`input`] gives the same bytes for the same
//! pair on every machine, so a failure found by the campaign is replayed from two numbers.
//! Only `std`: the file is also compiled into the integration tests
//! (`tests/it/fuzz_properties.rs`, by `#[path]`).

/// A small seeded generator: SplitMix64 (Steele, Lea and Flood 2014), enough for test input.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator of input `index` under `seed`: both mixed, so that neighbouring indexes
    /// give unrelated streams.
    pub fn new(seed: u64, index: u64) -> Rng {
        let mut mix = Rng(seed ^ 0x6a09_e667_f3bc_c908);
        let first = mix.next_u64();
        let mut mix = Rng(first ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        Rng(mix.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` at least 1).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }

    /// A number in `range` (inclusive).
    pub fn within(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `items`.
    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
}

/// The blanks that stand between tokens: ASCII and Unicode spaces, line ends, markup.
pub const SEPARATORS: &[&str] = &[
    " ", " ", " ", " ", "  ", "   ", "\t", "\n", "\r\n", "\r", "", "\u{a0}", "\u{202f}",
    "\u{2009}", "\u{ad}", "\u{feff}", "\u{3000}", "\u{200b}", "\x0b", "\x0c", "<b>", "</b>",
    "</i>", "<strong>", "**", "***", " ** ", "\n\n", " \n ", "<span>", "*",
];

/// Results and sides to move written beside a code.
const SIGNS: &[&str] = &["+", "=", "-+", "-=", "+", "="];

/// Results, sides to move and stipulations in words (gbr-notation.md §2 and §6).
const RESULT_WORDS: &[&str] = &[
    "Win",
    "Draw",
    "win",
    "draw",
    "BTM, Win",
    "BTM, Draw",
    "WTM",
    "BTM",
    "ZAZ",
    "WAZ",
    "Win:",
    "Draw.",
    "Draw?",
    "White wins in 78 moves.",
    "White wins",
    "White to move, draw",
    "Black to move loses",
    "Black to move, draw",
    "White to play and win",
    "Win in 86",
    "Schwarz am Zug",
    "Zwart aan zet:",
    "Trait aux Noirs, gain",
    "Gewinn",
    "Remis",
    "Mate",
    "stalemate",
    "White loses",
    "(BTM)",
    "[Black to move]",
    "Tablas",
    "patta",
    "nulle",
];

/// Lines that set the stipulation of the entries below them (gbr-notation.md §6).
const HEADINGS: &[&str] = &[
    "Winststudies (+):",
    "Remisestudies (=):",
    "Wins",
    "Draws",
    "Gewinn",
    "Remis",
    "Gewinnstudien",
    "Remisstudien",
    "Draws (=):",
    "Wins (+)",
    "Winstudies:",
    "Vittorie",
    "Tablas",
    "Gains",
    "Nulles",
    "Partie",
    "Remise",
    "Whitewash",
    "Xylophone",
    "Winner",
    "Les gains",
    "Bare codes",
    "[+]",
    "[=]",
    "(+)",
    "(=)",
    "Diagram 3 (BTM)",
];

/// Prose words, some of them the look-alikes of the readers' words.
const WORDS: &[&str] = &[
    "the",
    "study",
    "code",
    "endgame",
    "white",
    "Black",
    "draw",
    "wins",
    "win10",
    "winning",
    "drawing",
    "analysis",
    "cook",
    "tablebase",
    "zugzwang",
    "Troitzky",
    "Roycroft",
    "EG",
    "schaakstudie",
    "eindspel",
    "Zug",
    "zwart",
    "aan",
    "zet",
    "trait",
    "noirs",
    "gagne",
    "Remisen",
    "Schach:",
    "Diagram",
    "No",
    "Nr",
    "A.",
    "B",
    "K",
    "Q",
    "R",
    "L",
    "N",
    "P",
    "mK",
    "wQ",
    "tR",
    "vL",
    "sN",
    "zP",
    "1.Kb2",
    "1...",
    "Kb2!",
    "Rxh8+",
    "e8=Q",
    "0-0",
    "1-0",
    "1/2-1/2",
    "0-1",
    "é",
    "€",
    "£",
    "→",
    "\u{2013}",
    "\u{2014}",
    "(b)",
    "II)",
    "iv.",
    "costs",
    "EUR",
    "feet",
    "km/h",
    "kg",
    "%",
    "MHz",
    "version",
    "page",
    "vol.",
];

/// Lines that label a study (src/label.rs): numbers, sources, composers.
const LABELS: &[&str] = &[
    "- 31 -",
    "-  106  -",
    "No 18776",
    "No. 18776 A. Author (Country)",
    "Nr 12",
    "Nr. 12",
    "18776.",
    "18776. Composer",
    "EG#12345",
    "EG#12345 ",
    "E324",
    "E324:",
    "E324 Berendsen",
    "Probleemblad, 2000",
    "Composer\nSource, 2000",
    "J. Timman, Schakend Nederland 1998",
    "1st Prize, Olympiad 1999",
    "A. Troitzky, 1925",
    "Deutsche Schachzeitung, 1931",
    "No",
    "EG#",
    "- -",
    "- 31",
    "E1",
    "E123456",
    "No 1",
    "Nr.",
    "(171)",
    "2000",
    "1799, x",
];

/// Numbers that are not codes (gbr-notation.md §5), and near misses of codes.
const FALSE_FRIENDS: &[&str] = &[
    "1234.56",
    "2012.10.05",
    "10.0323.12",
    "3.14159265",
    "0323.12.5",
    "1930.02.??",
    "2118.00",
    "U-Boot 2022.10 -> 2023.01",
    "4408.85k",
    "1205.40 model",
    "6080.27 feet",
    "1234.56 %",
    "2.1",
    "1998",
    "$1234.56",
    "1,234.56",
    "12345.678",
    "0.5",
    "99.99",
    "4100",
    "0023",
    "0x1F",
    "v1.2.3",
    "192.168.0.1",
    "03:14",
    "1.e4",
    "12.34.56.78",
    "0116",
    ".00",
    "0116.",
    "0116.0",
];

/// Tokens of PGN and FEN that are not a whole game.
const PGN_BITS: &[&str] = &[
    "[FEN \"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1\"]",
    "[White \"Komodo 2118.00\"]",
    "[Date \"1930.02.??\"]",
    "[Event \"EG 190\"]",
    "[SetUp \"1\"]",
    "[Result \"1-0\"]",
    "[GBR \"0116.00\"]",
    "[EGBR \"0116.00\"]",
    "{a7d3 0116.00 b2b3c6d6 3/3+.}",
    "[FEN \"",
    "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]",
    "[FEN \"k7/8/8/8/8/8/8/7K b - - 0 1\"]",
    "\"]",
    "1. Kb2 Nb4 2. Rc2 1-0",
    "(1. Kb2)",
    ";comment",
    "%escape",
    "[Black \"",
];

/// Board lines of the EG font, whole and broken.
const DIAGRAM_BITS: &[&str] = &[
    "XIIIIIIIIY",
    "9-+-+-+-+0",
    "9+-+-+-+-0",
    "9mK-+-+-+-0",
    "9-+nsn-+-+0",
    "9+L+k+-+-0",
    "9-tR-+-+-+0",
    "/(((((((((\\",
    "9-+-+-+-+",
    "-+-+-+-+0",
    "9mKmkwQwq0",
    "9zpzPzpzP-+0",
    "9DTLSBdtl0",
    "9        0",
    "XIIIIIIII",
    "IIIIIIII",
];

/// Codes as they are found and as they are mistyped (gbr-notation.md §2, §3, §5).
const CODES: &[&str] = &[
    "0323.12",
    "0116.00",
    "4100.00",
    "0000.02",
    "0000.32",
    "0002.01",
    "0800.00",
    "4888.88",
    "9999.99",
    "0000.19",
    "0411.56",
    "6010.03",
    "0015.15",
    "0310.01",
    "0031.10",
    "0000.00",
    "1205.40",
    "9000.00",
    "0009.90",
    "0116.001",
    "00116.00",
    "0116.0",
    "0116..00",
    "0116.00.",
    "a7d3 0116.00 b2b3c6d6 3/3+.",
    "(+0031.10a1h8h1f4a7)",
    "0000.02.a1a8.a2b2",
    "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.",
    "[+0020.42c1a1]",
    "=0323.12g3g1",
    "+ 1234.56 a7c8",
    "f1h1 0001.04 2/5 Win",
    "a8c8 4001.02a8c8 3/4 Win",
    "a2f1 0411.56 10/9 Win",
    "c2h4 0015.15 d3d6g5\ng2.c4c5c7e5e6h3 5/7 Win:",
    "0310.01 d6a8",
    "123456789",
    "0123.456",
    "01234.56",
    "0116.00 b2b3c6d6",
    "d6a8 0310.01 -+",
    "0013.01 = Schwarz am Zug",
    "--kings=a2c3 --gbr=4112.24 --pos=f7g7g6f5b6b3d4h4f6d5h5b4",
    "--gbr=0000.10 --pos=a2 --kings=e1e8",
    "<Diagram>c3e5:0130.22:f2f6c4e4b5d6</Diagram>",
    "c3e5:0000.00:",
    "--gbr=",
    "--kings=",
    "--pos=",
];

/// What the readers of saved directories look at first.
const SAVED_BITS: &[&str] = &[
    "code\tkings",
    "{\"code\":",
    "\"kings\":\"a7d3\"",
    "code,kings",
    "group\tcode",
    "\\t",
    "\\n",
];

/// Every token of the dictionary: what [`input`] builds texts from, for an AFL dictionary.
pub fn dictionary() -> Vec<&'static str> {
    [
        SEPARATORS,
        SIGNS,
        RESULT_WORDS,
        HEADINGS,
        WORDS,
        LABELS,
        FALSE_FRIENDS,
        PGN_BITS,
        DIAGRAM_BITS,
        CODES,
        SAVED_BITS,
    ]
    .concat()
}

/// A position made up for a caption: men on distinct squares, pawns off the first and last
/// ranks. Not always legal; the checks are what read that.
#[derive(Debug, Clone)]
struct Position {
    /// Squares as 0..64 (file + 8 * rank), the white king first then the black king.
    kings: [u8; 2],
    /// Pieces of each type (queen, rook, bishop, knight) and colour (white, black).
    pieces: [[Vec<u8>; 2]; 4],
    /// Pawns of each colour.
    pawns: [Vec<u8>; 2],
}

fn square_name(square: u8) -> [u8; 2] {
    [b'a' + square % 8, b'1' + square / 8]
}

impl Position {
    fn random(rng: &mut Rng) -> Position {
        let mut taken = [false; 64];
        let mut place = |rng: &mut Rng, pawn: bool| loop {
            let square = rng.below(64) as u8;
            let rank = square / 8;
            if !taken[square as usize] && (!pawn || (1..=6).contains(&rank)) {
                taken[square as usize] = true;
                break square;
            }
        };
        let kings = [place(rng, false), place(rng, false)];
        let heavy = rng.percent(10);
        let mut pieces: [[Vec<u8>; 2]; 4] = Default::default();
        let mut men = 2;
        for kind in &mut pieces {
            for side in kind.iter_mut() {
                let n = match rng.below(100) {
                    0..50 => 0,
                    50..85 => 1,
                    85..97 => 2,
                    _ if heavy => 3,
                    _ => 1,
                };
                for _ in 0..n {
                    if men < 30 {
                        side.push(place(rng, false));
                        men += 1;
                    }
                }
            }
        }
        let mut pawns: [Vec<u8>; 2] = Default::default();
        for side in &mut pawns {
            let n = if rng.percent(30) { 0 } else { rng.within(1, 8) };
            for _ in 0..n {
                if men < 32 {
                    side.push(place(rng, true));
                    men += 1;
                }
            }
        }
        Position {
            kings,
            pieces,
            pawns,
        }
    }

    /// The code, `QRBN.wb`.
    fn code(&self) -> String {
        let mut code = String::new();
        for kind in &self.pieces {
            let (w, b) = (kind[0].len(), kind[1].len());
            let digit = if w > 2 || b > 2 { 9 } else { w + 3 * b };
            code.push(char::from(b'0' + digit as u8));
        }
        code.push('.');
        for side in &self.pawns {
            code.push(char::from(b'0' + side.len().min(9) as u8));
        }
        code
    }

    fn kings_text(&self) -> String {
        let [w, b] = self.kings;
        String::from_utf8([square_name(w), square_name(b)].concat()).unwrap_or_default()
    }

    /// The piece squares in the code's order, then `.` and the pawn squares when there are
    /// pawns; `separator` between squares (a line break in a printed column).
    fn squares_text(&self, rng: &mut Rng, separator_percent: usize) -> String {
        let mut out = String::new();
        let push = |out: &mut String, square: u8, rng: &mut Rng| {
            if !out.is_empty() && rng.percent(separator_percent) {
                out.push_str(rng.pick(SEPARATORS));
            }
            out.push_str(std::str::from_utf8(&square_name(square)).unwrap_or_default());
        };
        for kind in &self.pieces {
            for side in kind {
                for &square in side {
                    push(&mut out, square, rng);
                }
            }
        }
        if !self.pawns[0].is_empty() || !self.pawns[1].is_empty() {
            out.push('.');
            for side in &self.pawns {
                for &square in side {
                    push(&mut out, square, rng);
                }
            }
        }
        out
    }

    fn men(&self) -> [usize; 2] {
        [0, 1].map(|c| {
            1 + self.pieces.iter().map(|k| k[c].len()).sum::<usize>() + self.pawns[c].len()
        })
    }

    /// The man on each square: `KQRBNP` White, lower case Black, `None` empty.
    fn board(&self) -> [Option<u8>; 64] {
        let mut board = [None; 64];
        board[self.kings[0] as usize] = Some(b'K');
        board[self.kings[1] as usize] = Some(b'k');
        for (kind, letter) in self.pieces.iter().zip(*b"QRBN") {
            for &s in &kind[0] {
                board[s as usize] = Some(letter);
            }
            for &s in &kind[1] {
                board[s as usize] = Some(letter.to_ascii_lowercase());
            }
        }
        for &s in &self.pawns[0] {
            board[s as usize] = Some(b'P');
        }
        for &s in &self.pawns[1] {
            board[s as usize] = Some(b'p');
        }
        board
    }

    fn fen(&self, rng: &mut Rng) -> String {
        let board = self.board();
        let mut out = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    Some(man) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(char::from(man));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(rng.pick(&[" w - - 0 1", " b - - 0 1", " w", "", " w KQkq - 0 1"]));
        out
    }

    /// The board in the EG diagram font (gbr-notation.md §7), or in the German one: eight lines of
    /// `9`, the squares of rank 8 down to rank 1, `0`, under a top border.
    fn diagram(&self, rng: &mut Rng) -> String {
        let board = self.board();
        let german = rng.percent(10);
        let mut out = String::new();
        if rng.percent(90) {
            out.push_str("XIIIIIIIIY");
            out.push_str(if rng.percent(80) { "\n" } else { "" });
        }
        for rank in (0..8).rev() {
            out.push('9');
            for file in 0..8 {
                let dark = (file + rank) % 2 == 0;
                match board[rank * 8 + file] {
                    None => out.push(if dark { '+' } else { '-' }),
                    Some(man) => {
                        let upper = man.to_ascii_uppercase();
                        let letter = match (german, upper) {
                            (false, b'B') => b'L',
                            (true, b'Q') => b'D',
                            (true, b'R') => b'T',
                            (true, b'B') => b'L',
                            (true, b'N') => b'S',
                            (true, b'P') => b'B',
                            (_, other) => other,
                        };
                        let letter = if man.is_ascii_lowercase() {
                            letter.to_ascii_lowercase()
                        } else {
                            letter
                        };
                        if dark && !german && rng.percent(95) {
                            let marker = match upper {
                                b'K' => 'm',
                                b'Q' => 'w',
                                b'R' => 't',
                                b'B' => 'v',
                                b'N' => 's',
                                _ => 'z',
                            };
                            out.push(marker);
                        }
                        out.push(char::from(letter));
                    }
                }
            }
            out.push('0');
            if rank > 0 || rng.percent(50) {
                out.push('\n');
            }
        }
        if rng.percent(10) {
            out.push_str("/(((((((((\\\n");
        }
        out
    }
}

/// A position for a caption: one of the text's `printed` so far, three times in ten (a study
/// printed again, with its own caption, broken in its own way, or as a directory's entry or
/// a game), so that `gbr check` has copies to compare and a directory has duplicates; else a
/// new one, added to them.
fn position(rng: &mut Rng, printed: &mut Vec<Position>) -> Position {
    if !printed.is_empty() && rng.percent(30) {
        return printed[rng.below(printed.len())].clone();
    }
    let position = Position::random(rng);
    printed.push(position.clone());
    position
}

/// A caption of `position` in one of the forms of gbr-notation.md §2 or a solver's fields (Meson's
/// command line and XML), its parts joined by blanks, one part broken now and then.
fn caption(rng: &mut Rng, p: &Position) -> String {
    let mut code = p.code();
    let mut kings = p.kings_text();
    let squares_break = if rng.percent(20) { 15 } else { 0 };
    let mut squares = p.squares_text(rng, squares_break);
    let [w, b] = p.men();
    let mut wb = if rng.percent(10) {
        format!("({w}+{b})")
    } else {
        format!("{w}/{b}")
    };
    // One part broken: a digit, a square, W/B, the kings swapped, a digit too many.
    if rng.percent(25) {
        match rng.below(8) {
            0 => {
                let at = rng.below(code.len());
                if at != 4 {
                    code.replace_range(at..=at, &rng.below(10).to_string());
                }
            }
            1 => code.push(char::from(b'0' + rng.below(10) as u8)),
            2 => code.insert(0, '0'),
            3 => wb = format!("{}/{}", rng.below(17), rng.below(17)),
            4 => kings = kings.chars().rev().collect(),
            5 if squares.len() >= 2 => squares.truncate(squares.len() - 2),
            6 => squares.push_str("h8"),
            _ => code = code.replace('.', rng.pick(&["", ",", "..", ". "])),
        }
    }
    let sign = rng.pick(SIGNS);
    let word = rng.pick(RESULT_WORDS);
    let sep = |rng: &mut Rng| {
        if rng.percent(80) {
            " ".to_string()
        } else {
            rng.pick(SEPARATORS).to_string()
        }
    };
    let s1 = sep(rng);
    let s2 = sep(rng);
    let s3 = sep(rng);
    match rng.below(13) {
        0 => code,
        1 => format!("{code}{s1}{kings}"),
        2 => format!("{sign}{code}{kings}"),
        3 => format!("{kings}{s1}{code}{s2}{wb}{s3}{word}"),
        4 => format!("{kings}{s1}{code}{kings}{s2}{wb}{s3}{word}"),
        5 => format!("{sign}{s1}{code}{s2}{kings}"),
        6 => format!("[{sign}{code}{kings}]"),
        7 => {
            let end = rng.pick(&[".", ":", "", " "]);
            if rng.percent(50) {
                format!("{kings}{s1}{code}{s2}{squares}{s3}{wb}{sign}{end}")
            } else {
                format!("{kings}{s1}{code}{s2}{squares}{s3}{wb} {word}{end}")
            }
        }
        8 => {
            let all = squares.replace('.', "");
            format!("({sign}{code}{kings}{all})")
        }
        9 => {
            let (pieces, pawns) = squares.split_once('.').unwrap_or((&squares, ""));
            format!("{code}.{kings}{pieces}.{pawns}")
        }
        11 => {
            // Meson's and sengine's command line, its options in an order drawn.
            let all = squares.replace('.', "");
            let mut options = [
                format!("--kings={kings}"),
                format!("--gbr={code}"),
                format!("--pos={all}"),
            ];
            options.rotate_left(rng.below(3));
            if rng.percent(20) {
                options.swap(0, 1);
            }
            let program = rng.pick(&["sengine ", "meson ", ""]);
            format!("{program}{}", options.join(s1.as_str()))
        }
        12 => format!(
            "<Diagram>{kings}:{code}:{}</Diagram>",
            squares.replace('.', "")
        ),
        _ => format!("{code}{s1}{kings}{s2}{sign}"),
    }
}

/// One line of prose: words, false friends, now and then a code in running text; one line in
/// ten a paragraph long, past the lengths at which the look-back stops (`src/label.rs`).
fn prose(rng: &mut Rng) -> String {
    let mut out = String::new();
    let words = if rng.percent(10) {
        rng.within(20, 80)
    } else {
        rng.within(1, 14)
    };
    for _ in 0..words {
        if !out.is_empty() {
            out.push(' ');
        }
        match rng.below(10) {
            0 => out.push_str(rng.pick(FALSE_FRIENDS)),
            1 => out.push_str(rng.pick(CODES)),
            2 => out.push_str(rng.pick(RESULT_WORDS)),
            _ => out.push_str(rng.pick(WORDS)),
        }
    }
    if rng.percent(30) {
        out.push_str(rng.pick(&[".", ",", ":", "!", "?", ";"]));
    }
    out
}

/// Markup or blanks around a line, as text extracted from HTML or Markdown has them.
fn wrapped(line: String, rng: &mut Rng) -> String {
    if !rng.percent(15) {
        return line;
    }
    let (open, close) = *rng.pick(&[
        &("<b>", "</b>"),
        &("**", "**"),
        &("***", "***"),
        &("<strong>", "</strong>"),
        &("<i>", "</i>"),
        &("  ", "  "),
        &("\t", " "),
        &("\u{a0}", "\u{a0}"),
        &("**", ""),
        &("", "**"),
        &("<b>", ""),
        &("*", "*"),
    ]);
    format!("{open}{line}{close}")
}

/// A study as a book or bulletin prints it: labels, a sign alone on its line, a diagram,
/// the caption, a result or label after it.
fn study(rng: &mut Rng, out: &mut Vec<String>, printed: &mut Vec<Position>) {
    let position = position(rng, printed);
    if rng.percent(40) {
        out.push({
            let line = rng.pick(LABELS).to_string();
            wrapped(line, rng)
        });
    }
    if rng.percent(35) {
        let sign = rng.pick(SIGNS);
        let line = match rng.below(4) {
            0 => format!("{sign} ZAZ"),
            1 => format!(
                "{sign} {}",
                rng.pick(&["Schwarz am Zug", "WAZ", "ZAZ  ", "BTM"])
            ),
            _ => sign.to_string(),
        };
        out.push(wrapped(line, rng));
    }
    if rng.percent(30) {
        out.push({
            let line = rng.pick(LABELS).to_string();
            wrapped(line, rng)
        });
    }
    if rng.percent(20) {
        out.push(String::new());
    }
    let diagram = rng.percent(25);
    if diagram && rng.percent(80) {
        out.push(position.diagram(rng));
    }
    let mut line = caption(rng, &position);
    if rng.percent(25) {
        line.push_str(rng.pick(SEPARATORS));
        line.push_str(rng.pick(RESULT_WORDS));
    }
    if rng.percent(15) {
        line.push_str(rng.pick(&["  ", " ", "\t"]));
        line.push_str(rng.pick(LABELS));
    }
    out.push(wrapped(line, rng));
    if diagram && rng.percent(20) {
        out.push(position.diagram(rng));
    }
    if rng.percent(10) {
        out.push(format!("[FEN \"{}\"]", position.fen(rng)));
    }
}

/// A PGN game: tags (a FEN among them), moves, a comment with a caption.
fn game(rng: &mut Rng, out: &mut Vec<String>, printed: &mut Vec<Position>) {
    let position = position(rng, printed);
    out.push("[Event \"EG\"]".to_string());
    if rng.percent(50) {
        out.push(rng.pick(PGN_BITS).to_string());
    }
    out.push(format!("[FEN \"{}\"]", position.fen(rng)));
    if rng.percent(40) {
        out.push(format!("[GBR \"{}\"]", position.code()));
    }
    out.push(String::new());
    let comment = if rng.percent(50) {
        format!("{{{}}} ", caption(rng, &position))
    } else {
        String::new()
    };
    out.push(format!("{comment}1. Kb2 Nb4 1-0"));
    out.push(String::new());
}

/// A line of a printed directory: entries after one another, each a code, kings and label.
fn directory_line(rng: &mut Rng, printed: &mut Vec<Position>) -> String {
    let mut line = String::new();
    for _ in 0..rng.within(1, 3) {
        let position = position(rng, printed);
        line.push_str(&format!(
            "{} {}  - {} -     ",
            position.code(),
            position.kings_text(),
            rng.within(1, 200)
        ));
    }
    line
}

/// Tokens of the whole dictionary, joined by random blanks or nothing.
fn soup(rng: &mut Rng) -> String {
    let dictionary = dictionary();
    let mut out = String::new();
    for _ in 0..rng.within(1, 24) {
        out.push_str(dictionary[rng.below(dictionary.len())]);
        out.push_str(rng.pick(SEPARATORS));
    }
    out
}

/// Random bytes and broken UTF-8 in `text`: inserted, overwritten, cut or repeated.
fn mutate(rng: &mut Rng, text: &mut Vec<u8>) {
    const BROKEN: &[&[u8]] = &[
        b"\xff",
        b"\xc3",
        b"\xe2\x80",
        b"\xe2\x80\xaf",
        b"\xc2",
        b"\xc2\xa0",
        b"\xef\xbb",
        b"\xf0\x9f\x98",
        b"\x80",
        b"\0",
        b"\x0c",
        b"\r",
        b"\xad",
    ];
    for _ in 0..rng.within(1, 4) {
        let at = rng.below(text.len() + 1);
        match rng.below(6) {
            0 => text.insert(at, rng.next_u64() as u8),
            1 => {
                let bytes = BROKEN[rng.below(BROKEN.len())];
                text.splice(at..at, bytes.iter().copied());
            }
            2 if at < text.len() => text[at] = rng.next_u64() as u8,
            3 => {
                let end = (at + rng.below(16)).min(text.len());
                text.drain(at..end);
            }
            4 => {
                let end = (at + rng.below(64)).min(text.len());
                let copy = text[at..end].to_vec();
                let to = rng.below(text.len() + 1);
                text.splice(to..to, copy);
            }
            _ => {
                let token = dictionary()[rng.below(dictionary().len())];
                text.splice(at..at, token.bytes());
            }
        }
    }
}

/// Input `index` of the campaign `seed`: a text of a few lines to a few kilobytes.
pub fn input(seed: u64, index: u64) -> Vec<u8> {
    let mut rng = Rng::new(seed, index);
    let mut lines: Vec<String> = Vec::new();
    let mut printed = Vec::new();
    let blocks = match rng.below(10) {
        0 => 1,
        1..=6 => rng.within(1, 6),
        _ => rng.within(4, 24),
    };
    for _ in 0..blocks {
        match rng.below(20) {
            0..=7 => study(&mut rng, &mut lines, &mut printed),
            8 | 9 => lines.push({
                let line = rng.pick(HEADINGS).to_string();
                wrapped(line, &mut rng)
            }),
            10 | 11 => lines.push(prose(&mut rng)),
            12 => game(&mut rng, &mut lines, &mut printed),
            13 => lines.push(directory_line(&mut rng, &mut printed)),
            14 | 15 => lines.push(soup(&mut rng)),
            16 => lines.push(rng.pick(DIAGRAM_BITS).to_string()),
            17 => lines.push(rng.pick(SAVED_BITS).to_string()),
            18 => lines.push(String::new()),
            _ => lines.push(
                rng.pick(&["\x0c", "\u{feff}", "***", "**", "* * *", "---"])
                    .to_string(),
            ),
        }
    }
    let end = rng.pick(&["\n", "\n", "\n", "\r\n", "\r", "\n\n", " \n"]);
    let mixed = rng.percent(10);
    let mut text = Vec::new();
    if rng.percent(5) {
        text.extend_from_slice("\u{feff}".as_bytes());
    }
    for line in &lines {
        text.extend_from_slice(line.as_bytes());
        let end = if mixed {
            rng.pick(&["\n", "\r\n", "\r", "\x0c"])
        } else {
            end
        };
        text.extend_from_slice(end.as_bytes());
    }
    if rng.percent(20) {
        text.pop();
    }
    if rng.percent(20) {
        mutate(&mut rng, &mut text);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_and_index_give_the_same_input() {
        assert_eq!(input(7, 12), input(7, 12));
        assert_ne!(input(7, 12), input(7, 13));
        assert_ne!(input(7, 12), input(8, 12));
    }
}
