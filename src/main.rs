//! `gbr`: the command-line tool over the gbrscan library. Terminal matters (arguments,
//! progress bar, exit codes, broken pipes) live here; the library knows nothing of them.

// As in the library: the one unsafe call of the binary is allowed where it stands.
#![deny(unsafe_code)]

mod cli;

use std::process::ExitCode;

/// mimalloc rather than the system allocator: a code's record is made on one thread and freed
/// by whichever worker prints it, and a directory holds millions of records. 10 million
/// entries sorted and written as TSV took 13 s with glibc's malloc, 8 s with mimalloc
/// (`benches/tools/directory_sort.rs`); `gbr scan` gains less (docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let args = cli::parse();
    // Panics are caught at the input they happen in and reported once, by the run, with the
    // input and the byte (docs/reliability.md, "Fault isolation"): none prints a trace.
    gbrscan::fault::install_quiet_hook();
    // SAFETY: this program owns its SIGBUS handling and installs no other handler; mapped
    // files are read as plain bytes, and one truncated while mapped reads as zeros past its end
    // and is reported as changed (src/input/map/). `--no-mmap` reads every file instead.
    #[allow(unsafe_code)]
    let _mapped = unsafe { gbrscan::input::enable_mmap() };
    match gbrscan::fault::catch(|| cli::run(args)) {
        Ok(Ok(code)) => code,
        Ok(Err(err)) if cli::is_broken_pipe(&err) => ExitCode::SUCCESS,
        Ok(Err(err)) => {
            eprintln!("gbr: {}", cli::errors::message(&err));
            ExitCode::from(2)
        }
        Err(fault) => {
            eprintln!("gbr: internal error: {fault}; please report it");
            ExitCode::from(2)
        }
    }
}
