//! The scan mode of the input loop: every input of an [`InputConfig`] walked, opened and
//! scanned as it comes, its records handed on in input order, and on stderr, through the
//! progress bar, every path the walk left out, every input that could not be read and the
//! binary files skipped, in `gbr scan`'s words (docs/scan-output.md).

use std::fs;
use std::ops::ControlFlow;
use std::sync::Arc;

use gbrscan::Fields;
use gbrscan::input::{InputError, InputPath, OcrProgress, SkipReason, Skipped};
use gbrscan::pgn::GameCounts;
use gbrscan::scan::{FileOutcome, FileScan, InputConfig, ScanEvent, ScanInputs, scan_inputs};

use super::{Messages, Needs};
use crate::cli::progress::Progress;

/// What a scan over the inputs met besides the records. Every count is of inputs (files,
/// stdin) except `bytes`.
#[derive(Debug, Default)]
pub struct InputCounts {
    /// True when some input could not be read: a missing path, a broken link, an unreadable
    /// folder or file, a file that shrank while it was read (exit status 2).
    pub had_error: bool,
    /// Inputs scanned.
    pub files: u64,
    /// Bytes scanned (after UTF-16 decoding), over all inputs.
    pub bytes: u64,
    /// Inputs that could not be read (what sets `had_error`).
    pub errors: u64,
    /// Inputs left out on purpose: binary files, and special files or links to folders found
    /// inside a folder.
    pub not_scanned: u64,
}

/// True when a walk skip is an error (exit status 2) rather than a choice.
fn is_error(reason: SkipReason) -> bool {
    !matches!(
        reason,
        SkipReason::SymlinkToDirectory
            | SkipReason::Symlink
            | SkipReason::SpecialFile
            | SkipReason::Output
    )
}

/// The stderr line for a walk skip: `gbr: path: reason`, or `gbr: path: skipped, reason`.
fn skip_line(skip: &Skipped) -> String {
    let path = gbrscan::source_path::shown(&skip.path);
    if is_error(skip.reason) {
        format!("gbr: {path}: {}", skip.reason)
    } else {
        format!("gbr: {path}: skipped, {}", skip.reason)
    }
}

/// The stderr line for an input, member or page that could not be read:
/// `gbr: path: cannot open: <os error>` with the whole chain of causes, or for the kinds
/// inside an input, their own message (`gbr: scan.pdf: no text layer: run with --ocr`).
pub fn failure_line(err: &InputError) -> String {
    let operation = match err {
        InputError::Open { .. } => "cannot open",
        InputError::Read { .. } => "cannot read",
        _ => return format!("gbr: {err}"),
    };
    format!(
        "gbr: {}: {operation}{}",
        gbrscan::source_path::shown(err.path()),
        crate::cli::errors::causes(err)
    )
}

/// The stderr lines for a PGN input: games skipped for want of a FEN
/// (`gbr: a.pgn: 3 of 10 games have no FEN tag, skipped`), each game whose FEN is unreadable
/// (`gbr: a.pgn:29: FEN tag ...`), and a read that stopped early.
fn game_lines(input: &InputPath, games: &GameCounts) -> Vec<String> {
    let path = gbrscan::source_path::shown(input.path());
    let mut lines = Vec::new();
    if games.without_fen > 0 {
        lines.push(format!(
            "gbr: {path}: {} of {} games have no FEN tag, skipped",
            games.without_fen, games.games
        ));
    }
    for problem in &games.problems {
        lines.push(format!("gbr: {path}:{}: {}", problem.line, problem.message));
    }
    if let Some(stopped) = &games.stopped {
        lines.push(format!("gbr: {path}: PGN reading stopped: {stopped}"));
    }
    lines
}

