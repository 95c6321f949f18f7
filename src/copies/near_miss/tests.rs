use super::*;

#[test]
fn look_alikes_commas_and_short_codes_are_read() {
    let cases = [
        (
            "c3e5 0l30.22 4/4 Draw",
            "0l30.22",
            "'l' for 1",
            vec!["0130.22"],
        ),
        (
            "a7d3 0116,00 b2b3c6d6 3/3+.",
            "0116,00",
            "a comma for the full stop",
            vec!["0116.00"],
        ),
        (
            "see OOO2.O1 d6a8",
            "OOO2.O1",
            "'O' for 0, 'O' for 0, 'O' for 0, 'O' for 0",
            vec!["0002.01"],
        ),
        ("=0323.1 g3g1", "0323.1", "a digit short", vec![]),
        (
            "c3e5 0130.2 4/4 Draw",
            "0130.2",
            "a digit short",
            vec!["0130.22"],
        ),
        (
            "B1S0.Z3 c3e5",
            "B1S0.Z3",
            "'B' for 8, 'S' for 5, 'Z' for 2",
            vec!["8150.23"],
        ),
    ];
    for (text, found, why, readings) in cases {
        let m = near_misses(text.as_bytes());
        assert_eq!(m.len(), 1, "{text}: {m:?}");
        assert_eq!(
            (m[0].found.as_str(), m[0].why.as_str()),
            (found, why),
            "{text}"
        );
        assert_eq!(m[0].readings, readings, "{text}");
    }
}

#[test]
fn prices_dates_and_codes_are_not_near_misses() {
    for text in [
        "costs 1234,56 euro",
        "0116.00 d6a8",
        "on 2012.10.05",
        "version 1.2",
        "page 12,5",
    ] {
        assert_eq!(near_misses(text.as_bytes()), vec![], "{text}");
    }
}

#[test]
fn square_lists_with_a_character_short_or_long() {
    let cases = [
        ("a7d3 0116.00 b2b3c6d 3/3+.", "b2b3c6d", vec![]),
        (
            "a7d3 0116.00 b2b3c6d6e 3/3+.",
            "b2b3c6d6e",
            vec!["b2b3c6d6"],
        ),
        ("a7d3 0116.00 b2b3c 3/3+.", "b2b3c", vec![]),
    ];
    for (text, found, readings) in cases {
        let parsed = parse_at(text.as_bytes(), 5).unwrap();
        let m = square_list(text.as_bytes(), &parsed).expect(text);
        let readings: Vec<String> = readings.into_iter().map(String::from).collect();
        assert_eq!(
            (m.found.as_str(), m.readings.clone()),
            (found, readings),
            "{text}"
        );
        assert_eq!(m.part, Part::Squares);
    }
    let ok = parse_at(b"a7d3 0116.00 b2b3c6d6 3/3+.", 5).unwrap();
    assert_eq!(square_list(b"a7d3 0116.00 b2b3c6d6 3/3+.", &ok), None);
}

#[test]
fn likely_ones_rank_first() {
    let m = near_misses(b"OOl6.00 then c3e5 0l30.22 4/4 Draw");
    assert_eq!(m[0].found, "0l30.22");
}
