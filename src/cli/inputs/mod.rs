//! The input loop: the input flags (`InputArgs`, `OcrArgs`, `-j`), the walk over the paths,
//! the opening of every input and the messages for what could not be read, the run going on.
//! Two modes: [`scan_paths`] scans the texts as they come (`gbr scan`, `gbr index`);
//! [`Loader::load`] (`load.rs`) reads every text whole and hands them back with their names
//! and pages (`gbr check`).

mod load;

pub use load::{LoadedText, Loader, PlainFile, Stamp};

use std::fs;
use std::io::IsTerminal;
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;

use gbrscan::input::{
    FILE_TYPES, InflateLimit, InputError, InputPath, LoadOptions, OcrOptions, OcrProgress,
    OpenOptions, SkipReason, Skipped, Walk, WalkOptions, walk_with,
};
use gbrscan::pgn::GameCounts;
use gbrscan::scan::{FileOutcome, ScanEvent, ScanInputs, ScanOptions, scan_inputs};
use gbrscan::{Fields, LabelRules};

use super::progress::{Progress, ShowProgress};

/// Inputs and parallelism of a scan.
#[derive(Debug, clap::Args)]
pub struct InputArgs {
    /// Files and folders to scan (folders recursively, hidden files included), compressed
    /// files, zip and tar archives and PDFs among them; `-` for standard input. With none,
    /// standard input when it is a pipe or a file, else the current folder.
    pub paths: Vec<PathBuf>,
    /// The name standard input goes by in references, instead of `<stdin>` (kept as bytes,
    /// as a file's name is).
    #[arg(long, value_name = "NAME")]
    pub label: Option<std::ffi::OsString>,
    /// Read each study's label (its number) as the last match of this regular expression in
    /// the text before its code, or the first after it on its line (a printed directory's
    /// entry), its first group if it has one, instead of the built-in rules (docs/printing.md,
    /// "Labels"). Example: '- (\d+) -'.
    #[arg(
        long,
        value_name = "REGEX",
        value_parser = parse_label_pattern,
        allow_hyphen_values = true
    )]
    pub label_pattern: Option<LabelRules>,
    /// Refuse a compressed file or member once it inflates past this many bytes and 100
    /// times its compressed size (suffixes K, M, G: powers of 1,024).
    #[arg(long, value_name = "SIZE", default_value = "1G", value_parser = parse_size)]
    pub max_inflate: u64,
    /// List every binary file skipped, not just their number.
    // No `-v`: grep's users read it as "invert the match" (docs/scan-output.md).
    #[arg(long)]
    pub verbose: bool,
    /// Print no message about files skipped or unreadable (the exit status still says).
    #[arg(long)]
    pub no_messages: bool,
    /// Inside folders, scan only files matching this glob (`!` before it: not matching);
    /// repeatable, as in ripgrep.
    #[arg(short = 'g', long = "glob", value_name = "GLOB")]
    pub globs: Vec<String>,
    /// Inside folders, scan only files of this type (txt, pdf, pgn, gz, zip); repeatable.
    #[arg(short = 't', long = "type", value_name = "TYPE")]
    pub types: Vec<String>,
    /// Print the file types `--type` knows, with their globs, and exit.
    #[arg(long)]
    pub type_list: bool,
    /// Descend at most this many folder levels below each folder given.
    #[arg(long, value_name = "N")]
    pub max_depth: Option<usize>,
    /// Honour .gitignore, .ignore and .rgignore files and skip hidden files inside folders, as
    /// ripgrep does (by default every file is scanned).
    #[arg(long)]
    pub respect_ignore: bool,
    /// With --respect-ignore, scan hidden files all the same.
    #[arg(long, requires = "respect_ignore")]
    pub hidden: bool,
    /// Follow symbolic links inside folders (by default they are skipped, as ripgrep skips
    /// them; a link given as an argument is always followed).
    #[arg(short = 'L', long)]
    pub follow: bool,
    /// Threads to use (default: one per core).
    #[arg(short = 'j', long = "threads")]
    pub threads: Option<usize>,
    /// Read files instead of memory-mapping them.
    #[arg(long)]
    pub no_mmap: bool,
    /// Scan binary files (a NUL byte in the first 64 KiB) instead of skipping them.
    #[arg(long)]
    pub binary: bool,
    /// The inputs' encoding: auto (a UTF-16 byte order mark decides; text read from the input
    /// is UTF-8 where valid, else Windows-1252), or a WHATWG label (latin1, windows-1252,
    /// iso-8859-15, utf-16le...) to decode every text input from.
    #[arg(
        short = 'E',
        long,
        value_name = "ENCODING",
        default_value = "auto",
        value_parser = parse_encoding
    )]
    pub encoding: Encoding,
    /// Read every input as PGN games (files named *.pgn always are): a record per game with a
    /// FEN tag.
    #[arg(long)]
    pub pgn: bool,
    /// Bytes per chunk of a large file (changes speed, never the output).
    #[arg(long, default_value_t = gbrscan::scan::DEFAULT_CHUNK_SIZE, hide = true)]
    pub chunk_size: usize,
    /// OCR of scanned pages.
    #[command(flatten)]
    pub ocr: OcrArgs,
    /// Show a progress bar on stderr: `auto` when stderr is a terminal, stdout is not a pipe
    /// (a pager may share the terminal) and the scan takes over a second.
    #[arg(long, value_enum, default_value_t = ShowProgress::Auto)]
    pub progress: ShowProgress,
}

