//! Getting a file's bytes into memory: a memory map for regular files, a plain read otherwise.
//!
//! This module holds the library's only `unsafe` code: the call that maps a file.
#![allow(unsafe_code)]

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;

use memmap2::Mmap;

use super::{InputError, InputPath};

/// The bytes of one loaded input, either mapped from the file or owned in memory.
///
/// Both variants dereference to `[u8]`, so the scanner does not care which one it gets.
pub enum Contents {
    /// A read-only memory map of a whole regular file.
    Mapped(Mmap),
    /// Bytes read into memory, or produced by decoding UTF-16.
    Owned(Vec<u8>),
}

impl Deref for Contents {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        match self {
            Contents::Mapped(map) => map,
            Contents::Owned(bytes) => bytes,
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
/// every core, which a tree of 100 KB files pays 20,000 times (measured with
/// `benches/compare.sh`: a tree scanned at 1.5 GB/s with mmap, no faster at -j2 than at -j1).
/// ripgrep likewise maps only single large files.
pub const MMAP_MIN_LEN: u64 = 1 << 20;

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
    // Small files are read, not mapped (see `MMAP_MIN_LEN`); so are files of length 0: a truly
    // empty file reads as an empty buffer at no cost, and files such as those in /proc report a
    // length of 0 yet have contents.
    let mappable = file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() >= MMAP_MIN_LEN);
    if mmap
        && mappable
        && let Some(map) = map_file(&file)
    {
        return Ok(Contents::Mapped(map));
    }
    read_all(file, path)
}

fn map_file(file: &File) -> Option<Mmap> {
    // SAFETY: a memory map is only sound while nobody else changes the file. If another process
    // truncates the file while it is mapped, reading past the new end raises SIGBUS and kills
    // us; if it writes to the file, the bytes under the scanner change while it reads them (we
    // only ever read them as plain `u8`s, so no invariant of ours depends on them). We cannot
    // prevent either from here. Like ripgrep, we accept the risk for the speed on large files,
    // and the user who scans files that change has `--no-mmap` (`LoadOptions::mmap == false`).
    let map = unsafe { Mmap::map(file) }.ok()?;
    // Advice only: a failure changes speed, never the bytes, so it is ignored.
    #[cfg(unix)]
    let _ = map.advise(memmap2::Advice::Sequential);
    Some(map)
}

fn read_all(mut reader: impl Read, path: &Path) -> Result<Contents, InputError> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Read {
            path: path.to_owned(),
            source,
        })?;
    Ok(Contents::Owned(bytes))
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
