//! Near matches of a lookup (`gbr lookup --near`): the entries a misprint of one character
//! would hide, a code one digit apart (with the same kings when kings are asked), or the same
//! code with kings one character apart (`h4b1` for `h4f1`: a file or a rank of one king).

use crate::code::Code;
use crate::record::Record;

use super::{CodeQuery, Query, SavedDirectory};
use crate::code::neighbours;
use crate::saved::read::ReadError;

/// How a near match differs from what was asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Nearness {
    /// Its code is one digit apart from the code asked (its kings, where asked, the same).
    Code,
    /// Its code is the one asked; its kings differ in one of their four characters.
    Kings,
}

impl Nearness {
    /// `one digit off` or `one king square off`, the heading of the text output and the
    /// `match` of JSON Lines.
    pub fn name(self) -> &'static str {
        match self {
            Nearness::Code => "one digit off",
            Nearness::Kings => "one king square off",
        }
    }
}

/// An entry found by [`find_near`].
#[derive(Debug, Clone, PartialEq)]
pub struct NearMatch {
    /// The entry.
    pub record: Record,
    /// How it differs.
    pub nearness: Nearness,
}

/// True when `a` and `b` (kings as four ASCII bytes, `a7d3`) differ in exactly one byte.
fn one_apart(a: &[u8], b: &[u8; 4]) -> bool {
    a.len() == 4 && a.iter().zip(b).filter(|(x, y)| x != y).count() == 1
}

/// The near matches of `code` (with `kings`, four ASCII bytes, where given) in `saved`: the
/// entries of the 54 codes one digit apart (with the same kings where given), in code order,
/// then, where kings are given, the entries of `code` whose kings differ in one character.
/// Exact matches are never among them.
///
/// # Errors
/// What [`SavedDirectory::lookup`] returns.
pub fn find_near(
    saved: &SavedDirectory<'_>,
    code: Code,
    kings: Option<[u8; 4]>,
) -> Result<Vec<NearMatch>, ReadError> {
    let mut codes: Vec<Code> = neighbours(code).collect();
    codes.sort_unstable();
    let mut found = Vec::new();
    for other in codes {
        let query = Query {
            code: CodeQuery::Exact(other),
            kings,
        };
        found.extend(saved.lookup(&query)?.into_iter().map(|record| NearMatch {
            record,
            nearness: Nearness::Code,
        }));
    }
    if let Some(kings) = kings {
        let query = Query {
            code: CodeQuery::Exact(code),
            kings: None,
        };
        found.extend(
            saved
                .lookup(&query)?
                .into_iter()
                .filter(|r| {
                    r.kings
                        .is_some_and(|k| one_apart(&crate::order::kings_text(k), &kings))
                })
                .map(|record| NearMatch {
                    record,
                    nearness: Nearness::Kings,
                }),
        );
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kings_one_character_apart() {
        assert!(one_apart(b"h4b1", b"h4f1"));
        assert!(one_apart(b"h4f1", b"h3f1"));
        assert!(!one_apart(b"h4f1", b"h4f1"));
        assert!(!one_apart(b"h4f1", b"g3f1"));
        assert!(!one_apart(b"f1h4", b"h4f1"));
        assert!(!one_apart(b"h4f", b"h4f1"));
    }
}
