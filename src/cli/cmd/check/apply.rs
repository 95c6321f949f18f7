//! `gbr check --diff` and `--write`: the fixes the library's rule takes
//! ([`gbrscan::copies::fixes`]) shown as a diff ([`gbrscan::render::check::diff`]) or written
//! into their files ([`write_back`]), each file once (docs/check.md, "--diff and patch").

use std::collections::HashSet;
use std::io::{self, Write};
use std::path::PathBuf;

use gbrscan::check::Fix;
use gbrscan::copies::fixes::{Doubt, undecided, unique_fixes};
use gbrscan::copies::{Diagnostic, apply};
use gbrscan::render::check::{DiffNames, diff, visible};

use super::write::write_back;
use crate::cli::inputs::{LoadedText, PlainFile};

/// What `--diff` or `--write` is asked to do.
pub struct Stage<'a> {
    /// True for `--diff`, false for `--write`.
    pub diff: bool,
    /// The paths given: a link among them is written through.
    pub paths: &'a [PathBuf],
    /// True when the diff goes to a terminal: its lines are made visible.
    pub terminal: bool,
}

/// Shows or writes the fixes of `shown` (whose doubts are `doubts`) in the texts `loaded`;
/// what is left out, and why, goes to standard error. True when a file could not be written.
pub fn fix(
    w: &mut impl Write,
    stage: &Stage<'_>,
    loaded: &[LoadedText],
    shown: &[&Diagnostic],
    doubts: &[Option<Doubt>],
) -> anyhow::Result<bool> {
    for (d, doubt) in shown.iter().zip(doubts) {
        if let (Some(doubt), Some(fix)) = (doubt, d.fixes.first()) {
            eprintln!(
                "gbr: {}:{}:{}: `{}` not written: {doubt}",
                d.path,
                d.line,
                d.column,
                visible(&fix.replacement)
            );
        }
    }
    let applied = unique_fixes(shown, loaded.len(), doubts);
    // The names the diff gives its files: relative to the current folder, or from the
    // root when a file lies outside it (docs/check.md, "--diff and patch").
    let current = std::env::current_dir().and_then(std::fs::canonicalize).ok();
    let names = DiffNames::new(
        current,
        applied
            .iter()
            .zip(loaded)
            .filter(|(edits, _)| !edits.is_empty())
            .filter_map(|(_, l)| l.file.as_ref().map(|f| f.path.as_path())),
    );
    if stage.diff && names.is_from_root() {
        eprintln!(
            "gbr: the diff names its files from the root (some lie outside the current \
             folder): apply it with `patch -p1 -d /`"
        );
    }
    let mut failed = false;
    // Files written or diffed, by device and inode: a file given twice (or through a link)
    // is read twice, fixed alike, and written (or diffed) once.
    let mut written = HashSet::new();
    for (l, edits) in loaded.iter().zip(&applied).filter(|(_, e)| !e.is_empty()) {
        let again = l
            .file
            .as_ref()
            .and_then(PlainFile::id)
            .is_some_and(|id| !written.insert(id));
        if again && stage.diff {
            eprintln!(
                "gbr: {}: the same file as an input before it, in the diff once",
                l.name
            );
        } else if again {
            writeln!(
                w,
                "{}: the same file as an input before it, fixed once",
                l.name
            )?;
        } else if stage.diff {
            diff_one(w, &names, l, edits, stage.terminal)?;
        } else {
            failed |= !write_one(w, stage.paths, l, edits)?;
        }
    }
    let skipped = undecided(shown);
    if skipped > 0 {
        eprintln!("gbr: {skipped} fixes left out: more than one candidate, or none certain");
    }
    Ok(failed)
}

/// The diff of `edits` to `l`, or why it has none.
fn diff_one(
    w: &mut impl Write,
    names: &DiffNames,
    l: &LoadedText,
    edits: &[Fix],
    terminal: bool,
) -> io::Result<()> {
    match &l.file {
        Some(file) if file.encoding == gbrscan::input::Encoding::Bytes => {
            let new = apply(&l.text, edits);
            diff(w, &names.name(&file.path), &l.text, &new, terminal)?;
        }
        Some(_) => eprintln!(
            "gbr: {}: not in the diff: a UTF-16 file, to which patch cannot apply \
             a diff of its text; --write fixes it in UTF-16",
            l.name
        ),
        None => eprintln!(
            "gbr: {}: not in the diff: only a plain file can be patched (not a PDF \
             page, an archive member, a compressed file or standard input); its {} \
             fixes are the diagnostics of `gbr check` without --diff",
            l.name,
            edits.len()
        ),
    }
    Ok(())
}

/// Writes `edits` into the file of `l`: false when it could not (said on standard error).
fn write_one(
    w: &mut impl Write,
    paths: &[PathBuf],
    l: &LoadedText,
    edits: &[Fix],
) -> io::Result<bool> {
    let new = apply(&l.text, edits);
    let result = match &l.file {
        // A link is written through only when it was given by name: the walk skips
        // those inside folders, and this holds if it ever does not.
        Some(file) if !paths.contains(&file.path) && is_link(&file.path) => Err(anyhow::anyhow!(
            "{}: not written: a symbolic link found inside a folder (give it by                          name to write through it)",
            l.name
        )),
        Some(file) => write_back(file, &l.text, &new),
        None => Err(anyhow::anyhow!(
            "cannot write fixes to {}: only a plain file can be changed (use --diff)",
            l.name
        )),
    };
    match result {
        Ok(()) => writeln!(w, "{}: {} fixes applied", l.name, edits.len()).map(|()| true),
        Err(err) => {
            // Said in order with what went to standard output before it.
            w.flush()?;
            eprintln!("gbr: {}", crate::cli::errors::message(&err));
            Ok(false)
        }
    }
}

/// True when `path` is a symbolic link.
fn is_link(path: &std::path::Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}
