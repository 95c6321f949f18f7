//! Panics caught at the input they happen in (docs/reliability.md, "Fault isolation").
//!
//! A bug in a reading rule, or in a dependency (the PDF reader, a decompressor), must cost the
//! input it happened on and nothing else: the scan of every other input goes on, no worker is
//! left waiting, and the run reports the input, the byte and the message. [`catch`] runs one
//! piece of work and turns a panic into a [`Fault`]; [`install_quiet_hook`] (an opt-in for
//! binaries, as it changes a process-wide setting) keeps caught panics off the terminal and
//! gives each fault the place in the source where it was raised.
//!
//! `inject` lets tests raise a panic at a chosen byte of a text, through the environment
//! variable [`INJECT_VAR`], to prove that a fault is isolated.

use std::cell::{Cell, RefCell};
use std::panic::{self, AssertUnwindSafe};
use std::sync::OnceLock;

/// A panic caught by [`catch`]: its message, with the source location where it was raised
/// when [`install_quiet_hook`] is in place (`slice index starts at 2 but ends at 1
/// (src/context/lines.rs:370:10)`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// The panic's message and, where known, its location.
    pub message: String,
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

thread_local! {
    /// How many [`catch`] calls this thread is inside.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The location of the last panic raised inside a [`catch`] on this thread.
    static LOCATION: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs `work`; a panic inside it (and not caught deeper) becomes `Err(Fault)`.
///
/// The work is treated as unwind safe: callers drop whatever state the work touched (a
/// chunk's half-made records, a reader) or keep only what it finished before the panic.
///
/// # Errors
///
/// [`Fault`] with the panic's message when `work` panics.
pub fn catch<T>(work: impl FnOnce() -> T) -> Result<T, Fault> {
    DEPTH.with(|d| d.set(d.get() + 1));
    let result = panic::catch_unwind(AssertUnwindSafe(work));
    DEPTH.with(|d| d.set(d.get() - 1));
    result.map_err(|payload| {
        let mut message = payload_message(payload.as_ref());
        if let Some(at) = LOCATION.with(|l| l.borrow_mut().take()) {
            message.push_str(" (");
            message.push_str(&at);
            message.push(')');
        }
        Fault { message }
    })
}

/// The text of a panic's payload: its `&str` or `String`, else a fixed phrase.
pub fn payload_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_owned()
    }
}

/// Installs a panic hook for the whole process: a panic raised inside [`catch`] prints
/// nothing (its caller reports it, once, with the input and the byte) and records where it
/// was raised for the [`Fault`]; any other panic goes to the hook that was there before
/// (Rust's default: the message and, under `RUST_BACKTRACE`, the trace).
///
/// Call it once, early, from a binary; a library caller that does not install it still gets
/// every fault caught and reported, with the default hook's output on standard error.
pub fn install_quiet_hook() {
    let before = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if DEPTH.with(Cell::get) > 0 {
            let at = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            LOCATION.with(|l| *l.borrow_mut() = at);
        } else {
            before(info);
        }
    }));
}

/// The environment variable that makes `inject` panic: a 0-based byte offset of a text.
/// A test hook (docs/reliability.md, "Fault isolation"); unset, it costs one look-up of a
/// `OnceLock` per batch of a scan.
pub const INJECT_VAR: &str = "GBRSCAN_INJECT_PANIC";

/// The byte [`INJECT_VAR`] names, read once per process.
fn injected_at() -> Option<u64> {
    static AT: OnceLock<Option<u64>> = OnceLock::new();
    *AT.get_or_init(|| std::env::var(INJECT_VAR).ok()?.trim().parse().ok())
}

/// Panics when [`INJECT_VAR`] names a byte in `range`: the 0-based byte offsets of the text
/// about to be scanned, counted from the start of that text.
pub(crate) fn inject(range: std::ops::Range<u64>) {
    if let Some(at) = injected_at()
        && range.contains(&at)
    {
        panic!("fault injected at byte {at} ({INJECT_VAR})");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_a_fault_with_its_message_and_the_work_goes_on() {
        let fault = catch::<u32>(|| panic!("broken at {}", 7)).unwrap_err();
        assert!(fault.message.starts_with("broken at 7"), "{fault}");
        assert_eq!(catch(|| 5), Ok(5));
        let slice: &[u8] = b"abc";
        let (i, j) = (std::hint::black_box(2), std::hint::black_box(1));
        let fault = catch(|| slice[i..j].len()).unwrap_err();
        assert!(fault.message.contains("slice index starts at 2"), "{fault}");
    }

    #[test]
    fn nested_catches_each_catch_their_own() {
        let outer = catch(|| {
            let inner = catch::<()>(|| panic!("inner"));
            assert_eq!(inner.unwrap_err().message.split(' ').next(), Some("inner"));
            panic!("outer")
        });
        assert!(outer.unwrap_err().message.starts_with("outer"));
    }
}
