//! The PGN tag whose quoted value holds a byte, wherever the tag stands: alone on its line as a
//! `.pgn` file writes it (`[White "Komodo 2118.00"]`), several on one line, or wrapped over
//! lines as PGN pasted into prose or Markdown comes (`[Date` / `"2018.09.02"] [Round "?"]`,
//! `[Black` / `"(=0031.46d6a8)"]`: the lczero blog's inline games, `../shared/real`). A tag's
//! numbers are names, versions, ratings, dates and rounds, not codes (docs/reading.md, "Bare
//! codes").

/// Bytes read each way from the byte for the tag's name and quotes: a tag's value is short
/// (an event's name, a player's with a version).
pub const REACH: usize = 200;

/// True for the blanks that may stand between a tag's parts: spaces, tabs and line ends.
fn blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

/// True when `bytes` hold a blank line (a paragraph's end): a tag never spans one.
fn has_blank_line(bytes: &[u8]) -> bool {
    let mut newlines = 0;
    for &b in bytes {
        match b {
            b'\n' => newlines += 1,
            b' ' | b'\t' | b'\r' => {}
            _ => newlines = 0,
        }
        if newlines >= 2 {
            return true;
        }
    }
    false
}

/// The name of the PGN tag whose quoted value holds byte `at` (0-based) of `text`: `[`, the
/// name (letters, digits, `_`), blanks (a line end among them), the value in double quotes
/// holding `at`, blanks, `]`, within [`REACH`] bytes of `at` each way and no blank line. `None`
/// where `at` stands in no tag's value (the name, text between tags, prose in quotes).
pub fn tag_at(text: &[u8], at: usize) -> Option<&[u8]> {
    let at = at.min(text.len());
    let lo = at.saturating_sub(REACH);
    let open = lo + memchr::memrchr(b'"', &text[lo..at])?;
    let hi = (at + REACH).min(text.len());
    let close = at + memchr::memchr(b'"', &text[at..hi])?;
    if has_blank_line(&text[open..close]) {
        return None;
    }
    // `]` after the closing quote, blanks between.
    let after = text[close + 1..hi].iter().position(|&b| !blank(b))?;
    if text[close + 1 + after] != b']' {
        return None;
    }
    // The name before the opening quote, blanks between, and `[` glued before the name.
    let name_end = open
        - text[lo..open]
            .iter()
            .rev()
            .take_while(|&&b| blank(b))
            .count();
    if has_blank_line(&text[name_end..open]) {
        return None;
    }
    let name_len = text[lo..name_end]
        .iter()
        .rev()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    let name_start = name_end - name_len;
    (name_len > 0 && name_start > lo && text[name_start - 1] == b'[')
        .then(|| &text[name_start..name_end])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name_at<'a>(text: &'a [u8], needle: &str) -> Option<&'a str> {
        let at = memchr::memmem::find(text, needle.as_bytes()).unwrap();
        tag_at(text, at).map(|n| std::str::from_utf8(n).unwrap())
    }

    #[test]
    fn tags_on_one_line_and_wrapped_over_lines() {
        let text = b"[Event \"CCCC 1\"] [Site \"Chess.com\"] [Date\n\"2018.09.02\"] [Round \"?\"] \
[White \"Ethereal 10.88\"] [Black \"Komodo 2118.00\"]\n[Result \"1/2-1/2\"] [White\n\"KomodoMCTS \
2210.00\"] 1. d4 d5";
        assert_eq!(name_at(text, "2018.09"), Some("Date"));
        assert_eq!(name_at(text, "10.88"), Some("White"));
        assert_eq!(name_at(text, "2118.00"), Some("Black"));
        assert_eq!(
            name_at(text, "2210.00"),
            Some("White"),
            "wrapped before the value"
        );
        assert_eq!(name_at(text, "Black"), None, "the name is not the value");
        assert_eq!(name_at(text, " 1. d4"), None, "the moves after the tags");
    }

    #[test]
    fn a_value_wrapped_inside_and_quotes_in_prose() {
        let text = b"[Event \"Rapid Rumble\nStage 2118.00\"]";
        assert_eq!(name_at(text, "2118.00"), Some("Event"));
        let prose = b"he said \"Komodo 2118.00\" twice [x]";
        assert_eq!(
            name_at(prose, "2118.00"),
            None,
            "no tag name before the quote"
        );
        let para = b"[White\n\n\"Komodo 2118.00\"]";
        assert_eq!(name_at(para, "2118.00"), None, "a blank line between");
        let open = b"[White \"Komodo 2118.00\" and more";
        assert_eq!(name_at(open, "2118.00"), None, "no closing bracket");
        let far = format!("[White \"{}2118.00\"]", "x".repeat(REACH));
        assert_eq!(name_at(far.as_bytes(), "2118.00"), None, "beyond the reach");
    }
}
