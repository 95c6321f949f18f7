//! How the tables' files are read: a table of at most [`HELD_TABLE`] bytes is read whole into
//! memory when a position first needs it, while the tables held stay under [`HELD_TOTAL`];
//! any other is read where a probe needs it (`pread`). A probe reads a table some ten times,
//! a few bytes each: read from the file, the system calls took half a probe's time
//! (docs/performance.md, "The tables"). Safe code only: no map of a file another process may
//! truncate.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use shakmaty_syzygy::filesystem::{Filesystem, OsFilesystem, RandomAccessFile, ReadHint};

/// The largest table read whole into memory, in bytes: every 3-, 4- and 5-man table but the
/// largest few (a 5-man WDL table is up to some 20 MB); 6- and 7-man tables are read where
/// needed.
pub const HELD_TABLE: u64 = 16 << 20;

/// The most bytes of tables held in memory at once.
pub const HELD_TOTAL: u64 = 512 << 20;

/// The tables' filesystem: [`OsFilesystem`]'s listing, and files held or read as the module
/// says.
#[derive(Debug, Default)]
pub(super) struct TableFiles {
    os: OsFilesystem,
    /// Bytes of tables held so far.
    held: AtomicU64,
}

impl Filesystem for TableFiles {
    fn regular_file_size(&self, path: &Path) -> io::Result<u64> {
        self.os.regular_file_size(path)
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<PathBuf>> {
        self.os.read_dir(path)
    }

    fn open(&self, path: &Path) -> io::Result<Box<dyn RandomAccessFile>> {
        let file = File::open(path)?;
        let len = file.metadata()?.len();
        let room = self
            .held
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| {
                (len <= HELD_TABLE && held + len <= HELD_TOTAL).then_some(held + len)
            })
            .is_ok();
        if room {
            let mut bytes = Vec::with_capacity(len as usize);
            io::Read::read_to_end(&mut io::Read::take(&file, len), &mut bytes)?;
            return Ok(Box::new(Held(bytes)));
        }
        Ok(Box::new(Unheld(file)))
    }
}

/// A table read whole.
struct Held(Vec<u8>);

impl RandomAccessFile for Held {
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        let from = usize::try_from(offset)
            .unwrap_or(usize::MAX)
            .min(self.0.len());
        let n = buf.len().min(self.0.len() - from);
        buf[..n].copy_from_slice(&self.0[from..from + n]);
        Ok(n)
    }
}

/// A table read where a probe needs it.
struct Unheld(File);

impl RandomAccessFile for Unheld {
    #[cfg(unix)]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        std::os::unix::fs::FileExt::read_at(&self.0, buf, offset)
    }

    #[cfg(windows)]
    fn read_at(&self, buf: &mut [u8], offset: u64, _hint: ReadHint) -> io::Result<usize> {
        std::os::windows::fs::FileExt::seek_read(&self.0, buf, offset)
    }
}
