//! The diagnostics of `gbr check` as a compiler prints them, through annotate-snippets, every
//! text from the input made [`visible`].

use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use super::{escape, visible};
use crate::check::Severity;
use crate::copies::Diagnostic;

fn level(severity: Severity) -> Level<'static> {
    match severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
        Severity::Note => Level::NOTE,
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
}
