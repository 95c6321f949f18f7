//! Caption lines whose redundancy says a code must stand where OCR gave none, or gave one that
//! fails in a way OCR explains (docs/reading.md, "OCR: reading a line again").
//!
//! A caption line of the EG form is kings, code, (squares,) W/B: `f4b8 0800.11 4/4 Draw`
//! (gbr-notation.md §2). When OCR gives the kings and W/B but no code between them (`f4b8 or a
//! — 4/4 Draw`: the code beside a diagram misread), or a code whose men do not agree with W/B
//! (gbr-notation.md §3 rule 2), the page is read again there: the span from the kings to W/B,
//! cropped from the page and read as one line. The second reading is kept only where the
//! redundancy accepts it ([`accept`]): it gives the same kings and W/B, and a code between them
//! whose men agree with W/B, white and black.

use super::{code_at, men_at, read, squares_at};

/// The span of a caption line to read again: byte offsets `start..end` in the page's text,
/// from the kings to the end of W/B, on one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Suspect {
    /// 0-based byte offset of the kings.
    pub start: usize,
    /// 0-based byte offset just past W/B.
    pub end: usize,
}

/// The most tokens between the kings and W/B: a code (two tokens when OCR split it) and a
/// square list (two at most, as the compact form's runs).
const MAX_BETWEEN: usize = 4;

/// The caption lines of the OCR'd page `text` to read again, in order.
pub fn suspects(text: &str) -> Vec<Suspect> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = Vec::new();
    // Token starts (character indices), line by line.
    let mut line: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i <= chars.len() {
        let end_of_line = i == chars.len() || chars[i].1 == '\n';
        if end_of_line {
            out.extend(line_suspects(text, &chars, &line));
            line.clear();
            i += 1;
            continue;
        }
        if !chars[i].1.is_whitespace() {
            let start = i;
            while i < chars.len() && !chars[i].1.is_whitespace() {
                i += 1;
            }
            line.push((start, i));
            continue;
        }
        i += 1;
    }
    out
}

fn line_suspects(text: &str, chars: &[(usize, char)], tokens: &[(usize, usize)]) -> Vec<Suspect> {
    let byte = |k: usize| chars.get(k).map_or(text.len(), |&(b, _)| b);
    let mut out = Vec::new();
    let mut t = 0;
    while t < tokens.len() {
        let (start, end) = tokens[t];
        let kings = squares_at(chars, start, false).filter(|p| p.squares == 2 && p.end == end);
        if kings.is_none() {
            t += 1;
            continue;
        }
        let Some(men_token) = (t + 1..tokens.len().min(t + 2 + MAX_BETWEEN))
            .find(|&m| men_at(chars, tokens[m].0).is_some())
        else {
            t += 1;
            continue;
        };
        let men = men_at(chars, tokens[men_token].0).map(|p| p.read);
        let codes: Vec<_> = (t + 1..men_token)
            .filter_map(|k| code_at(chars, tokens[k].0))
            .collect();
        let agrees = codes
            .iter()
            .any(|c| men.as_deref().is_some_and(|m| men_agree(&c.part.read, m)));
        if !agrees {
            out.push(Suspect {
                start: byte(start),
                end: byte(men_end(chars, tokens[men_token].0)),
            });
        }
        t = men_token + 1;
    }
    out
}

/// The end of W/B starting at `i` (its digits and slash, not the sign after it).
fn men_end(chars: &[(usize, char)], i: usize) -> usize {
    men_at(chars, i).map_or(i, |p| p.end)
}

/// True when the code `code` (`dddd.dd`, digits as read) gives the men of W/B `men` (`4/4`),
/// white and black, kings counted (gbr-notation.md §1: a piece digit is white plus three
/// times black; the pawn digits white, black). A `9` gives no count, and never agrees.
fn men_agree(code: &str, men: &str) -> bool {
    let d: Vec<u32> = code.chars().filter_map(|c| c.to_digit(10)).collect();
    let Some((w, b)) = men.split_once('/') else {
        return false;
    };
    let (Ok(w), Ok(b)) = (w.parse::<u32>(), b.parse::<u32>()) else {
        return false;
    };
    if d.len() != 6 || d.contains(&9) {
        return false;
    }
    let white = 1 + d[..4].iter().map(|n| n % 3).sum::<u32>() + d[4];
    let black = 1 + d[..4].iter().map(|n| n / 3).sum::<u32>() + d[5];
    (white, black) == (w, b)
}

