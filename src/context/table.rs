//! Tables exported column by column (docs/reading.md, "Tables exported as column runs"): a PDF's
//! directory printed in columns `code kings - N -` often comes out of a text extractor as a run
//! of codes, then a run of king pairs, then a run of labels. When a run of N codes is followed
//! by a run of N king pairs and/or a run of N labels, the i-th code takes the i-th king pair and
//! the i-th label; a run of another length is not paired, and the codes say so in a note.
//!
//! A run is a sequence of lines that hold tokens of one kind only (blank lines and control
//! bytes at a line's ends between them): codes (`dddd.dd`), king pairs (`e8h8`) or labels
//! (`- 29 -`, or `- 85` without its closing dash). Read only for a code whose own line holds
//! codes alone, so prose costs one line's first token; a table is read once and kept for the
//! codes after it ([`Tables`]).

use std::ops::Range;

use shakmaty::Square;

use crate::parse::{Form, Parsed, Parts};
use crate::position::{Kings, Position};

/// Most bytes read on each side of a code for its table: the run of codes back to its start,
/// and forward through the runs after it. A table of more is not paired. 16 KiB holds a
/// column of some 600 entries; a printed page holds fewer than 300.
pub const MAX_TABLE_BYTES: usize = 16 << 10;

/// What one line holds, blanks and control bytes at its ends and between tokens aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LineKind {
    /// Nothing.
    Blank,
    /// Only codes `dddd.dd`.
    Codes,
    /// Only king pairs `[a-h][1-8][a-h][1-8]`.
    Kings,
    /// Only labels `- N -` or `- N` (1 to 6 digits).
    Labels,
    /// Anything else: it ends a run.
    Other,
}

/// A byte that separates tokens: a blank or a control byte (a form feed starts a PDF's page).
fn is_gap(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r' || b == 0x0C || b == 0x0B || b == 0xA0
}

fn is_code(t: &[u8]) -> bool {
    t.len() == 7
        && t[4] == b'.'
        && t.iter()
            .enumerate()
            .all(|(i, b)| i == 4 || b.is_ascii_digit())
}

fn square(t: &[u8]) -> Option<Square> {
    let ok = t.len() == 2 && (b'a'..=b'h').contains(&t[0]) && (b'1'..=b'8').contains(&t[1]);
    ok.then(|| Square::from_ascii(t).ok()).flatten()
}

/// The king pair of a token `e8h8`, two different squares.
fn kings(t: &[u8]) -> Option<Kings> {
    if t.len() != 4 {
        return None;
    }
    let (white, black) = (square(&t[..2])?, square(&t[2..])?);
    (white != black).then_some(Kings { white, black })
}

/// The tokens of `line` (0-based offset `at` of its first byte): each token's range in the
/// buffer, and the line's kind. Labels are read as `-`, blanks, digits, blanks, an optional
/// closing `-`; each label's range is that of its digits.
fn tokens(line: &[u8], at: usize, out: &mut Vec<Range<usize>>) -> LineKind {
    out.clear();
    let mut i = 0;
    let mut kind = LineKind::Blank;
    while i < line.len() {
        if is_gap(line[i]) {
            i += 1;
            continue;
        }
        let this = if line[i] == b'-' {
            let mut j = i + 1;
            while j < line.len() && is_gap(line[j]) {
                j += 1;
            }
            let digits = line[j..].iter().take_while(|b| b.is_ascii_digit()).count();
            if !(1..=6).contains(&digits) {
                return LineKind::Other;
            }
            out.push(at + j..at + j + digits);
            j += digits;
            let mut k = j;
            while k < line.len() && is_gap(line[k]) {
                k += 1;
            }
            i = if line.get(k) == Some(&b'-') { k + 1 } else { j };
            LineKind::Labels
        } else {
            let end = line[i..]
                .iter()
                .position(|&b| is_gap(b))
                .map_or(line.len(), |n| i + n);
            let t = &line[i..end];
            let this = if is_code(t) {
                LineKind::Codes
            } else if kings(t).is_some() {
                LineKind::Kings
            } else {
                return LineKind::Other;
            };
            out.push(at + i..at + end);
            i = end;
            this
        };
        if kind != LineKind::Blank && kind != this {
            return LineKind::Other;
        }
        kind = this;
    }
    kind
}

