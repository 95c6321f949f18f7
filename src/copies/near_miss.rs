//! Near misses: what a typist or OCR makes of a code, found by a pass of its own over the
//! text (never by the scanner's finder): `O`/`o` for 0, `l`/`I` for 1, `S` for 5, `B` for 8,
//! `Z` for 2, a comma for the full stop (`0116,00`), a digit short (`0323.1 g3g1`,
//! `323.12 g3g1`). Each is given its likely reading, and ranked: a reading that then passes
//! the checks, or one with king squares or W/B beside it, first.

use std::ops::Range;

use crate::check::{Fix, Severity, check};
use crate::parse::parse_at;
use crate::position::Part;

/// One near miss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NearMiss {
    /// 0-based byte range of the token in the text.
    pub span: Range<usize>,
    /// The part it would be: the code, or the squares.
    pub part: Part,
    /// What was found.
    pub found: String,
    /// Why it is a near miss, in words.
    pub why: String,
    /// Readings, best first (empty when the token alone cannot say, a digit short).
    pub readings: Vec<String>,
    /// How likely it is a code: higher first.
    pub score: u32,
    /// The severity to report it with (always a note).
    pub severity: Severity,
}

impl NearMiss {
    /// Its readings as fixes of the code.
    pub fn fixes(&self) -> Vec<Fix> {
        self.readings
            .iter()
            .map(|r| Fix {
                part: self.part,
                span: self.span.clone(),
                replacement: r.clone(),
            })
            .collect()
    }
}

/// The digit a character stands for, and whether it is a look-alike rather than a digit.
fn digit_of(b: u8) -> Option<(u8, bool)> {
    match b {
        b'0'..=b'9' => Some((b, false)),
        b'O' | b'o' => Some((b'0', true)),
        b'l' | b'I' => Some((b'1', true)),
        b'S' => Some((b'5', true)),
        b'B' => Some((b'8', true)),
        b'Z' => Some((b'2', true)),
        _ => None,
    }
}

fn is_square(b: &[u8]) -> bool {
    b.len() >= 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1])
}

fn word_char(b: Option<&u8>) -> bool {
    b.is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.' || *b == b',')
}

/// The next line feed and the next W/B-like `d/d` at or after an offset, each found once and
/// kept while the offsets asked move forward (as the tokens of [`near_misses`] do), so that a
/// long line with many near misses is read once rather than once for each of them.
#[derive(Debug, Default)]
struct Ahead {
    /// The offset the line feed was searched from, and the one found (`None`: none after).
    newline: Option<(usize, Option<usize>)>,
    /// The offset `d/d` was searched from, and the start of the one found.
    wb: Option<(usize, Option<usize>)>,
    /// Bytes read so far, for the test that they stay proportional to the text.
    steps: u64,
}

impl Ahead {
    /// The first offset at or after `from` where `find` holds, from the cache when it is valid
    /// for `from`.
    fn first(
        cache: &mut Option<(usize, Option<usize>)>,
        steps: &mut u64,
        from: usize,
        find: impl FnOnce(usize) -> (Option<usize>, usize),
    ) -> Option<usize> {
        if let Some((searched, found)) = *cache
            && searched <= from
            && found.is_none_or(|f| f >= from)
        {
            return found;
        }
        let (found, read) = find(from);
        *steps += read as u64;
        *cache = Some((from, found));
        found
    }

    /// The offset of the first line feed at or after `from`.
    fn newline(&mut self, text: &[u8], from: usize) -> Option<usize> {
        Ahead::first(
            &mut self.newline,
            &mut self.steps,
            from,
            |from| match memchr::memchr(b'\n', &text[from..]) {
                Some(i) => (Some(from + i), i + 1),
                None => (None, text.len() - from),
            },
        )
    }

    /// The start of the first `d/d` (digit, slash, digit) at or after `from`.
    fn wb(&mut self, text: &[u8], from: usize) -> Option<usize> {
        Ahead::first(&mut self.wb, &mut self.steps, from, |from| {
            let rest = text.get(from + 1..).unwrap_or_default();
            for slash in memchr::memchr_iter(b'/', rest).map(|i| from + 1 + i) {
                if text[slash - 1].is_ascii_digit()
                    && text.get(slash + 1).is_some_and(u8::is_ascii_digit)
                {
                    return (Some(slash - 1), slash + 1 - from);
                }
            }
            (None, text.len() - from)
        })
    }
}

