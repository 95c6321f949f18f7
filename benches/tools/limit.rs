//! The speed limits `benches/compare.sh` measures gbr against: a byte count over a
//! memory-mapped file, split between the threads of the rayon pool (the loop vectorises), and
//! `read()` of every file of a tree with the same threads, each reading its next file into the
//! buffer of its last (`input::recycle`, as gbr reads a tree).
//!
//! ```sh
//! cargo run --release --example limit -- count bench-data/big.txt
//! cargo run --release --example limit -- read bench-data/tree
//! ```
//! Prints the number of line feeds, so the work cannot be optimised away.

use gbrscan::input::{InputPath, LoadOptions, load, recycle, walk};
use rayon::prelude::*;

fn count(bytes: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', bytes).count()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (mode, path) = (
        args.next().unwrap_or_default(),
        args.next().unwrap_or_default(),
    );
    let newlines: usize = match mode.as_str() {
        "count" => {
            // Mapping is the program's choice (`enable_mmap`, as `gbr`'s main makes it): without
            // it the file would be read into memory, and the count would time the read.
            // SAFETY: the benchmark's files are not changed while it runs; the guard makes a
            // truncation read as zeros.
            #[allow(unsafe_code)]
            let mapped = unsafe { gbrscan::input::enable_mmap() };
            assert!(mapped, "the byte count needs a memory map");
            let options = LoadOptions {
                mmap: true,
                binary: true,
                encoding: None,
            };
            let loaded = load(&InputPath::File(path.into()), options).expect("a readable file");
            loaded.bytes.par_chunks(1 << 20).map(count).sum()
        }
        "read" => walk(&[path.into()])
            .inputs
            .par_iter()
            .map(|input| {
                let options = LoadOptions {
                    mmap: false,
                    binary: true,
                    encoding: None,
                };
                load(input, options).map_or(0, |l| {
                    let n = count(&l.bytes);
                    recycle(l.bytes);
                    n
                })
            })
            .sum(),
        _ => panic!("usage: limit count FILE | limit read FOLDER"),
    };
    println!("{newlines}");
}
