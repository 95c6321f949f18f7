//! The same study printed elsewhere in the inputs: same kings, and the same code or the same
//! squares. Where one copy disagrees, the others say which part is wrong.

use std::collections::HashMap;

use shakmaty::Square;

use super::{Caption, Cited, Diagnostic, DiagnosticCheck, Input, Make, verify};
use crate::check::{Fix, Severity};
use crate::parse::Parsed;
use crate::position::Kings;
use crate::position::Part;

/// The captions that may be copies of one another: one group for each pair of kings, in
/// caption order, and a group of one for each caption without kings.
pub(crate) fn groups(captions: &[Caption]) -> Vec<Vec<usize>> {
    let mut by_kings: HashMap<Kings, usize> = HashMap::new();
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (i, c) in captions.iter().enumerate() {
        match c.parsed.position.kings {
            Some(k) => {
                let g = *by_kings.entry(k).or_insert_with(|| {
                    out.push(Vec::new());
                    out.len() - 1
                });
                out[g].push(i);
            }
            None => out.push(vec![i]),
        }
    }
    out
}

/// The squares of a caption as a set (sorted), the key of "the same squares".
fn square_set(parsed: &Parsed) -> Option<Vec<Square>> {
    parsed.position.squares.as_ref().map(|s| {
        let mut x: Vec<Square> = s.all().collect();
        x.sort();
        x
    })
}

/// The parts copies are compared by, in the order of [`Tally::parts`].
const PARTS: [Part; 4] = [Part::Code, Part::Kings, Part::Squares, Part::MenCount];

/// The valid captions of one key (a code, a set of squares, or both), by the text of each part.
#[derive(Default)]
struct Tally {
    /// For each of [`PARTS`]: the captions (ascending) by the part's text.
    parts: [HashMap<String, Vec<usize>>; 4],
    /// For each of [`PARTS`]: the texts, most captions first, then in text order.
    ranked: [Vec<String>; 4],
}

impl Tally {
    fn add(&mut self, n: usize, parsed: &Parsed) {
        for (i, part) in PARTS.into_iter().enumerate() {
            if let Some(text) = part_text(parsed, part) {
                self.parts[i].entry(text).or_default().push(n);
            }
        }
    }

    fn rank(&mut self) {
        for i in 0..PARTS.len() {
            let mut r: Vec<&String> = self.parts[i].keys().collect();
            r.sort_by(|a, b| {
                self.parts[i][*b]
                    .len()
                    .cmp(&self.parts[i][*a].len())
                    .then(a.cmp(b))
            });
            self.ranked[i] = r.into_iter().cloned().collect();
        }
    }

    fn count(&self, part: usize, text: &str) -> usize {
        self.parts[part].get(text).map_or(0, Vec::len)
    }

    fn list(&self, part: usize, text: &str) -> &[usize] {
        self.parts[part].get(text).map_or(&[], Vec::as_slice)
    }
}

/// The copies among one group of captions (the same kings), indexed so that what copies say
/// of a caption is read without comparing it with every other: the valid captions are
/// tallied by code, by set of squares and by both, and "the same study" (the same code or the
/// same squares) is the union of a caption's code tally and squares tally, counted by
/// inclusion and exclusion. Building costs O(k log k) for a group of k captions; a caption's
/// verdict costs O(d) where d is the number of distinct texts in the smaller of its two
/// tallies (1 for reprints), plus the copies it cites.
pub(crate) struct Copies<'a> {
    captions: &'a [Caption],
    by_code: HashMap<String, Tally>,
    by_squares: HashMap<Vec<Square>, Tally>,
    by_both: HashMap<(String, Vec<Square>), Tally>,
    /// Tally entries and ranked texts looked at so far: the measure of the work done, for the
    /// test that it grows near-linearly with the copies.
    pub(crate) steps: std::cell::Cell<u64>,
}

