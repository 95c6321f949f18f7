//! The input loop's load mode: every text of the inputs read whole and handed back with its
//! name and page, for a command that looks at all its texts together (`gbr check`) rather
//! than scanning each as it comes.
//!
//! The walk, the opening and the options are those of the scan loop ([`super::scan_paths`]),
//! from the same [`InputConfig`]; what differs is what happens to a text once it is open, and
//! the words of the messages, which are `gbr check`'s (docs/check.md):
//! - a path the walk leaves out: `gbr: PATH: REASON`, and the run fails (exit status 2), a
//!   link to a folder or a special file inside a folder included, since a text not read is
//!   a text not checked;
//! - an input that cannot be opened or read: the error's chain of causes
//!   (`gbr: cannot read x.gz: unexpected end of file`, [`crate::cli::errors::message`]);
//! - a binary text (a NUL byte in its first 64 KiB, after decoding):
//!   `gbr: PATH: binary, not checked`, left out, not a failure.

use std::fs;
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use gbrscan::PageRef;
use gbrscan::input::{
    Encoding, InputError, InputPath, Loaded, OpenOptions, Opened, Source, Text, WalkOptions,
    is_binary, open_caught, walk_with,
};
use gbrscan::misread::OcrFix;
use gbrscan::scan::InputConfig;

use super::InputCounts;

/// What a plain file was when it was read, to make sure it is the same when something is
/// written back to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Stamp {
    /// Length in bytes.
    len: u64,
    /// Last modification time.
    modified: Option<SystemTime>,
    /// Device and inode: the same file, not another one renamed onto the path.
    #[cfg(unix)]
    id: (u64, u64),
}

impl Stamp {
    /// The stamp of a file whose metadata is `meta`.
    pub fn of(meta: &fs::Metadata) -> Stamp {
        Stamp {
            len: meta.len(),
            modified: meta.modified().ok(),
            #[cfg(unix)]
            id: {
                use std::os::unix::fs::MetadataExt;
                (meta.dev(), meta.ino())
            },
        }
    }

    /// The stamp of the file at `path` (links followed), `None` when it cannot be had.
    pub fn read(path: &Path) -> Option<Stamp> {
        fs::metadata(path).ok().map(|m| Stamp::of(&m))
    }

    /// How the stamp `now` differs from the stamp `then` (`None`: it could not be had), in
    /// words (`40 bytes then, 12 now`), if it does: another file (device and inode), another
    /// length, another modification time, in that order.
    pub fn differs(then: Option<&Stamp>, now: &Stamp) -> Option<String> {
        let Some(then) = then else {
            return Some("it could not be looked at then".to_string());
        };
        #[cfg(unix)]
        if then.id != now.id {
            return Some("another file stands at its path".to_string());
        }
        if then.len != now.len {
            return Some(format!("{} bytes then, {} now", then.len, now.len));
        }
        (then.modified != now.modified).then(|| "modified since".to_string())
    }
}

/// A plain file read whole, as writing to it again (`gbr check --write`) needs it.
#[derive(Debug, Clone)]
pub struct PlainFile {
    /// The path given (or found in a folder given).
    pub path: PathBuf,
    /// How its bytes became the text read.
    pub encoding: Encoding,
    /// Its stamp before it was opened; `None` when it could not be had.
    pub before: Option<Stamp>,
    /// True when it changed while it was read: its stamp after differs, or the map it was
    /// read through saw it shrink (the SIGBUS guard's zeros, `src/input/map/guard.rs`).
    pub changed: bool,
}

impl PlainFile {
    /// The file's device and inode when it was read: two paths to one file (a link and its
    /// target, a path given twice) give the same. `None` where the system has none, or the
    /// stamp could not be had.
    pub fn id(&self) -> Option<(u64, u64)> {
        #[cfg(unix)]
        return self.before.as_ref().map(|s| s.id);
        #[cfg(not(unix))]
        None
    }
}

