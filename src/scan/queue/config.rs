//! [`InputConfig`]: the one configuration of the input stage, what a run reads and how.

use std::path::PathBuf;

use crate::context::label::LabelRules;
use crate::input::{OpenOptions, Walk, WalkError, WalkOptions, walk_with};

use crate::scan::ScanOptions;

/// What a run reads and how: the paths, what the walk keeps inside folders, how each input is
/// opened (memory-mapping, binary files, encoding, inflate limit, standard input's name, OCR),
/// how its texts are scanned (chunk size, PGN, label rules) and on how many threads.
///
/// Built once, by the CLI from its flags (`gbr scan`, `index`, `text`, `check`) or by a
/// library caller, and read by every stage under it: the walk ([`InputConfig::walk`]), the
/// opening ([`crate::input::open`] with [`InputConfig::open`]) and the scan
/// ([`crate::scan::scan_inputs`], whose [`ScanInputs`](crate::scan::ScanInputs) borrows it and
/// adds only what one call decides: the fields filled and the progress callback). No setting
/// is held twice: [`ScanOptions`], [`OpenOptions`] and [`WalkOptions`] are its parts, not
/// copies. `InputConfig::default()` is every flag of `gbr scan` at its default, with no path.
#[derive(Debug, Clone, Default)]
pub struct InputConfig {
    /// Files and folders to read (folders recursively); `-` for standard input. The walk
    /// reads them as given: a caller that wants a default (the CLI's `.` or `-`) puts it here.
    pub paths: Vec<PathBuf>,
    /// What the walk keeps inside folders: globs, types, depth, ignore files, links.
    pub walk: WalkOptions,
    /// How each input is opened and read to text; OCR on when [`OpenOptions::ocr`] is set.
    pub open: OpenOptions,
    /// Bytes per chunk of a large text (speed only, never the result).
    pub scan: ScanOptions,
    /// Read every input as PGN ([`crate::pgn`]); inputs named `*.pgn` always are.
    pub pgn: bool,
    /// The key names of study data (JSON, JSON Lines, CSV and TSV read by their keys:
    /// [`crate::keyed`]): the built-in ones and `--key FIELD=NAME`.
    pub keys: crate::keyed::Keys,
    /// How the label of each study is read (docs/printing.md, "Labels"), when the scan reads
    /// labels at all ([`crate::Fields::All`]).
    pub labels: LabelRules,
    /// Threads of the scan's pool; `None`: one per core.
    pub threads: Option<usize>,
}

impl InputConfig {
    /// The inputs named by [`InputConfig::paths`], folders walked under
    /// [`InputConfig::walk`], with what the walk left out.
    ///
    /// # Errors
    ///
    /// [`WalkError`] when a glob or a type name does not parse.
    pub fn walk(&self) -> Result<Walk, WalkError> {
        walk_with(&self.paths, &self.walk)
    }
}
