//! Faults a hostile user or a busy machine causes, through the real binary
//! (docs/reliability.md): what `-o` finds at its path, runs killed while they write, files
//! truncated while they are scanned.

mod killed;
mod output;
mod readers;
mod spill;
mod truncated;

use std::path::Path;

use assert_cmd::Command;

/// The fixture folder every test indexes, relative to the package root.
pub const FIXTURES: &str = "fixtures/directory";

/// `gbr`, run from the package root.
pub fn gbr() -> Command {
    let mut cmd = assert_cmd::cargo::cargo_bin_cmd!("gbr");
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// The standard output of `gbr ARGS`, which must exit with `code`.
#[track_caller]
pub fn run(args: &[&str], code: i32) -> String {
    let output = gbr().args(args).output().expect("run gbr");
    assert_eq!(
        output.status.code(),
        Some(code),
        "gbr {args:?}\nstderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

/// `path` as an argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temporary path")
}
