//! `gbr index` and `gbr merge` killed (SIGKILL) at moments spread over their run leave
//! nothing behind: no temporary file, and the output either as it was or complete.

#![cfg(unix)]

use std::fs;
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::{Duration, Instant};

use super::output::leftovers;
use super::{arg, run};

/// A text of `lines` full positions, a few distinct ones repeated: enough for `gbr index` to
/// spend a good part of its run writing.
fn big_text(lines: usize) -> String {
    let positions = [
        "a7d3 0116.00 b2b3c6d6 3/3+.",
        "d1h5 0310.01 a2b3c4.a3 3/2=",
        "f1h1 0001.04 2/5 Win",
        "+ 0400.10 a1a3 b1c2d2.e2",
    ];
    let mut text = String::new();
    for i in 0..lines {
        text.push_str(positions[i % positions.len()]);
        text.push('\n');
    }
    text
}

/// `gbr ARGS` started from the package root, output silenced, temporary files (the sorted
/// runs of `--memory`) in `TEMP`.
fn start(args: &[&str]) -> std::process::Child {
    Process::new(std::path::Path::new(crate::support::gbr::GBR))
        .args(args)
        .env("TMPDIR", temp_dir())
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start gbr")
}

/// Where the runs under test keep their temporary files: a folder of its own, which must stay
/// empty.
fn temp_dir() -> &'static Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().expect("temporary folder"))
        .path()
}

/// How long a whole run of `args` takes.
fn duration(args: &[&str]) -> Duration {
    let began = Instant::now();
    let status = start(args).wait().expect("gbr runs");
    assert!(status.success(), "gbr {args:?}");
    began.elapsed()
}

/// Kills `gbr ARGS` at `kills` moments spread evenly over its usual run time, and returns the
/// files other than the output found beside it or in the temporary folder after each kill,
/// summed.
fn kill_repeatedly(args: &[&str], kills: u32, out: &Path, complete: &[u8]) -> usize {
    let whole = duration(args);
    let folder = out.parent().expect("output folder");
    let mut left = 0;
    for i in 0..kills {
        fs::write(out, b"old contents\n").expect("output as it was");
        let mut child = start(args);
        std::thread::sleep(whole * (i + 1) / (kills + 1));
        let _ = child.kill(); // SIGKILL; it may have finished already
        child.wait().expect("reap gbr");
        left += leftovers(folder).iter().filter(|n| *n != "dir.tsv").count();
        left += leftovers(temp_dir()).len();
        let now = fs::read(out).expect("output still there");
        assert!(
            now == b"old contents\n" || now == complete,
            "kill {i}: the output is neither as it was nor complete ({} bytes)",
            now.len()
        );
    }
    left
}

#[test]
fn killed_index_and_merge_runs_leave_nothing_behind() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let text = dir.path().join("many.txt");
    fs::write(&text, big_text(20_000)).expect("input");
    let out = dir.path().join("out").join("dir.tsv");
    fs::create_dir(out.parent().unwrap()).expect("output folder");
    // With a memory limit that spills sorted runs, so that kills land in the spill too.
    let index = [
        "index",
        arg(&text),
        "--format",
        "tsv",
        "--memory",
        "512K",
        "-o",
        arg(&out),
    ];
    run(&index, 0);
    let complete = fs::read(&out).expect("directory");
    let left = kill_repeatedly(&index, 8, &out, &complete);

    let shard = dir.path().join("shard.tsv");
    fs::write(&shard, &complete).expect("shard");
    let merge = ["merge", arg(&shard), arg(&shard), "-o", arg(&out)];
    run(&merge, 0);
    let merged = fs::read(&out).expect("merged");
    let left = left + kill_repeatedly(&merge, 8, &out, &merged);

    // On Linux the temporary file has a name only for an instant; elsewhere the next run
    // removes what a killed one left.
    if cfg!(target_os = "linux") {
        assert_eq!(left, 0, "temporary files left by 16 killed runs");
    }
    run(&index, 0);
    assert_eq!(leftovers(out.parent().unwrap()), ["dir.tsv"]);
}

#[test]
fn the_next_run_removes_a_stale_temporary_file_but_not_a_held_one() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let stale = dir.path().join(".gbr-stale.tmp");
    fs::write(&stale, "left by a killed run").unwrap();
    let held = dir.path().join(".gbr-held.tmp");
    let lock = fs::File::create(&held).unwrap();
    lock.lock().expect("lock, as a running gbr does");
    let other = dir.path().join("gbr-notours.tmp");
    fs::write(&other, "not ours").unwrap();
    let out = dir.path().join("dir.tsv");
    run(&["index", super::FIXTURES, "-o", arg(&out)], 0);
    assert_eq!(
        leftovers(dir.path()),
        [".gbr-held.tmp", "dir.tsv", "gbr-notours.tmp"]
    );
    drop(lock);
}
