//! `gbr check --write` and `--diff` (docs/reliability.md, "`gbr check --write` and `--diff`"):
//! only codes beyond doubt are fixed; a file that changes during the run is left as the other
//! program left it; links, modes, owners, hard links and encodings are kept; a kill, an input
//! that cannot be written and a full disk lose nothing; no line panics the diagnostics and no
//! control byte reaches a terminal.

#![cfg(unix)]

use std::fs;
use std::io::Write;
use std::os::unix::fs::{MetadataExt, PermissionsExt, symlink};
use std::path::{Path, PathBuf};
use std::process::{Child, Command as Process, Stdio};
use std::time::{Duration, Instant};

use super::output::leftovers;
use crate::support::Moments;

/// A caption whose W/B its squares and code decide (`3/3`), and the line it is fixed to.
const WRONG: &str = "a7d3 0116.00 b2b3c6d6 3/4+.";
const FIXED: &str = "a7d3 0116.00 b2b3c6d6 3/3+.";

/// A middle-game FEN tag: its position's code is 4878.87.
const FEN: &str = "[FEN \"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8\"]";

/// `gbr check ARGS` run in `dir`: stdout and stderr (bytes decoded lossily), exit code.
#[track_caller]
fn check_in(dir: &Path, args: &[&str]) -> (String, String, i32) {
    let out = gbr(dir, args).output().expect("run gbr");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().expect("an exit code, not a signal"),
    )
}

fn gbr(dir: &Path, args: &[&str]) -> Process {
    let mut cmd = Process::new(std::path::Path::new(crate::support::gbr::GBR));
    cmd.current_dir(dir).arg("check").args(args);
    cmd
}

/// Prose of about `len` bytes with the caption [`WRONG`] at its start and its end: mapped
/// when over 1 MiB, and a run of `gbr check` on it takes a while.
fn big(len: usize) -> Vec<u8> {
    let prose = "some prose between the studies, nothing to find here, only words and 12.5.\n";
    let mut text = format!("{WRONG}\n").into_bytes();
    while text.len() < len {
        text.extend_from_slice(prose.as_bytes());
    }
    text.extend_from_slice(format!("{WRONG}\n").as_bytes());
    text
}

/// `text` with every [`WRONG`] fixed, whatever the bytes around it.
fn fixed(text: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest
        .windows(WRONG.len())
        .position(|w| w == WRONG.as_bytes())
    {
        out.extend_from_slice(&rest[..at]);
        out.extend_from_slice(FIXED.as_bytes());
        rest = &rest[at + WRONG.len()..];
    }
    out.extend_from_slice(rest);
    out
}

