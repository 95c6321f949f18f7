use super::*;

/// Every text fixture (forms, captions, checks, directories, labels, printing, prose,
/// quirks), scanned whole in groups of 1 (code by code), 2, 3 and [`GROUP`] anchors, with
/// and without labels: the same records and links. The group of 1 runs each step for one
/// code before the next code.
#[test]
fn groups_of_any_size_read_the_same_records() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let rules = LabelRules::builtin();
    let path = SourcePath::from("fixture");
    let mut records = 0;
    for dir in [
        "captions",
        "check",
        "cli",
        "directory",
        "errors",
        "forms",
        "labels",
        "printing",
        "prose",
        "quirks",
    ] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let file = entry.unwrap().path();
            if file.extension().is_none_or(|e| e != "txt") {
                continue;
            }
            let text = std::fs::read(&file).unwrap();
            for reading in [
                Reading {
                    labels: Some(&rules),
                    fields: Fields::All,
                },
                Reading {
                    labels: None,
                    fields: Fields::Listing,
                },
            ] {
                let scan = |size| scan_chunk_in_groups(&text, &path, 0..text.len(), reading, size);
                let one = scan(1);
                for size in [2, 3, GROUP] {
                    let other = scan(size);
                    assert_eq!(
                        other.found,
                        one.found,
                        "{} in groups of {size}",
                        file.display()
                    );
                    assert_eq!(
                        other.line_feeds,
                        one.line_feeds,
                        "{} in groups of {size}",
                        file.display()
                    );
                    assert_eq!(
                        other.links,
                        one.links,
                        "{} in groups of {size}",
                        file.display()
                    );
                }
                records += one.found.len();
            }
        }
    }
    assert!(records > 300, "{records}");
}

/// A thread keeps the group's buffers of one chunk, emptied, for the next: a chunk read
/// after another reads the records of a thread that never read one.
#[test]
fn the_group_buffers_kept_from_chunk_to_chunk_read_the_same_records() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let first = std::fs::read(root.join("captions/sign-above.txt")).unwrap();
    let second = std::fs::read(root.join("captions/directory-columns.txt")).unwrap();
    let path = SourcePath::from("fixture");
    let reading = Reading {
        labels: None,
        fields: Fields::All,
    };
    let fresh = std::thread::scope(|s| {
        s.spawn(|| scan_chunk(&second, &path, 0..second.len(), reading))
            .join()
            .unwrap()
    });
    let before = scan_chunk(&first, &path, 0..first.len(), reading);
    assert!(before.found.len() > 3);
    let (group, pending) = SPARE_GROUP.take();
    assert!(group.is_empty() && pending.is_empty());
    assert!(group.capacity() >= GROUP && pending.capacity() >= GROUP);
    SPARE_GROUP.set((group, pending));
    let again = scan_chunk(&second, &path, 0..second.len(), reading);
    assert!(fresh.found.len() > 3);
    assert_eq!(again.found, fresh.found);
    assert_eq!(again.links, fresh.links);
}
