use super::*;

#[test]
fn dash_is_stdin() {
    let walked = walk(&[PathBuf::from("-")]);
    assert_eq!(walked.inputs, [InputPath::Stdin]);
    assert_eq!(walked.skipped, []);
}

#[test]
fn stdin_is_shown_as_stdin_in_angle_brackets() {
    assert_eq!(InputPath::Stdin.path(), Path::new("<stdin>"));
}

#[test]
fn skipped_displays_path_and_reason() {
    let skipped = Skipped {
        path: PathBuf::from("old"),
        reason: SkipReason::Unreadable {
            kind: io::ErrorKind::PermissionDenied,
        },
    };
    assert_eq!(skipped.to_string(), "old: cannot read: permission denied");
}

/// [`walk_key`] orders the paths of a walk as [`Path::cmp`] does.
#[test]
fn walk_key_is_the_order_of_components() {
    let names = [
        "a", "a b", "a-c", "a.b", "ab", "b", "\u{e9}", "A", "a0", "~", "a!",
    ];
    let mut paths = Vec::new();
    for root in ["tree", "./tree/", "/tmp/x//t"] {
        for x in names {
            paths.push(Path::new(root).join(x));
            for y in names {
                paths.push(Path::new(root).join(x).join(y));
            }
        }
        let mut by_bytes = paths.clone();
        by_bytes.sort_by_cached_key(|p| walk_key(p));
        let mut by_components = paths.clone();
        by_components.sort();
        assert_eq!(by_bytes, by_components, "{root}");
        paths.clear();
    }
}
