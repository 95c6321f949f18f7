//! `gbr merge`: k-way merge of sorted directories into one, streaming.

use std::fs::File;
use std::io::{self, BufRead};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::directory::Order;
use gbrscan::directory::merge::{MergeInput, merge};
use gbrscan::saved::columns::SavedFormat;
use gbrscan::saved::read::{self, DirectoryReader};

use crate::cli::atomic::Output;
use crate::cli::choice::choice;

/// Arguments of `gbr merge`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Sorted directories, as `gbr index` or `gbr merge` saved them (tsv or jsonl, all sorted
    /// the same way); `-` for standard input.
    #[arg(required = true, value_name = "DIRECTORY")]
    inputs: Vec<PathBuf>,
    /// Write the merged directory to FILE, replacing it only when complete (`-`: standard
    /// output).
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Output format [default: from the extension of -o (.tsv .jsonl), else the first input's].
    #[arg(long, value_parser = choice::<SavedFormat>())]
    format: Option<SavedFormat>,
}

fn open(path: &Path) -> anyhow::Result<MergeInput<Box<dyn BufRead>>> {
    let name = gbrscan::source_path::shown(path).to_string();
    let input: Box<dyn BufRead> = if path == Path::new("-") {
        Box::new(read::decoded(io::stdin().lock()))
    } else {
        let file = File::open(path).with_context(|| format!("cannot open {name}"))?;
        Box::new(read::decoded(file))
    };
    let reader = DirectoryReader::new(input).with_context(|| name.clone())?;
    Ok(MergeInput { name, reader })
}

fn choose(args: &Args, inputs: &[MergeInput<Box<dyn BufRead>>]) -> anyhow::Result<SavedFormat> {
    if let Some(format) = args.format {
        return Ok(format);
    }
    if let Some(path) = &args.output
        && path.extension().is_some()
    {
        return gbrscan::render::Format::from_extension(path)
            .and_then(|f| f.saved())
            .with_context(|| {
                format!(
                    "{} names neither tsv nor jsonl, the formats merge writes; give --format",
                    gbrscan::source_path::shown(path)
                )
            });
    }
    Ok(inputs
        .iter()
        .find_map(|i| i.reader.header().map(|h| h.format))
        .unwrap_or(SavedFormat::Tsv))
}

/// Runs `gbr merge`: exit 0 when entries were written, 1 when the inputs held none.
pub fn run(mut args: Args) -> anyhow::Result<ExitCode> {
    // `-o -` is standard output, for the choice of format and the terminal check too.
    args.output = args.output.filter(|p| !crate::cli::atomic::is_stdout(p));
    let inputs = args
        .inputs
        .iter()
        .map(|p| open(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let format = choose(&args, &inputs)?;
    let mut out = Output::create(args.output.as_deref())?;
    let written = merge(inputs, format, Order::Code, &mut out)?;
    out.finish()?;
    Ok(if written == 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
