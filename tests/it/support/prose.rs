//! Chess-free prose with numbers, for the evidence rules of bare codes (docs/reading.md,
//! "Bare codes"): dictionary entries and software changelogs full of `dddd.dd` look-alikes
//! (versions, dates, sizes with units, prices, measures, arrows between versions, lone
//! decimals in sentences). Shared by `tests/it/prose.rs` (a property test), `src/tests.rs`
//! (the finder's tokens in it) and `benches/tools/prose.rs` (a file of any size, to measure
//! on). Its vocabulary holds no chess word and no stipulation word: that is what makes it
//! chess-free.

/// xorshift64*: deterministic and dependency-free.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    pub fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len() as u64) as usize]
    }
}

const WORDS: &[&str] = &[
    "the",
    "a",
    "of",
    "to",
    "and",
    "in",
    "is",
    "for",
    "that",
    "with",
    "as",
    "on",
    "by",
    "this",
    "from",
    "or",
    "an",
    "which",
    "be",
    "at",
    "not",
    "was",
    "are",
    "frame",
    "bead",
    "give",
    "up",
    "edition",
    "page",
    "noun",
    "verb",
    "adjective",
    "meaning",
    "usage",
    "river",
    "stone",
    "house",
    "garden",
    "letter",
    "number",
    "value",
    "table",
    "system",
    "file",
    "buffer",
    "parser",
    "driver",
    "kernel",
    "update",
    "release",
    "build",
    "fixed",
    "added",
    "removed",
    "changed",
    "support",
    "option",
    "default",
    "memory",
    "cache",
    "thread",
    "window",
    "screen",
    "button",
    "colour",
    "price",
    "total",
    "invoice",
    "balance",
    "account",
    "order",
    "payment",
    "weight",
    "height",
    "distance",
    "length",
    "survey",
    "cable",
    "mountain",
    "island",
    "harbour",
    "village",
    "bridge",
    "tower",
    "castle",
    "church",
    "market",
    "school",
    "student",
    "teacher",
    "lesson",
    "exam",
    "report",
    "meeting",
    "minutes",
    "committee",
    "treasurer",
    "grant",
    "model",
    "sold",
    "bought",
    "cheap",
    "dear",
    "old",
    "new",
    "large",
    "small",
    "quick",
    "slow",
    "early",
    "late",
    "north",
    "south",
    "east",
    "west",
    "spring",
    "summer",
    "autumn",
    "winter",
    "morning",
    "evening",
];

const UNITS: &[&str] = &[
    "feet", "km", "kg", "MB", "GB", "KiB", "ms", "seconds", "Hz", "MHz", "EUR", "USD", "GBP",
    "miles", "acres", "litres", "tons", "%", "fps", "dpi", "px",
];

fn digits(rng: &mut Rng, n: usize) -> String {
    (0..n)
        .map(|_| char::from(b'0' + rng.below(10) as u8))
        .collect()
}

/// One `dddd.dd` look-alike in one of the shapes prose and changelogs use.
fn number(rng: &mut Rng) -> String {
    let d = |rng: &mut Rng| format!("{}.{}", digits(rng, 4), digits(rng, 2));
    match rng.below(16) {
        0 => format!("v{}", d(rng)),
        1 => format!("{}.{}", d(rng), digits(rng, 2)),
        2 => {
            let n = d(rng);
            format!("{n} {}", rng.pick(UNITS))
        }
        3 => {
            let n = d(rng);
            format!("{n}{}", rng.pick(&["k", "M", "x", "ms", "%", "px"]))
        }
        4 => format!("${}", d(rng)),
        5 => format!("€{}", d(rng)),
        6 => format!("EUR {}", d(rng)),
        7 => format!("{} -> {}", d(rng), d(rng)),
        8 => format!("{}-{}", d(rng), d(rng)),
        9 => format!("{}.{}.{}", digits(rng, 2), d(rng), digits(rng, 1)),
        10 => format!("U-Boot {}", d(rng)),
        11 => format!("{}..{}..{}", digits(rng, 2), d(rng), digits(rng, 2)),
        12 => format!("{}/{}", digits(rng, 1), d(rng)),
        13 => format!("({})", d(rng)),
        14 => {
            let whole = 1 + rng.below(3) as usize;
            format!("{}.{}", digits(rng, whole), digits(rng, 2))
        }
        _ => d(rng), // a lone decimal in a sentence: `the 1205.40 model`
    }
}

/// A sentence of 4 to 20 words, a number in about half of them.
fn sentence(rng: &mut Rng, out: &mut String) {
    let n = 4 + rng.below(17);
    for i in 0..n {
        if i > 0 {
            out.push(' ');
        }
        if rng.below(8) == 0 {
            out.push_str(&number(rng));
        } else {
            out.push_str(rng.pick(WORDS));
        }
    }
    out.push_str(rng.pick(&[".", ".", ";", ":", ","]));
}

/// One paragraph: a dictionary entry, a changelog entry or a price list line.
pub fn paragraph(rng: &mut Rng, out: &mut String) {
    match rng.below(3) {
        0 => {
            out.push_str(rng.pick(WORDS));
            out.push_str(rng.pick(&[" (n.): ", " (v.): ", " (adj.): "]));
            for _ in 0..1 + rng.below(3) {
                sentence(rng, out);
                out.push(' ');
            }
        }
        1 => {
            let (version, date) = (number(rng), number(rng));
            out.push_str(&format!("## {version} ({date})\n"));
            for _ in 0..1 + rng.below(5) {
                out.push_str(rng.pick(&["  - ", "  * ", "  + "]));
                sentence(rng, out);
                out.push('\n');
            }
        }
        _ => {
            out.push_str(rng.pick(WORDS));
            out.push_str(" .......... ");
            out.push_str(&number(rng));
        }
    }
    out.push_str("\n\n");
}

/// At least `bytes` of prose from `seed`.
pub fn prose(seed: u64, bytes: usize) -> String {
    let mut rng = Rng(seed | 1);
    let mut out = String::with_capacity(bytes + 512);
    while out.len() < bytes {
        paragraph(&mut rng, &mut out);
    }
    out
}
