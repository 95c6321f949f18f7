//! Output of `gbr index`, `gbr lookup` and `gbr merge`: standard output, a file replaced
//! atomically, or a device or FIFO written directly (docs/reliability.md, "Output files").
//!
//! The rules, for `-o PATH`:
//! - A symbolic link is followed (links to links too) and its target is replaced; the link
//!   stays a link.
//! - A character or block device, a FIFO or a socket at the (followed) path is opened and
//!   written directly, as a shell's `>` does: not atomically, since such a file cannot be
//!   replaced without destroying it (`/dev/null` must stay a device, a FIFO's reader must get
//!   the bytes).
//! - Anything else is written to a temporary file in the target's folder, flushed to disk,
//!   given the permissions (and, where allowed, the owner) of the file it replaces (0644 for a
//!   new file), renamed onto the target, and the folder is flushed to disk so that the rename
//!   survives a crash.
//! - The temporary file leaves nothing behind when the run is killed: on Linux it is an
//!   unnamed file (`O_TMPFILE`) that gets a name (`.gbr-*.tmp`) only for the instant between
//!   linking it into the folder and renaming it onto the target. Where unnamed files are not
//!   available it is a named `.gbr-*.tmp` from the start. Either way a running `gbr` holds a
//!   lock on it, and every run that writes into a folder first removes the `.gbr-*.tmp` files
//!   there that nobody holds a lock on: those of killed runs.

use std::fs::{self, File, OpenOptions, Permissions};
use std::io::{self, BufWriter, StdoutLock, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};

/// Prefix and suffix of the temporary files, the names `remove_stale` removes.
const PREFIX: &str = ".gbr-";
const SUFFIX: &str = ".tmp";

/// How many links a path may go through before it is taken for a loop (Linux's limit).
const MAX_LINKS: usize = 40;

enum Destination {
    Stdout(BufWriter<StdoutLock<'static>>),
    /// A device or FIFO, written in place.
    Direct(BufWriter<File>),
    /// A temporary file that replaces the target at the end.
    Atomic(BufWriter<File>, Replace),
}

/// What replacing the target needs besides the temporary file's contents.
struct Replace {
    /// The file to replace, symbolic links followed.
    target: PathBuf,
    /// Its folder.
    folder: PathBuf,
    /// The permissions to give the result: those of the file replaced.
    permissions: Option<Permissions>,
    /// The owner and group of the file replaced, given to the result where allowed (root).
    #[cfg(unix)]
    owner: Option<(u32, u32)>,
    /// The temporary file's name, when it has one (no `O_TMPFILE`); removed on drop.
    named: Option<tempfile::TempPath>,
}

/// Standard output, a device or FIFO, or a file replaced only when [`Output::finish`] is
/// called: a failed or killed run leaves an existing file as it was, and no temporary file.
pub struct Output {
    destination: Destination,
}

impl Output {
    /// Output to `path`, or to standard output when `None` or `-`. A device, FIFO or socket
    /// (`/dev/stdout`, `/dev/null`, a named pipe) is written in place; a regular file is
    /// replaced atomically; a symbolic link's target is replaced and the link kept.
    ///
    /// # Errors
    /// The path is a folder, a link loop, or its folder cannot take a temporary file.
    pub fn create(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(path) = path.filter(|p| !is_stdout(p)) else {
            let stdout = BufWriter::with_capacity(1 << 16, io::stdout().lock());
            return Ok(Output {
                destination: Destination::Stdout(stdout),
            });
        };
        // A device, FIFO or socket, reached through links or not (`/dev/stdout` into a pipe is
        // a link to `pipe:[N]`, a name no folder holds): written in place.
        if let Ok(meta) = fs::metadata(path)
            && !meta.is_file()
            && !meta.is_dir()
        {
            let file = OpenOptions::new()
                .write(true)
                .open(path)
                .with_context(|| format!("cannot open {}", gbrscan::source_path::shown(path)))?;
            return Ok(Output {
                destination: Destination::Direct(BufWriter::with_capacity(1 << 16, file)),
            });
        }
        let target = follow_links(path)?;
        let existing = fs::metadata(&target).ok();
        if let Some(meta) = &existing {
            if meta.is_dir() {
                bail!(
                    "cannot write {}: it is a folder",
                    gbrscan::source_path::shown(path)
                );
            }
            if !meta.is_file() {
                let file = OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .with_context(|| {
                        format!("cannot open {}", gbrscan::source_path::shown(path))
                    })?;
                return Ok(Output {
                    destination: Destination::Direct(BufWriter::with_capacity(1 << 16, file)),
                });
            }
        }
        let folder = match target.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
            _ => PathBuf::from("."),
        };
        remove_stale(&folder);
        let cannot = || format!("cannot write {}", gbrscan::source_path::shown(path));
        let (file, named) = match unnamed_temp(&folder) {
            Some(file) => (file, None),
            None => {
                let temp = tempfile::Builder::new()
                    .prefix(PREFIX)
                    .suffix(SUFFIX)
                    .tempfile_in(&folder)
                    .with_context(cannot)?;
                let (file, path) = temp.into_parts();
                (file, Some(path))
            }
        };
        // Held until the file is closed, so that `remove_stale` of another run leaves it alone
        // (a file system without locks makes `remove_stale` leave every file alone).
        let _ = file.lock();
        let replace = Replace {
            target,
            folder,
            #[cfg(unix)]
            owner: existing.as_ref().map(|m| {
                use std::os::unix::fs::MetadataExt;
                (m.uid(), m.gid())
            }),
            permissions: existing.map(|m| m.permissions()),
            named,
        };
        Ok(Output {
            destination: Destination::Atomic(BufWriter::with_capacity(1 << 16, file), replace),
        })
    }

