use super::*;
use chess::{CHESS_WORDS, may_be_chess_word};
use memchr::memmem;
use tags::names_a_code;
use token::{UNITS, is_unit};

#[test]
fn every_unit_is_read_in_any_case() {
    for unit in UNITS {
        assert!(is_unit(unit.as_bytes()), "{unit}");
        assert!(is_unit(unit.to_uppercase().as_bytes()), "{unit}");
    }
    for word in ["study", "kilograms", "", "mmm"] {
        assert!(!is_unit(word.as_bytes()), "{word}");
    }
}

#[test]
fn every_chess_word_passes_the_length_and_letter_test() {
    for word in CHESS_WORDS {
        assert!(may_be_chess_word(word.as_bytes()), "{word}");
        assert!(may_be_chess_word(word.to_uppercase().as_bytes()), "{word}");
    }
    for word in ["a", "analysis", "Xylophone", "cook"] {
        assert!(!may_be_chess_word(word.as_bytes()), "{word}");
    }
}

#[test]
fn a_pgn_tag_is_named_only_inside_its_quotes() {
    let text =
        b"[White \"Komodo 2118.00\"]\n  [GBRCode \"0116.00\"]  \n[x] 0116.00\n[Bad 0116.00]\n";
    let at = |needle: &str| memmem::find(text, needle.as_bytes()).unwrap();
    assert_eq!(pgn_tag_at(text, at("2118")), Some(&b"White"[..]));
    assert_eq!(pgn_tag_at(text, at("0116.00\"]")), Some(&b"GBRCode"[..]));
    assert_eq!(
        pgn_tag_at(text, at("White")),
        None,
        "the name is not the value"
    );
    assert_eq!(pgn_tag_at(text, at("0116.00\n")), None, "no tag line");
    assert_eq!(pgn_tag_at(text, at("0116.00]")), None, "no quotes");
    assert!(names_a_code(b"GBR") && names_a_code(b"gbrcode") && names_a_code(b"Code"));
    assert!(!names_a_code(b"White") && !names_a_code(b"Annotator"));
}
