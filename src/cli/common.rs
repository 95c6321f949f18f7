//! What `gbr scan` and `gbr index` share: the input arguments and the scan over them.

use std::ops::ControlFlow;
use std::path::PathBuf;

use gbrscan::input::{LoadOptions, walk};
use gbrscan::scan::{FileScan, ScanInputs, ScanOptions, scan_inputs};

/// Inputs and parallelism of a scan.
#[derive(Debug, clap::Args)]
pub struct InputArgs {
    /// Files and folders to scan (folders recursively, hidden files included); `-` for
    /// standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// Threads to use (default: one per core).
    #[arg(short = 'j', long = "threads")]
    pub threads: Option<usize>,
    /// Read files instead of memory-mapping them.
    #[arg(long)]
    pub no_mmap: bool,
    /// Scan binary files (a NUL byte in the first 64 KiB) instead of skipping them.
    #[arg(long)]
    pub binary: bool,
    /// Bytes per chunk of a large file (changes speed, never the output).
    #[arg(long, default_value_t = gbrscan::scan::DEFAULT_CHUNK_SIZE, hide = true)]
    pub chunk_size: usize,
}

/// What a scan over the inputs met besides the records.
#[derive(Debug, Default)]
pub struct ScanSummary {
    /// Paths the walk skipped (missing, special files, ...), with their reason.
    pub skipped: Vec<String>,
    /// True when some input could not be read (exit status 2).
    pub had_error: bool,
}

/// Walks the paths, scans every input on a pool of `threads` and hands each file's result to
/// `on_file` in input order.
pub fn scan_paths(
    args: &InputArgs,
    mut on_file: impl FnMut(FileScan) -> ControlFlow<()>,
) -> anyhow::Result<ScanSummary> {
    // One command per process: the global pool is this scan's pool. An error means it was
    // built already (tests calling twice), and that pool serves as well.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build_global();
    let walked = walk(&args.paths);
    let mut summary = ScanSummary {
        skipped: walked.skipped.iter().map(ToString::to_string).collect(),
        had_error: !walked.skipped.is_empty(),
    };
    let options = ScanInputs {
        scan: ScanOptions {
            chunk_size: args.chunk_size.max(1),
        },
        load: LoadOptions {
            mmap: !args.no_mmap,
            binary: args.binary,
        },
        progress: &|_| {},
    };
    scan_inputs(&walked.inputs, &options, |scan| {
        summary.had_error |= matches!(scan.outcome, gbrscan::scan::FileOutcome::Failed(_));
        on_file(scan)
    });
    Ok(summary)
}
