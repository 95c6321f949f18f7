//! How a printed format lays out a listing: title, paper, layout, diagrams and an editor's own
//! template. Each format uses the settings it has (`docs/printing.md`); the row formats use none.

/// A paper size for the print layouts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Paper {
    /// ISO A4, 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
}

impl Paper {
    /// The paper's name on the command line: `a4`, `letter`.
    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "letter",
        }
    }

    /// The CSS `@page { size: ... }` value.
    pub fn css(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "letter",
        }
    }

    /// The Typst `paper:` value.
    pub fn typst(self) -> &'static str {
        match self {
            Paper::A4 => "a4",
            Paper::Letter => "us-letter",
        }
    }

    /// The LaTeX `geometry` paper option.
    pub fn latex(self) -> &'static str {
        match self {
            Paper::A4 => "a4paper",
            Paper::Letter => "letterpaper",
        }
    }
}

/// How the printed formats (`text`, `html`, `markdown`, `typst`, `latex`) lay out the entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// Every field of every entry: a heading per code (per position in a duplicates listing)
    /// and a line or table row per entry.
    #[default]
    Full,
    /// The books' style: `code kings label` per entry, several entries to a line, a heading
    /// per group only.
    Compact,
}

/// The print settings of a listing.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Print {
    /// The document's title; each format has its own default (`GBR directory`).
    pub title: Option<String>,
    /// The paper of `html` (its `@page` size), `typst` and `latex`; `None` for A4.
    pub paper: Option<Paper>,
    /// The layout of `text`, `html`, `markdown`, `typst` and `latex`.
    pub layout: Layout,
    /// Entries per line of the compact layout (columns per page in `typst` and `latex`); 0 for
    /// the default (3).
    pub columns: usize,
    /// Draw each full position as a small board (`html`).
    pub diagrams: bool,
    /// The source of a template to render instead of the format's own (`html`, `markdown`,
    /// `typst`, `latex`), whatever the layout: the template reads `layout`.
    pub template: Option<String>,
}

impl Print {
    /// The title, or `default`.
    pub(crate) fn title_or<'a>(&'a self, default: &'a str) -> &'a str {
        self.title.as_deref().unwrap_or(default)
    }

    /// The paper, A4 when none is set.
    pub fn paper(&self) -> Paper {
        self.paper.unwrap_or_default()
    }

    /// Entries per line of the compact layout: [`Print::columns`], else 3.
    pub fn columns(&self) -> usize {
        if self.columns == 0 { 3 } else { self.columns }
    }
}

/// The default title of a listing.
pub(crate) fn default_title(listing: &super::Listing<'_>) -> &'static str {
    match listing.kind {
        super::ListingKind::Duplicates => "GBR directory: duplicates",
        super::ListingKind::Directory(_) => "GBR directory",
    }
}
