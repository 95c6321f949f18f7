use super::*;

/// The reading of words as it was written first, comparing each word with each table
/// entry as text: [`phrase_at`], [`side_at`] and [`side_ending_at`] must read exactly as
/// these do.
#[allow(clippy::all)]
mod reference {
    use shakmaty::Color;

    use crate::parse::lex;
    use crate::stipulation::{Outcome, Stipulation};

    /// Most words a backward look for a side-to-move phrase takes (`Schwarz am Zug`).
    const MAX_SIDE_WORDS: usize = 3;

    /// True for a byte of a word: an ASCII letter, or a byte of a non-ASCII letter (`ß`, `ü`).
    fn word_byte(buf: &[u8], i: usize) -> bool {
        match buf.get(i) {
            Some(b) if b.is_ascii_alphabetic() => true,
            Some(b) if *b >= 0x80 => crate::parse::space::blank_at(buf, i).is_none(),
            _ => false,
        }
    }

    /// A word as read: compared without regard to ASCII case, without allocating.
    #[derive(Clone, Copy)]
    struct Word<'a>(&'a [u8]);

    impl Word<'_> {
        fn is(self, lower: &str) -> bool {
            self.0.eq_ignore_ascii_case(lower.as_bytes())
        }
    }

    /// The word at `i`, and its end; `None` when no word starts there or it runs on into a
    /// digit.
    fn word_at(buf: &[u8], i: usize) -> Option<(Word<'_>, usize)> {
        let mut j = i;
        while word_byte(buf, j) {
            j += 1;
        }
        if j == i || buf.get(j).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        Some((Word(&buf[i..j]), j))
    }

    /// A reader of successive words after gaps.
    struct Words<'a> {
        buf: &'a [u8],
        end: usize,
    }

    impl Words<'_> {
        /// The next word after a gap (and a comma glued to the word before), without moving.
        fn peek(&self) -> Option<(Word<'_>, usize)> {
            let mut i = self.end;
            if self.buf.get(i) == Some(&b',') {
                i += 1;
            }
            let g = lex::gap_forward(self.buf, i)?;
            if g == self.end {
                return None; // words need a gap between them
            }
            word_at(self.buf, g)
        }

        /// Takes the next word when it is one of `options`.
        fn take(&mut self, options: &[&str]) -> Option<usize> {
            let (word, end) = self.peek()?;
            let index = options.iter().position(|o| word.is(o))?;
            self.end = end;
            Some(index)
        }
    }

    /// Side-to-move phrases: their words and the side.
    const SIDES: [(&[&str], Color); 11] = [
        (&["white", "to", "move"], Color::White),
        (&["white", "to", "play"], Color::White),
        (&["black", "to", "move"], Color::Black),
        (&["black", "to", "play"], Color::Black),
        (&["schwarz", "am", "zug"], Color::Black),
        (&["weiß", "am", "zug"], Color::White),
        (&["weiss", "am", "zug"], Color::White),
        (&["zwart", "aan", "zet"], Color::Black),
        (&["wit", "aan", "zet"], Color::White),
        (&["trait", "aux", "blancs"], Color::White),
        (&["trait", "aux", "noirs"], Color::Black),
    ];

    /// One-word side to move: `WTM`, `BTM`, Dutch `WAZ` (wit aan zet) and `ZAZ` (zwart aan zet).
    fn side_word(word: Word<'_>) -> Option<Color> {
        if word.is("wtm") || word.is("waz") {
            Some(Color::White)
        } else if word.is("btm") || word.is("zaz") {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// One-word results: `win wins draw draws`, Dutch `winst remise`, German `Gewinn Remis`,
    /// French `gain gagne gagnent nulle`, Spanish `gana ganan tablas`, Italian `vince patta`, and
    /// `loses` (the side to move loses: with Black to move, White wins).
    fn result_word(word: Word<'_>) -> Option<Option<Outcome>> {
        let any = |words: &[&str]| words.iter().any(|w| word.is(w));
        if any(&[
            "win", "wins", "winst", "gewinn", "wint", "gewinnt", "gain", "gagne", "gagnent",
            "gana", "ganan", "vince",
        ]) {
            Some(Some(Outcome::Win))
        } else if any(&[
            "draw", "draws", "remise", "remis", "nulle", "tablas", "patta",
        ]) {
            Some(Some(Outcome::Draw))
        } else if any(&["loses", "verliert"]) {
            Some(None)
        } else {
            None
        }
    }

    /// The side-to-move phrase at `i` (`Black to move`, `ZAZ`), and its end.
    pub(super) fn side_at(buf: &[u8], i: usize) -> Option<(Color, usize)> {
        let (first, end) = word_at(buf, i)?;
        if let Some(side) = side_word(first) {
            return Some((side, end));
        }
        'phrases: for &(phrase, side) in &SIDES {
            if !first.is(phrase[0]) {
                continue;
            }
            let mut words = Words { buf, end };
            for w in &phrase[1..] {
                if words.take(&[w]).is_none() {
                    continue 'phrases;
                }
            }
            return Some((side, words.end));
        }
        None
    }

    /// A side-to-move phrase ending at `end` (exclusive), as written between a sign and its code
    /// (`+ ZAZ 0013.01`, `= Schwarz am Zug 0013.01`). Returns the side and the phrase's start.
    pub(super) fn side_ending_at(buf: &[u8], end: usize) -> Option<(Color, usize)> {
        // Every side-to-move phrase ends in one of these words: most text before a code does not.
        let mut last = end;
        while last > 0 && word_byte(buf, last - 1) {
            last -= 1;
        }
        let ends = [
            "zaz", "waz", "btm", "wtm", "move", "play", "zug", "zet", "blancs", "noirs",
        ];
        if !ends.iter().any(|w| Word(&buf[last..end]).is(w)) {
            return None;
        }
        let mut starts = [0usize; MAX_SIDE_WORDS];
        let mut found = 0;
        let mut i = end;
        while found < MAX_SIDE_WORDS {
            let mut s = i;
            while s > 0 && word_byte(buf, s - 1) {
                s -= 1;
            }
            if s == i || !lex::is_boundary(lex::before(buf, s)) {
                break;
            }
            starts[found] = s;
            found += 1;
            match lex::gap_backward(buf, s) {
                Some(g) if g < s => i = g,
                _ => break,
            }
        }
        // The longest phrase first: `Schwarz am Zug` before `Zug`.
        starts[..found].iter().rev().find_map(|&s| {
            side_at(buf, s)
                .filter(|(_, e)| *e == end)
                .map(|(c, _)| (c, s))
        })
    }

    /// Skips `in N [moves]` after a result (`Win in 86`, `White wins in 78 moves`).
    fn skip_length(words: &mut Words<'_>) {
        let buf = words.buf;
        let Some(after_in) = words.peek().filter(|(w, _)| w.is("in")).map(|(_, e)| e) else {
            return;
        };
        let Some(g) = lex::gap_forward(buf, after_in).filter(|g| *g > after_in) else {
            return;
        };
        let mut j = g;
        while buf.get(j).is_some_and(u8::is_ascii_digit) && j - g < 4 {
            j += 1;
        }
        if j == g || !lex::is_boundary(buf.get(j).copied()) {
            return;
        }
        words.end = j;
        let _ = words.take(&["moves", "move", "zetten", "zügen", "zuegen"]);
    }

    /// A result or side to move in words at `i`, read as far as it goes: `White wins in 78
    /// moves`, `White to move, draw`, `Black to move loses`, `Win in 86`, `Draw?`, `BTM, Win`,
    /// `Schwarz am Zug`. A `?` or `!` glued to the last word is part of it. Returns the
    /// stipulation and the end; `None` when no phrase starts at `i` or it does not end at a
    /// token boundary.
    pub(super) fn phrase_at(buf: &[u8], i: usize) -> Option<(Stipulation, usize)> {
        // Every phrase starts with one of these letters: most words after a code do not.
        if !matches!(
            buf.get(i).map(u8::to_ascii_lowercase),
            Some(b'w' | b'b' | b'z' | b's' | b'd' | b'r' | b'g' | b'l' | b'v' | b'n' | b't' | b'p')
        ) {
            return None;
        }
        let (stipulation, end) = if let Some((side, end)) = side_at(buf, i) {
            let mut words = Words { buf, end };
            let _ = words.take(&["and"]);
            match words.peek().and_then(|(w, e)| Some((result_word(w)?, e))) {
                Some((Some(outcome), e)) => {
                    words.end = e;
                    skip_length(&mut words);
                    (Stipulation::new(Some(outcome), side), words.end)
                }
                Some((None, e)) if side == Color::Black => {
                    words.end = e;
                    (Stipulation::new(Some(Outcome::Win), side), words.end)
                }
                _ => (Stipulation::new(None, side), end),
            }
        } else {
            let (first, end) = word_at(buf, i)?;
            let mut words = Words { buf, end };
            let outcome = if first.is("white") {
                let index = words.take(&["wins", "draws"])?;
                [Outcome::Win, Outcome::Draw][index]
            } else {
                result_word(first)??
            };
            skip_length(&mut words);
            (Stipulation::new(Some(outcome), Color::White), words.end)
        };
        let end = if matches!(buf.get(end), Some(b'?' | b'!')) {
            end + 1
        } else {
            end
        };
        lex::is_boundary(buf.get(end).copied()).then_some((stipulation, end))
    }
}