#[test]
fn only_codes_beyond_doubt_are_written() {
    let dir = tempfile::tempdir().unwrap();
    // A chess blog: a rating and an engine version in PGN tags (no code at all: the scan
    // reads no number inside a tag's value, docs/reading.md), and a study database's code with
    // kings in the Black tag, which disagrees with the FEN: a code, but on a tag line.
    let blog = format!(
        "[Event \"CCRL 2118.00 blitz\"]\n[Site \"CCRL\"]\n[White \"Komodo 2118.00\"]\n\
         [Black \"(+4878.86e1g8) TT\"]\n[Result \"1/2-1/2\"]\n{FEN}\n\n8. Bd3 dxc4 1/2-1/2\n"
    );
    fs::write(dir.path().join("blog.txt"), &blog).unwrap();
    // A bare number in prose, under the same FEN (an engine's version, `Komodo 2118.00`, is no
    // code at all, docs/reading.md); a look-alike with nothing beside it.
    let prose = format!(
        "In this chess game we reached 2118.00 with 8. Bd3 dxc4 9. Bxc4 and drew.\n{FEN}\n\
         \n\n\n\n\n\nA price of 0l16.00 euros.\n"
    );
    fs::write(dir.path().join("prose.txt"), &prose).unwrap();
    // A caption (kings, code, squares, W/B, sign), and a look-alike with kings and W/B.
    let caption = format!("{WRONG}\n\nf1h1 0OO1.04 2/5 Win\n");
    fs::write(dir.path().join("caption.txt"), &caption).unwrap();

    // The board of gbr-notation.md §7's font over a code whose rook digit counts the white rook as
    // black: bare (not written), and with a sign on the line above it (written).
    let board = "XIIIIIIIIY\n9-+-+k+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9zp-+-+-+-0\n\
                 9-+-+L+-+0\n9+-+-+-+-0\n9-+-+-+-+0\n9+-mK-+-+R0\n";
    fs::write(
        dir.path().join("under.txt"),
        format!("No 2\n{board}0310.01\n"),
    )
    .unwrap();
    fs::write(
        dir.path().join("signed.txt"),
        format!("No 2\n{board}+\n0310.01\n"),
    )
    .unwrap();
    let all = [
        "blog.txt",
        "prose.txt",
        "caption.txt",
        "under.txt",
        "signed.txt",
    ];
    // The copies do decide each of them: each diagnostic has its one fix.
    let (json, _, _) = check_in(dir.path(), &[&["--json"][..], &all].concat());
    let fixes: Vec<String> = json
        .lines()
        .filter(|l| l.contains("\"fixes\":[{"))
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            format!(
                "{}:{} {} {}",
                v["path"].as_str().unwrap(),
                v["line"],
                v["fixes"][0]["replacement"].as_str().unwrap(),
                v["unwritten"].as_str().unwrap_or("written")
            )
        })
        .collect();
    let pgn = "it stands in a PGN tag (Black), whose numbers are names, ratings or versions";
    let bare = "a bare code, with no kings, squares, W/B, sign or stipulation beside it, may be a \
                rating, a version or a price";
    let no_code = "the text fixed is not read as a code";
    assert_eq!(
        fixes,
        [
            format!("blog.txt:4 4878.87 {pgn}"),
            format!("prose.txt:1 4878.87 {bare}"),
            "caption.txt:1 3/3 written".to_string(),
            format!("under.txt:11 0110.01 {bare}"),
            "signed.txt:12 0110.01 written".to_string(),
            format!("prose.txt:9 0116.00 {no_code}"),
            "caption.txt:3 0001.04 written".to_string(),
        ],
        "{json}"
    );

    let (diff, err, code) = check_in(dir.path(), &[&["--diff"][..], &all].concat());
    assert_eq!(code, 1);
    assert_eq!(
        diff,
        format!(
            "--- a/caption.txt\n+++ b/caption.txt\n@@ -1,3 +1,3 @@\n-{WRONG}\n+{FIXED}\n \n\
             -f1h1 0OO1.04 2/5 Win\n+f1h1 0001.04 2/5 Win\n\
             --- a/signed.txt\n+++ b/signed.txt\n@@ -9,4 +9,4 @@\n 9-+-+-+-+0\n 9+-mK-+-+R0\n \
             +\n-0310.01\n+0110.01\n"
        )
    );
    assert_eq!(
        err,
        format!(
            "gbr: blog.txt:4:11: `4878.87` not written: {pgn}\n\
             gbr: prose.txt:1:31: `4878.87` not written: {bare}\n\
             gbr: under.txt:11:1: `0110.01` not written: {bare}\n\
             gbr: prose.txt:9:12: `0116.00` not written: {no_code}\n"
        )
    );
    let (out, _, code) = check_in(dir.path(), &[&["--write"][..], &all].concat());
    assert_eq!(
        (out.as_str(), code),
        (
            "caption.txt: 2 fixes applied\nsigned.txt: 1 fixes applied\n",
            1
        )
    );
    assert!(
        fs::read_to_string(dir.path().join("under.txt"))
            .unwrap()
            .ends_with("\n0310.01\n")
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("blog.txt")).unwrap(),
        blog
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("prose.txt")).unwrap(),
        prose
    );
    // The diagnostic itself says why.
    let (text, _, _) = check_in(dir.path(), &["--color", "never", "blog.txt"]);
    assert!(
        text.contains(&format!(
            "= note: --write and --diff leave this fix out: {pgn}\n"
        )),
        "{text}"
    );
}

/// The PID's system call and first argument, as /proc tells them (Linux).
fn syscall(pid: u32) -> Option<(String, String)> {
    let line = fs::read_to_string(format!("/proc/{pid}/syscall")).ok()?;
    let mut fields = line.split_whitespace();
    Some((fields.next()?.to_string(), fields.next()?.to_string()))
}

