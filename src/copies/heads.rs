//! A bulletin's two heads of one study checked against each other (docs/check.md, "The
//! heads of a study"): EG sets a study's number, composers and honour over its diagram
//! (`No 18602 Y. Afek` / `2nd prize`) and again at the head of its solution (`No 18601 2nd
//! prize: no. 27, Yochanan Afek (Israel). 1.Kb2`). The two are copies of one citation; where
//! they disagree on the number, the composers or the honour, one is misprinted.
//!
//! A *solution head* is a line `No N ...` (or `No. N`) with a move numbered 1 on it or on the
//! next line (`1.Rh4+`, `1...Kb2`); its text before the move gives the honour (before a
//! colon), the entry's number in the tourney (`n° 33,`, `no. 27,`, left out) and the
//! composers, over two lines where the line breaks (`Gady` / `Costeff (Israel).`). A *diagram
//! head* is the `No N` line over a caption whose citation has that number, no move by it.
//! Within one file (a PDF's pages in order), solution heads are paired with the diagram heads
//! before them, oldest first: with the one of the same number, else with the oldest
//! unpaired one when a composer's surname or the honour says it is the same study (identity on
//! evidence: a head that agrees on nothing is paired with no study).

use std::collections::VecDeque;

use super::lines::LineIndex;
use super::{Caption, Cited, Diagnostic, DiagnosticCheck, Input, study_name};
use crate::check::Severity;
use crate::citation::{self, Citation};

/// Bytes above a caption's code in which its diagram head is looked for: a study's block.
const HEAD_REACH: usize = 1024;

/// One head as printed: where its line starts and what it says.
#[derive(Debug, Clone)]
struct Head {
    input: usize,
    /// 0-based byte offset of the line's start in its input's text.
    at: usize,
    number: String,
    composers: Vec<String>,
    honour: Option<String>,
    /// The head's text as printed (the line, and the next one where the head goes on).
    text: String,
}

/// The number of a `No N` or `No. N` line (blanks before it allowed) and the byte offset
/// after it in `line`; `None` for any other line.
fn no_number(line: &[u8]) -> Option<(String, usize)> {
    let lead = line.iter().position(|b| !b.is_ascii_whitespace())?;
    let rest = line[lead..].strip_prefix(b"No")?;
    let dot = usize::from(rest.first() == Some(&b'.'));
    let blanks = rest[dot..].iter().take_while(|&&b| b == b' ').count();
    let from = dot + blanks;
    let digits = rest[from..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if blanks == 0 || !(1..=6).contains(&digits) {
        return None;
    }
    let end = from + digits;
    if rest.get(end).is_some_and(|b| !b.is_ascii_whitespace()) {
        return None;
    }
    let number = String::from_utf8_lossy(&rest[from..end]).into_owned();
    Some((number, lead + 2 + end))
}

/// The offset in `text` of a move numbered 1 (`1.Rh4`, `1.e4`, `1...Kb2`) standing after a
/// blank or at the start; `None` when there is none.
fn first_move(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(2)).find(|&i| {
        bytes[i] == b'1'
            && bytes[i + 1] == b'.'
            && (i == 0 || bytes[i - 1] == b' ')
            && matches!(
                bytes[i + 2],
                b'K' | b'Q' | b'R' | b'B' | b'N' | b'S' | b'a'..=b'h' | b'.'
            )
    })
}

/// The lines of `text`: (start, line without its line feed); a form feed ends a line too (a
/// page's last line is no head's second line on the next page).
fn lines(text: &[u8]) -> impl Iterator<Item = (usize, &[u8])> {
    let mut at = 0;
    text.split(|&b| b == b'\n' || b == 0x0C).map(move |line| {
        let start = at;
        at += line.len() + 1;
        (start, line)
    })
}

/// The solution heads of `text`, in order.
fn solution_heads(input: usize, text: &[u8]) -> Vec<Head> {
    let all: Vec<(usize, &[u8])> = lines(text).collect();
    let mut out = Vec::new();
    for (n, &(at, line)) in all.iter().enumerate() {
        let Some((number, after)) = no_number(line) else {
            continue;
        };
        let rest = crate::text::text_of(&line[after..]).into_owned();
        let number_part = crate::text::text_of(&line[..after]).trim().to_string();
        let (said, printed) = match first_move(&rest) {
            Some(m) => {
                let said = rest[..m].to_string();
                (said.clone(), format!("{number_part}{}", said.trim_end()))
            }
            None => {
                let Some(&(_, next)) = all.get(n + 1) else {
                    continue;
                };
                let next = crate::text::text_of(next).into_owned();
                let Some(m) = first_move(&next) else { continue };
                let said = format!("{} {}", rest.trim(), &next[..m]);
                let printed = format!("{number_part}{} / {}", rest.trim_end(), next[..m].trim());
                (said, printed)
            }
        };
        let (honour, names) = split_said(&said);
        out.push(Head {
            input,
            at,
            number,
            composers: citation::split_composers(&names)
                .iter()
                .map(|c| c.to_string())
                .collect(),
            honour,
            text: printed.trim().to_string(),
        });
    }
    out
}