/// What a command's output shows of each record, which decides what the scan fills in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Needs {
    /// One line per code: no labels are looked for, and the fields such a line does not show
    /// are not filled ([`gbrscan::Fields::Listing`]).
    Listing,
    /// Every field, labels included.
    Everything,
}

/// `--ocr` and its settings, shared by `scan`, `check`, `index` and `text`.
#[derive(Debug, Clone, clap::Args)]
pub struct OcrArgs {
    /// Read PDF pages without a text layer and page images (PNG, TIFF, JPEG) through OCR
    /// (Tesseract and poppler's pdftoppm, installed from the system's packages), and read the
    /// misreadings of codes OCR makes (docs/reading.md, "OCR").
    #[arg(long)]
    pub ocr: bool,
    /// Tesseract's languages for --ocr, `+` between them (each needs its package:
    /// tesseract-ocr-deu for deu).
    #[arg(long, value_name = "LANGS", default_value = "eng", requires = "ocr")]
    pub ocr_lang: String,
    /// With --ocr, neither read nor keep page texts in the cache (under the user's cache
    /// directory, keyed by each file's content and the OCR settings).
    #[arg(long, requires = "ocr")]
    pub no_cache: bool,
}

impl OcrArgs {
    /// The OCR options, `None` without `--ocr`; `threads` pages are read at once.
    ///
    /// # Errors
    ///
    /// When Tesseract, its language data or pdftoppm is missing: the message names the
    /// packages to install.
    pub fn options(
        &self,
        threads: usize,
        progress: Option<gbrscan::input::tesseract::OcrProgressFn>,
    ) -> anyhow::Result<Option<OcrOptions>> {
        if !self.ocr {
            return Ok(None);
        }
        gbrscan::input::tesseract::tools(&self.ocr_lang)?;
        Ok(Some(OcrOptions {
            lang: self.ocr_lang.clone(),
            cache: if self.no_cache {
                None
            } else {
                gbrscan::input::tesseract::default_cache()
            },
            threads,
            progress,
            ..OcrOptions::default()
        }))
    }
}

/// The threads of `-j` (one per core by default).
pub fn threads(asked: Option<usize>) -> usize {
    asked
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

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
        SkipReason::SymlinkToDirectory | SkipReason::Symlink | SkipReason::SpecialFile
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
        super::errors::causes(err)
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

/// A `SIZE` argument (`--memory`, `--max-inflate`): a number of bytes, with an optional K, M,
/// G or T (powers of 1024) and an optional B (`1G`, `512MB`, `2.5G`, `100000`).
pub fn parse_size(text: &str) -> Result<u64, String> {
    let upper = text.trim().to_ascii_uppercase();
    let digits = upper.strip_suffix('B').unwrap_or(&upper);
    let (number, unit) = match digits.char_indices().last() {
        Some((i, c @ ('K' | 'M' | 'G' | 'T'))) => (&digits[..i], c),
        _ => (digits, ' '),
    };
    let shift = match unit {
        'K' => 10,
        'M' => 20,
        'G' => 30,
        'T' => 40,
        _ => 0,
    };
    let value: f64 = number
        .trim()
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite() && *v > 0.0)
        .ok_or_else(|| format!("expected a size such as 512M or 1G, found {text:?}"))?;
    Ok((value * (1u64 << shift) as f64) as u64)
}

