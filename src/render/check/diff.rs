//! The fixes of `gbr check --diff` as a unified diff that `patch -p1` applies, through
//! similar, and the names it gives its files.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use super::visible;

/// The names `--diff` gives its files in the `a/NAME` and `b/NAME` headers, so that
/// `patch -p1` finds them: GNU patch refuses an absolute name and one with a `..` component as
/// "potentially dangerous". When every file lies in the current folder (or below it), each is
/// named by its path from there; when one lies outside, every file is named by its path from
/// the root without the leading `/`, for `patch -p1 -d /`. Paths are made absolute and free of
/// `.` and `..` with [`std::fs::canonicalize`] (links resolved: patch then changes the file
/// the link points to).
pub struct DiffNames {
    /// The current folder, canonical; `None` when it cannot be had (every name then from the
    /// root).
    base: Option<PathBuf>,
    from_root: bool,
}

impl DiffNames {
    /// The names for a diff of `files` (the paths as given, relative ones read from
    /// `current`), `current` being the folder the names are relative to: the process's
    /// current folder as the caller has it, canonical (`None` when it cannot be had: every
    /// name is then from the root). The files are made canonical here; one that cannot be
    /// (gone, unreadable folder) is judged by its path as given.
    pub fn new<'a>(
        current: Option<PathBuf>,
        files: impl IntoIterator<Item = &'a Path>,
    ) -> DiffNames {
        let base = current;
        let from_root = files.into_iter().any(|file| {
            let inside = match (&base, std::fs::canonicalize(file)) {
                (Some(base), Ok(real)) => real.starts_with(base),
                // Not to be had: the path as given decides, if it is plain and relative.
                (_, Err(_)) => Self::plain_relative(file),
                (None, Ok(_)) => false,
            };
            !inside
        });
        DiffNames { base, from_root }
    }

    /// True when the names are from the root, for `patch -p1 -d /`.
    pub fn is_from_root(&self) -> bool {
        self.from_root
    }

    /// The name of `file` (a path as given) in the diff's headers, `/` between components.
    pub fn name(&self, file: &Path) -> String {
        let Ok(real) = std::fs::canonicalize(file) else {
            return Self::slashed(file.strip_prefix("./").unwrap_or(file));
        };
        match (&self.base, self.from_root) {
            (Some(base), false) => real
                .strip_prefix(base)
                .map_or_else(|_| Self::slashed(&real), Self::slashed),
            _ => Self::slashed(real.strip_prefix("/").unwrap_or(&real)),
        }
    }

    /// True for a relative path without `..`.
    fn plain_relative(path: &Path) -> bool {
        path.is_relative()
            && path
                .components()
                .all(|c| !matches!(c, std::path::Component::ParentDir))
    }

    fn slashed(path: &Path) -> String {
        path.components()
            .filter(|c| !matches!(c, std::path::Component::CurDir))
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/")
    }
}

/// A unified diff of `old` to `new`, headed `a/PATH` and `b/PATH` as `patch -p1` reads it.
///
/// The diff is of the bytes: lines split at LF, each kept with its CR and any byte that is not
/// UTF-8, so that `patch` applies it to the file as it is. When `readable` is true (for a
/// reader, not for `patch`: `gbr check` sets it when standard output is a terminal), each
/// line is decoded and made [`visible`] instead, so that no control byte of the input reaches
/// the screen; a CR before the LF is left as it is.
pub fn diff(
    w: &mut impl Write,
    path: &str,
    old: &[u8],
    new: &[u8],
    readable: bool,
) -> io::Result<()> {
    let diff = similar::TextDiff::from_lines(old, new);
    let path = path.trim_start_matches("./");
    let mut bytes = Vec::new();
    writeln!(bytes, "--- a/{path}")?;
    writeln!(bytes, "+++ b/{path}")?;
    let unified = diff.unified_diff();
    let mut hunks = 0;
    for hunk in unified.iter_hunks() {
        hunk.to_writer(&mut bytes)?;
        hunks += 1;
    }
    if hunks == 0 {
        return Ok(());
    }
    if !readable {
        return w.write_all(&bytes);
    }
    for line in bytes.split_inclusive(|&b| b == b'\n') {
        let (body, end): (&[u8], &[u8]) = match line {
            [body @ .., b'\r', b'\n'] => (body, b"\r\n"),
            [body @ .., b'\n'] => (body, b"\n"),
            body => (body, b""),
        };
        w.write_all(visible(&String::from_utf8_lossy(body)).as_bytes())?;
        w.write_all(end)?;
    }
    Ok(())
}
