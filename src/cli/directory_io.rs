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

/// The format asked for, else the one the output file's extension names, else `fallback`.
pub fn choose_format(asked: Option<FormatArg>, output: Option<&Path>, fallback: Format) -> Format {
    asked
        .map(Format::from)
        .or_else(|| output.and_then(Format::from_extension))
        .unwrap_or(fallback)
}
