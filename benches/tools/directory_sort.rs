//! The directory speed target: sort 10 million entries and write them as TSV in
//! under 10 s. Generates the records in memory first (not timed), like a scan of 1,000 files
//! would give them: every form's fields, a tenth with squares, a fifth bare codes.
//!
//! ```sh
//! cargo run --release --example directory_sort -- 10000000 /tmp/directory.tsv
//! ```
//! Prints the time to sort, to write, and both together.

use std::fs::File;
use std::io::BufWriter;
use std::time::Instant;

use gbrscan::Record;
use gbrscan::directory::{Directory, Order};
use gbrscan::render::{Format, Listing};
use rayon::prelude::*;

/// The allocator of the `gbr` binary, so that this measures what `gbr index` does.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "../support/records.rs"]
mod records;
use records::record;

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(10_000_000);
    let out = args
        .next()
        .unwrap_or_else(|| "/tmp/directory.tsv".to_string());
    let started = Instant::now();
    let records: Vec<Record> = (0..n).into_par_iter().map(record).collect();
    eprintln!(
        "generated {n} records in {:.2?} (not timed)",
        started.elapsed()
    );

    let started = Instant::now();
    let directory = Directory::new(records, Order::Code);
    let keyed = started.elapsed();
    let listing = Listing::directory(&directory);
    let sorted = started.elapsed();
    eprintln!(
        "keys sorted in {keyed:.2?}, blocks made in {:.2?}",
        sorted - keyed
    );
    let file = File::create(&out).expect("create the output");
    Format::Tsv
        .write(&listing, BufWriter::with_capacity(1 << 20, file))
        .expect("write the output");
    let total = started.elapsed();
    println!(
        "{n} entries: sorted in {sorted:.2?}, written as TSV in {:.2?}, total {total:.2?} ({} threads)",
        total - sorted,
        rayon::current_num_threads()
    );
}
