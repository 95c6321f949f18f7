//! One dispatcher from an input to its texts: a text file is one text; a compressed file is
//! decompressed as it is read; an archive is one text per member; a PDF is one text per page.
//! The scanner gets each text as a [`Member`] and never knows which kind it came from.
//!
//! Kinds are told by their first bytes ([`Kind::sniff`]), at every level: a `.tar.gz` is a
//! gzip stream whose output sniffs as tar. Archives nest one level: a zip inside a zip is
//! opened, a zip inside that is reported ([`InputError::TooDeep`]).

use std::fs::File;
use std::io::{self, Cursor, Read};
use std::ops::ControlFlow;
use std::sync::Arc;

use super::extract::tesseract::{DiagramOptions, OcrOptions};
use super::kind::Kind;
use super::readers::{DecodeReader, InflateLimit};
use super::{Encoding, InputError, InputPath, LoadOptions, Loaded};
use crate::misread::OcrFix;
use crate::source_path::PageRef;
use crate::source_path::SourcePath;

mod archives;
mod documents;
mod head;
mod pages;
mod pictures;

use head::{head_of, read_head, unsupported};

/// Everything that decides how inputs are opened; all of it comes from command-line flags.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    /// Memory-mapping and binary files. With `mmap` off, every file is read as a stream.
    pub load: LoadOptions,
    /// How far a compressed file or member may inflate.
    pub limit: InflateLimit,
    /// The name standard input goes by in references (`--label`, as bytes); `<stdin>` when
    /// `None`.
    pub stdin_label: Option<SourcePath>,
    /// OCR (`--ocr`): the pages of a PDF without a text layer and page images are read through
    /// it; `None` reports such a PDF and skips an image as a binary file.
    pub ocr: Option<OcrOptions>,
    /// The diagrams drawn on the pages of a PDF with a text layer (`--diagrams`): each such
    /// page rendered and searched for boards, each board read sure written into its text
    /// above its caption; `None` reads the text layer alone.
    pub diagrams: Option<DiagramOptions>,
}

impl OpenOptions {
    /// The name `input` goes by in references: its path's bytes, `<stdin>`, or the stdin
    /// label.
    pub fn name(&self, input: &InputPath) -> SourcePath {
        match (input, &self.stdin_label) {
            (InputPath::Stdin, Some(label)) => label.clone(),
            _ => SourcePath::from_path(input.path()),
        }
    }
}

/// An input, opened.
pub enum Opened {
    /// A regular text file loaded whole (memory-mapped when large): the scanner cuts it into
    /// chunks and scans them in parallel.
    Whole(Loaded),
    /// Anything else (standard input, a pipe, a device, any file under `--no-mmap`, a
    /// compressed file, an archive, a PDF): its texts are read one after the other with
    /// [`Source::visit`].
    Source(Source),
}

/// An input whose texts are read in order by [`Source::visit`].
pub struct Source {
    name: SourcePath,
    raw: Raw,
}

enum Raw {
    /// Loaded whole (mapped) and known not to be plain text.
    Loaded(Loaded),
    /// A stream of unknown kind and length.
    Stream(Box<dyn Read + Send>),
}

/// One text of an input: the whole of a text file or stream, a decompressed file, an archive
/// member, a PDF page.
pub struct Member<'a> {
    /// The name it goes by in references: the input's path, or `archive.zip!/issue-12.txt`
    /// for an archive member (`!/` between the archive and the member's path inside it).
    pub name: SourcePath,
    /// The PDF page it is (its 1-based index and the page as printed), `None` for text that
    /// is no PDF page.
    pub page: Option<PageRef>,
    /// How its bytes were decoded.
    pub encoding: Encoding,
    /// Its bytes.
    pub text: Text<'a>,
    /// `Some` for a text OCR gave (`--ocr`: a scanned PDF page, a page image), as Tesseract
    /// gave it: the lines of it Tesseract read again (an [`crate::misread::OcrFix`] of part `None`, offsets
    /// in the text), maybe none. Such a text is read for OCR's misreadings of codes before it
    /// is scanned, by the scan ([`crate::scan::read_ocr`]): nothing here knows codes. `None`
    /// for any other text.
    pub ocr: Option<Arc<[OcrFix]>>,
    /// The 0-based byte offsets in the text of the line feeds written into it that the source
    /// does not hold, in order: the eight lines of each board read from a picture
    /// (`--diagrams`, `--ocr`) and a caption a board gave itself. A record's line does not
    /// count them, so that it is the line of the source's own text, with or without the boards
    /// (docs/reading.md, "Diagrams in pictures"). Empty for any other text.
    pub added: &'a [u64],
    /// The captions boards gave themselves in a text OCR did not give (a text layer's page
    /// read with `--diagrams`, docs/reading.md, "A board without a caption"): each an
    /// [`OcrFix`] `from_picture` with nothing found, at its offset in the text, which the
    /// record of that caption carries as an OCR'd page's does. Empty for any other text (an
    /// OCR'd page's are among its [`Member::ocr`]).
    pub pictured: &'a [OcrFix],
}

