//! What the records of one book say for and against two of them being one study
//! (docs/directory.md, "When two records are one study"): a merge needs evidence and no
//! contradiction.
//!
//! **Against** ([`contradiction`]): anything both records print and print differently: the
//! squares (as sets of piece and pawn squares), the composers (no surname in common), the
//! source (neither's words within the other's), the year, the result of the stipulation (a
//! directory's `Draws` heading over an entry against a study's own `+`), and the number, where
//! the directory and the body share one numbering and the entry's number names another study
//! of the body ([`Numbering`]).
//!
//! **For**: the same position (code and kings, and every square both give) is evidence of its
//! own; a position that differs (a misprint in one copy) needs the number to say it is the same
//! study, in a numbering the book shows it shares with its directory.

use std::collections::{BTreeMap, HashSet};

use crate::record::Record;

/// The number a record is cited by, as an integer: the number a mention is cited by
/// ([`super::super::mention::number`]: its citation's, else the number its label starts with,
/// `- 31 -`, `No 12`, `213`), where it is one.
pub(super) fn number_of(record: &Record) -> Option<i64> {
    super::super::mention::number(record).and_then(|n| n.trim().parse().ok())
}

/// Lower-case words of three letters or more: a composer's surname without initials, a
/// source's names.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 || w.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Which field two records print differently, other than the number: `squares`, `composers`,
/// `source`, `year` or `stipulation`; `None` when nothing both print disagrees.
pub(super) fn contradiction(a: &Record, b: &Record) -> Option<&'static str> {
    if let (Some(x), Some(y)) = (&a.squares, &b.squares) {
        let sorted = |v: &[shakmaty::Square]| {
            let mut v = v.to_vec();
            v.sort_unstable();
            v
        };
        if sorted(&x.pieces) != sorted(&y.pieces) || sorted(&x.pawns) != sorted(&y.pawns) {
            return Some("squares");
        }
    }
    let outcome = |r: &Record| r.stipulation.and_then(|s| s.outcome);
    if let (Some(x), Some(y)) = (outcome(a), outcome(b))
        && x != y
    {
        return Some("stipulation");
    }
    let (Some(x), Some(y)) = (a.citation.as_deref(), b.citation.as_deref()) else {
        return None;
    };
    if let (Some(p), Some(q)) = (x.year, y.year)
        && p != q
    {
        return Some("year");
    }
    if !x.composers.is_empty() && !y.composers.is_empty() {
        let names = |c: &crate::citation::Citation| -> Vec<String> {
            c.composers.iter().flat_map(|n| words(n)).collect()
        };
        let (p, q) = (names(x), names(y));
        if !p.is_empty() && !q.is_empty() && !p.iter().any(|w| q.contains(w)) {
            return Some("composers");
        }
    }
    if let (Some(p), Some(q)) = (&x.source, &y.source) {
        let (p, q) = (words(p), words(q));
        let within = |a: &[String], b: &[String]| a.iter().all(|w| b.contains(w));
        if !p.is_empty() && !q.is_empty() && !within(&p, &q) && !within(&q, &p) {
            return Some("source");
        }
    }
    None
}

/// How a book's directory numbers its entries against its body: the same numbers, or the
/// same but for a fixed distance over a stretch (a manuscript whose body counts one more than
/// its directory from a study on), learnt from the pairs of the same position; or no numbering
/// in common (a directory that prints pages, or numbers of its own), where numbers say nothing.
#[derive(Debug)]
pub(super) struct Numbering {
    /// The distance (study's number less entry's) of the pairs of the same position, by the
    /// entry's number; `None` where two pairs of one number give two distances.
    shift: BTreeMap<i64, Option<i64>>,
    /// True when the book shows that its directory and body share a numbering: at least one
    /// pair of the same position with both numbers, and at least half of them in step.
    shared: bool,
    /// Numbers that two entries, or two studies, print (on their side): such a number names
    /// no one study, and says nothing.
    twice: [HashSet<i64>; 2],
    /// The numbers the studies of the body print.
    studies: HashSet<i64>,
}

/// The numbers that two or more of `list` print.
fn printed_twice(records: &[Record], list: &[usize]) -> HashSet<i64> {
    let mut seen = HashSet::new();
    list.iter()
        .filter_map(|&i| number_of(&records[i]))
        .filter(|&n| !seen.insert(n))
        .collect()
}

/// What the numbers of an entry and a study say of the two being one study.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Numbers {
    /// One of the two prints no number, or the book shares no numbering with its directory.
    Silent,
    /// The same study by the numbering: the same number, or the distance of the pairs
    /// nearest it.
    Same,
    /// Different studies: another number in the same numbering.
    Differ,
}

