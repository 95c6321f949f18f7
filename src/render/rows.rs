//! Writing the row formats (`tsv`, `csv`, `jsonl`) fast (ten million entries sorted
//! and written in seconds).
//!
//! A row is a lead (the `group` or `duplicate` cell, taken from the block) and a body (everything
//! else, from the record). Rows are rendered in directory order by a helper thread, window after
//! window, each window in parallel chunks into reused buffers, while the calling thread writes the
//! window before. Memory: two windows of rows, whatever the size of the listing.
//!
//! The records lie in memory in input order, so in directory order each one is a wait on memory,
//! which costs more than rendering it. Records are therefore read a group at a time
//! ([`TOUCH_ROWS`]) before the group is rendered: the waits of a group overlap. Measured on the
//! 10-million-entry benchmark (`benches/tools/directory_sort.rs`), this halves the time to write.
//! Chunks are written in order, so the output does not depend on the number of threads.

use std::io::{self, Write};
use std::sync::mpsc;

use rayon::prelude::*;

use crate::record::Record;

use super::{LeadOf, Listing};

/// Rows rendered by one task (a few rows in unit tests, so that the fixtures fill many).
const CHUNK_ROWS: usize = if cfg!(test) { 5 } else { 8192 };

/// Rows rendered before they are handed to the writer.
const WINDOW_ROWS: usize = if cfg!(test) { 3 } else { 32 } * CHUNK_ROWS;

/// Rows whose records are read together before any of them is rendered.
const TOUCH_ROWS: usize = if cfg!(test) { 4 } else { 16 };

/// Reads a little of every record of `rows`, from each part the rendering reads (the fields
/// and the path), so that the waits on memory of the group overlap instead of coming one after
/// another.
fn touch(rows: &[(u32, &Record)]) {
    let mut sum = 0u64;
    for (_, r) in rows {
        sum = sum
            .wrapping_add(r.offset)
            .wrapping_add(r.text.len() as u64)
            .wrapping_add(u64::from(r.valid))
            .wrapping_add(r.findings.len() as u64)
            .wrapping_add(u64::from(r.fen.is_some()))
            .wrapping_add(u64::from(r.material.is_some()))
            .wrapping_add(r.canonical.len() as u64);
    }
    // The paths, once their addresses have come in.
    for (_, r) in rows {
        sum = sum.wrapping_add(u64::from(r.path.as_bytes().first().copied().unwrap_or(0)));
    }
    std::hint::black_box(sum);
}

/// Writes the entries of `listing` as rows. `make_row` makes, once per task, the function that
/// appends a whole row (its lead, then the record's cells) to a buffer.
///
/// # Errors
/// The first error of `w`, or of rendering a row.
pub(crate) fn write_rows<W, F, R>(listing: &Listing<'_>, w: &mut W, make_row: F) -> io::Result<()>
where
    W: Write,
    F: Fn() -> R + Sync,
    R: FnMut(LeadOf, &Record, &mut Vec<u8>) -> io::Result<()>,
{
    let leads: Vec<LeadOf> = listing.blocks.iter().map(LeadOf::block).collect();
    // Each row names its block by index: a u32 keeps a row at 16 bytes, and a listing of more
    // blocks than that would have more entries than memory holds.
    let rows: Vec<(u32, &Record)> = listing
        .blocks
        .iter()
        .enumerate()
        .flat_map(|(b, block)| {
            let b = u32::try_from(b).unwrap_or(u32::MAX);
            block.entries.iter().map(move |r| (b, *r))
        })
        .collect();
    let render = |from: usize, buffers: &mut Vec<Vec<u8>>| -> io::Result<()> {
        let to = (from + WINDOW_ROWS).min(rows.len());
        buffers.resize_with((to - from).div_ceil(CHUNK_ROWS), Vec::new);
        rows[from..to]
            .par_chunks(CHUNK_ROWS)
            .zip(buffers.par_iter_mut())
            .try_for_each(|(chunk, out)| {
                let mut row = make_row();
                out.clear();
                for group in chunk.chunks(TOUCH_ROWS) {
                    touch(group);
                    for &(block, record) in group {
                        row(leads[block as usize], record, out)?;
                    }
                }
                Ok(())
            })
    };
    // Windows go to the writer and their buffers come back: two sets in flight.
    let (full_tx, full_rx) = mpsc::sync_channel::<io::Result<Vec<Vec<u8>>>>(1);
    let (empty_tx, empty_rx) = mpsc::channel::<Vec<Vec<u8>>>();
    for _ in 0..2 {
        let _ = empty_tx.send(Vec::new());
    }
    let render = &render;
    let total = rows.len();
    std::thread::scope(|scope| {
        // Owned here, so that it is dropped when the writer stops, even on an error: a helper
        // waiting for buffers then sees the channel closed instead of waiting forever.
        let empty_tx = empty_tx;
        scope.spawn(move || {
            for from in (0..total).step_by(WINDOW_ROWS) {
                let Ok(mut buffers) = empty_rx.recv() else {
                    return;
                };
                let window = render(from, &mut buffers).map(|()| buffers);
                let failed = window.is_err();
                if full_tx.send(window).is_err() || failed {
                    return;
                }
            }
        });
        for window in full_rx {
            let buffers = window?;
            for part in &buffers {
                w.write_all(part)?;
            }
            let _ = empty_tx.send(buffers);
        }
        Ok(())
    })
}
