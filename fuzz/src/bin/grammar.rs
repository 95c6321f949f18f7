//! The grammar campaign (docs/reliability.md, "Fuzzing"): texts of the grammar
//! (`gbrscan_fuzz::grammar`) run in this process, on every core, through gbr's whole
//! pipelines (`gbrscan_fuzz::pipeline`).
//!
//! ```text
//! grammar [--inputs N] [--seed S] [--start I] [--threads T] [--deep-every K] [--hang-ms MS] [--out DIR]
//! grammar --replay FILE...          run files through every property, say what fails
//! grammar --minimize FILE           the smallest text found that fails the same way, as printf bytes
//! grammar --print S I               input I of seed S to standard output
//! grammar --write-dict FILE         the grammar's tokens as an AFL dictionary
//! grammar --write-seeds DIR N       N inputs of seed 0 as files, seeds for AFL
//! ```
//!
//! Input `I` of seed `S` is [`grammar::input`]`(S, I)`. Every input runs the scan's properties
//! (whole, and in chunks of two sizes drawn from the input); one in `K` (default 16) also runs
//! the directory and the copies. Each input runs under `catch_unwind`, its panic message and
//! place kept by a quiet panic hook; an input running longer than `MS` ms (default 2000) is
//! reported as a hang. A failing input is saved in `DIR/crashes/` or `DIR/hangs/` (default
//! `fuzz/out/grammar`) as `S-I.txt`, and the run goes on. At the end: inputs run, inputs per
//! second (and per thread), failures by distinct place and message. Exit status 1 when
//! anything failed.

use std::collections::{BTreeMap, HashMap};
use std::panic::{self, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use gbrscan_fuzz::{grammar, pipeline};

/// Where each panic message was raised, filled by the panic hook: the payload that
/// `catch_unwind` hands back has the message but not the place, and the panic may have been
/// raised on another thread of the pool.
fn places() -> &'static Mutex<HashMap<String, String>> {
    static PLACES: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    PLACES.get_or_init(Default::default)
}

fn payload_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(a panic without a message)".to_string()
    }
}

fn quiet_hook() {
    panic::set_hook(Box::new(|info| {
        let message = payload_message(info.payload());
        let place = info
            .location()
            .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()))
            .unwrap_or_default();
        let mut places = places().lock().unwrap_or_else(|e| e.into_inner());
        if places.len() < 100_000 {
            places.insert(message, place);
        }
    }));
}

/// What the properties run on an input: the chunk sizes of the scan, and the deep ones.
#[derive(Debug, Clone)]
struct Plan {
    chunk_sizes: Vec<usize>,
    deep: bool,
}

impl Plan {
    fn of(seed: u64, index: u64, deep_every: u64) -> Plan {
        let mut rng = grammar::Rng::new(seed ^ 0xc4a2_9d1b, index);
        Plan {
            chunk_sizes: vec![rng.within(1, 16), rng.within(17, 700)],
            deep: deep_every > 0 && index.is_multiple_of(deep_every),
        }
    }

    /// Every property, with chunks of sizes from 1 byte to 700, and those of the campaign's
    /// input when `file` is named as the campaign saves it (`S-I.txt`): for replays and
    /// minimizing.
    fn all(file: &str) -> Plan {
        let mut chunk_sizes = vec![1, 2, 3, 7, 16, 64, 256, 700];
        let name = Path::new(file)
            .file_stem()
            .and_then(|n| n.to_str())
            .unwrap_or("");
        if let Some((seed, index)) = name.split_once('-')
            && let (Ok(seed), Ok(index)) = (seed.parse(), index.parse())
        {
            chunk_sizes.extend(Plan::of(seed, index, 1).chunk_sizes);
        }
        Plan {
            chunk_sizes,
            deep: true,
        }
    }
}

fn run_properties(data: &[u8], plan: &Plan) {
    let records = pipeline::scan(data, &plan.chunk_sizes);
    if plan.deep {
        pipeline::directory(&records);
        pipeline::check(data, &records);
        pipeline::pgn(data);
    }
}

/// A failure: its place and message. Its key writes the message's numbers `#` and its quoted
/// texts `"…"`, so that one bug is one key.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Failure {
    place: String,
    message: String,
}

