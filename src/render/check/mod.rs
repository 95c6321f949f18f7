//! What `gbr check` prints: diagnostics through annotate-snippets, JSON Lines, a unified diff
//! (similar), and the summary.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use crate::Severity;
use crate::check::Fix;
use crate::copies::Diagnostic;
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::copies::fixes::Doubt;
use serde::Serialize;

/// The counts printed at the end.
#[derive(Debug, Serialize)]
pub struct CheckSummary {
    /// Inputs checked.
    pub files: u64,
    /// Codes found.
    pub codes: u64,
    /// Codes with no error.
    pub valid: u64,
    /// Errors by check.
    pub errors: BTreeMap<String, u64>,
    /// Warnings.
    pub warnings: u64,
    /// Near misses.
    pub near_misses: u64,
}

impl CheckSummary {
    /// `2 files, 12 codes, 9 valid; errors: diagram 2, men-count 1; 1 warning; 3 near misses`.
    pub fn line(&self) -> String {
        let errors: Vec<String> = self
            .errors
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}, {}, {} valid; {}; {}; {}",
            plural(self.files, "file"),
            plural(self.codes, "code"),
            self.valid,
            if errors.is_empty() {
                "no errors".to_string()
            } else {
                format!("errors: {}", errors.join(", "))
            },
            plural(self.warnings, "warning"),
            plural(self.near_misses, "near miss").replace("near misss", "near misses"),
        )
    }
}

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
    }
}

/// `text` as it may go to a terminal: every control character shown instead of obeyed, so that
/// an input cannot move the cursor, clear the screen or set a window title through `gbr
/// check`. C0 controls (the tab excepted) and DEL become their Control Pictures symbol
/// (U+241B `␛` for ESC: one column, as the byte took one); C1 controls (U+0080..U+009F, which
/// a terminal may obey like ESC sequences) and the bidirectional overrides and isolates
/// (U+202A..U+202E, U+2066..U+2069, which reorder what is shown) become `\u{..}`.
pub fn visible(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(|c| escape(c).is_some()) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match escape(c) {
            Some(shown) => out.push_str(&shown),
            None => out.push(c),
        }
    }
    std::borrow::Cow::Owned(out)
}

/// How [`visible`] shows `c`, when it does not show it as it is.
fn escape(c: char) -> Option<String> {
    match c {
        '\t' => None,
        '\0'..='\u{1f}' => char::from_u32(0x2400 + c as u32).map(String::from),
        '\u{7f}' => Some('\u{2421}'.to_string()),
        '\u{80}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' => {
            Some(format!("\\u{{{:x}}}", c as u32))
        }
        _ => None,
    }
}

/// One line of an input as annotate-snippets is given it: its bytes decoded (each byte that is
/// not UTF-8 as U+FFFD) and made [`visible`], and a byte range of the line re-mapped onto the
/// decoded string, its ends moved out to character boundaries. annotate-snippets slices the
/// string at the span's ends, so a span given in the input's bytes would panic on a line with
/// a byte that is not UTF-8, or a character whose shown form is longer, before it.
pub(crate) struct ShownLine {
    /// The line as shown.
    pub text: String,
    /// For each byte of the line, the range of `text` that shows it (the same range for every
    /// byte of one character or one undecodable byte).
    shown: Vec<std::ops::Range<usize>>,
}

impl ShownLine {
    /// The line `bytes` (no line break) decoded and made visible.
    pub fn new(bytes: &[u8]) -> ShownLine {
        let mut text = String::with_capacity(bytes.len());
        let mut shown = Vec::with_capacity(bytes.len());
        let mut push = |text: &mut String, piece: &str, len: usize| {
            let at = text.len();
            text.push_str(piece);
            shown.extend(std::iter::repeat_n(at..text.len(), len));
        };
        for chunk in bytes.utf8_chunks() {
            for c in chunk.valid().chars() {
                let mut buf = [0; 4];
                let piece = match escape(c) {
                    Some(e) => e,
                    None => c.encode_utf8(&mut buf).to_string(),
                };
                push(&mut text, &piece, c.len_utf8());
            }
            for _ in chunk.invalid() {
                push(&mut text, "\u{fffd}", 1);
            }
        }
        ShownLine { text, shown }
    }

