//! What a study's source says of it besides the position: the tags of a PGN game
//! (`docs/chess-formats.md`).

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

/// The metadata of a study read from a PGN game's tags, each where the game gives it (a value
/// of `?` or empty counts as not given). Names decoded for display: UTF-8, or Windows-1252 for
/// files that are not UTF-8. Serialised as an object whose absent members are left out.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Study {
    /// The composer: the `White` tag, as study databases use it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub composer: Option<CompactString>,
    /// The source (tourney, magazine): the `Event` tag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<CompactString>,
    /// The `Date` tag as written (`1995.??.??`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<CompactString>,
    /// The `Result` tag as written (`1-0`, `1/2-1/2`): where the stipulation comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<CompactString>,
    /// The code of a GBR-like tag (a tag whose name holds `GBR`, any case), as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gbr: Option<CompactString>,
}

impl Study {
    /// True when no member is given.
    pub fn is_empty(&self) -> bool {
        *self == Study::default()
    }
}