    /// Flushes, and for a file replaced atomically moves the temporary file onto the target.
    ///
    /// # Errors
    /// Writing, flushing to disk or renaming failed; the target is then as it was.
    pub fn finish(self) -> anyhow::Result<()> {
        self.finish_if(|| Ok(()))
    }

    /// [`Output::finish`], with `still` called at the last moment before the target changes:
    /// for a file replaced atomically, after the temporary file is flushed to disk and just
    /// before it is renamed onto the target; for standard output, a device or a FIFO, before
    /// the last flush. When `still` fails, the temporary file is dropped (it leaves nothing)
    /// and the target stays as it was. `gbr check --write` uses it to make sure the file it
    /// fixes has not changed since it was read.
    ///
    /// # Errors
    /// Those of [`Output::finish`], and the error of `still`.
    pub fn finish_if(self, still: impl FnOnce() -> anyhow::Result<()>) -> anyhow::Result<()> {
        match self.destination {
            Destination::Stdout(mut out) => {
                still()?;
                out.flush().context("cannot write to standard output")
            }
            Destination::Direct(mut out) => {
                still()?;
                out.flush().context("cannot write the output")
            }
            Destination::Atomic(out, replace) => {
                let target = replace.target.clone();
                let cannot = || format!("cannot write {}", gbrscan::source_path::shown(&target));
                let file = out
                    .into_inner()
                    .map_err(|e| e.into_error())
                    .with_context(cannot)?;
                // Failing to set the mode is not worth failing the run.
                if let Some(permissions) = replace.permissions.clone().or_else(new_permissions) {
                    let _ = file.set_permissions(permissions);
                }
                // Only root may give a file away; for anyone else the owner is already theirs
                // or cannot be kept, and the run goes on.
                #[cfg(unix)]
                if let Some((uid, gid)) = replace.owner {
                    let _ = std::os::unix::fs::fchown(&file, Some(uid), Some(gid));
                }
                file.sync_all().with_context(cannot)?;
                still()?;
                replace.into_place(&file)
            }
        }
    }
}

impl Replace {
    /// Renames the (flushed) temporary file onto the target and flushes the folder.
    fn into_place(self, file: &File) -> anyhow::Result<()> {
        let cannot = || {
            format!(
                "cannot replace {}",
                gbrscan::source_path::shown(&self.target)
            )
        };
        let named = match self.named {
            Some(named) => named,
            None => link_unnamed(file, &self.folder).with_context(cannot)?,
        };
        // `persist` renames and, on failure, leaves the TempPath to remove the file.
        named
            .persist(&self.target)
            .map_err(|e| e.error)
            .with_context(cannot)?;
        // The rename is durable only once the folder is.
        #[cfg(unix)]
        if let Ok(folder) = File::open(&self.folder) {
            folder.sync_all().with_context(cannot)?;
        }
        Ok(())
    }
}