/// A solution head's text before its first move: its honour (before a colon) and its names,
/// the entry's number (`n° 33,`, `no. 27,`) left out.
fn split_said(said: &str) -> (Option<String>, String) {
    let said = said.trim();
    let (honour, rest) = match said.split_once(':') {
        Some((h, rest)) if citation::honour(h).is_some() => (Some(h.trim().to_string()), rest),
        _ => (None, said),
    };
    let rest = rest.trim();
    let lower = rest.to_lowercase();
    let entry = ["n°", "no.", "nr.", "no"]
        .iter()
        .find(|p| lower.starts_with(*p))
        .map(|p| {
            let after = rest[p.len()..].trim_start();
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            (digits > 0).then(|| after[digits..].trim_start_matches([',', ' ']).to_string())
        });
    let names = entry.flatten().unwrap_or_else(|| rest.to_string());
    (honour, names)
}

/// The diagram head of `caption`: the nearest `No N` line above its code, within
/// [`HEAD_REACH`] bytes, whose number is the caption's citation's and by which no move
/// stands (a solution's head is none).
fn diagram_head(caption: &Caption, text: &[u8]) -> Option<Head> {
    let cite: &Citation = caption.citation.as_deref()?;
    let number = cite.number.as_deref()?;
    let code = caption.parsed.parts.code.start.min(text.len());
    let from = code.saturating_sub(HEAD_REACH);
    let block = &text[from..code];
    let mut end = block.len();
    while end > 0 {
        let start = memchr::memrchr(b'\n', &block[..end - 1]).map_or(0, |i| i + 1);
        let line = &block[start..end];
        if let Some((n, after)) = no_number(line)
            && n == number
        {
            let rest = crate::text::text_of(&line[after..]).into_owned();
            if first_move(&rest).is_some() {
                return None;
            }
            return Some(Head {
                input: caption.input,
                at: from + start,
                number: n,
                composers: cite.composers.iter().map(|c| c.to_string()).collect(),
                honour: cite.honour.as_deref().map(str::to_string),
                text: crate::text::text_of(line).trim().to_string(),
            });
        }
        end = start;
    }
    None
}

/// A composer's surname as two heads are compared by it: the last word of the name, in
/// lower case (`Y. Afek` and `Yochanan Afek` are one).
fn surname_key(name: &str) -> String {
    let name = citation::surname(name);
    name.rsplit(' ').next().unwrap_or(name).to_lowercase()
}

/// An honour as two heads are compared by it: its places' digits, its kind (prize, mention,
/// commendation) and whether it is special: `2nd hon. ment.` and `2nd honourable mention` are
/// one.
fn honour_key(honour: &str) -> (String, &'static str, bool) {
    let lower = honour.to_lowercase();
    let digits: String = lower
        .split(',')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(char::is_ascii_digit)
        .collect();
    let kind = if lower.contains("pri") || lower.contains("prei") {
        "prize"
    } else if lower.contains("ment") || lower.contains("hm") || lower.contains("verm") {
        "mention"
    } else {
        "commendation"
    };
    let special = lower.contains("sp");
    (digits, kind, special)
}

/// Whether `a` and `b` say they are one study: a composer's surname or the honour in common.
fn same_study(a: &Head, b: &Head) -> bool {
    let names = a
        .composers
        .iter()
        .any(|x| b.composers.iter().any(|y| surname_key(x) == surname_key(y)));
    let honours = match (&a.honour, &b.honour) {
        (Some(x), Some(y)) => honour_key(x) == honour_key(y),
        _ => false,
    };
    names || honours
}

