//! What `gbr index`, `gbr lookup` and `gbr merge` share: the format arguments (their output
//! is in `atomic.rs`).

use std::path::Path;

use gbrscan::directory::Format;
use gbrscan::directory::read::SavedFormat;

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
            gbrscan::source_path::shown(path),
            known.join(", ")
        )
    })
}
