//! Every writer of the library: the 11 formats of a directory ([`Format`]), a closed enum
//! and one small writer per format, the rows of a saved directory (`RowWriter`), the
//! three outputs of `gbr scan` ([`scan`]), and those of `gbr check` ([`check`]). A directory writer takes a [`Listing`] (a directory,
//! or its duplicate groups) and writes to any `impl Write`; none knows about files, terminals
//! or directories being sorted.

mod cells;
pub mod check;
mod compact;
pub mod csv;
mod diagram;
mod epd;
mod jsonl;
mod pgn;
mod print;
mod rows;
pub mod scan;
mod template;
mod text;
mod tsv;
mod xlsx;

use std::io::{self, Write};
use std::path::Path;

use crate::code::Code;
use crate::position::{Kings, SquareList};
use crate::record::Record;

use crate::order::{Group, Order};
use crate::saved::columns::SavedFormat;

use crate::saved::columns::COLUMNS;
use crate::saved::columns::{GUARD, needs_guard};
pub(crate) use cells::{LeadOf, cells, code_text, lead_cell, material_words, stipulation_text};
pub use print::{Layout, Paper, Print};
pub use template::TemplateError;

/// An output format of `gbr index` and `gbr lookup`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// Print-ready text: a heading per code with the material in words, then one aligned line
    /// per entry.
    Text,
    /// Tab-separated values with a header row, written by the `csv` crate: a cell with a tab or
    /// `"` quoted, `\\ \n \r` escaped so that each entry is one line. Readable back.
    Tsv,
    /// Comma-separated values (RFC 4180) with a header row, for spreadsheets.
    Csv,
    /// JSON Lines: one [`Record`] object per line. Readable back.
    Jsonl,
    /// One self-contained HTML page, rendered from a template: contents, an anchor and a table
    /// per code (the full layout), or one table of entries in columns (compact); print styles
    /// with the paper's `@page` size.
    Html,
    /// PGN for chess software: a game per entry with a full position (SetUp and FEN tags).
    Pgn,
    /// EPD for chess software: a line per entry with a full position (`id`, `c0` opcodes).
    Epd,
    /// An Excel workbook: a sheet of the `tsv` columns, every cell text but the numbers, a
    /// frozen header row, findings in words. See `docs/printing.md`.
    Xlsx,
    /// Markdown, rendered from a template: a heading per code and a table of its entries
    /// (compact: a table of entries in columns per group).
    Markdown,
    /// A Typst document (`.typ`), rendered from a template: a table per code, or the entries
    /// in page columns (compact).
    Typst,
    /// A LaTeX document (`.tex`), rendered from a template: a `longtable` per code, or the
    /// entries in `multicols` columns (compact).
    Latex,
}

impl Format {
    /// Every format, in the order of `--help`.
    pub const ALL: [Format; 11] = [
        Format::Text,
        Format::Tsv,
        Format::Csv,
        Format::Jsonl,
        Format::Html,
        Format::Pgn,
        Format::Epd,
        Format::Xlsx,
        Format::Markdown,
        Format::Typst,
        Format::Latex,
    ];

