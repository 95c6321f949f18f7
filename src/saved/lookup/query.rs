//! The queries of `gbr lookup`: a code, a pattern with `?`, a material in either
//! style, and kings.

use std::str::FromStr;

use crate::code::{Code, EncodeError, ParseCodeError};
use crate::material::{Material, ParseMaterialError};
use crate::order::kings_text;
use crate::position::Kings;

/// A code with `?` for any digit: `03??.1?`. Four characters (`03??`) are the piece
/// digits alone and mean no pawns, as [`Code::parse_loose`] reads a code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodePattern {
    digits: [Option<u8>; 6],
}

impl CodePattern {
    /// The smallest code that can match (every `?` a 0).
    pub fn first(&self) -> Code {
        self.with(0)
    }

    /// The largest code that can match (every `?` a 9).
    pub fn last(&self) -> Code {
        self.with(9)
    }

    fn with(&self, any: u8) -> Code {
        let values = self.digits.map(|d| d.unwrap_or(any));
        // Every value is a digit 0-9: the parser admits no other, and `any` is 0 or 9.
        Code::from_digits(values).expect("pattern digits are 0-9")
    }

    /// True when `code` matches.
    pub fn matches(&self, code: Code) -> bool {
        self.digits
            .iter()
            .zip(code.digits())
            .all(|(p, d)| p.is_none_or(|p| p == d.value()))
    }
}

/// Why a text is not a code pattern. Byte offsets are 0-based.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a code pattern such as 03??.1? (digits or ?, '.' at byte 4), found {found:?}")]
pub struct ParsePatternError {
    /// The text found.
    pub found: String,
}

impl FromStr for CodePattern {
    type Err = ParsePatternError;

    fn from_str(text: &str) -> Result<CodePattern, ParsePatternError> {
        let err = || ParsePatternError {
            found: text.to_string(),
        };
        let text = text.trim();
        let full = match text.len() {
            4 => format!("{text}.00"),
            7 => text.to_string(),
            _ => return Err(err()),
        };
        let bytes = full.as_bytes();
        if bytes[4] != b'.' {
            return Err(err());
        }
        let mut digits = [None; 6];
        for (slot, &b) in digits.iter_mut().zip(bytes[..4].iter().chain(&bytes[5..])) {
            *slot = match b {
                b'?' => None,
                b'0'..=b'9' => Some(b - b'0'),
                _ => return Err(err()),
            };
        }
        Ok(CodePattern { digits })
    }
}

/// Which codes a query asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeQuery {
    /// Every code (a query by kings alone).
    Any,
    /// One code: given as a code, or as a material description turned into its code.
    Exact(Code),
    /// The codes matching a pattern.
    Pattern(CodePattern),
}

/// A query of `gbr lookup`: codes, and optionally the kings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Query {
    /// The codes asked for.
    pub code: CodeQuery,
    /// The kings asked for, as four ASCII bytes (`*b"a7d3"`).
    pub kings: Option<[u8; 4]>,
}

/// Why a query cannot be understood.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QueryError {
    /// Neither a code nor kings.
    #[error("nothing to look up: give a code, a pattern, a material or --kings")]
    Empty,
    /// Starts with a digit but is not a code.
    #[error("not a code (0323.12 or 0323)")]
    Code {
        /// Why.
        source: ParseCodeError,
    },
    /// Holds a `?` but is not a pattern.
    #[error("not a code pattern")]
    Pattern {
        /// Why.
        source: ParsePatternError,
    },
    /// Neither a code nor a pattern, and not a material description either.
    #[error("not a code, a pattern (03??.1?) or a material (KRBvKNN, wR wB v bN bN)")]
    Material {
        /// Why it is not a material.
        source: ParseMaterialError,
    },
    /// A material that has no code (a side with more than eight pawns).
    #[error("the material {material} has no code")]
    Encode {
        /// The material, endgame-table style.
        material: String,
        /// Why.
        source: EncodeError,
    },
    /// `--kings` is not two squares.
    #[error("not kings")]
    Kings {
        /// Why.
        source: KingsError,
    },
}

