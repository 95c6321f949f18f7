//! The library's small closed enums as named choices: every value, its name on the command
//! line, and one line saying what it is. The CLI makes the values of a flag (`--format`,
//! `--group-by`, `--min-rank`, `--layout`, `--paper`) from [`Choice`], so that the enum here
//! is the only list of them.

use crate::order::Order;
use crate::parse::Rank;
use crate::render::{Format, Layout, Paper};
use crate::saved::columns::SavedFormat;

/// A closed set of named values.
pub trait Choice: Copy + Send + Sync + 'static {
    /// Every value, in the order `--help` lists them.
    const ALL: &'static [Self];

    /// The value's name on the command line (lower case, `-` between words).
    fn name(self) -> &'static str;

    /// What the value means, in one sentence, for `--help`.
    fn about(self) -> &'static str;

    /// Other names read as this value.
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// The value whose name, or one of whose aliases, is `name` (exactly, case and all).
    fn from_name(name: &str) -> Option<Self> {
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name() == name || v.aliases().contains(&name))
    }
}

/// `--format` of `gbr index` and `gbr lookup`.
impl Choice for Format {
    const ALL: &'static [Format] = &Format::ALL;

    fn name(self) -> &'static str {
        Format::name(self)
    }

    fn about(self) -> &'static str {
        match self {
            Format::Text => "Print-ready text: a heading per code, an aligned line per entry",
            Format::Tsv => "Tab-separated values with a header row (readable by lookup and merge)",
            Format::Csv => "Comma-separated values with a header row",
            Format::Jsonl => "JSON Lines, one entry per line (readable by lookup and merge)",
            Format::Html => "One self-contained HTML page",
            Format::Pgn => {
                "PGN for chess software: a game per full position (SetUp, FEN, GBR tags)"
            }
            Format::Epd => "EPD for chess software: a line per full position (id and c0 opcodes)",
            Format::Xlsx => "An Excel workbook: codes and kings as text cells, a frozen header row",
            Format::Markdown => "Markdown, from a template",
            Format::Typst => "A Typst document (.typ), from a template",
            Format::Latex => "A LaTeX document (.tex), from a template",
        }
    }
}

/// `--format` of `gbr merge`: the formats read back.
impl Choice for SavedFormat {
    const ALL: &'static [SavedFormat] = &[SavedFormat::Tsv, SavedFormat::Jsonl];

    fn name(self) -> &'static str {
        SavedFormat::name(self)
    }

    fn about(self) -> &'static str {
        match self {
            SavedFormat::Tsv => "Tab-separated values with a header row",
            SavedFormat::Jsonl => "JSON Lines, one entry per line",
        }
    }
}

/// `--group-by` of `gbr index`: `none` is [`Order::Code`].
impl Choice for Order {
    const ALL: &'static [Order] = &[Order::Code, Order::Stipulation];

    fn name(self) -> &'static str {
        match self {
            Order::Code => "none",
            Order::Stipulation => "stipulation",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Order::Code => "One sequence: code, kings, squares, W/B, stipulation, path, offset",
            Order::Stipulation => {
                "Wins first, then draws, then the rest, each in that order, as printed books do"
            }
        }
    }
}

/// `--min-rank` of `gbr scan` and `gbr index`.
impl Choice for Rank {
    const ALL: &'static [Rank] = &[Rank::Bare, Rank::Kings, Rank::Wb, Rank::Full];

    fn name(self) -> &'static str {
        Rank::name(self)
    }

    fn about(self) -> &'static str {
        match self {
            Rank::Bare => "Every code, a lone `dddd.dd` included",
            Rank::Kings => "Codes with king squares or more",
            Rank::Wb => "Codes with W/B or more (`men-count` is read as well)",
            Rank::Full => "Full positions only",
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            Rank::Wb => &["men-count"],
            _ => &[],
        }
    }
}

/// `--layout` of `gbr index`.
impl Choice for Layout {
    const ALL: &'static [Layout] = &[Layout::Full, Layout::Compact];

    fn name(self) -> &'static str {
        match self {
            Layout::Full => "full",
            Layout::Compact => "compact",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Layout::Full => "Every field of every entry (text, html, markdown, typst, latex)",
            Layout::Compact => {
                "The books' style: `code kings` per entry, in columns, a heading per group"
            }
        }
    }
}

/// `--paper` of `gbr index`.
impl Choice for Paper {
    const ALL: &'static [Paper] = &[Paper::A4, Paper::Letter];

    fn name(self) -> &'static str {
        Paper::name(self)
    }

    fn about(self) -> &'static str {
        match self {
            Paper::A4 => "ISO A4",
            Paper::Letter => "US Letter",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn names_round_trip<T: Choice + PartialEq + std::fmt::Debug>() {
        for &value in T::ALL {
            assert_eq!(T::from_name(value.name()), Some(value));
            for alias in value.aliases() {
                assert_eq!(T::from_name(alias), Some(value));
            }
        }
        assert_eq!(T::from_name("no such name"), None);
    }

    #[test]
    fn every_choice_is_found_by_its_name_and_aliases() {
        names_round_trip::<Format>();
        names_round_trip::<SavedFormat>();
        names_round_trip::<Order>();
        names_round_trip::<Rank>();
        names_round_trip::<Layout>();
        names_round_trip::<Paper>();
    }
}
