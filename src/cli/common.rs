//! What `gbr scan` and `gbr index` share: the input arguments and the scan over them.

use std::error::Error as _;
use std::fs;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use gbrscan::input::{InputError, InputPath, LoadOptions, SkipReason, Skipped, walk};
use gbrscan::pgn::GameCounts;
use gbrscan::scan::{FileOutcome, ScanEvent, ScanInputs, ScanOptions, scan_inputs};

use super::output::progress::{Progress, ShowProgress};

/// Inputs and parallelism of a scan.
#[derive(Debug, clap::Args)]
pub struct InputArgs {
    /// Files and folders to scan (folders recursively, hidden files included); `-` for
    /// standard input.
    #[arg(default_value = "-")]
    pub paths: Vec<PathBuf>,
    /// Threads to use (default: one per core).
    #[arg(short = 'j', long = "threads")]
    pub threads: Option<usize>,
    /// Read files instead of memory-mapping them.
    #[arg(long)]
    pub no_mmap: bool,
    /// Scan binary files (a NUL byte in the first 64 KiB) instead of skipping them.
    #[arg(long)]
    pub binary: bool,
    /// Read every input as PGN games (files named *.pgn always are): a record per game with a
    /// FEN tag.
    #[arg(long)]
    pub pgn: bool,
    /// Bytes per chunk of a large file (changes speed, never the output).
    #[arg(long, default_value_t = gbrscan::scan::DEFAULT_CHUNK_SIZE, hide = true)]
    pub chunk_size: usize,
    /// Show a progress bar on stderr: `auto` when stderr is a terminal, stdout is not a pipe
    /// (a pager may share the terminal) and the scan takes over a second.
    #[arg(long, value_enum, default_value_t = ShowProgress::Auto)]
    pub progress: ShowProgress,
}

/// What a scan over the inputs met besides the records. Every count is of inputs (files,
/// stdin) except `bytes`.
#[derive(Debug, Default)]
pub struct ScanSummary {
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
        SkipReason::SymlinkToDirectory | SkipReason::SpecialFile
    )
}

/// The stderr line for a walk skip: `gbr: path: reason`, or `gbr: path: skipped, reason`.
fn skip_line(skip: &Skipped) -> String {
    let path = skip.path.display();
    if is_error(skip.reason) {
        format!("gbr: {path}: {}", skip.reason)
    } else {
        format!("gbr: {path}: skipped, {}", skip.reason)
    }
}

/// The stderr line for an input that failed to load: `gbr: path: cannot open: <os error>`,
/// with the whole chain of causes.
fn failure_line(input: &InputPath, err: &InputError) -> String {
    let operation = match err {
        InputError::Open { .. } => "cannot open",
        InputError::Read { .. } => "cannot read",
    };
    let mut line = format!("gbr: {}: {operation}", input.path().display());
    let mut source = err.source();
    while let Some(cause) = source {
        line.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    line
}

/// The stderr lines for a PGN input: games skipped for want of a FEN
/// (`gbr: a.pgn: 3 of 10 games have no FEN tag, skipped`), each game whose FEN is unreadable
/// (`gbr: a.pgn:29: FEN tag ...`), and a read that stopped early.
fn game_lines(input: &InputPath, games: &GameCounts) -> Vec<String> {
    let path = input.path().display();
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

/// Walks the paths, scans every input on a pool of `threads` and hands its records and its
/// end to `on_event` in input order, as they are found, with the progress bar cleared while it
/// runs when stdout is a terminal. Reports on stderr, through the bar, every path the walk left
/// out, every input that could not be read and every binary file skipped: callers do not
/// report them again. When `on_event` returns `Break`, nothing further is handed back.
pub fn scan_paths(
    args: &InputArgs,
    mut on_event: impl FnMut(ScanEvent<'_>) -> ControlFlow<()> + Send,
) -> anyhow::Result<ScanSummary> {
    // One command per process: the global pool is this scan's pool. An error means it was
    // built already (tests calling twice), and that pool serves as well.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build_global();
    let walked = walk(&args.paths);
    let inputs: Arc<[InputPath]> = walked.inputs.into();
    let mut progress = Progress::new(args.progress, {
        let inputs = inputs.clone();
        move || total_bytes(&inputs)
    });
    let mut summary = ScanSummary::default();
    for skip in &walked.skipped {
        progress.warn(&skip_line(skip));
        if is_error(skip.reason) {
            summary.errors += 1;
        } else {
            summary.not_scanned += 1;
        }
    }
    let options = ScanInputs {
        scan: ScanOptions {
            chunk_size: args.chunk_size.max(1),
        },
        load: LoadOptions {
            mmap: !args.no_mmap,
            binary: args.binary,
        },
        progress: &|bytes| progress.inc(bytes),
        pgn: args.pgn,
    };
    scan_inputs(&inputs, &options, |event| {
        if let ScanEvent::Done(scan) = &event {
            match &scan.outcome {
                FileOutcome::Scanned { .. } => {
                    summary.files += 1;
                    summary.bytes += scan.bytes;
                    if let Some(games) = &scan.games {
                        for line in game_lines(&scan.input, games) {
                            progress.warn(&line);
                        }
                    }
                }
                FileOutcome::SkippedBinary => {
                    summary.not_scanned += 1;
                    progress.warn(&format!(
                        "gbr: {}: skipped, binary file (a NUL byte in the first 64 KiB; \
                         --binary scans it)",
                        scan.input.path().display()
                    ));
                }
                FileOutcome::Changed { from, .. } => {
                    summary.errors += 1;
                    progress.warn(&format!(
                        "gbr: {}: changed while it was read (it shrank); no code from byte \
                         {from} on is reported",
                        scan.input.path().display()
                    ));
                }
                FileOutcome::Failed(err) => {
                    summary.errors += 1;
                    progress.warn(&failure_line(&scan.input, err));
                }
            }
        }
        progress.around_output(|| on_event(event))
    });
    progress.finish();
    summary.had_error = summary.errors > 0;
    Ok(summary)
}
