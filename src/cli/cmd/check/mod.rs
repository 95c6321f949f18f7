//! `gbr check`: every code of the inputs checked against every copy of its position (the
//! caption's own parts, its diagram, a FEN near it, the same study elsewhere, a directory),
//! printed as compiler-style diagnostics, JSON Lines, or a unified diff of the fixes; `--write`
//! applies them (docs/check.md).

mod apply;
mod write;

use std::fs;
use std::io::{self, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anstream::ColorChoice;
use anyhow::Context as _;
use gbrscan::Severity;
use gbrscan::copies::fixes::{Doubt, doubts};
use gbrscan::copies::index::Entry;
use gbrscan::copies::{Against, Diagnostic, Input, Options, Report, check_inputs, ocr_notes};
use gbrscan::render::check::{self as out, CheckSummary};

use crate::cli::inputs::{LoadedText, Loader};
use gbrscan::scan::InputConfig;

/// Arguments of `gbr check`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Files and folders to check (folders recursively); `-` for standard input.
    #[arg(default_value = "-")]
    paths: Vec<PathBuf>,
    /// Compare the body against its GBR directory: a saved directory (`.tsv`, `.jsonl`) or a
    /// printed index given as text (checked as an input too).
    #[arg(long, value_name = "DIRECTORY")]
    against: Option<PathBuf>,
    /// Print one JSON object per diagnostic, then a summary object.
    #[arg(long, conflicts_with_all = ["diff", "write"])]
    json: bool,
    /// Print a unified diff of the fixes that are unique (the top candidate where it is the
    /// only one); the files are not changed.
    #[arg(long, conflicts_with = "write")]
    diff: bool,
    /// Apply the fixes that are unique to the files, each file replaced atomically.
    #[arg(long)]
    write: bool,
    /// Leave warnings (board sanity, legality, copies that disagree undecided) out.
    #[arg(long)]
    no_warnings: bool,
    /// Leave near misses (`0l16.00`, `0116,00`, `0323.1`) out.
    #[arg(long)]
    no_near_misses: bool,
    /// The inputs' encoding, as `gbr scan -E` reads it; `--write` writes a file back in it.
    #[arg(
        short = 'E',
        long,
        value_name = "ENCODING",
        default_value = "auto",
        value_parser = crate::cli::inputs::parse_encoding
    )]
    encoding: crate::cli::inputs::Encoding,
    /// Study data (JSON, JSON Lines, CSV, TSV): read the key or column NAME as FIELD (code,
    /// fen, stipulation, number, source, composers, year, honour), before the built-in names;
    /// repeatable. Example: fen=Stellung
    #[arg(long = "key", value_name = "FIELD=NAME")]
    keys: Vec<gbrscan::keyed::KeyName>,
    /// OCR of scanned pages.
    #[command(flatten)]
    ocr: crate::cli::inputs::OcrArgs,
    /// The Syzygy tables.
    #[command(flatten)]
    tables: crate::cli::tablebase::TablebaseArgs,
}

impl Args {
    /// The input configuration: `gbr check`'s own paths, `-E` and `--ocr` (one page a
    /// thread) set, everything else at the library's default.
    ///
    /// # Errors
    ///
    /// `--ocr` without Tesseract, its language data or pdftoppm installed.
    fn input(&self) -> anyhow::Result<InputConfig> {
        let mut config = InputConfig {
            paths: self.paths.clone(),
            ..InputConfig::default()
        };
        config.open.load.encoding = self.encoding.0;
        config.open.ocr = self.ocr.options(crate::cli::inputs::threads(None), None)?;
        config.open.diagrams = self.ocr.diagrams(crate::cli::inputs::threads(None));
        Ok(config)
    }
}

/// The text whose own directory an input may hold or be listed in: the PDF for a page of
/// it, the text itself for anything else (each member of an archive is a book of its own).
fn book(loaded: &LoadedText) -> std::sync::Arc<str> {
    match loaded.page {
        Some(_) => loaded.input.clone(),
        None => loaded.name.clone(),
    }
}

fn is_saved_directory(path: &std::path::Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("tsv" | "jsonl" | "json")
    )
}

/// The directory of `--against`: a saved directory read, or a printed index loaded as one
/// more input (appended to `loaded`; `failed` set when it could not be read).
fn against(
    dir: &std::path::Path,
    loader: &Loader,
    loaded: &mut Vec<LoadedText>,
    failed: &mut bool,
) -> anyhow::Result<Against> {
    let shown = gbrscan::source_path::shown;
    if is_saved_directory(dir) {
        let file = fs::File::open(dir).with_context(|| format!("cannot open {}", shown(dir)))?;
        let records = gbrscan::saved::read::records(BufReader::new(file))
            .with_context(|| format!("cannot read the directory {}", shown(dir)))?;
        return Ok(Against::Entries(
            records.iter().map(Entry::of_record).collect(),
        ));
    }
    let (mut more, counts) = loader.load(&[dir.to_path_buf()])?;
    *failed |= counts.had_error;
    if more.len() != 1 {
        anyhow::bail!("--against needs one file, {} given", shown(dir));
    }
    let at = loaded.len();
    loaded.append(&mut more);
    Ok(Against::Input(at))
}

