//! Hostile PDFs and compressed files (docs/reliability.md, "Hostile PDFs and compressed
//! files"): each ends quickly, in bounded memory, with an error (or a warning) for that input
//! only, and keeps what could be read.

use std::fs;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::archives::{self, pdf_of};
use crate::support::gbr::{gbr, streams};

/// `gbr ARGS` in `dir`, stopped (and failed) after `limit`.
pub(super) fn run_in(dir: &Path, args: &[&str], limit: Duration) -> (String, String, i32) {
    let output = gbr()
        .current_dir(dir)
        .args(args)
        .timeout(limit)
        .output()
        .expect("run gbr");
    assert!(
        output.status.code().is_some(),
        "gbr {args:?} was killed (a signal: a crash, or the {limit:?} limit): {}",
        String::from_utf8_lossy(&output.stderr)
    );
    streams(output)
}

/// A PDF of `objects` (numbered from 1; object 1 the catalog), its cross-reference table
/// written as ISO 32000-1 §7.5.4 says.
fn pdf(objects: &[&[u8]]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        writeln!(out, "{} 0 obj", i + 1).unwrap();
        out.extend_from_slice(object);
        out.extend_from_slice(b"\nendobj\n");
    }
    let xref = out.len();
    write!(out, "xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).unwrap();
    for offset in offsets {
        writeln!(out, "{offset:010} 00000 n ").unwrap();
    }
    write!(
        out,
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    )
    .unwrap();
    out
}

fn stream(dict: &str, data: &[u8]) -> Vec<u8> {
    let mut out = format!("<< /Length {} {dict} >>\nstream\n", data.len()).into_bytes();
    out.extend_from_slice(data);
    out.extend_from_slice(b"\nendstream");
    out
}

const SHOW_CODE: &[u8] = b"BT /F1 12 Tf 72 712 Td (Study 0116.00 a7d3) Tj ET";
const FONT: &[u8] = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";
const RESOURCES: &str = "/Resources << /Font << /F1 5 0 R >> >>";

#[test]
fn a_page_tree_that_loops_ends_at_once_with_an_error_for_that_file() {
    let dir = tempfile::tempdir().unwrap();
    let content = stream("", SHOW_CODE);
    // Kids that lead back to their own node: lopdf lists the page again and again.
    let kids = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 /MediaBox [0 0 612 792] >>",
        format!("<< /Type /Page /Parent 2 0 R {RESOURCES} /Contents 4 0 R >>").as_bytes(),
        &content,
        FONT,
    ]);
    // A page with no media box whose /Parent chain loops: pdf-extract looks up the chain
    // until the stack overflows, which aborts the process.
    let parents = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 /Parent 3 0 R >>",
        format!("<< /Type /Page /Parent 2 0 R {RESOURCES} /Contents 4 0 R >>").as_bytes(),
        &content,
        FONT,
    ]);
    assert!(parents.len() < 700, "a small hand-made file");
    fs::write(dir.path().join("kids.pdf"), kids).unwrap();
    fs::write(dir.path().join("parents.pdf"), parents).unwrap();
    fs::write(dir.path().join("good.txt"), "0323.12 g3g1\n").unwrap();
    let started = Instant::now();
    let (out, err, code) = run_in(
        dir.path(),
        &["scan", "kids.pdf", "parents.pdf", "good.txt"],
        Duration::from_secs(60),
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    assert_eq!(code, 2);
    assert_eq!(out, "good.txt:1:1: g3g1 0323.12 unchecked [kings]\n");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "gbr: kids.pdf: damaged PDF: the page tree loops: object 2 is listed among its own \
             kids",
            "gbr: parents.pdf: page 1: the page tree loops: object 3 is its own ancestor",
        ],
        "{err}"
    );
}

