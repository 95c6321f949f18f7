//! The same study printed elsewhere in the inputs: same kings, and the same code or the same
//! squares. Where one copy disagrees, the others say which part is wrong.

use std::collections::HashMap;

use super::{Caption, Cited, Diagnostic, Input, Make, verify};
use crate::check::{Fix, Part, Severity};
use crate::parse::Parsed;
use crate::position::Kings;

/// Captions by their kings.
pub(crate) struct Groups {
    by_kings: HashMap<Kings, Vec<usize>>,
}

fn same_squares(a: &Parsed, b: &Parsed) -> bool {
    match (&a.position.squares, &b.position.squares) {
        (Some(x), Some(y)) => {
            let mut x: Vec<_> = x.all().collect();
            let mut y: Vec<_> = y.all().collect();
            x.sort();
            y.sort();
            x == y
        }
        _ => false,
    }
}

impl Groups {
    pub(crate) fn new(captions: &[Caption]) -> Groups {
        let mut by_kings: HashMap<Kings, Vec<usize>> = HashMap::new();
        for (i, c) in captions.iter().enumerate() {
            if let Some(k) = c.parsed.position.kings {
                by_kings.entry(k).or_default().push(i);
            }
        }
        Groups { by_kings }
    }

    /// The other captions with the kings of caption `n`, each with its place (`path:line`)
    /// and whether it is the same study (the same code, or the same squares).
    pub(crate) fn others<'a>(&self, captions: &'a [Caption], n: usize) -> Vec<Other<'a>> {
        let me = &captions[n];
        let Some(kings) = me.parsed.position.kings else {
            return Vec::new();
        };
        self.by_kings[&kings]
            .iter()
            .filter(|i| **i != n)
            .map(|i| &captions[*i])
            .map(|c| Other {
                same_study: c.parsed.position.code == me.parsed.position.code
                    || same_squares(&c.parsed, &me.parsed),
                caption: c,
                place: format!("{}:{}", c.path, c.line),
            })
            .collect()
    }
}

/// Another caption with the same kings.
pub(crate) struct Other<'a> {
    pub(crate) caption: &'a Caption,
    /// `path:line`.
    pub(crate) place: String,
    /// The same code, or the same squares.
    pub(crate) same_study: bool,
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
pub(crate) fn decide(me: &Parsed, fixes: &[Fix], others: &[Other<'_>]) -> (Vec<Fix>, Vec<Cited>) {
    let support = |fix: &Fix| -> Vec<&String> {
        others
            .iter()
            .filter(|o| {
                let p = &o.caption.parsed;
                o.caption.valid
                    && (fix.part == Part::Code || p.position.code == me.position.code)
                    && part_text(p, fix.part).as_deref() == Some(&fix.replacement)
            })
            .map(|o| &o.place)
            .collect()
    };
    let mut ranked: Vec<(usize, &Fix, Vec<&String>)> = fixes
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
    for (_, f, places) in &ranked {
        for place in places {
            cited.push(Cited {
                place: (*place).clone(),
                says: format!("printed as {} there", f.replacement),
            });
        }
    }
    (
        ranked.into_iter().map(|(_, f, _)| f.clone()).collect(),
        cited,
    )
}

/// Parts of a caption that passes its own checks but disagrees with valid copies elsewhere:
/// an error when more copies print another value than print its own, a warning (both
/// readings given) when as many do.
pub(crate) fn disagreements(
    input: &Input<'_>,
    caption: &Caption,
    others: &[Other<'_>],
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
        let mut values: HashMap<String, Vec<&String>> = HashMap::new();
        let mut agree = 1;
        for o in others.iter().filter(|o| o.same_study && o.caption.valid) {
            let place = &o.place;
            match part_text(&o.caption.parsed, part) {
                Some(v) if v == own => agree += 1,
                Some(v) => values.entry(v).or_default().push(place),
                None => {}
            }
        }
        let Some((value, places)) = values
            .into_iter()
            .max_by_key(|(v, p)| (p.len(), std::cmp::Reverse(v.clone())))
        else {
            continue;
        };
        if places.len() < agree {
            continue;
        }
        let severity = if places.len() > agree {
            Severity::Error
        } else {
            Severity::Warning
        };
        let message = if severity == Severity::Error {
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
        let mut diag = make(span.clone(), "elsewhere", severity, message);
        diag.copies = places
            .iter()
            .map(|p| Cited {
                place: (*p).clone(),
                says: format!("printed as {value} there"),
            })
            .collect();
        let fix = Fix {
            part,
            span,
            replacement: value,
        };
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
