//! `gbr scan`: every code in the inputs, one line (or message, or row) each, in input order.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context as _;
use gbrscan::input::OpenOptions;
use gbrscan::scan::ScanEvent;
use gbrscan::{Rank, Record};

use crate::cli::choice::choice;
use crate::cli::inputs::{self, InputArgs, Needs};
use gbrscan::render::scan::text::{Styles, write_styled};
use gbrscan::render::scan::{Printer, ScanFormat};
use gbrscan::scan::message::Summary;

/// Bytes of output buffered before a write to standard output.
const OUTPUT_BUFFER: usize = 64 << 10;

/// Arguments of `gbr scan`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Print JSON Lines: begin, match, end per file, then a summary (docs/scan-output.md).
    #[arg(long, conflicts_with = "csv")]
    json: bool,
    /// Print CSV: a header row, then one row per code.
    #[arg(long)]
    csv: bool,
    /// Print only codes whose form carries at least this much to check.
    #[arg(long, value_parser = choice::<Rank>(), default_value = Rank::Bare.name())]
    min_rank: Rank,
    /// Print only codes with an error finding.
    #[arg(long)]
    errors: bool,
    /// Print nothing; exit 0 at the first code printed otherwise, 1 when there is none.
    #[arg(short, long, conflicts_with_all = ["count", "files_with_codes"])]
    quiet: bool,
    /// Print, for each file (archive member) with codes, `path:count`.
    #[arg(short, long, conflicts_with = "files_with_codes")]
    count: bool,
    /// Print only the paths of the files (archive members) with codes, one a line.
    #[arg(short = 'l', long)]
    files_with_codes: bool,
    /// The Syzygy tables: each whole position probed, its verdict in the JSON and CSV output
    /// (`tablebase`, `dtz`).
    #[command(flatten)]
    tables: crate::cli::tablebase::TablebaseArgs,
}

/// What `gbr scan` prints of the codes it keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// Each code, in the output format.
    Records,
    /// Nothing (`--quiet`).
    Quiet,
    /// `path:count` per file with codes (`--count`).
    Count,
    /// The path of each file with codes (`--files-with-codes`).
    FilesWithCodes,
}

/// The output settings of `gbr scan`, read once from its flags: what it prints and of which
/// codes. What it reads and how is the input stage's [`gbrscan::InputConfig`].
#[derive(Debug)]
struct OutputConfig {
    format: ScanFormat,
    /// The least rank a code must have to be kept.
    min_rank: Rank,
    /// Keep only codes with an error finding.
    errors_only: bool,
    mode: Mode,
}

impl From<&Args> for OutputConfig {
    fn from(args: &Args) -> OutputConfig {
        OutputConfig {
            format: if args.json {
                ScanFormat::Json
            } else if args.csv {
                ScanFormat::Csv
            } else {
                ScanFormat::Text
            },
            min_rank: args.min_rank,
            errors_only: args.errors,
            mode: if args.quiet {
                Mode::Quiet
            } else if args.count {
                Mode::Count
            } else if args.files_with_codes {
                Mode::FilesWithCodes
            } else {
                Mode::Records
            },
        }
    }
}

impl OutputConfig {
    fn wanted(&self, record: &Record) -> bool {
        record.rank >= self.min_rank && (!self.errors_only || !record.valid)
    }

    /// What the scan must fill in: the text output, counts and paths show no labels, nor the
    /// text read, kings, squares or W/B as such, so the scan does not look for them.
    fn needs(&self) -> Needs {
        if self.format == ScanFormat::Text {
            Needs::Listing
        } else {
            Needs::Everything
        }
    }

    /// True for `--count` and `--files-with-codes`, which write plain lines of their own.
    fn counts(&self) -> bool {
        matches!(self.mode, Mode::Count | Mode::FilesWithCodes)
    }
}

/// Runs `gbr scan`: exit 0 when a code was printed, 1 when none was, 2 when an input could
/// not be read (the others are still scanned).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let output = OutputConfig::from(&args);
    if args.input.type_list {
        print!("{}", InputArgs::type_list());
        return Ok(ExitCode::SUCCESS);
    }
    let started = Instant::now();
    let config = args.input.config()?;
    let mut tables_failed = false;
    let tables = args.tables.open(&mut tables_failed)?;
    // `--color` (global), NO_COLOR and CLICOLOR_FORCE, as anstream reads them for stdout.
    let styled = anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never;
    let mut out = Out {
        output: &output,
        tables: tables.as_deref(),
        names: &config.open,
        printer: Printer::new(
            output.format,
            BufWriter::with_capacity(OUTPUT_BUFFER, io::stdout()),
            styled,
        ),
        counts: Counts {
            styled,
            ..Counts::default()
        },
        plain: BufWriter::with_capacity(OUTPUT_BUFFER, io::stdout()),
        matches: 0,
        printed: Summary::default(),
        // On a terminal, each batch is flushed at once, so that the output and the progress
        // bar stay apart and the lines come as they are found; into a pipe or a file the
        // buffer is written when full (a closed pipe is still seen at the next write).
        flush_each: io::stdout().is_terminal(),
    };
    let mut failed: Option<io::Error> = None;
    let messages = args.input.messages();
    let summary = inputs::scan_paths(&config, messages, output.needs(), |event| {
        match out.event(event) {
            Ok(flow) => flow,
            Err(err) => {
                failed = Some(err);
                ControlFlow::Break(())
            }
        }
    })?;
    if let Some(err) = failed {
        return Err(err).context("cannot write the output");
    }
    if output.mode == Mode::Quiet && out.matches > 0 {
        return Ok(ExitCode::SUCCESS);
    }
    out.plain.flush().context("cannot write the output")?;
    let summary = Summary {
        files: summary.files,
        bytes: summary.bytes,
        matches: out.matches,
        errors: summary.errors,
        skipped: summary.not_scanned,
        elapsed: started.elapsed().as_secs_f64(),
        unreadable: summary.errors,
        ..out.printed
    };
    out.printer
        .finish(&summary)
        .context("cannot write the output")?;
    // The text output ends with the summary line on stderr; `--quiet`, `--count` and
    // `--files-with-codes` print counts of their own.
    if output.format == ScanFormat::Text && output.mode == Mode::Records {
        eprintln!("{}", summary_line(&summary));
    }
    let tables_failed = crate::cli::tablebase::report_failures(tables.as_deref()) || tables_failed;
    Ok(ExitCode::from(if summary.unreadable > 0 || tables_failed {
        2
    } else if out.matches > 0 {
        0
    } else {
        1
    }))
}

