//! Benchmark of study data: writes a JSON Lines file of generated studies (1,000,000 by
//! default), then reads it with [`gbrscan::keyed::read_keyed`] and prints the time and the
//! records read.
//!
//! ```text
//! cargo run --release --example jsonl_records -- [RECORDS] [FILE]
//! ```
//!
//! The file (default `target/jsonl-bench/studies.jsonl`) is kept, so that `gbr scan` can be
//! timed on it too. Each line is a study of the web-edition shape: number, source, code with
//! kings, FEN and stipulation, one of eight legal positions (3 to 7 men) in turn, and a short
//! prose value.

use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use gbrscan::keyed::{DataKind, Keys, read_keyed};

/// Eight positions: code with kings, FEN, stipulation.
const STUDIES: [(&str, &str, &str); 8] = [
    ("0116.00 a7d3", "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1", "+"),
    ("0100.00 a1c3", "8/8/8/8/8/2k5/1R6/K7 w - - 0 1", "+"),
    ("0000.11 h8a6", "7K/8/k1P5/8/8/8/7p/8 w - - 0 1", "="),
    ("4001.00 d1b3", "2q5/1N6/8/8/4Q3/1k6/8/3K4 w - - 0 1", "+"),
    ("0031.01 a8d5", "K7/8/6b1/1N1kp3/8/8/8/8 w - - 0 1", "="),
    ("4010.00 c7a6", "8/2K5/k1B5/7Q/8/8/8/1q6 w - - 0 1", "+"),
    ("0010.12 b6f8", "5k2/8/1K1P4/5p2/8/3B4/7p/8 w - - 0 1", "+"),
    ("0001.22 a2b8", "1k6/1P6/2P5/8/8/3pp3/K7/N7 w - - 0 1", "+"),
];

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let count: usize = args
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1_000_000);
    let path = args.next().map_or_else(
        || PathBuf::from("target/jsonl-bench/studies.jsonl"),
        PathBuf::from,
    );
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let started = Instant::now();
    let mut out = std::io::BufWriter::new(std::fs::File::create(&path)?);
    for n in 0..count {
        let (gbr, fen, stip) = STUDIES[n % STUDIES.len()];
        writeln!(
            out,
            r#"{{"number": {n}, "source": "Generated Review, {}", "gbr": "{gbr}", "fen": "{fen}", "stipulation": "{stip}", "prose": "White wins in the end."}}"#,
            1900 + n % 120
        )?;
    }
    out.flush()?;
    drop(out);
    let written = started.elapsed();
    let bytes = std::fs::read(&path)?;
    let started = Instant::now();
    let read = read_keyed(
        &bytes,
        &gbrscan::SourcePath::from("studies.jsonl"),
        DataKind::JsonLines,
        &Keys::default(),
    );
    let took = started.elapsed();
    let invalid = read.records.iter().filter(|r| !r.valid).count();
    println!(
        "{}: {} bytes written in {:.2} s; read_keyed: {} records ({} invalid, {} problems) in {:.2} s, {:.0} records/s, {:.1} MB/s",
        path.display(),
        bytes.len(),
        written.as_secs_f64(),
        read.records.len(),
        invalid,
        read.problems.len(),
        took.as_secs_f64(),
        read.records.len() as f64 / took.as_secs_f64(),
        bytes.len() as f64 / took.as_secs_f64() / 1e6
    );
    Ok(())
}
