//! The progress bar on stderr: bytes scanned of the total, rate and time left.
//!
//! Callers never test whether a bar is shown: [`Progress`] is always there, hidden or not, and
//! routes warnings and output through itself so that neither is torn by a redraw.

use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

/// When to show the bar (`--progress`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ShowProgress {
    /// Never.
    Never,
    /// When stderr is a terminal and stdout is not a pipe, once a scan has run for a second.
    #[default]
    Auto,
    /// From the start, even when stderr is not a terminal.
    Always,
}

/// How long a scan runs before `--progress auto` shows the bar: short runs show nothing.
pub const DELAY: Duration = Duration::from_secs(1);

/// Redraws per second; a steady tick keeps rate and time left moving between chunks.
const TICK: Duration = Duration::from_millis(100);

const TEMPLATE_KNOWN: &str =
    "{spinner} {binary_bytes}/{binary_total_bytes} {wide_bar} {binary_bytes_per_sec}, {eta} left";
const TEMPLATE_UNKNOWN: &str = "{spinner} {binary_bytes} {binary_bytes_per_sec}";

/// Gives `bar` its length and the template that shows it, or the template without one.
fn set_total(bar: &ProgressBar, total: Option<u64>) {
    let template = match total {
        Some(total) => {
            bar.set_length(total);
            TEMPLATE_KNOWN
        }
        None => TEMPLATE_UNKNOWN,
    };
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
}

/// A progress bar that may be hidden. All methods work the same either way.
#[derive(Debug)]
pub struct Progress {
    bar: ProgressBar,
    /// Set once OCR queues pages: the bar then counts pages, not bytes.
    paged: Arc<AtomicBool>,
    /// False when the bar can never be shown (`--progress never`, or `auto` without a terminal
    /// to show it on): bytes done are then not counted at all. Counting costs a lock, a clock
    /// read and the rate's estimate a call, and a tree of small files calls once a file
    /// (docs/performance.md, "Against the build before the reading rules").
    counts: bool,
    /// True when stdout is a terminal too: output is written with the bar cleared.
    stdout_is_terminal: bool,
    /// Wakes the thread that shows the bar after [`DELAY`]: dropping it cancels the showing.
    cancel: Option<mpsc::Sender<()>>,
    shower: Option<JoinHandle<()>>,
}

impl Progress {
    /// A bar over the bytes `total` gives (`None` when unknown, as for stdin), shown as `when`
    /// says. `total` is called only for a bar that may be shown, and for `auto` on the thread
    /// that waits to show it: adding up the sizes of 20,000 files takes tens of milliseconds,
    /// which a scan whose bar is never shown should not wait for.
    pub fn new(
        when: ShowProgress,
        total: impl FnOnce() -> Option<u64> + Send + 'static,
    ) -> Progress {
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
        let mut progress = Progress {
            bar,
            paged: Arc::new(AtomicBool::new(false)),
            counts: true,
            stdout_is_terminal: io::stdout().is_terminal(),
            cancel: None,
            shower: None,
        };
        match when {
            ShowProgress::Never => progress.counts = false,
            ShowProgress::Always => {
                set_total(&progress.bar, total());
                let target = if io::stderr().is_terminal() {
                    ProgressDrawTarget::stderr()
                } else {
                    ProgressDrawTarget::term_like(Box::new(PlainStderr))
                };
                progress.bar.set_draw_target(target);
                progress.bar.force_draw();
                progress.bar.enable_steady_tick(TICK);
            }
            ShowProgress::Auto if io::stderr().is_terminal() && !stdout_is_pipe() => {
                let (cancel, wait) = mpsc::channel::<()>();
                let bar = progress.bar.clone();
                progress.cancel = Some(cancel);
                progress.shower = Some(std::thread::spawn(move || {
                    set_total(&bar, total());
                    if wait.recv_timeout(DELAY) == Err(mpsc::RecvTimeoutError::Timeout) {
                        bar.set_draw_target(ProgressDrawTarget::stderr());
                        bar.enable_steady_tick(TICK);
                    }
                }));
            }
            ShowProgress::Auto => progress.counts = false,
        }
        progress
    }

    /// Adds `bytes` done, when the bar may be shown. Callable from any thread.
    pub fn inc(&self, bytes: u64) {
        if self.counts && !self.paged.load(Ordering::Relaxed) {
            self.bar.inc(bytes);
        }
    }

