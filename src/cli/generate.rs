//! `gbr --generate KIND`: shell completions (clap_complete) and the man page (clap_mangen),
//! written to stdout, as ripgrep's `--generate` does.

use std::io::{self, Write};
use std::process::ExitCode;

use clap::CommandFactory;
use clap_complete::Shell;

use super::Cli;

/// What `--generate` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Completions for bash: `gbr --generate complete-bash > /etc/bash_completion.d/gbr`.
    CompleteBash,
    /// Completions for zsh, a `_gbr` file for a folder on `$fpath`.
    CompleteZsh,
    /// Completions for fish: `~/.config/fish/completions/gbr.fish`.
    CompleteFish,
    /// The man page, in roff: `gbr --generate man > gbr.1; man ./gbr.1`.
    Man,
}

/// Writes `kind` to stdout: exit 0.
///
/// # Errors
/// Writing to stdout failed (a closed pipe is reported as success by `main`).
pub fn run(kind: Kind) -> anyhow::Result<ExitCode> {
    let mut command = Cli::command();
    let mut out = io::stdout().lock();
    let shell = match kind {
        Kind::CompleteBash => Shell::Bash,
        Kind::CompleteZsh => Shell::Zsh,
        Kind::CompleteFish => Shell::Fish,
        Kind::Man => {
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    clap_complete::generate(shell, &mut command, "gbr", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
