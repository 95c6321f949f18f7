//! The pairing of a book's directory entries with the studies of its body, in four steps
//! (docs/directory.md, "A book and its own directory"), each by hash look-ups, so that a book
//! costs time in proportion to its records: by position, by number, by a near match, by the
//! numbering around an entry. Every pair needs the evidence its step names and no
//! contradiction ([`super::evidence`]).

use std::collections::{HashMap, HashSet};

use super::evidence::{Numbering, Numbers, contradiction, number_of};
use crate::code::Code;
use crate::copies::index::{near_keys, near_match};
use crate::position::Kings;
use crate::record::Record;

/// Studies of one position looked at for an entry beyond those it may not be paired with
/// (another composer, other squares...) before the entry is left as it is: bounds the cost of
/// a position printed for thousands of studies, each unlike the entry.
const SCAN: usize = 64;

type Position = (Code, Kings);

#[cfg(test)]
thread_local! {
    /// Candidates looked at by this thread's pairings, for the test that a book costs time in
    /// proportion to its records.
    pub(super) static LOOKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts `n` candidates looked at (in tests).
fn looked(n: usize) {
    #[cfg(test)]
    LOOKED.with(|c| c.set(c.get() + n as u64));
    #[cfg(not(test))]
    let _ = n;
}

fn position(records: &[Record], i: usize) -> Position {
    (
        records[i].code,
        records[i].kings.expect("a study or entry has kings"),
    )
}

/// The pairs (entry, study) of a book's directory `entries` and its `body` (both in order).
pub(super) fn pair(records: &[Record], entries: &[usize], body: &[usize]) -> Vec<(usize, usize)> {
    let by_position = grouped(body, |s| Some(position(records, s)));
    let by_number = grouped(body, |s| {
        Some((position(records, s), number_of(&records[s])?))
    });
    let agree = |e: usize, s: usize| contradiction(&records[e], &records[s]).is_none();
    let listed: HashMap<Position, usize> = grouped(entries, |e| Some(position(records, e)))
        .into_iter()
        .map(|(p, es)| (p, es.len()))
        .collect();
    // The numbering, from the pairs a position and a number (or a position alone, printed
    // for one entry and one study) single out.
    let learnt: Vec<(usize, usize)> = entries
        .iter()
        .filter_map(|&e| {
            let p = position(records, e);
            let numbered = number_of(&records[e]).and_then(|n| by_number.get(&(p, n)));
            let only = by_position
                .get(&p)
                .filter(|s| s.len() == 1 && listed[&p] == 1);
            let s = numbered.or(only)?.iter().copied().find(|&s| agree(e, s))?;
            Some((e, s))
        })
        .collect();
    let numbering = Numbering::learn(records, entries, body, &learnt);
    let admissible = |e: usize, s: usize| {
        agree(e, s) && numbering.says(&records[e], &records[s]) != Numbers::Differ
    };
    let mut taken = vec![false; records.len()];
    let mut merged = Vec::new();
    let mut pools: HashMap<Position, Pool> = by_position
        .into_iter()
        .map(|(p, studies)| (p, Pool { studies, next: 0 }))
        .collect();
    let mut waiting = Vec::new();
    for &e in entries {
        let p = position(records, e);
        let Some(pool) = pools.get_mut(&p) else {
            continue;
        };
        let numbered = number_of(&records[e])
            .and_then(|n| by_number.get(&(p, n)))
            .and_then(|s| s.iter().copied().find(|&s| !taken[s] && admissible(e, s)));
        // A position printed for more entries than studies (a directory printing one study's
        // position for another's): its entries without their number wait for the others.
        if numbered.is_none() && listed[&p] > pool.studies.len() {
            waiting.push(e);
            continue;
        }
        if let Some(s) = numbered.or_else(|| pool.first(&taken, |s| admissible(e, s))) {
            taken[s] = true;
            taken[e] = true;
            merged.push((e, s));
        }
    }
    let book = (records, entries, body);
    step(book, by_equal_number, &numbering, &mut taken, &mut merged);
    for e in waiting {
        let p = position(records, e);
        let pool = pools
            .get_mut(&p)
            .expect("a waiting entry's position has studies");
        if let Some(s) = pool.first(&taken, |s| admissible(e, s)) {
            take(&mut taken, &mut merged, vec![(e, s)]);
        }
    }
    step(book, by_near_match, &numbering, &mut taken, &mut merged);
    // The numbering around an entry, from every pair made so far.
    let around = Numbering::learn(records, entries, body, &merged);
    step(book, by_shifted_number, &around, &mut taken, &mut merged);
    merged
}

/// A pairing of the entries left with the studies left: records, entries, studies, the book's
/// numbering.
type Step = fn(&[Record], &[usize], &[usize], &Numbering) -> Vec<(usize, usize)>;

/// Runs `pairing` on the entries and studies of `book` (records, entries, body) not yet
/// `taken`, and takes what it pairs.
fn step(
    book: (&[Record], &[usize], &[usize]),
    pairing: Step,
    numbering: &Numbering,
    taken: &mut [bool],
    merged: &mut Vec<(usize, usize)>,
) {
    let (records, entries, body) = book;
    let left =
        |list: &[usize]| -> Vec<usize> { list.iter().copied().filter(|&i| !taken[i]).collect() };
    let pairs = pairing(records, &left(entries), &left(body), numbering);
    take(taken, merged, pairs);
}

/// Marks `pairs` taken and adds them to `merged`.
fn take(taken: &mut [bool], merged: &mut Vec<(usize, usize)>, pairs: Vec<(usize, usize)>) {
    for &(e, s) in &pairs {
        taken[e] = true;
        taken[s] = true;
    }
    merged.extend(pairs);
}

/// The studies of one position, in order, with the first that may still be free.
struct Pool {
    studies: Vec<usize>,
    /// Studies before it are all taken.
    next: usize,
}

impl Pool {
    /// The first study not taken that `fits`, looking past at most [`SCAN`] that do not.
    fn first(&mut self, taken: &[bool], fits: impl Fn(usize) -> bool) -> Option<usize> {
        while self.next < self.studies.len() && taken[self.studies[self.next]] {
            self.next += 1;
            looked(1);
        }
        self.studies[self.next..]
            .iter()
            .copied()
            .inspect(|_| looked(1))
            .filter(|&s| !taken[s])
            .take(SCAN + 1)
            .find(|&s| fits(s))
    }
}

/// The records of `list` by `key`, each list in the order of `list`; a record without a key is
/// left out.
fn grouped<K: std::hash::Hash + Eq>(
    list: &[usize],
    key: impl Fn(usize) -> Option<K>,
) -> HashMap<K, Vec<usize>> {
    let mut out: HashMap<K, Vec<usize>> = HashMap::new();
    for &i in list {
        if let Some(k) = key(i) {
            out.entry(k).or_default().push(i);
        }
    }
    out
}

/// Records of `list` by number, those with one.
fn numbered(records: &[Record], list: &[usize]) -> HashMap<i64, Vec<usize>> {
    grouped(list, |i| number_of(&records[i]))
}

/// True when entry `e` and study `s`, whose positions differ, are one study by their numbers
/// alone: nothing they print disagrees, and the numbering says so (`Numbers::Same`).
fn one_by_number(records: &[Record], numbering: &Numbering, e: usize, s: usize) -> bool {
    contradiction(&records[e], &records[s]).is_none()
        && numbering.says_alone(&records[e], &records[s]) == Numbers::Same
}

/// The entries left paired by number with the studies left, whatever their positions say
/// (a misprint in one of them): an entry whose number is that of exactly one study left, and
/// of no other entry left, in a book whose directory shares the body's numbering, where the
/// numbering there is not off (`Numbers::Same`) and nothing else the two print disagrees.
fn by_equal_number(
    records: &[Record],
    entries: &[usize],
    studies: &[usize],
    numbering: &Numbering,
) -> Vec<(usize, usize)> {
    if !numbering.shared() {
        return Vec::new();
    }
    let studies = numbered(records, studies);
    let mut pairs: Vec<(usize, usize)> = numbered(records, entries)
        .into_iter()
        .filter_map(
            |(n, es)| match (es.as_slice(), studies.get(&n).map(Vec::as_slice)) {
                ([e], Some([s])) => Some((*e, *s)),
                _ => None,
            },
        )
        .filter(|&(e, s)| one_by_number(records, numbering, e, s))
        .collect();
    pairs.sort_unstable();
    pairs
}

/// The records of `map` near `at` ([`near_match`]), at most two: one is all a pairing needs.
fn near_of(records: &[Record], map: &HashMap<Position, Vec<usize>>, at: Position) -> Vec<usize> {
    let mut found = Vec::new();
    for (kings, code) in near_keys(at.1, at.0) {
        looked(1);
        for &i in map.get(&(code, kings)).into_iter().flatten() {
            looked(1);
            debug_assert!(near_match(at, position(records, i)));
            found.push(i);
            if found.len() > 1 {
                return found;
            }
        }
    }
    found
}

/// The entries left paired with the studies left by a near match, as `gbr check` pairs a
/// caption with its directory's entry when it reports that one of the two is wrong (the same
/// kings with the code one digit apart, or the same code with the kings one square apart),
/// where the numbers say they are one study (`Numbers::Same`: a misprint in the code, the
/// number in step) and nothing else disagrees: an entry whose only near match among the
/// studies left is a study whose only near match among the entries left is that entry.
fn by_near_match(
    records: &[Record],
    entries: &[usize],
    studies: &[usize],
    numbering: &Numbering,
) -> Vec<(usize, usize)> {
    if !numbering.shared() {
        return Vec::new();
    }
    let map = |list: &[usize]| grouped(list, |i| Some(position(records, i)));
    let (entry_map, study_map) = (map(entries), map(studies));
    entries
        .iter()
        .filter_map(
            |&e| match near_of(records, &study_map, position(records, e)).as_slice() {
                [s] => Some((e, *s)),
                _ => None,
            },
        )
        .filter(|&(e, s)| near_of(records, &entry_map, position(records, s)) == [e])
        .filter(|&(e, s)| one_by_number(records, numbering, e, s))
        .collect()
}

/// The entries left paired with the studies left by the numbering around them: where the
/// body numbers its studies a fixed distance `d` off the directory over a stretch, an entry
/// numbered `n` whose neighbours `n - 1` and `n + 1` are both paired with studies `d` more
/// (not 0) is the study left numbered `n + d`, when exactly one study left has that number, no
/// other entry left asks for it, and nothing the two print disagrees.
fn by_shifted_number(
    records: &[Record],
    entries: &[usize],
    studies: &[usize],
    numbering: &Numbering,
) -> Vec<(usize, usize)> {
    let studies = numbered(records, studies);
    let wanted: Vec<(usize, usize)> = entries
        .iter()
        .filter_map(|&e| {
            let n = number_of(&records[e])?;
            let d = numbering.shifted(n)?;
            match studies.get(&(n + d))?.as_slice() {
                [s] => Some((e, *s)),
                _ => None,
            }
        })
        .filter(|&(e, s)| contradiction(&records[e], &records[s]).is_none())
        .collect();
    let mut asked: HashMap<usize, usize> = HashMap::new();
    for &(_, s) in &wanted {
        *asked.entry(s).or_default() += 1;
    }
    let once: HashSet<usize> = asked
        .into_iter()
        .filter(|&(_, n)| n == 1)
        .map(|(s, _)| s)
        .collect();
    wanted
        .into_iter()
        .filter(|(_, s)| once.contains(s))
        .collect()
}