/// True for `-`, the name of standard output in `-o -`, as in most tools that take a file
/// name for their output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// `path` with every symbolic link along its last component followed, so that the link's
/// target is replaced and the link kept. A dangling link gives the path it points to.
fn follow_links(path: &Path) -> anyhow::Result<PathBuf> {
    let mut current = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = fs::read_link(&current).with_context(|| {
                    format!(
                        "cannot read the link {}",
                        gbrscan::source_path::shown(&current)
                    )
                })?;
                current = match current.parent() {
                    Some(parent) if to.is_relative() => parent.join(to),
                    _ => to,
                };
            }
            _ => return Ok(current),
        }
    }
    bail!(
        "cannot write {}: too many levels of links",
        gbrscan::source_path::shown(path)
    )
}

/// The permissions of a new directory: readable by all, like any file the user writes.
/// (On other systems the temporary file's own are kept.)
fn new_permissions() -> Option<Permissions> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(Permissions::from_mode(0o644))
    }
    #[cfg(not(unix))]
    None
}

/// An unnamed file in `folder` (`O_TMPFILE`), when the system and the file system have them.
#[cfg(target_os = "linux")]
fn unnamed_temp(folder: &Path) -> Option<File> {
    use rustix::fs::{Mode, OFlags, openat};
    // Linking it needs /proc (see `link_unnamed`); without it, a named file.
    if !Path::new("/proc/self/fd").is_dir() {
        return None;
    }
    let flags = OFlags::WRONLY | OFlags::TMPFILE | OFlags::CLOEXEC;
    let fd = openat(rustix::fs::CWD, folder, flags, Mode::from_raw_mode(0o600)).ok()?;
    Some(File::from(fd))
}

#[cfg(not(target_os = "linux"))]
fn unnamed_temp(_folder: &Path) -> Option<File> {
    None
}

/// Gives the unnamed `file` a fresh `.gbr-*.tmp` name in `folder`, through /proc/self/fd as
/// open(2) describes (linking by descriptor needs a privilege; through /proc it does not).
#[cfg(target_os = "linux")]
fn link_unnamed(file: &File, folder: &Path) -> io::Result<tempfile::TempPath> {
    use rustix::fs::{AtFlags, CWD, linkat};
    use std::os::fd::AsRawFd;
    let from = format!("/proc/self/fd/{}", file.as_raw_fd());
    let mut attempts = 0;
    loop {
        let name = folder.join(format!(
            "{PREFIX}{:x}-{:x}{SUFFIX}",
            std::process::id(),
            fastrand_u64(attempts)
        ));
        match linkat(CWD, &from, CWD, &name, AtFlags::SYMLINK_FOLLOW) {
            Ok(()) => return tempfile::TempPath::try_from_path(name),
            Err(rustix::io::Errno::EXIST) if attempts < 16 => attempts += 1,
            Err(err) => return Err(err.into()),
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn link_unnamed(_file: &File, _folder: &Path) -> io::Result<tempfile::TempPath> {
    Err(io::Error::other("unnamed temporary files are Linux only"))
}

/// A number that differs between calls: the clock's nanoseconds mixed with `salt`.
#[cfg(target_os = "linux")]
fn fastrand_u64(salt: u64) -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    (nanos ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(17)
}

/// Removes the `.gbr-*.tmp` files in `folder` that no running `gbr` holds a lock on: what
/// killed runs left. Errors are ignored: a file that cannot be removed was not ours to remove.
fn remove_stale(folder: &Path) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if !(name.starts_with(PREFIX) && name.ends_with(SUFFIX)) {
            continue;
        }
        if !entry.file_type().is_ok_and(|t| t.is_file()) {
            continue;
        }
        let path = entry.path();
        let Ok(file) = OpenOptions::new().read(true).open(&path) else {
            continue;
        };
        if file.try_lock().is_ok() {
            let _ = fs::remove_file(&path);
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.destination {
            Destination::Stdout(w) => w.write(buf),
            Destination::Direct(w) | Destination::Atomic(w, _) => w.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match &mut self.destination {
            Destination::Stdout(w) => w.write_all(buf),
            Destination::Direct(w) | Destination::Atomic(w, _) => w.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match &mut self.destination {
            Destination::Stdout(w) => w.flush(),
            Destination::Direct(w) | Destination::Atomic(w, _) => w.flush(),
        }
    }
}
