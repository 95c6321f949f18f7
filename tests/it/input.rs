//! Integration tests of `gbrscan::input` on real files in temporary folders.

use std::error::Error;
use std::fs;
use std::path::{Path, PathBuf};
use std::slice;

use gbrscan::input::{
    BINARY_PROBE_LEN, Contents, Encoding, InputPath, LoadOptions, Loaded, SkipReason, Skipped,
    WalkOptions, load, walk, walk_with,
};
use tempfile::TempDir;

const MMAP: LoadOptions = LoadOptions {
    mmap: true,
    binary: false,
    encoding: None,
};
const NO_MMAP: LoadOptions = LoadOptions {
    mmap: false,
    binary: false,
    encoding: None,
};

/// A temporary folder holding `files` (relative path, contents), created in the order given.
#[track_caller]
fn tree(files: &[(&str, &[u8])]) -> TempDir {
    let dir = tempfile::tempdir().expect("create temporary folder");
    for (name, bytes) in files {
        let path = dir.path().join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("create folder");
        }
        fs::write(&path, bytes).expect("write file");
    }
    dir
}

#[track_caller]
fn files(root: &Path, names: &[&str]) -> Vec<InputPath> {
    names
        .iter()
        .map(|name| InputPath::File(root.join(name)))
        .collect()
}

#[track_caller]
fn load_file(path: &Path, opts: LoadOptions) -> Loaded {
    load(&InputPath::File(path.to_owned()), opts).expect("load test file")
}

/// The error and its sources joined with `: `, as the CLI prints them.
fn chain(err: &dyn Error) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(cause) = source {
        text = format!("{text}: {cause}");
        source = cause.source();
    }
    text
}

#[test]
fn walk_lists_folder_entries_sorted_by_name_at_every_level() {
    let dir = tree(&[
        ("z.txt", b"z"),
        ("b/y.txt", b"y"),
        ("b/a/x.txt", b"x"),
        ("a.txt", b"a"),
        ("B.txt", b"B"),
    ]);
    let walked = walk(&[dir.path().to_owned()]);
    let expected = ["B.txt", "a.txt", "b/a/x.txt", "b/y.txt", "z.txt"];
    assert_eq!(walked.inputs, files(dir.path(), &expected));
    assert_eq!(walked.skipped, []);
}

#[test]
fn walk_keeps_arguments_in_the_order_given() {
    let dir = tree(&[("1.txt", b"1"), ("2.txt", b"2"), ("sub/3.txt", b"3")]);
    let args = ["2.txt", "sub", "-", "1.txt", "2.txt"].map(|name| match name {
        "-" => PathBuf::from("-"),
        _ => dir.path().join(name),
    });
    let mut expected = files(dir.path(), &["2.txt", "sub/3.txt"]);
    expected.push(InputPath::Stdin);
    expected.extend(files(dir.path(), &["1.txt", "2.txt"]));
    assert_eq!(walk(&args).inputs, expected);
}

#[test]
fn walk_keeps_hidden_files_and_ignores_gitignore_rules() {
    let dir = tree(&[
        (".gitignore", b"*.txt\n"),
        (".hidden.txt", b"h"),
        ("shown.txt", b"s"),
    ]);
    let walked = walk(&[dir.path().to_owned()]);
    let expected = [".gitignore", ".hidden.txt", "shown.txt"];
    assert_eq!(walked.inputs, files(dir.path(), &expected));
}

#[test]
fn walk_skips_missing_path_with_not_found_and_goes_on() {
    let dir = tree(&[("a.txt", b"a")]);
    let missing = dir.path().join("missing.txt");
    let walked = walk(&[missing.clone(), dir.path().join("a.txt")]);
    assert_eq!(walked.inputs, files(dir.path(), &["a.txt"]));
    let expected = Skipped {
        path: missing,
        reason: SkipReason::NotFound,
    };
    assert_eq!(walked.skipped, [expected]);
}

