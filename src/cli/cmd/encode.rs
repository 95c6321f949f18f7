//! `gbr encode`: FEN or EPD lines written as full GBR positions.

use std::io::{self, BufRead, BufWriter, Write};
use std::process::ExitCode;

use gbrscan::fen::encode;
use gbrscan::stipulation::Outcome;

/// Arguments of `gbr encode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// FEN or EPD positions, each one argument (in quotes); none reads standard input, one
    /// position a line (blank lines and lines starting with `#` are skipped).
    fens: Vec<String>,
    /// The study is a win: `+`, or `-+` with Black to move.
    #[arg(long, conflicts_with = "draw")]
    win: bool,
    /// The study is a draw: `=`, or `-=` with Black to move.
    #[arg(long)]
    draw: bool,
}

/// The GBR text of one FEN: the canonical position without its terminating full stop
/// (`a7d3 0116.00 b2b3c6d6 3/3+`), one a line.
fn line(fen: &str, outcome: Option<Outcome>) -> Result<String, String> {
    let position = encode(fen, outcome).map_err(|e| e.to_string())?;
    let mut text = position.to_string();
    if text.ends_with('.') {
        text.pop();
    }
    Ok(text)
}

/// Runs `gbr encode`: one line per position on stdout, in input order; a bad FEN is reported
/// on stderr (`gbr: <where>: <error>`) and the rest go on. Exit 0 when every position was
/// encoded, 2 when one was not.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let outcome = if args.win {
        Some(Outcome::Win)
    } else if args.draw {
        Some(Outcome::Draw)
    } else {
        None
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut failed = 0u64;
    let mut one =
        |name: &str, fen: &str, out: &mut BufWriter<io::StdoutLock<'_>>| match line(fen, outcome) {
            Ok(text) => writeln!(out, "{text}"),
            Err(e) => {
                failed += 1;
                out.flush()?;
                eprintln!("gbr: {name}: {e}");
                Ok(())
            }
        };
    if args.fens.is_empty() {
        for (i, text) in io::stdin().lock().lines().enumerate() {
            let text = text?;
            let fen = text.trim();
            if fen.is_empty() || fen.starts_with('#') {
                continue;
            }
            one(&format!("<stdin>:{}", i + 1), fen, &mut out)?;
        }
    } else {
        for fen in &args.fens {
            one(&format!("{fen:?}"), fen, &mut out)?;
        }
    }
    out.flush()?;
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}