impl<'a> Copies<'a> {
    /// Indexes the valid captions among `members` (one group of [`groups`]).
    pub(crate) fn new(captions: &'a [Caption], members: &[usize]) -> Copies<'a> {
        let mut copies = Copies {
            captions,
            by_code: HashMap::new(),
            by_squares: HashMap::new(),
            by_both: HashMap::new(),
            steps: std::cell::Cell::new(0),
        };
        if members.len() < 2 {
            return copies;
        }
        for &n in members {
            let c = &captions[n];
            if !c.valid {
                continue;
            }
            let code = c.parsed.position.code.to_string();
            copies
                .by_code
                .entry(code.clone())
                .or_default()
                .add(n, &c.parsed);
            if let Some(set) = square_set(&c.parsed) {
                copies
                    .by_squares
                    .entry(set.clone())
                    .or_default()
                    .add(n, &c.parsed);
                copies
                    .by_both
                    .entry((code, set))
                    .or_default()
                    .add(n, &c.parsed);
            }
        }
        for t in copies
            .by_code
            .values_mut()
            .chain(copies.by_squares.values_mut())
        {
            t.rank();
        }
        copies
    }

    fn step(&self, n: usize) {
        self.steps.set(self.steps.get() + n as u64);
    }

    fn place(&self, n: usize) -> String {
        let c = &self.captions[n];
        format!("{}:{}", c.path, c.line)
    }

    /// The valid captions other than `me` that print `text` as `part`, among those with
    /// `me`'s code (when `same_code`) or with its kings, in caption order.
    fn printing(&self, me: &Parsed, part: Part, text: &str) -> Vec<usize> {
        let i = PARTS.iter().position(|p| *p == part);
        let Some(i) = i else {
            return Vec::new();
        };
        // A code fix is supported by any copy with the kings that prints the code; the fix
        // of another part, by a copy with the same code that prints it.
        let code = if part == Part::Code {
            text.to_string()
        } else {
            me.position.code.to_string()
        };
        let list = self.by_code.get(&code).map_or(&[][..], |t| t.list(i, text));
        self.step(list.len());
        list.to_vec()
    }

    /// What the copies say of caption `n`.
    pub(crate) fn of(&self, n: usize) -> Others<'_, 'a> {
        Others { copies: self, n }
    }
}

/// The copies of one caption: the other captions with its kings.
pub(crate) struct Others<'c, 'a> {
    copies: &'c Copies<'a>,
    /// The caption's index.
    n: usize,
}
/// The text of `part` in a caption, canonical, if it gives it.
fn part_text(parsed: &Parsed, part: Part) -> Option<String> {
    let p = &parsed.position;
    match part {
        Part::Code => Some(p.code.to_string()),
        Part::Kings => p.kings.map(|k| k.to_string()),
        Part::Squares => p.squares.as_ref().map(ToString::to_string),
        Part::MenCount => p.men.map(|m| m.to_string()),
        Part::Stipulation | Part::Fen => None,
    }
}

/// The candidate fixes that copies elsewhere support, most supported first, with the copies
/// cited; all of `fixes` and no citation when no copy supports any. A valid caption with the
/// same kings supports a code fix when it prints that code; a fix of W/B or squares when it
/// prints the same code and that W/B or those squares.
pub(crate) fn decide(
    me: &Parsed,
    fixes: &[Fix],
    others: &Others<'_, '_>,
) -> (Vec<Fix>, Vec<Cited>) {
    let support = |fix: &Fix| -> Vec<usize> {
        let mut copies = others.copies.printing(me, fix.part, &fix.replacement);
        copies.retain(|m| *m != others.n);
        copies
    };
    let mut ranked: Vec<(usize, &Fix, Vec<usize>)> = fixes
        .iter()
        .enumerate()
        .map(|(i, f)| (i, f, support(f)))
        .filter(|(_, _, s)| !s.is_empty())
        .collect();
    if ranked.is_empty() {
        return (fixes.to_vec(), Vec::new());
    }
    ranked.sort_by_key(|(i, _, s)| (std::cmp::Reverse(s.len()), *i));
    let mut cited = Vec::new();
    for (_, f, copies) in &ranked {
        for m in copies {
            cited.push(Cited {
                place: others.copies.place(*m),
                says: format!("printed as {} there", f.replacement),
            });
        }
    }
    (
        ranked.into_iter().map(|(_, f, _)| f.clone()).collect(),
        cited,
    )
}

/// The text printed by most valid copies of the same study as caption `n` (the same code or
/// the same squares), other than `own`, with those copies in caption order; and how many
/// copies, `n` itself included, print `own`.
fn most_printed(
    others: &Others<'_, '_>,
    part: Part,
    own: &str,
) -> (usize, Option<(String, Vec<usize>)>) {
    let copies = others.copies;
    let me = &copies.captions[others.n];
    let Some(i) = PARTS.iter().position(|p| *p == part) else {
        return (1, None);
    };
    let a = copies.by_code.get(&me.parsed.position.code.to_string());
    most_printed_by(copies, a, me, i, own)
}

fn most_printed_by(
    copies: &Copies<'_>,
    a: Option<&Tally>,
    me: &Caption,
    i: usize,
    own: &str,
) -> (usize, Option<(String, Vec<usize>)>) {
    let empty = Tally::default();
    let set = square_set(&me.parsed);
    let b = set.as_ref().and_then(|s| copies.by_squares.get(s));
    let ab = set.and_then(|s| {
        copies
            .by_both
            .get(&(me.parsed.position.code.to_string(), s))
    });
    let (a, b, ab) = (
        a.unwrap_or(&empty),
        b.unwrap_or(&empty),
        ab.unwrap_or(&empty),
    );
    let union = |v: &str| a.count(i, v) + b.count(i, v) - ab.count(i, v);
    // The caption itself is among its own code's copies when it is valid.
    let agree = 1 + union(own) - usize::from(me.valid && union(own) > 0);
    let (small, large) = if a.parts[i].len() <= b.parts[i].len() {
        (a, b)
    } else {
        (b, a)
    };
    // Most copies first, then the text first in order.
    fn consider<'t>(best: &mut Option<(usize, &'t String)>, count: usize, v: &'t String) {
        if best.is_none_or(|(c, w)| count > c || count == c && v < w) {
            *best = Some((count, v));
        }
    }
    let mut best: Option<(usize, &String)> = None;
    let mut steps = 0;
    for v in small.parts[i].keys() {
        steps += 1;
        if v != own {
            consider(&mut best, union(v), v);
        }
    }
    // Texts of the larger tally absent from the smaller: counted by the larger alone, and the
    // first of them in its ranking is the best of them.
    for v in &large.ranked[i] {
        steps += 1;
        if v != own && !small.parts[i].contains_key(v) {
            consider(&mut best, large.count(i, v), v);
            break;
        }
    }
    copies.step(steps);
    let Some((_, v)) = best else {
        return (agree, None);
    };
    let mut places: Vec<usize> = a.list(i, v).iter().chain(b.list(i, v)).copied().collect();
    places.sort_unstable();
    places.dedup();
    (agree, Some((v.clone(), places)))
}

