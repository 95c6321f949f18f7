//! Peak heap of a scan (the heap grows with the findings, not with the input).
//! Counts every allocation with dhat while scanning the given files as `gbr scan` does
//! (memory-mapped, all threads), and prints the peak heap and the records found.
//!
//! ```sh
//! cargo run --release --example heap -- bench-data/big.txt
//! ```

use std::ops::ControlFlow;

use gbrscan::input::walk;
use gbrscan::scan::{InputConfig, ScanEvent, ScanInputs, scan_inputs};

#[global_allocator]
static ALLOC: dhat::Alloc = dhat::Alloc;

fn main() {
    let paths: Vec<std::path::PathBuf> = std::env::args().skip(1).map(Into::into).collect();
    let profiler = dhat::Profiler::builder().testing().build();
    let inputs = walk(&paths).inputs;
    let config = InputConfig::default();
    let options = ScanInputs {
        config: &config,
        progress: &|_| {},
        fields: gbrscan::Fields::All,
    };
    let (mut bytes, mut records) = (0, 0);
    scan_inputs(&inputs, &options, |event| {
        match event {
            ScanEvent::Records { records: found, .. } => records += found.len(),
            ScanEvent::Done(file) => bytes += file.bytes,
        }
        ControlFlow::Continue(())
    });
    let stats = dhat::HeapStats::get();
    drop(profiler);
    println!(
        "{bytes} bytes scanned, {records} records, peak heap {} bytes ({:.1} MiB), {} allocations",
        stats.max_bytes,
        stats.max_bytes as f64 / (1 << 20) as f64,
        stats.total_blocks
    );
}
