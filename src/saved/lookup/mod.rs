//! Querying a saved directory without rescanning: a binary search over the file's
//! bytes for the first entry that can match, then a scan of the range that can.
//!
//! Only the lines the search probes and the lines of the range are parsed, and each is checked
//! against the others: the probes must be in order among themselves, the line before the
//! range must sort before the query, and the range must be in order. A directory that is not
//! sorted where the query looks is refused ([`ReadError::NotSorted`]); one unsorted elsewhere
//! is caught by `gbr merge`, which reads every line.

mod about;
mod near_matches;
mod position;
mod query;

use std::cmp::Ordering;

use crate::code::Code;
use crate::record::Record;

use super::columns::{SavedFormat, is_blank, strip_bom};
use super::read::{self, Header, ReadError};
use crate::order::{Group, Key, Order};

pub use about::About;
pub use near_matches::{NearMatch, Nearness, find_near};
pub use position::{Likeness, PositionMatch, Symmetry, Twin, find_position, twins};
pub use query::{CodePattern, CodeQuery, KingsError, ParsePatternError, Query, QueryError};

/// A saved directory's bytes, ready to be searched.
#[derive(Debug, Clone, Copy)]
pub struct SavedDirectory<'a> {
    bytes: &'a [u8],
    header: Option<Header>,
}

/// The first key a search looks for: a group (when grouped), a code and perhaps kings.
#[derive(Debug, Clone, Copy)]
struct Bound {
    group: Option<Group>,
    code: Code,
    kings: Option<[u8; 4]>,
}

impl Bound {
    /// How `key` compares with the bound, on the fields the bound gives.
    fn compare(&self, key: &Key<'_>) -> Ordering {
        (key.group, key.code)
            .cmp(&(self.group, self.code))
            .then_with(|| match self.kings {
                Some(k) => key.kings.cmp(&Some(k)),
                None => Ordering::Equal,
            })
    }
}

/// The code after `code` in text order, `None` after `9999.99`.
fn next_code(code: Code) -> Option<Code> {
    let mut values = code.digits().map(|d| d.value());
    for at in (0..6).rev() {
        if values[at] < 9 {
            values[at] += 1;
            return Code::from_digits(values);
        }
        values[at] = 0;
    }
    None
}

