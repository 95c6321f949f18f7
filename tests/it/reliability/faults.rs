//! A panic in the work on one input is caught at that input (docs/reliability.md, "Fault
//! isolation"): a panic injected at one byte of a multi-chunk file ([`gbrscan::fault::INJECT_VAR`])
//! ends that file's records at the code before it, with one line on stderr, while the other
//! inputs are read whole and the run exits 2, promptly, at one and two threads, mapped and
//! streamed. Also the reading rules' own panics found in real prose, fed through the binary.

use std::fs;
use std::time::{Duration, Instant};

use gbrscan::fault::INJECT_VAR;

use super::gbr;
use crate::support::gbr::streams;

/// A file read after the faulty one, whose records must all be there.
const AFTER: &str = "fixtures/errors/transcriptions.txt";

/// About 1.5 MB of prose with a full position every 7 lines: mapped (over 1 MiB), and six
/// chunks of 256 KiB.
fn text() -> String {
    let mut text = String::new();
    for i in 0..40_000 {
        if i % 7 == 0 {
            text.push_str("a7d3 0116.00 b2b3c6d6 3/3+.\n");
        } else {
            text.push_str(&format!("Study {i} by a composer, Probleemblad 2000\n"));
        }
    }
    text
}

/// `gbr scan --json ARGS` with a panic injected at byte `at` (or none): stdout's lines,
/// stderr, exit code and the time it took.
fn scan(
    args: &[&str],
    at: Option<u64>,
    stdin: Option<&str>,
) -> (Vec<String>, String, i32, Duration) {
    let mut cmd = gbr();
    cmd.args(["scan", "--json", "--chunk-size", "262144"])
        .args(args);
    cmd.timeout(Duration::from_secs(60));
    if let Some(at) = at {
        cmd.env(INJECT_VAR, at.to_string());
    }
    if let Some(stdin) = stdin {
        cmd.write_stdin(stdin);
    }
    let started = Instant::now();
    let (out, err, code) = streams(cmd.output().expect("run gbr"));
    let lines = out.lines().map(str::to_owned).collect();
    (lines, err, code, started.elapsed())
}

/// The `match` messages of `lines` whose path is `path`, and their offsets.
fn matches<'a>(lines: &'a [String], path: &str) -> Vec<(&'a str, u64)> {
    lines
        .iter()
        .filter_map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            (v["type"] == "match" && v["data"]["path"] == path)
                .then(|| (line.as_str(), v["data"]["offset"].as_u64().expect("offset")))
        })
        .collect()
}

#[test]
fn an_injected_panic_costs_the_rest_of_its_file_only_at_one_and_two_threads() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.txt");
    fs::write(&big, text()).unwrap();
    let big = big.to_str().unwrap();
    let (whole, err, code, whole_took) = scan(&[big, AFTER], None, None);
    assert_eq!(code, 0, "{err}");
    let all = matches(&whole, big);
    let after = matches(&whole, AFTER);
    assert!(
        all.len() > 5_000 && after.len() > 5,
        "{} {}",
        all.len(),
        after.len()
    );
    // In the third chunk, in a line of prose, and on a code's first byte.
    let code_at = all[2_000].1;
    for at in [700_000, code_at] {
        for threads in ["-j1", "-j2"] {
            for mapping in [None, Some("--no-mmap")] {
                let mut args = vec![threads, big, AFTER];
                args.extend(mapping);
                let (lines, err, code, took) = scan(&args, Some(at), None);
                let what = format!("at {at} {args:?}");
                assert_eq!(code, 2, "{what}: {err}");
                // No worker left waiting: done within twice the time a whole scan takes, and
                // two seconds, the whole scan timed again with the same arguments under the load
                // of now (the other tests run beside this one). A faulted chunk is read again
                // code by code to find the byte, which a loaded machine may slow past one whole
                // scan; a worker left waiting never ends.
                let (_, _, _, whole_now) = scan(&args, None, None);
                let most = whole_took.max(whole_now) * 2 + Duration::from_secs(2);
                assert!(
                    took < most,
                    "{what}: took {took:?}, a whole scan {whole_took:?}"
                );
                let line = format!(
                    "gbr: internal error reading {big} (byte {at}): fault injected at byte {at} \
                     ({INJECT_VAR})"
                );
                assert!(err.contains(&line), "{what}: {err}");
                assert!(err.contains("please report it"), "{what}: {err}");
                assert!(!err.contains("panicked"), "{what}: no trace: {err}");
                let kept = matches(&lines, big);
                let before = all.iter().filter(|(_, offset)| *offset < at).count();
                assert_eq!(kept.len(), before, "{what}: every code before the byte");
                assert_eq!(kept, all[..before], "{what}: a prefix of the whole scan");
                assert_eq!(
                    matches(&lines, AFTER),
                    after,
                    "{what}: the next file is whole"
                );
            }
        }
    }
}

#[test]
fn an_injected_panic_in_standard_input_ends_it_with_the_byte() {
    let text = text();
    let (lines, err, code, _) = scan(&["-j2"], Some(1_000_000), Some(&text));
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("internal error reading <stdin> (byte 1000000)"),
        "{err}"
    );
    let kept = matches(&lines, "<stdin>");
    assert!(!kept.is_empty() && kept.iter().all(|(_, offset)| *offset < 1_000_000));
}

#[test]
fn section_breaks_and_markup_above_a_code_do_not_panic() {
    // A line whose blanks read forward and backward overlap (`***`: `**` each way), above a
    // code, where the sign, heading and words readers look.
    for above in [
        "***", "*****", " *** ", "<b>b>", "**+**", "***:", "(***)", "+ ***",
    ] {
        let stdin =
            format!("{above}\n0000.11 a1c3\n{above}\n\n{above}\na7d3 0116.00 b2b3c6d6 3/3+.\n");
        let output = gbr()
            .args(["scan", "--json"])
            .write_stdin(stdin)
            .timeout(Duration::from_secs(20))
            .output()
            .unwrap();
        let (out, err, code) = streams(output);
        assert_eq!(code, 0, "{above:?}: {err}");
        assert_eq!(
            out.matches("\"type\":\"match\"").count(),
            2,
            "{above:?}: {out}"
        );
    }
}

#[test]
fn an_injected_panic_in_check_is_reported_for_its_input_and_the_others_are_checked() {
    // Byte 300 lies in the first file (transcriptions.txt) and past the end of the second,
    // which is shorter: only the first faults.
    let other = "fixtures/check/near-misses.txt";
    assert!(fs::metadata(other).unwrap().len() < 300);
    let alone = gbr().args(["check", "--json", other]).output().unwrap();
    let (alone, _, _) = streams(alone);
    let mut cmd = gbr();
    cmd.args(["check", "--json", AFTER, other])
        .env(INJECT_VAR, "300")
        .timeout(Duration::from_secs(60));
    let (out, err, code) = streams(cmd.output().unwrap());
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!("gbr: internal error reading {AFTER} (byte ")),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        !out.contains(AFTER),
        "no diagnostic of the faulty input: {out}"
    );
    let of_other = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.contains(other))
            .map(str::to_owned)
            .collect()
    };
    assert_eq!(of_other(&out), of_other(&alone));
    assert!(!of_other(&alone).is_empty());
}