fn read(text: &str) -> Option<(String, usize)> {
    phrase_at(text.as_bytes(), 0).map(|(s, e)| (s.to_string(), e))
}

#[test]
fn results_and_sides_in_words_read_to_their_sign() {
    let table = [
        ("White wins in 78 moves.", Some(("+", 22))),
        ("White to move, draw", Some(("=", 19))),
        ("White to play and win", Some(("+", 21))),
        ("Black to move loses", Some(("-+", 19))),
        ("Black to move, draw", Some(("-=", 19))),
        ("Win in 86", Some(("+", 9))),
        ("Draw?", Some(("=", 5))),
        ("BTM, Win", Some(("-+", 8))),
        ("ZAZ", Some(("BTM", 3))),
        ("WAZ", Some(("WTM", 3))),
        ("Schwarz am Zug", Some(("BTM", 14))),
        ("zwart aan zet", Some(("BTM", 13))),
        ("Remise", Some(("=", 6))),
        ("Gain", Some(("+", 4))),
        ("Nulle", Some(("=", 5))),
        ("Tablas", Some(("=", 6))),
        ("Trait aux Noirs", Some(("BTM", 15))),
        ("Trait aux Noirs, gain", Some(("-+", 21))),
        ("Trait aux blancs", Some(("WTM", 16))),
        ("Nullement", None),
        ("Gains", None),
        ("White to move", Some(("WTM", 13))),
        ("White wins", Some(("+", 10))),
        ("White loses", None),
        ("Winner", None),
        ("Whitewash", None),
        ("win10", None),
    ];
    for (text, want) in table {
        assert_eq!(read(text), want.map(|(s, e)| (s.to_string(), e)), "{text}");
    }
}

