//! A short run of the fuzz targets' properties (`fuzz/src/properties.rs`) in `cargo test`:
//! on every fixture (the seed corpus of the AFL campaigns), on arbitrary bytes, and on text
//! made of GBR tokens, which reaches deeper into the parsers than random bytes do; and a
//! bounded grammar campaign: texts of `fuzz/src/grammar.rs` through the whole pipelines of
//! `fuzz/src/pipeline.rs`, as `fuzz/src/bin/grammar.rs` runs them by the million.

#[path = "../../fuzz/src/documents/mod.rs"]
mod documents;
#[path = "../../fuzz/src/grammar.rs"]
mod grammar;
#[path = "../../fuzz/src/pipeline.rs"]
mod pipeline;
#[path = "../../fuzz/src/properties.rs"]
mod properties;

use std::collections::BTreeSet;

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

/// Every file under `fixtures/` but the pictures (PNG and JPEG pixels, 2 MB of them in
/// `fixtures/pictures/`, are no text for these properties, and took a minute to run through
/// them), and a saved directory in both formats.
fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut seeds = Vec::new();
    let mut folders = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("fixtures") {
            let path = entry.expect("entry").path();
            let picture = path.extension().is_some_and(|e| e == "png" || e == "jpg");
            if path.is_dir() {
                folders.push(path);
            } else if !picture {
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
    #![proptest_config(crate::support::regressions(ProptestConfig::with_cases(256)))]

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

/// The seed of the bounded grammar run: fixed, so that a failure here is replayed by
/// `fuzz/target/release/grammar --print 20261125 INDEX`.
const GRAMMAR_SEED: u64 = 20_261_125;

/// Inputs of the bounded grammar run; the deep properties (directory, check) on one in
/// [`GRAMMAR_DEEP_EVERY`], as the campaign's default.
const GRAMMAR_INPUTS: u64 = 2000;
const GRAMMAR_DEEP_EVERY: u64 = 16;

/// `data` as a `printf` argument, for a failure's message.
fn printf_bytes(data: &[u8]) -> String {
    data.iter()
        .map(|&b| match b {
            b'\\' => "\\\\".to_string(),
            b'\'' => "'\\''".to_string(),
            b'%' => "%%".to_string(),
            b'\n' => "\\n".to_string(),
            0x20..=0x7e => char::from(b).to_string(),
            _ => format!("\\{b:03o}"),
        })
        .collect()
}

#[test]
fn every_pipeline_holds_on_grammar_texts() {
    let mut failures = Vec::new();
    let mut forms = BTreeSet::new();
    let mut sources = BTreeSet::new();
    let (mut labelled, mut diagrams, mut valid, mut invalid) = (0, 0, 0, 0);
    // Codes with kings met again in the same text: copies for check, duplicates for index.
    let mut reprints = 0;
    for index in 0..GRAMMAR_INPUTS {
        let data = grammar::input(GRAMMAR_SEED, index);
        let deep = index % GRAMMAR_DEEP_EVERY == 0;
        let chunk_sizes = [1 + index as usize % 16, 17 + index as usize % 500];
        let run = std::panic::catch_unwind(|| {
            let records = pipeline::scan(&data, &chunk_sizes);
            if deep {
                pipeline::directory(&records);
                pipeline::check(&data, &records);
                pipeline::pgn(&data);
            }
            records
        });
        match run {
            Ok(records) => {
                let mut seen = BTreeSet::new();
                for r in &records {
                    if r.kings.is_some() && !seen.insert((r.code, r.kings.map(|k| k.to_string()))) {
                        reprints += 1;
                    }
                    forms.insert(r.form.name());
                    sources.extend(r.stipulation_source.map(|s| s.name()));
                    labelled += usize::from(r.label.is_some());
                    diagrams += usize::from(r.diagram.is_some());
                    valid += usize::from(r.valid);
                    invalid += usize::from(!r.valid);
                }
            }
            Err(payload) => {
                let message = payload
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                failures.push(format!(
                    "index {index} ({} bytes): {message}\n    printf '{}'",
                    data.len(),
                    printf_bytes(&data[..data.len().min(400)])
                ));
                if failures.len() == 5 {
                    break;
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "grammar texts of seed {GRAMMAR_SEED} fail the pipelines' properties (replay one with \
         `fuzz/target/release/grammar --print {GRAMMAR_SEED} INDEX`, shrink it with `--minimize`):\n  {}",
        failures.join("\n  ")
    );
    // The grammar reaches every reader: every form of a caption in text, every place a
    // stipulation is read from, labels, diagrams, codes that pass and fail their checks, and
    // studies printed twice.
    let text_forms = [
        "bare",
        "kings-after",
        "sign-apart",
        "bracketed",
        "kings-before",
        "full",
        "compact",
        "dotted",
        "solver",
    ];
    for form in text_forms {
        assert!(
            forms.contains(form),
            "no code read in the {form} form: {forms:?}"
        );
    }
    for source in ["beside", "above", "heading"] {
        assert!(
            sources.contains(source),
            "no stipulation read {source}: {sources:?}"
        );
    }
    assert!(
        labelled > 50 && diagrams > 20,
        "{labelled} labels, {diagrams} diagrams"
    );
    assert!(
        valid > 100 && invalid > 100,
        "{valid} valid, {invalid} invalid codes"
    );
    assert!(
        reprints > 100,
        "{reprints} codes printed again in their text"
    );
}

/// The seed of the bounded document run: a failure here is replayed by
/// `cargo run --release --example document_fuzz -- --write 20261127 INDEX FILE`.
const DOCUMENT_SEED: u64 = 20_261_127;

/// A bounded run of the document campaign (`fuzz/src/documents/`): grammar texts as Word,
/// OpenDocument, HTML and EPUB documents read through the input layer, each word placed
/// read once, none left out read, the scan's properties on every text.
#[test]
fn every_document_holds_its_words_and_the_scan_properties() {
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut kinds = BTreeSet::new();
    for index in 0..300 {
        let built = documents::build(DOCUMENT_SEED, index);
        kinds.insert(built.name);
        let path = dir.path().join(built.name);
        let chunks = [1 + index as usize % 16, 17 + index as usize % 500];
        let run = std::panic::catch_unwind(|| documents::check(&built, &path, &chunks));
        if let Err(payload) = run {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!("input {index}: {message}"));
        }
    }
    assert_eq!(kinds.len(), 4, "{kinds:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