#[test]
fn a_form_that_draws_itself_is_an_error_for_its_page_only() {
    let dir = tempfile::tempdir().unwrap();
    let page1 = stream("", b"/X1 Do");
    let form = stream(
        "/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X1 7 0 R >> >>",
        b"q /X1 Do Q",
    );
    let page2 = stream("", SHOW_CODE);
    let file = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 2 /MediaBox [0 0 612 792] >>",
        b"<< /Type /Page /Parent 2 0 R /Resources << /XObject << /X1 7 0 R >> >> /Contents 4 0 R >>",
        &page1,
        FONT,
        format!("<< /Type /Page /Parent 2 0 R {RESOURCES} /Contents 8 0 R >>").as_bytes(),
        &form,
        &page2,
    ]);
    fs::write(dir.path().join("forms.pdf"), file).unwrap();
    let (out, err, code) = run_in(dir.path(), &["scan", "forms.pdf"], Duration::from_secs(60));
    assert_eq!(code, 2, "{err}");
    assert!(
        out.starts_with("forms.pdf:2:") && out.ends_with(": a7d3 0116.00 unchecked [kings]\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(
        err.starts_with("gbr: forms.pdf: page 1: its form XObject 7 draws itself"),
        "{err}"
    );
}

#[test]
fn a_page_without_a_media_box_is_read_at_letter_size_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let content = stream("", SHOW_CODE);
    let file = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        format!("<< /Type /Page /Parent 2 0 R {RESOURCES} /Contents 4 0 R >>").as_bytes(),
        &content,
        FONT,
    ]);
    fs::write(dir.path().join("nobox.pdf"), file).unwrap();
    let (out, err, code) = run_in(dir.path(), &["scan", "nobox.pdf"], Duration::from_secs(60));
    assert!(
        out.starts_with("nobox.pdf:1:") && out.ends_with(": a7d3 0116.00 unchecked [kings]\n"),
        "{out}"
    );
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(code, 0, "{err}");
}

