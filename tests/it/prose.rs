//! Chess-free prose with numbers never yields a code, so never an entry of the default index
//! (docs/reading.md, "Bare codes"): a property test over generated dictionary entries,
//! changelogs and price lists (`tests/it/support/prose.rs`).

use crate::support;

use gbrscan::scan::{ScanOptions, scan_buffer};
use proptest::prelude::*;
use support::prose::prose;

proptest! {
    #![proptest_config(crate::support::regressions(ProptestConfig::with_cases(64)))]

    #[test]
    fn prose_with_numbers_never_yields_a_code(seed in any::<u64>(), kib in 1usize..64) {
        let text = prose(seed, kib << 10);
        let found = scan_buffer(text.as_bytes(), "prose.txt", ScanOptions { chunk_size: 4096 }, &|_| {});
        prop_assert!(found.is_empty(), "{:?}", found.iter().map(|r| r.text.as_str()).collect::<Vec<_>>());
    }
}

#[test]
fn the_same_prose_with_a_code_with_kings_keeps_its_lone_tokens() {
    // Evidence from the source: once a code with kings stands in the file, its bare codes
    // are kept.
    let mut text = prose(11, 64 << 10);
    text.push_str("\n+ 0310.01 d6a8\n");
    let found = scan_buffer(
        text.as_bytes(),
        "prose.txt",
        ScanOptions::default(),
        &|_| {},
    );
    assert!(found.len() > 1);
    assert_eq!(found.iter().filter(|r| r.rank.name() != "bare").count(), 1);
}
