//! The OCR tools as child processes (docs/inputs.md, "OCR"): each bounded by a timeout and by
//! the memory it may map (`RLIMIT_AS`, set in the child before it starts the tool), and each
//! work folder removed when the process is stopped by a signal.
//!
//! A work folder holds a copy of the input and the rendered pages: a scanned book can be
//! hundreds of MB. Each is listed here while it lives; on the first one, a thread starts that
//! waits for SIGTERM, SIGINT and SIGHUP (signal-hook's self-pipe, so nothing runs inside the
//! handler), kills the tools still running, removes the folders listed, and then ends the
//! process as the signal would have.

use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, Once};
use std::time::Duration;

use wait_timeout::ChildExt;

use super::OcrError;

/// The work folders and the children alive, for the cleanup on a signal.
struct Alive {
    folders: Vec<PathBuf>,
    children: Vec<u32>,
}

static ALIVE: Mutex<Alive> = Mutex::new(Alive {
    folders: Vec::new(),
    children: Vec::new(),
});

fn alive() -> std::sync::MutexGuard<'static, Alive> {
    ALIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary work folder (`$TMPDIR/gbr-ocr-XXXXXX`), removed when dropped and when the
/// process is stopped by SIGTERM, SIGINT or SIGHUP.
pub(super) struct WorkFolder {
    dir: tempfile::TempDir,
}

impl WorkFolder {
    /// Makes the folder and lists it for the cleanup on a signal.
    pub(super) fn new() -> io::Result<WorkFolder> {
        watch_signals();
        let dir = tempfile::Builder::new().prefix("gbr-ocr-").tempdir()?;
        alive().folders.push(dir.path().to_owned());
        Ok(WorkFolder { dir })
    }

    /// The folder's path.
    pub(super) fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for WorkFolder {
    fn drop(&mut self) {
        let path = self.dir.path();
        alive().folders.retain(|p| p != path);
    }
}

/// Starts, once, the thread that cleans up on SIGTERM, SIGINT and SIGHUP. Where the signals
/// cannot be watched, the folders are removed as before, when the read ends.
fn watch_signals() {
    #[cfg(unix)]
    {
        static ONCE: Once = Once::new();
        ONCE.call_once(|| {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGTERM, SIGINT, SIGHUP])
            else {
                return;
            };
            let _ = std::thread::Builder::new()
                .name("gbr-ocr-signals".to_owned())
                .spawn(move || {
                    if let Some(signal) = signals.forever().next() {
                        clean_up();
                        let _ = signal_hook::low_level::emulate_default_handler(signal);
                        std::process::exit(128 + signal);
                    }
                });
        });
    }
}

/// Kills the children alive and removes the work folders listed.
fn clean_up() {
    let alive = alive();
    #[cfg(unix)]
    for &pid in &alive.children {
        if let Ok(pid) = i32::try_from(pid) {
            // SAFETY: kill(2) with a pid this process spawned and has not yet waited for.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
    }
    for folder in &alive.folders {
        let _ = std::fs::remove_dir_all(folder);
    }
}

/// How a tool is bounded: the longest it may take, the most memory it may map.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bounds {
    /// Killed past it.
    pub timeout: Duration,
    /// `RLIMIT_AS` of the child, in bytes; 0 for none.
    pub memory: u64,
}

/// Runs `command` under `bounds`, its stdout read as it goes: its stdout, or why it failed.
/// A tool that fails names the memory limit when it may be why (killed by a signal, or its
/// last words speak of memory or allocation).
pub(super) fn run(
    tool: &'static str,
    command: &mut Command,
    bounds: Bounds,
) -> Result<Vec<u8>, OcrError> {
    limit_memory(command, bounds.memory);
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| failed(tool, &e))?;
    let pid = child.id();
    alive().children.push(pid);
    let result = wait(tool, &mut child, bounds);
    alive().children.retain(|&p| p != pid);
    result
}

fn wait(tool: &'static str, child: &mut Child, bounds: Bounds) -> Result<Vec<u8>, OcrError> {
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        if let Some(pipe) = stdout.as_mut() {
            let _ = pipe.read_to_end(&mut out);
        }
        out
    });
    let errors = std::thread::spawn(move || {
        let mut err = Vec::new();
        if let Some(pipe) = stderr.as_mut() {
            let _ = pipe.take(64 * 1024).read_to_end(&mut err);
        }
        err
    });
    let status = match child.wait_timeout(bounds.timeout) {
        Ok(Some(status)) => status,
        Ok(None) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(OcrError::Failed {
                tool,
                message: format!(
                    "took longer than {} s and was stopped",
                    bounds.timeout.as_secs_f64()
                ),
            });
        }
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            return Err(failed(tool, &e));
        }
    };
    let out = reader.join().unwrap_or_default();
    let err = errors.join().unwrap_or_default();
    if !status.success() {
        let err = String::from_utf8_lossy(&err);
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim();
        let mut message = format!("{status}: {last}");
        let lower = err.to_ascii_lowercase();
        let memory = status.code().is_none()
            || ["alloc", "memory", "bad_alloc"]
                .iter()
                .any(|w| lower.contains(w));
        if memory && bounds.memory > 0 {
            message.push_str(&format!(
                " (a tool may map {} MiB: --ocr's memory limit)",
                bounds.memory >> 20
            ));
        }
        return Err(OcrError::Failed { tool, message });
    }
    Ok(out)
}

/// Sets `RLIMIT_AS` to `bytes` in the child, before it starts the tool.
fn limit_memory(command: &mut Command, bytes: u64) {
    #[cfg(unix)]
    if bytes > 0 {
        use std::os::unix::process::CommandExt;
        let limit = libc::rlimit {
            rlim_cur: bytes as libc::rlim_t,
            rlim_max: bytes as libc::rlim_t,
        };
        // SAFETY: the closure runs in the forked child before exec and calls setrlimit(2)
        // only, which is async-signal-safe; it allocates nothing and takes no lock.
        #[allow(unsafe_code)]
        unsafe {
            command.pre_exec(move || {
                if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                    Ok(())
                } else {
                    Err(io::Error::last_os_error())
                }
            });
        }
    }
}

pub(super) fn failed(tool: &'static str, err: &io::Error) -> OcrError {
    OcrError::Failed {
        tool,
        message: err.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOUNDS: Bounds = Bounds {
        timeout: Duration::from_secs(10),
        memory: 256 << 20,
    };

    #[test]
    fn a_command_past_its_timeout_is_killed() {
        let err = run(
            "sleep",
            Command::new("sleep").arg("5"),
            Bounds {
                timeout: Duration::from_millis(100),
                memory: 0,
            },
        )
        .expect_err("killed");
        assert_eq!(
            err.to_string(),
            "sleep failed: took longer than 0.1 s and was stopped"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_child_runs_under_the_memory_limit() {
        let out = run("sh", Command::new("sh").args(["-c", "ulimit -v"]), BOUNDS).expect("ran");
        assert_eq!(String::from_utf8_lossy(&out).trim(), "262144");
    }

    #[test]
    fn a_work_folder_is_gone_when_dropped() {
        let folder = WorkFolder::new().expect("a folder");
        let path = folder.path().to_owned();
        assert!(alive().folders.contains(&path));
        drop(folder);
        assert!(!path.exists());
        assert!(!alive().folders.contains(&path));
    }
}
