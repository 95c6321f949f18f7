//! The Syzygy endgame tables as a copy of a study's result (docs/check.md, "The tables"): a
//! position of few enough men is probed for its side to move, and the verdict, said for
//! White as a study's stipulation is, is compared with what the text prints.
//!
//! The tables are read through `shakmaty-syzygy`, the tables crate of the `shakmaty` that reads
//! the positions. [`Tables::open`] lists the table files of one or more folders (as Stockfish's
//! `SyzygyPath` takes them); the files are opened when a position first needs them, and
//! shared by every thread, a small table held in memory once read ([`HELD_TABLE`]). A table
//! file that cannot be used is an error that names the file ([`TableError`]): a file whose
//! size no table has (truncated), a file that is no table or is corrupt, a table a position
//! needs that no folder holds. A position is never given a verdict that a table's failure
//! could have made: every probe runs under a panic guard, and its verdict must agree with the
//! verdicts of the positions after each of its moves (one ply of search, [`Tables::probe`]),
//! or the table is reported corrupt.

mod files;
mod probe;

use std::collections::BTreeMap;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use shakmaty::Chess;
use shakmaty_syzygy::Tablebase;

pub use files::{HELD_TABLE, HELD_TOTAL};
pub use probe::{Probe, TablebaseResult, Verdict};

/// The environment variable that names the tables' folders when `--tablebase` is not given:
/// folders separated as `PATH` separates them (`:` on Unix, `;` on Windows), as Stockfish's
/// `SyzygyPath` is written.
pub const TABLEBASE_ENV: &str = "GBR_TABLEBASE";

/// The kind of a table file: WDL (`.rtbw`, win/draw/loss) or DTZ (`.rtbz`, distance to the
/// next capture or pawn move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TableKind {
    /// `.rtbw`.
    Wdl,
    /// `.rtbz`.
    Dtz,
}

impl TableKind {
    /// The file name's ending, without the dot: `rtbw` or `rtbz`.
    pub fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        }
    }
}

/// A table file, or a folder of them, that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// A folder given that cannot be listed (absent, not a folder, no permission).
    #[error("{}: cannot read the tables' folder: {why}", shown(.folder))]
    Folder {
        /// The folder as given.
        folder: PathBuf,
        /// What the system said.
        why: String,
    },
    /// No table file in any folder given.
    #[error("no Syzygy table (.rtbw, .rtbz) in {}", folder_list(.folders))]
    Empty {
        /// The folders as given.
        folders: Vec<PathBuf>,
    },
    /// A table file that cannot be used: truncated (its size is no table's), no table, or
    /// corrupt (its verdicts disagree with one another).
    #[error("{}: {why}", shown(.path))]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        why: String,
    },
    /// A table that a position needs (its own material, or one a capture or a promotion
    /// reaches) is in none of the folders.
    #[error("{table} is in none of the tables' folders ({}); positions that need it are not probed", folder_list(.folders))]
    Missing {
        /// The file name the table would have (`KRPvKB.rtbw`).
        table: String,
        /// The folders given.
        folders: Vec<PathBuf>,
    },
}

fn shown(path: &Path) -> String {
    crate::source_path::shown(path).to_string()
}

fn folder_list(folders: &[PathBuf]) -> String {
    folders
        .iter()
        .map(|f| shown(f))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The Syzygy tables of some folders, opened once and shared by every thread (`Sync`).
pub struct Tables {
    base: Tablebase<Chess>,
    /// The table files by material, as the tables name it (`KQvKP`), and kind.
    files: BTreeMap<(String, TableKind), PathBuf>,
    folders: Vec<PathBuf>,
    /// The most men a table holds (kings included).
    max_men: usize,
    /// The table files that failed, each said once, by path (or by missing table name).
    failed: Mutex<BTreeMap<String, TableError>>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("folders", &self.folders)
            .field("files", &self.files.len())
            .field("max_men", &self.max_men)
            .finish_non_exhaustive()
    }
}

/// What [`Tables::open`] found: the tables, and the files it left out, each an error to
/// report (the others are used).
#[derive(Debug)]
pub struct Opened {
    /// The tables.
    pub tables: Tables,
    /// The table files left out: truncated (a size no table has), or not readable.
    pub left_out: Vec<TableError>,
}

