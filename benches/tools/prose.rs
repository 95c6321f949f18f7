//! Writes chess-free prose with numbers (dictionary entries, changelogs, price lists: see
//! `tests/it/support/prose.rs`) to measure the evidence rules of bare codes on: `gbr index` of it
//! must have no entry (docs/reading.md, "Bare codes").
//!
//! ```sh
//! cargo run --release --example prose -- 1GiB prose.txt
//! gbr index prose.txt   # exit 1: no entry
//! ```

#[path = "../../tests/it/support/prose.rs"]
mod prose;

use std::io::{BufWriter, Write};

fn main() -> std::io::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let (Some(size), Some(out)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: prose SIZE OUT (SIZE in bytes, or with KiB, MiB, GiB)");
        std::process::exit(2);
    };
    let (digits, unit) = size.split_at(
        size.find(|c: char| !c.is_ascii_digit())
            .unwrap_or(size.len()),
    );
    let shift = match unit {
        "" => 0,
        "KiB" => 10,
        "MiB" => 20,
        "GiB" => 30,
        _ => {
            eprintln!("unknown unit {unit:?}");
            std::process::exit(2);
        }
    };
    let total: u64 = digits.parse::<u64>().expect("a size") << shift;
    let mut file = BufWriter::new(std::fs::File::create(out)?);
    let mut written = 0u64;
    let mut seed = 1u64;
    while written < total {
        // Pieces of 1 MiB from successive seeds: the same arguments give the same bytes.
        let piece = prose::prose(seed, 1 << 20);
        file.write_all(piece.as_bytes())?;
        written += piece.len() as u64;
        seed += 1;
    }
    file.flush()
}
