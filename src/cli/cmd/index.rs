//! `gbr index`: scan like `gbr scan` (or read its saved `--json` output) and write the sorted
//! look-up directory.

use std::fs::File;
use std::io::{self, IsTerminal};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::choice::Choice as _;
use gbrscan::directory::spill::SpillSort;
use gbrscan::directory::{DuplicateOptions, Order};
use gbrscan::render::{Format, Listing};
use gbrscan::render::{Layout, Paper, Print, without_board};
use gbrscan::saved::read;
use gbrscan::scan::ScanEvent;
use gbrscan::{Rank, Record};

use crate::cli::atomic::Output;
use crate::cli::choice::choice;
use crate::cli::choose_format::choose_format;
use crate::cli::inputs::{InputArgs, Needs, parse_size, scan_paths};

mod tally;

use tally::Tally;

/// Arguments of `gbr index`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Read saved `gbr scan --json` output (JSON Lines) instead of scanning, `-` for standard
    /// input; a saved directory (tsv, jsonl) is read too, to write it in another format.
    #[arg(long, value_name = "FILE", conflicts_with = "paths")]
    from: Option<PathBuf>,
    /// Output format [default: from the extension of -o (.txt .tsv .csv .jsonl .html .pgn
    /// .epd .xlsx .md .typ .tex), else text].
    #[arg(long, value_parser = choice::<Format>())]
    format: Option<Format>,
    /// Sort wins first, then draws, then the rest, as printed books do.
    #[arg(long, value_parser = choice::<Order>(), default_value = Order::Code.name())]
    group_by: Order,
    /// Take only codes whose form carries at least this much to check, as `gbr scan`
    /// (a bare code is found at all only with chess near it or in its source:
    /// docs/reading.md).
    #[arg(long, value_parser = choice::<Rank>(), default_value = Rank::Bare.name())]
    min_rank: Rank,
    /// Leave out codes that fail a check.
    #[arg(long)]
    valid_only: bool,
    /// List only positions found in more than one place (same code and kings, same squares
    /// where both give them), a group each with all its references.
    #[arg(long, conflicts_with = "group_by")]
    duplicates: bool,
    /// With --duplicates: only positions found in two or more different files.
    #[arg(long, requires = "duplicates")]
    across_sources: bool,
    /// With --duplicates: add near matches, the same kings with codes one digit apart.
    #[arg(long, requires = "duplicates")]
    near: bool,
    /// Write the directory to FILE, replacing it only when complete (`-`: standard
    /// output).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Memory for the entries being sorted (512M, 1G, 2.5G...): beyond it sorted runs go to
    /// temporary files and are merged (tsv and jsonl output) [default: a quarter of the
    /// memory this process may use: the least of the machine's, its control group's limit
    /// and its address-space limit; at least 16M].
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    memory: Option<u64>,
    /// When an input cannot be read, report it and write the directory from the rest (exit
    /// status 0 once written, so that `&&` goes on), instead of writing nothing (status 2).
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    print: PrintArgs,
    /// The Syzygy tables: each entry's whole position probed, its verdict in the `tablebase`
    /// and `dtz` fields.
    #[command(flatten)]
    tables: crate::cli::tablebase::TablebaseArgs,
}

/// The print settings of `gbr index` (docs/printing.md).
#[derive(Debug, clap::Args)]
pub struct PrintArgs {
    /// Layout of text, html, markdown, typst and latex.
    #[arg(long, value_parser = choice::<Layout>(), default_value = Layout::Full.name())]
    layout: Layout,
    /// Entries per line of the compact layout (text, html, markdown), or columns per page
    /// (typst, latex).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..=12))]
    columns: u16,
    /// Title of the printed formats (html, text compact, markdown, typst, latex).
    #[arg(long)]
    title: Option<String>,
    /// Paper of html, typst and latex [default: a4].
    #[arg(long, value_parser = choice::<Paper>())]
    paper: Option<Paper>,
    /// Draw each full position as a small board (html); other entries show their material.
    #[arg(long)]
    diagrams: bool,
    /// Render html, markdown, typst or latex with this template instead of the built-in one
    /// (minijinja; the variables are in docs/printing.md).
    #[arg(long, value_name = "FILE")]
    template: Option<PathBuf>,
}

