//! The sort of `gbr index` in bounded memory against the sort in memory: the same records
//! sorted both ways, the time each took, and the runs spilled
//! (docs/reliability.md, "A directory larger than memory").
//!
//! `cargo run --release --example spill -- [CODES] [BUDGET_MIB]` (defaults: 2,000,000 codes,
//! 64 MiB); `SPILL_MODE=memory` sorts in memory instead. Compare the peak memory of the two
//! with `/usr/bin/time -v`.

use std::io::{self, Write};
use std::time::Instant;

use gbrscan::directory::spill::SpillSort;
use gbrscan::directory::{Directory, Order};
use gbrscan::render::{Format, Listing};
use gbrscan::saved::columns::SavedFormat;
use gbrscan::scan::{ScanOptions, scan_buffer};

fn main() {
    let mut args = std::env::args().skip(1);
    let codes: usize = args.next().map_or(2_000_000, |n| n.parse().expect("CODES"));
    let budget: usize = args.next().map_or(64, |n| n.parse().expect("BUDGET_MIB")) << 20;
    let mode = std::env::var("SPILL_MODE").unwrap_or_default();
    // The records come in blocks, as a scan hands them on, so that the spilled sort never
    // holds more than its budget and a block.
    let blocks = (0..codes).step_by(10_000).map(|first| {
        let mut text = String::new();
        for i in first..(first + 10_000).min(codes) {
            let code = format!("{:04}.{:02}", (i * 7919) % 10000, (i * 31) % 89);
            text.push_str(&format!("a7d3 {code} 3/3+\n"));
        }
        scan_buffer(
            text.as_bytes(),
            "bench.txt",
            ScanOptions::default(),
            &|_| {},
        )
    });
    let mut sink = io::sink();
    let began = Instant::now();
    if mode == "memory" {
        let directory = Directory::new(blocks.flatten().collect(), Order::Code);
        Format::Tsv
            .write(&Listing::directory(&directory), &mut sink)
            .expect("write");
        println!(
            "in memory: {codes} codes in {:.2} s",
            began.elapsed().as_secs_f64()
        );
    } else {
        let mut sort = SpillSort::new(Order::Code, budget);
        for record in blocks.flatten() {
            sort.push(record).expect("push");
        }
        let runs = sort.runs();
        let written = sort.merge_into(SavedFormat::Tsv, &mut sink).expect("merge");
        println!(
            "spilled: {written} codes in {:.2} s, {runs} runs of at most {} MiB",
            began.elapsed().as_secs_f64(),
            budget >> 20
        );
    }
    sink.flush().expect("flush");
}