#[cfg(unix)]
#[test]
fn walk_skips_links_inside_folders_unless_asked_to_follow_them() {
    use std::os::unix::fs::symlink;
    let dir = tree(&[
        ("data/a.txt", b"a"),
        ("other/b.txt", b"b"),
        ("outside.txt", b"o"),
    ]);
    let data = dir.path().join("data");
    symlink(dir.path().join("outside.txt"), data.join("file-link")).expect("link file");
    symlink(dir.path().join("other"), data.join("dir-link")).expect("link folder");
    symlink(data.join("gone"), data.join("broken-link")).expect("link nothing");
    symlink(&data, data.join("loop")).expect("link to the folder itself");
    let walked = walk(slice::from_ref(&data));
    assert_eq!(walked.inputs, files(&data, &["a.txt"]));
    let skipped = [
        (data.join("broken-link"), SkipReason::BrokenSymlink),
        (data.join("dir-link"), SkipReason::SymlinkToDirectory),
        (data.join("file-link"), SkipReason::Symlink),
        (data.join("loop"), SkipReason::SymlinkToDirectory),
    ]
    .map(|(path, reason)| Skipped { path, reason });
    assert_eq!(walked.skipped, skipped);
    // -L: both links followed, the loop reported, the broken link too.
    let follow = WalkOptions {
        follow: true,
        ..WalkOptions::default()
    };
    let walked = walk_with(slice::from_ref(&data), &follow).unwrap();
    assert_eq!(
        walked.inputs,
        files(&data, &["a.txt", "dir-link/b.txt", "file-link"])
    );
    let reasons: Vec<_> = walked.skipped.iter().map(|s| s.path.clone()).collect();
    assert_eq!(reasons, [data.join("broken-link"), data.join("loop")]);
}

#[cfg(unix)]
#[test]
fn walk_follows_linked_directory_given_as_argument() {
    let dir = tree(&[("other/b.txt", b"b")]);
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(dir.path().join("other"), &link).expect("link folder");
    assert_eq!(
        walk(slice::from_ref(&link)).inputs,
        files(&link, &["b.txt"])
    );
}

#[cfg(unix)]
#[test]
fn walk_skips_broken_link_given_as_argument() {
    let dir = tree(&[]);
    let link = dir.path().join("link");
    std::os::unix::fs::symlink(dir.path().join("gone"), &link).expect("link nothing");
    let walked = walk(slice::from_ref(&link));
    assert_eq!(walked.inputs, []);
    let expected = Skipped {
        path: link,
        reason: SkipReason::BrokenSymlink,
    };
    assert_eq!(walked.skipped, [expected]);
}

#[cfg(unix)]
#[track_caller]
fn make_fifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("run mkfifo");
    assert!(status.success(), "mkfifo failed: {status}");
}

#[cfg(unix)]
#[test]
fn walk_skips_fifo_inside_folder_as_special_file() {
    let dir = tree(&[("a.txt", b"a")]);
    let fifo = dir.path().join("pipe");
    make_fifo(&fifo);
    let walked = walk(&[dir.path().to_owned()]);
    assert_eq!(walked.inputs, files(dir.path(), &["a.txt"]));
    let expected = Skipped {
        path: fifo,
        reason: SkipReason::SpecialFile,
    };
    assert_eq!(walked.skipped, [expected]);
}

#[cfg(unix)]
#[test]
fn fifo_given_as_argument_is_an_input_read_without_mmap() {
    let dir = tree(&[]);
    let fifo = dir.path().join("pipe");
    make_fifo(&fifo);
    let walked = walk(slice::from_ref(&fifo));
    assert_eq!(walked.inputs, [InputPath::File(fifo.clone())]);
    // Opening a FIFO blocks until both ends are open, so the writer runs on its own thread.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || fs::write(fifo, b"=0323.12 g3g1"))
    };
    let loaded = load_file(&fifo, MMAP);
    writer
        .join()
        .expect("writer thread")
        .expect("write to FIFO");
    assert!(matches!(loaded.bytes, Contents::Owned(_)));
    assert_eq!(&*loaded.bytes, b"=0323.12 g3g1");
}

#[test]
fn load_of_missing_file_is_an_open_error_naming_the_path() {
    let dir = tree(&[]);
    let path = dir.path().join("x.txt");
    let err = load(&InputPath::File(path.clone()), MMAP).expect_err("missing file");
    let expected = format!(
        "cannot open {}: No such file or directory (os error 2)",
        path.display()
    );
    assert_eq!(chain(&err), expected);
}

#[cfg(target_os = "linux")]
#[test]
fn load_of_directory_is_a_read_error_naming_the_path() {
    let dir = tree(&[]);
    for opts in [MMAP, NO_MMAP] {
        let err = load(&InputPath::File(dir.path().to_owned()), opts).expect_err("directory");
        let expected = format!(
            "cannot read {}: Is a directory (os error 21)",
            dir.path().display()
        );
        assert_eq!(chain(&err), expected);
    }
}

#[test]
fn load_of_empty_file_gives_empty_owned_bytes() {
    let dir = tree(&[("empty.txt", b"")]);
    for opts in [MMAP, NO_MMAP] {
        let loaded = load_file(&dir.path().join("empty.txt"), opts);
        assert!(matches!(loaded.bytes, Contents::Owned(_)));
        assert_eq!(&*loaded.bytes, b"");
        assert_eq!((loaded.encoding, loaded.binary), (Encoding::Bytes, false));
    }
}

