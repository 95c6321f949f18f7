//! The summary line that ends `gbr scan`'s text output on stderr
//! (`6 codes in 1 file, 1 invalid, 2 unchecked, 0 warnings, 318 B in 0.01 s`): split off, its
//! time (which varies) written `T`, so that the rest of stderr and the line itself compare
//! exactly.

use std::path::Path;

use assert_cmd::Command;
use regex::Regex;

/// What a run of the binary gave.
#[derive(Debug)]
pub struct Run {
    /// Standard output.
    pub stdout: String,
    /// Standard error without the summary line of the text output.
    pub stderr: String,
    /// The summary line, its time written `T`; `None` when there was none.
    pub summary: Option<String>,
    /// The exit status.
    pub code: i32,
}

/// `gbr ARGS...` run in `dir`, with `stdin` written to standard input; its output read as
/// UTF-8 (lossily: a test compares it exactly, so a replaced byte fails it).
#[track_caller]
pub fn run_in(dir: &Path, args: &[&str], stdin: &[u8]) -> Run {
    let out = Command::new(super::gbr::GBR)
        .current_dir(dir)
        .args(args)
        .write_stdin(stdin)
        .output()
        .expect("run gbr");
    let (stderr, summary) = split(&String::from_utf8_lossy(&out.stderr));
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr,
        summary,
        code: out.status.code().expect("exit code"),
    }
}

/// `stderr` without its last line when that is a summary line, and that line with the time as
/// `T` (`..., 318 B in T s`).
pub fn split(stderr: &str) -> (String, Option<String>) {
    let line =
        Regex::new(r"(?m)^(\d+ codes? in \d+ files?, .*) in \d+\.\d\d s\n\z").expect("regex");
    match line.captures(stderr) {
        Some(found) => {
            let start = found.get(0).expect("match").start();
            (
                stderr[..start].to_string(),
                Some(format!("{} in T s", &found[1])),
            )
        }
        None => (stderr.to_string(), None),
    }
}