/// The check of `inputs` (the texts `loaded`), with a note for each part of an OCR'd page
/// read otherwise than OCR gave it after the other diagnostics. An input whose check panicked
/// is reported once on standard error (and none of its fixes is written).
fn check(inputs: &[Input<'_>], options: &Options, loaded: &[LoadedText]) -> Report {
    let mut report = check_inputs(inputs, options);
    for (i, l) in loaded.iter().enumerate() {
        if let Some(fixes) = &l.ocr_fixes {
            report
                .diagnostics
                .extend(ocr_notes(i, &l.name, &l.text, &l.added, fixes));
        }
    }
    for fault in &report.faults {
        eprintln!(
            "gbr: internal error reading {} (byte {}): {}; please report it",
            inputs[fault.input].path, fault.at, fault.fault
        );
    }
    report
}

/// Runs `gbr check`: exit 0 when no error was found, 1 when one was, 2 when the run failed (an
/// input could not be read, or `--write` could not write one: the others are still checked and
/// written).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // The inputs are read as `gbr scan` reads them, with its flags at their defaults but for
    // the three `gbr check` has (docs/inputs.md).
    let loader = Loader::new(&args.input()?, true);
    let (mut loaded, counts) = loader.load(&args.paths)?;
    let mut failed = counts.had_error;
    let tablebase = args.tables.open(&mut failed)?;
    let options = Options {
        near_misses: !args.no_near_misses,
        against: match &args.against {
            Some(dir) => Some(against(dir, &loader, &mut loaded, &mut failed)?),
            None => None,
        },
        own_directory: true,
        tablebase,
        keys: gbrscan::keyed::Keys::new(args.keys.clone()),
    };
    let inputs: Vec<Input<'_>> = loaded
        .iter()
        .map(|l| Input {
            path: l.name.clone(),
            source: book(l),
            text: &l.text,
            added: &l.added,
        })
        .collect();
    let report = check(&inputs, &options, &loaded);
    failed |= !report.faults.is_empty();
    failed |= crate::cli::tablebase::report_failures(options.tablebase.as_deref());
    // Files, not texts: the pages of a PDF and the members of an archive are one file each.
    let files = loaded
        .iter()
        .map(|l| &l.input)
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let shown: Vec<&Diagnostic> = report
        .diagnostics
        .iter()
        .filter(|d| !(args.no_warnings && d.severity == Severity::Warning))
        .collect();
    let texts: Vec<&[u8]> = inputs.iter().map(|i| i.text).collect();
    let doubts = doubts(&shown, &texts);
    let summary = CheckSummary::new(&report, &shown, files);
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut w = io::BufWriter::new(stdout.lock());
    if args.json {
        for (d, doubt) in shown.iter().zip(&doubts) {
            out::json(&mut w, d, doubt.as_ref())?;
        }
        out::json_summary(&mut w, &summary)?;
    } else if args.diff || args.write {
        let stage = apply::Stage {
            diff: args.diff,
            paths: &args.paths,
            terminal,
        };
        failed |= apply::fix(&mut w, &stage, &loaded, &shown, &doubts)?;
    } else {
        print_text(&mut w, &shown, &texts, &doubts, &summary)?;
    }
    w.flush().or_else(|e| match e.kind() {
        io::ErrorKind::BrokenPipe => Ok(()),
        _ => Err(e),
    })?;
    let errors = report
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error);
    Ok(ExitCode::from(match (failed, errors) {
        (true, _) => 2,
        (false, true) => 1,
        (false, false) => 0,
    }))
}

/// The diagnostics `shown` (of the inputs `texts`) as a compiler prints them, coloured as
/// `--color` and NO_COLOR say for standard output, then the summary line.
fn print_text(
    w: &mut impl Write,
    shown: &[&Diagnostic],
    texts: &[&[u8]],
    doubts: &[Option<Doubt>],
    summary: &CheckSummary,
) -> io::Result<()> {
    // `--color` (global) and NO_COLOR, as anstream reads them for standard output.
    let styled = anstream::AutoStream::choice(&io::stdout()) != ColorChoice::Never;
    for (d, doubt) in shown.iter().zip(doubts) {
        let text = d.input.map(|i| texts[i]);
        let why = doubt.as_ref().map(ToString::to_string);
        writeln!(w, "{}", out::render(d, text, styled, why.as_deref()))?;
    }
    writeln!(w, "{}", summary.line())
}
