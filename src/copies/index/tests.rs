use std::sync::Arc;

use proptest::prelude::*;

use super::*;
use crate::copies::{LineIndex, captions};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn the_lookup_finds_every_entry_a_caption_relates_to(
        body in prop::collection::vec(
            (
                prop::sample::select(vec!["c3e5", "c3e6", "d3e5", "c3e4"]),
                prop::sample::select(vec!["0130.22", "0130.23", "0131.22", "1130.22"]),
            ),
            1..20,
        ),
        entries in prop::collection::vec(
            (
                prop::option::of(prop::sample::select(vec!["c3e5", "c3e6", "d3e5", "h1h8"])),
                prop::sample::select(vec!["0130.22", "0130.23", "0131.22", "0130.33"]),
            ),
            0..30,
        ),
    ) {
        let text: String = body
            .iter()
            .map(|(k, c)| format!("{k} {c} Draw\n\n"))
            .collect();
        let inputs = [Input { path: Arc::from("t.txt"), source: Arc::from("t.txt"), text: text.as_bytes(), added: &[] }];
        let index = [LineIndex::new(inputs[0].text, &[])];
        let captions = captions(&inputs, &index, &mut Vec::new());
        let entries: Vec<Entry> = entries
            .iter()
            .map(|(k, c)| Entry {
                code: c.parse().expect("a code"),
                kings: k.map(|k| {
                    let sq = |s: &str| shakmaty::Square::from_ascii(s.as_bytes()).expect("a square");
                    Kings { white: sq(&k[..2]), black: sq(&k[2..]) }
                }),
                place: "d:1".to_string(),
                text: String::new(),
                caption: None,
            })
            .collect();
        let lookup = Lookup::new(&entries);
        for c in &captions {
            let (kings, code) = (c.parsed.position.kings.expect("kings"), c.parsed.position.code);
            let every: Vec<(usize, Option<String>)> = entries
                .iter()
                .enumerate()
                .filter_map(|(i, e)| Some((i, relation(c, e)?)))
                .collect();
            let mut looked: Vec<(usize, Option<String>)> = lookup
                .exact(kings, code)
                .into_iter()
                .map(|i| (*i, None))
                .collect();
            looked.extend(
                lookup
                    .near(kings, code)
                    .into_iter()
                    .filter_map(|i| Some((i, relation(c, &entries[i])?))),
            );
            looked.sort();
            prop_assert_eq!(looked, every);
        }
    }
}
