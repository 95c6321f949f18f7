//! The library in a few lines: scan a text for GBR codes, print each with what its checks
//! found, then sort them into a directory and write it as print-ready text.
//!
//! ```sh
//! cargo run --example scan_text -- fixtures/errors/transcriptions.txt
//! ```
//!
//! With no argument it scans a text of its own.

use std::io::{self, Write};

use gbrscan::{Directory, Format, Listing, Order, ScanOptions, scan_buffer};

const TEXT: &str = "No 18776 a7d3 0116.00 b2b3c6d6 3/3+.\n\
                    Not 10323.12 nor 0323.123 but =0323.12g3g1.\n\
                    a2f1 0411.56 10/9+.\n";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (name, text) = match std::env::args_os().nth(1) {
        Some(path) => (path.to_string_lossy().into_owned(), std::fs::read(&path)?),
        None => ("example.txt".to_string(), TEXT.as_bytes().to_vec()),
    };
    // Every code of the text, in order, each checked against what it carries twice.
    let records = scan_buffer(&text, &name, ScanOptions::default(), &|_bytes| {});
    let mut out = io::stdout().lock();
    for record in &records {
        let status = if record.valid { "ok" } else { "invalid" };
        writeln!(
            out,
            "{}:{}: {} {status}",
            record.path, record.line, record.canonical
        )?;
        for finding in &record.findings {
            writeln!(out, "    {}: {}", finding.severity.name(), finding.message)?;
        }
    }
    // The same records as a sorted look-up directory, in the text format of `gbr index`.
    let directory = Directory::new(records, Order::Code);
    writeln!(out)?;
    Format::Text.write(&Listing::directory(&directory), &mut out)?;
    Ok(())
}