/// The second reading `second` of the span `first` (a [`Suspect`]'s text), as it is kept: the
/// kings, the code and W/B (with any squares between) as read through OCR's confusions, one
/// space between; `None` unless it gives the kings and W/B that `first` gives and a code whose
/// men agree with W/B. A line read with the notation's characters only often comes without
/// its spaces (`f4b80800.114/4`), so the second reading is read by position: the kings, then
/// the code's seven characters, then W/B at its end, and squares or a pawn mark between.
pub fn accept(first: &str, second: &str) -> Option<String> {
    let first = read(first.trim());
    let tokens: Vec<&str> = first.text.split_whitespace().collect();
    let (&kings, rest) = tokens.split_first()?;
    let &men = rest.last()?;
    let kings_chars: Vec<(usize, char)> = kings.char_indices().collect();
    let kings = squares_at(&kings_chars, 0, false)
        .filter(|p| p.squares == 2 && p.end == kings_chars.len())?
        .read;
    let men_chars: Vec<(usize, char)> = men.char_indices().collect();
    let men = men_at(&men_chars, 0)?.read;
    let second: String = second.chars().filter(|c| !c.is_whitespace()).collect();
    let body = second.strip_prefix(kings.as_str())?;
    let code = code_of(body.get(..7)?)?;
    let tail = body.get(7..)?.trim_end_matches(['+', '=', '-', '.']);
    let between = tail.strip_suffix(men.as_str())?.trim_matches('.');
    if !men_agree(&code, &men) {
        return None;
    }
    let mut kept = vec![kings, code];
    if !between.is_empty() {
        let chars: Vec<(usize, char)> = between.char_indices().collect();
        kept.push(
            squares_at(&chars, 0, false)
                .filter(|p| p.end == chars.len())?
                .read,
        );
    }
    kept.push(men);
    Some(kept.join(" "))
}

/// The code in the seven characters `text` (four digits, the full stop, two digits; OCR's
/// confusions read), `None` when they are not one.
fn code_of(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() != 7 || !matches!(chars[4], '.' | ',' | ':' | ';') {
        return None;
    }
    let mut code = String::with_capacity(7);
    for (at, &c) in chars.iter().enumerate() {
        if at == 4 {
            code.push('.');
        } else {
            code.push(char::from(b'0' + super::digit(c)?));
        }
    }
    Some(code)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spans(text: &str) -> Vec<&str> {
        suspects(text)
            .iter()
            .map(|s| &text[s.start..s.end])
            .collect()
    }

    #[test]
    fn kings_and_men_without_a_code_between_are_read_again() {
        assert_eq!(
            spans("No 19001\nf4b8 or a — 4/4 Draw\nnext"),
            ["f4b8 or a — 4/4"]
        );
    }

    #[test]
    fn a_code_whose_men_disagree_with_w_b_is_read_again() {
        assert_eq!(spans("f4b8 0300.11 4/4 Draw"), ["f4b8 0300.11 4/4"]);
        // The printed error of GBR.md §3 is one too: the second reading keeps it if it agrees.
        assert_eq!(spans("a2f1 0411.56 10/9 Win"), ["a2f1 0411.56 10/9"]);
    }

    #[test]
    fn a_caption_that_holds_together_is_not_read_again() {
        assert!(spans("f4b8 0800.11 4/4 Draw").is_empty());
        assert!(spans("c2h4 0015.15 d3d6g5 g2.c4c5c7e5e6h3 5/7 Win").is_empty());
        assert!(spans("a7d3 Oll6,OO b2b3c6d6 3/3+.").is_empty());
    }

    #[test]
    fn prose_and_numbers_are_not_read_again() {
        assert!(spans("No 03132 (9 + 6) el 12/10/1985").is_empty());
        assert!(spans("1.Kf4 b8 2.Rb4 3/4 of the moves").is_empty());
    }

    #[test]
    fn men_agree_counts_white_and_black() {
        assert!(men_agree("0800.11", "4/4"));
        assert!(men_agree("0116.00", "3/3"));
        assert!(!men_agree("0411.56", "10/9"));
        assert!(men_agree("0411.67", "10/9"));
        assert!(!men_agree("0900.00", "4/2"));
    }

    #[test]
    fn a_second_reading_is_kept_only_where_the_redundancy_accepts_it() {
        assert_eq!(
            accept("f4b8 or a — 4/4", "f4b8 0800.11 4/4").as_deref(),
            Some("f4b8 0800.11 4/4")
        );
        assert_eq!(
            accept("f4b8 or a — 4/4", "f4b8 O8OO,1l 4/4").as_deref(),
            Some("f4b8 0800.11 4/4")
        );
        // Other kings, other W/B, or men that disagree: the first reading stays.
        assert_eq!(accept("f4b8 or a — 4/4", "f4b3 0800.11 4/4"), None);
        assert_eq!(accept("f4b8 or a — 4/4", "f4b8 0800.11 4/3"), None);
        assert_eq!(accept("f4b8 or a — 4/4", "f4b8 0300.11 4/4"), None);
        assert_eq!(accept("a2f1 0411.56 10/9", "a2f1 0411.56 10/9"), None);
    }

    #[test]
    fn a_second_reading_without_spaces_is_read_by_position() {
        assert_eq!(
            accept("f4b8 4/4", "f4b80800.11.4/4").as_deref(),
            Some("f4b8 0800.11 4/4")
        );
        assert_eq!(
            accept("f4b8 4/4", "f4b80800.114/4+").as_deref(),
            Some("f4b8 0800.11 4/4")
        );
        assert_eq!(
            accept("c2h4 5/7", "c2h40015.15d3d6g5g2.c4c5c7e5e6h35/7").as_deref(),
            Some("c2h4 0015.15 d3d6g5g2.c4c5c7e5e6h3 5/7")
        );
        assert_eq!(accept("f4b8 4/4", "f4b80800.1144/4"), None);
    }
}
