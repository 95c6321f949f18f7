//! `gbr --generate KIND`: shell completions (clap_complete) and the man page (clap_mangen),
//! written to stdout, as ripgrep's `--generate` does.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context as _;

use clap_complete::Shell;

use crate::cli::atomic::Output;

/// What `--generate` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Kind {
    /// Completions for bash: `gbr --generate complete-bash > /etc/bash_completion.d/gbr`.
    CompleteBash,
    /// Completions for zsh, a `_gbr` file for a folder on `$fpath`.
    CompleteZsh,
    /// Completions for fish: `~/.config/fish/completions/gbr.fish`.
    CompleteFish,
    /// The man page, in roff: `gbr --generate man > gbr.1; man ./gbr.1`. With
    /// `--out-dir DIR`, a page for `gbr` and one for each subcommand (`gbr-scan.1`...) in DIR.
    Man,
}

/// Writes `kind` to stdout, or the man pages into `out_dir` (each replaced atomically, its
/// path then printed on a line of stdout): exit 0.
///
/// # Errors
/// Writing to stdout or a page failed (a closed pipe is reported as success by `main`);
/// `out_dir` given with a kind other than `man`.
pub fn run(kind: Kind, out_dir: Option<&Path>) -> anyhow::Result<ExitCode> {
    let mut command = crate::cli::command();
    let mut out = io::stdout().lock();
    let shell = match (kind, out_dir) {
        (Kind::Man, Some(dir)) => {
            for path in man_pages(command, dir)? {
                writeln!(out, "{}", gbrscan::source_path::shown(&path))?;
            }
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        (Kind::Man, None) => {
            clap_mangen::Man::new(command).render(&mut out)?;
            out.flush()?;
            return Ok(ExitCode::SUCCESS);
        }
        (_, Some(_)) => anyhow::bail!("--out-dir is for --generate man only"),
        (Kind::CompleteBash, None) => Shell::Bash,
        (Kind::CompleteZsh, None) => Shell::Zsh,
        (Kind::CompleteFish, None) => Shell::Fish,
    };
    clap_complete::generate(shell, &mut command, "gbr", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Writes `gbr.1` and a page for each subcommand (`gbr-scan.1`, `gbr-check.1`...) into `dir`,
/// creating it, each file replaced atomically; returns the paths written, `gbr.1` first.
fn man_pages(mut command: clap::Command, dir: &Path) -> anyhow::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create {}", gbrscan::source_path::shown(dir)))?;
    // Built, so that each subcommand's page is named and titled `gbr-scan`.
    command = command.disable_help_subcommand(true);
    command.build();
    let pages = std::iter::once(command.clone()).chain(
        command
            .get_subcommands()
            .filter(|sub| !sub.is_hide_set())
            .cloned(),
    );
    let mut written = Vec::new();
    for page in pages {
        let man = clap_mangen::Man::new(page);
        let path = dir.join(man.get_filename());
        let mut file = Output::create(Some(&path))?;
        man.render(&mut file)
            .with_context(|| format!("cannot write {}", gbrscan::source_path::shown(&path)))?;
        file.finish()?;
        written.push(path);
    }
    Ok(written)
}