impl<'a> SavedDirectory<'a> {
    /// A saved directory (`tsv` or `jsonl`) whose whole contents are `bytes`. Only the first
    /// line is read.
    ///
    /// # Errors
    /// [`ReadError`] when the first line is not a directory's.
    pub fn new(bytes: &'a [u8]) -> Result<SavedDirectory<'a>, ReadError> {
        // Blank lines before the header are skipped, as every reader does (`layout`).
        let mut start = 0;
        let header = loop {
            if start >= bytes.len() {
                break None;
            }
            let end = memchr::memchr(b'\n', &bytes[start..]).map_or(bytes.len(), |i| start + i + 1);
            let line = &bytes[start..end];
            if !is_blank(strip_bom(line)) {
                let mut header = read::header(line)?;
                header.data_start += start;
                if header.format == SavedFormat::Tsv {
                    header.data_start = end;
                }
                break Some(header);
            }
            start = end;
        };
        Ok(SavedDirectory { bytes, header })
    }

    /// The order the directory is sorted in; [`Order::Code`] for an empty file.
    pub fn order(&self) -> Order {
        self.header.map_or(Order::Code, |h| h.order)
    }

    /// Every entry that matches `query`, in directory order.
    ///
    /// # Errors
    /// [`ReadError::Line`] for a line that the search reads and cannot parse,
    /// [`ReadError::NotSorted`] where the lines read are out of order.
    pub fn lookup(&self, query: &Query) -> Result<Vec<Record>, ReadError> {
        let Some(header) = self.header else {
            return Ok(Vec::new());
        };
        let groups: Vec<Option<Group>> = match header.order {
            Order::Code => vec![None],
            Order::Stipulation => Group::ALL.into_iter().map(Some).collect(),
        };
        let mut found = Vec::new();
        for group in groups {
            match query.code {
                CodeQuery::Exact(code) => {
                    let codes = (code, code);
                    self.range(&header, header.data_start, group, codes, query, &mut found)?;
                }
                CodeQuery::Pattern(p) => {
                    let codes = (p.first(), p.last());
                    self.range(&header, header.data_start, group, codes, query, &mut found)?;
                }
                CodeQuery::Any => self.skip_scan(&header, group, query, &mut found)?,
            }
        }
        Ok(found)
    }

    /// For a query by kings alone: for each code present, a search for its entries with the
    /// kings, then a search for the next code, each starting where the one before stopped.
    fn skip_scan(
        &self,
        header: &Header,
        group: Option<Group>,
        query: &Query,
        found: &mut Vec<Record>,
    ) -> Result<(), ReadError> {
        let mut code = Code::from_digits([0; 6]);
        let mut from = header.data_start;
        while let Some(next) = code {
            let bound = Bound {
                group,
                code: next,
                kings: None,
            };
            let start = self.lower_bound(header, from, &bound)?;
            let Some((record, _)) = self.entry_at(header, start)? else {
                return Ok(());
            };
            let key = Key::of(&record, header.order);
            if key.group != group {
                return Ok(());
            }
            from = self.range(header, start, group, (key.code, key.code), query, found)?;
            code = next_code(key.code);
        }
        Ok(())
    }

    /// Appends the entries of codes `first..=last` in `group` that match `query`, searching
    /// from byte `from` (every line before it sorts before the query). Returns the start of
    /// the line where the scan stopped.
    fn range(
        &self,
        header: &Header,
        from: usize,
        group: Option<Group>,
        (first, last): (Code, Code),
        query: &Query,
        found: &mut Vec<Record>,
    ) -> Result<usize, ReadError> {
        let exact = first == last;
        let bound = Bound {
            group,
            code: first,
            kings: if exact { query.kings } else { None },
        };
        let mut at = self.lower_bound(header, from, &bound)?;
        let mut previous = self.entry_before(header, at)?;
        if let Some((record, _)) = &previous
            && bound.compare(&Key::of(record, header.order)) != Ordering::Less
        {
            return Err(self.not_sorted(header, at, record));
        }
        let end = Bound {
            group,
            code: last,
            kings: bound.kings,
        };
        while let Some((record, next)) = self.entry_at(header, at)? {
            if let Some((above, _)) = &previous {
                read::check_order(above, &record, header.order, || self.line_of(at))?;
            }
            let key = Key::of(&record, header.order);
            if end.compare(&key) == Ordering::Greater {
                break;
            }
            let code_matches = match query.code {
                CodeQuery::Pattern(p) => p.matches(key.code),
                _ => true,
            };
            let kings_match = query.kings.is_none_or(|k| key.kings == Some(k));
            if code_matches && kings_match {
                found.push(record.clone());
            }
            previous = Some((record, at));
            at = next;
        }
        Ok(at)
    }

    fn not_sorted(&self, header: &Header, at: usize, above: &Record) -> ReadError {
        let entry = match self.entry_at(header, at) {
            Ok(Some((record, _))) => Key::of(&record, header.order).to_string(),
            _ => String::from("the end"),
        };
        ReadError::NotSorted {
            line: self.line_of(at),
            entry,
            previous: Key::of(above, header.order).to_string(),
        }
    }

    /// The start of the first line at or after byte `p`.
    fn line_start(&self, header: &Header, p: usize) -> usize {
        if p <= header.data_start || self.bytes[p - 1] == b'\n' {
            return p.max(header.data_start);
        }
        memchr::memchr(b'\n', &self.bytes[p..]).map_or(self.bytes.len(), |i| p + i + 1)
    }

    /// The entry on the line starting at byte `at` and the start of the next line; `None` at
    /// the end of the file.
    fn entry_at(&self, header: &Header, at: usize) -> Result<Option<(Record, usize)>, ReadError> {
        let mut at = at;
        let mut end;
        loop {
            if at >= self.bytes.len() {
                return Ok(None);
            }
            end = memchr::memchr(b'\n', &self.bytes[at..]).map_or(self.bytes.len(), |i| at + i + 1);
            if !is_blank(&self.bytes[at..end]) {
                break;
            }
            at = end; // blank lines are no entries (`layout`)
        }
        let record =
            read::entry(header, &self.bytes[at..end]).map_err(|source| ReadError::Line {
                line: self.line_of(at),
                source,
            })?;
        Ok(Some((record, end)))
    }

    /// The entry on the line before the one starting at `at`, with its start.
    fn entry_before(
        &self,
        header: &Header,
        at: usize,
    ) -> Result<Option<(Record, usize)>, ReadError> {
        if at <= header.data_start {
            return Ok(None);
        }
        let mut at = at;
        loop {
            let start = memchr::memrchr(b'\n', &self.bytes[header.data_start..at - 1])
                .map_or(header.data_start, |i| header.data_start + i + 1);
            let end = at;
            if !is_blank(&self.bytes[start..end]) {
                return Ok(self.entry_at(header, start)?.map(|(r, _)| (r, start)));
            }
            // A blank line: the entry is on a line before it, if any (`layout`).
            if start <= header.data_start {
                return Ok(None);
            }
            at = start;
        }
    }

    /// The 1-based line of byte `at`; counts line feeds, so only for messages.
    fn line_of(&self, at: usize) -> u64 {
        let end = at.min(self.bytes.len());
        memchr::memchr_iter(b'\n', &self.bytes[..end]).count() as u64 + 1
    }

    /// Whether the line starting at `start` sorts below `bound`; `None` at the end of the file.
    fn below(
        &self,
        header: &Header,
        start: usize,
        bound: &Bound,
        probes: &mut Vec<(usize, Record)>,
    ) -> Result<Option<bool>, ReadError> {
        let Some((record, _)) = self.entry_at(header, start)? else {
            return Ok(None);
        };
        let below = bound.compare(&Key::of(&record, header.order)) == Ordering::Less;
        probes.push((start, record));
        Ok(Some(below))
    }

    /// The start of the first line at or after byte `from` whose key is not below `bound`
    /// (the end of the file when there is none); every line before `from` must sort below it.
    /// Gallops forward from `from` in doubling steps, then bisects, parsing one line per step:
    /// a search near `from` (the next code) costs a few lines. The lines probed must be in
    /// order among themselves, else the directory is not sorted.
    fn lower_bound(&self, header: &Header, from: usize, bound: &Bound) -> Result<usize, ReadError> {
        let len = self.bytes.len();
        let mut probes: Vec<(usize, Record)> = Vec::new();
        let (mut lo, mut hi) = (from.max(header.data_start), len);
        let mut step = 4096;
        while lo + step < hi {
            let start = self.line_start(header, lo + step);
            if start >= hi || self.below(header, start, bound, &mut probes)? != Some(true) {
                hi = lo + step;
                break;
            }
            lo = start + 1;
            step *= 2;
        }
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let start = self.line_start(header, mid);
            if start >= hi {
                hi = mid;
                continue;
            }
            match self.below(header, start, bound, &mut probes)? {
                Some(true) => lo = start + 1,
                _ => hi = mid,
            }
        }
        probes.sort_by_key(|(at, _)| *at);
        for pair in probes.windows(2) {
            read::check_order(&pair[0].1, &pair[1].1, header.order, || {
                self.line_of(pair[1].0)
            })?;
        }
        Ok(self.line_start(header, lo))
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
    fn next_code_carries() {
        assert_eq!(next_code(code("0323.19")), Some(code("0323.20")));
        assert_eq!(next_code(code("0999.99")), Some(code("1000.00")));
        assert_eq!(next_code(code("9999.99")), None);
    }
}