/// The bytes of a [`Member`].
pub enum Text<'a> {
    /// All in memory (a PDF page).
    Bytes(&'a [u8]),
    /// To be read block by block (anything else): never held whole.
    Stream(&'a mut dyn Read),
}

/// What scanning a [`Member`] answers: go on or stop, or a read error, which
/// [`Source::visit`] reports as the member's problem.
pub type Visited = Result<ControlFlow<()>, io::Error>;

/// Opens `input`: a regular file loaded whole when memory-mapping is on and it is plain text,
/// anything else as a [`Source`].
///
/// # Errors
///
/// [`InputError::Open`] when a file cannot be opened, [`InputError::Read`] when loading it
/// fails.
pub fn open(input: &InputPath, opts: &OpenOptions) -> Result<Opened, InputError> {
    // The name is made only for a source: a text loaded whole is named by the scanner.
    let path = match input {
        InputPath::Stdin => {
            let raw = Raw::Stream(Box::new(io::stdin()));
            let name = opts.name(input);
            return Ok(Opened::Source(Source { name, raw }));
        }
        InputPath::File(path) => path,
    };
    let file = File::open(path).map_err(|source| InputError::Open {
        path: path.clone(),
        source,
    })?;
    // A regular file, told by the open file's metadata (one `fstat`, which the read uses too).
    let regular = opts
        .load
        .mmap
        .then(|| file.metadata().ok())
        .flatten()
        .filter(|m| m.is_file());
    if let Some(metadata) = regular {
        let loaded = super::load_open(file, &metadata, path, opts.load)?;
        let head = head_of(&loaded.bytes);
        // An OLE file other than a `.doc` is any binary file.
        let kind = Kind::sniff(head);
        let name = || opts.name(input);
        let plain = match kind {
            Kind::Text => true,
            Kind::Ole => unsupported(kind, &name()).is_none(),
            Kind::Image => opts.ocr.is_none(),
            _ => false,
        };
        if plain {
            return Ok(Opened::Whole(loaded));
        }
        let raw = Raw::Loaded(loaded);
        return Ok(Opened::Source(Source { name: name(), raw }));
    }
    let raw = Raw::Stream(Box::new(file));
    let name = opts.name(input);
    Ok(Opened::Source(Source { name, raw }))
}

/// [`open`], with a panic in a reader (a decompressor, the archive, PDF or document reader)
/// caught and given as [`InputError::Internal`] for `input`, so that the run goes on with the
/// next input (docs/reliability.md, "Fault isolation"). The scan's workers and `gbr check`'s
/// loader open every input so.
///
/// # Errors
///
/// Those of [`open`]; [`InputError::Internal`] (at byte 0) when opening panicked.
pub fn open_caught(input: &InputPath, opts: &OpenOptions) -> Result<Opened, InputError> {
    crate::fault::catch(|| open(input, opts)).unwrap_or_else(|fault| {
        Err(InputError::Internal {
            path: input.path().to_path_buf(),
            at: 0,
            message: fault.message,
        })
    })
}

impl Source {
    /// The name the input goes by in references.
    pub fn name(&self) -> &SourcePath {
        &self.name
    }

    /// Hands each text of the input to `scan`, in order (archive members in archive order,
    /// PDF pages in page order), and returns the problems met on the way, each naming the
    /// file, member or page it concerns. A problem ends the member it is in; the members
    /// after it are still read where the format allows (a zip's members are independent; a
    /// broken tar or compressed stream cannot be read past the break).
    pub fn visit(
        self,
        opts: &OpenOptions,
        scan: &mut dyn FnMut(Member<'_>) -> Visited,
    ) -> Vec<InputError> {
        let mut visitor = Visitor {
            opts,
            scan,
            problems: Vec::new(),
            stopped: false,
        };
        let name = self.name;
        match self.raw {
            // A zip or a PDF in memory (mapped) is read in place, never copied.
            Raw::Loaded(loaded) => match Kind::sniff(head_of(&loaded.bytes)) {
                Kind::Zip => visitor.zip(&name, Cursor::new(&loaded.bytes[..]), 0),
                Kind::Pdf => visitor.pdf(&name, &loaded.bytes),
                Kind::Html => visitor.html_file(&name, &loaded.bytes),
                Kind::Image if opts.ocr.is_some() => visitor.image(&name, &loaded.bytes),
                _ => visitor.reader(&name, &mut &loaded.bytes[..], 0, 0),
            },
            Raw::Stream(mut reader) => visitor.reader(&name, &mut reader, 0, 0),
        }
        visitor.problems
    }
}

/// Compressed layers opened inside one another at most (a `.gz` of a `.gz`...): a guard
/// against recursion, far above any real file.
const MAX_LAYERS: u32 = 4;

struct Visitor<'o, 's> {
    opts: &'o OpenOptions,
    scan: &'s mut dyn FnMut(Member<'_>) -> Visited,
    problems: Vec<InputError>,
    /// Set when the scanner asked to stop: nothing more is read.
    stopped: bool,
}

impl Visitor<'_, '_> {
    fn problem(&mut self, err: InputError) {
        self.problems.push(err);
    }

    fn read_problem(name: &SourcePath, source: io::Error) -> InputError {
        InputError::Read {
            path: name.to_path_buf(),
            source,
        }
    }

    /// Reads `reader`, the data of `name` inside `depth` archives and `layers` compressions,
    /// as whatever kind its first bytes show.
    fn reader(&mut self, name: &SourcePath, reader: &mut dyn Read, depth: u32, layers: u32) {
        if self.stopped {
            return;
        }
        let head = match read_head(reader) {
            Ok(head) => head,
            Err(err) => return self.problem(Self::read_problem(name, err)),
        };
        let kind = Kind::sniff(&head);
        if let Some(what) = unsupported(kind, name) {
            return self.problem(InputError::Unsupported {
                path: name.to_path_buf(),
                what,
            });
        }
        let image = kind == Kind::Image && self.opts.ocr.is_some();
        if matches!(kind, Kind::Text | Kind::Ole | Kind::Image) && !image {
            return self.text(name, head, reader);
        }
        let mut whole = Cursor::new(head).chain(reader);
        match kind {
            Kind::Text => {} // read above
            Kind::Gzip | Kind::Bzip2 | Kind::Xz | Kind::Zstd if layers < MAX_LAYERS => {
                self.compressed(name, kind, &mut whole, depth, layers);
            }
            Kind::Gzip | Kind::Bzip2 | Kind::Xz | Kind::Zstd => {
                self.problem(InputError::TooDeep {
                    path: name.to_path_buf(),
                });
            }
            Kind::Zip | Kind::Tar if depth >= 2 => {
                self.problem(InputError::TooDeep {
                    path: name.to_path_buf(),
                });
            }
            Kind::Tar => self.tar(name, &mut whole, depth),
            Kind::Rtf | Kind::Ole => {} // refused or read above
            Kind::Html => self.html_stream(name, &mut whole),
            Kind::Zip | Kind::Pdf | Kind::Image => {
                match read_bounded(&mut whole, self.opts.limit.floor) {
                    Ok(bytes) if kind == Kind::Zip => self.zip(name, Cursor::new(bytes), depth),
                    Ok(bytes) if kind == Kind::Image => self.image(name, &bytes),
                    Ok(bytes) => self.pdf(name, &bytes),
                    Err(err) => self.problem(Self::read_problem(name, err)),
                }
            }
        }
    }

    /// A text whose first bytes are `head`: UTF-16 (a UTF-16 byte order mark, which is
    /// dropped), or any text when the user named its encoding (`-E`; a UTF-8 byte order mark
    /// is then dropped), is decoded as it is read; anything else is scanned as it is.
    fn text(&mut self, name: &SourcePath, head: Vec<u8>, reader: &mut dyn Read) {
        let encoding = Encoding::sniff_named(&head, self.opts.load.encoding);
        let mut head = Cursor::new(head);
        let visited = if encoding == Encoding::Bytes {
            self.member(name, None, encoding, Text::Stream(&mut head.chain(reader)))
        } else {
            // Past the byte order mark: UTF-16's, or UTF-8's before a named encoding.
            let bom = match encoding {
                Encoding::Named(_) if head.get_ref().starts_with(b"\xEF\xBB\xBF") => 3,
                Encoding::Named(_) => 0,
                _ => 2,
            };
            head.set_position(bom);
            let mut decoded = DecodeReader::new(head.chain(reader), encoding);
            self.member(name, None, encoding, Text::Stream(&mut decoded))
        };
        if let Err(err) = visited {
            self.problem(Self::read_problem(name, err));
        }
    }

    fn member(
        &mut self,
        name: &SourcePath,
        page: Option<PageRef>,
        encoding: Encoding,
        text: Text<'_>,
    ) -> io::Result<()> {
        self.hand(Member {
            name: name.clone(),
            page,
            encoding,
            text,
            ocr: None,
            added: &[],
            pictured: &[],
        })
    }

    fn hand(&mut self, member: Member<'_>) -> io::Result<()> {
        if (self.scan)(member)?.is_break() {
            self.stopped = true;
        }
        Ok(())
    }
}

/// All of `reader` in memory, refused when it is longer than `most` bytes (a zip or a PDF
/// read from a stream, which its reader needs whole).
fn read_bounded(reader: &mut dyn Read, most: u64) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(most + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > most {
        return Err(io::Error::other(format!(
            "needs to be read whole and is larger than {most} bytes (--max-inflate raises the \
             limit)"
        )));
    }
    Ok(bytes)
}
