//! `gbr`: the command-line tool over the gbrscan library. Terminal matters (arguments,
//! progress bar, exit codes, broken pipes) live here; the library knows nothing of them.

mod cli;

use std::process::ExitCode;

use clap::Parser;

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
