//! The lookup property: searching a saved directory by its bytes finds exactly the entries a
//! full pass would, in order, for directories large enough that the search gallops and
//! bisects, in both saved formats and both orders.

use gbrscan::Record;
use gbrscan::directory::{Directory, Key, Order};
use gbrscan::saved::columns::SavedFormat;
use gbrscan::saved::lookup::{CodeQuery, Query, SavedDirectory};
use proptest::prelude::*;

use super::merge::{occurrence, saved};

/// A query: a code of the generator's, a pattern, or none; kings or none (not both none).
fn query() -> impl Strategy<Value = (Option<&'static str>, Option<String>)> {
    let square = || (0u8..8, 0u8..8).prop_map(|(f, r)| format!("{}{}", (b'a' + f) as char, r + 1));
    (
        prop::option::of(prop::sample::select(vec![
            "0116.00", "0116.01", "4001.00", "0090.00", "0000.00", "01?6.0?", "????.??", "0???",
            "4???.00",
        ])),
        prop::option::of((square(), square()).prop_map(|(w, b)| w + &b)),
    )
        .prop_filter("a query", |(code, kings)| code.is_some() || kings.is_some())
}

/// The entries of `directory` that `query` asks for, by a full pass.
fn expected<'a>(directory: &'a Directory, query: &Query) -> Vec<&'a Record> {
    directory
        .entries()
        .filter(|r| match query.code {
            CodeQuery::Any => true,
            CodeQuery::Exact(code) => r.code == code,
            CodeQuery::Pattern(p) => p.matches(r.code),
        })
        .filter(|r| {
            query
                .kings
                .is_none_or(|k| Key::of(r, Order::Code).kings() == Some(k))
        })
        .collect()
}

proptest! {
    #![proptest_config(crate::support::regressions(ProptestConfig::with_cases(48)))]

    #[test]
    fn lookup_finds_what_a_full_pass_finds(
        records in prop::collection::vec(occurrence(1_000_000), 0..1500),
        (code, kings) in query(),
        grouped in any::<bool>(),
        jsonl in any::<bool>(),
    ) {
        let order = if grouped { Order::Stipulation } else { Order::Code };
        let format = if jsonl { SavedFormat::Jsonl } else { SavedFormat::Tsv };
        let bytes = saved(records.clone(), order, format);
        let directory = Directory::new(records, order);
        let query = Query::parse(code, kings.as_deref()).expect("a query");
        let found = SavedDirectory::new(&bytes)
            .expect("a saved directory")
            .lookup(&query)
            .expect("a sorted directory");
        let found: Vec<&Record> = found.iter().collect();
        prop_assert_eq!(found, expected(&directory, &query));
    }
}
