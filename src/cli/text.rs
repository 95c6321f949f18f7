//! `gbr text`: the text gbr reads from each input (a PDF's pages, an archive's members, a
//! decompressed file), so a user can see what was scanned.

use std::io::{self, BufWriter, Read, Write};
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
    let mut out = BufWriter::new(io::stdout().lock());
    for input in &walked.inputs {
        match open(input, &opts) {
            Ok(Opened::Whole(loaded)) => {
                writeln!(out, "==> {} <==", opts.name(input))?;
                out.write_all(&loaded.bytes)?;
            }
            Ok(Opened::Source(source)) => {
                let problems = source.visit(&opts, &mut |member: Member<'_>| {
                    match member.page {
                        Some(page) => writeln!(out, "==> {} page {page} <==", member.name)?,
                        None => writeln!(out, "==> {} <==", member.name)?,
                    }
                    match member.text {
                        Text::Bytes(bytes) => out.write_all(bytes)?,
                        Text::Stream(reader) => copy(reader, &mut out)?,
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

/// Copies `reader` to `out`; a write error is returned as the visit's error too.
fn copy(reader: &mut dyn Read, out: &mut impl Write) -> io::Result<()> {
    io::copy(reader, out).map(|_| ())
}
