//! Expanding command-line paths into the list of inputs to scan, with ripgrep's filters
//! (globs, types, depth, ignore files) on request.

use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use std::sync::Mutex;

use ignore::overrides::OverrideBuilder;
use ignore::types::TypesBuilder;
use ignore::{DirEntry, WalkBuilder, WalkState};

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
        write!(
            f,
            "{}: {}",
            crate::source_path::shown(&self.path),
            self.reason
        )
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
    /// A symbolic link to a file found inside a folder: not followed unless asked
    /// ([`WalkOptions::follow`], `-L`), as ripgrep and fd do, so that a folder one was given
    /// cannot lead gbr to read or `check --write` to write a file outside it
    /// (`notes.txt -> ~/.ssh/config`, `env.txt -> /proc/self/environ`). A link given as an
    /// argument is followed.
    Symlink,
    /// A socket, FIFO or device found inside a folder: reading one could block or never end.
    /// (One given as an argument is scanned.)
    SpecialFile,
    /// The file the run is writing ([`WalkOptions::leave_out`]: `gbr index book/ -o
    /// book/index.tsv`): a program's output, read back, would be taken for a source.
    Output,
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
            SkipReason::Symlink => f.write_str("symbolic link, not followed (-L follows links)"),
            SkipReason::SpecialFile => f.write_str("not a regular file (socket, FIFO or device)"),
            SkipReason::Output => f.write_str("the file this run writes, not read"),
            SkipReason::Unreadable { kind } => write!(f, "cannot read: {kind}"),
        }
    }
}

/// Which files inside folders [`walk_with`] keeps. The default keeps every file, as an
/// archive of texts must be scanned whole: hidden files too, and `.gitignore` rules do not
/// apply.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WalkOptions {
    /// Honour `.gitignore`, `.ignore` and `.rgignore` files and skip hidden files, as
    /// ripgrep does (the CLI's `--respect-ignore`).
    pub respect_ignore: bool,
    /// With `respect_ignore`, keep hidden files all the same (`--hidden`).
    pub hidden: bool,
    /// Descend at most this many levels below each folder given (`--max-depth`; 0 lists
    /// nothing inside it).
    pub max_depth: Option<usize>,
    /// ripgrep's globs (`-g`): a file inside a folder is kept only when it matches one of
    /// the globs without `!` (if any), and not when it matches one with `!`.
    pub globs: Vec<String>,
    /// Keep only files of these types ([`FILE_TYPES`], `--type`).
    pub types: Vec<String>,
    /// Follow symbolic links inside folders, to files and to folders (`-L/--follow`, as
    /// ripgrep's): a link that leads back to a folder above it is reported as a loop.
    pub follow: bool,
    /// Files never read, given or found in a folder: the file the run writes (`gbr index
    /// -o`), known by its device and inode where it exists, so that any path to it is left
    /// out ([`SkipReason::Output`]).
    pub leave_out: Vec<PathBuf>,
}

/// The device and inode of each of `paths` that exists (none on systems without them).
fn identities(paths: &[PathBuf]) -> Vec<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        paths
            .iter()
            .filter_map(|p| fs::metadata(p).ok())
            .map(|m| (m.dev(), m.ino()))
            .collect()
    }
    #[cfg(not(unix))]
    {
        let _ = paths;
        Vec::new()
    }
}

/// True when `path` is one of the files of `left_out` ([`identities`]); `ino`, where the walk
/// knows it, spares the look-up of every other file.
fn is_left_out(left_out: &[(u64, u64)], path: &Path, ino: Option<u64>) -> bool {
    if left_out.is_empty() || ino.is_some_and(|i| !left_out.iter().any(|l| l.1 == i)) {
        return false;
    }
    identities(&[path.to_path_buf()])
        .first()
        .is_some_and(|id| left_out.contains(id))
}

/// The file types `--type` selects, by name, with their globs.
pub const FILE_TYPES: &[(&str, &[&str])] = &[
    ("txt", &["*.txt", "*.text", "*.md", "*.tex"]),
    ("pdf", &["*.pdf"]),
    ("pgn", &["*.pgn"]),
    (
        "gz",
        &[
            "*.gz", "*.dz", "*.bz2", "*.xz", "*.zst", "*.tgz", "*.tbz2", "*.txz",
        ],
    ),
    ("zip", &["*.zip", "*.tar", "*.tar.*", "*.tgz"]),
    (
        "doc",
        &["*.docx", "*.odt", "*.html", "*.htm", "*.xhtml", "*.epub"],
    ),
];

/// Why [`walk_with`] could not start: a glob or a type that does not parse.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct WalkError(#[from] ignore::Error);

/// Expand command-line `paths` into the inputs to scan, keeping every file
/// ([`WalkOptions::default`]); see [`walk_with`].
pub fn walk(paths: &[PathBuf]) -> Walk {
    // The default options hold no glob or type, so nothing can fail to parse.
    walk_with(paths, &WalkOptions::default()).unwrap_or_default()
}

