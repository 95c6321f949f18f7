//! Micro-benchmark of a look-up directory: sorting N findings into a directory
//! (gbr-notation.md §4 order) and writing it as TSV to memory; then the sorted directory rendered to
//! memory in each format of `docs/printing.md` (labels and pages included). Throughput in
//! entries. The 10-million target is measured whole by `benches/tools/directory_sort.rs`, the
//! 1-million per-format figures by `benches/tools/print_formats.rs`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use gbrscan::Record;
use gbrscan::directory::{Directory, Order};
use gbrscan::render::{Format, Listing};
use gbrscan::render::{Layout, Print};

#[path = "support/records.rs"]
mod records;

/// Entries per run.
const N: u64 = 100_000;

fn directory(c: &mut Criterion) {
    let records: Vec<Record> = (0..N).map(records::record).collect();
    let mut g = c.benchmark_group("directory");
    g.sample_size(10);
    g.throughput(Throughput::Elements(N));
    g.bench_function("sort/100k_entries", |b| {
        b.iter_batched(
            || records.clone(),
            |records| Directory::new(records, Order::Code),
            BatchSize::LargeInput,
        )
    });
    g.bench_function("sort_and_write_tsv/100k_entries", |b| {
        b.iter_batched(
            || records.clone(),
            |records| {
                let directory = Directory::new(records, Order::Code);
                let mut out = Vec::with_capacity(16 << 20);
                Format::Tsv
                    .write(&Listing::directory(&directory), &mut out)
                    .expect("writing to memory");
                black_box(out.len())
            },
            BatchSize::LargeInput,
        )
    });
    g.finish();
}

/// Each format, rendered to memory from one sorted directory.
fn formats(c: &mut Criterion) {
    let records: Vec<Record> = (0..N).map(records::record).collect();
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
    let plain = Print::default();
    let mut g = c.benchmark_group("format");
    g.sample_size(10);
    g.throughput(Throughput::Elements(N));
    let runs: [(&str, Format, &Print); 11] = [
        ("tsv", Format::Tsv, &plain),
        ("csv", Format::Csv, &plain),
        ("jsonl", Format::Jsonl, &plain),
        ("text", Format::Text, &plain),
        ("text_compact", Format::Text, &compact),
        ("html_compact", Format::Html, &compact),
        ("html_diagrams", Format::Html, &diagrams),
        ("xlsx", Format::Xlsx, &plain),
        ("markdown", Format::Markdown, &plain),
        ("typst", Format::Typst, &plain),
        ("latex", Format::Latex, &plain),
    ];
    for (name, format, print) in runs {
        g.bench_function(format!("{name}/100k_entries"), |b| {
            b.iter(|| {
                let mut out = Vec::with_capacity(64 << 20);
                format
                    .write_with(&listing, print, &mut out)
                    .expect("writing to memory");
                black_box(out.len())
            })
        });
    }
    g.finish();
}

criterion_group!(benches, directory, formats);
criterion_main!(benches);
