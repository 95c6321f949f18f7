//! A memory-mapped file truncated by another process while `gbr scan` reads it, 50 times at
//! moments spread over the scan: the run survives (no SIGBUS), names the file, exits 2, and
//! what it printed is a prefix of the file's full output.

#![cfg(target_os = "linux")]

use std::fs;
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::time::Instant;

use super::arg;
use crate::support::Moments;

/// A text of about `len` bytes, mapped (over 1 MiB): prose with a full position every 20
/// lines.
fn text(len: usize) -> Vec<u8> {
    let prose =
        "some prose between the studies, nothing to find here, only words and 12.5 numbers.\n";
    let mut text = Vec::with_capacity(len + 100);
    let mut i = 0;
    while text.len() < len {
        let line = if i % 20 == 0 {
            "a7d3 0116.00 b2b3c6d6 3/3+.\n"
        } else {
            prose
        };
        text.extend_from_slice(line.as_bytes());
        i += 1;
    }
    text
}

/// A file scanned after the truncated one, whose records must all be there.
const AFTER: &str = "fixtures/directory/first-source.txt";

/// The lines of `output` about `path`, and the others.
fn split<'a>(output: &'a str, path: &Path) -> (String, Vec<&'a str>) {
    let (ours, others): (Vec<&str>, Vec<&str>) =
        output.lines().partition(|l| l.starts_with(arg(path)));
    (ours.iter().map(|l| format!("{l}\n")).collect(), others)
}

fn scan(path: &Path, threads: &str) -> std::process::Child {
    Process::new(std::path::Path::new(crate::support::gbr::GBR))
        .args([
            "scan",
            "-j",
            threads,
            "--chunk-size",
            "262144",
            arg(path),
            AFTER,
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gbr")
}

#[test]
fn a_file_truncated_while_it_is_scanned_is_reported_and_the_rest_kept() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("growing.log");
    let whole = text(6 << 20);
    fs::write(&path, &whole).expect("input");
    let began = Instant::now();
    let full = scan(&path, "2").wait_with_output().expect("gbr runs");
    let duration = began.elapsed();
    assert_eq!(full.status.code(), Some(0));
    let full = String::from_utf8(full.stdout).expect("UTF-8");
    let (full, after) = split(&full, &path);
    assert!(!after.is_empty());

    let mut moments = Moments(18);
    let mut reported = 0;
    for round in 0..50 {
        fs::write(&path, &whole).expect("input restored");
        let threads = if round % 2 == 0 { "1" } else { "2" };
        let child = scan(&path, threads);
        std::thread::sleep(duration.mul_f64(moments.next()));
        let cut = (whole.len() as f64 * moments.next() * 0.75) as u64;
        fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .and_then(|f| f.set_len(cut))
            .expect("truncate");
        let out = child.wait_with_output().expect("reap gbr");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let stdout = String::from_utf8(out.stdout).expect("UTF-8");
        match out.status.code() {
            // Nothing but the summary line that ends the text output (`N codes in 2 files, ...`).
            Some(0) => assert!(
                stderr.lines().count() == 1
                    && stderr.contains(" files, ")
                    && stderr.ends_with(" s\n"),
                "round {round}: {stderr}"
            ),
            Some(2) => {
                reported += 1;
                let line = format!("gbr: {}: changed while it was read (it shrank)", arg(&path));
                assert!(stderr.starts_with(&line), "round {round}: {stderr}");
            }
            other => panic!("round {round}: gbr ended with {other:?} ({:?})", out.status),
        }
        let (ours, others) = split(&stdout, &path);
        assert_eq!(
            others, after,
            "round {round}: the file after it is scanned whole"
        );
        assert!(
            full.starts_with(&ours),
            "round {round}: the records printed are not a prefix of the file's"
        );
    }
    // Some of the 50 cuts must have fallen inside a scan, or the test tested nothing.
    assert!(reported > 0, "no truncation landed during a scan");
    eprintln!("{reported} of 50 truncations fell inside a scan");
}
