//! A game's citation from its tags (`docs/chess-formats.md`, "PGN input"): the composers
//! from `Composer` or `White`, the source and honour from `Event`, the year from `Date`, the
//! number from `Round`, in the tag forms of HHdb (`Rusz=A`, `Kopilov=E Pervakov=O`,
//! `3.p 2nd UAPA internet ty#22`) and ChessBase (`Kubbel, L.`, `Kubbel, L. & Smith, J.`).

use crate::citation::{self, Citation, JOINERS};
use crate::study::Study;

/// The citation of a game whose tags give `study`, `composer` (the `Composer` tag) and
/// `round`; `None` when no field is known.
pub(super) fn of_tags(
    study: &Study,
    composer: Option<&str>,
    round: Option<&str>,
) -> Option<Citation> {
    let mut cite = Citation {
        number: round.and_then(citation::field),
        composers: composer
            .or(study.composer.as_deref())
            .map(composers)
            .unwrap_or_default(),
        ..Citation::default()
    };
    if let Some(event) = study.event.as_deref() {
        let (honour, rest) = hhdb_honour(event).unwrap_or(("", event));
        cite.honour = citation::field(honour);
        match citation::ends_in_year(rest) {
            Some((source, year)) => {
                cite.source = citation::field(source);
                cite.year = Some(year);
            }
            None => cite.source = citation::field(rest),
        }
    }
    let date_year = study
        .date
        .as_deref()
        .and_then(|d| d.get(..4))
        .and_then(|y| y.parse::<u16>().ok())
        .filter(|y| (1800..=2099).contains(y));
    cite.year = date_year.or(cite.year);
    (!cite.is_empty()).then_some(cite)
}

/// The composers of a `White` or `Composer` tag: HHdb's names each end in `=` and the
/// initials (`Slumstrup Nielsen=S Becker=R`); other names are split at `;` and the joining
/// words ([`JOINERS`]), never at a comma (`Kubbel, L.`).
pub(super) fn composers(tag: &str) -> Vec<compact_str::CompactString> {
    let mut names: Vec<String> = vec![String::new()];
    let hhdb = tag.contains('=');
    for word in tag.split_whitespace() {
        if JOINERS.contains(&word) || word == ";" {
            names.push(String::new());
            continue;
        }
        let last = names.last_mut().expect("never empty");
        if !last.is_empty() {
            last.push(' ');
        }
        last.push_str(word.trim_end_matches(';'));
        if (hhdb && word.contains('=')) || word.ends_with(';') {
            names.push(String::new());
        }
    }
    names.iter().filter_map(|n| citation::field(n)).collect()
}

/// HHdb's honour before the source in `Event` (`1.p`, `1/2.p`, `.c`, `sp.p`, `1.sp.p`,
/// `4.hm`, `7/13.hm`): the honour as written and the source after it.
pub(super) fn hhdb_honour(event: &str) -> Option<(&str, &str)> {
    let (first, rest) = event.trim().split_once(' ')?;
    let kind = first.rsplit('.').next()?;
    let lead = &first[..first.len() - kind.len()];
    let lead = lead.strip_suffix('.')?;
    let lead = lead
        .strip_suffix(".sp")
        .or_else(|| lead.strip_suffix("sp"))
        .unwrap_or(lead);
    let places = lead.is_empty()
        || lead
            .split('/')
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    (matches!(kind, "p" | "hm" | "c") && places).then(|| (first, rest.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hhdb_honours_lead_the_event() {
        for (event, honour, source) in [
            (
                "3.p 2nd UAPA internet ty#22",
                "3.p",
                "2nd UAPA internet ty#22",
            ),
            ("1/2.p Berger-170 MT", "1/2.p", "Berger-170 MT"),
            (".c Shakhmatny Listok#336", ".c", "Shakhmatny Listok#336"),
            ("sp.p Ellerman-120 MT", "sp.p", "Ellerman-120 MT"),
            ("1.sp.p X", "1.sp.p", "X"),
            ("7/13.hm Hlinka JT", "7/13.hm", "Hlinka JT"),
        ] {
            assert_eq!(hhdb_honour(event), Some((honour, source)), "{event}");
        }
        for event in [
            "The Problemist#1140",
            "Shakhmaty 1925",
            "L'Italia Scacchistica",
        ] {
            assert_eq!(hhdb_honour(event), None, "{event}");
        }
    }

    #[test]
    fn composers_in_hhdb_and_chessbase_forms() {
        assert_eq!(composers("Rusz=A"), ["Rusz=A"]);
        assert_eq!(
            composers("Kopilov=E Pervakov=O"),
            ["Kopilov=E", "Pervakov=O"]
        );
        assert_eq!(
            composers("Slumstrup Nielsen=S Becker=R"),
            ["Slumstrup Nielsen=S", "Becker=R"]
        );
        assert_eq!(composers("Kubbel, L."), ["Kubbel, L."]);
        assert_eq!(
            composers("Kubbel, L. & Smith, J."),
            ["Kubbel, L.", "Smith, J."]
        );
    }
}