/// One text of the inputs, read whole by [`Loader::load`].
#[derive(Debug)]
pub struct LoadedText {
    /// The name in references, escaped as every output writes a path (docs/scan-output.md):
    /// the file's, `file.pdf:PAGE` for a PDF's page (PAGE its 1-based index, so that a
    /// reference reads `file.pdf:PAGE:LINE:COLUMN` as the scan's do), `archive.zip!/member`.
    pub name: Arc<str>,
    /// The escaped name of the input it comes from: the file, archive or PDF.
    pub input: Arc<str>,
    /// The PDF page it is; `None` for any other text.
    pub page: Option<PageRef>,
    /// The plain file it is, loaded whole; `None` for a page, an archive member, a
    /// compressed file, standard input, and any input read as a stream.
    pub file: Option<PlainFile>,
    /// Its bytes as read (decoded from UTF-16 or the encoding of `-E`).
    pub text: Vec<u8>,
    /// For a page read through OCR (`--ocr`), the parts of its text read otherwise than OCR
    /// gave them; for a text layer's page read with `--diagrams`, the captions its boards gave
    /// themselves (`Member::pictured`); `None` for any other text.
    pub ocr_fixes: Option<Arc<[OcrFix]>>,
    /// The 0-based offsets in `text` of the line feeds the boards read from pictures added
    /// (`Member::added`), in order; empty for most texts.
    pub added: Vec<u64>,
}

/// The load mode of the input loop: the walk's filters and the open options of an
/// [`InputConfig`], made once and used for every list of paths loaded.
pub struct Loader {
    walk: WalkOptions,
    open: OpenOptions,
    messages: bool,
}

/// What one load has gathered so far.
struct Loading<'a> {
    open: &'a OpenOptions,
    messages: bool,
    out: Vec<LoadedText>,
    counts: InputCounts,
}

impl Loader {
    /// The loader of `config`'s walk filters and open options (OCR when
    /// [`OpenOptions::ocr`] is set); `config.paths` are not looked at ([`Loader::load`] takes
    /// the paths). With `messages` off, nothing is said on stderr (`--no-messages`).
    pub fn new(config: &InputConfig, messages: bool) -> Loader {
        Loader {
            walk: config.walk.clone(),
            open: config.open.clone(),
            messages,
        }
    }

    /// Reads every text of `paths` whole, in input order, as the scan loop reads them
    /// (docs/inputs.md): a text file whole; each page of a PDF as a text of its own; each
    /// member of an archive or compressed file as `archive.zip!/member`. Reports on stderr, in
    /// the words of the module's header, every path the walk left out, every input, member or
    /// page that could not be read (the rest are still read) and every binary text. A panic in
    /// a reader costs its input only, whose texts are then all left out (docs/reliability.md,
    /// "Fault isolation").
    ///
    /// # Errors
    ///
    /// A glob or type of the walk filters that does not parse.
    pub fn load(&self, paths: &[PathBuf]) -> anyhow::Result<(Vec<LoadedText>, InputCounts)> {
        let walked = walk_with(paths, &self.walk)?;
        let mut loading = Loading {
            open: &self.open,
            messages: self.messages,
            out: Vec::new(),
            counts: InputCounts::default(),
        };
        for skipped in &walked.skipped {
            loading.say(&format!("gbr: {skipped}"));
            loading.counts.errors += 1;
        }
        for input in &walked.inputs {
            // Taken before the file is opened, so that a change while it is read shows.
            let before = match input {
                InputPath::File(p) => Stamp::read(p),
                InputPath::Stdin => None,
            };
            // A panic in a reader costs this input only.
            match open_caught(input, &self.open) {
                Ok(Opened::Whole(loaded)) if loaded.binary => {
                    loading.say(&format!(
                        "gbr: {}: binary, not checked",
                        gbrscan::source_path::shown(input.path())
                    ));
                    loading.counts.not_scanned += 1;
                }
                Ok(Opened::Whole(loaded)) => loading.whole(input, &loaded, before),
                Ok(Opened::Source(source)) => loading.source(source),
                Err(err) => loading.failed(err),
            }
        }
        let mut counts = loading.counts;
        counts.had_error = counts.errors > 0;
        Ok((loading.out, counts))
    }
}

