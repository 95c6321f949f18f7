//! Scan time by the shape of the text: the same codes with line feeds, on one long line, and
//! with CR alone as line ends. A linear scan takes about the same time for all three
//! (docs/reliability.md, "Time linear in the input").
//!
//! `cargo run --release --example shapes -- [CODES]` (default 1,300,000 codes, about 13 MB).

use std::time::Instant;

use gbrscan::scan::{ScanOptions, scan_buffer};

fn main() {
    let codes: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse().expect("CODES is a number"))
        .unwrap_or(1_300_000);
    let mut first = None;
    for (name, sep) in [("line feeds", "\n"), ("one line", " "), ("CR only", "\r")] {
        let mut text = Vec::with_capacity(codes * 9);
        for i in 0..codes {
            text.extend_from_slice(format!("0{:03}.00{sep}", i % 400).as_bytes());
        }
        let began = Instant::now();
        let found = scan_buffer(&text, "shape", ScanOptions::default(), &|_| {}).len();
        let took = began.elapsed().as_secs_f64();
        let base = *first.get_or_insert(took);
        println!(
            "{name:>10}: {found} codes in {took:.3} s ({:.1} MB/s, {:.2}x the first)",
            text.len() as f64 / took / 1e6,
            took / base
        );
    }
}