/// Waits until `child` is blocked reading its standard input: it has read the inputs before
/// `-`. Where /proc does not tell, waits a second.
fn wait_for_stdin_read(child: &Child) {
    // read(2)'s number.
    let read = if cfg!(target_arch = "aarch64") {
        "63"
    } else {
        "0"
    };
    let began = Instant::now();
    while began.elapsed() < Duration::from_secs(20) {
        match syscall(child.id()) {
            Some((nr, fd)) if nr == read && fd == "0x0" => return,
            Some(_) => std::thread::sleep(Duration::from_millis(5)),
            None => {
                std::thread::sleep(Duration::from_secs(1));
                return;
            }
        }
    }
    panic!("gbr never read its standard input");
}

/// Runs `gbr check --write FILE -`, lets `change` act on FILE once gbr has read it (and waits
/// on its standard input), then ends the standard input: stderr and exit code.
fn changed_during_the_run(file: &Path, change: impl FnOnce(&Path)) -> (String, i32) {
    let mut child = gbr(file.parent().unwrap(), &["--write", arg(file), "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start gbr");
    wait_for_stdin_read(&child);
    change(file);
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("reap gbr");
    (
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().expect("an exit code"),
    )
}

fn arg(path: &Path) -> &str {
    path.to_str().expect("UTF-8 temporary path")
}

/// What another program does to the file while gbr runs.
#[derive(Debug, Clone, Copy)]
enum Change {
    /// Cut to half its length.
    Truncate,
    /// A line added at its end.
    Append,
    /// Its first four bytes written over, its length kept.
    Rewrite,
}

const APPENDED: &[u8] = b"a line appended by another program\n";

impl Change {
    fn apply(self, path: &Path) {
        let mut file = fs::OpenOptions::new()
            .write(true)
            .append(matches!(self, Change::Append))
            .open(path)
            .unwrap();
        match self {
            Change::Truncate => file.set_len(file.metadata().unwrap().len() / 2).unwrap(),
            Change::Append => file.write_all(APPENDED).unwrap(),
            Change::Rewrite => file.write_all(b"A7D3").unwrap(),
        }
    }

    /// `text` as the change leaves it.
    fn of(self, text: &[u8]) -> Vec<u8> {
        match self {
            Change::Truncate => text[..text.len() / 2].to_vec(),
            Change::Append => [text, APPENDED].concat(),
            Change::Rewrite => [b"A7D3", &text[4..]].concat(),
        }
    }
}

#[test]
fn a_file_changed_during_the_run_is_not_written_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("issue.txt");
    // Mapped (over 1 MiB), and small.
    for text in [big(2 << 20), big(4 << 10)] {
        for change in [Change::Truncate, Change::Append, Change::Rewrite] {
            fs::write(&file, &text).unwrap();
            let (err, code) = changed_during_the_run(&file, |p| change.apply(p));
            // What the other program left, untouched.
            let now = fs::read(&file).unwrap();
            assert!(
                now == change.of(&text),
                "{change:?} ({} bytes): the file was written over: {err}",
                text.len()
            );
            assert_eq!(code, 2, "{change:?}: {err}");
            let name = arg(&file);
            assert!(
                err.contains(&format!("gbr: {name}: changed since it was read")),
                "{change:?}: {err}"
            );
        }
    }
}

/// Truncated at moments spread over the run, a mapped file is never written back with the
/// zeros the SIGBUS guard reads past its new end, nor at its old length: it is left as the
/// truncation left it (exit 2, the file named), or the truncation came after the rename (on the
/// new file, or on the replaced one when the test opened it before the rename).
#[test]
#[cfg(target_os = "linux")]
fn a_file_truncated_at_any_moment_is_never_written_back_with_zeros() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("big.txt");
    let text = big(3 << 20);
    let done = fixed(&text);
    fs::write(&file, &text).unwrap();
    let began = Instant::now();
    let (_, _, code) = check_in(dir.path(), &["--write", "big.txt"]);
    let whole = began.elapsed();
    assert_eq!(code, 1);
    assert_eq!(fs::read(&file).unwrap(), done);
    let mut moments = Moments(7);
    let mut refused = 0;
    for round in 0..16 {
        fs::write(&file, &text).unwrap();
        let child = gbr(dir.path(), &["--write", "big.txt"])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(whole.mul_f64(moments.next()));
        let cut = (text.len() as f64 * (0.1 + 0.8 * moments.next())) as usize;
        fs::OpenOptions::new()
            .write(true)
            .open(&file)
            .and_then(|f| f.set_len(cut as u64))
            .unwrap();
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let now = fs::read(&file).unwrap();
        assert!(!now.contains(&0), "round {round}: NUL bytes written: {err}");
        match out.status.code() {
            Some(2) => {
                refused += 1;
                assert!(
                    err.starts_with("gbr: big.txt: changed "),
                    "round {round}: {err}"
                );
                assert_eq!(
                    now,
                    text[..cut],
                    "round {round}: not as the truncation left it"
                );
            }
            // Read, fixed and renamed before the cut, or read after it; or the file was
            // opened for the cut before the rename and cut after it: the cut fell on the
            // replaced file, and the path holds the whole fixed text.
            Some(1) => assert!(
                now == done[..cut] || now == fixed(&text[..cut]) || now == done,
                "round {round}: {} bytes, cut at {cut}: {err}",
                now.len()
            ),
            other => panic!("round {round}: {other:?}: {err}"),
        }
    }
    assert!(refused > 0, "no truncation fell inside a run");
    eprintln!("{refused} of 16 truncations fell between read and rename");
}

