//! Which key names which field of a study ([`Keys`]): the built-in names of docs/inputs.md,
//! "Study data", and a collection's own names given as `FIELD=NAME` ([`KeyName`]).

use std::fmt;
use std::str::FromStr;

/// A field of a study that a key of a record may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StudyField {
    /// The GBR code, with its kings and any other part of gbr-notation.md §2 (`4001.00 d1b3`).
    Code,
    /// The whole position as a FEN: squares, kings, W/B and side to move.
    Fen,
    /// The stipulation or result (`+`, `=`, `-+`, `Win`, `1-0`, `1/2-1/2`).
    Stipulation,
    /// The study's number in its collection.
    Number,
    /// The source: a book, magazine or tourney, with or without its year.
    Source,
    /// The composers: one text, or an array of texts.
    Composers,
    /// The year, or a date whose first four digits are the year.
    Year,
    /// The honour in an award (`1st prize`).
    Honour,
}

impl StudyField {
    /// Every field, in the order of docs/inputs.md's table.
    pub const ALL: [StudyField; 8] = [
        StudyField::Code,
        StudyField::Fen,
        StudyField::Stipulation,
        StudyField::Number,
        StudyField::Source,
        StudyField::Composers,
        StudyField::Year,
        StudyField::Honour,
    ];

    /// The field's name in `--key FIELD=NAME` and in messages.
    pub fn name(self) -> &'static str {
        match self {
            StudyField::Code => "code",
            StudyField::Fen => "fen",
            StudyField::Stipulation => "stipulation",
            StudyField::Number => "number",
            StudyField::Source => "source",
            StudyField::Composers => "composers",
            StudyField::Year => "year",
            StudyField::Honour => "honour",
        }
    }

    /// The key names read as this field when no `--key` says otherwise, compared without
    /// regard to ASCII case.
    pub fn builtin_names(self) -> &'static [&'static str] {
        match self {
            StudyField::Code => &["gbr", "code", "gbr_code", "gbrcode", "gbr-code"],
            StudyField::Fen => &["fen", "position"],
            StudyField::Stipulation => &["stipulation", "result"],
            StudyField::Number => &["number", "id", "no"],
            StudyField::Source => &["source", "event"],
            StudyField::Composers => &["composer", "composers", "author", "authors"],
            StudyField::Year => &["year", "date"],
            StudyField::Honour => &["honour", "honor", "award"],
        }
    }
}

impl fmt::Display for StudyField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a `--key` is not `FIELD=NAME`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyNameError {
    /// No `=` in the text.
    #[error("expected FIELD=NAME (such as fen=Stellung), found {found:?}")]
    NoEquals {
        /// The text given.
        found: String,
    },
    /// The field before `=` is none of [`StudyField::ALL`].
    #[error(
        "unknown field {found:?}: expected code, fen, stipulation, number, source, composers, \
         year or honour"
    )]
    Field {
        /// The field given.
        found: String,
    },
    /// Nothing after `=`.
    #[error("the key name after {field}= is empty")]
    EmptyName {
        /// The field given.
        field: StudyField,
    },
}

/// One `--key FIELD=NAME`: a collection's own key name for a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyName {
    /// The field.
    pub field: StudyField,
    /// The key that holds it, as written in the data (compared without regard to ASCII case).
    pub name: String,
}

impl FromStr for KeyName {
    type Err = KeyNameError;

    /// Reads `FIELD=NAME`: FIELD one of [`StudyField::name`] (`composer`, `author` and
    /// `honor` read too), NAME any text but empty.
    fn from_str(text: &str) -> Result<KeyName, KeyNameError> {
        let Some((field, name)) = text.split_once('=') else {
            return Err(KeyNameError::NoEquals {
                found: text.to_string(),
            });
        };
        let field = match field.trim().to_ascii_lowercase().as_str() {
            "code" | "gbr" => StudyField::Code,
            "fen" | "position" => StudyField::Fen,
            "stipulation" | "result" => StudyField::Stipulation,
            "number" => StudyField::Number,
            "source" => StudyField::Source,
            "composers" | "composer" | "author" | "authors" => StudyField::Composers,
            "year" | "date" => StudyField::Year,
            "honour" | "honor" | "award" => StudyField::Honour,
            _ => {
                return Err(KeyNameError::Field {
                    found: field.to_string(),
                });
            }
        };
        if name.is_empty() {
            return Err(KeyNameError::EmptyName { field });
        }
        Ok(KeyName {
            field,
            name: name.to_string(),
        })
    }
}

/// Which key names which field: the names given (`--key`) first, then the built-in ones
/// ([`StudyField::builtin_names`]). A key given for a field is that field's only; a built-in
/// name that a `--key` gives to another field is that field's.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Keys {
    given: Vec<KeyName>,
}

impl Keys {
    /// The built-in names and `given` before them.
    pub fn new(given: Vec<KeyName>) -> Keys {
        Keys { given }
    }

    /// The field a key holds, if any: without regard to ASCII case, the names given first.
    pub fn field(&self, key: &str) -> Option<StudyField> {
        if let Some(k) = self.given.iter().find(|k| k.name.eq_ignore_ascii_case(key)) {
            return Some(k.field);
        }
        StudyField::ALL.into_iter().find(|f| {
            f.builtin_names()
                .iter()
                .any(|n| n.eq_ignore_ascii_case(key))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_names_and_given_names_name_fields() {
        let keys = Keys::new(vec!["fen=Stellung".parse().unwrap()]);
        assert_eq!(keys.field("GBR"), Some(StudyField::Code));
        assert_eq!(keys.field("Authors"), Some(StudyField::Composers));
        assert_eq!(keys.field("stellung"), Some(StudyField::Fen));
        assert_eq!(keys.field("chapter"), None);
        let keys = Keys::new(vec!["number=id2".parse().unwrap()]);
        assert_eq!(keys.field("ID2"), Some(StudyField::Number));
    }

    #[test]
    fn a_key_name_says_what_is_wrong() {
        assert_eq!(
            "fen".parse::<KeyName>().unwrap_err().to_string(),
            "expected FIELD=NAME (such as fen=Stellung), found \"fen\""
        );
        assert_eq!(
            "colour=x".parse::<KeyName>().unwrap_err().to_string(),
            "unknown field \"colour\": expected code, fen, stipulation, number, source, \
             composers, year or honour"
        );
        assert_eq!(
            "fen=".parse::<KeyName>().unwrap_err().to_string(),
            "the key name after fen= is empty"
        );
    }
}