#[test]
fn mmap_and_no_mmap_give_identical_bytes() {
    let text: Vec<u8> = (0..gbrscan::input::MMAP_MIN_LEN as u32)
        .map(|i| b"0323.12 g3g1\n"[i as usize % 13])
        .collect();
    let dir = tree(&[("big.txt", &text), ("small.txt", &text[..text.len() - 1])]);
    // SAFETY: the test program installs no SIGBUS handler of its own, and nothing changes the
    // file while it is mapped. Files are mapped only once a program allows it.
    assert!(unsafe { gbrscan::input::enable_mmap() });
    let mapped = load_file(&dir.path().join("big.txt"), MMAP);
    let read = load_file(&dir.path().join("big.txt"), NO_MMAP);
    assert!(matches!(mapped.bytes, Contents::Mapped(_)));
    assert!(matches!(read.bytes, Contents::Owned(_)));
    assert_eq!(&*mapped.bytes, &text[..]);
    assert_eq!(&*read.bytes, &text[..]);
    // One byte under the threshold, a file is read even when mapping is asked for.
    let small = load_file(&dir.path().join("small.txt"), MMAP);
    assert!(matches!(small.bytes, Contents::Owned(_)));
    assert_eq!(&*small.bytes, &text[..text.len() - 1]);
}

/// The resident size in KiB (`/proc/self/smaps`, `Rss`) of the mapping holding `address`.
#[cfg(target_os = "linux")]
fn resident_kib(address: usize) -> u64 {
    let smaps = fs::read_to_string("/proc/self/smaps").expect("Linux has /proc/self/smaps");
    let mut inside = false;
    for line in smaps.lines() {
        let range = line.split_once(' ').and_then(|(r, _)| r.split_once('-'));
        if let Some((from, to)) = range
            && let (Ok(from), Ok(to)) = (
                usize::from_str_radix(from, 16),
                usize::from_str_radix(to, 16),
            )
        {
            inside = (from..to).contains(&address);
        } else if inside && let Some(rss) = line.strip_prefix("Rss:") {
            let kib = rss.trim().trim_end_matches("kB").trim();
            return kib.parse().expect("Rss in kB");
        }
    }
    panic!("no mapping holds {address:#x}");
}

#[cfg(target_os = "linux")]
#[test]
fn released_pages_leave_the_process_and_read_back_as_the_files_bytes() {
    let text: Vec<u8> = (0..2 * gbrscan::input::MMAP_MIN_LEN as u32)
        .map(|i| b"0323.12 g3g1\n"[i as usize % 13])
        .collect();
    let dir = tree(&[("big.txt", &text)]);
    // SAFETY: as in `mmap_and_no_mmap_give_identical_bytes`.
    assert!(unsafe { gbrscan::input::enable_mmap() });
    let mapped = load_file(&dir.path().join("big.txt"), MMAP);
    assert!(matches!(mapped.bytes, Contents::Mapped(_)));
    let address = mapped.bytes.as_ptr() as usize;
    // Every page read is mapped into the process.
    assert_eq!(&*mapped.bytes, &text[..]);
    let read = resident_kib(address);
    assert!(read >= 1024, "{read} KiB resident of 2,048 read");
    // Released in two ranges, the second from an offset inside a page: the pages leave the
    // process.
    let half = text.len() / 2 + 7;
    mapped.bytes.release(0..half);
    mapped.bytes.release(half..text.len());
    let released = resident_kib(address);
    assert!(released <= 8, "{released} KiB resident after the release");
    // Read again, they are the file's bytes.
    assert_eq!(&*mapped.bytes, &text[..]);
    // A range past the map, or empty, is no advice at all.
    mapped.bytes.release(0..text.len() + 1);
    mapped.bytes.release(half..half);
    assert!(resident_kib(address) >= 1024);
    assert_eq!(&*mapped.bytes, &text[..]);
}

/// The address and capacity (bytes) of the buffer of bytes read into memory.
fn buffer(contents: &Contents) -> (*const u8, usize) {
    match contents {
        Contents::Owned(bytes) => (bytes.as_ptr(), bytes.capacity()),
        Contents::Mapped(_) => panic!("the test's files are read, not mapped"),
    }
}

