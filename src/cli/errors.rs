//! Error messages as a person reads them: the chain of causes joined with `: `, the operating
//! system's reason in its own words without `(os error N)`, and no temporary file's name (a
//! file the user never named, gone once the run ends).

use std::error::Error;
use std::io;

/// The message of `err` and every cause after it, joined with `: `
/// (`cannot write out/x.tsv: not a directory`).
pub fn message(err: &anyhow::Error) -> String {
    join(err.chain())
}

/// The causes of an error, its own message excepted, each after `: `.
pub fn causes(err: &(dyn Error + 'static)) -> String {
    let mut out = String::new();
    let mut source = err.source();
    while let Some(cause) = source {
        out.push_str(": ");
        out.push_str(&one(cause));
        source = cause.source();
    }
    out
}

fn join<'a>(chain: impl Iterator<Item = &'a (dyn Error + 'static)>) -> String {
    let mut parts: Vec<String> = Vec::new();
    for cause in chain {
        let text = one(cause);
        // A wrapper that repeats its cause (`#[error(transparent)]`-like) is said once.
        if parts.last() != Some(&text) && !text.is_empty() {
            parts.push(text);
        }
    }
    parts.join(": ")
}

/// One cause's own message; an I/O error's tidied by [`io_reason`].
fn one(cause: &(dyn Error + 'static)) -> String {
    match cause.downcast_ref::<io::Error>() {
        Some(io) => io_reason(io),
        None => cause.to_string(),
    }
}

/// An I/O error in words: `no such file or directory`, not `No such file or directory (os error
/// 2)`, and without the ` at path "..."` that the tempfile crate adds.
pub fn io_reason(err: &io::Error) -> String {
    let mut text = err.to_string();
    if let Some(at) = text.find(" at path \"") {
        text.truncate(at);
    }
    if let Some(at) = text.find(" (os error ") {
        text.truncate(at);
    }
    // `No such file` but not `EOF` or `UTF-8`: lower the first letter of a sentence only.
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second)) if first.is_uppercase() && second.is_lowercase() => {
            first.to_lowercase().chain(text.chars().skip(1)).collect()
        }
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_words() {
        let os = io::Error::from_raw_os_error(20);
        let cases: [(anyhow::Error, &str); 3] = [
            (
                anyhow::Error::new(io::Error::from_raw_os_error(2)).context("cannot open x.txt"),
                "cannot open x.txt: no such file or directory",
            ),
            (
                anyhow::Error::new(io::Error::new(
                    os.kind(),
                    format!("{os} at path \"/tmp/out/.gbr-1On0T4.tmp\""),
                ))
                .context("cannot write out/x.tsv"),
                "cannot write out/x.tsv: not a directory",
            ),
            (
                anyhow::anyhow!("UTF-8 error").context("cannot read y"),
                "cannot read y: UTF-8 error",
            ),
        ];
        for (err, expected) in cases {
            assert_eq!(message(&err), expected);
        }
    }
}
