//! Scanning many inputs in parallel and handing their results back in input order.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;

use rayon::prelude::*;

use super::{ScanOptions, scan_buffer};
use crate::input::{Encoding, InputError, InputPath, LoadOptions, load};
use crate::record::Record;

/// What became of one input.
#[derive(Debug)]
pub enum FileOutcome {
    /// Scanned; the records may be empty.
    Scanned {
        /// How the bytes were decoded.
        encoding: Encoding,
    },
    /// Not scanned: a NUL byte in its first 64 KiB and no `binary` option
    /// ([`crate::input::BINARY_PROBE_LEN`]).
    SkippedBinary,
    /// Not scanned: it could not be opened or read.
    Failed(InputError),
}

/// The result of one input.
#[derive(Debug)]
pub struct FileScan {
    /// The input.
    pub input: InputPath,
    /// Bytes scanned (after decoding); 0 when not scanned.
    pub bytes: u64,
    /// Every code found, in order of offset.
    pub records: Vec<Record>,
    /// Scanned, skipped or failed.
    pub outcome: FileOutcome,
}

/// Everything a multi-input scan needs besides the inputs.
pub struct ScanInputs<'a> {
    /// Chunking of each buffer.
    pub scan: ScanOptions,
    /// Memory-mapping and binary files.
    pub load: LoadOptions,
    /// Called with bytes done, from any thread.
    pub progress: &'a (dyn Fn(u64) + Sync),
}

fn scan_one(input: &InputPath, options: &ScanInputs<'_>) -> FileScan {
    let path = input.path().to_string_lossy().into_owned();
    let loaded = match load(input, options.load) {
        Ok(loaded) => loaded,
        Err(err) => {
            return FileScan {
                input: input.clone(),
                bytes: 0,
                records: Vec::new(),
                outcome: FileOutcome::Failed(err),
            };
        }
    };
    if !loaded.should_scan(options.load) {
        (options.progress)(loaded.bytes.len() as u64);
        return FileScan {
            input: input.clone(),
            bytes: 0,
            records: Vec::new(),
            outcome: FileOutcome::SkippedBinary,
        };
    }
    let records = scan_buffer(&loaded.bytes, &path, options.scan, options.progress);
    FileScan {
        input: input.clone(),
        bytes: loaded.bytes.len() as u64,
        records,
        outcome: FileOutcome::Scanned {
            encoding: loaded.encoding,
        },
    }
}

/// Scans `inputs` in parallel on the current rayon pool (files in parallel, and each file's
/// chunks too) and calls `on_file` on the calling thread with each result **in input order**.
/// When `on_file` returns `Break` (the reader of the output went away), the inputs not yet
/// started are not scanned and no further result is handed back.
pub fn scan_inputs(
    inputs: &[InputPath],
    options: &ScanInputs<'_>,
    mut on_file: impl FnMut(FileScan) -> ControlFlow<()>,
) {
    let cancel = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, FileScan)>();
    std::thread::scope(|scope| {
        let cancel = &cancel;
        scope.spawn(move || {
            inputs
                .par_iter()
                .enumerate()
                .for_each_with(tx, |tx, (i, input)| {
                    if cancel.load(Ordering::Relaxed) {
                        return;
                    }
                    // The receiver is gone only after a Break; the result is not wanted then.
                    let _ = tx.send((i, scan_one(input, options)));
                });
        });
        let mut waiting = BTreeMap::new();
        let mut next = 0;
        for (i, scan) in rx {
            waiting.insert(i, scan);
            while let Some(scan) = waiting.remove(&next) {
                next += 1;
                if on_file(scan).is_break() {
                    cancel.store(true, Ordering::Relaxed);
                    return;
                }
            }
        }
    });
}