#[test]
fn a_link_a_mode_an_owner_and_the_encoding_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // A link to a file in another folder: the file replaced, the link kept.
    fs::create_dir(d.join("real")).unwrap();
    fs::write(d.join("real/target.txt"), format!("{WRONG}\n")).unwrap();
    symlink("real/target.txt", d.join("link.txt")).unwrap();
    // Read-only: replaced as an editor replaces it, and still read-only.
    fs::write(d.join("readonly.txt"), format!("{WRONG}\n")).unwrap();
    fs::set_permissions(d.join("readonly.txt"), fs::Permissions::from_mode(0o444)).unwrap();
    // UTF-16 with its byte order mark, both byte orders.
    let utf16 = |text: &str, le: bool| -> Vec<u8> {
        let mut bytes = if le {
            vec![0xFF, 0xFE]
        } else {
            vec![0xFE, 0xFF]
        };
        for unit in text.encode_utf16() {
            bytes.extend(if le {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            });
        }
        bytes
    };
    let words = format!("Étude n° 1\r\n{WRONG}\r\n");
    fs::write(d.join("le.txt"), utf16(&words, true)).unwrap();
    fs::write(d.join("be.txt"), utf16(&words, false)).unwrap();
    // A UTF-8 byte order mark, CRLF, Latin-1 bytes and a line with no end.
    let latin1 = [
        &b"\xEF\xBB\xBF\xC9tude\r\n"[..],
        WRONG.as_bytes(),
        b" J\xf6rg\r\nend",
    ]
    .concat();
    fs::write(d.join("bom.txt"), &latin1).unwrap();
    let as_root = is_root();
    if as_root {
        std::os::unix::fs::chown(d.join("readonly.txt"), Some(1234), Some(5678)).unwrap();
    } else {
        println!("skipped: the owner is kept only when gbr runs as root");
    }
    // The link's target given too: one file, written once.
    let files = [
        "link.txt",
        "real/target.txt",
        "readonly.txt",
        "le.txt",
        "be.txt",
        "bom.txt",
    ];
    let (out, err, code) = check_in(d, &[&["--write"][..], &files].concat());
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        "link.txt: 1 fixes applied\nreal/target.txt: the same file as an input before it, fixed \
         once\nreadonly.txt: 1 fixes applied\nle.txt: 1 fixes applied\nbe.txt: 1 fixes \
         applied\nbom.txt: 1 fixes applied\n",
        "{err}"
    );
    let fixed_line = format!("{FIXED}\n");
    // A diff of it once, as patch applies it once.
    fs::write(d.join("again.txt"), format!("{WRONG}\n")).unwrap();
    let (diff, err, _) = check_in(d, &["--diff", "again.txt", "./again.txt"]);
    assert_eq!(diff.matches("+++ ").count(), 1, "{diff}");
    assert_eq!(
        err,
        "gbr: ./again.txt: the same file as an input before it, in the diff once\n"
    );
    fs::remove_file(d.join("again.txt")).unwrap();
    assert!(
        fs::symlink_metadata(d.join("link.txt"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        fs::read_to_string(d.join("real/target.txt")).unwrap(),
        fixed_line
    );
    assert_eq!(leftovers(&d.join("real")), ["target.txt"]);
    let meta = fs::metadata(d.join("readonly.txt")).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o444);
    assert_eq!(
        fs::read_to_string(d.join("readonly.txt")).unwrap(),
        fixed_line
    );
    if as_root {
        assert_eq!((meta.uid(), meta.gid()), (1234, 5678));
    }
    let words_fixed = words.replace(WRONG, FIXED);
    assert_eq!(
        fs::read(d.join("le.txt")).unwrap(),
        utf16(&words_fixed, true)
    );
    assert_eq!(
        fs::read(d.join("be.txt")).unwrap(),
        utf16(&words_fixed, false)
    );
    assert_eq!(fs::read(d.join("bom.txt")).unwrap(), fixed(&latin1));
    assert_eq!(
        leftovers(d),
        [
            "be.txt",
            "bom.txt",
            "le.txt",
            "link.txt",
            "readonly.txt",
            "real"
        ]
    );
    // A lone surrogate decodes to U+FFFD, which would be written back in its place: refused.
    let lone = [
        utf16(&format!("{WRONG}\n"), true),
        vec![0x00, 0xD8, b'x', 0],
    ]
    .concat();
    fs::write(d.join("lone.txt"), &lone).unwrap();
    let (_, err, code) = check_in(d, &["--write", "lone.txt"]);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "gbr: lone.txt: not written: its UTF-16 does not decode and encode back to the same \
         bytes (a lone surrogate or an odd byte)\n"
    );
    assert_eq!(fs::read(d.join("lone.txt")).unwrap(), lone);
}

