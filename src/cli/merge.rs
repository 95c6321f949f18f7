//! `gbr merge`.

use std::process::ExitCode;

/// Arguments of `gbr merge`.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// Runs `gbr merge`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("gbr merge is being built")
}