#[test]
fn a_recycled_buffer_is_read_into_next_and_holds_only_the_next_files_bytes() {
    let long = b"0323.12 g3g1 and a caption longer than the next file".repeat(40);
    let dir = tree(&[
        ("long.txt", &long),
        ("short.txt", b"0010.01"),
        ("longer.txt", &long.repeat(2)),
    ]);
    let first = load_file(&dir.path().join("long.txt"), NO_MMAP);
    let at = buffer(&first.bytes);
    gbrscan::input::recycle(first.bytes);
    // The next file read on this thread is read into the same buffer, and holds no byte of the
    // file before it.
    let short = load_file(&dir.path().join("short.txt"), NO_MMAP);
    assert_eq!(buffer(&short.bytes), at);
    assert_eq!(&*short.bytes, b"0010.01");
    // The spare kept is the larger: the long file's buffer, not the short file's bytes.
    gbrscan::input::recycle(short.bytes);
    let again = load_file(&dir.path().join("long.txt"), NO_MMAP);
    assert_eq!(buffer(&again.bytes), at);
    assert_eq!(&*again.bytes, &long[..]);
    gbrscan::input::recycle(again.bytes);
    // A file longer than the spare is read whole into a new buffer.
    let longer = load_file(&dir.path().join("longer.txt"), NO_MMAP);
    assert_eq!(&*longer.bytes, &long.repeat(2)[..]);
    // A buffer over 4 MiB is not kept: the next read does not take it.
    let huge = Contents::Owned(Vec::with_capacity(5 << 20));
    let huge_at = buffer(&huge);
    gbrscan::input::recycle(huge);
    let next = load_file(&dir.path().join("short.txt"), NO_MMAP);
    assert_ne!(buffer(&next.bytes), huge_at);
    assert_eq!(&*next.bytes, b"0010.01");
}

#[test]
fn load_decodes_utf16le_with_bom_to_exact_utf8() {
    let mut raw = vec![0xFF, 0xFE];
    raw.extend(
        "Kg1 \u{2654} 0323.12"
            .encode_utf16()
            .flat_map(u16::to_le_bytes),
    );
    let dir = tree(&[("le.txt", &raw)]);
    let loaded = load_file(&dir.path().join("le.txt"), MMAP);
    assert_eq!(&*loaded.bytes, "Kg1 \u{2654} 0323.12".as_bytes());
    assert_eq!((loaded.encoding, loaded.binary), (Encoding::Utf16Le, false));
}

#[test]
fn load_decodes_utf16be_with_bom_to_exact_utf8() {
    let mut raw = vec![0xFE, 0xFF];
    raw.extend(
        "Kg1 \u{2654} 0323.12"
            .encode_utf16()
            .flat_map(u16::to_be_bytes),
    );
    let dir = tree(&[("be.txt", &raw)]);
    let loaded = load_file(&dir.path().join("be.txt"), NO_MMAP);
    assert_eq!(&*loaded.bytes, "Kg1 \u{2654} 0323.12".as_bytes());
    assert_eq!((loaded.encoding, loaded.binary), (Encoding::Utf16Be, false));
}

#[test]
fn load_leaves_utf8_bom_in_place() {
    let dir = tree(&[("bom.txt", b"\xEF\xBB\xBF0323.12")]);
    let loaded = load_file(&dir.path().join("bom.txt"), MMAP);
    assert_eq!(&*loaded.bytes, b"\xEF\xBB\xBF0323.12");
    assert_eq!(loaded.encoding, Encoding::Bytes);
}

/// Whether a file of `BINARY_PROBE_LEN + 100` bytes with one NUL at `index` loads as binary.
#[track_caller]
fn binary_with_nul_at(index: usize) -> bool {
    let mut bytes = vec![b'a'; BINARY_PROBE_LEN + 100];
    bytes[index] = 0;
    let dir = tree(&[("f.bin", &bytes)]);
    let loaded = load_file(&dir.path().join("f.bin"), MMAP);
    assert_eq!(&*loaded.bytes, &bytes[..]);
    loaded.binary
}

#[test]
fn nul_at_first_byte_makes_file_binary() {
    assert!(binary_with_nul_at(0));
}

#[test]
fn nul_at_last_probed_byte_makes_file_binary() {
    assert!(binary_with_nul_at(BINARY_PROBE_LEN - 1));
}

#[test]
fn nul_just_past_probe_leaves_file_text() {
    assert!(!binary_with_nul_at(BINARY_PROBE_LEN));
}

#[test]
fn file_without_nul_is_text() {
    let dir = tree(&[("t.txt", b"=0323.12g3g1.")]);
    assert!(!load_file(&dir.path().join("t.txt"), MMAP).binary);
}

#[test]
fn binary_flag_is_taken_after_utf16_decoding() {
    let mut raw = vec![0xFF, 0xFE];
    raw.extend("0323.12".encode_utf16().flat_map(u16::to_le_bytes));
    let dir = tree(&[("le.txt", &raw)]);
    assert!(!load_file(&dir.path().join("le.txt"), MMAP).binary);
}
