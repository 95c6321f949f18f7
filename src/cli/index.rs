//! `gbr index`: scan like `gbr scan` (or read its saved `--json` output) and write the sorted
//! look-up directory (issue #4).

use std::fs::File;
use std::io::{self, BufReader};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::Record;
use gbrscan::directory::{Directory, Format, Listing, Order, read};
use gbrscan::scan::ScanEvent;

use super::common::{InputArgs, scan_paths};
use super::directory_io::{FormatArg, Output, choose_format};

/// `--group-by`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum GroupBy {
    /// One sequence: code, kings, squares, W/B, stipulation, path, offset.
    None,
    /// Wins first, then draws, then the rest, each in that order, as printed books do.
    Stipulation,
}

/// Arguments of `gbr index`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Read saved `gbr scan --json` output (JSON Lines) instead of scanning, `-` for standard
    /// input; a saved directory (tsv, jsonl) is read too, to write it in another format.
    #[arg(long, value_name = "FILE", conflicts_with = "paths")]
    from: Option<PathBuf>,
    /// Output format [default: from the extension of -o (.txt .tsv .csv .jsonl .html), else
    /// text].
    #[arg(long, value_enum)]
    format: Option<FormatArg>,
    /// Sort wins first, then draws, then the rest, as printed books do.
    #[arg(long, value_enum, default_value_t = GroupBy::None)]
    group_by: GroupBy,
    /// Leave out codes that fail a check.
    #[arg(long)]
    valid_only: bool,
    /// List only positions found in more than one place (same code and kings, same squares
    /// where both give them), a group each with all its references.
    #[arg(long, conflicts_with = "group_by")]
    duplicates: bool,
    /// Write the directory to FILE, replacing it only when complete.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// When an input cannot be read, report it and write the directory from the rest (exit
    /// status 2), instead of writing nothing.
    #[arg(long)]
    keep_going: bool,
}

/// Every record of every input, in input order, and how many inputs (or members, or pages)
/// could not be read; an error when some could not and `keep_going` is off, so that no
/// incomplete directory is written. `scan_paths` has already reported each problem on stderr.
fn scan(input: &InputArgs, keep_going: bool) -> anyhow::Result<(Vec<Record>, u64)> {
    let mut records = Vec::new();
    let summary = scan_paths(input, |event| {
        if let ScanEvent::Records { records: found, .. } = event {
            records.extend(found);
        }
        ControlFlow::Continue(())
    })?;
    if summary.had_error && !keep_going {
        anyhow::bail!(
            "{} input(s) could not be read; the directory was not written (--keep-going \
             writes it from the rest)",
            summary.errors
        );
    }
    Ok((records, summary.errors))
}

fn read_from(path: &Path) -> anyhow::Result<Vec<Record>> {
    let context = || format!("cannot read {}", path.display());
    if path == Path::new("-") {
        return read::records(io::stdin().lock()).with_context(context);
    }
    let file = File::open(path).with_context(context)?;
    read::records(BufReader::with_capacity(1 << 16, file)).with_context(context)
}

/// Runs `gbr index`: exit 0 when entries were written, 1 when there were none.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (mut records, failed) = match &args.from {
        Some(path) => (read_from(path)?, 0),
        None => scan(&args.input, args.keep_going)?,
    };
    if args.valid_only {
        records.retain(|r| r.valid);
    }
    let records_len = records.len();
    let order = match args.group_by {
        GroupBy::None => Order::Code,
        GroupBy::Stipulation => Order::Stipulation,
    };
    let directory = Directory::new(records, order).context("cannot sort the entries")?;
    let listing = if args.duplicates {
        Listing::duplicates(&directory)
    } else {
        Listing::directory(&directory)
    };
    let format = choose_format(args.format, args.output.as_deref(), Format::Text);
    let mut out = Output::create(args.output.as_deref())?;
    format
        .write(&listing, &mut out)
        .context("cannot write the directory")?;
    out.finish()?;
    if failed > 0 {
        eprintln!(
            "gbr: the directory was written from {} records; {failed} input(s) could not be \
             read (listed above) and are missing from it",
            records_len
        );
        return Ok(ExitCode::from(2));
    }
    Ok(if listing.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
