//! Throughput of the anchor finder on generated text (English-like prose, and a dense GBR
//! directory), against two floors: counting line feeds with memchr, and summing the bytes.
//! `FINDER_STATS=1` also prints what the prose holds.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gbrscan::internals::finder::{scan_range, scan_range_scalar};

/// Size of each generated text.
const TEXT_LEN: usize = 64 << 20;

/// A xorshift64 generator: deterministic, no dependency.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..n`.
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn digits(&mut self, out: &mut Vec<u8>, count: usize) {
        for _ in 0..count {
            out.push(b'0' + self.below(10) as u8);
        }
    }
}

const WORDS: &[&str] = &[
    "the", "study", "white", "black", "king", "draws", "wins", "after", "move", "pawn", "rook",
    "bishop", "knight", "queen", "promotes", "position", "endgame", "composer", "prize", "and",
    "of", "in", "a", "with", "but", "not", "is", "to", "by", "which", "solution", "mate",
];

/// Deterministic English-like text of `len` bytes: words, numbers, dates like `2012.10.05`,
/// decimals and prices, a full stop about every 43 bytes, a line feed about every 70 bytes and a
/// GBR code (`0323.12`, in one of several forms) every 2-20 KB.
fn prose(len: usize) -> Vec<u8> {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut out = Vec::with_capacity(len + 64);
    let mut line_start = 0;
    let mut next_code = 2048 + rng.below(18 << 10) as usize;
    while out.len() < len {
        match rng.below(1000) {
            0..=974 => {
                out.extend_from_slice(WORDS[rng.below(WORDS.len() as u64) as usize].as_bytes())
            }
            975..=994 => {
                let n = 1 + rng.below(4) as usize;
                rng.digits(&mut out, n);
            }
            995..=996 => {
                out.extend_from_slice(b"20");
                rng.digits(&mut out, 2);
                out.push(b'.');
                rng.digits(&mut out, 2);
                out.push(b'.');
                rng.digits(&mut out, 2);
            }
            997..=998 => {
                let n = 1 + rng.below(4) as usize;
                rng.digits(&mut out, n);
                out.push(b'.');
                let n = 1 + rng.below(5) as usize;
                rng.digits(&mut out, n);
            }
            _ => {
                out.push(b'$');
                rng.digits(&mut out, 4);
                out.extend_from_slice(b".99");
            }
        }
        if out.len() >= next_code {
            let form: &[u8] = match rng.below(4) {
                0 => b" 0323.12",
                1 => b" =0323.12g3g1",
                2 => b" a7d3 0116.00 b2b3c6d6 3/3+",
                _ => b" [+0020.42c1a1]",
            };
            out.extend_from_slice(form);
            next_code = out.len() + 2048 + rng.below(18 << 10) as usize;
        }
        if rng.below(8) == 0 {
            out.push(b'.');
        }
        if out.len() - line_start >= 62 + rng.below(16) as usize {
            out.push(b'\n');
            line_start = out.len();
        } else {
            out.push(b' ');
        }
    }
    out.truncate(len);
    out
}

/// A printed GBR directory (gbr-notation.md §4) of `len` bytes: one `code kings - page -` entry per line,
/// about 20 bytes each, so three anchors in every 64 bytes: the densest text the finder meets.
fn directory(len: usize) -> Vec<u8> {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let mut out = Vec::with_capacity(len + 64);
    while out.len() < len {
        for _ in 0..4 {
            out.push(b'0' + rng.below(9) as u8);
        }
        out.push(b'.');
        for _ in 0..2 {
            out.push(b'0' + rng.below(9) as u8);
        }
        for _ in 0..2 {
            out.push(b' ');
            out.push(b'a' + rng.below(8) as u8);
            out.push(b'1' + rng.below(8) as u8);
        }
        out.extend_from_slice(b" - ");
        let n = 1 + rng.below(3) as usize;
        rng.digits(&mut out, n);
        out.extend_from_slice(b" -\n");
    }
    out.truncate(len);
    out
}

/// Benches the finder, its scalar reference and the two floors on `text`, named `what/label`.
fn bench_text(c: &mut Criterion, label: &str, text: &[u8], floors: bool) {
    let mut group = c.benchmark_group("finder");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function(format!("scan_range/{label}"), |b| {
        b.iter(|| {
            let mut anchors = 0u64;
            let scan = scan_range(black_box(text), 0..text.len(), |_, _| anchors += 1);
            (anchors, scan.newlines)
        })
    });
    group.bench_function(format!("scan_range_scalar/{label}"), |b| {
        b.iter(|| {
            let mut anchors = 0u64;
            let scan = scan_range_scalar(black_box(text), 0..text.len(), |_, _| anchors += 1);
            (anchors, scan.newlines)
        })
    });
    if floors {
        group.bench_function(format!("memchr_newline_count/{label}"), |b| {
            b.iter(|| memchr::memchr_iter(b'\n', black_box(text)).count())
        });
        group.bench_function(format!("byte_sum/{label}"), |b| {
            b.iter(|| black_box(text).iter().map(|&x| u64::from(x)).sum::<u64>())
        });
    }
    group.finish();
}

fn finder(c: &mut Criterion) {
    let text = prose(TEXT_LEN);
    if std::env::var_os("FINDER_STATS").is_some() {
        describe(&text);
    }
    bench_text(c, "prose_64MiB", &text, true);
    bench_text(c, "directory_64MiB", &directory(TEXT_LEN), false);
}

/// With `FINDER_STATS` set, prints what the prose holds: bytes per full stop, blocks whose
/// middle `d.d` test fires, shapes and anchors.
fn describe(text: &[u8]) {
    let digit = |b: &u8| b.is_ascii_digit();
    let dots = text.iter().filter(|&&b| b == b'.').count();
    let middles = text
        .windows(3)
        .filter(|w| digit(&w[0]) && w[1] == b'.' && digit(&w[2]))
        .count();
    let shapes = text
        .windows(7)
        .filter(|w| w[4] == b'.' && w[..4].iter().chain(&w[5..]).all(digit))
        .count();
    let mut anchors = 0;
    let lines = scan_range(text, 0..text.len(), |_, _| anchors += 1).newlines;
    eprintln!(
        "{} bytes: a full stop every {:.1} bytes, a d.d every {:.0}, {shapes} shapes, \
         {anchors} anchors, {lines} lines",
        text.len(),
        text.len() as f64 / dots as f64,
        text.len() as f64 / middles as f64,
    );
}

criterion_group!(benches, finder);
criterion_main!(benches);
