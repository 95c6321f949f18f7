//! The summary line that ends `gbr scan`'s text output on stderr
//! (`6 codes in 1 file, 1 invalid, 2 unchecked, 0 warnings, 318 B in 0.01 s`): split off, its
//! time (which varies) written `T`, so that the rest of stderr and the line itself compare
//! exactly.

use regex::Regex;

/// `stderr` without its last line when that is a summary line, and that line with the time as
/// `T` (`..., 318 B in T s`).
pub fn split(stderr: &str) -> (String, Option<String>) {
    let line =
        Regex::new(r"(?m)^(\d+ codes? in \d+ files?, .*) in \d+\.\d\d s\n\z").expect("regex");
    match line.captures(stderr) {
        Some(found) => {
            let start = found.get(0).expect("match").start();
            (
                stderr[..start].to_string(),
                Some(format!("{} in T s", &found[1])),
            )
        }
        None => (stderr.to_string(), None),
    }
}