impl Failure {
    fn key(&self) -> String {
        let mut quoted = false;
        let mut message = String::new();
        for c in self.message.chars().take(160) {
            match c {
                '"' => {
                    quoted = !quoted;
                    if quoted {
                        message.push_str("\"…");
                    } else {
                        message.push('"');
                    }
                }
                _ if quoted => {}
                '0'..='9' => message.push('#'),
                _ => message.push(c),
            }
        }
        message = message.replace("##", "#");
        while message.contains("##") {
            message = message.replace("##", "#");
        }
        format!("{} {}", self.place, message)
    }
}

/// Runs the properties on `data` and says how they failed, if they did.
fn attempt(data: &[u8], plan: &Plan) -> Option<Failure> {
    let run = panic::catch_unwind(AssertUnwindSafe(|| run_properties(data, plan)));
    let payload = run.err()?;
    let message = payload_message(&*payload);
    let place = places()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&message)
        .cloned()
        .unwrap_or_else(|| "(place unknown)".to_string());
    Some(Failure { place, message })
}

/// `data` as a `printf` argument: printable ASCII as is, the rest as `\ooo` escapes.
fn printf_bytes(data: &[u8]) -> String {
    let mut out = String::new();
    for &b in data {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\'' => out.push_str("'\\''"),
            b'%' => out.push_str("%%"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(char::from(b)),
            _ => out.push_str(&format!("\\{b:03o}")),
        }
    }
    out
}

/// The smallest text found by cutting pieces out of `data` that still fails with the same
/// key (delta debugging, Zeller 2002, one pass per piece size down to single bytes).
fn minimize(data: &[u8], failure: &Failure, plan: &Plan) -> Vec<u8> {
    let key = failure.key();
    let mut best = data.to_vec();
    let mut size = best.len().div_ceil(2).max(1);
    loop {
        let mut at = 0;
        while at < best.len() {
            let end = (at + size).min(best.len());
            let mut candidate = best[..at].to_vec();
            candidate.extend_from_slice(&best[end..]);
            if attempt(&candidate, plan).is_some_and(|f| f.key() == key) {
                best = candidate;
            } else {
                at += size;
            }
        }
        if size == 1 {
            break;
        }
        size = size.div_ceil(2);
    }
    best
}

/// The options of a campaign.
#[derive(Debug, Clone)]
struct Options {
    inputs: u64,
    seed: u64,
    start: u64,
    threads: usize,
    deep_every: u64,
    hang: Duration,
    out: PathBuf,
}

/// What a worker is doing: the index it runs (`u64::MAX` for none) and since when (ms from
/// the start of the campaign).
struct Slot {
    index: AtomicU64,
    since_ms: AtomicU64,
    reported: AtomicBool,
}

#[derive(Default)]
struct Tally {
    /// Per failure key: count, the lowest index that failed so, its message and place.
    failures: BTreeMap<String, (u64, u64, Failure)>,
    failed_inputs: u64,
    hangs: Vec<u64>,
}

/// CPU time of this process so far, user and system, in seconds (Linux's `/proc/self/stat`,
/// in ticks of 1/100 s); `None` elsewhere. On a shared machine the rate per CPU second is
/// what plans a campaign, not the rate per second of the clock.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let after_name = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn save(dir: &Path, name: &str, data: &[u8]) -> PathBuf {
    let _ = std::fs::create_dir_all(dir);
    let path = dir.join(name);
    if let Err(e) = std::fs::write(&path, data) {
        eprintln!("cannot save {}: {e}", path.display());
    }
    path
}

