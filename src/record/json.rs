//! How a record's parts are written to JSON and read back where serde's derive alone does not
//! do it: the page (a string, or an older directory's number), kings, square lists and W/B as
//! their text, the citation's fields in the record's own object, the board as its FEN field.

use compact_str::CompactString;
use serde::Deserialize;

/// Reads [`Record::page`]: a string, or a number (JSON saved when the field was the page
/// index), taken as its decimal text.
pub(super) fn page_text<'de, D: serde::Deserializer<'de>>(
    d: D,
) -> Result<Option<CompactString>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Page {
        Text(CompactString),
        Index(u32),
    }
    Ok(match Option::<Page>::deserialize(d)? {
        None => None,
        Some(Page::Text(text)) => Some(text),
        Some(Page::Index(index)) => Some(CompactString::from(itoa::Buffer::new().format(index))),
    })
}

/// Serialises kings, a square list or W/B as the text its `Display` prints, made in one piece
/// and written as a string: through `Display` (`collect_str`) the JSON writer escaped the text
/// a piece at a time, which cost `gbr scan --json` more instructions (docs/performance.md,
/// "Measurements behind the code").
pub(super) mod part_text {
    use serde::Serializer;

    use crate::position::{Kings, MenCount, SquareList, compact_text};

    /// A part of a position that appends its text to a string.
    pub trait PushText {
        fn push_text(&self, out: &mut String);
    }

    impl PushText for Kings {
        fn push_text(&self, out: &mut String) {
            self.push_to(out);
        }
    }

    impl PushText for MenCount {
        fn push_text(&self, out: &mut String) {
            self.push_to(out);
        }
    }

    impl PushText for SquareList {
        fn push_text(&self, out: &mut String) {
            self.push_to(out);
        }
    }

    pub fn serialize<S: Serializer, T: PushText>(
        part: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match part {
            Some(part) => s.serialize_str(&compact_text(|t| part.push_text(t))),
            None => s.serialize_none(),
        }
    }
}

/// The citation's fields as members of the record's own object: none for `None`; read back
/// as `None` when no field is given.
pub(super) mod citation_fields {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use crate::citation::Citation;

    pub fn serialize<S: Serializer>(cite: &Option<Box<Citation>>, s: S) -> Result<S::Ok, S::Error> {
        match cite {
            Some(c) => c.serialize(s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Box<Citation>>, D::Error> {
        let cite = Citation::deserialize(d)?;
        Ok((!cite.is_empty()).then(|| Box::new(cite)))
    }
}

/// Serialises an optional boxed board as its FEN board field (`8/K7/2nn4/8/8/1B1k4/1R6/8`).
pub(super) mod boxed_board {
    use serde::{Deserialize, Deserializer, Serializer};
    use shakmaty::Board;

    pub fn serialize<S: Serializer>(board: &Option<Box<Board>>, s: S) -> Result<S::Ok, S::Error> {
        match board {
            Some(b) => s.collect_str(b),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Box<Board>>, D::Error> {
        Option::<String>::deserialize(d)?
            .map(|t| {
                t.parse::<Board>()
                    .map(Box::new)
                    .map_err(serde::de::Error::custom)
            })
            .transpose()
    }
}
