//! `gbr check`: every code of the inputs checked against every copy of its position (the
//! caption's own parts, its diagram, a FEN near it, the same study elsewhere, a directory),
//! printed as compiler-style diagnostics, JSON Lines, or a unified diff of the fixes; `--write`
//! applies them (docs/check.md).

mod output;
mod write;

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anstream::ColorChoice;
use anyhow::Context as _;
use gbrscan::Severity;
use gbrscan::copies::index::Entry;
use gbrscan::copies::{Against, Diagnostic, Input, Options, Report, check_inputs};

use crate::cli::inputs::{InputArgs, LoadedText, Loader, PlainFile};
use crate::cli::progress::ShowProgress;
use output::{self as out, Applied};
use write::{doubts, write_back};

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
    /// OCR of scanned pages.
    #[command(flatten)]
    ocr: crate::cli::inputs::OcrArgs,
}

impl Args {
    /// The input flags of `gbr scan` with `gbr check`'s own three set (paths, `-E`, `--ocr`
    /// and its settings) and every other at its default; no progress bar.
    fn input(&self) -> InputArgs {
        InputArgs {
            paths: self.paths.clone(),
            encoding: self.encoding,
            ocr: self.ocr.clone(),
            progress: ShowProgress::Never,
            ..InputArgs::defaults()
        }
    }
}

