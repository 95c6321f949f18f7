//! `gbr decode`: codes, positions, FENs and materials given on the command line, decoded and
//! checked, one block each.

mod block;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context as _;
use gbrscan::fen::{self, FenText};
use gbrscan::{Code, Material, MenCount, Parsed, Record, Severity, check, parse_text};

/// Arguments of `gbr decode`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// What to decode: a code (`0323.12`, `4100`), a position (`'a7d3 0116.00 b2b3c6d6
    /// 3/3+.'`), a FEN or EPD, or a material (`KRBvKNN`, `'KRB v KNN'`, `'wR wB v bN bN'`, any
    /// case). When every argument decodes alone, each gets its own block; otherwise they are
    /// joined with single spaces, so the quotes may be left out.
    #[arg(required = true, num_args = 1.., allow_hyphen_values = true)]
    text: Vec<String>,
    /// Print the record of each code, position or FEN as JSON, as `gbr scan --json` would
    /// (path `<arg>`); a material prints its code, table name and men count.
    #[arg(long)]
    json: bool,
}

/// A code or a position, as `parse_text` reads it; `fen` when it was made from a FEN.
struct Read {
    text: String,
    parsed: Parsed,
    fen: Option<FenText>,
}

/// What one text was read as.
enum Item {
    /// A code, a position or a FEN.
    Position(Box<Read>),
    /// A material description.
    Material(Material),
}

/// True when the first word of `text` is meant as a FEN board: two `/` or more (a W/B has
/// one), so that a board with a rank missing is reported as a bad FEN.
fn is_fen(text: &str) -> bool {
    text.split_whitespace()
        .next()
        .is_some_and(|w| w.bytes().filter(|b| *b == b'/').count() >= 2)
}

/// True when `text` reads as a material: a `v` between the sides and no digit.
fn is_material(text: &str) -> bool {
    text.contains(['v', 'V']) && !text.contains(|c: char| c.is_ascii_digit())
}

/// Reads one text: a FEN or EPD (first word a board), a material (a `v`, no digit), else a
/// code or position.
fn read(text: &str) -> anyhow::Result<Item> {
    if is_fen(text) {
        let fen = fen::read(text.trim())?;
        let stipulation = fen::stipulation_for(fen.setup.turn, None);
        let position = gbrscan::Position::from_board(&fen.setup.board, stipulation)?;
        let canonical = position.to_string();
        let parsed = parse_text(&canonical).context("cannot read back the position of the FEN")?;
        return Ok(Item::Position(Box::new(Read {
            text: canonical,
            parsed,
            fen: Some(fen),
        })));
    }
    if is_material(text) {
        return Ok(Item::Material(Material::parse_loose(text)?));
    }
    Ok(Item::Position(Box::new(Read {
        text: text.to_string(),
        parsed: parse_text(text)?,
        fen: None,
    })))
}

/// The block of a material: in words, both styles, code and counts.
fn material_block(material: &Material) -> String {
    let men = MenCount::of(material);
    let code =
        Code::from_material(material).map_or_else(|e| format!("none ({e})"), |c| c.to_string());
    let [w, b] = [shakmaty::Color::White, shakmaty::Color::Black].map(|c| {
        let pawns = material.counts().get(c).pawn;
        (material.pieces(c), pawns)
    });
    format!(
        "material:    {}\n\
         in words:    {}\n\
         table:       {material}\n\
         code:        {code}\n\
         men:         {men} (pieces {}/{}, pawns {}/{})\n",
        material.human(),
        material.words(),
        w.0,
        b.0,
        w.1,
        b.1
    )
}

/// The JSON of a material: `{"material":"KRBvKNN","human":"wR wB v bN bN","code":"0116.00","men":"3/3"}`.
fn material_json(material: &Material) -> serde_json::Value {
    serde_json::json!({
        "material": material.to_string(),
        "human": material.human(),
        "words": material.words(),
        "code": Code::from_material(material).ok().map(|c| c.to_string()),
        "men": MenCount::of(material).to_string(),
    })
}

/// Writes the block (or JSON) of a material; always true (a material has no check).
fn write_material(material: &Material, json: bool, out: &mut impl Write) -> anyhow::Result<bool> {
    if json {
        serde_json::to_writer(&mut *out, &material_json(material))?;
        writeln!(out)?;
    } else {
        out.write_all(material_block(material).as_bytes())?;
    }
    Ok(true)
}

/// Writes the block (or JSON) of `item`; true when no check found an error.
fn write_item(item: &Item, json: bool, out: &mut impl Write) -> anyhow::Result<bool> {
    let read = match item {
        Item::Position(read) => read,
        Item::Material(material) => return write_material(material, json, out),
    };
    let Read { text, parsed, fen } = &**read;
    let findings = check(parsed);
    if json {
        let before = &text.as_bytes()[..parsed.span.start];
        let line = 1 + before.iter().filter(|b| **b == b'\n').count() as u64;
        let line_start = before
            .iter()
            .rposition(|b| *b == b'\n')
            .map_or(0, |i| i + 1);
        let column = (parsed.span.start - line_start) as u64 + 1;
        let record = Record::new("<arg>", line, column, parsed, text.as_bytes(), &findings);
        serde_json::to_writer(&mut *out, &record)?;
        writeln!(out)?;
    } else {
        if let Some(fen) = fen {
            let kind = match fen.kind {
                fen::FenKind::Fen => "FEN",
                fen::FenKind::Epd => "EPD",
            };
            writeln!(out, "{:<13}{kind}", "read as:")?;
            for op in &fen.operations {
                writeln!(out, "{:<13}{} {:?}", "operation:", op.name, op.operand)?;
            }
        }
        out.write_all(block::block(text, parsed, &findings).as_bytes())?;
    }
    Ok(!findings.iter().any(|f| f.severity() == Severity::Error))
}

/// What to decode from the arguments: each argument alone when every one decodes alone, else
/// all of them joined with single spaces when that decodes, else each argument alone again, so
/// that a bad one is reported by itself and the others are still decoded.
fn items(texts: &[String]) -> Vec<(String, anyhow::Result<Item>)> {
    let joined = texts.join(" ");
    if texts.len() == 1 {
        return vec![(joined.clone(), read(&joined))];
    }
    let alone: Vec<(String, anyhow::Result<Item>)> =
        texts.iter().map(|t| (t.clone(), read(t))).collect();
    if alone.iter().all(|(_, item)| item.is_ok()) {
        return alone;
    }
    match read(&joined) {
        Ok(item) => vec![(joined, Ok(item))],
        Err(_) => alone,
    }
}

/// Runs `gbr decode`: exit 0 when no check found an error, 1 when one did, 2 when an argument
/// is not a code, position, FEN or material (the others are still decoded).
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut items = items(&args.text);
    // One text that does not decode: the error of the run (exit 2).
    if let [(_, Err(_))] = &items[..]
        && let Some((_, Err(err))) = items.pop()
    {
        return Err(err);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    let mut valid = true;
    let mut unread = false;
    let mut written = 0;
    for (text, item) in &items {
        let item = match item {
            Ok(item) => item,
            Err(err) => {
                out.flush()?;
                eprintln!("gbr: cannot decode {text:?}: {err:#}");
                unread = true;
                continue;
            }
        };
        if written > 0 && !args.json {
            writeln!(out)?;
        }
        valid &= write_item(item, args.json, &mut out)?;
        written += 1;
    }
    out.flush()?;
    Ok(if unread {
        ExitCode::from(2)
    } else if valid {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
