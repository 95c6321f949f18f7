//! What `-o` does with what stands at its path: a FIFO is written in place, a symbolic link is
//! followed and its target replaced, an existing file keeps its permissions.

#![cfg(unix)]

use std::fs;
use std::io::Read;
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::Path;
use std::process::Command as Process;

use super::{FIXTURES, arg, run};

/// The directory of the fixtures as TSV on standard output, to compare with.
fn expected_tsv() -> String {
    run(&["index", FIXTURES, "--format", "tsv"], 0)
}

#[track_caller]
fn mkfifo(path: &Path) {
    let status = Process::new("mkfifo")
        .arg(path)
        .status()
        .expect("run mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let fifo = dir.path().join("pipe.tsv");
    mkfifo(&fifo);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut text = String::new();
            fs::File::open(&fifo)
                .expect("open the FIFO for reading")
                .read_to_string(&mut text)
                .expect("read the FIFO");
            text
        })
    };
    run(&["index", FIXTURES, "--format", "tsv", "-o", arg(&fifo)], 0);
    let read = reader.join().expect("reader thread");
    assert_eq!(read, expected_tsv(), "the FIFO's reader gets the directory");
    let kind = fs::symlink_metadata(&fifo).expect("the FIFO").file_type();
    assert!(kind.is_fifo(), "still a FIFO, not {kind:?}");
    assert_eq!(leftovers(dir.path()), ["pipe.tsv"]);
}

#[test]
fn a_symbolic_link_is_followed_and_its_target_replaced() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let real = dir.path().join("real");
    fs::create_dir(&real).expect("folder of the target");
    let target = real.join("target.tsv");
    fs::write(&target, "old contents\n").expect("target");
    let link = dir.path().join("link.tsv");
    // A relative link, resolved from the link's folder, through a second link.
    symlink("real/target.tsv", dir.path().join("inner.tsv")).expect("inner link");
    symlink("inner.tsv", &link).expect("link");
    run(&["index", FIXTURES, "-o", arg(&link)], 0);
    for name in ["link.tsv", "inner.tsv"] {
        let meta = fs::symlink_metadata(dir.path().join(name)).expect("link");
        assert!(meta.file_type().is_symlink(), "{name} is still a link");
    }
    assert_eq!(fs::read_to_string(&target).expect("target"), expected_tsv());
    assert_eq!(leftovers(&real), ["target.tsv"]);
}

#[test]
fn a_dangling_link_gets_its_target_created() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let link = dir.path().join("link.tsv");
    symlink("new.tsv", &link).expect("link");
    run(&["index", FIXTURES, "-o", arg(&link)], 0);
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let written = fs::read_to_string(dir.path().join("new.tsv")).expect("target created");
    assert_eq!(written, expected_tsv());
}

#[test]
fn an_existing_file_keeps_its_permissions_and_a_new_one_gets_0644() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let kept = dir.path().join("kept.tsv");
    fs::write(&kept, "old\n").expect("file");
    fs::set_permissions(&kept, fs::Permissions::from_mode(0o640)).expect("chmod");
    run(&["index", FIXTURES, "-o", arg(&kept)], 0);
    let mode = |p: &Path| fs::metadata(p).expect("file").permissions().mode() & 0o7777;
    assert_eq!(format!("{:o}", mode(&kept)), "640");
    let new = dir.path().join("new.tsv");
    run(&["index", FIXTURES, "-o", arg(&new)], 0);
    assert_eq!(format!("{:o}", mode(&new)), "644");
    assert_eq!(fs::read_to_string(&kept).unwrap(), expected_tsv());
}

#[test]
fn a_folder_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let output = super::gbr()
        .args(["index", FIXTURES, "-o", arg(dir.path())])
        .output()
        .expect("run gbr");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.ends_with("it is a folder\n"), "{stderr}");
    assert!(leftovers(dir.path()).is_empty());
}

/// The names in `folder`, sorted.
pub fn leftovers(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .expect("read the folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_existing_file_keeps_its_owner_where_the_run_may_give_it() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().expect("temporary folder");
    let kept = dir.path().join("theirs.tsv");
    fs::write(&kept, "old\n").expect("file");
    if std::os::unix::fs::chown(&kept, Some(4321), Some(4321)).is_err() {
        println!("skipped: not root, so a file of another owner cannot be made");
        return;
    }
    run(&["index", FIXTURES, "-o", arg(&kept)], 0);
    let meta = fs::metadata(&kept).expect("file");
    assert_eq!((meta.uid(), meta.gid()), (4321, 4321));
    assert_eq!(fs::read_to_string(&kept).unwrap(), expected_tsv());
}