/// Why `--kings` is not two squares.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected kings as two squares, white's first (a7d3), found {found:?}")]
pub struct KingsError {
    /// The text found.
    pub found: String,
}

impl Query {
    /// Reads a query: `text` is a code (`0323.12`, or `0323` for no pawns), a pattern with `?`
    /// (`03??.1?`), or a material (`KRBvKNN` or `wR wB v bN bN`, turned into its code by
    /// [`Code::from_material`]); `kings` is `a7d3`. At least one must be given.
    ///
    /// # Errors
    /// [`QueryError`] saying what the text was taken for and why it is not that.
    pub fn parse(text: Option<&str>, kings: Option<&str>) -> Result<Query, QueryError> {
        let kings = match kings {
            Some(k) => Some(
                k.parse::<Kings>()
                    .map(kings_text)
                    .map_err(|_| QueryError::Kings {
                        source: KingsError {
                            found: k.to_string(),
                        },
                    })?,
            ),
            None => None,
        };
        let code = match text.map(str::trim).filter(|t| !t.is_empty()) {
            None if kings.is_none() => return Err(QueryError::Empty),
            None => CodeQuery::Any,
            Some(t) if t.contains('?') => {
                CodeQuery::Pattern(t.parse().map_err(|source| QueryError::Pattern { source })?)
            }
            Some(t) if t.starts_with(|c: char| c.is_ascii_digit()) => CodeQuery::Exact(
                Code::parse_loose(t).map_err(|source| QueryError::Code { source })?,
            ),
            Some(t) => {
                let material: Material = t
                    .parse()
                    .map_err(|source| QueryError::Material { source })?;
                CodeQuery::Exact(Code::from_material(&material).map_err(|source| {
                    QueryError::Encode {
                        material: material.to_string(),
                        source,
                    }
                })?)
            }
        };
        Ok(Query { code, kings })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn code(s: &str) -> Code {
        s.parse().unwrap()
    }

    #[test]
    fn pattern_bounds_and_matches() {
        let p: CodePattern = "03??.1?".parse().unwrap();
        assert_eq!(p.first(), code("0300.10"));
        assert_eq!(p.last(), code("0399.19"));
        assert!(p.matches(code("0323.12")));
        assert!(!p.matches(code("0323.22")));
        assert_eq!(
            "03??".parse::<CodePattern>().unwrap().last(),
            code("0399.00")
        );
        assert_eq!(
            "03?.12".parse::<CodePattern>().unwrap_err().to_string(),
            "expected a code pattern such as 03??.1? (digits or ?, '.' at byte 4), found \"03?.12\""
        );
    }

    #[test]
    fn queries_read_codes_patterns_and_both_material_styles() {
        let exact = |t: &str| Query::parse(Some(t), None).unwrap().code;
        assert_eq!(exact("0116.00"), CodeQuery::Exact(code("0116.00")));
        assert_eq!(exact("0116"), CodeQuery::Exact(code("0116.00")));
        assert_eq!(exact("KRBvKNN"), CodeQuery::Exact(code("0116.00")));
        assert_eq!(exact("wR wB v bN bN"), CodeQuery::Exact(code("0116.00")));
        assert_eq!(
            Query::parse(None, Some("a7d3")).unwrap(),
            Query {
                code: CodeQuery::Any,
                kings: Some(*b"a7d3")
            }
        );
        assert_eq!(Query::parse(None, None), Err(QueryError::Empty));
        assert!(matches!(
            Query::parse(Some("KXvK"), None),
            Err(QueryError::Material { .. })
        ));
        assert!(matches!(
            Query::parse(Some("0116"), Some("a9d3")),
            Err(QueryError::Kings { .. })
        ));
    }
}
