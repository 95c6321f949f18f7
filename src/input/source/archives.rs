//! The archives and compressed files of [`Visitor`]: a gzip, bzip2, xz or zstd stream
//! decompressed as it is read (its layers counted, its inflation bounded), a tar's and a zip's
//! members each read as whatever kind their first bytes show, a zip that is a Word,
//! OpenDocument or EPUB document read as one (`documents.rs`).

use std::cell::{Cell, RefCell};
use std::io::{self, Read, Seek};
use std::rc::Rc;

use super::Visitor;
use crate::input::extract::epub;
use crate::input::kind::Kind;
use crate::input::readers::{Compressed, Counted, Ending, Limited, Members};
use crate::input::{Document, InputError};
use crate::source_path::SourcePath;

impl Visitor<'_, '_> {
    /// Reads the stream `reader` of `name`, compressed as `kind`, decompressed as it is read,
    /// inside `depth` archives and `layers` compressions.
    pub(super) fn compressed(
        &mut self,
        name: &SourcePath,
        kind: Kind,
        reader: &mut dyn Read,
        depth: u32,
        layers: u32,
    ) {
        let count = Rc::new(Cell::new(0));
        let counted = Counted {
            inner: reader,
            count: count.clone(),
        };
        let ending = Rc::new(RefCell::new(Ending::default()));
        let decoder = Members::new(counted, kind, ending.clone());
        let mut limited = Limited {
            inner: decoder,
            compressed: Compressed::Counted(count),
            limit: self.opts.limit,
            out: 0,
        };
        self.reader(name, &mut limited, depth, layers + 1);
        let ending = ending.take();
        if let Some(err) = ending.error {
            self.problem(Self::read_problem(name, err));
        } else if let Some(offset) = ending.garbage_at {
            self.problem(InputError::TrailingGarbage {
                path: name.to_path_buf(),
                offset,
            });
        }
    }

    /// Reads each file of the tar stream `reader` of `name` (inside `depth` archives) as
    /// whatever kind its first bytes show; a broken header ends the archive.
    pub(super) fn tar(&mut self, name: &SourcePath, reader: &mut dyn Read, depth: u32) {
        let mut archive = tar::Archive::new(reader);
        let entries = match archive.entries() {
            Ok(entries) => entries,
            Err(cause) => return self.problem(archive_problem(name, cause)),
        };
        for entry in entries {
            if self.stopped {
                return;
            }
            let mut entry = match entry {
                Ok(entry) => entry,
                // The stream cannot be read past a broken header.
                Err(cause) => return self.problem(archive_problem(name, cause)),
            };
            if !entry.header().entry_type().is_file() {
                continue;
            }
            let member = name.member(&entry.path_bytes());
            self.reader(&member, &mut entry, depth + 1, 0);
        }
    }

    /// Reads the zip `bytes` of `name` (inside `depth` archives): a Word, OpenDocument or
    /// EPUB document as one, else each member as whatever kind its first bytes show; a damaged
    /// member is reported and the next one read.
    pub(super) fn zip(&mut self, name: &SourcePath, bytes: impl Read + Seek, depth: u32) {
        let mut archive = match zip::ZipArchive::new(bytes) {
            Ok(archive) => archive,
            Err(cause) => return self.problem(archive_problem(name, cause.into())),
        };
        if let Some((document, parts)) = Document::of(&mut archive) {
            return self.document(name, &mut archive, document, &parts);
        }
        if epub::is_epub(&mut archive) {
            return self.epub(name, &mut archive);
        }
        for index in 0..archive.len() {
            if self.stopped {
                return;
            }
            let file = match archive.by_index(index) {
                Ok(file) => file,
                Err(cause) => {
                    let member = name.member(format!("#{}", index + 1).as_bytes());
                    self.problem(archive_problem(&member, cause.into()));
                    continue;
                }
            };
            if !file.is_file() {
                continue;
            }
            // The name's bytes as stored: a name that is not UTF-8 (an old zip's code page)
            // is kept as it is, as a file name is.
            let member = name.member(file.name_raw());
            let mut limited = Limited {
                compressed: Compressed::Known(file.compressed_size()),
                inner: file,
                limit: self.opts.limit,
                out: 0,
            };
            self.reader(&member, &mut limited, depth + 1, 0);
        }
    }
}

pub(super) fn archive_problem(name: &SourcePath, cause: io::Error) -> InputError {
    InputError::Archive {
        path: name.to_path_buf(),
        cause,
    }
}