    /// The byte range `span` of the line (0-based, clamped to it) as a range of
    /// [`ShownLine::text`] whose ends are character boundaries.
    pub fn span(&self, span: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let len = self.shown.len();
        let start = span.start.min(len);
        let end = span.end.clamp(start, len);
        let at = |i: usize| self.shown.get(i).map_or(self.text.len(), |r| r.start);
        let shown_start = at(start);
        let shown_end = if end > start {
            self.shown[end - 1].end
        } else {
            shown_start
        };
        shown_start..shown_end
    }
}

/// The diagnostic as a compiler prints one: `error[check]: message`, `--> path:line:col`, the
/// source line with the faulty part underlined, the copies cited and the fixes. Every text
/// from the input is made [`visible`]; `unwritten` is the reason `--write` and `--diff` leave
/// the fix out, shown as a note, where the reason is the code's and not the number of
/// candidates.
pub fn render(
    d: &Diagnostic,
    text: Option<&[u8]>,
    styled: bool,
    unwritten: Option<&str>,
) -> String {
    let label = match d.fixes.first() {
        Some(f) => format!("should read {}", visible(&f.replacement)),
        None => d.check.name().to_owned(),
    };
    let message = visible(&d.message);
    let title = level(d.severity)
        .primary_title(message.as_ref())
        .id(d.check.name());
    let mut group = match text {
        Some(text) => {
            let at = d.span.start.min(text.len());
            let start = memchr::memrchr(b'\n', &text[..at]).map_or(0, |i| i + 1);
            let mut end = memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |i| at + i);
            // The CR of a CRLF line break is no part of the line.
            if end > start && text[end - 1] == b'\r' {
                end -= 1;
            }
            let line = ShownLine::new(&text[start..end]);
            let span = line.span(at - start..d.span.end.saturating_sub(start));
            Group::with_title(title).element(
                Snippet::source(line.text)
                    .line_start(d.line as usize)
                    .path(d.path.to_string())
                    .annotation(AnnotationKind::Primary.span(span).label(label)),
            )
        }
        None => Group::with_title(title)
            .element(Level::NOTE.message(format!("at {}:{}", d.path, d.line))),
    };
    if let Some(study) = &d.study {
        group = group.element(Level::NOTE.message(format!("in {}", visible(study))));
    }
    for c in &d.copies {
        group = group.element(Level::NOTE.message(format!(
            "{} ({})",
            visible(&c.says),
            visible(&c.place)
        )));
    }
    for (i, f) in d.fixes.iter().enumerate() {
        let rank = if d.fixes.len() > 1 {
            format!("candidate {}: ", i + 1)
        } else {
            String::new()
        };
        group = group.element(Level::HELP.message(format!(
            "{rank}replace the {} with `{}`",
            f.part.name(),
            visible(&f.replacement)
        )));
    }
    if let Some(why) = unwritten {
        group = group
            .element(Level::NOTE.message(format!("--write and --diff leave this fix out: {why}")));
    }
    let renderer = if styled {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    renderer.render(&[group])
}

#[derive(Serialize)]
struct JsonFix<'a> {
    part: &'static str,
    offset: usize,
    length: usize,
    replacement: &'a str,
}

#[derive(Serialize)]
struct JsonDiagnostic<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    path: &'a str,
    line: u64,
    column: u64,
    offset: usize,
    length: usize,
    check: &'a str,
    severity: Severity,
    message: &'a str,
    copies: &'a [crate::copies::Cited],
    fixes: Vec<JsonFix<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unwritten: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    study: Option<&'a str>,
}

