//! Writing the row formats (`tsv`, `csv`, `jsonl`) fast (issue #5: ten million entries sorted
//! and written in seconds).
//!
//! A row is a lead (the `group` or `duplicate` cell, which depends on the block) and a body
//! (everything else, which depends on the record alone). The records lie in memory in input
//! order, each field in an allocation of its own: rendered in directory order, every field
//! would be a wait on memory, four times slower than the rendering itself. So the bodies are
//! rendered first in the order of the records' addresses, in parallel chunks, and the rows are
//! then put together in directory order from the rendered bytes (one wait per row) by a
//! helper thread, batch after batch into reused buffers, while the calling thread writes the
//! batch before. Memory: the rendered bodies, about the size of the output. Chunks are
//! written in order, so the output does not depend on the number of threads.

use std::io::{self, Write};
use std::sync::mpsc;

use rayon::prelude::*;

use crate::record::Record;

use super::{Listing, block_number};

/// Rows rendered by one task.
const CHUNK_ROWS: usize = 8192;

/// Rows put together before they are handed to the writer.
const BATCH_ROWS: usize = 32 * CHUNK_ROWS;

/// The bodies of one chunk of rows: their text, end to end, and each row's number and the end
/// of its body in the text.
struct Rendered {
    text: Vec<u8>,
    ends: Vec<(usize, usize)>,
}

/// Renders the body of every row, in the order of the records' addresses, in parallel chunks.
fn render<F, B>(rows: &[(usize, &Record)], make_body: &F) -> io::Result<Vec<Rendered>>
where
    F: Fn() -> B + Sync,
    B: FnMut(&Record, &mut Vec<u8>) -> io::Result<()>,
{
    let mut by_address: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .map(|(i, (_, r))| (std::ptr::from_ref(*r).addr(), i))
        .collect();
    by_address.par_sort_unstable();
    by_address
        .par_chunks(CHUNK_ROWS)
        .map(|chunk| {
            let mut body = make_body();
            let mut text = Vec::with_capacity(chunk.len() * 160);
            let mut ends = Vec::with_capacity(chunk.len());
            for &(_, i) in chunk {
                body(rows[i].1, &mut text)?;
                ends.push((i, text.len()));
            }
            Ok(Rendered { text, ends })
        })
        .collect()
}

/// The body of each row, by row number, out of the rendered chunks.
fn by_row(rendered: &[Rendered], rows: usize) -> Vec<&[u8]> {
    let mut bodies: Vec<&[u8]> = vec![&[]; rows];
    for chunk in rendered {
        let mut start = 0;
        for &(row, end) in &chunk.ends {
            bodies[row] = &chunk.text[start..end];
            start = end;
        }
    }
    bodies
}

/// Writes the entries of `listing` as rows. `make_body` makes, once per task, the function that
/// appends a record's body to a buffer; `row` appends a whole row given the block number, the
/// record and its body.
pub(crate) fn write_rows<W, F, B>(
    listing: &Listing<'_>,
    w: &mut W,
    make_body: F,
    row: impl Fn(usize, &Record, &[u8], &mut Vec<u8>) + Sync,
) -> io::Result<()>
where
    W: Write,
    F: Fn() -> B + Sync,
    B: FnMut(&Record, &mut Vec<u8>) -> io::Result<()>,
{
    let rows: Vec<(usize, &Record)> = listing
        .blocks
        .iter()
        .flat_map(|b| {
            let number = block_number(b);
            b.entries.iter().map(move |r| (number, *r))
        })
        .collect();
    let rendered = render(&rows, &make_body)?;
    let bodies = by_row(&rendered, rows.len());
    let assemble = |from: usize, buffers: &mut Vec<Vec<u8>>| {
        let to = (from + BATCH_ROWS).min(rows.len());
        buffers.resize_with((to - from).div_ceil(CHUNK_ROWS), Vec::new);
        rows[from..to]
            .par_chunks(CHUNK_ROWS)
            .zip(bodies[from..to].par_chunks(CHUNK_ROWS))
            .zip(buffers.par_iter_mut())
            .for_each(|((chunk, chunk_bodies), out)| {
                out.clear();
                for ((number, record), body) in chunk.iter().zip(chunk_bodies) {
                    row(*number, record, body, out);
                }
            });
    };
    // Batches go to the writer and their buffers come back: two sets in flight.
    let (full_tx, full_rx) = mpsc::sync_channel::<Vec<Vec<u8>>>(1);
    let (empty_tx, empty_rx) = mpsc::channel::<Vec<Vec<u8>>>();
    for _ in 0..2 {
        let _ = empty_tx.send(Vec::new());
    }
    let assemble = &assemble;
    let total = rows.len();
    std::thread::scope(|scope| {
        scope.spawn(move || {
            for from in (0..total).step_by(BATCH_ROWS) {
                let Ok(mut buffers) = empty_rx.recv() else {
                    return;
                };
                assemble(from, &mut buffers);
                if full_tx.send(buffers).is_err() {
                    return;
                }
            }
        });
        for buffers in full_rx {
            for part in &buffers {
                w.write_all(part)?;
            }
            let _ = empty_tx.send(buffers);
        }
        Ok(())
    })
}