impl Loading<'_> {
    /// Says `line` on stderr unless messages are off.
    fn say(&self, line: &str) {
        if self.messages {
            eprintln!("{line}");
        }
    }

    /// Tells of an input, member or page that could not be read, and counts it.
    fn failed(&mut self, err: InputError) {
        self.say(&format!(
            "gbr: {}",
            crate::cli::errors::message(&err.into())
        ));
        self.counts.errors += 1;
    }

    /// Keeps an input loaded whole, with its plain file's stamps when it is one.
    fn whole(&mut self, input: &InputPath, loaded: &Loaded, before: Option<Stamp>) {
        let name: Arc<str> = Arc::from(self.open.name(input).escaped().as_ref());
        let text = loaded.bytes.to_vec();
        self.counts.files += 1;
        self.counts.bytes += text.len() as u64;
        self.out.push(LoadedText {
            input: name.clone(),
            name,
            page: None,
            file: match input {
                InputPath::File(p) => Some(PlainFile {
                    changed: loaded.bytes.changed() || before.is_none() || Stamp::read(p) != before,
                    path: p.clone(),
                    encoding: loaded.encoding,
                    before,
                }),
                InputPath::Stdin => None,
            },
            text,
            ocr_fixes: None,
            added: Vec::new(),
        });
    }

    /// Keeps every text of an input read member by member (an archive, a compressed file, a
    /// PDF's pages); none when a panic stopped it before its end.
    fn source(&mut self, source: Source) {
        let input_name: Arc<str> = Arc::from(source.name().escaped().as_ref());
        // The name as bytes, for a message that escapes it once.
        let input_path = source.name().to_path_buf();
        let kept = self.out.len();
        let mut bytes = 0;
        let open = self.open;
        let visited = gbrscan::fault::catch(|| {
            source.visit(open, &mut |member| {
                let mut text = Vec::new();
                match member.text {
                    Text::Bytes(bytes) => text.extend_from_slice(bytes),
                    Text::Stream(reader) => {
                        reader.read_to_end(&mut text)?;
                    }
                }
                // A page OCR gave, read for OCR's misreadings as the scan reads it.
                let (text, ocr_fixes) = gbrscan::scan::read_whole(text, member.ocr.as_deref());
                // The captions boards gave themselves on a text layer's page.
                let ocr_fixes = ocr_fixes
                    .or_else(|| (!member.pictured.is_empty()).then(|| Arc::from(member.pictured)));
                let name = member.name.escaped();
                let name = match &member.page {
                    Some(page) => format!("{name}:{}", page.index),
                    None => name.to_string(),
                };
                if is_binary(&text) {
                    self.say(&format!("gbr: {name}: binary, not checked"));
                    self.counts.not_scanned += 1;
                } else {
                    bytes += text.len() as u64;
                    self.out.push(LoadedText {
                        name: Arc::from(name),
                        input: input_name.clone(),
                        page: member.page,
                        file: None,
                        text,
                        ocr_fixes,
                        added: member.added.to_vec(),
                    });
                }
                Ok(ControlFlow::Continue(()))
            })
        });
        let problems = match visited {
            Ok(problems) => {
                self.counts.files += 1;
                self.counts.bytes += bytes;
                problems
            }
            Err(fault) => {
                // None of the input's texts is kept: it was not read to its end.
                self.out.truncate(kept);
                vec![InputError::Internal {
                    path: input_path,
                    at: 0,
                    message: fault.message,
                }]
            }
        };
        for problem in problems {
            self.failed(problem);
        }
    }
}
