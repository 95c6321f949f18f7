use std::sync::Arc;

use proptest::prelude::*;

use super::*;
use crate::copies::{Input, LineIndex, captions};

/// What comparing caption `n` with every other caption gives: how many copies print its
/// own text of `part` (itself included), and the text most other valid copies of the same
/// study print, with them.
fn every_pair(captions: &[Caption], n: usize, part: Part) -> (usize, Option<(String, Vec<usize>)>) {
    let me = &captions[n];
    let own = part_text(&me.parsed, part).expect("the part");
    let mut values: HashMap<String, Vec<usize>> = HashMap::new();
    let mut agree = 1;
    for (m, c) in captions.iter().enumerate() {
        let same_study = c.parsed.position.code == me.parsed.position.code
            || square_set(&c.parsed).is_some() && square_set(&c.parsed) == square_set(&me.parsed);
        if m == n
            || c.parsed.position.kings != me.parsed.position.kings
            || me.parsed.position.kings.is_none()
            || !same_study
            || !c.valid
        {
            continue;
        }
        match part_text(&c.parsed, part) {
            Some(v) if v == own => agree += 1,
            Some(v) => values.entry(v).or_default().push(m),
            None => {}
        }
    }
    let best = values
        .into_iter()
        .max_by_key(|(v, p)| (p.len(), std::cmp::Reverse(v.clone())));
    (agree, best)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn the_indexes_give_what_comparing_every_pair_gives(
        lines in prop::collection::vec(
            (
                prop::sample::select(vec!["c3e5", "c3e6", "e5c3"]),
                prop::sample::select(vec!["0130.22", "0130.23", "0103.22", "0130.12"]),
                prop::sample::select(vec![
                    "", "b1b8.a2b2a7b7", "b8b1.a2b2a7b7", "b1b8.a2b2a7b6", "b1b8.a2b2a7",
                ]),
                prop::sample::select(vec!["4/4", "4/5", "5/4", "3/4"]),
            ),
            1..40,
        ),
    ) {
        let text: String = lines
            .iter()
            .enumerate()
            .map(|(i, (k, c, s, m))| format!("No {i}\n{k} {c} {s} {m} Draw\n\n"))
            .collect();
        let inputs = [Input { path: Arc::from("t.txt"), source: Arc::from("t.txt"), text: text.as_bytes(), added: &[] }];
        let index = [LineIndex::new(inputs[0].text, &[])];
        let captions = captions(&inputs, &index, &mut Vec::new());
        prop_assert_eq!(captions.len(), lines.len());
        for members in groups(&captions) {
            let copies = Copies::new(&captions, &members);
            for &n in &members {
                for part in [Part::Code, Part::Squares, Part::MenCount] {
                    let Some(own) = part_text(&captions[n].parsed, part) else {
                        continue;
                    };
                    let indexed = most_printed(&copies.of(n), part, &own);
                    prop_assert_eq!(&indexed, &every_pair(&captions, n, part), "{}", n);
                }
            }
        }
    }
}
