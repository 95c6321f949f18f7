//! Throughput of the anchor finder on generated prose, against two floors: counting line feeds
//! with memchr, and summing the bytes.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gbrscan::finder::{scan_range, scan_range_scalar};

/// Size of the generated text.
const PROSE_LEN: usize = 64 << 20;

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

fn finder(c: &mut Criterion) {
    let text = prose(PROSE_LEN);
    if std::env::var_os("FINDER_STATS").is_some() {
        stats(&text);
        return;
    }
    let mut group = c.benchmark_group("finder");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("scan_range/prose_64MiB", |b| {
        b.iter(|| {
            let mut anchors = 0u64;
            let scan = scan_range(black_box(&text), 0..text.len(), |_, _| anchors += 1);
            (anchors, scan.newlines)
        })
    });
    group.bench_function("scan_range_scalar/prose_64MiB", |b| {
        b.iter(|| {
            let mut anchors = 0u64;
            let scan = scan_range_scalar(black_box(&text), 0..text.len(), |_, _| anchors += 1);
            (anchors, scan.newlines)
        })
    });
    group.bench_function("memchr_newline_count/prose_64MiB", |b| {
        b.iter(|| memchr::memchr_iter(b'\n', black_box(&text)).count())
    });
    group.bench_function("byte_sum/prose_64MiB", |b| {
        b.iter(|| black_box(&text).iter().map(|&x| u64::from(x)).sum::<u64>())
    });
    group.finish();
}

criterion_group!(benches, finder);
criterion_main!(benches);
fn stats(text: &[u8]) {
    let d = |b: u8| b.is_ascii_digit();
    let mut hits = 0;
    let mut blocks = 0;
    let mut flags = 0;
    let mut shapes = 0;
    for pos in (0..text.len().saturating_sub(72)).step_by(64) {
        blocks += 1;
        let w = &text[pos..pos + 72];
        let f = (0..64)
            .filter(|&i| d(w[i + 3]) && w[i + 4] == b'.' && d(w[i + 5]))
            .count();
        flags += f;
        if f > 0 {
            hits += 1;
        }
        shapes += (0..64)
            .filter(|&i| {
                (0..7).all(|k| {
                    if k == 4 {
                        w[i + k] == b'.'
                    } else {
                        d(w[i + k])
                    }
                })
            })
            .count();
    }
    let mut anchors = 0;
    let s = gbrscan::finder::scan_range(text, 0..text.len(), |_, _| anchors += 1);
    eprintln!(
        "blocks {blocks} hit {hits} flags {flags} shapes {shapes} anchors {anchors} newlines {} dots {}",
        s.newlines,
        text.iter().filter(|&&b| b == b'.').count()
    );
}
