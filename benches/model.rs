//! Micro-benchmarks of the model: parsing a code, parsing and checking a full
//! position, and scanning a buffer of generated captions. Throughput in bytes of input.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use gbrscan::code::Code;
use gbrscan::scan::{ScanOptions, scan_buffer};
use gbrscan::{check, parse_at};
use std::hint::black_box;

const FULL: &str = "c2h4 0015.15 d3d6g5\ng2.c4c5c7e5e6h3 5/7 Win: 1.Bf5";

fn code(c: &mut Criterion) {
    let mut g = c.benchmark_group("model");
    g.throughput(Throughput::Bytes(7));
    g.bench_function("code_from_ascii/7B", |b| {
        b.iter(|| Code::from_ascii(black_box(b"0323.12")))
    });
    let anchor = FULL.find("0015.15").unwrap_or(0);
    g.throughput(Throughput::Bytes(FULL.len() as u64));
    g.bench_function("parse_at/full_position_eg_layout", |b| {
        b.iter(|| parse_at(black_box(FULL.as_bytes()), anchor))
    });
    g.bench_function("parse_and_check/full_position_eg_layout", |b| {
        b.iter(|| parse_at(black_box(FULL.as_bytes()), anchor).map(|p| check(&p)))
    });
    g.finish();
}

fn scan(c: &mut Criterion) {
    // 1 MiB of captions: every byte belongs to a code, the worst case for the parser.
    let mut text = String::new();
    while text.len() < 1 << 20 {
        text.push_str("a7d3 0116.00 b2b3c6d6 3/3+. (+0031.10a1h8h1f4a7) f1h1 0001.04 2/5 Win\n");
    }
    let mut g = c.benchmark_group("scan");
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("scan_buffer/dense_captions_1MiB", |b| {
        b.iter(|| {
            scan_buffer(
                black_box(text.as_bytes()),
                "bench",
                ScanOptions::default(),
                &|_| {},
            )
        })
    });
    g.finish();
}

criterion_group!(benches, code, scan);
criterion_main!(benches);
