//! The input flags (`InputArgs`, `OcrArgs`, `-j`) and the input loop. The flags are read
//! once into the library's [`InputConfig`] (what is read and how) and [`Messages`] (what is
//! said on stderr besides); nothing under them sees clap. Two modes: [`scan_paths`]
//! (`scan.rs`) scans the texts as they come (`gbr scan`, `gbr index`); [`Loader::load`]
//! (`load.rs`) reads every text whole and hands them back with their names and pages
//! (`gbr check`).

mod load;
mod scan;

pub use load::{LoadedText, Loader, PlainFile, Stamp};
pub use scan::{InputCounts, failure_line, scan_paths};

use std::io::IsTerminal;
use std::path::PathBuf;

use gbrscan::LabelRules;
use gbrscan::input::{
    DiagramOptions, FILE_TYPES, InflateLimit, LoadOptions, OcrOptions, OpenOptions, WalkOptions,
};
use gbrscan::scan::{InputConfig, ScanOptions};

use super::progress::ShowProgress;

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
    /// Study data (JSON, JSON Lines, CSV, TSV): read the key or column NAME as FIELD (code,
    /// fen, stipulation, number, source, composers, year, honour), before the built-in names;
    /// repeatable. Example: fen=Stellung
    #[arg(long = "key", value_name = "FIELD=NAME")]
    pub keys: Vec<gbrscan::keyed::KeyName>,
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

/// The id of `--diagrams` (`--read-diagrams` in `gbr index`: [`crate::cli::command`]).
pub const READ_DIAGRAMS: &str = "read_diagrams";

