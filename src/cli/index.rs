//! `gbr index`.

use std::process::ExitCode;

/// Arguments of `gbr index`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `gbr index`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("gbr index is being built")
}
