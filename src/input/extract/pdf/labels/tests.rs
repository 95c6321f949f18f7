use super::*;
use lopdf::dictionary;

#[test]
fn numbers_in_every_style() {
    let decimal = number(Style::Decimal, 302);
    assert_eq!(decimal.as_deref(), Some("302"));
    let romans: Vec<String> = [1, 4, 9, 14, 40, 90, 400, 1994, 3999, 4000]
        .map(|n| roman(n).expect("short"))
        .to_vec();
    assert_eq!(
        romans,
        [
            "I",
            "IV",
            "IX",
            "XIV",
            "XL",
            "XC",
            "CD",
            "MCMXCIV",
            "MMMCMXCIX",
            "MMMM"
        ]
    );
    assert_eq!(
        number(Style::Roman { upper: false }, 12).as_deref(),
        Some("xii")
    );
    let letters: Vec<String> = [1, 26, 27, 52, 53]
        .map(|n| number(Style::Letters { upper: true }, n).expect("short"))
        .to_vec();
    assert_eq!(letters, ["A", "Z", "AA", "ZZ", "AAA"]);
    assert_eq!(
        number(Style::Letters { upper: false }, 3).as_deref(),
        Some("c")
    );
    // Past 64 characters: none, however large the number.
    assert_eq!(roman(u64::MAX), None);
    assert_eq!(number(Style::Letters { upper: true }, u64::MAX), None);
}

/// A document whose catalog's `/PageLabels` is `tree`, with `objects` added first.
fn document(objects: Vec<(ObjectId, Object)>, tree: Object) -> Document {
    let mut doc = Document::with_version("1.5");
    for (id, object) in objects {
        doc.objects.insert(id, object);
    }
    doc.max_id = doc.objects.keys().map(|id| id.0).max().unwrap_or(0);
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "PageLabels" => tree });
    doc.trailer.set("Root", catalog);
    doc
}

fn shown(labels: Option<Vec<Option<String>>>) -> Vec<String> {
    labels
        .expect("labels")
        .into_iter()
        .map(|l| l.unwrap_or_else(|| "-".into()))
        .collect()
}

#[test]
fn roman_front_matter_then_decimal_from_301() {
    let tree = dictionary! { "Nums" => vec![
        0.into(), dictionary! { "S" => "r" }.into(),
        3.into(), dictionary! { "S" => "D", "St" => 301 }.into(),
    ]};
    let doc = document(vec![], tree.into());
    assert_eq!(
        shown(labels(&doc, 6)),
        ["i", "ii", "iii", "301", "302", "303"]
    );
}

#[test]
fn prefixes_kids_and_ranges_without_numbers() {
    let leaf1 = (
        (10, 0),
        Object::Dictionary(dictionary! { "Nums" => vec![
            0.into(), dictionary! { "P" => Object::string_literal("Cover") }.into(),
        ]}),
    );
    let leaf2 = (
        (11, 0),
        Object::Dictionary(dictionary! { "Nums" => vec![
            1.into(), dictionary! { "S" => "A", "P" => Object::string_literal("A-") }.into(),
            3.into(), Object::Reference((12, 0)),
        ]}),
    );
    let style = (
        (12, 0),
        Object::Dictionary(dictionary! { "S" => "D", "St" => 0 }),
    );
    let tree = dictionary! { "Kids" => vec![(10, 0).into(), (11, 0).into()] };
    let doc = document(vec![leaf1, leaf2, style], tree.into());
    // `/St 0` is no start: 1.
    assert_eq!(shown(labels(&doc, 5)), ["Cover", "A-A", "A-B", "1", "2"]);
}

#[test]
fn a_tree_that_loops_or_holds_nonsense_is_read_as_far_as_it_makes_sense() {
    // A node among its own kids, keys out of range, a value that is no dictionary, a
    // key that is no number, and a second range for page 0.
    let node = (
        (20, 0),
        Object::Dictionary(dictionary! {
            "Kids" => vec![(20, 0).into(), (21, 0).into(), 7.into()],
            "Nums" => vec![
                0.into(), dictionary! { "S" => "D" }.into(),
                (-1).into(), dictionary! { "S" => "R" }.into(),
                99.into(), dictionary! { "S" => "R" }.into(),
                2.into(), 5.into(),
                Object::string_literal("x"), dictionary! {}.into(),
                0.into(), dictionary! { "S" => "R" }.into(),
            ],
        }),
    );
    let doc = document(vec![node], Object::Reference((20, 0)));
    assert_eq!(shown(labels(&doc, 3)), ["1", "2", "3"]);
    // A tree of no range, a tree that is no dictionary, no tree: no labels.
    for tree in [
        dictionary! {}.into(),
        Object::Integer(3),
        Object::Reference((99, 0)),
    ] {
        assert_eq!(labels(&document(vec![], tree), 3), None);
    }
}

#[test]
fn a_deep_chain_of_kids_is_cut_and_a_label_past_64_characters_is_none() {
    // A chain of 100 nodes, the range at the bottom: past 32 levels, not reached.
    let mut objects = Vec::new();
    for n in 0..100u32 {
        let node = if n == 99 {
            dictionary! { "Nums" => vec![0.into(), dictionary! { "S" => "D" }.into()] }
        } else {
            dictionary! { "Kids" => vec![Object::Reference((n + 1, 0))] }
        };
        objects.push(((n, 0), Object::Dictionary(node)));
    }
    assert_eq!(
        labels(&document(objects, Object::Reference((0, 0))), 2),
        None
    );
    let tree = dictionary! { "Nums" => vec![
        0.into(), dictionary! { "S" => "A", "St" => 26 * 64 }.into(),
    ]};
    assert_eq!(
        shown(labels(&document(vec![], tree.into()), 2)),
        ["Z".repeat(64), "-".to_owned()]
    );
}
