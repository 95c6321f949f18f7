//! `gbr index`: scan like `gbr scan` (or read its saved `--json` output) and write the sorted
//! look-up directory (issue #4).

use std::fs::File;
use std::io::{self, BufReader, IsTerminal};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::Record;
use gbrscan::directory::format::without_board;
use gbrscan::directory::format::{Layout, Paper, Print};
use gbrscan::directory::{Directory, DuplicateOptions, Format, Listing, Order, read};
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
    /// Output format [default: from the extension of -o (.txt .tsv .csv .jsonl .html .pgn
    /// .epd .xlsx .md .typ .tex), else text].
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
    /// With --duplicates: only positions found in two or more different files.
    #[arg(long, requires = "duplicates")]
    across_sources: bool,
    /// With --duplicates: add near matches, the same kings with codes one digit apart.
    #[arg(long, requires = "duplicates")]
    near: bool,
    /// Write the directory to FILE, replacing it only when complete.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    #[command(flatten)]
    print: PrintArgs,
}

/// `--layout`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LayoutArg {
    /// Every field of every entry (text, html).
    Full,
    /// The books' style: `code kings` per entry, in columns, a heading per group.
    Compact,
}

/// `--paper`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PaperArg {
    /// ISO A4.
    A4,
    /// US Letter.
    Letter,
}

/// The print settings of `gbr index` (docs/printing.md).
#[derive(Debug, clap::Args)]
pub struct PrintArgs {
    /// Layout of text and html.
    #[arg(long, value_enum, default_value_t = LayoutArg::Full)]
    layout: LayoutArg,
    /// Entries per line of the compact layout.
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u16).range(1..=12))]
    columns: u16,
    /// Title of the printed formats (html, text compact, markdown, typst, latex).
    #[arg(long)]
    title: Option<String>,
    /// Paper of html's print layout, typst and latex [default: a4].
    #[arg(long, value_enum)]
    paper: Option<PaperArg>,
    /// Draw each full position as a small board (html); other entries show their material.
    #[arg(long)]
    diagrams: bool,
    /// Render markdown, typst or latex with this template instead of the built-in one
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
                if !matches!(format, Format::Markdown | Format::Typst | Format::Latex) {
                    anyhow::bail!(
                        "--template applies to markdown, typst and latex, not {}",
                        format.name()
                    );
                }
                Some(
                    std::fs::read_to_string(path)
                        .with_context(|| format!("cannot read the template {}", path.display()))?,
                )
            }
        };
        if self.diagrams && format != Format::Html {
            anyhow::bail!("--diagrams applies to html, not {}", format.name());
        }
        if self.layout == LayoutArg::Compact && !matches!(format, Format::Text | Format::Html) {
            anyhow::bail!(
                "--layout compact applies to text and html, not {}",
                format.name()
            );
        }
        Ok(Print {
            title: self.title.clone(),
            paper: self.paper.map(|p| match p {
                PaperArg::A4 => Paper::A4,
                PaperArg::Letter => Paper::Letter,
            }),
            layout: match self.layout {
                LayoutArg::Full => Layout::Full,
                LayoutArg::Compact => Layout::Compact,
            },
            columns: usize::from(self.columns),
            diagrams: self.diagrams,
            template,
        })
    }
}

/// Every record of every input, in input order; an error when some input could not be read,
/// so that no incomplete directory is written. `scan_paths` has already reported each problem
/// on stderr.
fn scan(input: &InputArgs) -> anyhow::Result<Vec<Record>> {
    let mut records = Vec::new();
    let summary = scan_paths(input, |event| {
        if let ScanEvent::Records { records: found, .. } = event {
            records.extend(found);
        }
        ControlFlow::Continue(())
    })?;
    if summary.had_error {
        anyhow::bail!(
            "{} input(s) could not be read; the directory was not written",
            summary.errors
        );
    }
    Ok(records)
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
    let mut records = match &args.from {
        Some(path) => read_from(path)?,
        None => scan(&args.input)?,
    };
    if args.valid_only {
        records.retain(|r| r.valid);
    }
    let order = match args.group_by {
        GroupBy::None => Order::Code,
        GroupBy::Stipulation => Order::Stipulation,
    };
    let directory = Directory::new(records, order).context("cannot sort the entries")?;
    let listing = if args.duplicates {
        let options = DuplicateOptions {
            across_sources: args.across_sources,
            near: args.near,
        };
        Listing::duplicates_with(&directory, options)
    } else {
        Listing::directory(&directory)
    };
    let format = choose_format(args.format, args.output.as_deref(), Format::Text)?;
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
    let print = args.print.print(format)?;
    if format.is_binary() && args.output.is_none() && std::io::stdout().is_terminal() {
        anyhow::bail!("{} is a binary format; give -o FILE", format.name());
    }
    let mut out = Output::create(args.output.as_deref())?;
    format
        .write_with(&listing, &print, &mut out)
        .context("cannot write the directory")?;
    out.finish()?;
    Ok(if listing.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