/// Expand command-line `paths` into the inputs to scan.
///
/// Each path is handled in the order given (duplicates are kept):
///
/// - `-` is [`InputPath::Stdin`];
/// - a directory (or a symbolic link to one) is walked recursively with the `ignore` crate's
///   parallel walker, and its entries are then sorted by path, component by component, which
///   is the order of a walk that sorts each folder's entries by name, byte-wise: the same on
///   every run and every system;
/// - anything else that exists (a file, a link to one, a FIFO, a device) is an input as given,
///   whatever `opts` says (as in ripgrep, filters apply inside folders only).
///
/// Inside a folder, [`WalkOptions`] chooses the files; symbolic links are skipped unless
/// [`WalkOptions::follow`] is set (then followed, to files and folders, loops reported), and
/// sockets, FIFOs and devices are skipped. Paths that do not exist, broken links and unreadable directories
/// are listed in [`Walk::skipped`].
///
/// # Errors
///
/// [`WalkError`] when a glob or a type name does not parse.
pub fn walk_with(paths: &[PathBuf], opts: &WalkOptions) -> Result<Walk, WalkError> {
    let mut out = Walk::default();
    let left_out = identities(&opts.leave_out);
    for path in paths {
        if path.as_os_str() == "-" {
            out.inputs.push(InputPath::Stdin);
            continue;
        }
        match fs::metadata(path) {
            Ok(meta) if meta.is_dir() => walk_dir(path, opts, &left_out, &mut out)?,
            Ok(_) if is_left_out(&left_out, path, None) => out.skip(path, SkipReason::Output),
            Ok(_) => out.inputs.push(InputPath::File(path.clone())),
            Err(err) => out.skip(path, reason_for(path, &err)),
        }
    }
    Ok(out)
}

/// The sort key of a path found by one walk, whose order is [`Path::cmp`]'s (component by
/// component): every path of a walk starts with the walk's root as given, and below it holds
/// names joined by single separators, so its bytes with the separator made the lowest byte (a
/// name holds no NUL) compare as its components do. Each key is made once and compared with
/// `memcmp`, cheaper than parsing the paths into components at each comparison or comparing
/// their bytes one by one (docs/performance.md, "Measurements behind the code").
fn walk_key(path: &Path) -> impl Ord + use<> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let mut key = path.as_os_str().as_bytes().to_vec();
        for byte in &mut key {
            if *byte == b'/' {
                *byte = 0;
            }
        }
        key
    }
    #[cfg(not(unix))]
    {
        path.to_path_buf()
    }
}

impl Walk {
    fn skip(&mut self, path: &Path, reason: SkipReason) {
        self.skipped.push(Skipped {
            path: path.to_owned(),
            reason,
        });
    }
}

/// True for a folder inside a walk that is tagged as a cache (a `CACHEDIR.TAG` file that
/// starts with the signature of the Cache Directory Tagging Specification, as gbr's OCR cache
/// is, and as backup tools leave out): its files are a program's copies, not inputs.
fn is_cache_folder(entry: &DirEntry) -> bool {
    const SIGNATURE: &[u8] = b"Signature: 8a477f597d28d172789f06886806bc55";
    entry.depth() > 0
        && entry.file_type().is_some_and(|t| t.is_dir())
        && fs::File::open(entry.path().join("CACHEDIR.TAG")).is_ok_and(|file| {
            let mut head = Vec::with_capacity(SIGNATURE.len());
            let mut first = io::Read::take(file, SIGNATURE.len() as u64);
            io::Read::read_to_end(&mut first, &mut head).is_ok() && head == SIGNATURE
        })
}

fn walk_dir(
    root: &Path,
    opts: &WalkOptions,
    left_out: &[(u64, u64)],
    out: &mut Walk,
) -> Result<(), WalkError> {
    let mut builder = WalkBuilder::new(root);
    builder
        .standard_filters(opts.respect_ignore)
        .hidden(opts.respect_ignore && !opts.hidden)
        .follow_links(opts.follow)
        .max_depth(opts.max_depth)
        .filter_entry(|entry| !is_cache_folder(entry));
    if !opts.globs.is_empty() {
        let mut globs = OverrideBuilder::new(root);
        for glob in &opts.globs {
            globs.add(glob)?;
        }
        builder.overrides(globs.build()?);
    }
    if !opts.types.is_empty() {
        let mut types = TypesBuilder::new();
        for (name, globs) in FILE_TYPES {
            for glob in *globs {
                types.add(name, glob)?;
            }
        }
        for name in &opts.types {
            types.select(name);
        }
        builder.types(types.build()?);
    }
    // The walk runs on threads of its own; what it finds is sorted afterwards, so the order
    // does not depend on them.
    let found = Mutex::new(Walk::default());
    builder.build_parallel().run(|| {
        Box::new(|entry| {
            let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
            match entry {
                Ok(entry) if is_left_out(left_out, entry.path(), entry.ino()) => {
                    found.skip(entry.path(), SkipReason::Output);
                }
                Ok(entry) => add_entry(entry, &mut found),
                Err(err) => {
                    let kind = err.io_error().map_or(io::ErrorKind::Other, io::Error::kind);
                    let path = error_path(&err).unwrap_or(root).to_owned();
                    found.skip(&path, SkipReason::Unreadable { kind });
                }
            }
            WalkState::Continue
        })
    });
    let mut found = found.into_inner().unwrap_or_else(|e| e.into_inner());
    found
        .inputs
        .sort_by_cached_key(|input| walk_key(input.path()));
    found.skipped.sort_by(|a, b| a.path.cmp(&b.path));
    out.inputs.append(&mut found.inputs);
    out.skipped.append(&mut found.skipped);
    Ok(())
}

/// The path an error of the walk is about, when it names one.
fn error_path(err: &ignore::Error) -> Option<&Path> {
    match err {
        ignore::Error::WithPath { path, .. } => Some(path),
        ignore::Error::Loop { child, .. } => Some(child),
        ignore::Error::WithDepth { err, .. } | ignore::Error::WithLineNumber { err, .. } => {
            error_path(err)
        }
        _ => None,
    }
}

fn add_entry(entry: DirEntry, out: &mut Walk) {
    let Some(file_type) = entry.file_type() else {
        return; // standard input, which a folder walk never yields
    };
    if file_type.is_dir() {
        return;
    }
    let reason = if file_type.is_file() {
        None
    } else if file_type.is_symlink() {
        match fs::metadata(entry.path()) {
            Ok(meta) if meta.is_file() => Some(SkipReason::Symlink),
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
mod tests;
