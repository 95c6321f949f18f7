//! `gbr lookup`: query a saved directory without rescanning (issue #4).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::directory::lookup::{Query, SavedDirectory, check_fresh};
use gbrscan::directory::{Directory, Format, Listing};
use gbrscan::input::{InputPath, LoadOptions, load};

use super::atomic::Output;
use super::directory_io::FormatArg;

/// Arguments of `gbr lookup`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A directory saved by `gbr index` or `gbr merge` as tsv or jsonl.
    directory: PathBuf,
    /// A code (0323.12; 0323 means no pawns), a pattern with ? for any digit (03??.1?), or a
    /// material (KRBvKNN, or 'wR wB v bN bN' in quotes).
    query: Option<String>,
    /// Only entries with these kings, white's first (a7d3); without a query, of every code.
    #[arg(long, value_name = "SQUARES")]
    kings: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FormatArg::Text)]
    format: FormatArg,
    /// Leave out codes that fail a check.
    #[arg(long)]
    valid_only: bool,
}

/// Runs `gbr lookup`: exit 0 when entries were found, 1 when none.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let query = Query::parse(args.query.as_deref(), args.kings.as_deref())
        .context("cannot read the query")?;
    let name = args.directory.display().to_string();
    let options = LoadOptions {
        mmap: true,
        binary: true,
    };
    let loaded = load(&InputPath::File(args.directory.clone()), options)?;
    let saved = SavedDirectory::new(&loaded.bytes).with_context(|| name.clone())?;
    let mut found = saved.lookup(&query).with_context(|| name.clone())?;
    check_fresh(&args.directory, &found)?;
    if args.valid_only {
        found.retain(|r| r.valid);
    }
    let directory = Directory::new(found, saved.order()).with_context(|| name.clone())?;
    let listing = Listing::directory(&directory);
    let mut out = Output::create(None)?;
    Format::from(args.format)
        .write(&listing, &mut out)
        .context("cannot write the entries found")?;
    out.finish()?;
    Ok(if listing.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
