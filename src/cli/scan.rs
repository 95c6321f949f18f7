//! `gbr scan`.

use std::process::ExitCode;

/// Arguments of `gbr scan`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `gbr scan`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("gbr scan is being built")
}
