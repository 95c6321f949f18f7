//! The registry of maps and the SIGBUS handler (the parent module's documentation, "Files that
//! shrink while they are mapped"), on Linux; elsewhere no file is mapped.

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
