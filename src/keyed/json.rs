//! JSON and JSON Lines walked with serde_json, every value kept as the slice of the file it
//! is ([`RawValue`]), so that each value's byte range is known: an object is read member by
//! member, an array element by element, each nested value walked in turn, depth first, to at
//! most [`MAX_DEPTH`] levels. A level's bytes are parsed once per level above it: bounded by
//! the depth limit, and nothing is copied but the texts of an object's members.

use std::borrow::Cow;
use std::fmt;

use serde::de::{self, Deserializer as _, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;

use super::study::Builder;
use super::{DataProblem, Item, MAX_DEPTH, StudyField, json_message, line_column, offset_of};

/// Reads `bytes` as JSON values one after another (`lines`: one a line, each line read on its
/// own, a line that is not JSON a problem and the next line read), each object handed to
/// `builder`. The first problem of a JSON file ends its reading.
pub(super) fn read(
    bytes: &[u8],
    lines: bool,
    builder: &mut Builder<'_>,
    problems: &mut Vec<DataProblem>,
) {
    let mut walk = Walk {
        bytes,
        builder,
        problem: None,
    };
    if lines {
        let mut start = 0;
        let mut line = 1u64;
        while start < bytes.len() {
            let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i);
            let text = &bytes[start..end];
            let text = if line == 1 {
                text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text)
            } else {
                text
            };
            if !text.trim_ascii().is_empty() {
                match serde_json::from_slice::<&RawValue>(text) {
                    Ok(raw) => walk.value(raw, &mut format!(":{line}#"), 1),
                    Err(e) => problems.push(DataProblem {
                        offset: start + e.column().saturating_sub(1),
                        line,
                        column: e.column() as u64,
                        message: json_message(&e),
                    }),
                }
                problems.extend(walk.problem.take());
            }
            start = end + 1;
            line += 1;
        }
        return;
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let values = serde_json::Deserializer::from_slice(body).into_iter::<&RawValue>();
    for (n, value) in values.enumerate() {
        match value {
            Ok(raw) => {
                // A second value after the first: its pointers name it by its line.
                let mut pointer = if n == 0 {
                    "#".to_string()
                } else {
                    let at = walk.offset(raw);
                    format!(":{}#", line_column(bytes, at).0)
                };
                walk.value(raw, &mut pointer, 1);
            }
            Err(e) => {
                let skipped = bytes.len() - body.len();
                let (line, column) = (e.line() as u64, e.column() as u64);
                let column = if line == 1 {
                    column + skipped as u64
                } else {
                    column
                };
                problems.push(DataProblem {
                    offset: offset_of(bytes, line, column),
                    line,
                    column,
                    message: json_message(&e),
                });
                return;
            }
        }
        if let Some(problem) = walk.problem.take() {
            problems.push(problem);
            return;
        }
    }
}

/// The walk of one file's values.
struct Walk<'a, 'b, 'k> {
    bytes: &'a [u8],
    builder: &'b mut Builder<'k>,
    /// Set when the walk stopped: the nesting limit passed.
    problem: Option<DataProblem>,
}

impl<'a> Walk<'a, '_, '_> {
    /// The 0-based offset of `raw` in the file (a slice of it).
    fn offset(&self, raw: &RawValue) -> usize {
        raw.get().as_ptr() as usize - self.bytes.as_ptr() as usize
    }

