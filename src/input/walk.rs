//! Expanding command-line paths into the list of inputs to scan.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use walkdir::{DirEntry, WalkDir};

/// One input to scan: a file (or anything else given explicitly, such as a FIFO) or stdin.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum InputPath {
    /// A path to open: a regular file, a symbolic link to one, or, when given explicitly as an
    /// argument, a FIFO or a device.
    File(PathBuf),
    /// Standard input, written `-` on the command line.
    Stdin,
}

impl InputPath {
    /// The path to show in messages and results: the file's path, or `<stdin>`.
    pub fn path(&self) -> &Path {
        match self {
            InputPath::File(path) => path,
            InputPath::Stdin => Path::new("<stdin>"),
        }
    }
}

/// The result of [`walk`]: what to scan, in order, and what was left out, in order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Walk {
    /// The inputs to scan, in the order described at [`walk`].
    pub inputs: Vec<InputPath>,
    /// The paths that were found but are not scanned, with the reason, in walk order.
    pub skipped: Vec<Skipped>,
}

/// A path that [`walk`] found but will not scan.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The path as given, or as found inside a folder.
    pub path: PathBuf,
    /// Why it is not scanned.
    pub reason: SkipReason,
}

impl fmt::Display for Skipped {
    /// `path: reason`, for example `old/: permission denied`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.reason)
    }
}

/// Why [`walk`] left a path out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SkipReason {
    /// The path does not exist.
    NotFound,
    /// The path is a symbolic link whose target does not exist.
    BrokenSymlink,
    /// A symbolic link to a directory found inside a folder: not followed, to avoid loops and
    /// scanning the same files twice. (A link given as an argument is followed.)
    SymlinkToDirectory,
    /// A socket, FIFO or device found inside a folder: reading one could block or never end.
    /// (One given as an argument is scanned.)
    SpecialFile,
    /// The operating system refused to list or inspect the path (for example a directory
    /// without read permission).
    Unreadable {
        /// The kind of the operating system's error.
        kind: io::ErrorKind,
    },
}

impl fmt::Display for SkipReason {
    /// A short lower-case phrase, for example `broken symbolic link`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::NotFound => f.write_str("no such file or directory"),
            SkipReason::BrokenSymlink => f.write_str("broken symbolic link"),
            SkipReason::SymlinkToDirectory => {
                f.write_str("symbolic link to a directory, not followed")
            }
            SkipReason::SpecialFile => f.write_str("not a regular file (socket, FIFO or device)"),
            SkipReason::Unreadable { kind } => write!(f, "cannot read: {kind}"),
        }
    }
}

/// Expand command-line `paths` into the inputs to scan.
///
/// Each path is handled in the order given (duplicates are kept):
///
/// - `-` is [`InputPath::Stdin`];
/// - a directory (or a symbolic link to one) is walked recursively, its entries sorted by file
///   name, byte-wise, at every level, so the order is the same on every run and every system;
/// - anything else that exists (a file, a link to one, a FIFO, a device) is an input as given.
///
/// Nothing is filtered by name: hidden files and `.gitignore` rules do not drop anything, since
/// an archive must be scanned whole. Inside a folder, symbolic links to files are inputs,
/// symbolic links to directories are skipped (not followed, so no loops), and sockets, FIFOs and
/// devices are skipped. Paths that do not exist, broken links and unreadable directories are
/// listed in [`Walk::skipped`]; this function never fails.
pub fn walk(paths: &[PathBuf]) -> Walk {
    let mut out = Walk::default();
    for path in paths {
        if path.as_os_str() == "-" {
            out.inputs.push(InputPath::Stdin);
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk_dir(path, &mut out),
            Ok(_) => out.inputs.push(InputPath::File(path.clone())),
            Err(err) => out.skip(path, reason_for(path, &err)),
        }
    }
    out
}

impl Walk {
    fn skip(&mut self, path: &Path, reason: SkipReason) {
        self.skipped.push(Skipped {
            path: path.to_owned(),
            reason,
        });
    }
}

fn walk_dir(root: &Path, out: &mut Walk) {
    // follow_links(false): links inside the folder are not traversed; the root itself is
    // followed (walkdir's follow_root_links defaults to true).
    // Siblings share their parent's path, so their whole paths order as their names do, and
    // comparing paths as bytes spares parsing the file name out of each at every comparison
    // (walkdir's `sort_by_file_name` did that: 3% of a scan of 100 KB files, before any of it
    // could start).
    let walker = WalkDir::new(root)
        .follow_links(false)
        .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()));
    for entry in walker {
        match entry {
            Ok(entry) => add_entry(entry, out),
            Err(err) => {
                let kind = err.io_error().map_or(io::ErrorKind::Other, io::Error::kind);
                out.skip(err.path().unwrap_or(root), SkipReason::Unreadable { kind });
            }
        }
    }
}

fn add_entry(entry: DirEntry, out: &mut Walk) {
    let file_type = entry.file_type();
    if file_type.is_dir() {
        return;
    }
    let reason = if file_type.is_file() {
        None
    } else if file_type.is_symlink() {
        match fs::metadata(entry.path()) {
            Ok(meta) if meta.is_file() => None,
            Ok(meta) if meta.is_dir() => Some(SkipReason::SymlinkToDirectory),
            Ok(_) => Some(SkipReason::SpecialFile),
            Err(err) => Some(reason_for(entry.path(), &err)),
        }
    } else {
        Some(SkipReason::SpecialFile)
    };
    match reason {
        None => out.inputs.push(InputPath::File(entry.into_path())),
        Some(reason) => out.skip(entry.path(), reason),
    }
}

/// The reason for an error from following `path`: a missing target is a broken link when the
/// link itself exists.
fn reason_for(path: &Path, err: &io::Error) -> SkipReason {
    match err.kind() {
        io::ErrorKind::NotFound if fs::symlink_metadata(path).is_ok() => SkipReason::BrokenSymlink,
        io::ErrorKind::NotFound => SkipReason::NotFound,
        kind => SkipReason::Unreadable { kind },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dash_is_stdin() {
        let walked = walk(&[PathBuf::from("-")]);
        assert_eq!(walked.inputs, [InputPath::Stdin]);
        assert_eq!(walked.skipped, []);
    }

    #[test]
    fn stdin_is_shown_as_stdin_in_angle_brackets() {
        assert_eq!(InputPath::Stdin.path(), Path::new("<stdin>"));
    }

    #[test]
    fn skipped_displays_path_and_reason() {
        let skipped = Skipped {
            path: PathBuf::from("old"),
            reason: SkipReason::Unreadable {
                kind: io::ErrorKind::PermissionDenied,
            },
        };
        assert_eq!(skipped.to_string(), "old: cannot read: permission denied");
    }
}
