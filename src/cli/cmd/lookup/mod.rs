//! `gbr lookup`: query a saved directory without rescanning.

mod position;

use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::Record;
use gbrscan::directory::Directory;
use gbrscan::input::{InputPath, LoadOptions, load};
use gbrscan::render::{Format, Listing};
use gbrscan::saved::lookup::{About, CodeQuery, NearMatch, Query, SavedDirectory, find_near};
use gbrscan::saved::stale::check_fresh;

use crate::cli::atomic::Output;
use crate::cli::choice::choice;
use position::{Asked, by_position};

/// Arguments of `gbr lookup`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A directory saved by `gbr index` or `gbr merge` as tsv or jsonl.
    directory: PathBuf,
    /// A code (0323.12; 0323 means no pawns), a pattern with ? for any digit (03??.1?), a
    /// material (KRBvKNN, or 'wR wB v bN bN' in quotes), or a code as printed, in any form
    /// `gbr scan` reads ('+0002.01 h4f1'; a full position is looked up as --position does).
    query: Option<String>,
    /// Only entries with these kings, white's first (a7d3); without a query, of every code.
    #[arg(long, value_name = "SQUARES")]
    kings: Option<String>,
    /// Output format.
    #[arg(long, value_parser = choice::<Format>(), default_value = Format::Text.name())]
    format: Format,
    /// Leave out codes that fail a check.
    #[arg(long)]
    valid_only: bool,
    /// Look up a whole position given as a FEN or EPD: the exact position first, then the same
    /// code and kings, then the same code.
    #[arg(long, value_name = "FEN", conflicts_with_all = ["query", "kings", "position"])]
    fen: Option<String>,
    /// Look up a whole position given in GBR (`'a7d3 0116.00 b2b3c6d6'`), as --fen does.
    #[arg(long, value_name = "POSITION", conflicts_with_all = ["query", "kings"])]
    position: Option<String>,
    /// With --fen or --position: also find the left-right mirror (and, without pawns, the other
    /// seven symmetries of the board) and the colour-reversed position, labelled as such.
    #[arg(long)]
    mirror: bool,
    /// Also list the near matches: codes one digit off (with the same kings, where given),
    /// and the same code with kings one character off (h4b1 for h4f1).
    #[arg(long, conflicts_with_all = ["fen", "position"])]
    near: bool,
    /// Only entries whose composers (the citation's, a PGN game's White tag) or label holds
    /// TEXT, any case.
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["fen", "position"])]
    composer: Option<String>,
    /// Only entries whose source (the citation's, a PGN game's Event tag) or label holds TEXT,
    /// any case.
    #[arg(long, value_name = "TEXT", conflicts_with_all = ["fen", "position"])]
    source: Option<String>,
    /// Only entries of YEAR (the citation's, a PGN game's Date tag, or the year printed in the
    /// label).
    #[arg(long, value_name = "YEAR", conflicts_with_all = ["fen", "position"])]
    year: Option<u16>,
    /// Only the study numbered NUMBER as printed (18601, A12): the citation's number, or the
    /// label.
    #[arg(long, value_name = "NUMBER", conflicts_with_all = ["fen", "position"])]
    number: Option<String>,
}

/// What the query text was read as.
enum Reading {
    /// A code, pattern or material, with the kings where given.
    Query(Query),
    /// A full position as printed: looked up as `--position` does.
    Position(String),
}