/// Evidence around a token that it is a code: king squares right after or before it, W/B on
/// its line.
fn context_score(text: &[u8], span: &Range<usize>, ahead: &mut Ahead) -> u32 {
    let mut score = 0;
    let after = &text[span.end..];
    let after = &after[after.iter().take_while(|b| **b == b' ').count()..];
    if is_square(after) && is_square(&after[2..]) {
        score += 2;
    }
    let before = &text[..span.start];
    let trimmed = before.len() - before.iter().rev().take_while(|b| **b == b' ').count();
    if trimmed >= 4 && is_square(&before[trimmed - 4..]) && is_square(&before[trimmed - 2..]) {
        score += 2;
    }
    // A `d/d` that ends before the line does.
    let line_end = ahead.newline(text, span.end).unwrap_or(text.len());
    if ahead
        .wb(text, span.end)
        .is_some_and(|start| start + 3 <= line_end)
    {
        score += 1;
    }
    score
}

/// True when `reading` put at `span` reads as a code that passes its checks.
fn passes(text: &[u8], span: &Range<usize>, reading: &str) -> bool {
    let from = span.start.saturating_sub(64);
    let to = (span.end + 128).min(text.len());
    let mut window = text[from..span.start].to_vec();
    window.extend_from_slice(reading.as_bytes());
    window.extend_from_slice(&text[span.end..to]);
    parse_at(&window, span.start - from).is_some_and(|p| {
        p.rank() > crate::parse::Rank::Bare
            && check(&p).iter().all(|f| f.severity() != Severity::Error)
    })
}

/// Every near miss in `text`, best first.
#[cfg(test)]
pub fn near_misses(text: &[u8]) -> Vec<NearMiss> {
    near_misses_counted(text, &mut 0)
}

/// [`near_misses`], adding to `steps` the bytes read ahead of the tokens for W/B.
pub(crate) fn near_misses_counted(text: &[u8], steps: &mut u64) -> Vec<NearMiss> {
    let mut ahead = Ahead::default();
    let ahead = &mut ahead;
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if word_char(i.checked_sub(1).and_then(|j| text.get(j))) || digit_of(text[i]).is_none() {
            i += 1;
            continue;
        }
        if let Some(miss) = at(text, i, ahead) {
            i = miss.span.end;
            out.push(miss);
        } else {
            i += 1;
        }
    }
    out.sort_by_key(|m| (std::cmp::Reverse(m.score), m.span.start));
    *steps += ahead.steps;
    out
}

/// `a` and `b` read as a code's two runs of digits: `0116.00`.
fn reading(a: &[u8], b: &[u8]) -> String {
    format!(
        "{}.{}",
        String::from_utf8_lossy(a),
        String::from_utf8_lossy(b)
    )
}

/// A token of four and two digits and look-alikes (`digits` as read, `real` of them digits,
/// `alike` look-alikes) with `sep` between: why it is a near miss, and its reading; `None`
/// when it is a code (the scanner's), or nothing around it (`context`) says it may be one.
fn misread(
    token: &[u8],
    sep: u8,
    digits: &[u8],
    real: usize,
    alike: usize,
    context: u32,
) -> Option<(String, Vec<String>)> {
    if sep == b'.' && alike == 0 {
        return None; // a code: the scanner's
    }
    if real < 4 && context == 0 {
        return None;
    }
    let mut why = Vec::new();
    if sep == b',' {
        why.push("a comma for the full stop".to_string());
    }
    for &c in token
        .iter()
        .filter(|c| digit_of(**c).is_some_and(|(_, l)| l))
    {
        why.push(format!("{:?} for {}", c as char, digit_of(c)?.0 as char));
    }
    if alike == 0 && context == 0 {
        return None; // `1234,56`: a price in most text
    }
    Some((why.join(", "), vec![reading(&digits[..4], &digits[4..])]))
}

/// A code a digit short (`digits`, the first run `a` long) at `span` of `text`: its
/// readings with the digit put back that pass the checks, none when more than two do.
fn digit_short(text: &[u8], span: &Range<usize>, digits: &[u8], a: usize) -> (String, Vec<String>) {
    let mut readings = Vec::new();
    // The missing digit is the first piece digit (`323.12`) or a pawn digit (`0323.1`).
    let places = if a == 3 { [0, 0] } else { [4, 5] };
    for d in b'0'..=b'8' {
        for pos in places {
            let mut w = digits.to_vec();
            w.insert(pos, d);
            let r = reading(&w[..4], &w[4..]);
            if passes(text, span, &r) && !readings.contains(&r) {
                readings.push(r);
            }
        }
    }
    // Without W/B every completion passes: none can be proposed.
    if readings.len() > 2 {
        readings.clear();
    }
    ("a digit short".to_string(), readings)
}

