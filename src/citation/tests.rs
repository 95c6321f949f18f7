use super::*;

#[test]
fn composers_split_at_joining_words_and_commas_between_names() {
    assert_eq!(split_composers("S. Didukh"), ["S. Didukh"]);
    assert_eq!(
        split_composers("S. Didukh & V. Tarasiuk"),
        ["S. Didukh", "V. Tarasiuk"]
    );
    for joined in [
        "A. Lang en B. Kort",
        "A. Lang und B. Kort",
        "A. Lang et B. Kort",
    ] {
        assert_eq!(split_composers(joined), ["A. Lang", "B. Kort"], "{joined}");
    }
    assert_eq!(
        split_composers("B. Author, C. Author (Germany)"),
        ["B. Author", "C. Author"]
    );
    // A comma before initials belongs to the name.
    assert_eq!(split_composers("Kubbel, L."), ["Kubbel, L."]);
    assert_eq!(
        split_composers("J. Pérez y M. Gómez"),
        ["J. Pérez", "M. Gómez"]
    );
}

#[test]
fn letter_spaced_names_are_joined() {
    assert_eq!(join_spaced("G.  C o s t e ff"), "G.  Costeff");
    assert_eq!(split_composers("G.  C o s t e ff"), ["G. Costeff"]);
    // Two one-letter words are no spaced name (`A & B`).
    assert_eq!(join_spaced("a b"), "a b");
}

#[test]
fn surnames_as_an_index_prints_them() {
    assert_eq!(surname("S. Didukh"), "Didukh");
    assert_eq!(surname("Didukh=S"), "Didukh");
    assert_eq!(surname("Kubbel, L."), "Kubbel");
    assert_eq!(surname("S.Didukh"), "Didukh");
    assert_eq!(surname("Yu. Bazlov"), "Bazlov");
    assert_eq!(surname("Van der Heijden=H"), "Van der Heijden");
    assert_eq!(surname("Vandecasteele"), "Vandecasteele");
}

#[test]
fn years_end_a_source() {
    assert_eq!(ends_in_year("EBUR, 1999"), Some(("EBUR", 1999)));
    assert_eq!(
        ends_in_year("Probleemblad, 2007-08"),
        Some(("Probleemblad", 2007))
    );
    assert_eq!(
        ends_in_year("Corus Endgame Study Composing Tourney, 2007-2008"),
        Some(("Corus Endgame Study Composing Tourney", 2007))
    );
    assert_eq!(
        ends_in_year("Didukh-60 JT 2012"),
        Some(("Didukh-60 JT", 2012))
    );
    assert_eq!(ends_in_year("Caissa (1935)"), Some(("Caissa", 1935)));
    // Not a year, or no name before it.
    assert_eq!(ends_in_year("1999"), None);
    assert_eq!(ends_in_year("page 3000"), None);
    assert_eq!(ends_in_year("EG#12345"), None);
    assert_eq!(ends_in_year("Shakhmatnaya Poezia#1979"), None);
}

#[test]
fn honours_in_the_languages_of_awards() {
    for h in [
        "1st prize",
        "1st Prize",
        "hon. mention",
        "comm.",
        "sp. prize",
        "special commendation",
        "2de Prijs",
        "2de Eervolle Vermelding",
        "4de prijs",
        "1. Preis",
        "3rd/4th hon. mention",
    ] {
        assert_eq!(honour(h), Some(h), "{h}");
    }
    for not in [
        "1999",
        "Probleemblad, 2000",
        "the prize went to him",
        "1.Kb2",
    ] {
        assert_eq!(honour(not), None, "{not}");
    }
    assert_eq!(split_honour("1998 2de Prijs"), Some(("2de Prijs", "1998")));
    assert_eq!(
        split_honour("1st Prize, Some Memorial Tourney 2011-2012"),
        Some(("1st Prize", "Some Memorial Tourney 2011-2012"))
    );
}

#[test]
fn an_index_prints_the_number_then_the_citation() {
    let book = Citation {
        number: Some("31".into()),
        source: Some("EBUR".into()),
        year: Some(2000),
        ..Citation::default()
    };
    assert_eq!(book.index_text(), "31  EBUR 2000");
    let eg = Citation {
        number: Some("18601".into()),
        composers: vec!["S. Didukh".into()],
        honour: Some("1st prize".into()),
        ..Citation::default()
    };
    assert_eq!(eg.index_text(), "18601 Didukh, 1st prize");
}

#[test]
fn shared_places_are_honours() {
    assert_eq!(honour("2nd/3rd prize"), Some("2nd/3rd prize"));
    assert_eq!(honour("1-2 Preis"), Some("1-2 Preis"));
}

