//! The document campaign (docs/reliability.md, "Fuzzing documents"): the grammar's texts
//! written as Word, OpenDocument, HTML and EPUB documents (`documents/`) and read through
//! gbr's input layer, on every core, under a memory cap for the process and a time limit per
//! input.
//!
//! ```text
//! documents [--inputs N] [--seed S] [--threads T] [--hang-ms MS] [--memory BYTES] [--out DIR]
//! documents --write S I FILE     input I of seed S as a document, to FILE
//! ```
//!
//! Built as the fuzz crate's binary, or from the package root as an example, which needs no
//! crate the package does not already have: `cargo run --release --example document_fuzz --`.
//! Input `I` of seed `S` is `documents::build(S, I)`. Each runs under `catch_unwind`; one
//! that panics is saved as `DIR/crashes/S-I.EXT` (default `fuzz/out/documents`), one that
//! takes more than MS ms (default 2000) of its thread's CPU time, or 30 times that of wall
//! time, as `DIR/hangs/S-I.EXT`, and the run goes on. The
//! memory cap (default 2 GiB, `setrlimit(RLIMIT_AS)`) holds for the whole process: an input
//! past it aborts the run, whose last input is then the one to replay. At the end: inputs,
//! time, inputs per second, failures by message. Exit status 1 when anything failed.

#[path = "../documents/mod.rs"]
mod documents;
#[path = "../grammar.rs"]
#[allow(
    dead_code,
    reason = "the grammar campaign's parts this campaign does not use"
)]
mod grammar;
#[path = "../pipeline.rs"]
#[allow(
    dead_code,
    reason = "the grammar campaign's parts this campaign does not use"
)]
mod pipeline;

use std::collections::BTreeMap;
use std::panic::{self, AssertUnwindSafe};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

fn arg(args: &[String], name: &str, default: u64) -> u64 {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .map_or(default, |v| v.parse().expect("a number"))
}

/// The CPU time this thread has used: the limit of an input is on its own work, not on the
/// wall clock of a machine other work shares.
fn thread_cpu() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime fills the struct it is given.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

fn message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "(a panic without a message)".into())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let (seed, index) = (args[i + 1].parse().unwrap(), args[i + 2].parse().unwrap());
        std::fs::write(&args[i + 3], documents::build(seed, index).bytes).expect("write");
        return ExitCode::SUCCESS;
    }
    let inputs = arg(&args, "--inputs", 100_000);
    let seed = arg(&args, "--seed", 0);
    let threads = arg(&args, "--threads", 2);
    let hang = Duration::from_millis(arg(&args, "--hang-ms", 2000));
    let memory = arg(&args, "--memory", 2 << 30);
    let out = args
        .iter()
        .position(|a| a == "--out")
        .map_or(PathBuf::from("fuzz/out/documents"), |i| {
            PathBuf::from(&args[i + 1])
        });
    let cap = libc::rlimit {
        rlim_cur: memory,
        rlim_max: memory,
    };
    // SAFETY: setrlimit on this process with a valid struct.
    assert_eq!(
        unsafe { libc::setrlimit(libc::RLIMIT_AS, &cap) },
        0,
        "setrlimit"
    );
    panic::set_hook(Box::new(|_| {}));
    let scratch = tempfile::tempdir().expect("a scratch folder");
    let next = AtomicU64::new(0);
    let failures: Mutex<BTreeMap<String, Vec<u64>>> = Mutex::default();
    let started = Instant::now();
    std::thread::scope(|scope| {
        for thread in 0..threads {
            let (next, failures, scratch, out) = (&next, &failures, scratch.path(), &out);
            scope.spawn(move || {
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= inputs {
                        return;
                    }
                    let built = documents::build(seed, index);
                    let path = scratch.join(format!("{thread}-{}", built.name));
                    let chunks = [1 + index as usize % 16, 17 + index as usize % 500];
                    let (began, cpu) = (Instant::now(), thread_cpu());
                    let run = panic::catch_unwind(AssertUnwindSafe(|| {
                        documents::check(&built, &path, &chunks);
                    }));
                    let (took, used) = (began.elapsed(), thread_cpu() - cpu);
                    let failed = match run {
                        Err(payload) => Some(("crashes", message(&*payload))),
                        Ok(()) if used > hang || took > 30 * hang => {
                            Some(("hangs", format!("took {used:?} of CPU, {took:?}")))
                        }
                        Ok(()) => None,
                    };
                    if let Some((kind, said)) = failed {
                        let ext = built.name.rsplit('.').next().unwrap_or("bin");
                        let folder = out.join(kind);
                        std::fs::create_dir_all(&folder).expect("the findings' folder");
                        std::fs::write(folder.join(format!("{seed}-{index}.{ext}")), &built.bytes)
                            .expect("save the input");
                        let key: String = said.chars().take(160).collect();
                        let mut failures = failures.lock().unwrap_or_else(|e| e.into_inner());
                        failures
                            .entry(format!("{kind}: {key}"))
                            .or_default()
                            .push(index);
                    }
                }
            });
        }
    });
    let secs = started.elapsed().as_secs_f64();
    println!(
        "{inputs} documents of seed {seed} in {secs:.1} s ({:.0} a second, {threads} threads)",
        inputs as f64 / secs
    );
    let failures = failures.into_inner().unwrap_or_else(|e| e.into_inner());
    for (what, indexes) in &failures {
        println!("{} inputs, first {}: {what}", indexes.len(), indexes[0]);
    }
    if failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