    /// The format's name on the command line: `text`, `tsv`, `csv`, `jsonl`, `html`, `pgn`,
    /// `epd`, `xlsx`, `markdown`, `typst`, `latex`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Text => "text",
            Format::Tsv => "tsv",
            Format::Csv => "csv",
            Format::Jsonl => "jsonl",
            Format::Html => "html",
            Format::Pgn => "pgn",
            Format::Epd => "epd",
            Format::Xlsx => "xlsx",
            Format::Markdown => "markdown",
            Format::Typst => "typst",
            Format::Latex => "latex",
        }
    }

    /// The file name extensions of the format, lower case and without the dot, the usual one
    /// first.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Format::Text => &["txt"],
            Format::Tsv => &["tsv"],
            Format::Csv => &["csv"],
            Format::Jsonl => &["jsonl"],
            Format::Html => &["html", "htm"],
            Format::Pgn => &["pgn"],
            Format::Epd => &["epd"],
            Format::Xlsx => &["xlsx"],
            Format::Markdown => &["md", "markdown"],
            Format::Typst => &["typ"],
            Format::Latex => &["tex"],
        }
    }

    /// The format a file name's extension asks for ([`Format::extensions`], any case). `None`
    /// for any other extension or none.
    pub fn from_extension(path: &Path) -> Option<Format> {
        let extension = path.extension()?.to_str()?.to_ascii_lowercase();
        Format::ALL
            .into_iter()
            .find(|f| f.extensions().contains(&extension.as_str()))
    }

    /// The saved format this is, for the two that `gbr lookup` and `gbr merge` read back.
    pub fn saved(self) -> Option<SavedFormat> {
        match self {
            Format::Tsv => Some(SavedFormat::Tsv),
            Format::Jsonl => Some(SavedFormat::Jsonl),
            _ => None,
        }
    }

    /// Writes `listing` in this format with the default print settings ([`Print::default`]).
    /// The caller buffers `w` (a `BufWriter`) where it is a file or a pipe.
    ///
    /// # Errors
    /// The first error of `w`.
    pub fn write<W: Write>(self, listing: &Listing<'_>, w: W) -> io::Result<()> {
        self.write_with(listing, &Print::default(), w)
    }

    /// Writes `listing` in this format, laid out as `print` says (title, paper, layout,
    /// diagrams, template; each format uses the settings it has, see `docs/printing.md`).
    ///
    /// # Errors
    /// The first error of `w`; for the template formats, a template that does not parse or
    /// render, as an [`io::Error`] of kind `InvalidData` wrapping a [`TemplateError`].
    pub fn write_with<W: Write>(
        self,
        listing: &Listing<'_>,
        print: &Print,
        mut w: W,
    ) -> io::Result<()> {
        match (self, print.layout) {
            (Format::Text, Layout::Compact) => compact::write(listing, print, &mut w),
            (Format::Text, Layout::Full) => text::write(listing, &mut w),
            (Format::Tsv, _) => tsv::write(listing, &mut w),
            (Format::Csv, _) => csv::write(listing, &mut w),
            (Format::Jsonl, _) => jsonl::write(listing, &mut w),
            (Format::Pgn, _) => pgn::write(listing, &mut w),
            (Format::Epd, _) => epd::write(listing, &mut w),
            (Format::Xlsx, _) => xlsx::write(listing, &mut w),
            (Format::Html | Format::Markdown | Format::Typst | Format::Latex, _) => {
                template::write(self, listing, print, &mut w)
            }
        }?;
        w.flush()
    }

    /// True for the formats whose output is not text (`xlsx`).
    pub fn is_binary(self) -> bool {
        self == Format::Xlsx
    }
}

/// The entries of `listing` that the `pgn` and `epd` formats skip: those without a board
/// (every man's square).
pub fn without_board(listing: &Listing<'_>) -> usize {
    listing
        .blocks
        .iter()
        .flat_map(|b| &b.entries)
        .filter(|r| r.fen.is_none())
        .count()
}

/// What a listing lists: a directory in an order, or the duplicate groups of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingKind {
    /// Every entry, in a block per code (per group and code under [`Order::Stipulation`]).
    Directory(Order),
    /// The duplicate groups, a block each ([`crate::directory::DuplicateGroup`]).
    Duplicates,
}

/// The heading of a block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heading<'a> {
    /// A directory block: every entry of one code (of one group, when grouped).
    Code {
        /// The group, under [`Order::Stipulation`].
        group: Option<Group>,
        /// The code.
        code: Code,
    },
    /// A duplicate group: one position.
    Position {
        /// 1-based number of the group in the listing.
        number: usize,
        /// The code.
        code: Code,
        /// The kings, printed `a7d3`.
        kings: Kings,
        /// The squares the entries agree on, where some give them; printed `b2b3c6d6`.
        squares: Option<&'a SquareList>,
        /// For a near match, the other code (one digit apart).
        near: Option<Code>,
    },
}