    /// The handle OCR counts its pages through: from the first page queued, the bar counts
    /// pages read of pages queued.
    pub fn pages(&self) -> Pages {
        Pages {
            bar: self.bar.clone(),
            paged: self.paged.clone(),
        }
    }

    /// Writes one line to stderr above the bar. A failure to write to stderr is ignored: there
    /// is nowhere left to report it.
    pub fn warn(&self, line: &str) {
        self.bar.suspend(|| {
            let _ = writeln!(io::stderr().lock(), "{line}");
        });
    }

    /// Runs `write`, which writes to stdout and flushes, with the bar cleared when stdout is a
    /// terminal too (where the two would mix on screen).
    pub fn around_output<R>(&self, write: impl FnOnce() -> R) -> R {
        if self.stdout_is_terminal {
            self.bar.suspend(write)
        } else {
            write()
        }
    }

    /// Removes the bar from the screen. Also done on drop.
    pub fn finish(&mut self) {
        drop(self.cancel.take());
        if let Some(shower) = self.shower.take() {
            let _ = shower.join();
        }
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// True when stdout is a pipe. Its reader may be a pager (`gbr scan big | less`) drawing on the
/// terminal that stderr is too, where a bar would tear its screen; so `--progress auto` shows
/// no bar then, while a terminal, a file or `/dev/null` as stdout leaves stderr's terminal free.
/// The bar as OCR drives it: pages queued and read ([`Progress::pages`]).
#[derive(Debug, Clone)]
pub struct Pages {
    bar: ProgressBar,
    paged: Arc<AtomicBool>,
}

const TEMPLATE_PAGES: &str = "{spinner} OCR page {pos}/{len} {wide_bar} {per_sec}, {eta} left";

impl Pages {
    /// `n` more pages queued.
    pub fn queued(&self, n: u64) {
        if !self.paged.swap(true, Ordering::SeqCst) {
            if let Ok(style) = ProgressStyle::with_template(TEMPLATE_PAGES) {
                self.bar.set_style(style);
            }
            self.bar.set_length(0);
            self.bar.set_position(0);
            self.bar.reset_eta();
        }
        self.bar.inc_length(n);
    }

    /// One page read.
    pub fn done(&self) {
        self.bar.inc(1);
    }
}

#[cfg(unix)]
fn stdout_is_pipe() -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::FileTypeExt;
    io::stdout()
        .as_fd()
        .try_clone_to_owned()
        .and_then(|fd| std::fs::File::from(fd).metadata())
        .is_ok_and(|meta| meta.file_type().is_fifo())
}

/// Elsewhere a pipe cannot be told from a file: assume the reader may share the terminal.
#[cfg(not(unix))]
fn stdout_is_pipe() -> bool {
    true
}

/// Stderr when it is not a terminal (`--progress always 2>log`): plain ANSI cursor moves.
#[derive(Debug)]
struct PlainStderr;

impl PlainStderr {
    fn write(&self, text: &str) -> io::Result<()> {
        io::stderr().lock().write_all(text.as_bytes())
    }

    /// The ANSI control sequence `ESC [ n letter`, nothing when `n` is 0.
    fn csi(&self, n: usize, letter: char) -> io::Result<()> {
        if n == 0 {
            return Ok(());
        }
        self.write(&format!("\x1b[{n}{letter}"))
    }
}

impl TermLike for PlainStderr {
    fn width(&self) -> u16 {
        80
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.csi(n, 'A')
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.csi(n, 'B')
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.csi(n, 'C')
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.csi(n, 'D')
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.write(&format!("{s}\n"))
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.write(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.write("\r\x1b[2K")
    }

    fn flush(&self) -> io::Result<()> {
        io::stderr().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A bar that can never be shown counts no bytes; one that may be shown counts them all.
    /// (`--progress always` is left out: it draws on the tests' stderr.)
    #[test]
    fn only_a_bar_that_may_be_shown_counts_bytes() {
        let never = Progress::new(ShowProgress::Never, || Some(1000));
        never.inc(100);
        assert_eq!(never.bar.position(), 0);
        let mut shown = Progress::new(ShowProgress::Never, || Some(1000));
        shown.counts = true;
        shown.inc(100);
        shown.inc(20);
        assert_eq!(shown.bar.position(), 120);
    }
}