impl Tables {
    /// Lists the table files (`*.rtbw`, `*.rtbz`, named by their material as `KQvKP.rtbw`) of
    /// each folder of `folders`, not of their subfolders; a file of a material listed twice is
    /// taken from the first folder that has it. The files are opened when a position needs
    /// them.
    ///
    /// # Errors
    ///
    /// [`TableError::Folder`] for a folder that cannot be listed, [`TableError::Empty`] when
    /// no folder holds a table file. A table file that cannot be used (a size no table has,
    /// no permission) is left out and listed in [`Opened::left_out`].
    pub fn open(folders: &[PathBuf]) -> Result<Opened, TableError> {
        let mut base =
            Tablebase::with_filesystem(std::sync::Arc::new(files::TableFiles::default()));
        let mut files = BTreeMap::new();
        let mut left_out = Vec::new();
        for folder in folders {
            let listing = std::fs::read_dir(folder).map_err(|e| TableError::Folder {
                folder: folder.clone(),
                why: e.to_string(),
            })?;
            let mut paths: Vec<PathBuf> = listing.filter_map(|e| Some(e.ok()?.path())).collect();
            paths.sort();
            for path in paths {
                let Some((material, kind)) = table_name(&path) else {
                    continue;
                };
                if files.contains_key(&(material.clone(), kind)) {
                    continue;
                }
                match base.add_file(&path) {
                    Ok(()) => {
                        files.insert((material, kind), path);
                    }
                    Err(e) => left_out.push(TableError::File {
                        why: match e.kind() {
                            std::io::ErrorKind::InvalidData => {
                                let size = std::fs::metadata(&path).map_or(0, |m| m.len());
                                format!(
                                    "{size} bytes, a size no Syzygy table has (truncated?); left out"
                                )
                            }
                            _ => format!("cannot be read: {e}; left out"),
                        },
                        path,
                    }),
                }
            }
        }
        if files.is_empty() && left_out.is_empty() {
            return Err(TableError::Empty {
                folders: folders.to_vec(),
            });
        }
        let max_men = base.max_pieces();
        Ok(Opened {
            tables: Tables {
                base,
                files,
                folders: folders.to_vec(),
                max_men,
                failed: Mutex::new(BTreeMap::new()),
            },
            left_out,
        })
    }

    /// The number of table files listed (WDL and DTZ).
    pub fn files(&self) -> usize {
        self.files.len()
    }

    /// The most men (kings included) a table holds: 3 to 7.
    pub fn max_men(&self) -> usize {
        self.max_men
    }

    /// The table files that failed while positions were probed (corrupt, no table, or needed
    /// and missing), each once, in path order.
    pub fn failures(&self) -> Vec<TableError> {
        self.failed
            .lock()
            .map(|f| f.values().cloned().collect())
            .unwrap_or_default()
    }

    /// The WDL table file of `board`'s material, where a folder holds it.
    pub fn table_of(&self, board: &shakmaty::Board) -> Option<&Path> {
        self.file(&self.material_name(board), TableKind::Wdl)
            .map(PathBuf::as_path)
    }

    /// The file of a table, by its material's name as the tables write it (`KQvKP`).
    fn file(&self, material: &str, kind: TableKind) -> Option<&PathBuf> {
        self.files.get(&(material.to_string(), kind))
    }

    /// Records that the table of `material` (`KQvKP`) failed, and returns the error.
    fn fail(&self, material: &str, kind: TableKind, why: String) -> TableError {
        let error = match self.file(material, kind) {
            Some(path) => TableError::File {
                path: path.clone(),
                why,
            },
            None => TableError::Missing {
                table: format!("{material}.{}", kind.extension()),
                folders: self.folders.clone(),
            },
        };
        // One report a file (the first way it failed), or a missing table.
        let key = match &error {
            TableError::File { path, .. } => path.to_string_lossy().into_owned(),
            other => other.to_string(),
        };
        if let Ok(mut failed) = self.failed.lock() {
            failed.entry(key).or_insert_with(|| error.clone());
        }
        error
    }
}

/// The material and kind of a table file's name (`KQvKP.rtbw`), `None` for another file.
fn table_name(path: &Path) -> Option<(String, TableKind)> {
    let kind = match path.extension().and_then(OsStr::to_str)? {
        "rtbw" => TableKind::Wdl,
        "rtbz" => TableKind::Dtz,
        _ => return None,
    };
    let stem = path.file_stem()?.to_str()?;
    let (white, black) = stem.split_once('v')?;
    let men = |s: &str| s.starts_with('K') && s.bytes().all(|b| b"KQRBNP".contains(&b));
    (men(white) && men(black)).then(|| (stem.to_string(), kind))
}

/// The folders a tables' path names: `--tablebase` values and [`TABLEBASE_ENV`] are split as
/// `PATH` is (`:` on Unix, `;` on Windows); empty parts are dropped.
pub fn split_folders(path: &OsStr) -> Vec<PathBuf> {
    std::env::split_paths(path)
        .filter(|p| !p.as_os_str().is_empty())
        .collect()
}

#[cfg(test)]
mod tests;
