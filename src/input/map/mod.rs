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
use std::io::{self, Read};
use std::ops::Deref;
use std::path::Path;

use memmap2::Mmap;

use super::{InputError, InputPath};

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
    /// and was answered with zeros (the map's SIGBUS guard, `src/input/map.rs`); no system
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
/// every core, which a tree of 100 KB files pays 20,000 times (measured with
/// `benches/compare.sh`: a tree scanned at 1.5 GB/s with mmap, no faster at -j2 than at -j1).
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

/// Reads `file` to its end into a vector of `room` bytes' capacity (its length and one, where
/// known): each read asks for all the room left, so a file of known length takes one read and
/// one that finds its end. (`Read::read_to_end` without a size hint asks 8 KiB, then twice as
/// much each time: five reads for a file of 100 KB; with one, `File` asks its length and
/// position again first.) The vector grows as `read_to_end`'s would where the file is longer
/// than it said. Interrupted reads are retried.
#[cfg(unix)]
fn read_sized(file: File, room: usize) -> io::Result<Contents> {
    let mut bytes = spare_buffer(room);
    loop {
        if bytes.len() == bytes.capacity() {
            bytes.reserve(bytes.capacity().max(SMALLEST_READ));
        }
        match rustix::io::read(&file, rustix::buffer::spare_capacity(&mut bytes)) {
            Ok(0) => return Ok(Contents::Owned(bytes)),
            Ok(_) => {}
            Err(rustix::io::Errno::INTR) => {}
            Err(errno) => return Err(errno.into()),
        }
    }
}

/// [`read_sized`] elsewhere: `read_to_end` through `take`, which asks no length or position.
#[cfg(not(unix))]
fn read_sized(file: File, room: usize) -> io::Result<Contents> {
    let mut bytes = spare_buffer(room);
    file.take(u64::MAX).read_to_end(&mut bytes)?;
    Ok(Contents::Owned(bytes))
}

thread_local! {
    /// This thread's spare read buffer: the bytes of the last text it finished with
    /// ([`recycle`]), emptied, for [`read_sized`] to read the next file into.
    static SPARE: std::cell::Cell<Vec<u8>> = const { std::cell::Cell::new(Vec::new()) };
}

/// The largest buffer (in bytes of capacity) kept as a thread's spare: four times the
/// largest file read rather than mapped ([`MMAP_MIN_LEN`]), so that a file read whole
/// without a map (`--no-mmap`, a pipe) is not held after its scan.
const SPARE_MAX: usize = 4 * MMAP_MIN_LEN as usize;

/// An empty vector of at least `room` bytes' capacity: this thread's spare when it is large
/// enough, else a new one.
fn spare_buffer(room: usize) -> Vec<u8> {
    let mut bytes = SPARE.take();
    if bytes.capacity() < room {
        return Vec::with_capacity(room);
    }
    bytes.clear();
    bytes
}

/// Gives the bytes of a text the caller has finished with to this thread's spare read buffer,
/// which the next file this thread reads (not maps) is read into; a map, or bytes of more than
/// 4 MiB of capacity, are simply dropped. The buffer kept is the larger of the spare and
/// these bytes.
///
/// Why: a tree of small files reads one new buffer a file. With mimalloc, freed buffers of
/// 100 KB go back to the system after a few milliseconds and the next ones are faulted in
/// again, and the kernel clears every such page (`clear_page_erms` was up to 20% of the time of a
/// scan of 20,000 files of 100 KB, docs/performance.md, "The tree's read buffers").
pub fn recycle(bytes: Contents) {
    let Contents::Owned(bytes) = bytes else {
        return;
    };
    if bytes.capacity() > SPARE_MAX {
        return;
    }
    SPARE.with(|spare| {
        let kept = spare.take();
        spare.set(if kept.capacity() >= bytes.capacity() {
            kept
        } else {
            bytes
        });
    });
}

/// The least room [`read_sized`] adds when its vector is full: a file longer than it said
/// (`/proc` files say 0) is read 8 KiB at first, as `read_to_end` would.
const SMALLEST_READ: usize = 8 * 1024;

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

#[cfg(target_os = "linux")]
mod guard {
    //! The registry of maps and the SIGBUS handler (see the module's documentation above).

    use std::ffi::{c_int, c_void};
    use std::sync::atomic::Ordering::{AcqRel, Acquire, Relaxed, Release};
    use std::sync::atomic::{AtomicBool, AtomicUsize};
    use std::sync::{Once, OnceLock};

    /// Maps that may be registered at once: a scan holds about one per thread.
    const SLOTS: usize = 256;

    struct Entry {
        taken: AtomicBool,
        /// First byte of the map; 0 while nothing is registered.
        start: AtomicUsize,
        len: AtomicUsize,
        /// Set by the handler when it mapped zeros over part of this map.
        hit: AtomicBool,
    }