#[test]
fn a_first_publications_word_alone_on_its_line() {
    assert_eq!(original("Origineel"), Some(("Origineel", None)));
    assert_eq!(
        original("  Origineel, 2011 "),
        Some(("Origineel", Some(2011)))
    );
    assert_eq!(original("Original 2008"), Some(("Original", Some(2008))));
    assert_eq!(original("ORIGINALE"), Some(("ORIGINALE", None)));
    assert_eq!(original("Urdruck"), Some(("Urdruck", None)));
    assert_eq!(original("Inédit, 2019"), Some(("Inédit", Some(2019))));
    assert_eq!(
        original("Original (first publication)"),
        Some(("Original (first publication)", None))
    );
    // A misprinted year is no year.
    assert_eq!(original("Origineel, 201"), Some(("Origineel", None)));
    for prose in [
        "Origineel is deze studie niet",
        "Originals",
        "Het origineel",
        "Origineel2011",
        "",
    ] {
        assert_eq!(original(prose), None, "{prose}");
    }
    assert_eq!(
        original_before_text("Origineel, 2008 En een niet zo gemakkelijk te vin-"),
        Some(("Origineel", 2008))
    );
    assert_eq!(original_before_text("Origineel, 2008"), None);
    assert_eq!(original_before_text("Origineel is 2008 en"), None);
    assert_eq!(original_before_text("Origineel, 1500 jaar"), None);
}

#[test]
fn a_diagrams_frame_glued_to_a_line_is_left_out() {
    assert_eq!(without_frame("1st prizeXIIIIIIIIY"), "1st prize");
    assert_eq!(without_frame("M. Van HerckXIIIIIIIIY"), "M. Van Herck");
    assert_eq!(
        without_frame("2nd prize, correction XIIIIIIIIY"),
        "2nd prize, correction"
    );
    // Seven or nine `I`s are no frame of eight squares.
    assert_eq!(without_frame("prizeXIIIIIIIY"), "prizeXIIIIIIIY");
    assert_eq!(without_frame("prizeXIIIIIIIIIY"), "prizeXIIIIIIIIIY");
    assert_eq!(without_frame("No frame"), "No frame");
}

#[test]
fn composers_are_cleaned_of_frame_country_and_full_stop() {
    assert_eq!(split_composers("D. Orme (Ruritania)."), ["D. Orme"]);
    assert_eq!(split_composers("M. Van HerckXIIIIIIIIY"), ["M. Van Herck"]);
    assert_eq!(
        split_composers("Anton Zorin (Ruritania) & Boris Kallas (Utopia)."),
        ["Anton Zorin", "Boris Kallas"]
    );
    // An initial's full stop stays.
    assert_eq!(split_composers("Kubbel, L."), ["Kubbel, L."]);
}

#[test]
fn a_line_of_names_alone_is_read_and_any_other_is_not() {
    assert_eq!(names_only("O. Pervakov").unwrap(), ["O. Pervakov"]);
    assert_eq!(names_only("R. Becker (USA)").unwrap(), ["R. Becker"]);
    assert_eq!(names_only("M. van der Berg").unwrap(), ["M. van der Berg"]);
    assert_eq!(names_only("H. Van DamXIIIIIIIIY").unwrap(), ["H. Van Dam"]);
    for not in [
        "1st prize",
        "Special prize",
        "dedicated to a friend",
        "Some Memorial Tourney 2011",
        "White to play and win",
        "A. B.",
        "",
    ] {
        assert_eq!(names_only(not), None, "{not:?}");
    }
    assert_eq!(more_names("& O. Pervakov").unwrap(), ["O. Pervakov"]);
    assert_eq!(more_names("and B. Brown (Utopia)").unwrap(), ["B. Brown"]);
    assert_eq!(more_names("O. Pervakov"), None);
}

#[test]
fn a_bulletins_honours_are_read_as_printed() {
    for h in [
        "1st prize",
        "2nd prize, correction",
        "Special prize",
        "3rd special prize",
        "1st hon. mention",
        "2nd hon. ment.",
        "1st honourable mention",
        "honourable mention",
        "1st comm.",
        "3rd commendation",
        "special commendation",
    ] {
        assert_eq!(honour(h), Some(h), "{h}");
    }
    assert_eq!(honour("2nd prize, as corrected by the judge"), None);
    assert_eq!(honour("the correction"), None);
}

#[test]
fn a_correction_note_is_read_in_any_case_after_the_last_comma() {
    for h in [
        "1st prize, corr.",
        "1st prize,corr",
        "2nd Prize, CORRECTED",
        "3rd prize , version",
        "hon. mention, Correction",
    ] {
        assert_eq!(honour(h), Some(h), "{h}");
    }
    for not in [
        "1st prize, recorr",
        "1st prize corr.",
        "Some Memorial, 2nd prize, version",
        "The prize, correction",
        ", correction",
    ] {
        assert_eq!(honour(not), None, "{not}");
    }
}

#[test]
fn an_honours_last_word_is_read_in_any_case_ascii_or_not() {
    for h in [
        "1st PRIZE",
        "2de PRIJS",
        "2. ERWÄHNUNG",
        "1. Éloge",
        "1. ÉLOGE",
        "1st MENCIÓN",
    ] {
        assert_eq!(honour(h), Some(h), "{h}");
    }
    for not in ["1st PRIZES WON", "2. Erwähnungen", "1st prizé"] {
        assert_eq!(honour(not), None, "{not}");
    }
}