#[test]
fn a_side_before_a_code_is_read_backward() {
    let buf = b"+ ZAZ   0013.01";
    assert_eq!(side_ending_at(buf, 5), Some((Color::Black, 2)));
    let buf = "= Schwarz am Zug 0013.01".as_bytes();
    assert_eq!(side_ending_at(buf, 16), Some((Color::Black, 2)));
    assert_eq!(side_ending_at(b"the 0013.01", 3), None);
}

#[test]
fn stipulation_words_end_at_a_boundary() {
    assert_eq!(
        stipulation_at(b"Win:", 0).map(|(s, e)| (s.to_string(), e)),
        Some(("+".into(), 3))
    );
    assert_eq!(stipulation_at(b"Winner", 0), None);
    assert_eq!(
        stipulation_at(b"-=.", 0).map(|(s, e)| (s.to_string(), e)),
        Some(("-=".into(), 2))
    );
}

/// Every word of the tables starts with a letter that the first tests pass, is short
/// enough to be keyed, and has a key of its own.
#[test]
fn the_first_tests_and_keys_cover_every_word_of_the_tables() {
    let sides: Vec<&str> = [
        "white", "black", "schwarz", "weiß", "weiss", "zwart", "wit", "trait", "wtm", "waz", "btm",
        "zaz",
    ]
    .to_vec();
    for word in &sides {
        let b = word.as_bytes()[0];
        assert!(
            may_start_side(b) && may_start_side(b.to_ascii_uppercase()),
            "{word}"
        );
        assert!(
            may_start_phrase(b) && may_start_phrase(b.to_ascii_uppercase()),
            "{word}"
        );
    }
    for (phrase, _) in &SIDES {
        assert!(sides.iter().any(|w| key(w.as_bytes()) == phrase[0]));
    }
    let results = [
        "win", "wins", "winst", "gewinn", "wint", "gewinnt", "gain", "gagne", "gagnent", "gana",
        "ganan", "vince", "draw", "draws", "remise", "remis", "nulle", "tablas", "patta", "loses",
        "verliert",
    ];
    for word in results {
        assert!(may_start_phrase(word.as_bytes()[0]), "{word}");
    }
    let mut all: Vec<u64> = SIDES.iter().flat_map(|(p, _)| *p).collect();
    all.extend(WHITE_WORDS.iter().chain(&BLACK_WORDS).chain(&WIN_WORDS));
    all.extend(DRAW_WORDS.iter().chain(&LOSE_WORDS).chain(&SIDE_ENDS));
    assert!(all.iter().all(|k| *k != 0), "every table word fits a key");
    assert_eq!(
        WIN_WORDS.len() + DRAW_WORDS.len() + LOSE_WORDS.len(),
        results.len()
    );
    for (k, word) in WIN_WORDS
        .iter()
        .chain(&DRAW_WORDS)
        .chain(&LOSE_WORDS)
        .zip(results)
    {
        assert_eq!(*k, key(word.as_bytes()), "{word}");
    }
}

