//! CSV: the one CSV schema of gbr, written by the library
//! ([`crate::render::csv`], the columns
//! [`CSV_COLUMNS`](crate::render::csv::CSV_COLUMNS)): a header row, then one row
//! per code, the code as `="0116.00"` so that a spreadsheet keeps it as text, findings in words,
//! formula-like cells after a `'`. `gbr index --format csv` writes the same columns.

use std::io::{self, Write};

use crate::record::Record;
use crate::render::csv::CsvRows;

/// Writes the header, then the rows.
pub struct CsvPrinter<W: Write> {
    out: W,
    rows: CsvRows,
    buffer: Vec<u8>,
    header_written: bool,
}

impl<W: Write> CsvPrinter<W> {
    /// A printer over `out`.
    pub fn new(out: W) -> CsvPrinter<W> {
        CsvPrinter {
            out,
            rows: CsvRows::new(),
            buffer: Vec::new(),
            header_written: false,
        }
    }

    /// Writes the rows of a batch of records, after the header if not yet written.
    pub fn records(&mut self, records: &[&Record]) -> io::Result<()> {
        self.buffer.clear();
        if !self.header_written {
            self.rows.header(None, &mut self.buffer)?;
            self.header_written = true;
        }
        for r in records {
            self.rows.row(None, r, &mut self.buffer)?;
        }
        self.out.write_all(&self.buffer)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
