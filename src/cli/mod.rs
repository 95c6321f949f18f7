//! The command line: the arguments, one module per subcommand under [`cmd`] (each with `Args`
//! and `run`), and what they share: the input flags and scan loop ([`inputs`]), the output
//! files ([`atomic`]), the progress bar ([`progress`]) and the error messages ([`errors`]).

mod atomic;
mod choice;
mod choose_format;
mod cmd;
pub mod errors;
mod inputs;
mod memory;
mod progress;
mod tablebase;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use cmd::{check, decode, encode, generate, index, lookup, merge, scan, text};

/// Find, check and index GBR codes of chess endgame studies in text.
#[derive(Debug, Parser)]
#[command(name = "gbr", version, about, long_about = None)]
#[command(subcommand_required = false, arg_required_else_help = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// When to colour the output: `auto` on a terminal unless NO_COLOR is set (CLICOLOR_FORCE
    /// forces it), `always`, or `never`.
    #[arg(long, value_enum, value_name = "WHEN", global = true, default_value_t = Color::Auto)]
    color: Color,
    /// Print a shell completion script or the man page to stdout, and exit.
    #[arg(long, value_enum, value_name = "KIND")]
    generate: Option<generate::Kind>,
    /// With --generate man: write `gbr.1` and a page for each subcommand (`gbr-scan.1`...)
    /// into DIR instead of `gbr.1` to stdout.
    #[arg(long, value_name = "DIR", requires = "generate")]
    out_dir: Option<std::path::PathBuf>,
}

/// The command line as `gbr` parses it and documents it: [`Cli`]'s, with one change clap's
/// derive cannot say. The input flags (`--ocr`, `--diagrams`, ...) are one struct shared by
/// `scan`, `check`, `index` and `text`, but `gbr index` has its own `--diagrams` (a board per
/// entry in HTML, docs/printing.md), so there the input flag is `--read-diagrams`.
pub fn command() -> clap::Command {
    use clap::CommandFactory;
    Cli::command().mut_subcommand("index", |index| {
        index.mut_arg(inputs::READ_DIAGRAMS, |arg| arg.long("read-diagrams"))
    })
}

/// The command line's arguments parsed by [`command`]; on an error, clap's message and exit.
pub fn parse() -> Cli {
    use clap::FromArgMatches;
    let matches = command().get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|err| err.exit())
}

/// When to colour the output (`--color`), as ripgrep and clap say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Color {
    /// On a terminal, unless the environment variable NO_COLOR is set (not empty).
    Auto,
    /// Always, into a pipe or a file too.
    Always,
    /// Never.
    Never,
}

impl Color {
    /// Makes this the choice of every stream written through anstream.
    fn write_global(self) {
        match self {
            Color::Auto => anstream::ColorChoice::Auto,
            Color::Always => anstream::ColorChoice::Always,
            Color::Never => anstream::ColorChoice::Never,
        }
        .write_global();
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Decode one code or position given on the command line, and check it.
    Decode(decode::Args),
    /// Write FEN or EPD positions as full GBR positions.
    Encode(encode::Args),
    /// Check every code against every copy of its position: diagram, FEN, reprints, directory.
    Check(check::Args),
    /// Find every GBR code in files, folders or standard input, and check each.
    Scan(scan::Args),
    /// Build a sorted look-up directory of every position found.
    Index(index::Args),
    /// Query a saved directory without rescanning.
    Lookup(lookup::Args),
    /// Merge sorted directories into one.
    Merge(merge::Args),
    /// Print the text read from each input: a PDF's pages, an archive's members, a
    /// decompressed file.
    Text(text::Args),
}

/// Runs the subcommand; the exit code follows grep: 0 found, 1 nothing found, 2 error.
pub fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    cli.color.write_global();
    let command = match (cli.command, cli.generate) {
        (Some(_), Some(_)) => {
            anyhow::bail!("--generate prints a script and exits: give no command")
        }
        (Some(command), None) => command,
        (None, Some(kind)) => return generate::run(kind, cli.out_dir.as_deref()),
        // clap prints the help for a bare `gbr` (arg_required_else_help) and never gets here.
        (None, None) => anyhow::bail!("no command given; see gbr --help"),
    };
    match command {
        Command::Decode(args) => decode::run(args),
        Command::Encode(args) => encode::run(args),
        Command::Check(args) => check::run(args),
        Command::Scan(args) => scan::run(args),
        Command::Index(args) => index::run(args),
        Command::Lookup(args) => lookup::run(args),
        Command::Merge(args) => merge::run(args),
        Command::Text(args) => text::run(args),
    }
}

/// True when the error chain holds a broken pipe: the reader went away (`gbr scan | head`),
/// which is success, as in ripgrep.
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
