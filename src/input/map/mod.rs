//! Getting a file's bytes into memory: a memory map for regular files, a plain read otherwise.
//!
//! This module holds the library's only `unsafe` code: the call that maps a file, and the
//! guard that keeps a mapped file truncated by another process from killing us.
//!
//! # Files that shrink while they are mapped
//!
//! Reading a page of a map past the file's new end raises SIGBUS, whose default action ends the
//! process. Every map made here is registered ([`guard`]); a SIGBUS handler, installed once
//! by the program's explicit choice ([`enable_mmap`]; until then every file is read),
//! looks the faulting address up, maps zero-filled anonymous memory over the rest of that map
//! from the faulting page on (`MAP_FIXED`), marks the map as hit and returns, so the read is
//! retried and sees zeros. An address in no registered map is not ours: the handler puts back
//! the handler that was there before (Rust's own, or the default) and returns, so the fault
//! happens again and is handled as it would have been without us. [`MappedFile::changed`] then
//! tells the scanner, which reports the file ("changed while it was read") and keeps only the
//! records it read before (docs/reliability.md).
#![allow(unsafe_code)]

use std::fmt;
use std::fs::File;
use std::io;
use std::ops::Deref;
use std::path::Path;

use memmap2::Mmap;

use super::{InputError, InputPath};

mod read;

pub use read::recycle;
use read::{read_all, read_sized};

/// A memory map of a whole regular file, guarded against the file shrinking under it.
pub struct MappedFile {
    /// The guard's registration, released before the map is unmapped (fields drop in order).
    slot: guard::Slot,
    map: Mmap,
    /// The file, to compare its length with the map's.
    file: File,
}

impl MappedFile {
    /// `true` when the file shrank below the mapped length since it was mapped, or a read of
    /// the map fell past its end (and read zeros). Growth is not a change: the map holds the
    /// file as it was when opened. Costs one `fstat`.
    pub fn changed(&self) -> bool {
        self.read_zeros()
            || self
                .file
                .metadata()
                .is_ok_and(|m| m.len() < self.map.len() as u64)
    }

    /// `true` when a read of the map fell past the file's end and read zeros. The guard marks
    /// the map before it maps the zeros, so no zero is read before this is `true`.
    pub fn read_zeros(&self) -> bool {
        self.slot.hit()
    }
}

/// The bytes of one loaded input, either mapped from the file or owned in memory.
///
/// Both variants dereference to `[u8]`, so the scanner does not care which one it gets.
pub enum Contents {
    /// A read-only memory map of a whole regular file.
    Mapped(MappedFile),
    /// Bytes read into memory, or produced by decoding UTF-16.
    Owned(Vec<u8>),
}

impl Deref for Contents {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Contents::Mapped(mapped) => &mapped.map,
            Contents::Owned(bytes) => bytes,
        }
    }
}

impl Contents {
    /// `true` when these bytes are a map of a file that has shrunk under it since
    /// (an `fstat` of the mapped file): the bytes read may hold zeros where the file's were. Always
    /// `false` for bytes in memory. Costs an `fstat` for a map.
    pub fn changed(&self) -> bool {
        match self {
            Contents::Mapped(mapped) => mapped.changed(),
            Contents::Owned(_) => false,
        }
    }

    /// Lets the kernel drop this process's page-table entries for `range` of a memory-mapped
    /// file the scanner is done with (`MADV_DONTNEED`), so that the work is shared by the
    /// workers instead of done by one thread at exit. The bytes stay the file's: a later read
    /// of the range maps them again from the page cache. `range` is in 0-based byte offsets,
    /// widened to whole pages; an empty range, or one reaching past the map, is ignored, as are
    /// bytes in memory and every system but Linux. Advice only: a refusal by the kernel changes
    /// nothing.
    pub fn release(&self, range: std::ops::Range<usize>) {
        #[cfg(target_os = "linux")]
        if let Contents::Mapped(mapped) = self
            && range.start < range.end
            && range.end <= mapped.map.len()
        {
            // SAFETY: the map is a read-only map of a file (or zeros the guard mapped over
            // its truncated tail); dropping its pages loses nothing, as a later read maps the
            // file's bytes (or zeros) again.
            let _ = unsafe {
                mapped.map.unchecked_advise_range(
                    memmap2::UncheckedAdvice::DontNeed,
                    range.start,
                    range.len(),
                )
            };
        }
        #[cfg(not(target_os = "linux"))]
        let _ = range;
    }

    /// `true` when a read of these bytes fell past the end of a file that shrank under its map
    /// and was answered with zeros (the map's SIGBUS guard, `src/input/map/`); no system
    /// call.
    pub fn read_zeros(&self) -> bool {
        match self {
            Contents::Mapped(mapped) => mapped.read_zeros(),
            Contents::Owned(_) => false,
        }
    }
}

impl fmt::Debug for Contents {
    /// Shows the variant and the length in bytes, never the (possibly huge) contents.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self {
            Contents::Mapped(_) => "Mapped",
            Contents::Owned(_) => "Owned",
        };
        f.debug_struct(kind).field("len", &self.len()).finish()
    }
}