/// Where `gbr scan` writes the codes it keeps, and what it has kept so far.
struct Out<'a> {
    output: &'a OutputConfig,
    /// The tables each record kept is probed in (`--tablebase`).
    tables: Option<&'a gbrscan::tablebase::Tables>,
    /// The open options, which name each input as references show it.
    names: &'a OpenOptions,
    printer: Printer<BufWriter<io::Stdout>>,
    counts: Counts,
    /// `--count` and `--files-with-codes` write plain lines of their own.
    plain: BufWriter<io::Stdout>,
    /// Codes kept.
    matches: u64,
    /// What the summary says of the codes kept.
    printed: Summary,
    flush_each: bool,
}

impl Out<'_> {
    /// Writes what a scan event gives; `Break` at the first code kept under `--quiet`.
    ///
    /// # Errors
    ///
    /// A write that failed (a reader gone away).
    fn event(&mut self, event: ScanEvent<'_>) -> io::Result<ControlFlow<()>> {
        let output = self.output;
        match event {
            ScanEvent::Records { input, mut records } => {
                if let Some(tables) = self.tables {
                    records.iter_mut().for_each(|r| r.probe(tables));
                }
                // Room for every record at once: grown from empty, the list moved several
                // times a batch.
                let mut kept: Vec<&Record> = Vec::with_capacity(records.len());
                kept.extend(records.iter().filter(|r| output.wanted(r)));
                let records = kept;
                self.matches += records.len() as u64;
                records.iter().for_each(|r| self.printed.add(r));
                if output.mode == Mode::Quiet && self.matches > 0 {
                    return Ok(ControlFlow::Break(()));
                } else if output.counts() {
                    let count = output.mode == Mode::Count;
                    self.counts.add(&records, count, &mut self.plain)?
                } else {
                    self.printer.records(|| self.names.name(input), &records)?
                }
            }
            ScanEvent::Done(_) if output.mode == Mode::Quiet => {}
            ScanEvent::Done(_) if output.counts() => self
                .counts
                .flush(output.mode == Mode::Count, &mut self.plain)?,
            ScanEvent::Done(file) => self
                .printer
                .end(|| self.names.name(&file.input), file.bytes)?,
        }
        if self.flush_each {
            self.printer.flush()?;
            self.plain.flush()?;
        }
        Ok(ControlFlow::Continue(()))
    }
}

/// The last line of the text output, on stderr:
/// `6 codes in 1 file, 1 invalid, 2 unchecked, 0 warnings, 318 B in 0.00 s`, with
/// `, N unreadable` and `, N not scanned` before the size when there are any.
fn summary_line(summary: &Summary) -> String {
    let mut line = format!(
        "{} in {}, {} invalid, {} unchecked, {}",
        plural(summary.matches, "code"),
        plural(summary.files, "file"),
        summary.invalid,
        summary.unchecked,
        plural(summary.warnings, "warning"),
    );
    if summary.unreadable > 0 {
        line.push_str(&format!(", {} unreadable", summary.unreadable));
    }
    if summary.skipped > 0 {
        line.push_str(&format!(", {} not scanned", summary.skipped));
    }
    line.push_str(&format!(
        ", {} in {:.2} s",
        indicatif::DecimalBytes(summary.bytes),
        summary.elapsed
    ));
    line
}

/// `1 code`, `2 codes`.
fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// Codes counted for `--count` and `--files-with-codes`, per name in references (an archive
/// member counts apart from its archive), printed when the name changes or the input ends.
#[derive(Default)]
struct Counts {
    name: Option<gbrscan::SourcePath>,
    count: u64,
    /// Paths in colour (`--color`).
    styled: bool,
}

impl Counts {
    fn add(&mut self, records: &[&Record], count: bool, out: &mut dyn Write) -> io::Result<()> {
        for record in records {
            if self.name.as_ref() != Some(&record.path) {
                self.flush(count, out)?;
                self.name = Some(record.path.clone());
            }
            self.count += 1;
        }
        Ok(())
    }

    fn flush(&mut self, count: bool, out: &mut dyn Write) -> io::Result<()> {
        if let Some(name) = self.name.take() {
            let path = name.escaped_bytes();
            write_styled(out, self.styled, Styles::PATH, &path)?;
            if count {
                writeln!(out, ":{}", self.count)?;
            } else {
                writeln!(out)?;
            }
        }
        self.count = 0;
        Ok(())
    }
}