/// A note for each part of an OCR'd page read otherwise than OCR gave it (docs/reading.md,
/// "OCR"), after the other diagnostics: `note[ocr]: OCR gave `dShé`, read as `d5h6``.
fn ocr_notes(loaded: &[LoadedText], diagnostics: &mut Vec<Diagnostic>) {
    for (input, l) in loaded.iter().enumerate() {
        for fix in l.ocr_fixes.iter().flat_map(|f| f.iter()) {
            let start = usize::try_from(fix.offset)
                .unwrap_or(usize::MAX)
                .min(l.text.len());
            let before = &l.text[..start];
            let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let part = match fix.part {
                gbrscan::misread::OcrPart::Code => "the code",
                gbrscan::misread::OcrPart::Squares => "squares",
                gbrscan::misread::OcrPart::Men => "W/B",
                gbrscan::misread::OcrPart::Line => "a caption line, read again as one line",
            };
            diagnostics.push(Diagnostic {
                path: l.name.clone(),
                input: Some(input),
                span: start..(start + fix.found.len()).min(l.text.len()),
                line,
                column: (start - line_start) as u64 + 1,
                check: "ocr".to_owned(),
                severity: Severity::Note,
                message: format!("OCR gave `{}` ({part}), read as `{}`", fix.found, fix.read),
                copies: Vec::new(),
                fixes: Vec::new(),
                study: None,
            });
        }
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

/// Runs `gbr check`: exit 0 when no error was found, 1 when one was, 2 when the run failed (an
/// input could not be read, or `--write` could not write one: the others are still checked and
/// written).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // The inputs are read as `gbr scan` reads them, with its flags at their defaults but for
    // the three `gbr check` has (docs/inputs.md).
    let loader = Loader::new(&args.input())?;
    let (mut loaded, counts) = loader.load(&args.paths)?;
    let mut failed = counts.had_error;
    let mut options = Options {
        near_misses: !args.no_near_misses,
        against: None,
        own_directory: true,
    };
    if let Some(dir) = &args.against {
        if is_saved_directory(dir) {
            let file = fs::File::open(dir)
                .with_context(|| format!("cannot open {}", gbrscan::source_path::shown(dir)))?;
            let records =
                gbrscan::saved::read::records(BufReader::new(file)).with_context(|| {
                    format!(
                        "cannot read the directory {}",
                        gbrscan::source_path::shown(dir)
                    )
                })?;
            options.against = Some(Against::Entries(
                records.iter().map(Entry::of_record).collect(),
            ));
        } else {
            let (mut more, counts) = loader.load(std::slice::from_ref(dir))?;
            failed |= counts.had_error;
            if more.len() != 1 {
                anyhow::bail!(
                    "--against needs one file, {} given",
                    gbrscan::source_path::shown(dir)
                );
            }
            options.against = Some(Against::Input(loaded.len()));
            loaded.append(&mut more);
        }
    }
    let inputs: Vec<Input<'_>> = loaded
        .iter()
        .map(|l| Input {
            path: l.name.clone(),
            source: book(l),
            text: &l.text,
        })
        .collect();
    let mut report = check_inputs(&inputs, &options);
    ocr_notes(&loaded, &mut report.diagnostics);
    // An input whose check panicked is reported once, and none of its fixes is written.
    for fault in &report.faults {
        eprintln!(
            "gbr: internal error reading {} (byte {}): {}; please report it",
            inputs[fault.input].path, fault.at, fault.fault
        );
        failed = true;
    }
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
    let stdout = io::stdout();
    let terminal = stdout.is_terminal();
    let mut w = io::BufWriter::new(stdout.lock());
    if args.json {
        for (d, doubt) in shown.iter().zip(&doubts) {
            out::json(&mut w, d, doubt.as_ref())?;
        }
        out::json_summary(&mut w, &summary(&report, &shown, files))?;
    } else if args.diff || args.write {
        for (d, doubt) in shown.iter().zip(&doubts) {
            if let (Some(doubt), Some(fix)) = (doubt, d.fixes.first()) {
                eprintln!(
                    "gbr: {}:{}:{}: `{}` not written: {doubt}",
                    d.path,
                    d.line,
                    d.column,
                    out::visible(&fix.replacement)
                );
            }
        }
        let applied = out::unique_fixes(&shown, inputs.len(), &doubts);
        // The names the diff gives its files: relative to the current folder, or from the
        // root when a file lies outside it (docs/check.md, "--diff and patch").
        let names = out::DiffNames::new(
            applied
                .iter()
                .zip(&loaded)
                .filter(|(edits, _)| !edits.is_empty())
                .filter_map(|(_, l)| l.file.as_ref().map(|f| f.path.as_path())),
        );
        if args.diff && names.is_from_root() {
            eprintln!(
                "gbr: the diff names its files from the root (some lie outside the current \
                 folder): apply it with `patch -p1 -d /`"
            );
        }
        // Files written or diffed, by device and inode: a file given twice (or through a link)
        // is read twice, fixed alike, and written (or diffed) once.
        let mut written = std::collections::HashSet::new();
        for (i, edits) in applied.iter().enumerate().filter(|(_, e)| !e.is_empty()) {
            let again = loaded[i]
                .file
                .as_ref()
                .and_then(PlainFile::id)
                .is_some_and(|id| !written.insert(id));
            if again && args.diff {
                eprintln!(
                    "gbr: {}: the same file as an input before it, in the diff once",
                    loaded[i].name
                );
                continue;
            } else if again {
                writeln!(
                    w,
                    "{}: the same file as an input before it, fixed once",
                    loaded[i].name
                )?;
                continue;
            }
            let new = out::apply(&loaded[i].text, edits);
            if args.diff {
                match &loaded[i].file {
                    Some(file) if file.encoding == gbrscan::input::Encoding::Bytes => {
                        let name = names.name(&file.path);
                        out::diff(&mut w, &name, &loaded[i].text, &new, terminal)?;
                    }
                    Some(_) => eprintln!(
                        "gbr: {}: not in the diff: a UTF-16 file, to which patch cannot apply \
                         a diff of its text; --write fixes it in UTF-16",
                        loaded[i].name
                    ),
                    None => eprintln!(
                        "gbr: {}: not in the diff: only a plain file can be patched (not a PDF \
                         page, an archive member, a compressed file or standard input); its {} \
                         fixes are the diagnostics of `gbr check` without --diff",
                        loaded[i].name,
                        edits.len()
                    ),
                }
                continue;
            }
            let result = match &loaded[i].file {
                // A link is written through only when it was given by name: the walk skips
                // those inside folders, and this holds if it ever does not.
                Some(file) if !args.paths.contains(&file.path) && is_link(&file.path) => {
                    Err(anyhow::anyhow!(
                        "{}: not written: a symbolic link found inside a folder (give it by                          name to write through it)",
                        loaded[i].name
                    ))
                }
                Some(file) => write_back(file, &loaded[i].text, &new),
                None => Err(anyhow::anyhow!(
                    "cannot write fixes to {}: only a plain file can be changed (use --diff)",
                    loaded[i].name
                )),
            };
            match result {
                Ok(()) => writeln!(w, "{}: {} fixes applied", loaded[i].name, edits.len())?,
                Err(err) => {
                    // Said in order with what went to standard output before it.
                    w.flush()?;
                    eprintln!("gbr: {}", crate::cli::errors::message(&err));
                    failed = true;
                }
            }
        }
        let Applied { skipped } = out::skipped(&shown);
        if skipped > 0 {
            eprintln!("gbr: {skipped} fixes left out: more than one candidate, or none certain");
        }
    } else {
        // `--color` (global) and NO_COLOR, as anstream reads them for standard output.
        let styled = anstream::AutoStream::choice(&io::stdout()) != ColorChoice::Never;
        for (d, doubt) in shown.iter().zip(&doubts) {
            let text = d.input.map(|i| inputs[i].text);
            let why = doubt.as_ref().map(ToString::to_string);
            writeln!(w, "{}", out::render(d, text, styled, why.as_deref()))?;
        }
        writeln!(w, "{}", summary(&report, &shown, files).line())?;
    }
    w.flush().or_else(|e| {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Ok(())
        } else {
            Err(e)
        }
    })?;
    let errors = report
        .diagnostics
        .iter()
        .any(|d| d.severity == Severity::Error);
    Ok(ExitCode::from(if failed {
        2
    } else if errors {
        1
    } else {
        0
    }))
}

fn summary(report: &Report, shown: &[&Diagnostic], files: usize) -> out::CheckSummary {
    let mut errors = BTreeMap::new();
    let mut warnings = 0;
    let mut near = 0;
    for d in shown {
        match d.severity {
            Severity::Error => *errors.entry(d.check.clone()).or_insert(0) += 1,
            Severity::Warning => warnings += 1,
            Severity::Note if d.check == "near-miss" => near += 1,
            Severity::Note => {}
        }
    }
    out::CheckSummary {
        files: files as u64,
        codes: report.codes,
        valid: report.valid,
        errors,
        warnings,
        near_misses: near,
    }
}

/// True when `path` is a symbolic link.
fn is_link(path: &std::path::Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}