/// The pairs (diagram head, solution head) of `inputs`, file by file, in order.
fn pairs(inputs: &[Input<'_>], captions: &[Caption]) -> Vec<(Head, Head)> {
    let mut out = Vec::new();
    let mut waiting: VecDeque<Head> = VecDeque::new();
    let mut source: Option<&str> = None;
    let mut next_caption = 0;
    for (n, input) in inputs.iter().enumerate() {
        if source != Some(&*input.source) {
            waiting.clear();
            source = Some(&input.source);
        }
        let mut events: Vec<(usize, Option<Head>, Option<Head>)> = Vec::new();
        while next_caption < captions.len() && captions[next_caption].input <= n {
            let c = &captions[next_caption];
            next_caption += 1;
            if c.input == n
                && let Some(head) = diagram_head(c, input.text)
            {
                events.push((c.parsed.parts.code.start, Some(head), None));
            }
        }
        for head in solution_heads(n, input.text) {
            events.push((head.at, None, Some(head)));
        }
        events.sort_by_key(|e| e.0);
        for (_, diagram, solution) in events {
            if let Some(d) = diagram {
                waiting.push_back(d);
            }
            let Some(s) = solution else { continue };
            if let Some(i) = waiting.iter().position(|d| d.number == s.number) {
                waiting.drain(..i);
                let d = waiting.pop_front().expect("found");
                out.push((d, s));
            } else if let Some(d) = waiting.front()
                && same_study(d, &s)
            {
                let d = waiting.pop_front().expect("front");
                out.push((d, s));
            }
        }
    }
    out
}

/// A `citation` warning on each study whose diagram head and solution head disagree on its
/// number, composers or honour, naming both lines; where several studies in a row have their
/// solutions numbered by one constant offset from their diagrams, each says so.
pub(super) fn heads_disagree(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    captions: &[Caption],
) -> Vec<Diagnostic> {
    let pairs = pairs(inputs, captions);
    let offset = |(d, s): &(Head, Head)| {
        let d: i64 = d.number.parse().ok()?;
        let s: i64 = s.number.parse().ok()?;
        (d != s).then_some(s - d)
    };
    let offsets: Vec<Option<i64>> = pairs.iter().map(offset).collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < pairs.len() {
        let mut j = i + 1;
        while offsets[i].is_some() && j < pairs.len() && offsets[j] == offsets[i] {
            j += 1;
        }
        let run = (j - i >= 2).then(|| (j - i, &pairs[i].0.number, &pairs[j - 1].0.number));
        for k in i..j {
            if let Some(d) = disagreement(inputs, index, &pairs[k], offsets[k], run) {
                out.push(d);
            }
        }
        i = j;
    }
    out
}

/// The diagnostic of one pair of heads, `None` where they agree.
fn disagreement(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    (d, s): &(Head, Head),
    offset: Option<i64>,
    run: Option<(usize, &String, &String)>,
) -> Option<Diagnostic> {
    let d_line = index[d.input].line(d.at);
    let s_line = index[s.input].line(s.at);
    let mut parts = Vec::new();
    if d.number != s.number {
        let mut part = format!("numbered {} over its solution", s.number);
        // A run of solutions numbered by one offset from their diagrams: said as such.
        if let (Some(o), Some((len, first, last))) = (offset, run) {
            let by = if o < 0 { "below" } else { "above" };
            part.push_str(&format!(
                ", one of {len} solutions in a row numbered {} {by} their diagrams' (studies {first} to {last})",
                o.unsigned_abs()
            ));
        }
        parts.push(part);
    }
    let keys = |h: &Head| {
        let mut k: Vec<String> = h.composers.iter().map(|c| surname_key(c)).collect();
        k.sort();
        k
    };
    if !d.composers.is_empty() && !s.composers.is_empty() && keys(d) != keys(s) {
        parts.push(format!(
            "by {} over its diagram and by {} over its solution",
            d.composers.join(" & "),
            s.composers.join(" & ")
        ));
    }
    if let (Some(a), Some(b)) = (&d.honour, &s.honour)
        && honour_key(a) != honour_key(b)
    {
        parts.push(format!("{a} over its diagram and {b} over its solution"));
    }
    if parts.is_empty() {
        return None;
    }
    let cite = Citation {
        number: citation::field(&d.number),
        composers: d
            .composers
            .iter()
            .filter_map(|c| citation::field(c))
            .collect(),
        ..Citation::default()
    };
    let study = study_name(&cite);
    let input = &inputs[d.input];
    let line_end =
        memchr::memchr(b'\n', &input.text[d.at..]).map_or(input.text.len(), |i| d.at + i);
    let (line, column) = index[d.input].line_column(d.at);
    Some(Diagnostic {
        path: input.path.clone(),
        input: Some(d.input),
        span: d.at..line_end,
        line,
        column,
        check: DiagnosticCheck::Citation,
        severity: Severity::Warning,
        message: format!(
            "{}: its diagram is headed `{}` (line {d_line}), its solution `{}` (line {s_line}): {}",
            study.as_deref().unwrap_or("the study"),
            d.text,
            s.text,
            parts.join("; ")
        ),
        copies: vec![Cited {
            place: format!("{}:{s_line}", inputs[s.input].path),
            says: format!("the solution's head: {}", s.text),
        }],
        fixes: Vec::new(),
        study,
    })
}

#[cfg(test)]
mod tests;
