//! `gbr decode`.

use std::process::ExitCode;

/// Arguments of `gbr decode`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `gbr decode`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("gbr decode is being built")
}
