//! `gbr`: the command-line tool over the gbrscan library. Terminal matters (arguments,
//! progress bar, exit codes, broken pipes) live here; the library knows nothing of them.

mod cli;

use std::process::ExitCode;

use clap::Parser;

/// mimalloc rather than the system allocator: the scanner makes a dozen small strings per code
/// on the worker threads and the printer frees them on the main thread, a pattern glibc's
/// malloc serves slowly (about a tenth of `gbr scan`'s time on the bench corpus).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::Cli::parse();
    match cli::run(args) {
        Ok(code) => code,
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("gbr: {err:#}");
            ExitCode::from(2)
        }
    }
}