impl InputArgs {
    /// The paths to scan: as given; with none, `-` (standard input) when standard input is a
    /// pipe or a file, else `.` (the current folder), as ripgrep does.
    pub fn paths_or_default(&self) -> Vec<PathBuf> {
        if !self.paths.is_empty() {
            return self.paths.clone();
        }
        if std::io::stdin().is_terminal() {
            vec![PathBuf::from(".")]
        } else {
            vec![PathBuf::from("-")]
        }
    }

    /// The inputs named by the paths and the folder filters.
    ///
    /// # Errors
    ///
    /// A glob or a type that does not parse.
    pub fn walk(&self) -> anyhow::Result<Walk> {
        Ok(walk_with(&self.paths_or_default(), &self.walk_options())?)
    }

    /// The folder filters of the flags (`--glob`, `--type`, `--max-depth`, `--respect-ignore`,
    /// `--hidden`).
    pub fn walk_options(&self) -> WalkOptions {
        WalkOptions {
            respect_ignore: self.respect_ignore,
            hidden: self.hidden,
            max_depth: self.max_depth,
            follow: self.follow,
            globs: self.globs.clone(),
            types: self.types.clone(),
        }
    }

    /// Every flag at the value it has when not given, and no path: what a command with flags
    /// of its own (`gbr check`) starts from before it sets the few it has. The values are
    /// clap's, read from the flags' own defaults, so that they cannot drift from them.
    pub fn defaults() -> InputArgs {
        use clap::{Args as _, FromArgMatches as _};
        let command = InputArgs::augment_args(clap::Command::new("gbr"));
        let matches = command
            .try_get_matches_from(["gbr"])
            .expect("the input flags parse with none given");
        InputArgs::from_arg_matches(&matches).expect("the input flags' defaults are values")
    }

    /// `--type-list`: the types and their globs, one a line (`pdf: *.pdf`).
    pub fn type_list() -> String {
        FILE_TYPES
            .iter()
            .map(|(name, globs)| format!("{name}: {}\n", globs.join(", ")))
            .collect()
    }

    /// How inputs are opened, from the flags, OCR on with `--ocr` (told of pages through
    /// `progress`).
    ///
    /// # Errors
    ///
    /// `--ocr` without Tesseract, its language data or pdftoppm installed.
    pub fn open_options_with(
        &self,
        progress: Option<gbrscan::input::tesseract::OcrProgressFn>,
    ) -> anyhow::Result<OpenOptions> {
        let mut opts = self.open_options();
        opts.ocr = self.ocr.options(threads(self.threads), progress)?;
        Ok(opts)
    }

