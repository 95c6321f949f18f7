//! Reading a file into memory without a map: one read of a known length, into this thread's
//! spare buffer, which the bytes of the last text it finished with are given back to
//! ([`recycle`]).

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

use super::{Contents, MMAP_MIN_LEN};
use crate::input::InputError;

/// Reads `file` to its end into a vector of `room` bytes' capacity (its length and one, where
/// known): each read asks for all the room left, so a file of known length takes one read and
/// one that finds its end. (`Read::read_to_end` without a size hint asks 8 KiB, then twice as
/// much each time: five reads for a file of 100 KB; with one, `File` asks its length and
/// position again first.) The vector grows as `read_to_end`'s would where the file is longer
/// than it said. Interrupted reads are retried.
#[cfg(unix)]
pub(super) fn read_sized(file: File, room: usize) -> io::Result<Contents> {
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
pub(super) fn read_sized(file: File, room: usize) -> io::Result<Contents> {
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
/// again, and the kernel clears every such page (docs/performance.md, "The tree's read
/// buffers").
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

pub(super) fn read_all(mut reader: impl Read, path: &Path) -> Result<Contents, InputError> {
    let mut bytes = Vec::new();
    reader
        .read_to_end(&mut bytes)
        .map_err(|source| InputError::Read {
            path: path.to_owned(),
            source,
        })?;
    Ok(Contents::Owned(bytes))
}