impl Heading<'_> {
    /// The code of the block.
    pub fn code(&self) -> Code {
        match *self {
            Heading::Code { code, .. } | Heading::Position { code, .. } => code,
        }
    }

    /// The group of the block, under [`Order::Stipulation`].
    pub fn group(&self) -> Option<Group> {
        match *self {
            Heading::Code { group, .. } => group,
            Heading::Position { .. } => None,
        }
    }
}

/// Entries under one heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block<'a> {
    /// What the entries share.
    pub heading: Heading<'a>,
    /// The entries, in directory order.
    pub entries: Vec<&'a Record>,
}

/// What a writer writes: blocks of entries, each under a heading.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing<'a> {
    /// A directory or its duplicates.
    pub kind: ListingKind,
    /// The blocks, in order.
    pub blocks: Vec<Block<'a>>,
}

impl Listing<'_> {
    /// Number of entries written (an entry in two duplicate groups counts twice).
    pub fn len(&self) -> usize {
        self.blocks.iter().map(|b| b.entries.len()).sum()
    }

    /// True when there is nothing to write.
    pub fn is_empty(&self) -> bool {
        self.blocks.is_empty()
    }

    fn lead(&self) -> Lead {
        match self.kind {
            ListingKind::Directory(order) => Lead::of(order),
            ListingKind::Duplicates => Lead::Duplicate,
        }
    }
}

/// The column the row formats write before [`COLUMNS`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lead {
    /// None: a directory in [`Order::Code`].
    None,
    /// `group` (`win`, `draw`, `other`): a directory in [`Order::Stipulation`].
    Group,
    /// `duplicate`: the 1-based number of the duplicate group.
    Duplicate,
}

impl Lead {
    pub(crate) fn of(order: Order) -> Lead {
        match order {
            Order::Code => Lead::None,
            Order::Stipulation => Lead::Group,
        }
    }

    /// The lead column's name.
    pub(crate) fn name(self) -> Option<&'static str> {
        match self {
            Lead::None => None,
            Lead::Group => Some("group"),
            Lead::Duplicate => Some("duplicate"),
        }
    }
}

/// Writes a saved directory row by row, for `gbr merge`, which streams.
#[derive(Debug)]
pub(crate) struct RowWriter {
    format: SavedFormat,
    lead: Lead,
    line: Vec<u8>,
    scratch: Vec<u8>,
}

impl RowWriter {
    /// A writer of `format` for a directory in `order`.
    pub fn new(format: SavedFormat, order: Order) -> RowWriter {
        RowWriter {
            format,
            lead: Lead::of(order),
            line: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Writes the header row (TSV); nothing for JSON Lines.
    ///
    /// # Errors
    /// The first error of `w`.
    pub fn header<W: Write>(&mut self, w: &mut W) -> io::Result<()> {
        match self.format {
            SavedFormat::Tsv => tsv::write_header(self.lead, w),
            SavedFormat::Jsonl => Ok(()),
        }
    }

    /// Writes one entry.
    ///
    /// # Errors
    /// The first error of `w`.
    pub fn entry<W: Write>(&mut self, record: &Record, w: &mut W) -> io::Result<()> {
        let append_row = match self.format {
            SavedFormat::Tsv => tsv::append_row,
            SavedFormat::Jsonl => jsonl::append_row,
        };
        self.line.clear();
        let of = LeadOf::record(record);
        append_row(self.lead, of, record, &mut self.line, &mut self.scratch)?;
        w.write_all(&self.line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_follows_the_extension() {
        assert_eq!(
            Format::from_extension(Path::new("a.TSV")),
            Some(Format::Tsv)
        );
        assert_eq!(
            Format::from_extension(Path::new("a.htm")),
            Some(Format::Html)
        );
        assert_eq!(Format::from_extension(Path::new("a.json")), None);
    }
}
