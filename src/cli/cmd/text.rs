//! `gbr text`: the text gbr reads from each input (a PDF's pages, an archive's members, a
//! decompressed file), so a user can see what was scanned.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::Context as _;
use gbrscan::PageFrom;
use gbrscan::input::{Member, Opened, Text, open};

use crate::cli::inputs::{InputArgs, failure_line};

/// Arguments of `gbr text`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Runs `gbr text`: before each text a line `==> NAME <==` (`==> NAME page N <==` for a PDF
/// page, N its index, `==> NAME page N (printed 302) <==` where the page is printed otherwise;
/// line numbers in references count from the line after it), then the text as read.
/// Exit 0 when everything was read, 2 when something could not be.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let config = args.input.config()?;
    let (opts, walked) = (&config.open, config.walk()?);
    let mut failed = false;
    for skip in &walked.skipped {
        eprintln!("gbr: {skip}");
        failed = true;
    }
    let mut out = Texts {
        out: BufWriter::new(io::stdout().lock()),
        at_line_start: true,
    };
    for input in &walked.inputs {
        match open(input, opts) {
            Ok(Opened::Whole(loaded)) => {
                out.header(&format!("==> {} <==", opts.name(input)))?;
                out.write_all(&loaded.bytes)?;
            }
            Ok(Opened::Source(source)) => {
                let mut closed = None;
                let problems = source.visit(opts, &mut |member: Member<'_>| {
                    // A failed write is the output's problem, not the member's: it ends the
                    // run (a reader gone away, `gbr text book.pdf | head`, ends it quietly).
                    match out.member(member) {
                        Ok(read) => read.map(|()| ControlFlow::Continue(())),
                        Err(err) => {
                            closed = Some(err);
                            Ok(ControlFlow::Break(()))
                        }
                    }
                });
                for problem in problems {
                    eprintln!("{}", failure_line(&problem));
                    failed = true;
                }
                if let Some(err) = closed {
                    return Err(err).context("cannot write the output");
                }
            }
            Err(err) => {
                eprintln!("{}", failure_line(&err));
                failed = true;
            }
        }
    }
    out.flush().context("cannot write the output")?;
    Ok(ExitCode::from(if failed { 2 } else { 0 }))
}

/// Standard output, remembering whether the last byte written ended a line, so that each
/// header stands on a line of its own.
struct Texts<W: Write> {
    out: W,
    at_line_start: bool,
}

impl<W: Write> Texts<W> {
    /// Writes a member's header and text. The outer error is a write error (the output's
    /// problem, which ends the run); the inner one a read error of the member (its problem,
    /// reported by [`gbrscan::input::Source::visit`], and the next member is read).
    fn member(&mut self, member: Member<'_>) -> io::Result<io::Result<()>> {
        match &member.page {
            Some(page) if page.from == PageFrom::Index => {
                self.header(&format!("==> {} page {} <==", member.name, page.index))?
            }
            Some(page) => self.header(&format!(
                "==> {} page {} (printed {}) <==",
                member.name, page.index, page.printed
            ))?,
            None => self.header(&format!("==> {} <==", member.name))?,
        }
        let reader = match (member.text, &member.ocr) {
            // A page OCR gave, printed as the scan reads it (its misread codes read).
            (Text::Bytes(bytes), Some(reread)) => {
                let read = gbrscan::scan::read_ocr(bytes, reread);
                return self.write_all(read.text.as_bytes()).map(Ok);
            }
            (Text::Bytes(bytes), None) => return self.write_all(bytes).map(Ok),
            (Text::Stream(reader), _) => reader,
        };
        let mut block = vec![0; 1 << 16];
        loop {
            let n = match reader.read(&mut block) {
                Ok(0) => return Ok(Ok(())),
                Ok(n) => n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
                Err(err) => return Ok(Err(err)),
            };
            self.write_all(&block[..n])?;
        }
    }

    /// Writes `header` on a line of its own.
    fn header(&mut self, header: &str) -> io::Result<()> {
        if !self.at_line_start {
            self.out.write_all(b"\n")?;
        }
        writeln!(self.out, "{header}")?;
        self.at_line_start = true;
        Ok(())
    }
}

impl<W: Write> Write for Texts<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.out.write(buf)?;
        if n > 0 {
            self.at_line_start = buf[n - 1] == b'\n';
        }
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
