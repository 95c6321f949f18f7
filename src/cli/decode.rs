//! `gbr decode`: one code or position given on the command line, decoded and checked.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use gbrscan::{Record, Severity, check, parse_text};

use super::output::block;

/// Arguments of `gbr decode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The code or position: `0323.12`, `4100`, `'a7d3 0116.00 b2b3c6d6 3/3+.'`. Several
    /// arguments are joined with single spaces, so the quotes may be left out.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    text: Vec<String>,
    /// Print the record of the text as JSON, as `gbr scan --json` would (path `<arg>`).
    #[arg(long)]
    json: bool,
}

/// Runs `gbr decode`: exit 0 when no check found an error, 1 when one did; text that is not
/// a code is an error (exit 2).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let text = args.text.join(" ");
    let parsed = parse_text(&text)?;
    let findings = check(&parsed);
    let mut out = BufWriter::new(io::stdout().lock());
    if args.json {
        let before = &text.as_bytes()[..parsed.span.start];
        let line = 1 + before.iter().filter(|b| **b == b'\n').count() as u64;
        let line_start = before
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |i| i + 1);
        let column = (parsed.span.start - line_start) as u64 + 1;
        let record = Record::new("<arg>", line, column, &parsed, text.as_bytes(), &findings);
        serde_json::to_writer(&mut out, &record)?;
        writeln!(out)?;
    } else {
        out.write_all(block::block(&text, &parsed, &findings).as_bytes())?;
    }
    out.flush()?;
    let valid = !findings.iter().any(|f| f.severity() == Severity::Error);
    Ok(if valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