/// One JSON object, one line: `{"type":"diagnostic","path":..., "fixes":[...]}`, and
/// `"unwritten"`, why `--write` leaves the fix out, where `unwritten` gives a reason.
pub fn json(w: &mut impl Write, d: &Diagnostic, unwritten: Option<&Doubt>) -> io::Result<()> {
    let value = JsonDiagnostic {
        kind: "diagnostic",
        path: &d.path,
        line: d.line,
        column: d.column,
        offset: d.span.start,
        length: d.span.len(),
        check: d.check.name(),
        severity: d.severity,
        message: &d.message,
        study: d.study.as_deref(),
        copies: &d.copies,
        fixes: d
            .fixes
            .iter()
            .map(|f| JsonFix {
                part: f.part.name(),
                offset: f.span.start,
                length: f.span.len(),
                replacement: &f.replacement,
            })
            .collect(),
        unwritten: unwritten.map(ToString::to_string),
    };
    serde_json::to_writer(&mut *w, &value)?;
    writeln!(w)
}

/// The summary as the last JSON line: `{"type":"summary",...}`.
pub fn json_summary(w: &mut impl Write, s: &CheckSummary) -> io::Result<()> {
    #[derive(Serialize)]
    struct Tagged<'a> {
        #[serde(rename = "type")]
        kind: &'static str,
        #[serde(flatten)]
        summary: &'a CheckSummary,
    }
    serde_json::to_writer(
        &mut *w,
        &Tagged {
            kind: "summary",
            summary: s,
        },
    )?;
    writeln!(w)
}

/// `text` with `edits` applied.
pub fn apply(text: &[u8], edits: &[Fix]) -> Vec<u8> {
    crate::copies::apply(text, edits)
}

/// The names `--diff` gives its files in the `a/NAME` and `b/NAME` headers, so that
/// `patch -p1` finds them: GNU patch refuses an absolute name and one with a `..` component as
/// "potentially dangerous". When every file lies in the current folder (or below it), each is
/// named by its path from there; when one lies outside, every file is named by its path from
/// the root without the leading `/`, for `patch -p1 -d /`. Paths are made absolute and free of
/// `.` and `..` with [`std::fs::canonicalize`] (links resolved: patch then changes the file
/// the link points to).
pub struct DiffNames {
    /// The current folder, canonical; `None` when it cannot be had (every name then from the
    /// root).
    base: Option<PathBuf>,
    from_root: bool,
}

