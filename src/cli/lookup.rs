//! `gbr lookup`.

use std::process::ExitCode;

/// Arguments of `gbr lookup`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `gbr lookup`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("gbr lookup is being built")
}