fn is_root() -> bool {
    fs::read_to_string("/proc/self/status")
        .map(|s| {
            s.lines()
                .any(|l| l.starts_with("Uid:") && l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

#[test]
fn a_hard_link_is_not_broken() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = format!("{WRONG}\n");
    fs::write(d.join("one.txt"), &text).unwrap();
    fs::hard_link(d.join("one.txt"), d.join("two.txt")).unwrap();
    let (out, err, code) = check_in(d, &["--write", "one.txt"]);
    assert_eq!((out.as_str(), code), ("", 2));
    assert_eq!(
        err,
        "gbr: one.txt: not written: it has 2 hard links, which replacing it would part from \
         it (see the fixes with --diff)\n"
    );
    assert_eq!(fs::read_to_string(d.join("two.txt")).unwrap(), text);
    assert_eq!(fs::metadata(d.join("one.txt")).unwrap().nlink(), 2);
}

/// `gbr check --write a.txt m.zip p.pdf h.txt c.txt`: the member, the page and the file with
/// two links are each said and left, and c.txt is still fixed.
#[test]
fn an_input_that_cannot_be_written_does_not_stop_the_others() {
    use crate::support::archives;
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = format!("{WRONG}\n");
    for name in ["a.txt", "h.txt", "c.txt"] {
        fs::write(d.join(name), &text).unwrap();
    }
    fs::hard_link(d.join("h.txt"), d.join("h2.txt")).unwrap();
    archives::put(d, "m.zip", &archives::zip(&[("eg.txt", text.as_bytes())]));
    let (out, err, code) = check_in(d, &["--write", "a.txt", "m.zip", "h.txt", "c.txt"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(out, "a.txt: 1 fixes applied\nc.txt: 1 fixes applied\n");
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "gbr: cannot write fixes to m.zip!/eg.txt: only a plain file can be changed (use --diff)",
            "gbr: h.txt: not written: it has 2 hard links, which replacing it would part from it (see the fixes with --diff)",
        ]
    );
    assert_eq!(
        fs::read_to_string(d.join("c.txt")).unwrap(),
        format!("{FIXED}\n")
    );
    assert_eq!(fs::read_to_string(d.join("h.txt")).unwrap(), text);
}

/// Killed at moments spread over its run, and the moment a new name shows in the folder,
/// `gbr check --write` leaves every file as it was or fixed, and no temporary file.
#[test]
#[cfg(target_os = "linux")]
fn a_killed_write_leaves_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let names: Vec<String> = (0..40).map(|i| format!("f{i:02}.txt")).collect();
    let text = big(64 << 10);
    let done = fixed(&text);
    let reset = || {
        for name in &names {
            fs::write(d.join(name), &text).unwrap();
        }
    };
    let mut args = vec!["--write"];
    args.extend(names.iter().map(String::as_str));
    reset();
    let began = Instant::now();
    assert_eq!(check_in(d, &args).2, 1);
    let whole = began.elapsed();
    let mut left = Vec::new();
    for round in 0..12 {
        reset();
        let mut child = gbr(d, &args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        if round % 2 == 0 {
            // Killed as soon as any name other than the inputs shows (a temporary file).
            let until = Instant::now() + whole * 2;
            while Instant::now() < until {
                if leftovers(d).len() > names.len() {
                    break;
                }
                if child.try_wait().unwrap().is_some() {
                    break;
                }
            }
        } else {
            std::thread::sleep(whole.mul_f64(round as f64 / 12.0));
        }
        let _ = child.kill();
        child.wait().unwrap();
        for name in &names {
            let now = fs::read(d.join(name)).unwrap();
            assert!(
                now == text || now == done,
                "round {round}: {name} half written"
            );
        }
        left.extend(leftovers(d).into_iter().filter(|n| !names.contains(n)));
    }
    // A name shows only between the link and the rename of the unnamed temporary file; the
    // next run removes what a kill left there.
    assert!(
        left.iter()
            .all(|n| n.starts_with(".gbr-") && n.ends_with(".tmp")),
        "left behind: {left:?}"
    );
    reset();
    check_in(d, &args);
    let mut now = leftovers(d);
    now.retain(|n| !names.contains(n));
    assert!(now.is_empty(), "left after the next run: {now:?}");
}

/// Unmounts a tmpfs when dropped.
struct Mounted(PathBuf);

impl Drop for Mounted {
    fn drop(&mut self) {
        let _ = Process::new("umount").arg(&self.0).status();
    }
}

#[test]
#[cfg(target_os = "linux")]
fn no_space_left_on_device_names_the_file_and_keeps_it() {
    let dir = tempfile::tempdir().unwrap();
    let mount = dir.path().join("small");
    fs::create_dir(&mount).unwrap();
    let mounted = Process::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&mount)
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        println!("skipped: cannot mount a 64 KiB tmpfs (needs root and CAP_SYS_ADMIN)");
        return;
    }
    let _unmount = Mounted(mount.clone());
    // 40 KiB: a second copy does not fit in 64 KiB.
    let text = big(40 << 10);
    let file = mount.join("issue.txt");
    fs::write(&file, &text).unwrap();
    fs::write(mount.join("other.txt"), format!("{WRONG}\n")).unwrap();
    let (out, err, code) = check_in(&mount, &["--write", "issue.txt", "other.txt"]);
    assert_eq!(code, 2, "{out}{err}");
    assert_eq!(
        err,
        "gbr: cannot write issue.txt: no space left on device\n"
    );
    assert_eq!(fs::read(&file).unwrap(), text);
    // The file after it, which fits, is still fixed.
    assert_eq!(out, "other.txt: 1 fixes applied\n");
    assert_eq!(leftovers(&mount), ["issue.txt", "other.txt"]);
}

/// The caret line under a source line: the columns of its `^`s, counted in characters.
fn carets(out: &str, source: &str) -> (usize, usize) {
    let mut lines = out.lines();
    lines
        .find(|l| l.ends_with(source))
        .unwrap_or_else(|| panic!("{source:?} in {out}"));
    let under = lines.next().unwrap();
    let chars: Vec<char> = under.chars().collect();
    let start = chars.iter().position(|c| *c == '^').unwrap();
    let end = chars.iter().rposition(|c| *c == '^').unwrap() + 1;
    (start, end)
}

/// Lines with bytes that are not UTF-8 before, inside and after the part a diagnostic
/// underlines: no panic, each byte shown as U+FFFD, and the part underlined where it stands.
#[test]
fn lines_that_are_not_utf8_are_shown_and_underlined_right() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&[u8], &str, &str); 5] = [
        (b"\xff 0l16.00\n", "\u{fffd} 0l16.00", "0l16.00"),
        (
            b"\xe9\xe9\xe9 0l16.00 \xff\n",
            "\u{fffd}\u{fffd}\u{fffd} 0l16.00 \u{fffd}",
            "0l16.00",
        ),
        (
            b"J\xf6rg: a7d3 0116.00 b2b3c6d6 3/4+. \xe9t\xe9\n",
            "J\u{fffd}rg: a7d3 0116.00 b2b3c6d6 3/4+. \u{fffd}t\u{fffd}",
            "3/4",
        ),
        (
            b"\xc3 a7d3 0116.00 b2b3c6d6 3/4+.\n",
            "\u{fffd} a7d3 0116.00 b2b3c6d6 3/4+.",
            "3/4",
        ),
        // The squares part runs over a Latin-1 no-break space.
        (
            b"a7d3 0116.00 b2\xa0b3c6d6 3/4+.\n",
            "a7d3 0116.00 b2\u{fffd}b3c6d6 3/4+.",
            "b2",
        ),
    ];
    for (bytes, shown, part) in cases {
        fs::write(dir.path().join("latin.txt"), bytes).unwrap();
        let (out, err, code) = check_in(dir.path(), &["--color", "never", "latin.txt"]);
        assert!(code == 0 || code == 1, "{shown}: exit {code}: {err}");
        let (start, end) = carets(&out, shown);
        let gutter = out
            .lines()
            .find(|l| l.ends_with(shown))
            .unwrap()
            .find('|')
            .unwrap()
            + 2;
        let at = shown.find(part).unwrap();
        let col = shown[..at].chars().count();
        assert_eq!(
            (start - gutter, end - gutter),
            (col, col + part.chars().count()),
            "{shown}:\n{out}"
        );
    }
}