fn campaign(options: Options) -> ExitCode {
    quiet_hook();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(options.threads)
        .build()
        .expect("a thread pool");
    let start = Instant::now();
    let cpu_start = cpu_seconds().unwrap_or(0.0);
    let ms = move || start.elapsed().as_millis() as u64;
    let next = Arc::new(AtomicU64::new(options.start));
    let done = Arc::new(AtomicU64::new(0));
    let bytes = Arc::new(AtomicU64::new(0));
    let deep = Arc::new(AtomicU64::new(0));
    let tally = Arc::new(Mutex::new(Tally::default()));
    let slots: Arc<Vec<Slot>> = Arc::new(
        (0..options.threads)
            .map(|_| Slot {
                index: AtomicU64::new(u64::MAX),
                since_ms: AtomicU64::new(0),
                reported: AtomicBool::new(false),
            })
            .collect(),
    );
    let end = options.start + options.inputs;
    println!(
        "grammar campaign: seed {}, inputs {}..{}, {} threads, deep properties on one input in {}",
        options.seed, options.start, end, options.threads, options.deep_every
    );
    for worker in 0..options.threads {
        let (next, done, bytes, deep, tally, slots, options) = (
            next.clone(),
            done.clone(),
            bytes.clone(),
            deep.clone(),
            tally.clone(),
            slots.clone(),
            options.clone(),
        );
        pool.spawn(move || {
            let slot = &slots[worker];
            loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= end {
                    slot.index.store(u64::MAX, Ordering::Release);
                    break;
                }
                let data = grammar::input(options.seed, index);
                let plan = Plan::of(options.seed, index, options.deep_every);
                slot.since_ms.store(ms(), Ordering::Release);
                slot.reported.store(false, Ordering::Release);
                slot.index.store(index, Ordering::Release);
                let failure = attempt(&data, &plan);
                slot.index.store(u64::MAX, Ordering::Release);
                bytes.fetch_add(data.len() as u64, Ordering::Relaxed);
                deep.fetch_add(u64::from(plan.deep), Ordering::Relaxed);
                if let Some(failure) = failure {
                    let name = format!("{}-{index}.txt", options.seed);
                    let path = save(&options.out.join("crashes"), &name, &data);
                    let mut tally = tally.lock().unwrap_or_else(|e| e.into_inner());
                    tally.failed_inputs += 1;
                    let entry = tally
                        .failures
                        .entry(failure.key())
                        .or_insert_with(|| (0, index, failure.clone()));
                    entry.0 += 1;
                    if index < entry.1 {
                        (entry.1, entry.2) = (index, failure.clone());
                    }
                    if entry.0 == 1 {
                        println!(
                            "FAIL seed {} index {index} ({}): {} at {}",
                            options.seed,
                            path.display(),
                            failure.message,
                            failure.place
                        );
                    }
                }
                done.fetch_add(1, Ordering::Release);
            }
        });
    }
    // The watchdog: hangs, progress, and the end (a worker stuck for good is left behind).
    let mut last_progress = 0;
    let total = options.inputs;
    loop {
        std::thread::sleep(Duration::from_millis(100));
        let now = ms();
        let finished = done.load(Ordering::Acquire);
        let mut stuck = 0;
        for slot in slots.iter() {
            let index = slot.index.load(Ordering::Acquire);
            if index == u64::MAX {
                continue;
            }
            let running = now.saturating_sub(slot.since_ms.load(Ordering::Acquire));
            if running > options.hang.as_millis() as u64
                && !slot.reported.swap(true, Ordering::AcqRel)
            {
                let data = grammar::input(options.seed, index);
                let name = format!("{}-{index}.txt", options.seed);
                let path = save(&options.out.join("hangs"), &name, &data);
                println!(
                    "HANG seed {} index {index} ({}): still running after {running} ms",
                    options.seed,
                    path.display()
                );
                tally
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .hangs
                    .push(index);
            }
            if running > 60_000 {
                stuck += 1;
            }
        }
        if now - last_progress >= 30_000 {
            last_progress = now;
            let rate = finished as f64 / (now.max(1) as f64 / 1000.0);
            println!("  {finished} of {total} inputs, {rate:.0}/s");
        }
        let claimed = next.load(Ordering::Acquire).min(end) - options.start;
        if finished == total || (claimed == total && finished + stuck as u64 >= total) {
            break;
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().map(|c| c - cpu_start);
    let finished = done.load(Ordering::Acquire);
    let tally = tally.lock().unwrap_or_else(|e| e.into_inner());
    let rate = finished as f64 / seconds;
    println!(
        "ran {finished} inputs ({} with the deep properties, {:.1} MB) in {seconds:.1} s: {rate:.0} inputs/s, {:.0} per thread",
        deep.load(Ordering::Relaxed),
        bytes.load(Ordering::Relaxed) as f64 / 1e6,
        rate / options.threads as f64
    );
    if let Some(cpu) = cpu {
        println!(
            "CPU time {cpu:.1} s: {:.0} inputs per CPU second",
            finished as f64 / cpu.max(0.01)
        );
    }
    println!(
        "failures: {} inputs, {} distinct; hangs: {}",
        tally.failed_inputs,
        tally.failures.len(),
        tally.hangs.len()
    );
    for (count, first, failure) in tally.failures.values() {
        println!(
            "  {count:>8} x  first: seed {} index {first}: {} at {}",
            options.seed, failure.message, failure.place
        );
    }
    for index in &tally.hangs {
        println!("  hang: seed {} index {index}", options.seed);
    }
    let failed = !tally.failures.is_empty() || !tally.hangs.is_empty();
    if finished < total {
        // A worker never came back: leave it, the process ends here.
        std::process::exit(1);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn replay(files: &[String]) -> ExitCode {
    quiet_hook();
    let mut failed = false;
    for file in files {
        let data = match std::fs::read(file) {
            Ok(data) => data,
            Err(e) => {
                eprintln!("{file}: {e}");
                failed = true;
                continue;
            }
        };
        match attempt(&data, &Plan::all(file)) {
            Some(f) => {
                failed = true;
                println!("{file}: FAIL: {} at {}", f.message, f.place);
            }
            None => println!("{file}: ok"),
        }
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn minimize_file(file: &str) -> ExitCode {
    quiet_hook();
    let data = match std::fs::read(file) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let plan = Plan::all(file);
    let Some(failure) = attempt(&data, &plan) else {
        println!("{file}: no property fails");
        return ExitCode::FAILURE;
    };
    let small = minimize(&data, &failure, &plan);
    println!("{} bytes -> {} bytes", data.len(), small.len());
    println!("message: {}", failure.message);
    println!("place:   {}", failure.place);
    println!("printf '{}'", printf_bytes(&small));
    ExitCode::SUCCESS
}

/// The grammar's tokens as an AFL dictionary (`-x`): one `"token"` a line, bytes outside
/// printable ASCII as `\xNN`.
fn write_dict(file: &str) -> ExitCode {
    let mut out = String::new();
    let mut seen = std::collections::HashSet::new();
    for token in grammar::dictionary() {
        if token.is_empty() || !seen.insert(token) {
            continue;
        }
        out.push('"');
        for &b in token.as_bytes() {
            match b {
                b'"' | b'\\' => out.push_str(&format!("\\{}", char::from(b))),
                0x20..=0x7e => out.push(char::from(b)),
                _ => out.push_str(&format!("\\x{b:02x}")),
            }
        }
        out.push_str("\"\n");
    }
    match std::fs::write(file, out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{file}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn write_seeds(dir: &str, count: u64) -> ExitCode {
    for index in 0..count {
        save(
            Path::new(dir),
            &format!("grammar-0-{index}.txt"),
            &grammar::input(0, index),
        );
    }
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: grammar [--inputs N] [--seed S] [--start I] [--threads T] [--deep-every K] [--hang-ms MS] [--out DIR]\n\
         \x20      grammar --replay FILE... | --minimize FILE | --print S I | --write-dict FILE | --write-seeds DIR N"
    );
    ExitCode::from(2)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize| args.get(i).and_then(|a| a.parse::<u64>().ok());
    match args.first().map(String::as_str) {
        Some("--replay") => return replay(&args[1..]),
        Some("--minimize") if args.len() == 2 => return minimize_file(&args[1]),
        Some("--print") => {
            let (Some(seed), Some(index)) = (number(1), number(2)) else {
                return usage();
            };
            use std::io::Write;
            let _ = std::io::stdout().write_all(&grammar::input(seed, index));
            return ExitCode::SUCCESS;
        }
        Some("--write-dict") if args.len() == 2 => return write_dict(&args[1]),
        Some("--write-seeds") => {
            let (Some(dir), Some(count)) = (args.get(1), number(2)) else {
                return usage();
            };
            return write_seeds(dir, count);
        }
        _ => {}
    }
    let mut options = Options {
        inputs: 1_000_000,
        seed: 0,
        start: 0,
        threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        deep_every: 16,
        hang: Duration::from_millis(2000),
        out: Path::new(env!("CARGO_MANIFEST_DIR")).join("out/grammar"),
    };
    let mut i = 0;
    while i < args.len() {
        let value = number(i + 1);
        match (args[i].as_str(), value) {
            ("--inputs", Some(v)) => options.inputs = v,
            ("--seed", Some(v)) => options.seed = v,
            ("--start", Some(v)) => options.start = v,
            ("--threads", Some(v)) if v > 0 => options.threads = v as usize,
            ("--deep-every", Some(v)) => options.deep_every = v,
            ("--hang-ms", Some(v)) => options.hang = Duration::from_millis(v),
            ("--out", _) if i + 1 < args.len() => options.out = PathBuf::from(&args[i + 1]),
            _ => return usage(),
        }
        i += 2;
    }
    campaign(options)
}