/// Words for the property tests: the tables' words in mixed case, their near misses, and
/// what else stands after a code.
const PIECES: &[&str] = &[
    "White",
    "WHITE",
    "white",
    "Whites",
    "Black",
    "bLACK",
    "to",
    "TO",
    "move",
    "Move",
    "play",
    "moves",
    "and",
    "AND",
    "win",
    "Win",
    "WINS",
    "winst",
    "Gewinn",
    "gewinnt",
    "wint",
    "gain",
    "gagne",
    "gagnent",
    "gana",
    "ganan",
    "vince",
    "draw",
    "Draw",
    "draws",
    "remise",
    "Remis",
    "nulle",
    "tablas",
    "patta",
    "loses",
    "verliert",
    "Verliert",
    "verlierT",
    "verlierte",
    "BTM",
    "btm",
    "WTM",
    "ZAZ",
    "waz",
    "Schwarz",
    "am",
    "Zug",
    "zug",
    "Weiß",
    "WEIß",
    "weiss",
    "zwart",
    "aan",
    "zet",
    "wit",
    "Trait",
    "aux",
    "blancs",
    "noirs",
    "Noirs",
    "in",
    "IN",
    "78",
    "5",
    "12345",
    "zetten",
    "zügen",
    "ZÜGEN",
    "zuegen",
    "d8b8",
    "a1",
    "is",
    "the",
    "Nullement",
    "Winner",
    "whitewash",
    "x",
    "é",
    "ß",
    "?",
    "!",
    ":",
    ".",
    ",",
    "+",
    "=",
    "-+",
    "-=",
    "(",
    ")",
    "3/3",
];

proptest::proptest! {
    /// A key is equal to a table word's key exactly when the word is equal to it without
    /// regard to ASCII case.
    #[test]
    fn keys_compare_as_words_without_case(
        letters in proptest::collection::vec(proptest::sample::select(
            &[b'a', b'A', b'i', b'N', b'n', b'w', b'W', b's', 0xC3, 0x9F, 0xBC][..]
        ), 0..12),
    ) {
        let table = ["a", "an", "in", "win", "WIN", "winn", "wins", "ai", "ann", "weiß",
            "zügen", "ianiania", "ianianian"];
        for word in table {
            let same = letters.eq_ignore_ascii_case(word.as_bytes()) && word.len() <= MAX_WORD;
            proptest::prop_assert_eq!(
                key(&letters) == key(word.as_bytes()) && key(&letters) != 0,
                same,
                "{:?} and {}", letters, word
            );
        }
    }

    /// The readers of words read exactly as the reference reads, from every offset of
    /// any text made of the tables' words, their near misses and other tokens.
    #[test]
    fn words_read_as_the_reference_reads(
        pieces in proptest::collection::vec(proptest::sample::select(PIECES), 0..8),
        joins in proptest::collection::vec(
            proptest::sample::select(&[" ", "", "  ", ", ", "\n", " \n ", "\n\n"][..]), 8),
    ) {
        let text: String = pieces
            .iter()
            .zip(&joins)
            .flat_map(|(piece, join)| [*piece, *join])
            .collect();
        let buf = text.as_bytes();
        for i in 0..=buf.len() + 1 {
            proptest::prop_assert_eq!(
                phrase_at(buf, i),
                reference::phrase_at(buf, i),
                "{:?} at {}", text, i
            );
            proptest::prop_assert_eq!(
                side_at(buf, i),
                reference::side_at(buf, i),
                "{:?} at {}", text, i
            );
            if i <= buf.len() {
                proptest::prop_assert_eq!(
                    side_ending_at(buf, i),
                    reference::side_ending_at(buf, i),
                    "{:?} at {}", text, i
                );
            }
        }
    }
}
