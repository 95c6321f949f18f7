//! A study mentioned in prose, one entry with the study (docs/directory.md, "A book and its own
//! directory"): a book's text quotes a study's code where it speaks of it (`Becker reacted to
//! the 0800.00 study of Ignace Vandecasteele`, on the page of study 116, `0800.00 f6h3`). The
//! code is found and its record reads the page's head for its number, but it gives no kings:
//! it is no study of its own, and `gbr index` merges it into the study it names.
//!
//! Within one file's records (a PDF's pages share it), a record **without kings** whose code
//! and number (its citation's, else the number its label starts with: `- 116 EG, 2010`,
//! `No 12`, `116`) are those of **exactly one** record with kings of the file is that study's
//! second mention, and is merged into it. A record without kings and without a number on a
//! PDF page whose only record with kings has its code (`the 0800.00 study of ...` under the
//! study, on its page, where the scan reads no label for it) is that study's too, and so is one
//! just above the study of its code: the next record of the file, within 16 KiB, has kings and
//! its code, and the one before is no such study (a text whose pages are form feeds, or a
//! saved directory, knows no PDF page). Where two
//! records with kings have that code and number, or the page holds two studies, nothing is
//! merged: two studies could be meant.
//!
//! The study keeps its own reference and nothing of the mention's: the mention gives no
//! position (no kings, no squares) and no copy that `gbr check` could compare, and a place
//! for its references would widen every record of every scan (`Record` is kept small, as a
//! scan moves each several times). `gbr scan` still lists the mention, with its line.

use std::collections::HashMap;

use compact_str::CompactString;

use crate::code::Code;
use crate::record::Record;

/// The number `record` is cited by: its citation's number, else the number its label starts
/// with ([`label_number`]).
pub(super) fn number(record: &Record) -> Option<CompactString> {
    record
        .citation
        .as_deref()
        .and_then(|c| c.number.clone())
        .or_else(|| {
            record
                .label
                .as_deref()
                .and_then(label_number)
                .map(Into::into)
        })
}

/// The number a label starts with, as a book or a magazine heads a study with it: after a
/// dash (`- 116 EG, 2010`, `- 31 -`, `–29–`) or `No`/`Nr` (`No 12`, `Nr. 3`), or the
/// label's whole text (`116`, the number a directory prints after an entry); one to six
/// digits, a letter or digit never glued after them (`- 116a`, `- 1962.` read as a number
/// would not be one).
pub(crate) fn label_number(label: &str) -> Option<&str> {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let label = label.trim();
    if digits(label) == label.len() && (1..=6).contains(&label.len()) {
        return Some(label);
    }
    let rest = ["-", "\u{2013}", "No.", "No", "Nr.", "Nr"]
        .iter()
        .find_map(|p| label.strip_prefix(p))?
        .trim_start();
    let n = digits(rest);
    let after = rest[n..].chars().next();
    ((1..=6).contains(&n) && after.is_none_or(|c| !c.is_alphanumeric() && c != '.'))
        .then(|| &rest[..n])
}

/// The codes of the records with kings on each PDF page of one file (by page index).
fn page_studies(records: &[Record]) -> HashMap<u32, Vec<Code>> {
    let mut pages: HashMap<u32, Vec<Code>> = HashMap::new();
    for r in records.iter().filter(|r| r.kings.is_some()) {
        if let Some(p) = r.page_index {
            pages.entry(p).or_default().push(r.code);
        }
    }
    pages
}

/// Bytes between a mention and the study beside it, at most: about a book's page.
const BESIDE: u64 = 16 * 1024;

/// Whether the record at `i` (no kings, no number) stands just above the study of its code
/// (`by_offset`: the records' indices in the text's order, by member, page and offset; `at`:
/// each record's place there): the next record in the file (the same member of an archive)
/// has kings and the same code, within [`BESIDE`] bytes and on the same PDF page where pages
/// are known (`Becker reacted to the 0800.00 study of ...`, a paragraph above `0800.00
/// f6h3` in a text whose pages are form feeds), and the record
/// before it is no study of that code within reach (two studies could be meant). A study of
/// another code between them, or none near, leaves it a code of its own.
fn beside_its_study(records: &[Record], by_offset: &[usize], at: &[usize], i: usize) -> bool {
    let r = &records[i];
    let near = |o: &Record| {
        o.kings.is_some()
            && o.code == r.code
            && o.path == r.path
            && o.offset.abs_diff(r.offset) <= BESIDE
            && (o.page_index.is_none() || r.page_index.is_none() || o.page_index == r.page_index)
    };
    // Neighbours in the file's order (by offset): the records of a sorted directory read
    // back come in code order.
    let k = at[i];
    by_offset.get(k + 1).is_some_and(|&n| near(&records[n]))
        && !k
            .checked_sub(1)
            .is_some_and(|b| near(&records[by_offset[b]]))
}

/// The records of one file (`records`, in order) with each mention of a study in prose merged
/// into the study (see the module's docs); returns how many were merged.
pub fn merge_mentions(records: &mut Vec<Record>) -> usize {
    let mut studies: HashMap<(Code, CompactString), Vec<usize>> = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        if r.kings.is_some()
            && let Some(n) = number(r)
        {
            studies.entry((r.code, n)).or_default().push(i);
        }
    }
    let pages = page_studies(records);
    let mut by_offset: Vec<usize> = (0..records.len()).collect();
    // Offsets count within a member or a PDF page: each one's records stand together.
    by_offset.sort_by(|&a, &b| {
        let key = |r: &Record| (r.page_index, r.offset);
        records[a]
            .path
            .cmp(&records[b].path)
            .then(key(&records[a]).cmp(&key(&records[b])))
    });
    let mut at = vec![0; records.len()];
    for (k, &i) in by_offset.iter().enumerate() {
        at[i] = k;
    }
    let mentions: Vec<bool> = records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            r.kings.is_none()
                && match number(r) {
                    Some(n) => studies.get(&(r.code, n)).is_some_and(|s| s.len() == 1),
                    // Without a number: the one study of its PDF page, of its code, or the
                    // study of its code next to it.
                    None => {
                        r.page_index
                            .and_then(|p| pages.get(&p))
                            .is_some_and(|s| matches!(s.as_slice(), [c] if *c == r.code))
                            || beside_its_study(records, &by_offset, &at, i)
                    }
                }
        })
        .collect();
    let count = mentions.iter().filter(|&&m| m).count();
    let mut i = 0;
    records.retain(|_| {
        i += 1;
        !mentions[i - 1]
    });
    count
}
