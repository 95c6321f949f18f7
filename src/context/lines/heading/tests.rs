use super::*;

#[test]
fn headings_are_words_or_a_bracketed_sign_on_a_line_of_their_own() {
    let table: &[(&str, Option<&str>)] = &[
        ("Winststudies (+): ", Some("+")),
        ("Remisestudies (=):", Some("=")),
        ("Wins", Some("+")),
        ("  Draws:", Some("=")),
        ("Gewinnstudien", Some("+")),
        ("Remisen", Some("=")),
        ("<b>Wins</b>", Some("+")),
        ("**Draws (=)**", Some("=")),
        ("(+)", Some("+")),
        ("Wins (=)", None),
        ("Wins and losses", None),
        ("Windows", None),
        ("", None),
        ("He draws the curtains.", None),
        // A number before, a count after, a sign before the words.
        ("A. Wins", Some("+")),
        ("1. Draws", Some("=")),
        ("II) Remisen:", Some("=")),
        ("(b) Gewinnstudien", Some("+")),
        ("Wins (171)", Some("+")),
        ("Wins (171 studies):", Some("+")),
        ("Draws: 32 studies", Some("=")),
        ("Draws \u{2013} 32", Some("=")),
        ("Draws 32", Some("=")),
        ("III. Winststudies (+) (171):", Some("+")),
        ("= Draws", Some("=")),
        ("+ Wins", Some("+")),
        ("(=) Remises", None),
        ("(=) Remise", Some("=")),
        ("+ Draws", None),
        // French, Spanish, Italian.
        ("Gains", Some("+")),
        ("Les blancs gagnent", Some("+")),
        ("Nulles :", Some("=")),
        ("Partie nulle", Some("=")),
        ("Tablas", Some("=")),
        ("Ganan las blancas", Some("+")),
        ("Patta", Some("=")),
        // Not headings: a number alone, a label, a composer, a count alone.
        ("1.", None),
        ("- 31 -", None),
        ("12. Kasparov", None),
        ("(171)", None),
    ];
    for &(line, want) in table {
        assert_eq!(
            heading(line.as_bytes()).map(|s| s.to_string()),
            want.map(String::from),
            "{line:?}"
        );
    }
}

#[test]
fn every_heading_passes_the_three_letter_test() {
    for words in WIN_HEADINGS.iter().chain(DRAW_HEADINGS) {
        let text = words.join(" ");
        assert!(starts_like_a_heading(text.as_bytes()), "{text:?}");
        assert!(
            starts_like_a_heading(text.to_uppercase().as_bytes()),
            "{text:?}"
        );
    }
    for text in ["Windows", "wi", "", "Stalemate", "Re", "rook"] {
        let want = text.len() >= 3 && !text.starts_with("Sta") && !text.starts_with("roo");
        assert_eq!(starts_like_a_heading(text.as_bytes()), want, "{text:?}");
    }
}

#[test]
fn every_heading_word_fits_the_first_word_lookup() {
    for words in WIN_HEADINGS.iter().chain(DRAW_HEADINGS) {
        for word in *words {
            assert!(word.len() <= MAX_WORD && word.is_ascii(), "{word}");
            assert_eq!(word.to_ascii_lowercase(), *word);
        }
        let outcome = named_outcome(words.join(" ").to_uppercase().as_bytes());
        assert!(outcome.is_some(), "{words:?}");
    }
}
