//! `gbr lookup`: query a saved directory without rescanning.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::directory::lookup::{Query, SavedDirectory, check_fresh};
use gbrscan::directory::{Directory, Format, Listing};
use gbrscan::input::{InputPath, LoadOptions, load};

use super::atomic::Output;
use super::directory_io::FormatArg;
use super::lookup_position::{Asked, by_position};

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
    /// Look up a whole position given as a FEN or EPD: the exact position first, then the same
    /// code and kings, then the same code.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["query", "kings", "position"])]
    fen: Option<String>,
    /// Look up a whole position given in GBR (`'a7d3 0116.00 b2b3c6d6'`), as --fen does.
    #[arg(long, value_name = "POSITION", conflicts_with_all = ["query", "kings"])]
    position: Option<String>,
    /// With --fen or --position: also find the left-right mirror (and, without pawns, the other
    /// seven symmetries of the board) and the colour-reversed position, labelled as such.
    #[arg(long)]
    mirror: bool,
}

/// Runs `gbr lookup`: exit 0 when entries were found, 1 when none (saying so on stderr).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = gbrscan::source_path::shown(&args.directory).to_string();
    let options = LoadOptions {
        mmap: true,
        binary: true,
    };
    if args.fen.is_some() || args.position.is_some() {
        let loaded = load(&InputPath::File(args.directory.clone()), options)?;
        let saved = SavedDirectory::new(&loaded.bytes).with_context(|| name.clone())?;
        let asked = Asked {
            fen: args.fen.as_deref(),
            position: args.position.as_deref(),
            mirror: args.mirror,
            json: args.format == FormatArg::Jsonl,
            valid_only: args.valid_only,
        };
        if !matches!(args.format, FormatArg::Text | FormatArg::Jsonl) {
            anyhow::bail!("a lookup by --fen or --position writes text or jsonl");
        }
        return by_position(&asked, &saved, &name);
    }
    if args.mirror {
        anyhow::bail!("--mirror needs a position: --fen or --position");
    }
    let query = Query::parse(args.query.as_deref(), args.kings.as_deref())
        .context("cannot read the query")?;
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
    if listing.is_empty() {
        let what = [args.query.as_deref(), args.kings.as_deref()]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(" ");
        eprintln!(
            "gbr: no entry for {what} in {} entries of {name}",
            saved.entry_count()
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
