//! A short run of the fuzz targets' properties (`fuzz/src/properties.rs`) in `cargo test`:
//! on every fixture (the seed corpus of the AFL campaigns), on arbitrary bytes, and on text
//! made of GBR tokens, which reaches deeper into the parsers than random bytes do.

#[path = "../../fuzz/src/properties.rs"]
mod properties;

use std::path::Path;

use proptest::prelude::*;

/// A property: panics when it fails on the bytes given.
type Property = fn(&[u8]);

const TARGETS: [(&str, Property); 5] = [
    ("finder", properties::finder),
    ("scanner", properties::scanner),
    ("position", properties::position),
    ("query", properties::query),
    ("directory", properties::directory),
];

/// Every file under `fixtures/`, and a saved directory in both formats.
fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("fixtures") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                folders.push(path);
            } else {
                let bytes = std::fs::read(&path).expect("fixture");
                seeds.push((path.display().to_string(), bytes));
            }
        }
    }
    assert!(seeds.len() > 20, "the fixtures are the seed corpus");
    seeds
}

#[test]
fn every_property_holds_on_every_fixture() {
    for (name, bytes) in seeds() {
        for (target, property) in TARGETS {
            // The first byte is a parameter for some targets: try the fixture with each of a
            // few in front.
            for first in [0u8, 6, 63] {
                let data = [&[first][..], &bytes].concat();
                let run = std::panic::catch_unwind(|| property(&data));
                assert!(run.is_ok(), "{target} on {name} (first byte {first})");
            }
        }
    }
}

fn gbr_text() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop::sample::select(vec![
            "0116.00",
            "4100",
            "9999.99",
            "0000.02",
            "a7d3",
            "b2b3c6d6",
            ".",
            "3/3",
            "10/9",
            "+",
            "-=",
            "Win",
            "ZAZ",
            "(",
            ")",
            "[",
            "]",
            " ",
            "\n",
            "\r",
            "\t",
            "h8",
            ":",
            "\u{e9}",
            "code\tkings",
            "{\"code\":",
            "\u{feff}",
        ]),
        0..48,
    )
    .prop_map(|tokens| tokens.concat().into_bytes())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_property_holds_on_arbitrary_bytes(data in prop::collection::vec(any::<u8>(), 0..300)) {
        for (_, property) in TARGETS {
            property(&data);
        }
    }

    #[test]
    fn every_property_holds_on_gbr_tokens(first in any::<u8>(), text in gbr_text()) {
        let data = [&[first][..], &text].concat();
        for (_, property) in TARGETS {
            property(&data);
        }
    }
}