/// The near miss starting at `i`, if any: a run of digits and look-alikes, a `.` or `,`, and
/// another run, standing as a token.
fn at(text: &[u8], i: usize, ahead: &mut Ahead) -> Option<NearMiss> {
    let run = |from: usize| {
        text[from..]
            .iter()
            .take_while(|b| digit_of(**b).is_some())
            .count()
    };
    let a = run(i);
    let sep = *text.get(i + a)?;
    if !(sep == b'.' || sep == b',') || a == 0 {
        return None;
    }
    let b = run(i + a + 1);
    let end = i + a + 1 + b;
    if word_char(text.get(end)) || b == 0 {
        return None;
    }
    let span = i..end;
    let token = &text[span.clone()];
    let mut digits = Vec::new();
    let mut alike = 0;
    for &c in token.iter().filter(|c| **c != b'.' && **c != b',') {
        let (d, l) = digit_of(c)?;
        digits.push(d);
        alike += usize::from(l);
    }
    let real = digits.len() - alike;
    let found = String::from_utf8_lossy(token).into_owned();
    let context = context_score(text, &span, ahead);
    let (why, readings) = if a == 4 && b == 2 {
        misread(token, sep, &digits, real, alike, context)?
    } else if (a == 4 && b == 1 || a == 3 && b == 2) && alike == 0 && sep == b'.' && context >= 2 {
        digit_short(text, &span, &digits, a)
    } else {
        return None;
    };
    let verified = readings.first().is_some_and(|r| passes(text, &span, r));
    let score = context + 3 * u32::from(verified) + u32::from(real >= 4);
    Some(NearMiss {
        part: Part::Code,
        span,
        found,
        why,
        readings,
        score,
        severity: Severity::Note,
    })
}

/// A square list of odd length right after a caption's code, whether the reader took part of
/// it (a list one square short is read as a full position with a `squares` error, gbr-notation.md §2)
/// or left the caption with no squares: a run of files and ranks of odd length (`b2b3c6d`, a square cut short, or `b2b3c6d6e`, a
/// letter too many). Its readings are the lists one character shorter or one square longer
/// that make the caption pass its checks, when no more than two do.
pub fn square_list(text: &[u8], parsed: &crate::parse::Parsed) -> Option<NearMiss> {
    parsed.position.kings?;
    let gap = text[parsed.parts.code.end..]
        .iter()
        .take_while(|b| **b == b' ')
        .count();
    let start = parsed.parts.code.end + gap;
    let len = text[start..]
        .iter()
        .take_while(|b| matches!(b, b'a'..=b'h' | b'1'..=b'8' | b'.'))
        .count();
    let token = &text[start..start + len];
    let plain = token.iter().filter(|b| **b != b'.').count();
    if len < 3 || plain % 2 == 0 || word_char(text.get(start + len)) || gap == 0 {
        return None;
    }
    let span = start..start + len;
    let found = String::from_utf8_lossy(token).into_owned();
    let mut candidates = vec![found[..found.len() - 1].to_string()];
    if token[len - 1].is_ascii_lowercase() {
        candidates.extend((1..=8).map(|r| format!("{found}{r}")));
    }
    let anchor = parsed.parts.code.start;
    let readings: Vec<String> = candidates
        .into_iter()
        .filter(|c| {
            let from = anchor.saturating_sub(64);
            let to = (span.end + 128).min(text.len());
            let mut window = text[from..span.start].to_vec();
            window.extend_from_slice(c.as_bytes());
            window.extend_from_slice(&text[span.end..to]);
            parse_at(&window, anchor - from).is_some_and(|p| {
                p.position.squares.is_some()
                    && check(&p).iter().all(|f| f.severity() != Severity::Error)
            })
        })
        .collect();
    let readings = if readings.len() > 2 {
        Vec::new()
    } else {
        readings
    };
    let why = if token[len - 1].is_ascii_lowercase() {
        "a square list one character short or long".to_string()
    } else {
        "a square list one character long".to_string()
    };
    Some(NearMiss {
        part: Part::Squares,
        score: 3 + u32::from(!readings.is_empty()) * 3,
        span,
        found,
        why,
        readings,
        severity: Severity::Note,
    })
}

#[cfg(test)]
mod tests;
