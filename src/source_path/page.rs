//! A page of a paged source (a PDF) as references give it: its index and the page as printed
//! (docs/inputs.md, "Pages"). Beside the source's name, below both the input layer that finds
//! pages and the record that carries them.

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

/// Where a record's printed page ([`crate::Record::page`]) comes from (docs/inputs.md, "Pages").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PageFrom {
    /// The PDF's page labels (`/PageLabels`, ISO 32000-1 §12.4.2): the page as a viewer
    /// shows it and as the publisher numbered it.
    Labels,
    /// The folio printed on the page, a number alone in its first or last lines that keeps
    /// the same distance from the page index across the file; a page with none printed is
    /// counted from that distance.
    Folio,
    /// Nothing printed is known: the page index.
    Index,
}

impl PageFrom {
    /// Its name in JSON and in a directory's `page_from` column: `labels`, `folio`, `index`.
    pub fn name(self) -> &'static str {
        match self {
            PageFrom::Labels => "labels",
            PageFrom::Folio => "folio",
            PageFrom::Index => "index",
        }
    }

    /// The value named `name` ([`PageFrom::name`]), `None` for another text.
    pub fn from_name(name: &str) -> Option<PageFrom> {
        [PageFrom::Labels, PageFrom::Folio, PageFrom::Index]
            .into_iter()
            .find(|from| from.name() == name)
    }
}

/// A page of a PDF as references give it: its index in the file and the page as printed.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PageRef {
    /// The 1-based index of the page in the file.
    pub index: u32,
    /// The page as printed (its label or folio), or `index` in decimal, as `from` says.
    pub printed: CompactString,
    /// Where `printed` comes from.
    pub from: PageFrom,
}

impl PageRef {
    /// Page `index` (1-based) with nothing printed known: printed as its index.
    pub fn index(index: u32) -> PageRef {
        PageRef {
            index,
            printed: CompactString::from(itoa::Buffer::new().format(index)),
            from: PageFrom::Index,
        }
    }
}
