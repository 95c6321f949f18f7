//! A saved directory refused when a file it indexes is newer than it, as xsv refuses an index
//! older than its data (docs/directory.md).

use std::path::{Path, PathBuf};

use crate::record::Record;

/// Why a directory is refused as stale.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{} is older than {}, which it indexes: rebuild it with gbr index",
    crate::source_path::shown(directory),
    crate::source_path::shown(data)
)]
pub struct StaleError {
    /// The directory file.
    pub directory: PathBuf,
    /// A source file modified after it.
    pub data: PathBuf,
}

/// Checks that no source of `entries` was modified after `directory` was written, as xsv
/// refuses an index older than its data. Sources that no longer exist, or are `<stdin>`, are
/// not checked; relative paths are taken from the current folder, as `gbr index` wrote them.
///
/// # Errors
/// [`StaleError`] naming the first source found newer than the directory.
pub fn check_fresh(directory: &Path, entries: &[Record]) -> Result<(), StaleError> {
    let modified = |p: &Path| std::fs::metadata(p).and_then(|m| m.modified()).ok();
    let Some(written) = modified(directory) else {
        return Ok(());
    };
    let mut seen: Vec<&crate::source_path::SourcePath> = Vec::new();
    for record in entries {
        let path = &record.path;
        if *path == "<stdin>" || seen.contains(&path) {
            continue;
        }
        seen.push(path);
        let data = path.to_path_buf();
        if modified(&data).is_some_and(|m| m > written) {
            return Err(StaleError {
                directory: directory.to_owned(),
                data,
            });
        }
    }
    Ok(())
}