/// Read `input` whole: mapped when `mmap` is set and it is a non-empty regular file, read
/// otherwise (a failed map falls back to a read).
/// Files shorter than this (1 MiB) are read rather than mapped even when mapping is asked
/// for: mapping and unmapping cost system calls and, with several threads, a TLB shootdown on
/// every core, which a tree of small files pays once a file (docs/performance.md,
/// "Measurements behind the code").
/// ripgrep likewise maps only single large files.
pub const MMAP_MIN_LEN: u64 = 1 << 20;

/// Lets files be memory-mapped ([`super::LoadOptions::mmap`]): installs, once for the process,
/// the SIGBUS handler that guards every map against its file shrinking (the module's
/// documentation). Until a program calls it, every file is read, never mapped, and the library
/// touches no signal handler. Returns false where the handler cannot be installed (or outside
/// Linux): files are then read.
///
/// # Safety
///
/// A map is sound only while no other process changes the file; the guard makes a truncation
/// read as zeros, and a write changes bytes that are only ever read as plain `u8`s. The handler
/// is process-wide: the caller owns the process's SIGBUS handling, and nothing may replace the
/// handler afterwards while files are mapped (a handler installed before is kept, and called
/// for faults outside the maps).
pub unsafe fn enable_mmap() -> bool {
    guard::install()
}

pub(super) fn read_input(input: &InputPath, mmap: bool) -> Result<Contents, InputError> {
    match input {
        InputPath::Stdin => read_all(io::stdin().lock(), input.path()),
        InputPath::File(path) => read_file(path, mmap),
    }
}

fn read_file(path: &Path, mmap: bool) -> Result<Contents, InputError> {
    let file = File::open(path).map_err(|source| InputError::Open {
        path: path.to_owned(),
        source,
    })?;
    let metadata = file.metadata().ok();
    read_open_file(file, metadata.as_ref(), path, mmap)
}

/// [`read_file`] of a file already open, with its metadata where known: a tree of small files
/// pays one `open`, one `fstat` and the reads for each, and nothing more.
pub(super) fn read_open_file(
    file: File,
    metadata: Option<&std::fs::Metadata>,
    path: &Path,
    mmap: bool,
) -> Result<Contents, InputError> {
    // Small files are read, not mapped (see `MMAP_MIN_LEN`); so are files of length 0: a truly
    // empty file reads as an empty buffer at no cost, and files such as those in /proc report a
    // length of 0 yet have contents.
    let len = metadata.filter(|m| m.is_file()).map(|m| m.len());
    // Room for the whole file and the read that finds its end, so that the vector does not
    // grow.
    let room = len.map_or(0, |len| usize::try_from(len).unwrap_or(0).saturating_add(1));
    let file = if mmap && len.is_some_and(|len| len >= MMAP_MIN_LEN) {
        match map_file(file) {
            Ok(mapped) => return Ok(Contents::Mapped(mapped)),
            Err(file) => file,
        }
    } else {
        file
    };
    read_sized(file, room).map_err(|source| InputError::Read {
        path: path.to_owned(),
        source,
    })
}

fn map_file(file: File) -> Result<MappedFile, File> {
    // Register first: no slot, no map (the file is read instead).
    let Some(slot) = guard::Slot::take() else {
        return Err(file);
    };
    // SAFETY: a memory map is only sound while nobody else changes the file. A truncation by
    // another process is survived: reads past the new end fault, and the guard's SIGBUS handler
    // maps zeros there (`guard`); the map is registered below before any byte of it is read.
    // A write by another process changes bytes under the scanner while it reads them; we only
    // ever read them as plain `u8`s, so no invariant of ours depends on them (the records read
    // from such bytes are what the file said at that moment).
    let Ok(map) = (unsafe { Mmap::map(&file) }) else {
        return Err(file);
    };
    slot.register(map.as_ptr() as usize, map.len());
    // Advice only: a failure changes speed, never the bytes, so it is ignored.
    #[cfg(unix)]
    let _ = map.advise(memmap2::Advice::Sequential);
    Ok(MappedFile { slot, map, file })
}

#[cfg(target_os = "linux")]
mod guard;
#[cfg(not(target_os = "linux"))]
mod guard {
    //! Elsewhere no handler is installed, so no file is mapped: every file is read.
    pub(super) struct Slot;
    /// Nothing to install: files are read.
    pub(super) fn install() -> bool {
        false
    }
    impl Slot {
        pub(super) fn take() -> Option<Slot> {
            None
        }
        pub(super) fn register(&self, _start: usize, _len: usize) {}
        pub(super) fn hit(&self) -> bool {
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owned_contents_deref_to_their_bytes() {
        assert_eq!(&*Contents::Owned(b"0323.12".to_vec()), b"0323.12");
    }

    #[test]
    fn debug_shows_variant_and_length_only() {
        let shown = format!("{:?}", Contents::Owned(b"abc".to_vec()));
        assert_eq!(shown, "Owned { len: 3 }");
    }

    #[test]
    fn read_all_collects_every_byte() {
        let contents = read_all(&b"a\0b"[..], Path::new("x")).expect("reading a slice cannot fail");
        assert_eq!(&*contents, b"a\0b");
    }
}
