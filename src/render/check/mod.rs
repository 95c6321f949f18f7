//! What `gbr check` prints, each printer writing to any `impl Write` and knowing nothing of
//! terminals (whether to colour, or to show a diff's bytes made [`visible`], is the caller's
//! plain choice): the diagnostics as a compiler prints them through annotate-snippets
//! (`text.rs`), JSON Lines (`json.rs`), a unified diff of the fixes through similar
//! (`diff.rs`), and the summary (`summary.rs`). Which fixes are written is the library's rule
//! too ([`crate::copies::fixes`]).

mod diff;
mod json;
mod summary;
mod text;

pub use diff::{DiffNames, diff};
pub use json::{json, json_summary};
pub use summary::CheckSummary;
pub use text::render;

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
pub(crate) fn escape(c: char) -> Option<String> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
