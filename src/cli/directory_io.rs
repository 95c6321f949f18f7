//! What `gbr index`, `gbr lookup` and `gbr merge` share: the format arguments, and output that
//! replaces a file atomically.

use std::fs;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::Context;
use gbrscan::directory::Format;
use gbrscan::directory::read::SavedFormat;
use tempfile::NamedTempFile;

/// `--format` of `gbr index` and `gbr lookup`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    /// Print-ready text: a heading per code, an aligned line per entry.
    Text,
    /// Tab-separated values with a header row (readable by lookup and merge).
    Tsv,
    /// Comma-separated values with a header row.
    Csv,
    /// JSON Lines, one entry per line (readable by lookup and merge).
    Jsonl,
    /// One self-contained HTML page.
    Html,
    /// PGN for chess software: a game per full position (SetUp, FEN, GBR tags).
    Pgn,
    /// EPD for chess software: a line per full position (id and c0 opcodes).
    Epd,
    /// An Excel workbook: codes and kings as text cells, a frozen header row.
    Xlsx,
    /// Markdown, from a template.
    Markdown,
    /// A Typst document (.typ), from a template.
    Typst,
    /// A LaTeX document (.tex), from a template.
    Latex,
}

impl From<FormatArg> for Format {
    fn from(arg: FormatArg) -> Format {
        match arg {
            FormatArg::Text => Format::Text,
            FormatArg::Tsv => Format::Tsv,
            FormatArg::Csv => Format::Csv,
            FormatArg::Jsonl => Format::Jsonl,
            FormatArg::Html => Format::Html,
            FormatArg::Pgn => Format::Pgn,
            FormatArg::Epd => Format::Epd,
            FormatArg::Xlsx => Format::Xlsx,
            FormatArg::Markdown => Format::Markdown,
            FormatArg::Typst => Format::Typst,
            FormatArg::Latex => Format::Latex,
        }
    }
}

/// `--format` of `gbr merge`: the formats that can be read back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SavedArg {
    /// Tab-separated values with a header row.
    Tsv,
    /// JSON Lines, one entry per line.
    Jsonl,
}

impl From<SavedArg> for SavedFormat {
    fn from(arg: SavedArg) -> SavedFormat {
        match arg {
            SavedArg::Tsv => SavedFormat::Tsv,
            SavedArg::Jsonl => SavedFormat::Jsonl,
        }
    }
}

/// The format asked for, else the one the output file's extension names, else `fallback`
/// when the output has no extension (or is standard output).
///
/// # Errors
/// When the output's extension names no format: the message lists the extensions known, so
/// that `-o index.pdf` never quietly writes text.
pub fn choose_format(
    asked: Option<FormatArg>,
    output: Option<&Path>,
    fallback: Format,
) -> anyhow::Result<Format> {
    if let Some(asked) = asked {
        return Ok(asked.into());
    }
    let Some(path) = output else {
        return Ok(fallback);
    };
    if path.extension().is_none() {
        return Ok(fallback);
    }
    Format::from_extension(path).ok_or_else(|| {
        let known: Vec<String> = Format::ALL
            .iter()
            .flat_map(|f| {
                f.extensions()
                    .iter()
                    .map(move |e| format!(".{e} ({})", f.name()))
            })
            .collect();
        anyhow::anyhow!(
            "{} has an extension no format has; give --format, or one of: {}",
            path.display(),
            known.join(", ")
        )
    })
}

enum Sink {
    Stdout(BufWriter<StdoutLock<'static>>),
    File(BufWriter<NamedTempFile>),
}

/// Standard output, or a temporary file in the target's folder that replaces the target only
/// when [`Output::finish`] is called: a failed or killed run leaves an existing file as it was
/// (a killed run may leave a hidden `.gbr-*.tmp` beside it).
pub struct Output {
    sink: Sink,
    target: Option<PathBuf>,
}

impl Output {
    /// Output to `path`, or to standard output when `None`.
    pub fn create(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(path) = path else {
            return Ok(Output {
                sink: Sink::Stdout(BufWriter::with_capacity(1 << 16, io::stdout().lock())),
                target: None,
            });
        };
        let folder = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p,
            _ => Path::new("."),
        };
        let temp = tempfile::Builder::new()
            .prefix(".gbr-")
            .suffix(".tmp")
            .tempfile_in(folder)
            .with_context(|| format!("cannot create a temporary file in {}", folder.display()))?;
        Ok(Output {
            sink: Sink::File(BufWriter::with_capacity(1 << 16, temp)),
            target: Some(path.to_owned()),
        })
    }

    /// Flushes, and moves the temporary file onto the target.
    pub fn finish(self) -> anyhow::Result<()> {
        match self.sink {
            Sink::Stdout(mut out) => out.flush().context("cannot write to standard output"),
            Sink::File(out) => {
                let target = self.target.unwrap_or_default();
                let temp = out
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .with_context(|| format!("cannot write {}", target.display()))?;
                temp.as_file()
                    .sync_all()
                    .with_context(|| format!("cannot write {}", target.display()))?;
                readable_by_all(temp.path());
                temp.persist(&target)
                    .map_err(|e| e.error)
                    .with_context(|| format!("cannot replace {}", target.display()))?;
                Ok(())
            }
        }
    }
}

/// Temporary files are created private (0600); a directory is meant to be shared like any
/// file the user writes (0644). Failing to widen it is not worth failing the run.
fn readable_by_all(path: &Path) {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = fs::set_permissions(path, fs::Permissions::from_mode(0o644));
    }
    #[cfg(not(unix))]
    let _ = path;
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write(buf),
            Sink::File(w) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.write_all(buf),
            Sink::File(w) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.sink {
            Sink::Stdout(w) => w.flush(),
            Sink::File(w) => w.flush(),
        }
    }
}