/// Walks the paths of `config`, scans every input on a pool of its threads, filling what
/// `needs` says, and hands its records and its end to `on_event` in input order, as they are
/// found, with the progress bar cleared while it runs when stdout is a terminal. Reports on
/// stderr, through the bar and as `messages` say, every path the walk left out, every input
/// that could not be read and every binary file skipped: callers do not report them again.
/// When `on_event` returns `Break`, nothing further is handed back.
///
/// # Errors
///
/// A glob or a type of the walk filters that does not parse.
pub fn scan_paths(
    config: &InputConfig,
    messages: Messages,
    needs: Needs,
    mut on_event: impl FnMut(ScanEvent<'_>) -> ControlFlow<()> + Send,
) -> anyhow::Result<InputCounts> {
    // One command per process: the global pool is this scan's pool. An error means it was
    // built already (tests calling twice), and that pool serves as well.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(config.threads.unwrap_or(0))
        .build_global();
    let walked = config.walk()?;
    let inputs: Arc<[InputPath]> = walked.inputs.into();
    let mut progress = Progress::new(messages.progress, {
        let inputs = inputs.clone();
        move || total_bytes(&inputs)
    });
    let mut told = Told {
        counts: InputCounts::default(),
        binary: Vec::new(),
        messages,
    };
    for skip in &walked.skipped {
        told.skipped(skip, &progress);
    }
    let config = with_pages(config, &progress);
    let options = ScanInputs {
        config: &config,
        progress: &|bytes| progress.inc(bytes),
        fields: match needs {
            Needs::Listing => Fields::Listing,
            Needs::Everything => Fields::All,
        },
    };
    scan_inputs(&inputs, &options, |event| {
        if let ScanEvent::Done(scan) = &event {
            told.done(scan, &progress);
        }
        progress.around_output(|| on_event(event))
    });
    told.counts.not_scanned += told.binary.len() as u64;
    if !messages.quiet {
        report_binary(&told.binary, messages.verbose, &progress);
    }
    progress.finish();
    told.counts.had_error = told.counts.errors > 0;
    Ok(told.counts)
}

/// `config` with its OCR, if on, telling the progress bar of the pages it queues and reads.
fn with_pages(config: &InputConfig, progress: &Progress) -> InputConfig {
    let mut config = config.clone();
    if let Some(ocr) = &mut config.open.ocr {
        let pages = progress.pages();
        ocr.progress = Some(Arc::new(move |event| match event {
            OcrProgress::Pages(n) => pages.queued(n),
            OcrProgress::Done => pages.done(),
        }));
    }
    config
}

/// What the scan loop has met and told so far besides the records.
struct Told {
    counts: InputCounts,
    /// The binary files and members skipped, as shown.
    binary: Vec<String>,
    messages: Messages,
}

impl Told {
    /// Counts a path the walk left out, and tells of it.
    fn skipped(&mut self, skip: &Skipped, progress: &Progress) {
        if !self.messages.quiet {
            progress.warn(&skip_line(skip));
        }
        if is_error(skip.reason) {
            self.counts.errors += 1;
        } else {
            self.counts.not_scanned += 1;
        }
    }

    /// Counts an input's end, and tells of what went wrong in it; its binary files are told
    /// of at the end of the run.
    fn done(&mut self, scan: &FileScan, progress: &Progress) {
        let say = |line: &str| {
            if !self.messages.quiet {
                progress.warn(line);
            }
        };
        let shown = || gbrscan::source_path::shown(scan.input.path()).to_string();
        match &scan.outcome {
            FileOutcome::Scanned { .. } => {
                self.counts.files += 1;
                self.counts.bytes += scan.bytes;
                for line in scan.games.iter().flat_map(|g| game_lines(&scan.input, g)) {
                    progress.warn(&line);
                }
            }
            FileOutcome::SkippedBinary => self.binary.push(shown()),
            FileOutcome::Changed { from, .. } => {
                self.counts.errors += 1;
                say(&format!(
                    "gbr: {}: changed while it was read (it shrank); no code from byte {from} \
                     on is reported",
                    shown()
                ));
            }
            FileOutcome::Failed(err) => {
                self.counts.errors += 1;
                say(&failure_line(err));
            }
        }
        self.binary
            .extend(scan.binary_members.iter().map(|m| m.to_string()));
        for problem in &scan.problems {
            self.counts.errors += 1;
            say(&failure_line(problem));
        }
    }
}

/// Tells of the binary files skipped: one line with their number, or with `verbose` a line
/// each.
fn report_binary(binary: &[String], verbose: bool, progress: &Progress) {
    if verbose {
        for path in binary {
            progress.warn(&format!(
                "gbr: {path}: skipped, binary file (a NUL byte in the first 64 KiB; \
                 --binary scans it)"
            ));
        }
    } else if !binary.is_empty() {
        let (count, files) = (
            thousands(binary.len()),
            if binary.len() == 1 { "file" } else { "files" },
        );
        progress.warn(&format!(
            "gbr: {count} binary {files} skipped (a NUL byte in the first 64 KiB); --verbose \
             lists them, --binary scans them"
        ));
    }
}

/// `3033` as `3,033`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Sum of the sizes of the inputs, `None` when one has no size known in advance (stdin, a
/// FIFO).
fn total_bytes(inputs: &[InputPath]) -> Option<u64> {
    inputs.iter().try_fold(0u64, |sum, input| match input {
        InputPath::File(path) => fs::metadata(path)
            .ok()
            .filter(fs::Metadata::is_file)
            .map(|m| sum + m.len()),
        InputPath::Stdin => None,
    })
}
