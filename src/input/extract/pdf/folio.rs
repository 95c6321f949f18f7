//! The folio printed on a PDF's pages, for a PDF without page labels: a number alone on a line
//! (`302`, `- 302 -`, `– 302 –`) among the first or last [`EDGE_LINES`] lines of a page's
//! text that are not blank, or at either end of its first or last line and set apart from
//! the rest of it by two spaces or a tab (a running head, `130  Probleemblad 71e jaargang`,
//! `oktober-december 2013  131`), accepted only when it keeps one distance from the page
//! index across the file.
//!
//! The rule: each page gives the numbers alone on its edge lines; each number gives a distance
//! (number minus the page's 1-based index); the distance given by the most pages is the
//! folio's, when at least two pages give it and they are more than half of the pages that give
//! any number. A tie goes to the distance nearest to zero (a book's folios run close to its
//! page index; a study's number or a year at the head of a page rarely does). Every page then
//! has the folio its index plus that distance makes, where that is at least 1: a page whose
//! folio is not printed (a plate, the first page of an article) is numbered as its neighbours
//! count it.
//!
//! A number at a page's edge that grows by one from page to page is taken for the folio
//! whatever it is: in a book of one study a page, studies numbered `- 31 -`, `- 32 -`, ... and
//! nothing else at the edges read as folios. Study numbers that do not grow with the pages
//! (two studies on a page, a page of text between) have no distance most pages share, and are
//! no folio.

use std::collections::HashMap;

/// How many lines that are not blank are read at each end of a page's text.
pub(super) const EDGE_LINES: usize = 3;

/// The largest folio read: five digits.
const MAX_FOLIO: u32 = 99_999;

/// The distance of the folios from the 1-based page index (folio = index + distance), found
/// in the pages' `texts` (`None` for a page that gave no text); `None` when no distance holds
/// under the module's rule.
pub(super) fn distance(texts: &[Option<&str>]) -> Option<i64> {
    let mut counts: HashMap<i64, usize> = HashMap::new();
    let mut pages_with_numbers = 0;
    for (at, text) in texts.iter().enumerate() {
        let Some(text) = text else { continue };
        let mut distances: Vec<i64> = edge_numbers(text)
            .into_iter()
            .map(|n| i64::from(n) - (at as i64 + 1))
            .collect();
        if distances.is_empty() {
            continue;
        }
        pages_with_numbers += 1;
        distances.sort_unstable();
        distances.dedup();
        for d in distances {
            *counts.entry(d).or_default() += 1;
        }
    }
    let (distance, pages) = counts
        .into_iter()
        .max_by_key(|&(d, pages)| (pages, std::cmp::Reverse(d.unsigned_abs()), d))?;
    (pages >= 2 && 2 * pages > pages_with_numbers).then_some(distance)
}

/// The folio of the page of 1-based `index` at `distance`, `None` when below 1 or past
/// [`MAX_FOLIO`].
pub(super) fn folio(index: u32, distance: i64) -> Option<u32> {
    u32::try_from(i64::from(index) + distance)
        .ok()
        .filter(|n| (1..=MAX_FOLIO).contains(n))
}

/// The numbers alone on the first and last [`EDGE_LINES`] lines of `text` that are not blank
/// (a line read once when the page is short), and those of a running head on its first and
/// last line ([`running_head`]).
fn edge_numbers(text: &str) -> Vec<u32> {
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let head = lines.len().min(EDGE_LINES);
    let tail = lines.len().saturating_sub(EDGE_LINES).max(head);
    let mut numbers: Vec<u32> = lines[..head]
        .iter()
        .chain(&lines[tail..])
        .filter_map(|l| alone(l))
        .collect();
    let ends = lines
        .first()
        .into_iter()
        .chain(lines.last().filter(|_| lines.len() > 1));
    numbers.extend(ends.flat_map(|l| running_head(l)));
    numbers
}

/// The numbers at the start and the end of `line` (trimmed, not a number alone) set apart from
/// the rest of it by two spaces or a tab, as a running head sets its folio: `130  Probleemblad`,
/// `2013  131`.
fn running_head(line: &str) -> impl Iterator<Item = u32> {
    let apart = |gap: &str| gap.chars().count() >= 2 || gap.contains('\t');
    let first = line.find(char::is_whitespace).and_then(|end| {
        let (number, rest) = line.split_at(end);
        apart(&rest[..rest.len() - rest.trim_start().len()])
            .then(|| alone(number))
            .flatten()
    });
    let last = line.rfind(char::is_whitespace).and_then(|at| {
        let start = at + line[at..].chars().next().map_or(1, char::len_utf8);
        let (rest, number) = line.split_at(start);
        apart(&rest[rest.trim_end().len()..])
            .then(|| alone(number))
            .flatten()
    });
    first.into_iter().chain(last)
}

