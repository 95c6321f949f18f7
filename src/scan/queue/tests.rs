use std::path::{Path, PathBuf};

use super::is_pgn;
use crate::input::InputPath;

/// [`is_pgn`] reads a name's last bytes as `Path::extension` reads the name.
#[test]
fn a_pgn_name_is_told_as_by_its_extension() {
    let names = [
        "a.pgn",
        "a.PGN",
        "dir/b.Pgn",
        ".pgn",
        "dir/.pgn",
        "..pgn",
        "a.pgnx",
        "apgn",
        "pgn",
        "a.pg",
        "x.pgn.txt",
        "a b.pgn",
        "dir.pgn/a",
        "é.pgn",
    ];
    for name in names {
        let by_extension = Path::new(name)
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn"));
        let input = InputPath::File(PathBuf::from(name));
        assert_eq!(is_pgn(&input, false), by_extension, "{name}");
        assert!(is_pgn(&input, true), "{name}: asked for");
    }
}
