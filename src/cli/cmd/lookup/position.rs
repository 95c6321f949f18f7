//! `gbr lookup --fen` and `--position`: is this position known? The entries found, ranked and
//! labelled (`docs/chess-formats.md`).

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use gbrscan::saved::lookup::{PositionMatch, SavedDirectory, find_position, twins};
use gbrscan::{Position, Record, parse_text};

use crate::cli::atomic::Output;

/// What `gbr lookup` was asked for a position lookup.
pub struct Asked<'a> {
    /// `--fen`.
    pub fen: Option<&'a str>,
    /// `--position`.
    pub position: Option<&'a str>,
    /// `--mirror`.
    pub mirror: bool,
    /// `--format jsonl` (else text).
    pub json: bool,
    /// `--valid-only`.
    pub valid_only: bool,
}

/// The position asked for: from the FEN, or read from the GBR text.
fn position(asked: &Asked<'_>) -> anyhow::Result<Position> {
    if let Some(fen) = asked.fen {
        return gbrscan::fen::encode(fen, None).context("cannot read --fen");
    }
    let text = asked.position.unwrap_or_default();
    let parsed = parse_text(text).context("cannot read --position")?;
    if parsed.position.kings.is_none() {
        anyhow::bail!("--position needs the kings at least ('a7d3 0116.00 b2b3c6d6')");
    }
    Ok(parsed.position)
}

/// One text line: the entry's position and reference.
pub fn line(record: &Record) -> String {
    let mut text = format!("  {}  {}:{}", record.canonical, record.path, record.line);
    if let Some(study) = &record.study {
        let about: Vec<&str> = [study.composer.as_deref(), study.event.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        if !about.is_empty() {
            text.push_str(&format!("  ({})", about.join(", ")));
        }
    }
    if !record.valid {
        text.push_str("  invalid");
    }
    text
}

/// Runs the lookup of a position in `saved` (named `name`): exit 0 when entries were found;
/// 1 when none, saying so on stderr.
pub fn by_position(
    asked: &Asked<'_>,
    saved: &SavedDirectory<'_>,
    name: &str,
) -> anyhow::Result<ExitCode> {
    let position = position(asked)?;
    if asked.mirror && position.board().is_none() {
        anyhow::bail!("--mirror needs every square of the position");
    }
    let twins = twins(&position, asked.mirror);
    let mut found = find_position(saved, &twins).with_context(|| name.to_string())?;
    if asked.valid_only {
        found.retain(|m| m.record.valid);
    }
    let shown = {
        let mut p = position.clone();
        p.stipulation = None;
        let mut t = p.to_string();
        if t.ends_with('.') {
            t.pop();
        }
        t
    };
    if found.is_empty() {
        eprintln!(
            "gbr: no entry for {shown} in {} entries of {name}",
            saved.entry_count()
        );
        return Ok(ExitCode::from(1));
    }
    let mut out = Output::create(None)?;
    let mut heading = None;
    for PositionMatch {
        record,
        likeness,
        twin,
    } in &found
    {
        let label = format!("{} ({})", likeness.name(), twins[*twin].label());
        if asked.json {
            let mut object = serde_json::to_value(record)?;
            if let Some(map) = object.as_object_mut() {
                map.insert("match".into(), likeness.name().into());
                map.insert("twin".into(), twins[*twin].label().into());
            }
            serde_json::to_writer(&mut out, &object)?;
            writeln!(out)?;
            continue;
        }
        if heading.as_ref() != Some(&label) {
            if heading.is_some() {
                writeln!(out)?;
            }
            writeln!(out, "{label}:")?;
            heading = Some(label);
        }
        writeln!(out, "{}", line(record))?;
    }
    out.finish()?;
    Ok(ExitCode::SUCCESS)
}