impl Numbering {
    /// The numbering of a book's `entries` and `body`, learnt from `pairs` (entry, study) of
    /// the same position, which the book's other evidence does not contradict.
    pub(super) fn learn(
        records: &[Record],
        entries: &[usize],
        body: &[usize],
        pairs: &[(usize, usize)],
    ) -> Numbering {
        let twice = [
            printed_twice(records, entries),
            printed_twice(records, body),
        ];
        let studies = body
            .iter()
            .filter_map(|&s| number_of(&records[s]))
            .collect();
        let mut shift: BTreeMap<i64, Option<i64>> = BTreeMap::new();
        let numbered: Vec<(i64, i64)> = pairs
            .iter()
            .filter_map(|&(e, s)| Some((number_of(&records[e])?, number_of(&records[s])?)))
            .filter(|(n, m)| !twice[0].contains(n) && !twice[1].contains(m))
            .collect();
        for &(n, m) in &numbered {
            let d = shift.entry(n).or_insert(Some(m - n));
            if *d != Some(m - n) {
                *d = None;
            }
        }
        let mut numbering = Numbering {
            shift,
            shared: true,
            twice,
            studies,
        };
        let in_step = numbered
            .iter()
            .filter(|&&(n, m)| numbering.nearest(n).contains(&Some(m - n)) || m == n)
            .count();
        numbering.shared = !numbered.is_empty() && 2 * in_step >= numbered.len();
        numbering
    }

    /// The distances of the pairs numbered nearest below and above `n` (`None` where there
    /// is none, or its pairs disagree).
    fn nearest(&self, n: i64) -> [Option<i64>; 2] {
        let below = self.shift.range(..n).next_back().and_then(|(_, d)| *d);
        let above = self.shift.range(n + 1..).next().and_then(|(_, d)| *d);
        [below, above]
    }

    /// What the numbers of `entry` and `study` say, where their positions are the same: the
    /// same study when the numbers are equal or `d` apart for a distance `d` of the pairs
    /// numbered nearest (the stretch it stands in, or the one it starts); different studies
    /// when the entry's number names another study of the body (its own number, or that
    /// number `d` on); nothing when it names none (a number the directory misprints, where the
    /// position decides).
    pub(super) fn says(&self, entry: &Record, study: &Record) -> Numbers {
        match self.numbers(entry, study) {
            (Some(n), Some(m)) if self.shared => {
                let [below, above] = self.nearest(n);
                let distances = [Some(0), below, above];
                if distances.contains(&Some(m - n)) {
                    Numbers::Same
                } else if distances
                    .into_iter()
                    .flatten()
                    .any(|d| self.studies.contains(&(n + d)))
                {
                    Numbers::Differ
                } else {
                    Numbers::Silent
                }
            }
            _ => Numbers::Silent,
        }
    }

    /// What the numbers of `entry` and `study` say, where their positions differ and the
    /// number alone may make them one: the same study only when the numbers are `d` apart for
    /// the distance `d` of the pairs numbered nearest on both sides (0 where there are none):
    /// a number equal to a study's in a stretch the body numbers off its directory names
    /// another study.
    pub(super) fn says_alone(&self, entry: &Record, study: &Record) -> Numbers {
        match self.numbers(entry, study) {
            (Some(n), Some(m)) if self.shared => {
                let d = m - n;
                let ok = match self.nearest(n) {
                    [None, None] => d == 0,
                    [Some(b), Some(a)] if b != a => d == b || d == a,
                    [b, a] => b.or(a) == Some(d),
                };
                if ok { Numbers::Same } else { Numbers::Differ }
            }
            _ => Numbers::Silent,
        }
    }

    /// The numbers of `entry` and `study`, each where its side prints it once.
    fn numbers(&self, entry: &Record, study: &Record) -> (Option<i64>, Option<i64>) {
        let n = number_of(entry).filter(|n| !self.twice[0].contains(n));
        let m = number_of(study).filter(|m| !self.twice[1].contains(m));
        (n, m)
    }

    /// The distance both neighbours of an entry numbered `n` agree on, when it is not 0: the
    /// number its study has in a stretch the body numbers off its directory.
    pub(super) fn shifted(&self, n: i64) -> Option<i64> {
        let at = |k: i64| self.shift.get(&k).copied().flatten();
        let d = at(n - 1)?;
        (self.shared && d != 0 && at(n + 1) == Some(d)).then_some(d)
    }

    /// True when the book shares a numbering with its directory.
    pub(super) fn shared(&self) -> bool {
        self.shared
    }
}
