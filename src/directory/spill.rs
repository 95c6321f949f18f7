//! Sorting a directory larger than memory: records gathered up to a memory budget, each full
//! batch sorted and spilled to a temporary file as a sorted run, and the runs merged with
//! [`merge`] (docs/reliability.md, "A directory larger than memory").
//!
//! The runs are JSON Lines directories, the saved format that keeps every field of a record,
//! in unnamed temporary files ([`tempfile::tempfile`]: on Linux `O_TMPFILE`, elsewhere a file
//! removed as soon as it is created), so a killed run leaves nothing on disk. Equal keys keep
//! the order of the records given, as [`Directory::new`] does, so the merged output is byte
//! for byte what the in-memory sort writes.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Seek, Write};

use crate::record::Record;

use super::merge::{MergeError, MergeInput, merge};
use super::{Directory, Order};
use crate::render::RowWriter;
use crate::saved::columns::SavedFormat;
use crate::saved::read::{DirectoryReader, ReadError};

/// Why a sort in bounded memory failed.
#[derive(Debug, thiserror::Error)]
pub enum SpillError {
    /// A run could not be written to or read from its temporary file, in the folder of
    /// temporary files (`TMPDIR` on Unix, [`std::env::temp_dir`]).
    #[error(
        "cannot use a temporary file in {} for a sorted run (TMPDIR names another folder)",
        crate::source_path::shown(std::env::temp_dir())
    )]
    Run(#[from] io::Error),
    /// A run could not be read back.
    #[error("cannot read a sorted run back")]
    Read(#[from] ReadError),
    /// The merge of the runs failed.
    #[error(transparent)]
    Merge(#[from] MergeError),
}

/// The bytes a record takes in memory while it waits to be sorted, about: the record, its
/// texts that do not fit inline, its findings, and the sort's key and rank for it.
pub fn footprint(record: &Record) -> usize {
    let heap = |text: &compact_str::CompactString| -> usize {
        if text.is_heap_allocated() {
            text.capacity()
        } else {
            0
        }
    };
    let squares = record
        .squares
        .as_ref()
        .map_or(0, |s| s.pieces.capacity() + s.pawns.capacity());
    let findings: usize = record
        .findings
        .iter()
        .map(|f| {
            std::mem::size_of_val(f) + f.message.capacity() + f.fix.as_ref().map_or(0, String::len)
        })
        .sum();
    // Boxed parts: their size and the allocator's header and rounding (about 16 bytes).
    let boxed = |size: usize| size + 16;
    let citation = record.citation.as_deref().map_or(0, |c| {
        boxed(std::mem::size_of_val(c))
            + c.number.as_ref().map_or(0, heap)
            + c.source.as_ref().map_or(0, heap)
            + c.honour.as_ref().map_or(0, heap)
            + c.composers.capacity() * std::mem::size_of::<compact_str::CompactString>()
            + c.composers.iter().map(heap).sum::<usize>()
    });
    let entry = record.directory_entry.as_deref().map_or(0, |e| {
        boxed(std::mem::size_of_val(e)) + e.printed.as_ref().map_or(0, heap)
    });
    let study = record
        .study
        .as_deref()
        .map_or(0, |s| boxed(std::mem::size_of_val(s)));
    let fixes = record
        .ocr_fixes
        .as_deref()
        .map_or(0, |f| boxed(f.capacity() * 64));
    std::mem::size_of::<Record>()
        + heap(&record.text)
        + heap(&record.canonical)
        + record.label.as_ref().map_or(0, heap)
        + record.page.as_ref().map_or(0, heap)
        + squares
        + findings
        + citation
        + entry
        + study
        + fixes
        + record.diagram.as_ref().map_or(0, |_| boxed(std::mem::size_of::<shakmaty::Board>()))
        // The sort's compact key and path rank (`Directory::new`).
        + 64
}

/// Runs kept at once: when a spill makes this many, they are merged into one, so that a tiny
/// budget never opens more files than the system allows (a few in unit tests, so that they
/// merge in cascade).
const MAX_RUNS: usize = if cfg!(test) { 4 } else { 64 };

/// Records pushed one by one, sorted in runs of at most `budget` bytes
/// (`footprint`), and written as one sorted directory.
#[derive(Debug)]
pub struct SpillSort {
    order: Order,
    budget: usize,
    batch: Vec<Record>,
    bytes: usize,
    runs: Vec<File>,
    /// Runs spilled so far, merged ones included.
    spilled: usize,
}

impl SpillSort {
    /// A sort in `order` that holds at most about `budget` bytes of records at once.
    pub fn new(order: Order, budget: usize) -> SpillSort {
        SpillSort {
            order,
            budget,
            batch: Vec::new(),
            bytes: 0,
            runs: Vec::new(),
            spilled: 0,
        }
    }

    /// Sorted runs spilled to disk so far (at most 64 are kept open at once: more are merged
    /// into one as they come).
    pub fn runs(&self) -> usize {
        self.spilled
    }

    /// Adds `record`; spills the batch as a sorted run when it reaches the budget.
    ///
    /// # Errors
    /// [`SpillError`] when the batch cannot be sorted or written.
    pub fn push(&mut self, record: Record) -> Result<(), SpillError> {
        self.bytes += footprint(&record);
        if self.batch.len() == self.batch.capacity() {
            // Grown by doubling, but never past the records the budget can hold (each takes
            // at least its own size): a batch never asks for memory beyond the budget, and
            // never for twice what it holds at once.
            let most = self.budget / std::mem::size_of::<Record>() + 1;
            let grown = (2 * self.batch.capacity()).max(1024).min(most);
            self.batch
                .reserve_exact(grown.saturating_sub(self.batch.len()).max(1));
        }
        self.batch.push(record);
        if self.bytes >= self.threshold() {
            self.spill()?;
        }
        Ok(())
    }

    /// Adds `records`, in order: taken as the batch where the batch is empty and holds less
    /// memory than they do (a book held whole is not copied), after a spill of the batch
    /// where they alone reach the budget, else one by one as [`SpillSort::push`] adds them.
    ///
    /// # Errors
    /// [`SpillError`] when the batch cannot be sorted or written.
    pub fn extend(&mut self, records: Vec<Record>) -> Result<(), SpillError> {
        let bytes: usize = records.iter().map(footprint).sum();
        if !self.batch.is_empty() && bytes >= self.threshold() {
            self.spill()?;
        }
        // A batch emptied by a spill keeps its memory for the next: taken over only by a
        // larger one.
        if !self.batch.is_empty() || records.capacity() < self.batch.capacity() {
            return records.into_iter().try_for_each(|r| self.push(r));
        }
        self.batch = records;
        self.bytes = bytes;
        if self.bytes >= self.threshold() {
            self.spill()?;
        }
        Ok(())
    }

    /// The bytes of records at which the batch spills: 75% of the budget, for the
    /// allocator keeps some memory of its own beside the records (freed pieces kept for
    /// reuse by each thread), so that the sort's resident memory stays within the budget
    /// (docs/performance.md, "Memory").
    fn threshold(&self) -> usize {
        self.budget / 4 * 3
    }

    fn spill(&mut self) -> Result<(), SpillError> {
        let batch = std::mem::take(&mut self.batch);
        self.bytes = 0;
        let directory = Directory::new(batch, self.order);
        let mut out = BufWriter::with_capacity(1 << 16, tempfile::tempfile()?);
        let mut writer = RowWriter::new(SavedFormat::Jsonl, self.order);
        writer.header(&mut out)?;
        for record in directory.entries() {
            writer.entry(record, &mut out)?;
        }
        let mut file = out.into_inner().map_err(|e| e.into_error())?;
        file.rewind()?;
        self.runs.push(file);
        self.spilled += 1;
        // The next batch fills the memory of this one: no allocation beside it (unless it
        // was a book taken whole, larger than a batch).
        let mut records = directory.into_records();
        records.clear();
        if records.capacity() <= self.budget / std::mem::size_of::<Record>() + 1 {
            self.batch = records;
        }
        if self.runs.len() >= MAX_RUNS {
            // Merged in their order, so equal keys keep the order of the records given.
            let runs = std::mem::take(&mut self.runs);
            let mut out = BufWriter::with_capacity(1 << 16, tempfile::tempfile()?);
            merge(
                Self::inputs(runs)?,
                SavedFormat::Jsonl,
                self.order,
                &mut out,
            )?;
            let mut file = out.into_inner().map_err(|e| e.into_error())?;
            file.rewind()?;
            self.runs.push(file);
        }
        Ok(())
    }

    /// The runs as inputs of a merge.
    fn inputs(runs: Vec<File>) -> Result<Vec<MergeInput<BufReader<File>>>, ReadError> {
        runs.into_iter()
            .enumerate()
            .map(|(i, file)| {
                let reader = DirectoryReader::new(BufReader::with_capacity(1 << 16, file))?;
                Ok(MergeInput {
                    name: format!("sorted run {}", i + 1),
                    reader,
                })
            })
            .collect()
    }

    /// When nothing was spilled, the records in memory, sorted; else `None` (the caller then
    /// writes with [`SpillSort::merge_into`]).
    pub fn in_memory(&mut self) -> Option<Directory> {
        if !self.runs.is_empty() {
            return None;
        }
        let batch = std::mem::take(&mut self.batch);
        Some(Directory::new(batch, self.order))
    }

    /// Spills what is left and merges every run into `w` in `format`. Returns the number of
    /// entries written.
    ///
    /// # Errors
    /// [`SpillError`] when a run cannot be written or read, or `w` fails.
    pub fn merge_into<W: Write>(
        mut self,
        format: SavedFormat,
        w: &mut W,
    ) -> Result<u64, SpillError> {
        if !self.batch.is_empty() {
            self.spill()?;
        }
        let inputs = Self::inputs(self.runs)?;
        Ok(merge(inputs, format, self.order, w)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Format;
    use crate::render::Listing;
    use crate::scan::{ScanOptions, scan_buffer};

    /// Records of a text with many codes, duplicates and equal codes among them, from two
    /// sources.
    fn records() -> Vec<Record> {
        let text = "a7d3 0116.00 b2b3c6d6 3/3+.\nd1h5 0310.01 3/2=\n0116.00 and 4100.00 a1h8\n\
                    f1h1 0001.04 2/5 Win\n[+0020.42c1a1] 0116.00 a7d3 1234.56\n";
        let mut records = Vec::new();
        for path in ["b.txt", "a.txt"] {
            let text = text.repeat(7);
            records.extend(scan_buffer(
                text.as_bytes(),
                path,
                ScanOptions::default(),
                &|_| {},
            ));
        }
        records
    }

    /// The output of the in-memory sort and of a sort spilled in runs of a few records.
    fn both(order: Order, format: SavedFormat) -> (Vec<u8>, Vec<u8>, usize) {
        let directory = Directory::new(records(), order);
        let mut in_memory = Vec::new();
        let whole = match format {
            SavedFormat::Tsv => Format::Tsv,
            SavedFormat::Jsonl => Format::Jsonl,
        };
        whole
            .write(&Listing::directory(&directory), &mut in_memory)
            .expect("write");
        let mut sort = SpillSort::new(order, 3 * footprint(&records()[0]));
        for record in records() {
            sort.push(record).expect("push");
        }
        let runs = sort.runs();
        let mut spilled = Vec::new();
        let written = sort.merge_into(format, &mut spilled).expect("merge");
        assert_eq!(written as usize, records().len());
        (in_memory, spilled, runs)
    }

    #[test]
    fn a_spilled_sort_writes_what_the_in_memory_sort_writes() {
        for order in [Order::Code, Order::Stipulation] {
            for format in [SavedFormat::Tsv, SavedFormat::Jsonl] {
                let (in_memory, spilled, runs) = both(order, format);
                assert!(runs > 10, "{runs} runs: the test must spill");
                assert_eq!(
                    String::from_utf8(spilled).unwrap(),
                    String::from_utf8(in_memory).unwrap(),
                    "{order:?} {format:?}"
                );
            }
        }
    }

    #[test]
    fn under_the_budget_nothing_is_spilled() {
        let mut sort = SpillSort::new(Order::Code, usize::MAX);
        for record in records() {
            sort.push(record).expect("push");
        }
        assert_eq!(sort.runs(), 0);
        assert_eq!(sort.in_memory().map(|d| d.len()), Some(records().len()));
    }

    #[test]
    fn a_batch_never_holds_room_for_more_than_its_budget() {
        // Each record takes at least its own size: a batch past budget / size records would
        // have spilled, so it never asks for room beyond that (a doubling past it once asked
        // for 1.6 GB beside the 0.8 GB held, under a 1 GB budget).
        let size = std::mem::size_of::<Record>();
        let all = records();
        for (budget, passes) in [(3 * size, 1), (1000 * size + 17, 40), (5000 * size, 40)] {
            let mut sort = SpillSort::new(Order::Code, budget);
            for _ in 0..passes {
                for record in all.iter().cloned() {
                    sort.push(record).expect("push");
                    assert!(
                        sort.batch.capacity() <= budget / size + 1,
                        "{} records of room under a budget of {budget} bytes",
                        sort.batch.capacity()
                    );
                }
            }
        }
        // A block taken whole where the batch is empty is not copied, and spills at once
        // where it reaches the budget alone.
        let mut sort = SpillSort::new(Order::Code, 3 * size);
        sort.extend(all.clone()).expect("extend");
        assert_eq!(sort.runs(), 1);
        let mut sort = SpillSort::new(Order::Code, usize::MAX);
        let block = all.clone();
        let at = block.as_ptr();
        sort.extend(block).expect("extend");
        assert_eq!(sort.batch.as_ptr(), at, "taken, not copied");
    }
}
