//! Micro-benchmark of a look-up directory: sorting N findings into a directory
//! (GBR.md §4 order) and writing it as TSV to memory. Throughput in entries. The 10-million
//! target is measured whole by `examples/directory_sort.rs`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use gbrscan::Record;
use gbrscan::directory::{Directory, Format, Listing, Order};

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
            |records| Directory::new(records, Order::Code).expect("valid keys"),
            BatchSize::LargeInput,
        )
    });
    g.bench_function("sort_and_write_tsv/100k_entries", |b| {
        b.iter_batched(
            || records.clone(),
            |records| {
                let directory = Directory::new(records, Order::Code).expect("valid keys");
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

criterion_group!(benches, directory);
criterion_main!(benches);