    /// How inputs are opened, from the flags, without OCR.
    pub fn open_options(&self) -> OpenOptions {
        OpenOptions {
            ocr: None,
            load: LoadOptions {
                mmap: !self.no_mmap,
                binary: self.binary,
                encoding: self.encoding.0,
            },
            limit: InflateLimit {
                floor: self.max_inflate,
                ..InflateLimit::default()
            },
            stdin_label: self.label.as_deref().map(gbrscan::SourcePath::from_os),
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

/// The label rules of `--label-pattern`: the pattern compiled, or the regex crate's error.
fn parse_label_pattern(pattern: &str) -> Result<LabelRules, regex::Error> {
    LabelRules::pattern(pattern)
}

/// Walks the paths, scans every input on a pool of `threads`, filling what `needs` says, and
/// hands its records and its
/// end to `on_event` in input order, as they are found, with the progress bar cleared while it
/// runs when stdout is a terminal. Reports on stderr, through the bar, every path the walk left
/// out, every input that could not be read and every binary file skipped: callers do not
/// report them again. When `on_event` returns `Break`, nothing further is handed back.
pub fn scan_paths(
    args: &InputArgs,
    needs: Needs,
    mut on_event: impl FnMut(ScanEvent<'_>) -> ControlFlow<()> + Send,
) -> anyhow::Result<InputCounts> {
    // One command per process: the global pool is this scan's pool. An error means it was
    // built already (tests calling twice), and that pool serves as well.
    let _ = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0))
        .build_global();
    let walked = args.walk()?;
    let inputs: Arc<[InputPath]> = walked.inputs.into();
    let mut progress = Progress::new(args.progress, {
        let inputs = inputs.clone();
        move || total_bytes(&inputs)
    });
    let mut summary = InputCounts::default();
    for skip in &walked.skipped {
        if !args.no_messages {
            progress.warn(&skip_line(skip));
        }
        if is_error(skip.reason) {
            summary.errors += 1;
        } else {
            summary.not_scanned += 1;
        }
    }
    let pages = progress.pages();
    let open = args.open_options_with(args.ocr.ocr.then(
        || -> gbrscan::input::tesseract::OcrProgressFn {
            Arc::new(move |event| match event {
                OcrProgress::Pages(n) => pages.queued(n),
                OcrProgress::Done => pages.done(),
            })
        },
    ))?;
    let options = ScanInputs {
        scan: ScanOptions {
            chunk_size: args.chunk_size.max(1),
        },
        open,
        progress: &|bytes| progress.inc(bytes),
        pgn: args.pgn,
        labels: (needs == Needs::Everything)
            .then(|| args.label_pattern.clone().unwrap_or_default()),
        fields: match needs {
            Needs::Listing => Fields::Listing,
            Needs::Everything => Fields::All,
        },
    };
    let mut binary = Vec::new();
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
                    binary.push(gbrscan::source_path::shown(scan.input.path()).to_string())
                }
                FileOutcome::Changed { from, .. } => {
                    summary.errors += 1;
                    if !args.no_messages {
                        progress.warn(&format!(
                            "gbr: {}: changed while it was read (it shrank); no code from byte \
                             {from} on is reported",
                            gbrscan::source_path::shown(scan.input.path())
                        ));
                    }
                }
                FileOutcome::Failed(err) => {
                    summary.errors += 1;
                    if !args.no_messages {
                        progress.warn(&failure_line(err));
                    }
                }
            }
            binary.extend(scan.binary_members.iter().map(|m| m.to_string()));
            for problem in &scan.problems {
                summary.errors += 1;
                if !args.no_messages {
                    progress.warn(&failure_line(problem));
                }
            }
        }
        progress.around_output(|| on_event(event))
    });
    summary.not_scanned += binary.len() as u64;
    if !args.no_messages {
        report_binary(&binary, args.verbose, &progress);
    }
    progress.finish();
    summary.had_error = summary.errors > 0;
    Ok(summary)
}

/// The value of `-E/--encoding`: `None` for `auto`.
#[derive(Debug, Clone, Copy)]
pub struct Encoding(pub Option<&'static encoding_rs::Encoding>);

/// Reads `-E/--encoding` ([`gbrscan::input::named_encoding`]).
pub(super) fn parse_encoding(label: &str) -> Result<Encoding, String> {
    gbrscan::input::named_encoding(label).map(Encoding)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The flags at their defaults open and walk as the library's defaults do.
    #[test]
    fn the_defaults_are_the_libraries() {
        let args = InputArgs::defaults();
        assert!(args.paths.is_empty());
        assert_eq!(args.walk_options(), WalkOptions::default());
        let (open, default) = (args.open_options(), OpenOptions::default());
        assert_eq!(open.load.mmap, default.load.mmap);
        assert_eq!(open.load.binary, default.load.binary);
        assert_eq!(open.load.encoding, default.load.encoding);
        assert_eq!(open.limit, default.limit);
        assert!(open.stdin_label.is_none() && !args.ocr.ocr);
        assert_eq!(args.threads, None);
    }
}