/// Parts of a caption that passes its own checks but disagrees with valid copies elsewhere:
/// an error when more copies print another value than print its own, a warning (both
/// readings given) when as many do.
///
/// With `tables`, a tie is broken where the tables agree with one reading and contradict the
/// other (docs/check.md, "The tables"): the copy they agree with is left alone, the other's
/// part is an error with the fix.
pub(crate) fn disagreements(
    input: &Input<'_>,
    caption: &Caption,
    others: &Others<'_, '_>,
    tables: Option<&crate::tablebase::Tables>,
    make: &Make<'_>,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let parsed = &caption.parsed;
    for part in [Part::Code, Part::Squares, Part::MenCount] {
        let Some(own) = part_text(parsed, part) else {
            continue;
        };
        let span = match part {
            Part::Code => Some(parsed.parts.code.clone()),
            Part::Squares => parsed.parts.squares.clone(),
            _ => parsed.parts.men.clone(),
        };
        let Some(span) = span else { continue };
        let (agree, most) = most_printed(others, part, &own);
        let Some((value, places)) = most else {
            continue;
        };
        let places: Vec<String> = places.into_iter().map(|m| others.copies.place(m)).collect();
        if places.len() < agree {
            continue;
        }
        let fix = Fix {
            part,
            span: span.clone(),
            replacement: value.clone(),
        };
        let mut severity = if places.len() > agree {
            Severity::Error
        } else {
            Severity::Warning
        };
        // A tie the tables break: they agree with one reading and contradict the other.
        let mut by_tables = None;
        if let (Severity::Warning, Some(tables)) = (severity, tables) {
            let other = super::verify::reread(input.text, parsed, std::slice::from_ref(&fix))
                .and_then(|again| super::tables::judged(tables, &again));
            match (super::tables::judged(tables, parsed), other) {
                (Some((true, _)), Some((false, _))) => continue,
                (Some((false, mine)), Some((true, theirs))) => {
                    severity = Severity::Error;
                    by_tables = Some(format!("{theirs} with {value}, {mine} with {own}"));
                }
                _ => {}
            }
        }
        let message = if by_tables.is_some() {
            format!(
                "{} {own}: another copy prints {value}, and the tables agree with it alone",
                part.name()
            )
        } else if severity == Severity::Error {
            format!(
                "{} {own}: {} other copies print {value}",
                part.name(),
                places.len()
            )
        } else {
            format!(
                "{} {own}: another copy prints {value}; one of the two is wrong",
                part.name()
            )
        };
        let mut diag = make(span.clone(), DiagnosticCheck::Elsewhere, severity, message);
        diag.copies = places
            .iter()
            .map(|p| Cited {
                place: p.clone(),
                says: format!("printed as {value} there"),
            })
            .collect();
        if let Some(says) = by_tables {
            diag.copies.push(Cited {
                place: super::tables::THE_TABLES.to_string(),
                says,
            });
        }
        if verify(
            input.text,
            parsed,
            std::slice::from_ref(&fix),
            caption.board.as_ref().map(|b| &b.0),
        ) {
            diag.fixes.push(fix);
        }
        out.push(diag);
    }
    out
}

#[cfg(test)]
mod tests;