impl PrintArgs {
    /// The library's print settings; reads the template file.
    fn print(&self, format: Format) -> anyhow::Result<Print> {
        let template = match &self.template {
            None => None,
            Some(path) => {
                if !matches!(
                    format,
                    Format::Html | Format::Markdown | Format::Typst | Format::Latex
                ) {
                    anyhow::bail!(
                        "--template applies to html, markdown, typst and latex, not {}",
                        format.name()
                    );
                }
                Some(std::fs::read_to_string(path).with_context(|| {
                    format!(
                        "cannot read the template {}",
                        gbrscan::source_path::shown(path)
                    )
                })?)
            }
        };
        if self.diagrams && format != Format::Html {
            anyhow::bail!("--diagrams applies to html, not {}", format.name());
        }
        if self.layout == Layout::Compact
            && !matches!(
                format,
                Format::Text | Format::Html | Format::Markdown | Format::Typst | Format::Latex
            )
        {
            anyhow::bail!(
                "--layout compact applies to text, html, markdown, typst and latex, not {}",
                format.name()
            );
        }
        Ok(Print {
            title: self.title.clone(),
            paper: self.paper,
            layout: self.layout,
            columns: usize::from(self.columns),
            diagrams: self.diagrams,
            template,
        })
    }
}

/// Every record of every input, in input order, to `keep` in blocks, merged a book at a time
/// ([`gbrscan::copies::merge::Books`]); returns how many inputs (or members, or pages) could
/// not be read. An error when some could not and `keep_going` is off, so that no incomplete
/// directory is written. `scan_paths` has already reported each problem on stderr. `output`,
/// the file being written, is never read.
fn scan(
    input: &InputArgs,
    output: Option<&Path>,
    keep_going: bool,
    tally: &mut Tally,
    mut keep: impl FnMut(Vec<Record>) -> anyhow::Result<()> + Send,
) -> anyhow::Result<u64> {
    let mut failed = None;
    let mut config = input.config()?;
    config.walk.leave_out.extend(output.map(Path::to_path_buf));
    let summary = scan_paths(&config, input.messages(), Needs::Everything, |event| {
        // The books a batch ends (an archive's members), merged, in order, in blocks.
        let mut done = Vec::new();
        match event {
            ScanEvent::Records { records, .. } => {
                for record in tally.studies(records) {
                    done.extend(tally.push(record).into_iter().flatten());
                }
            }
            ScanEvent::Done(_) => done = tally.finish(),
        }
        for block in done {
            if let Err(err) = keep(block) {
                failed = Some(err);
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    })?;
    if let Some(err) = failed {
        return Err(err);
    }
    if summary.had_error && !keep_going {
        anyhow::bail!(
            "{} input(s) could not be read; the directory was not written (--keep-going \
             writes it from the rest)",
            summary.errors
        );
    }
    Ok(summary.errors)
}

/// The records of `--from`: saved `gbr scan --json` output, without the examples of the
/// notation and merged a book at a time as a scan is ([`gbrscan::copies::merge::Books`]); or a
/// saved directory, read back as it was written (its books were merged when it was written,
/// and are not merged again).
fn read_from(path: &Path, tally: &mut Tally) -> anyhow::Result<Vec<Vec<Record>>> {
    let context = || format!("cannot read {}", gbrscan::source_path::shown(path));
    let saved = if path == Path::new("-") {
        read::saved(read::decoded(io::stdin().lock())).with_context(context)?
    } else {
        let file = File::open(path).with_context(context)?;
        read::saved(read::decoded(file)).with_context(context)?
    };
    if saved.directory.is_some() {
        return Ok(vec![saved.records]);
    }
    let mut out = Vec::new();
    for record in tally.studies(saved.records) {
        out.extend(tally.push(record).into_iter().flatten());
    }
    out.extend(tally.finish());
    Ok(out)
}

/// Writes the directory held in memory in `format`, or its duplicates listing
/// (`--duplicates`); true when it has entries. PGN and EPD leave out, and count on stderr, the
/// entries without a full position.
fn write_listing(
    args: &Args,
    directory: &gbrscan::Directory,
    format: Format,
    print: &Print,
) -> anyhow::Result<bool> {
    let listing = if args.duplicates {
        let options = DuplicateOptions {
            across_sources: args.across_sources,
            near: args.near,
        };
        Listing::duplicates_with(directory, options)
    } else {
        Listing::directory(directory)
    };
    if matches!(format, Format::Pgn | Format::Epd) {
        let skipped = without_board(&listing);
        if skipped > 0 {
            eprintln!(
                "gbr: {skipped} of {} entries without a full position skipped ({} needs every \
                 square)",
                listing.len(),
                format.name()
            );
        }
    }
    let mut out = Output::create(args.output.as_deref())?;
    format
        .write_with(&listing, print, &mut out)
        .context("cannot write the directory")?;
    out.finish()?;
    Ok(!listing.is_empty())
}

/// Runs `gbr index`: exit 0 when entries were written, 1 when there were none.
pub fn run(mut args: Args) -> anyhow::Result<ExitCode> {
    // `-o -` is standard output, for the choice of format and the terminal check too.
    args.output = args.output.filter(|p| !crate::cli::atomic::is_stdout(p));
    let order = args.group_by;
    let format = choose_format(args.format, args.output.as_deref(), Format::Text)?;
    let print = args.print.print(format)?;
    if format.is_binary() && args.output.is_none() && io::stdout().is_terminal() {
        anyhow::bail!("{} is a binary format; give -o FILE", format.name());
    }
    // Sorted runs can be merged straight into the formats that are written a row at a time;
    // the others (and duplicates listings) are built in memory.
    let streamed = format.saved().filter(|_| !args.duplicates);
    let budget = match streamed {
        Some(_) => args
            .memory
            .unwrap_or_else(crate::cli::memory::default_budget),
        None => u64::MAX,
    };
    let mut sort = SpillSort::new(order, usize::try_from(budget).unwrap_or(usize::MAX));
    let valid_only = args.valid_only;
    let min_rank = args.min_rank;
    let mut tables_failed = false;
    let tables = args.tables.open(&mut tables_failed)?;
    let mut kept = 0u64;
    let mut keep = |mut block: Vec<Record>| -> anyhow::Result<()> {
        block.retain(|r| r.rank >= min_rank && (!valid_only || r.valid));
        if let Some(tables) = &tables {
            block.iter_mut().for_each(|r| r.probe(tables));
        }
        kept += block.len() as u64;
        sort.extend(block)?;
        Ok(())
    };
    let mut tally = Tally::new(budget);
    let failed = match &args.from {
        Some(path) => {
            read_from(path, &mut tally)?
                .into_iter()
                .try_for_each(&mut keep)?;
            0
        }
        None => {
            let output = args.output.as_deref();
            scan(&args.input, output, args.keep_going, &mut tally, &mut keep)?
        }
    };
    tally.report();
    let written = match sort.in_memory() {
        Some(directory) => write_listing(&args, &directory, format, &print)?,
        None => {
            // Spilled, so the budget was finite, so the format is one of `streamed`.
            let saved = streamed.context("sorted runs can only be merged into tsv or jsonl")?;
            let mut out = Output::create(args.output.as_deref())?;
            let written = sort.merge_into(saved, &mut out)?;
            out.finish()?;
            written > 0
        }
    };
    // With --keep-going the run asked for a directory from what can be read: it was written,
    // so the status is that of a complete run (0, or 1 for no entry), and `&&` goes on; the
    // inputs left out are named above and counted here (docs/inputs.md).
    if failed > 0 {
        eprintln!(
            "gbr: the directory was written from {kept} records; {failed} input(s) could not \
             be read (listed above) and are missing from it"
        );
    }
    // A table that failed is said, and the run's status is an error's, the directory written.
    if crate::cli::tablebase::report_failures(tables.as_deref()) || tables_failed {
        return Ok(ExitCode::from(2));
    }
    Ok(if written {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