/// `--ocr`, `--diagrams` and their settings, shared by `scan`, `check`, `index` and `text`.
#[derive(Debug, Clone, clap::Args)]
#[command(group(clap::ArgGroup::new("cached").args(["ocr", READ_DIAGRAMS]).multiple(true)))]
pub struct OcrArgs {
    /// Read PDF pages without a text layer and page images (PNG, TIFF, JPEG) through OCR
    /// (Tesseract and poppler's pdftoppm, installed from the system's packages), and read the
    /// misreadings of codes OCR makes (docs/reading.md, "OCR").
    #[arg(long)]
    pub ocr: bool,
    /// Read the chess diagrams drawn as pictures on the pages of PDFs with a text layer (a
    /// word processor's or a book's drawn boards): each page rendered by poppler's pdftoppm
    /// and searched for boards, each board read sure written into the text above its caption,
    /// where `gbr check` compares the two (docs/reading.md, "Diagrams in pictures"); a board
    /// beside no code gives itself a caption, a record of its own marked as the picture's. Costs
    /// some 0.2 s of CPU a page, once: the boards are kept in the cache. Reads the pictures of
    /// Word, OpenDocument, EPUB and HTML documents too (PNG, JPEG, GIF, BMP, TIFF; not EMF or
    /// WMF: print such a document to PDF). `gbr index` calls it --read-diagrams (its
    /// --diagrams draws boards in HTML).
    #[arg(id = READ_DIAGRAMS, long = "diagrams")]
    pub diagrams: bool,
    /// Tesseract's languages for --ocr, `+` between them (each needs its package:
    /// tesseract-ocr-deu for deu).
    #[arg(long, value_name = "LANGS", default_value = "eng", requires = "ocr")]
    pub ocr_lang: String,
    /// With --ocr or --diagrams, neither read nor keep page texts or boards in the cache
    /// (under the user's cache directory, keyed by each file's content and the settings).
    #[arg(long, requires = "cached")]
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

impl OcrArgs {
    /// The options of `--diagrams`, `None` without it; `threads` pages are read at once.
    /// pdftoppm and pdftotext are looked for when a PDF is met, not here: a document's or a
    /// page's pictures need neither, and a PDF read without them is a problem of that file
    /// that names the package to install (docs/inputs.md).
    pub fn diagrams(&self, threads: usize) -> Option<DiagramOptions> {
        if !self.diagrams {
            return None;
        }
        Some(DiagramOptions {
            threads,
            cache: if self.no_cache {
                None
            } else {
                gbrscan::input::tesseract::default_cache()
            },
            ..DiagramOptions::default()
        })
    }
}

/// The threads of `-j` (one per core by default).
pub fn threads(asked: Option<usize>) -> usize {
    asked
        .filter(|&n| n > 0)
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
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
    fn paths_or_default(&self) -> Vec<PathBuf> {
        if !self.paths.is_empty() {
            return self.paths.clone();
        }
        if std::io::stdin().is_terminal() {
            vec![PathBuf::from(".")]
        } else {
            vec![PathBuf::from("-")]
        }
    }

    /// The run's [`InputConfig`], made once from the flags: the paths (or their default),
    /// the folder filters, how inputs are opened (OCR with `--ocr`, one page a thread of
    /// `-j`), the chunk size, `--pgn`, `--key`, `--label-pattern` and `-j`.
    ///
    /// # Errors
    ///
    /// `--ocr` without Tesseract, its language data or pdftoppm installed.
    pub fn config(&self) -> anyhow::Result<InputConfig> {
        Ok(InputConfig {
            paths: self.paths_or_default(),
            walk: WalkOptions {
                respect_ignore: self.respect_ignore,
                hidden: self.hidden,
                max_depth: self.max_depth,
                follow: self.follow,
                globs: self.globs.clone(),
                types: self.types.clone(),
                leave_out: Vec::new(),
            },
            open: OpenOptions {
                ocr: self.ocr.options(threads(self.threads), None)?,
                diagrams: self.ocr.diagrams(threads(self.threads)),
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
            },
            scan: ScanOptions {
                chunk_size: self.chunk_size.max(1),
            },
            pgn: self.pgn,
            keys: gbrscan::keyed::Keys::new(self.keys.clone()),
            labels: self.label_pattern.clone().unwrap_or_default(),
            threads: self.threads,
        })
    }

    /// What the scan loop tells on stderr besides the records: `--verbose`, `--no-messages`,
    /// `--progress`.
    pub fn messages(&self) -> Messages {
        Messages {
            verbose: self.verbose,
            quiet: self.no_messages,
            progress: self.progress,
        }
    }

    /// `--type-list`: the types and their globs, one a line (`pdf: *.pdf`).
    pub fn type_list() -> String {
        FILE_TYPES
            .iter()
            .map(|(name, globs)| format!("{name}: {}\n", globs.join(", ")))
            .collect()
    }
}

/// What the scan loop ([`scan_paths`]) tells on stderr besides the records, from the flags;
/// the input stage itself is configured by [`InputConfig`] alone.
#[derive(Debug, Clone, Copy)]
pub struct Messages {
    /// `--verbose`: every binary file skipped named, not just counted.
    pub verbose: bool,
    /// `--no-messages`: nothing said of files skipped or unreadable.
    pub quiet: bool,
    /// `--progress`: when the progress bar shows.
    pub progress: ShowProgress,
}

/// The label rules of `--label-pattern`: the pattern compiled, or the regex crate's error.
fn parse_label_pattern(pattern: &str) -> Result<LabelRules, regex::Error> {
    LabelRules::pattern(pattern)
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
    use clap::{Args as _, FromArgMatches as _};

    /// The flags at their defaults (a path given) make the library's default configuration:
    /// `gbr check`, which has few of the flags, starts from `InputConfig::default()`.
    #[test]
    fn the_defaults_are_the_libraries() {
        let command = InputArgs::augment_args(clap::Command::new("gbr"));
        let matches = command.try_get_matches_from(["gbr", "x"]).unwrap();
        let args = InputArgs::from_arg_matches(&matches).unwrap();
        let (config, default) = (args.config().unwrap(), InputConfig::default());
        assert_eq!(config.paths, [PathBuf::from("x")]);
        assert_eq!(config.walk, default.walk);
        let (open, default_open) = (&config.open, &default.open);
        assert_eq!(open.load.mmap, default_open.load.mmap);
        assert_eq!(open.load.binary, default_open.load.binary);
        assert_eq!(open.load.encoding, default_open.load.encoding);
        assert_eq!(open.limit, default_open.limit);
        assert!(open.stdin_label.is_none() && open.ocr.is_none() && default_open.ocr.is_none());
        assert_eq!(config.scan, default.scan);
        assert_eq!(config.pgn, default.pgn);
        assert_eq!(
            format!("{:?}", config.labels),
            format!("{:?}", default.labels)
        );
        assert_eq!(config.threads, default.threads);
    }
}