/// ESC, BEL and a C1 CSI in the input: shown, not obeyed, in the diagnostics; the diff into a
/// pipe keeps the file's bytes so that `patch` applies it; the diff on a terminal shows them.
#[test]
fn control_bytes_never_reach_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let text = [
        WRONG.as_bytes(),
        b" \x1b]0;owned\x07\x1b[2J \xc2\x9b31m \xff\r\n",
        b"0l16,00 \x1b[31m\n",
    ]
    .concat();
    fs::write(d.join("esc.txt"), &text).unwrap();
    let (out, _, _) = check_in(d, &["--color", "never", "esc.txt"]);
    assert!(
        !out.contains('\x1b') && !out.contains('\x07') && !out.contains('\u{9b}'),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "{WRONG} \u{241b}]0;owned\u{2407}\u{241b}[2J \\u{{9b}}31m \u{fffd}\n"
        )),
        "{out}"
    );
    // Into a pipe: the bytes, for patch.
    let diff = gbr(d, &["--diff", "esc.txt"]).output().unwrap().stdout;
    let first_end = text.iter().position(|b| *b == b'\n').unwrap() + 1;
    let line = |sign: u8, caption: &str| {
        [
            &[sign][..],
            caption.as_bytes(),
            &text[WRONG.len()..first_end],
        ]
        .concat()
    };
    assert!(
        diff.windows(line(b'-', WRONG).len())
            .any(|w| w == line(b'-', WRONG))
    );
    assert!(
        diff.windows(line(b'+', FIXED).len())
            .any(|w| w == line(b'+', FIXED))
    );
    if Process::new("patch").arg("--version").output().is_ok() {
        let mut patch = Process::new("patch")
            .current_dir(d)
            .args(["-p1", "--binary"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        patch.stdin.take().unwrap().write_all(&diff).unwrap();
        assert!(patch.wait().unwrap().success());
        assert_eq!(fs::read(d.join("esc.txt")).unwrap(), fixed(&text));
    } else {
        println!("skipped: `patch` not found; the diff not applied");
    }
    // On a terminal (script(1) gives gbr one): shown, not obeyed.
    fs::write(d.join("esc.txt"), &text).unwrap();
    let gbr_path = std::path::Path::new(crate::support::gbr::GBR);
    let on_tty = Process::new("script")
        .current_dir(d)
        .args([
            "-qec",
            &format!("{} check --diff esc.txt", gbr_path.display()),
            "/dev/null",
        ])
        .output();
    match on_tty {
        Ok(o) if o.status.code().is_some() && !o.stdout.is_empty() => {
            let shown = String::from_utf8_lossy(&o.stdout);
            assert!(
                !shown.contains('\x1b') && !shown.contains('\x07'),
                "{shown:?}"
            );
            assert!(
                shown.contains(&format!("+{FIXED} \u{241b}]0;owned\u{2407}")),
                "{shown:?}"
            );
        }
        _ => println!("skipped: script(1) not found; the diff on a terminal not run"),
    }
}
