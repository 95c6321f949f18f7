//! The merge property: merging the directories of shards gives exactly the
//! directory of all the records at once, for random records, shardings and saved formats.

use gbrscan::check::{Check, Severity};
use gbrscan::directory::merge::{MergeInput, merge};
use gbrscan::directory::{Directory, Order};
use gbrscan::parse::{Form, Rank};
use gbrscan::position::Part;
use gbrscan::render::{Format, Listing};
use gbrscan::saved::columns::SavedFormat;
use gbrscan::saved::read::DirectoryReader;
use gbrscan::{FindingRecord, Record};
use proptest::prelude::*;

/// One occurrence at an offset below `offsets`: a record whose every field follows from its
/// (path, offset), as a scan's do; the same occurrence twice is the same record twice.
pub fn occurrence(offsets: u64) -> impl Strategy<Value = Record> {
    let square = || (0u8..8, 0u8..8).prop_map(|(f, r)| format!("{}{}", (b'a' + f) as char, r + 1));
    (
        prop::sample::select(vec!["0116.00", "0116.01", "0023.00", "4001.00", "0090.00"]),
        prop::option::of((square(), square()).prop_map(|(w, b)| w + &b)),
        prop::option::of(prop::sample::select(vec!["b2b3c6d6", "b2b3c6d7", ".d4e3"])),
        prop::option::of((1u8..17, 1u8..17).prop_map(|(w, b)| format!("{w}/{b}"))),
        prop::option::of(prop::sample::select(vec![
            "+", "=", "-+", "-=", "WTM", "BTM",
        ])),
        prop::sample::select(vec!["a.txt", "b/c.txt", "tab\there.txt", "back\\slash"]),
        0u64..offsets,
        any::<bool>(),
    )
        .prop_map(
            |(code, kings, squares, men, stip, path, offset, valid)| Record {
                path: path.into(),
                page: None,
                page_index: None,
                page_from: None,
                ocr_fixes: None,
                citation: None,
                label: None,
                offset,
                length: 12,
                line: offset / 10 + 1,
                column: offset % 10 + 1,
                text: format!("{code}\n{}", kings.clone().unwrap_or_default()).into(),
                form: Form::KingsAfter,
                rank: Rank::Kings,
                code: code.parse().expect("a code"),
                kings: kings.map(|k| k.parse().expect("kings")),
                squares: squares.map(|s| s.parse().expect("squares")),
                men: men.map(|m| m.parse().expect("a men count")),
                stipulation: stip.map(|s| s.parse().expect("a sign")),
                stipulation_source: None,
                canonical: code.into(),
                material: Some("KRBvKNN".parse().expect("a material")),
                fen: None,
                diagram: None,
                valid,
                findings: if valid {
                    Vec::new()
                } else {
                    vec![FindingRecord {
                        check: Check::MenCount,
                        severity: Severity::Error,
                        part: Part::MenCount,
                        against: Some(Part::Code),
                        message: "men-count: W/B is \"4/5\"\tthe code gives 4/4".to_string(),
                        offset,
                        length: 3,
                        fix: Some("0103.23".to_string()),
                        fixes: vec![],
                    }]
                },
                study: None,
                directory_entry: None,
                example: false,
                tablebase: None,
                dtz: None,
            },
        )
}

/// Records with unique occurrences, some repeated, in a random input order.
fn records() -> impl Strategy<Value = Vec<Record>> {
    prop::collection::vec(occurrence(40), 0..40)
        .prop_map(|mut records| {
            records.sort_by(|a, b| (&a.path, a.offset).cmp(&(&b.path, b.offset)));
            records.dedup_by(|a, b| (&a.path, a.offset) == (&b.path, b.offset));
            records
        })
        .prop_flat_map(|records| {
            let n = records.len();
            (Just(records), prop::collection::vec(0..n.max(1), 0..5))
        })
        .prop_map(|(mut records, again)| {
            for i in again {
                if let Some(r) = records.get(i).cloned() {
                    records.push(r);
                }
            }
            records
        })
        .prop_shuffle()
}

/// `records` saved as a directory in `order` and `format`.
pub fn saved(records: Vec<Record>, order: Order, format: SavedFormat) -> Vec<u8> {
    let directory = Directory::new(records, order);
    let mut out = Vec::new();
    let format = match format {
        SavedFormat::Tsv => Format::Tsv,
        SavedFormat::Jsonl => Format::Jsonl,
    };
    format
        .write(&Listing::directory(&directory), &mut out)
        .expect("write to memory");
    out
}

fn saved_format(jsonl: bool) -> SavedFormat {
    if jsonl {
        SavedFormat::Jsonl
    } else {
        SavedFormat::Tsv
    }
}

proptest! {
    #![proptest_config(crate::support::regressions(ProptestConfig::with_cases(200)))]

    #[test]
    fn merging_the_directories_of_shards_gives_the_directory_of_all(
        (records, shard_of, shard_formats) in records().prop_flat_map(|records| {
            let n = records.len();
            (
                Just(records),
                prop::collection::vec(0usize..4, n),
                prop::collection::vec(any::<bool>(), 4),
            )
        }),
        grouped in any::<bool>(),
        jsonl_out in any::<bool>(),
    ) {
        let order = if grouped { Order::Stipulation } else { Order::Code };
        let out_format = saved_format(jsonl_out);
        let mut shards: Vec<Vec<Record>> = vec![Vec::new(); 4];
        for (record, &shard) in records.iter().zip(&shard_of) {
            shards[shard].push(record.clone());
        }
        let shard_bytes: Vec<Vec<u8>> = shards
            .into_iter()
            .zip(&shard_formats)
            .map(|(shard, &jsonl)| saved(shard, order, saved_format(jsonl)))
            .collect();
        let inputs: Vec<MergeInput<&[u8]>> = shard_bytes
            .iter()
            .enumerate()
            .map(|(i, bytes)| MergeInput {
                name: format!("shard {i}"),
                reader: DirectoryReader::new(bytes.as_slice()).expect("a saved directory"),
            })
            .collect();
        let mut merged = Vec::new();
        let written = merge(inputs, out_format, order, &mut merged).expect("merge");
        prop_assert_eq!(written, records.len() as u64);
        let all = saved(records, order, out_format);
        prop_assert_eq!(String::from_utf8_lossy(&merged), String::from_utf8_lossy(&all));
    }
}
