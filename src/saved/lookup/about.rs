//! Looking entries up by what a study is cited by (`gbr lookup --composer --source --year
//! --number`): the record's citation (docs/printing.md, "Citations"), else the composer,
//! source and year as a PGN game's tags give them, else the study's label as printed
//! (`Kubbel, L., Shakhmaty 1925`, a directory saved before citations were fields).

use crate::record::Record;

/// What a lookup asks of an entry's citation; every part given must match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct About {
    /// Text in the composer (a PGN game's `White` tag) or the label, any case.
    pub composer: Option<String>,
    /// Text in the source (a PGN game's `Event` tag) or the label, any case.
    pub source: Option<String>,
    /// The year: the first four characters of a PGN game's `Date` tag, or a four-digit number
    /// standing alone in the label.
    pub year: Option<u16>,
    /// The study's number as printed (`18601`, `A12`), any case: the citation's number, else
    /// the whole label.
    pub number: Option<String>,
}

/// True when `text` holds `part`, any case (Unicode lower case of both).
fn holds(text: &str, part: &str) -> bool {
    text.to_lowercase().contains(&part.to_lowercase())
}

/// True when `label` holds `year` as a number of its own ([`crate::context::label::years`]).
fn label_has_year(label: &str, year: u16) -> bool {
    crate::context::label::years(label).any(|y| y == year)
}

impl About {
    /// True when nothing is asked.
    pub fn is_empty(&self) -> bool {
        *self == About::default()
    }

    /// True when `record` matches every part asked: each in the study's own field (from a PGN
    /// game) or, where the record has none, in its label.
    pub fn matches(&self, record: &Record) -> bool {
        let study = record.study.as_deref();
        let cite = record.citation.as_deref();
        let label = record.label.as_deref().unwrap_or("");
        let field = |own: Option<&str>, part: &str| holds(own.unwrap_or(label), part);
        let composers = cite
            .filter(|c| !c.composers.is_empty())
            .map(|c| c.composers_text());
        self.composer.as_deref().is_none_or(|c| {
            field(
                composers
                    .as_deref()
                    .or(study.and_then(|s| s.composer.as_deref())),
                c,
            )
        }) && self.source.as_deref().is_none_or(|s| {
            field(
                cite.and_then(|c| c.source.as_deref())
                    .or(study.and_then(|s| s.event.as_deref())),
                s,
            )
        }) && self.year.is_none_or(|year| {
            if let Some(own) = cite.and_then(|c| c.year) {
                return own == year;
            }
            match study
                .and_then(|s| s.date.as_deref())
                .and_then(|d| d.get(..4))
            {
                Some(date) => date == year.to_string(),
                None => label_has_year(label, year),
            }
        }) && self.number.as_deref().is_none_or(|n| {
            let own = cite.and_then(|c| c.number.as_deref()).unwrap_or(label);
            own.trim().eq_ignore_ascii_case(n.trim())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_year_stands_alone_in_the_label() {
        assert!(label_has_year("Kubbel, L., Shakhmaty 1925", 1925));
        assert!(label_has_year("(1925)", 1925));
        assert!(!label_has_year("No 19250", 1925));
        assert!(!label_has_year("No 11925", 1925));
        assert!(!label_has_year("Kubbel", 1925));
    }

    #[test]
    fn any_case_and_any_part() {
        assert!(holds("Kubbel, L., Shakhmaty 1925", "kubbel"));
        assert!(holds("Émile", "émile"));
        assert!(!holds("Kubbel", "Troitzky"));
    }
}
