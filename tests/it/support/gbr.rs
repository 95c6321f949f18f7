//! `gbr` started by the tests ([`GBR`], [`gbr`]), and run from the package root on the
//! directory fixtures: what the `directory` and `reliability` tests share.

use std::path::Path;

use assert_cmd::Command;

/// The fixture folder every test indexes, relative to the package root, as the snapshots
/// show it.
pub const FIXTURES: &str = "fixtures/directory";

/// The `gbr` binary cargo built for the tests: the one way every test starts it, through
/// [`gbr`] (assert_cmd's command, run from the package root) or, where a test needs a
/// [`std::process::Command`] of its own (a child killed, a terminal, a shell), by this path.
pub const GBR: &str = env!("CARGO_BIN_EXE_gbr");

/// `gbr`, run from the package root so that paths in the output are relative and stable.
pub fn gbr() -> Command {
    let mut cmd = Command::new(GBR);
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"));
    cmd
}

/// The standard output, standard error and exit code of a finished run of `gbr`; both streams
/// must be UTF-8.
#[track_caller]
pub fn streams(output: std::process::Output) -> (String, String, i32) {
    (
        String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        String::from_utf8(output.stderr).expect("UTF-8 stderr"),
        output.status.code().expect("exit code"),
    )
}

/// The standard output, standard error and exit code of `gbr ARGS` with `cache` as its cache
/// home (`XDG_CACHE_HOME`: the OCR and diagram caches go under it), run from the package root.
#[track_caller]
pub fn cached_in(cache: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    streams(
        gbr()
            .env("XDG_CACHE_HOME", cache)
            .args(args)
            .output()
            .expect("run gbr"),
    )
}

/// The standard output, standard error and exit code of `gbr ARGS` given `stdin`, run from the
/// package root.
#[track_caller]
pub fn outcome(args: &[&str], stdin: &str) -> (String, String, i32) {
    streams(
        gbr()
            .args(args)
            .write_stdin(stdin)
            .output()
            .expect("run gbr"),
    )
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

/// The standard error of `gbr ARGS`, which must exit with status 2.
#[track_caller]
pub fn fail(args: &[&str]) -> String {
    let output = gbr().args(args).output().expect("run gbr");
    assert_eq!(output.status.code(), Some(2), "gbr {args:?} should fail");
    String::from_utf8(output.stderr).expect("UTF-8 error")
}

/// `path` as an argument.
pub fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temporary path")
}