    /// Walks one value at `pointer` (the place so far, `#` then the RFC 6901 path), at
    /// `depth` (1 for a value of the file's top).
    fn value(&mut self, raw: &'a RawValue, pointer: &mut String, depth: usize) {
        if self.problem.is_some() {
            return;
        }
        let first = raw.get().as_bytes().first().copied();
        if matches!(first, Some(b'{' | b'[')) && depth > MAX_DEPTH {
            let offset = self.offset(raw);
            let (line, column) = line_column(self.bytes, offset);
            self.problem = Some(DataProblem {
                offset,
                line,
                column,
                message: format!("nesting deeper than {MAX_DEPTH} levels of objects and arrays"),
            });
            return;
        }
        match first {
            Some(b'{') => self.object(raw, pointer, depth),
            Some(b'[') => {
                let mut n = 0usize;
                let each = |element: &'a RawValue| {
                    let len = pointer.len();
                    pointer.push('/');
                    pointer.push_str(itoa::Buffer::new().format(n));
                    self.value(element, pointer, depth + 1);
                    pointer.truncate(len);
                    n += 1;
                    self.problem.is_none()
                };
                let mut de = serde_json::Deserializer::from_str(raw.get());
                // The value was read once already: only a stop of the walk fails here.
                let _ = de.deserialize_seq(EachElement(each));
            }
            _ => {}
        }
    }

    /// An object: its members made [`Item`]s and handed to the builder, then each nested
    /// object or array walked.
    fn object(&mut self, raw: &'a RawValue, pointer: &mut String, depth: usize) {
        let Ok(Members(members)) = serde_json::from_str::<Members<'a>>(raw.get()) else {
            return;
        };
        let mut items = Vec::with_capacity(members.len());
        for (key, value) in &members {
            let len = pointer.len();
            push_key(pointer, key);
            if let Some(item) = self.item(key, value, pointer) {
                items.push(item);
            }
            pointer.truncate(len);
        }
        self.builder.object(&items);
        for (key, value) in &members {
            let len = pointer.len();
            push_key(pointer, key);
            self.value(value, pointer, depth + 1);
            pointer.truncate(len);
        }
    }

    /// The item of a member: a string, a number or a literal; an array of strings for the
    /// composers; `None` for `null` and other objects and arrays.
    fn item(&self, key: &str, raw: &'a RawValue, pointer: &str) -> Option<Item> {
        let text = raw.get();
        let at = self.offset(raw);
        let (text, span, exact) = match text.as_bytes().first()? {
            b'"' => {
                let inner = &text[1..text.len() - 1];
                let exact = !inner.contains('\\');
                let decoded = if exact {
                    inner.to_string()
                } else {
                    serde_json::from_str::<String>(text).ok()?
                };
                (decoded, at + 1..at + 1 + inner.len(), exact)
            }
            b'[' if self.builder.keys().field(key) == Some(StudyField::Composers) => {
                let names = serde_json::from_str::<Vec<String>>(text).ok()?;
                (names.join("; "), at..at + text.len(), false)
            }
            b'{' | b'[' | b'n' => return None,
            _ => (text.to_string(), at..at + text.len(), true),
        };
        Some(Item {
            key: key.to_string(),
            text,
            span,
            exact,
            place: pointer.to_string(),
        })
    }
}

/// `pointer` with `/key` added, `~` written `~0` and `/` written `~1` (RFC 6901).
fn push_key(pointer: &mut String, key: &str) {
    pointer.push('/');
    for c in key.chars() {
        match c {
            '~' => pointer.push_str("~0"),
            '/' => pointer.push_str("~1"),
            c => pointer.push(c),
        }
    }
}

/// An object's members, each value as the slice of the file it is.
struct Members<'a>(Vec<(Cow<'a, str>, &'a RawValue)>);

impl<'de> serde::Deserialize<'de> for Members<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct MembersVisitor;
        impl<'de> Visitor<'de> for MembersVisitor {
            type Value = Members<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<'de>, A::Error> {
                let mut out = Vec::new();
                while let Some(Key(key)) = map.next_key::<Key<'de>>()? {
                    out.push((key, map.next_value::<&'de RawValue>()?));
                }
                Ok(Members(out))
            }
        }
        d.deserialize_map(MembersVisitor)
    }
}

/// A member's name, borrowed from the file when it has no escape.
struct Key<'a>(Cow<'a, str>);

impl<'de> serde::Deserialize<'de> for Key<'de> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;
        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a member's name")
            }
            fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_string())))
            }
        }
        d.deserialize_str(KeyVisitor)
    }
}

/// An array's elements handed one at a time to a function, which says whether to go on.
struct EachElement<F>(F);

impl<'de, F: FnMut(&'de RawValue) -> bool> Visitor<'de> for EachElement<F> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<(), A::Error> {
        while let Some(element) = seq.next_element::<&'de RawValue>()? {
            if !(self.0)(element) {
                return Err(de::Error::custom("stopped"));
            }
        }
        Ok(())
    }
}
