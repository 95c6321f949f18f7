//! `gbr text`: the text gbr reads from each input (a PDF's pages, an archive's members, a
//! decompressed file), so a user can see what was scanned.

use std::io::{self, BufWriter, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use anyhow::Context as _;
use gbrscan::input::{Member, Opened, Text, open};

use super::common::{InputArgs, failure_line};

/// Arguments of `gbr text`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
}

/// Runs `gbr text`: before each text a line `==> NAME <==` (`==> NAME page N <==` for a PDF
/// page; line numbers in references count from the line after it), then the text as read.
/// Exit 0 when everything was read, 2 when something could not be.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let opts = args.input.open_options();
    let walked = args.input.walk()?;
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
        match open(input, &opts) {
            Ok(Opened::Whole(loaded)) => {
                out.header(&format!("==> {} <==", opts.name(input)))?;
                out.write_all(&loaded.bytes)?;
            }
            Ok(Opened::Source(source)) => {
                let problems = source.visit(&opts, &mut |member: Member<'_>| {
                    match member.page {
                        Some(page) => {
                            out.header(&format!("==> {} page {page} <==", member.name))?
                        }
                        None => out.header(&format!("==> {} <==", member.name))?,
                    }
                    match member.text {
                        Text::Bytes(bytes) => out.write_all(bytes)?,
                        Text::Stream(reader) => io::copy(reader, &mut out).map(|_| ())?,
                    }
                    Ok(ControlFlow::Continue(()))
                });
                for problem in problems {
                    eprintln!("{}", failure_line(&problem));
                    failed = true;
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