/// Reads the query: as [`Query::parse`] does, else as a code in one of the printed forms that
/// `gbr scan` reads (saying on stderr which parts are used), else with no query but a
/// citation asked (`--composer` ...), every code.
fn read_query(args: &Args) -> anyhow::Result<Reading> {
    let text = args.query.as_deref();
    let kings = args.kings.as_deref();
    if text.is_none() && kings.is_none() && !about(args).is_empty() {
        let every = Query::parse(Some("????.??"), None)?;
        return Ok(Reading::Query(every));
    }
    let error = match Query::parse(text, kings) {
        Ok(query) => return Ok(Reading::Query(query)),
        Err(error) => error,
    };
    let hint = "give a code (0323.12), a pattern (03??.1?), a material (KRBvKNN), a code as \
                printed (+0002.01 h4f1), or --kings, --fen, --position";
    let Some(text) = text else {
        return Err(anyhow::Error::new(error).context(format!("cannot read the query: {hint}")));
    };
    let Ok(parsed) = gbrscan::parse_text(text) else {
        return Err(anyhow::Error::new(error).context(format!("cannot read {text:?}: {hint}")));
    };
    let position = &parsed.position;
    if position.squares.is_some() && position.kings.is_some() && kings.is_none() {
        eprintln!("gbr: {text:?} read as a full position, looked up as --position does");
        return Ok(Reading::Position(text.to_string()));
    }
    let read_kings = position.kings.map(|k| k.to_string());
    if let (Some(asked), Some(read)) = (kings, &read_kings)
        && !asked.trim().eq_ignore_ascii_case(read)
    {
        anyhow::bail!("the kings of {text:?} ({read}) are not those of --kings ({asked})");
    }
    let kings = kings.map(str::to_string).or(read_kings);
    let code = position.code.to_string();
    let query = Query::parse(Some(&code), kings.as_deref())?;
    let unused: Vec<String> = [
        position
            .squares
            .as_ref()
            .map(|s| format!("the squares {s}")),
        position.men.map(|m| format!("W/B {m}")),
        position.stipulation.map(|s| format!("the stipulation {s}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    let used = match &kings {
        Some(kings) => format!("code {code} and kings {kings}"),
        None => format!("code {code}"),
    };
    if unused.is_empty() {
        eprintln!("gbr: {text:?} read as {used}");
    } else {
        eprintln!(
            "gbr: {text:?} read as {used}; {} not used (a lookup matches code and kings)",
            unused.join(", ")
        );
    }
    Ok(Reading::Query(query))
}

/// What was asked, for the message of a lookup that found nothing: the query, the kings and
/// the citation (`0116.00 a7d3`, `composer Kubbel, year 1925`).
fn asked(args: &Args) -> String {
    let citation = [
        args.composer.as_ref().map(|c| format!("composer {c}")),
        args.source.as_ref().map(|s| format!("source {s}")),
        args.year.map(|y| format!("year {y}")),
        args.number.as_ref().map(|n| format!("number {n}")),
    ];
    let code = [args.query.clone(), args.kings.clone()];
    code.into_iter()
        .chain(citation)
        .flatten()
        .collect::<Vec<_>>()
        .join(", ")
}

/// The citation asked for.
fn about(args: &Args) -> About {
    About {
        composer: args.composer.clone(),
        source: args.source.clone(),
        year: args.year,
        number: args.number.clone(),
    }
}

/// Runs `gbr lookup`: exit 0 when entries were found, 1 when none (saying so on stderr).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let name = gbrscan::source_path::shown(&args.directory).to_string();
    let options = LoadOptions {
        mmap: true,
        binary: true,
        encoding: None,
    };
    let reading = match (&args.fen, &args.position) {
        (None, None) => Some(read_query(&args)?),
        _ => None,
    };
    let printed = match &reading {
        Some(Reading::Position(text)) => Some(text.as_str()),
        _ => None,
    };
    if args.fen.is_some() || args.position.is_some() || printed.is_some() {
        if args.near || !about(&args).is_empty() {
            anyhow::bail!("--near, --composer, --source and --year look up a code, not a position");
        }
        let loaded = load(&InputPath::File(args.directory.clone()), options)?;
        let saved = SavedDirectory::new(&loaded.bytes).with_context(|| name.clone())?;
        let asked = Asked {
            fen: args.fen.as_deref(),
            position: args.position.as_deref().or(printed),
            mirror: args.mirror,
            json: args.format == Format::Jsonl,
            valid_only: args.valid_only,
        };
        if !matches!(args.format, Format::Text | Format::Jsonl) {
            anyhow::bail!("a lookup by --fen or --position writes text or jsonl");
        }
        return by_position(&asked, &saved, &name);
    }
    if args.mirror {
        anyhow::bail!("--mirror needs a position: --fen or --position");
    }
    let Some(Reading::Query(query)) = reading else {
        unreachable!("a position was looked up above");
    };
    let loaded = load(&InputPath::File(args.directory.clone()), options)?;
    let saved = SavedDirectory::new(&loaded.bytes).with_context(|| name.clone())?;
    let mut found = saved.lookup(&query).with_context(|| name.clone())?;
    check_fresh(&args.directory, &found)?;
    let about = about(&args);
    found.retain(|r| about.matches(r) && (r.valid || !args.valid_only));
    if args.near {
        let CodeQuery::Exact(code) = query.code else {
            anyhow::bail!("--near needs one code, not a pattern or kings alone");
        };
        let mut near = find_near(&saved, code, query.kings).with_context(|| name.clone())?;
        near.retain(|m| about.matches(&m.record) && (m.record.valid || !args.valid_only));
        return with_near(&args, &found, &near, &name, saved.entry_count());
    }
    let directory = Directory::new(found, saved.order());
    let listing = Listing::directory(&directory);
    let mut out = Output::create(None)?;
    args.format
        .write(&listing, &mut out)
        .context("cannot write the entries found")?;
    out.finish()?;
    if listing.is_empty() {
        let what = asked(&args);
        eprintln!(
            "gbr: no entry for {what} in {} entries of {name}",
            saved.entry_count()
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// Writes the exact matches, then the near ones, each under a heading (`exact:`, `one digit
/// off:`, `one king square off:`) in text, or with a `match` field in JSON Lines: exit 0 when
/// any was found, 1 when none.
fn with_near(
    args: &Args,
    found: &[Record],
    near: &[NearMatch],
    name: &str,
    entries: u64,
) -> anyhow::Result<ExitCode> {
    let json = match args.format {
        Format::Text => false,
        Format::Jsonl => true,
        _ => anyhow::bail!("a lookup with --near writes text or jsonl"),
    };
    if found.is_empty() && near.is_empty() {
        let what = asked(args);
        eprintln!("gbr: no entry for {what}, nor one near it, in {entries} entries of {name}");
        return Ok(ExitCode::from(1));
    }
    let all = found
        .iter()
        .map(|r| (r, "exact"))
        .chain(near.iter().map(|m| (&m.record, m.nearness.name())));
    let mut out = Output::create(None)?;
    let mut heading = None;
    for (record, how) in all {
        if json {
            let mut object = serde_json::to_value(record)?;
            if let Some(map) = object.as_object_mut() {
                map.insert("match".into(), how.into());
            }
            serde_json::to_writer(&mut out, &object)?;
            writeln!(out)?;
            continue;
        }
        if heading != Some(how) {
            if heading.is_some() {
                writeln!(out)?;
            }
            writeln!(out, "{how}:")?;
            heading = Some(how);
        }
        writeln!(out, "{}", position::line(record))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
