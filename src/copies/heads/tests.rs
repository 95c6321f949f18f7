use super::*;

#[test]
fn a_number_line_of_egs_kind_gives_its_number() {
    assert_eq!(no_number(b"No 18601 S. Didukh"), Some(("18601".into(), 8)));
    assert_eq!(no_number(b" No. 12"), Some(("12".into(), 7)));
    for not in [
        &b"No18601"[..],
        b"Nothing 12",
        b"No 1234567",
        b"No 12a",
        b"Now 12",
    ] {
        assert_eq!(no_number(not), None, "{:?}", String::from_utf8_lossy(not));
    }
}

#[test]
fn the_first_move_ends_a_solutions_head() {
    assert_eq!(first_move("Richard Becker (USA). 1.Rh4+/i"), Some(22));
    assert_eq!(first_move("1...Kb2"), Some(0));
    assert_eq!(first_move("A. Smith 1.e4"), Some(9));
    // A place or an entry number is no move.
    assert_eq!(first_move("1st prize: n° 1. Smith"), None);
    assert_eq!(first_move("version 11.Kb2"), None);
}

#[test]
fn a_solutions_head_gives_its_honour_and_names_without_the_entry_number() {
    assert_eq!(
        split_said("1st hon. ment.: n° 33, Gady Costeff (Israel)."),
        (
            Some("1st hon. ment.".into()),
            "Gady Costeff (Israel).".into()
        )
    );
    assert_eq!(
        split_said("2nd prize: no. 27, Yochanan Afek"),
        (Some("2nd prize".into()), "Yochanan Afek".into())
    );
    assert_eq!(
        split_said("Richard Becker (USA). "),
        (None, "Richard Becker (USA).".into())
    );
    // A colon after no honour is part of the text.
    assert_eq!(split_said("Note: A. B"), (None, "Note: A. B".into()));
}

#[test]
fn honours_compare_by_place_kind_and_special() {
    assert_eq!(
        honour_key("2nd hon. ment."),
        honour_key("2nd honourable mention")
    );
    assert_eq!(honour_key("1st comm."), honour_key("1st commendation"));
    assert_eq!(honour_key("2nd prize, correction"), honour_key("2nd prize"));
    assert_ne!(honour_key("1st prize"), honour_key("2nd prize"));
    assert_ne!(honour_key("1st prize"), honour_key("1st special prize"));
    assert_ne!(honour_key("1st prize"), honour_key("1st hon. mention"));
}

#[test]
fn surnames_compare_initials_with_full_names() {
    assert_eq!(surname_key("Y. Afek"), surname_key("Yochanan Afek"));
    assert_eq!(surname_key("M. Van Herck"), surname_key("Marc Van Herck"));
    assert_ne!(surname_key("U. Wren"), surname_key("Uma Finch"));
}