/// Runs `gbr ARGS` in `dir` with its address space limited to `bytes`
/// (`setrlimit(RLIMIT_AS)` in the child), killed after `limit`.
#[cfg(unix)]
pub(super) fn run_capped(
    dir: &Path,
    args: &[&str],
    bytes: u64,
    limit: Duration,
) -> (String, String, i32) {
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    let mut cmd = Command::new(crate::support::gbr::GBR);
    cmd.current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe, as pre_exec requires.
    unsafe {
        cmd.pre_exec(move || {
            let cap = libc::rlimit {
                rlim_cur: bytes,
                rlim_max: bytes,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &cap) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("run gbr");
    let started = Instant::now();
    while child.try_wait().expect("wait for gbr").is_none() {
        if started.elapsed() > limit {
            child.kill().expect("kill gbr");
            panic!("gbr {args:?} did not finish within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let output = child.wait_with_output().expect("gbr's output");
    assert!(
        output.status.code().is_some(),
        "gbr {args:?} was killed by a signal: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    streams(output)
}

#[cfg(unix)]
#[test]
fn a_flate_bomb_in_a_pdf_stops_at_max_inflate_within_a_memory_cap() {
    let dir = tempfile::tempdir().unwrap();
    // A content stream that inflates to 768 MiB from under 1 MB: the code, then spaces.
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    zlib.write_all(SHOW_CODE).unwrap();
    let spaces = vec![b' '; 1 << 20];
    for _ in 0..768 {
        zlib.write_all(&spaces).unwrap();
    }
    let bomb = stream("/Filter /FlateDecode", &zlib.finish().unwrap());
    assert!(bomb.len() < 1 << 20);
    let file = pdf(&[
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>",
        format!("<< /Type /Page /Parent 2 0 R {RESOURCES} /Contents 4 0 R >>").as_bytes(),
        &bomb,
        FONT,
    ]);
    fs::write(dir.path().join("bomb.pdf"), file).unwrap();
    fs::write(dir.path().join("good.txt"), "0323.12 g3g1\n").unwrap();
    // 512 MiB of address space: the 768 MiB the stream inflates to cannot be held.
    let (out, err, code) = run_capped(
        dir.path(),
        &["scan", "--max-inflate", "64M", "bomb.pdf", "good.txt"],
        512 << 20,
        Duration::from_secs(120),
    );
    assert_eq!(
        out, "good.txt:1:1: g3g1 0323.12 unchecked [kings]\n",
        "{err}"
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.starts_with(
            "gbr: bomb.pdf: its streams inflate past 67108864 bytes and 100x the file's"
        ),
        "{err}"
    );
}

/// Runs `gbr ARGS` in `dir` and returns its standard output and the CPU seconds it used, user
/// and system, its own alone: `wait4` on its pid, since the children of the whole test
/// process (`RUSAGE_CHILDREN`) include the other tests' runs of gbr beside this one.
#[cfg(unix)]
#[expect(
    clippy::zombie_processes,
    reason = "the child is waited for by wait4, for its own rusage"
)]
pub(super) fn cpu_of(dir: &Path, args: &[&str]) -> (String, f64) {
    let out = tempfile::NamedTempFile::new().unwrap();
    let child = std::process::Command::new(crate::support::gbr::GBR)
        .current_dir(dir)
        .args(args)
        .stdout(out.reopen().unwrap())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("run gbr");
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    let mut status = 0;
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: wait4 waits for the child spawned above and fills the struct it is given.
    let (waited, usage) = unsafe {
        let waited = libc::wait4(pid, &mut status, 0, usage.as_mut_ptr());
        (waited, usage.assume_init())
    };
    assert_eq!(waited, pid, "wait4");
    assert!(
        libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
        "gbr {args:?}"
    );
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
    let text = fs::read_to_string(out.path()).unwrap();
    (text, secs(usage.ru_utime) + secs(usage.ru_stime))
}

#[cfg(unix)]
#[test]
fn reading_a_pdf_costs_time_linear_in_its_pages() {
    let dir = tempfile::tempdir().unwrap();
    let page: &[&str] = &["Study 0116.00 a7d3", "A line of prose."];
    let mut cpu = Vec::new();
    for n in [500, 2000] {
        let pages = vec![page; n];
        let name = format!("p{n}.pdf");
        fs::write(dir.path().join(&name), pdf_of(&pages)).unwrap();
        let (out, used) = cpu_of(dir.path(), &["text", &name]);
        cpu.push(used);
        assert_eq!(out.matches("0116.00").count(), n);
    }
    // Linear: 4x the pages, about 4x the time (pages² would be 16x).
    assert!(
        cpu[1] < 8.0 * cpu[0],
        "500 pages: {:.2} s, 2,000 pages: {:.2} s",
        cpu[0],
        cpu[1]
    );
}

/// The compressed copies of a text, by format: gzip, bzip2, xz, zstd.
/// Compresses bytes.
type Compress = fn(&[u8]) -> Vec<u8>;

const FORMATS: [(&str, Compress); 4] = [
    ("gz", archives::gzip),
    ("bz2", archives::bzip2),
    ("xz", archives::xz),
    ("zst", archives::zstd),
];

#[test]
fn members_one_after_another_are_read_and_trailing_garbage_is_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    for (ext, compress) in FORMATS {
        let first = compress(b"0116.00 a7d3\n");
        let second = compress(b"0323.12 g3g1\n");
        let both = [&first[..], &second[..]].concat();
        let name = format!("both.{ext}");
        fs::write(dir.path().join(&name), &both).unwrap();
        let (out, err, code) = run_in(dir.path(), &["scan", &name], Duration::from_secs(60));
        let expected = format!(
            "{name}:1:1: a7d3 0116.00 unchecked [kings]\n\
             {name}:2:1: g3g1 0323.12 unchecked [kings]\n"
        );
        assert_eq!((out.as_str(), code), (expected.as_str(), 0));
        assert!(!err.contains("gbr:"), "{err}");
        let name = format!("junk.{ext}");
        fs::write(dir.path().join(&name), [&both[..], b"junk"].concat()).unwrap();
        let (out, err, code) = run_in(dir.path(), &["scan", &name], Duration::from_secs(60));
        assert_eq!(out, expected.replace("both", "junk"));
        assert_eq!(
            err.lines().next(),
            Some(
                format!(
                    "gbr: {name}: decompression OK, trailing garbage ignored from byte {} on",
                    both.len()
                )
                .as_str()
            )
        );
        assert_eq!(code, 2);
    }
}

#[test]
fn a_truncated_compressed_file_keeps_the_codes_before_the_break() {
    let dir = tempfile::tempdir().unwrap();
    // 1 MB of varied lines after the code, so that the break comes well after it.
    let mut text = b"0116.00 a7d3\n".to_vec();
    for i in 0..40_000u32 {
        writeln!(text, "line {i} of prose, {}", i.wrapping_mul(2_654_435_761)).unwrap();
    }
    for (ext, compress) in FORMATS {
        let packed = compress(&text);
        let name = format!("cut.{ext}");
        fs::write(dir.path().join(&name), &packed[..packed.len() * 9 / 10]).unwrap();
        let (out, err, code) = run_in(dir.path(), &["scan", &name], Duration::from_secs(60));
        assert_eq!(
            out,
            format!("{name}:1:1: a7d3 0116.00 unchecked [kings]\n"),
            "{err}"
        );
        assert!(
            err.starts_with(&format!("gbr: {name}: cannot read: ")),
            "{err}"
        );
        assert_eq!(code, 2);
    }
}

/// A small xorshift generator: the same mutations on every run.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// `bytes` cut short, with bytes flipped, a range overwritten, or a range repeated.
fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(out.len());
        match rng.below(4) {
            0 => out.truncate(at),
            1 => {
                for _ in 0..=rng.below(8) {
                    let i = rng.below(out.len());
                    if let Some(b) = out.get_mut(i) {
                        *b ^= 1 << rng.below(8);
                    }
                }
            }
            2 => {
                let len = rng.below(64).min(out.len() - at.min(out.len()));
                for b in &mut out[at..at + len] {
                    *b = rng.next() as u8;
                }
            }
            _ => {
                let len = rng.below(256).min(out.len() - at.min(out.len()));
                let copy = out[at..at + len].to_vec();
                let to = rng.below(out.len());
                out.splice(to..to, copy);
            }
        }
        if out.is_empty() {
            break;
        }
    }
    out
}

/// Reads every text of `path` through the input layer, as the scanner does.
fn read_all(path: &Path) {
    use gbrscan::input::{InputPath, OpenOptions, Opened, Text, open};
    let opts = OpenOptions::default();
    if let Ok(Opened::Source(source)) = open(&InputPath::File(path.to_path_buf()), &opts) {
        let _problems = source.visit(&opts, &mut |member| {
            if let Text::Stream(reader) = member.text {
                std::io::copy(reader, &mut std::io::sink())?;
            }
            Ok(std::ops::ControlFlow::Continue(()))
        });
    }
}

#[test]
fn mutated_containers_give_errors_never_a_panic_or_a_hang() {
    let dir = tempfile::tempdir().unwrap();
    let text = archives::TEXT.as_bytes();
    // The PDF with its streams compressed, so that mutations reach the inflater.
    let mut doc = lopdf::Document::load_mem(&archives::pdf()).unwrap();
    doc.compress();
    let mut pdf = Vec::new();
    doc.save_to(&mut pdf).unwrap();
    let tar = archives::tar(&[("a.txt", text), ("b.txt", text)]);
    let seeds: [(&str, Vec<u8>); 5] = [
        ("pdf", pdf),
        ("zip", archives::zip(&[("a.txt", text), ("b.txt", text)])),
        ("tar", tar.clone()),
        ("gz", archives::gzip(text)),
        ("tgz", archives::gzip(&tar)),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (kind, seed) in &seeds {
        for round in 0..300 {
            let mutated = mutate(seed, &mut rng);
            let path = dir.path().join(format!("{kind}-{round}"));
            fs::write(&path, &mutated).unwrap();
            let (done, finished) = std::sync::mpsc::channel();
            let reader = std::thread::spawn(move || {
                let read = std::panic::catch_unwind(|| read_all(&path));
                let _ = done.send(read.is_ok());
            });
            match finished.recv_timeout(Duration::from_secs(20)) {
                Ok(true) => {}
                Ok(false) => panic!("{kind} mutation {round} made the reader panic"),
                Err(_) => panic!("{kind} mutation {round} was not read within 20 s"),
            }
            reader.join().unwrap();
        }
    }
}
