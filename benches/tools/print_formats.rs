//! The speed of the printed and spreadsheet formats: a directory of N entries (1 million by
//! default) written to each format of `docs/printing.md`, timed one by one. The records are
//! generated and sorted first (not timed), as in `directory_sort`.
//!
//! ```sh
//! cargo run --release --example print_formats -- 1000000 /tmp
//! ```
//! Prints, per format, the time to write and the size of the output.

use std::fs::File;
use std::io::BufWriter;
use std::time::Instant;

use gbrscan::Record;
use gbrscan::directory::{Directory, Order};
use gbrscan::render::{Format, Listing};
use gbrscan::render::{Layout, Print};
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
        .unwrap_or(1_000_000);
    let folder = args.next().unwrap_or_else(|| "/tmp".to_string());
    let records: Vec<Record> = (0..n).into_par_iter().map(record).collect();
    let directory = Directory::new(records, Order::Stipulation);
    let listing = Listing::directory(&directory);
    let compact = Print {
        layout: Layout::Compact,
        ..Print::default()
    };
    let diagrams = Print {
        diagrams: true,
        ..Print::default()
    };
    let runs: [(&str, Format, &Print); 8] = [
        ("tsv", Format::Tsv, &Print::default()),
        ("xlsx", Format::Xlsx, &Print::default()),
        ("md", Format::Markdown, &Print::default()),
        ("typ", Format::Typst, &Print::default()),
        ("tex", Format::Latex, &Print::default()),
        ("compact.txt", Format::Text, &compact),
        ("compact.html", Format::Html, &compact),
        ("diagrams.html", Format::Html, &diagrams),
    ];
    for (extension, format, print) in runs {
        let path = format!("{folder}/print_formats.{extension}");
        let started = Instant::now();
        let file = File::create(&path).expect("create the output");
        format
            .write_with(&listing, print, BufWriter::with_capacity(1 << 20, file))
            .expect("write the output");
        let took = started.elapsed();
        let size = std::fs::metadata(&path)
            .map(|m| m.len())
            .unwrap_or_default();
        println!(
            "{n} entries as {extension}: {took:.2?}, {:.1} MB",
            size as f64 / 1e6
        );
        let _ = std::fs::remove_file(&path);
    }
}