/// The line holding byte `at`: its range without the line feed.
fn line_at(buf: &[u8], at: usize) -> Range<usize> {
    let start = memchr::memrchr(b'\n', &buf[..at]).map_or(0, |i| i + 1);
    let end = memchr::memchr(b'\n', &buf[at..]).map_or(buf.len(), |i| at + i);
    start..end
}

/// What a table gives one of its codes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The king pair paired with the code, and its 0-based byte range.
    pub kings: Option<(Kings, Range<usize>)>,
    /// The 0-based byte range of the label's number paired with the code.
    pub label: Option<Range<usize>>,
    /// The runs after the codes that were not paired, their length differing from the run of
    /// codes'; `None` when every run after it was paired.
    pub unpaired: Option<Unpaired>,
    /// True for the first code of its run when the line above the run (blank lines aside) is
    /// a run of king pairs or labels: the table of the column before ends there, so the code
    /// before this one in reading order stands within reach of it.
    pub after_table: bool,
}

/// A table whose runs after the codes differ in length from the run of codes: not paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unpaired {
    /// The length of the run of codes.
    pub codes: u32,
    /// The length of the run of king pairs, where it differs.
    pub king_pairs: Option<u32>,
    /// The length of the run of labels, where it differs.
    pub labels: Option<u32>,
}

impl Unpaired {
    /// The note a code of such a table gets: `a run of 12 codes, then 11 king pairs: not
    /// paired`.
    pub fn message(&self) -> String {
        let mut runs = Vec::new();
        if let Some(n) = self.king_pairs {
            runs.push(format!("{n} king pairs"));
        }
        if let Some(n) = self.labels {
            runs.push(format!("{n} labels"));
        }
        format!(
            "a run of {} codes, then {}: not paired (docs/reading.md, tables exported as column runs)",
            self.codes,
            runs.join(" and ")
        )
    }
}

/// One table read: its run of codes, and the runs paired with it.
#[derive(Debug, Clone, Default)]
struct Table {
    /// 0-based byte range of the lines read for it: codes inside it use it, or are no table.
    covers: Range<usize>,
    /// The 0-based offset of each code of the run, in order.
    anchors: Vec<usize>,
    kings: Option<Vec<Range<usize>>>,
    labels: Option<Vec<Range<usize>>>,
    after_table: bool,
    /// False when the run is no table: no run of kings or labels after it, or too long.
    paired: bool,
}

/// The tables of one source read so far, for the codes read after them in order of offset.
#[derive(Debug, Clone, Default)]
pub struct Tables {
    last: Option<Table>,
}

impl Tables {
    /// No table read yet.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// The table entry of the code at `anchor` (0-based offset of its `dddd.dd`), or `None`
    /// when the code's line holds anything but codes or no run of king pairs or labels follows
    /// its run. Reads a table once for all its codes when asked in order of offset.
    pub fn entry(&mut self, buf: &[u8], anchor: usize) -> Option<Entry> {
        let cached = self
            .last
            .as_ref()
            .is_some_and(|t| t.covers.contains(&anchor) && anchor >= t.covers.start);
        if !cached {
            if !may_stand_alone(buf, anchor) {
                return None;
            }
            self.last = Some(read_table(buf, anchor)?);
        }
        let table = self.last.as_ref()?;
        // A run of one code is a caption broken over lines, which the parser reads.
        if !table.paired || table.anchors.len() < 2 {
            return None;
        }
        let i = table.anchors.binary_search(&anchor).ok()?;
        let n = table.anchors.len();
        let mut unpaired = Unpaired {
            codes: n as u32,
            king_pairs: None,
            labels: None,
        };
        let kings = match &table.kings {
            Some(k) if k.len() == n => {
                let range = k[i].clone();
                Some((self::kings(&buf[range.clone()])?, range))
            }
            Some(k) => {
                unpaired.king_pairs = Some(k.len() as u32);
                None
            }
            None => None,
        };
        let label = match &table.labels {
            Some(l) if l.len() == n => Some(l[i].clone()),
            Some(l) => {
                unpaired.labels = Some(l.len() as u32);
                None
            }
            None => None,
        };
        let differs = unpaired.king_pairs.is_some() || unpaired.labels.is_some();
        Some(Entry {
            kings,
            label,
            unpaired: differs.then_some(unpaired),
            after_table: table.after_table && i == 0,
        })
    }
}

