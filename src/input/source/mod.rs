//! One dispatcher from an input to its texts: a text file is one text; a compressed file is
//! decompressed as it is read; an archive is one text per member; a PDF is one text per page.
//! The scanner gets each text as a [`Member`] and never knows which kind it came from.
//!
//! Kinds are told by their first bytes ([`Kind::sniff`]), at every level: a `.tar.gz` is a
//! gzip stream whose output sniffs as tar. Archives nest one level: a zip inside a zip is
//! opened, a zip inside that is reported ([`InputError::TooDeep`]).

use std::cell::{Cell, RefCell};
use std::fs::File;
use std::io::{self, Cursor, Read, Seek};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::Arc;

use super::extract::tesseract::{OcrOptions, Scanned};
use super::extract::{html, pdf, tesseract};
use super::kind::{Kind, SNIFF_LEN};
use super::readers::{Compressed, Counted, DecodeReader, Ending, InflateLimit, Limited, Members};
use super::{Document, Encoding, InputError, InputPath, LoadOptions, Loaded};
use crate::misread::OcrFix;
use crate::source_path::PageRef;
use crate::source_path::SourcePath;

mod documents;

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
    /// gave it: the lines of it Tesseract read again ([`crate::misread::OcrPart::Line`], offsets
    /// in the text), maybe none. Such a text is read for OCR's misreadings of codes before it
    /// is scanned, by the scan ([`crate::scan::read_ocr`]): nothing here knows codes. `None`
    /// for any other text.
    pub ocr: Option<Arc<[OcrFix]>>,
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
                Kind::Html => visitor.html(&name, &loaded.bytes),
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
        })
    }

    /// A page OCR gave, `text` as Tesseract gave it, with its lines read again (`reread`).
    fn member_ocr(
        &mut self,
        name: &SourcePath,
        page: Option<PageRef>,
        text: &str,
        reread: Arc<[OcrFix]>,
    ) -> io::Result<()> {
        self.hand(Member {
            name: name.clone(),
            page,
            encoding: Encoding::Bytes,
            text: Text::Bytes(text.as_bytes()),
            ocr: Some(reread),
        })
    }

    fn hand(&mut self, member: Member<'_>) -> io::Result<()> {
        if (self.scan)(member)?.is_break() {
            self.stopped = true;
        }
        Ok(())
    }

    fn compressed(
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

    fn tar(&mut self, name: &SourcePath, reader: &mut dyn Read, depth: u32) {
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

    fn zip(&mut self, name: &SourcePath, bytes: impl Read + Seek, depth: u32) {
        let mut archive = match zip::ZipArchive::new(bytes) {
            Ok(archive) => archive,
            Err(cause) => return self.problem(archive_problem(name, cause.into())),
        };
        if let Some((document, parts)) = Document::of(&mut archive) {
            return self.document(name, &mut archive, document, &parts);
        }
        if super::extract::epub::is_epub(&mut archive) {
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

    fn pdf(&mut self, name: &SourcePath, bytes: &[u8]) {
        let opts = self.opts;
        let read = match &opts.ocr {
            None => pdf::pages(bytes, opts.limit),
            Some(ocr) => {
                pdf::read(bytes, opts.limit).map(|pages| self.ocr_pdf(name, bytes, pages, ocr))
            }
        };
        let pages = match read {
            Ok(pages) => pages,
            Err(cause) => {
                return self.problem(InputError::Pdf {
                    path: name.to_path_buf(),
                    cause,
                });
            }
        };
        for page in pages {
            if self.stopped {
                return;
            }
            match page.text {
                Ok(text) => {
                    let visited = match page.ocr {
                        Some(reread) => self.member_ocr(name, Some(page.number), &text, reread),
                        None => {
                            let text = Text::Bytes(text.as_bytes());
                            self.member(name, Some(page.number), Encoding::Bytes, text)
                        }
                    };
                    if let Err(err) = visited {
                        self.problem(Self::read_problem(name, err));
                    }
                }
                Err(message) => self.problem(InputError::PdfPage {
                    path: name.to_path_buf(),
                    page: page.number.index,
                    message,
                }),
            }
        }
    }
}

impl Visitor<'_, '_> {
    /// The pages of a PDF that have no text layer (no text but white space) read through OCR;
    /// the other pages as they were. A tool missing is
    /// a problem of the file, a page OCR failed on a problem of that page.
    fn ocr_pdf(
        &mut self,
        name: &SourcePath,
        bytes: &[u8],
        mut pages: Vec<pdf::Page>,
        opts: &OcrOptions,
    ) -> Vec<pdf::Page> {
        let blank: Vec<usize> = (0..pages.len())
            .filter(|&i| pages[i].text.as_ref().is_ok_and(|t| t.trim().is_empty()))
            .collect();
        if blank.is_empty() {
            return pages;
        }
        let numbers: Vec<u32> = blank.iter().map(|&i| pages[i].number.index).collect();
        match tesseract::read_pages(bytes, Scanned::Pdf, &numbers, opts) {
            Ok(texts) => {
                for (i, text) in blank.into_iter().zip(texts) {
                    let page = &mut pages[i];
                    match text {
                        Ok(text) => {
                            page.text = Ok(text.text);
                            page.ocr = Some(text.reread.into());
                        }
                        Err(err) => page.text = Err(err.to_string()),
                    }
                }
                // The folios printed on the scanned pages, as a text layer's are read.
                pdf::number_after_ocr(&mut pages);
            }
            Err(cause) => self.problem(InputError::Ocr {
                path: name.to_path_buf(),
                page: None,
                cause,
            }),
        }
        pages
    }

    /// A page image read through OCR: its text, or each page's of a multi-page TIFF (numbered
    /// as a PDF's pages are, by index).
    fn image(&mut self, name: &SourcePath, bytes: &[u8]) {
        let Some(opts) = &self.opts.ocr else { return };
        let texts = match tesseract::read_pages(bytes, Scanned::Image, &[], opts) {
            Ok(texts) => texts,
            Err(cause) => {
                return self.problem(InputError::Ocr {
                    path: name.to_path_buf(),
                    page: None,
                    cause,
                });
            }
        };
        let paged = bytes.starts_with(b"II*\0") || bytes.starts_with(b"MM\0*");
        for (at, text) in texts.into_iter().enumerate() {
            if self.stopped {
                return;
            }
            let index = u32::try_from(at + 1).unwrap_or(u32::MAX);
            let page = paged.then(|| PageRef::index(index));
            match text {
                Ok(text) => {
                    if let Err(err) = self.member_ocr(name, page, &text.text, text.reread.into()) {
                        self.problem(Self::read_problem(name, err));
                    }
                }
                Err(cause) => self.problem(InputError::Ocr {
                    path: name.to_path_buf(),
                    page: paged.then_some(index),
                    cause,
                }),
            }
        }
    }
}

/// Why an input of `kind` named `name` is not read, with what to do: RTF, and an OLE file named
/// `.doc` or `.dot` (Word 97-2003). Other OLE files (`.xls`, `.msg`) are binary files, as any.
fn unsupported(kind: Kind, name: &SourcePath) -> Option<&'static str> {
    let word = |n: &[u8]| {
        let n = n.to_ascii_lowercase();
        n.ends_with(b".doc") || n.ends_with(b".dot")
    };
    match kind {
        Kind::Rtf => Some(
            "an RTF document, which gbr does not read: convert it with LibreOffice \
             (`soffice --headless --convert-to docx FILE`) and scan the .docx",
        ),
        Kind::Ole if word(name.as_bytes()) => Some(
            "a Word 97-2003 document, which gbr does not read: convert it with LibreOffice \
             (`soffice --headless --convert-to docx FILE`) and scan the .docx",
        ),
        _ => None,
    }
}

fn archive_problem(name: &SourcePath, cause: io::Error) -> InputError {
    InputError::Archive {
        path: name.to_path_buf(),
        cause,
    }
}

/// The first bytes of `reader`, enough for [`Kind::sniff`] (1,024, for a PDF's marker), fewer
/// only when the input is shorter.
fn read_head(reader: &mut dyn Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(1024);
    reader.take(1024).read_to_end(&mut head)?;
    debug_assert!(head.len() >= SNIFF_LEN || head.len() < 1024);
    // A page's prolog (an XML declaration, a licence in a comment) may pass 1 KiB.
    while head.len() < MAX_PROLOG && head.len() % 1024 == 0 && html::in_prolog(&head) {
        let before = head.len();
        reader.take(1024).read_to_end(&mut head)?;
        if head.len() == before {
            break;
        }
    }
    Ok(head)
}

/// How far into an input its kind is looked for when its first bytes are the prolog of an XML
/// or HTML page (an XML declaration, comments): 64 KiB.
const MAX_PROLOG: usize = 64 << 10;

/// The first bytes of an input in memory that tell its kind: 1,024, or up to [`MAX_PROLOG`]
/// when they end inside a page's prolog.
fn head_of(bytes: &[u8]) -> &[u8] {
    let head = &bytes[..bytes.len().min(1024)];
    if head.len() == 1024 && html::in_prolog(head) {
        let mut end = 1024;
        while end < bytes.len().min(MAX_PROLOG) && html::in_prolog(&bytes[..end]) {
            end = (end + 1024).min(bytes.len());
        }
        return &bytes[..end.min(bytes.len())];
    }
    head
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