impl DiffNames {
    /// The names for a diff of `files`, the paths as given.
    pub fn new<'a>(files: impl IntoIterator<Item = &'a Path>) -> DiffNames {
        let base = std::env::current_dir().and_then(std::fs::canonicalize).ok();
        let from_root = files.into_iter().any(|file| {
            let inside = match (&base, std::fs::canonicalize(file)) {
                (Some(base), Ok(real)) => real.starts_with(base),
                // Not to be had: the path as given decides, if it is plain and relative.
                (_, Err(_)) => Self::plain_relative(file),
                (None, Ok(_)) => false,
            };
            !inside
        });
        DiffNames { base, from_root }
    }

    /// True when the names are from the root, for `patch -p1 -d /`.
    pub fn is_from_root(&self) -> bool {
        self.from_root
    }

    /// The name of `file` (a path as given) in the diff's headers, `/` between components.
    pub fn name(&self, file: &Path) -> String {
        let Ok(real) = std::fs::canonicalize(file) else {
            return Self::slashed(file.strip_prefix("./").unwrap_or(file));
        };
        match (&self.base, self.from_root) {
            (Some(base), false) => real
                .strip_prefix(base)
                .map_or_else(|_| Self::slashed(&real), Self::slashed),
            _ => Self::slashed(real.strip_prefix("/").unwrap_or(&real)),
        }
    }

    /// True for a relative path without `..`.
    fn plain_relative(path: &Path) -> bool {
        path.is_relative()
            && path
                .components()
                .all(|c| !matches!(c, std::path::Component::ParentDir))
    }

    fn slashed(path: &Path) -> String {
        path.components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// A unified diff of `old` to `new`, headed `a/PATH` and `b/PATH` as `patch -p1` reads it.
///
/// The diff is of the bytes: lines split at LF, each kept with its CR and any byte that is not
/// UTF-8, so that `patch` applies it to the file as it is. When `terminal` is true (standard
/// output is a terminal, where nobody pipes into `patch`), each line is decoded and made
/// [`visible`] instead, so that no control byte of the input reaches the terminal; a CR before
/// the LF is left as it is.
pub fn diff(
    w: &mut impl Write,
    path: &str,
    old: &[u8],
    new: &[u8],
    terminal: bool,
) -> io::Result<()> {
    let diff = similar::TextDiff::from_lines(old, new);
    let path = path.trim_start_matches("./");
    let mut bytes = Vec::new();
    writeln!(bytes, "--- a/{path}")?;
    writeln!(bytes, "+++ b/{path}")?;
    let unified = diff.unified_diff();
    let mut hunks = 0;
    for hunk in unified.iter_hunks() {
        hunk.to_writer(&mut bytes)?;
        hunks += 1;
    }
    if hunks == 0 {
        return Ok(());
    }
    if !terminal {
        return w.write_all(&bytes);
    }
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let (body, end): (&[u8], &[u8]) = match line {
            [body @ .., b'\r', b'\n'] => (body, b"\r\n"),
            [body @ .., b'\n'] => (body, b"\n"),
            body => (body, b""),
        };
        w.write_all(visible(&String::from_utf8_lossy(body)).as_bytes())?;
        w.write_all(end)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The part of the shown line that `span` of the line's bytes maps to.
    fn shown(bytes: &[u8], span: std::ops::Range<usize>) -> (String, String) {
        let line = ShownLine::new(bytes);
        let at = line.span(span);
        (line.text.clone(), line.text[at].to_string())
    }

    #[test]
    fn spans_are_mapped_onto_the_decoded_line() {
        // Not UTF-8 before, inside, after the span; several bytes of one bad sequence.
        assert_eq!(
            shown(b"\xff 0l16.00", 2..9),
            ("\u{fffd} 0l16.00".into(), "0l16.00".into())
        );
        assert_eq!(
            shown(b"b2\xa0b3 x", 0..5),
            ("b2\u{fffd}b3 x".into(), "b2\u{fffd}b3".into())
        );
        assert_eq!(
            shown(b"ab \xe9\xe9", 0..2),
            ("ab \u{fffd}\u{fffd}".into(), "ab".into())
        );
        assert_eq!(
            shown(b"\xf0\x9f\x98 x", 4..5),
            ("\u{fffd}\u{fffd}\u{fffd} x".into(), "x".into())
        );
        // A span whose ends fall inside a character takes the whole character.
        assert_eq!(shown("é1".as_bytes(), 1..3), ("é1".into(), "é1".into()));
        // An empty span, and one past the end, are clamped.
        assert_eq!(shown(b"abc", 1..1).1, "");
        assert_eq!(shown(b"abc", 2..10).1, "c");
        assert_eq!(shown(b"abc", 7..9).1, "");
        // Control characters take their shown form, and the span follows it.
        assert_eq!(
            shown(b"\x1b[2J 0l16.00", 5..12),
            ("\u{241b}[2J 0l16.00".into(), "0l16.00".into())
        );
        assert_eq!(
            shown("\u{9b}1 x".as_bytes(), 4..5),
            ("\\u{9b}1 x".into(), "x".into())
        );
    }

    #[test]
    fn control_characters_are_made_visible_and_others_kept() {
        assert_eq!(visible("a\tb é ♔"), "a\tb é ♔");
        assert_eq!(
            visible("\x1b]0;t\x07\r\x7f"),
            "\u{241b}]0;t\u{2407}\u{240d}\u{2421}"
        );
        assert_eq!(
            visible("\u{85}\u{202e}x\u{2066}"),
            "\\u{85}\\u{202e}x\\u{2066}"
        );
    }
}