/// Reads the code `parsed` (whose `dddd.dd` starts at `anchor`) as its table gives it, when it
/// is a code of a table ([`Tables::entry`]): the code alone, whatever the parser read after it
/// on the lines of another run, with the king pair of its row where the runs were paired.
/// Returns the table's entry; leaves `parsed` as it is and returns `None` for any other code.
pub fn complete(
    buf: &[u8],
    anchor: usize,
    tables: &mut Tables,
    parsed: &mut Parsed,
) -> Option<Entry> {
    let entry = tables.entry(buf, anchor)?;
    let code = parsed.parts.code.clone();
    *parsed = Parsed {
        position: Position::bare(parsed.position.code),
        form: Form::Bare,
        span: code.clone(),
        parts: Parts {
            code,
            ..Parts::default()
        },
        sign: None,
        word: None,
        kings_repeated: false,
    };
    if let Some((kings, range)) = &entry.kings {
        parsed.position.kings = Some(*kings);
        parsed.parts.kings = Some(range.clone());
    }
    Some(entry)
}

/// Whether the code at `anchor` may stand on a line of codes alone: across gaps, a line's end
/// or a digit (another code) on each side of it. A few bytes decide for almost every code of
/// prose or captions, before any line is read.
fn may_stand_alone(buf: &[u8], anchor: usize) -> bool {
    let mut i = anchor + 7;
    while buf.get(i).is_some_and(|&b| is_gap(b)) {
        i += 1;
    }
    if !buf.get(i).is_none_or(|&b| b == b'\n' || b.is_ascii_digit()) {
        return false;
    }
    let mut j = anchor;
    while j > 0 && is_gap(buf[j - 1]) {
        j -= 1;
    }
    j == 0 || buf[j - 1] == b'\n' || buf[j - 1].is_ascii_digit()
}