/// The number `line` (trimmed) is, alone or between two dashes (`302`, `- 302 -`,
/// `– 302 –`, `—302—`); `None` for anything else, `0`, a number with a leading zero, and one
/// past [`MAX_FOLIO`].
fn alone(line: &str) -> Option<u32> {
    let dash = |c: char| matches!(c, '-' | '\u{2013}' | '\u{2014}' | '\u{2212}');
    let inner = match (line.strip_prefix(dash), line.strip_suffix(dash)) {
        (Some(_), Some(_)) => line.trim_start_matches(dash).trim_end_matches(dash).trim(),
        (None, None) => line,
        _ => return None,
    };
    let digits = inner.bytes().all(|b| b.is_ascii_digit());
    if inner.is_empty() || inner.len() > 5 || !digits || inner.starts_with('0') {
        return None;
    }
    inner.parse().ok().filter(|&n| n <= MAX_FOLIO)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_alone_or_between_dashes_is_a_folio_and_nothing_else() {
        for (line, folio) in [
            ("302", Some(302)),
            ("- 302 -", Some(302)),
            ("\u{2013} 302 \u{2013}", Some(302)),
            ("\u{2014}302\u{2014}", Some(302)),
            ("-302", None),
            ("302 -", None),
            ("p. 302", None),
            ("0302", None),
            ("0", None),
            ("123456", None),
            ("3/2", None),
            ("0116.00", None),
            ("- -", None),
            ("-", None),
        ] {
            assert_eq!(alone(line), folio, "{line:?}");
        }
    }

    #[test]
    fn a_number_set_apart_at_either_end_of_a_running_head_is_read() {
        let read = |line: &str| running_head(line).collect::<Vec<_>>();
        assert_eq!(read("130  Magazine 71 nr. 4 - 2013"), [130]);
        assert_eq!(read("Magazine 71 nr. 4 - 2013  131"), [131]);
        assert_eq!(read("Magazine\t\u{2013} 131 \u{2013}"), Vec::<u32>::new());
        assert_eq!(read("Magazine\t131"), [131]);
        // One space is a sentence's: `12 studies`, `in 2013`.
        assert_eq!(read("12 studies in 2013"), Vec::<u32>::new());
        assert_eq!(read("12.Db6#  2013x"), Vec::<u32>::new());
    }

    /// Pages of `lines` lines of prose, the folio `folio(i)` (1-based page `i`) at the foot.
    fn book(pages: u32, folio: impl Fn(u32) -> Option<String>) -> Vec<String> {
        (1..=pages)
            .map(|i| {
                let mut page = "Prose of the page.\n".repeat(8);
                if let Some(f) = folio(i) {
                    page.push_str(&format!("\n{f}\n"));
                }
                page
            })
            .collect()
    }

    fn distance_of(pages: &[String]) -> Option<i64> {
        let texts: Vec<Option<&str>> = pages.iter().map(|p| Some(p.as_str())).collect();
        distance(&texts)
    }

    #[test]
    fn folios_that_keep_their_distance_are_found_even_where_some_are_missing() {
        let pages = book(6, |i| {
            (i != 1 && i != 4).then(|| format!("\u{2013} {} \u{2013}", i + 300))
        });
        assert_eq!(distance_of(&pages), Some(300));
        assert_eq!(folio(1, 300), Some(301));
        assert_eq!(folio(1, -3), None);
    }

    #[test]
    fn numbers_that_do_not_keep_one_distance_are_no_folios() {
        // Two studies a page, numbered at the foot of each: 2, 4, 6, ...
        let pages = book(6, |i| Some(format!("- {} -", 2 * i)));
        assert_eq!(distance_of(&pages), None);
        // One page alone with a number: not two pages.
        let pages = book(1, |_| Some("5".into()));
        assert_eq!(distance_of(&pages), None);
        // Nothing at the edges.
        assert_eq!(distance_of(&book(4, |_| None)), None);
    }

    #[test]
    fn a_number_in_the_middle_of_the_page_is_not_read() {
        let pages: Vec<String> = (1..=4)
            .map(|i| format!("a\nb\nc\nd\n{}\ne\nf\ng\nh\n", i + 10))
            .collect();
        assert_eq!(distance_of(&pages), None);
    }

    #[test]
    fn study_numbers_one_a_page_beside_folios_lose_the_tie_to_the_folios() {
        // Study 31 on page 10, 32 on page 11, ...: a number at the head of each page that
        // grows with the pages, and the folio at the foot, two more than the index.
        let pages: Vec<String> = (10..=15)
            .map(|i| format!("- {} -\nStudy.\n{}\n", i + 21, i + 2))
            .collect();
        let mut texts: Vec<Option<&str>> = vec![None; 9];
        texts.extend(pages.iter().map(|p| Some(p.as_str())));
        assert_eq!(distance(&texts), Some(2));
    }
}