    static TABLE: [Entry; SLOTS] = [const {
        Entry {
            taken: AtomicBool::new(false),
            start: AtomicUsize::new(0),
            len: AtomicUsize::new(0),
            hit: AtomicBool::new(false),
        }
    }; SLOTS];
    static PAGE: AtomicUsize = AtomicUsize::new(4096);
    static INSTALL: Once = Once::new();
    static INSTALLED: AtomicBool = AtomicBool::new(false);
    /// The SIGBUS action before ours, put back for a fault that is not ours.
    static PREVIOUS: OnceLock<Action> = OnceLock::new();

    /// `libc::sigaction` holds plain numbers and a function pointer.
    struct Action(libc::sigaction);
    // SAFETY: plain data, written once before it is shared and only read after.
    unsafe impl Sync for Action {}
    // SAFETY: as above.
    unsafe impl Send for Action {}

    /// One registration in the table; released on drop.
    pub(super) struct Slot(usize);

    impl Slot {
        /// A free slot; `None` when the handler is not installed ([`super::enable_mmap`]) or
        /// every slot is taken (the caller then reads the file instead of mapping it).
        pub(super) fn take() -> Option<Slot> {
            if !INSTALLED.load(Acquire) {
                return None;
            }
            let index = TABLE.iter().position(|e| {
                e.taken
                    .compare_exchange(false, true, AcqRel, Acquire)
                    .is_ok()
            })?;
            TABLE[index].hit.store(false, Release);
            Some(Slot(index))
        }

        /// Guards the `len` bytes at `start` (a map's first byte, page-aligned).
        pub(super) fn register(&self, start: usize, len: usize) {
            let entry = &TABLE[self.0];
            entry.len.store(len, Release);
            entry.start.store(start, Release);
        }

        /// Whether a read past the file's end was answered with zeros.
        pub(super) fn hit(&self) -> bool {
            TABLE[self.0].hit.load(Acquire)
        }
    }

    impl Drop for Slot {
        fn drop(&mut self) {
            let entry = &TABLE[self.0];
            entry.start.store(0, Release);
            entry.len.store(0, Release);
            entry.taken.store(false, Release);
        }
    }

    /// Installs the SIGBUS handler, once; true when it is installed.
    pub(super) fn install() -> bool {
        INSTALL.call_once(|| {
            // SAFETY: sysconf has no preconditions.
            let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
            if page > 0 {
                PAGE.store(page as usize, Relaxed);
            }
            // SAFETY: an all-zero sigaction is a valid value (no handler, no flags, empty
            // mask); the fields that matter are set below.
            let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
            action.sa_sigaction = on_sigbus as *const () as usize;
            action.sa_flags = libc::SA_SIGINFO | libc::SA_ONSTACK;
            // SAFETY: zeroed as above, the previous action is written by sigaction.
            let mut previous: libc::sigaction = unsafe { std::mem::zeroed() };
            // SAFETY: `action` is initialised and its handler has the SA_SIGINFO signature;
            // `previous` is a valid place to write to.
            let installed = unsafe {
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(libc::SIGBUS, &action, &mut previous) == 0
            };
            if installed {
                let _ = PREVIOUS.set(Action(previous));
                INSTALLED.store(true, Release);
            }
        });
        INSTALLED.load(Acquire)
    }

    /// The SIGBUS handler. Async-signal-safe: atomics, `mmap` and `sigaction` only.
    extern "C" fn on_sigbus(signal: c_int, info: *mut libc::siginfo_t, _context: *mut c_void) {
        // SAFETY: the kernel passes a valid siginfo_t to a handler installed with SA_SIGINFO.
        let address = unsafe { (*info).si_addr() } as usize;
        let page = PAGE.load(Relaxed);
        for entry in &TABLE {
            let start = entry.start.load(Acquire);
            let len = entry.len.load(Acquire);
            if start == 0 || address < start || address >= start + len {
                continue;
            }
            let from = address & !(page - 1);
            let end = (start + len).next_multiple_of(page);
            // Marked first: a thread that reads the zeros below sees the mark when it asks.
            entry.hit.store(true, Release);
            // SAFETY: [from, end) lies inside a map made and registered by this module, which
            // stays mapped until its slot is released (the slot drops first). Replacing its
            // pages with private zero pages changes what reads of them return, never whether
            // the memory is valid to read; no reference to it is ever written through.
            let zeros = unsafe {
                libc::mmap(
                    from as *mut c_void,
                    end - from,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_FIXED,
                    -1,
                    0,
                )
            };
            if zeros != libc::MAP_FAILED {
                return;
            }
            break;
        }
        // Not ours, or no zeros to be had: put back the action from before and return; the
        // read faults again and meets it.
        // SAFETY: sigaction is async-signal-safe, and both actions are valid values.
        unsafe {
            match PREVIOUS.get() {
                Some(previous) => libc::sigaction(signal, &previous.0, std::ptr::null_mut()),
                None => {
                    libc::signal(signal, libc::SIG_DFL);
                    0
                }
            };
        }
    }
}

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