/// Reads the table whose run of codes holds the code at `anchor`; `None` when its line holds
/// anything but codes.
fn read_table(buf: &[u8], anchor: usize) -> Option<Table> {
    let mut toks = Vec::new();
    let own = line_at(buf, anchor);
    if tokens(&buf[own.clone()], own.start, &mut toks) != LineKind::Codes {
        return None;
    }
    // A table is paired when it fits in MAX_TABLE_BYTES from its first line: the same answer
    // for each of its codes, whichever asks first (and in whichever chunk).
    let floor = anchor.saturating_sub(MAX_TABLE_BYTES);
    // Back to the run's first line of codes.
    let mut first = own.start;
    let mut above = LineKind::Blank;
    let mut at = own.start;
    let mut too_long = false;
    while at > 0 {
        let line = line_at(buf, at - 1);
        if line.start < floor {
            too_long = true;
            break;
        }
        match tokens(&buf[line.clone()], line.start, &mut toks) {
            LineKind::Codes => first = line.start,
            LineKind::Blank => {}
            kind => {
                above = kind;
                break;
            }
        }
        at = line.start;
    }
    let ceiling = buf.len().min(first + MAX_TABLE_BYTES);
    // Forward through the run, then through at most two runs after it.
    let mut anchors = Vec::new();
    let mut runs: Vec<(LineKind, Vec<Range<usize>>)> = Vec::new();
    let mut at = first;
    let mut kind = LineKind::Codes;
    while at < buf.len() {
        let line = line_at(buf, at);
        if line.end > ceiling {
            too_long = true;
            break;
        }
        let this = tokens(&buf[line.clone()], line.start, &mut toks);
        match this {
            LineKind::Blank => {}
            LineKind::Other => break,
            _ if this == kind => match runs.last_mut() {
                Some((_, list)) => list.extend_from_slice(&toks),
                None => anchors.extend(toks.iter().map(|t| t.start)),
            },
            LineKind::Codes => break,
            _ => {
                if runs.len() == 2 || runs.iter().any(|(k, _)| *k == this) {
                    break;
                }
                kind = this;
                runs.push((this, toks.clone()));
            }
        }
        at = line.end + 1;
    }
    let mut table = Table {
        covers: first..at.min(buf.len()).max(own.end),
        anchors,
        after_table: matches!(above, LineKind::Kings | LineKind::Labels),
        ..Table::default()
    };
    if too_long {
        // Not paired; the codes of the run read so far use the answer.
        table.covers = own.start..at.min(buf.len()).max(own.end);
        return Some(table);
    }
    for (kind, list) in runs {
        match kind {
            LineKind::Kings => table.kings = Some(list),
            _ => table.labels = Some(list),
        }
    }
    table.paired = table.kings.is_some() || table.labels.is_some();
    Some(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(text: &str) -> Vec<(String, Option<String>, Option<String>, usize)> {
        let buf = text.as_bytes();
        let mut tables = Tables::new();
        let mut out = Vec::new();
        for (at, _) in text.match_indices('.') {
            let Some(anchor) = at.checked_sub(4) else {
                continue;
            };
            if !is_code(buf.get(anchor..anchor + 7).unwrap_or_default()) {
                continue;
            }
            if let Some(e) = tables.entry(buf, anchor) {
                out.push((
                    text[anchor..anchor + 7].to_string(),
                    e.kings.map(|(_, r)| text[r].to_string()),
                    e.label.map(|r| text[r].to_string()),
                    usize::from(e.unpaired.is_some()),
                ));
            }
        }
        out
    }

    #[test]
    fn runs_of_the_same_length_are_paired_in_order() {
        let text = "Wins\n0001.11\n0001.12 \n\n0001.13\ne8h8\ng2d5\n\nh1d6\n- 29 -\n-64-\n- 85\n";
        let e = entries(text);
        let pairs: Vec<_> = e
            .iter()
            .map(|(c, k, l, _)| (c.as_str(), k.as_deref(), l.as_deref()))
            .collect();
        assert_eq!(
            pairs,
            [
                ("0001.11", Some("e8h8"), Some("29")),
                ("0001.12", Some("g2d5"), Some("64")),
                ("0001.13", Some("h1d6"), Some("85")),
            ]
        );
    }

    #[test]
    fn rows_of_codes_pair_with_rows_of_kings_in_reading_order() {
        let text = "0002.01 0003.10\n0004.11\nc3b1 d3g1\nh6e8\n\x0cNext page\n";
        let e = entries(text);
        let kings: Vec<_> = e
            .iter()
            .map(|(c, k, _, _)| (c.as_str(), k.as_deref().unwrap()))
            .collect();
        assert_eq!(
            kings,
            [
                ("0002.01", "c3b1"),
                ("0003.10", "d3g1"),
                ("0004.11", "h6e8")
            ]
        );
    }

    #[test]
    fn a_run_of_another_length_is_not_paired_and_says_so() {
        let text = "0001.11\n0001.12\ne8h8\n- 29 -\n- 64 -\n";
        let e = entries(text);
        assert_eq!(e.len(), 2);
        assert!(
            e.iter()
                .all(|(_, k, l, unpaired)| k.is_none() && l.is_some() && *unpaired == 1)
        );
    }

    #[test]
    fn codes_in_prose_or_with_their_kings_are_no_table() {
        for text in [
            "The code 0001.11 e8h8 - 29 -\n",
            "0001.11 e8h8 - 29 -\n0001.12 g2d5 - 64 -\n",
            "0001.11\n0001.12\nand prose after them\ne8h8\n",
            "0001.11\n0001.12\n",
        ] {
            assert_eq!(entries(text), [], "{text:?}");
        }
    }

    #[test]
    fn a_run_longer_than_the_limit_is_not_paired() {
        let codes = "0001.11\n".repeat(MAX_TABLE_BYTES / 8 + 10);
        let text = format!("{codes}e8h8\n");
        assert_eq!(entries(&text), []);
    }
}
