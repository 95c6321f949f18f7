//! The text of each field, as every format writes it, without allocating where it can.

use std::io;

use compact_str::CompactString;

use crate::code::Code;
use crate::record::Record;
use crate::stipulation::Stipulation;

use super::{Block, Group, Heading, Lead};

/// The canonical sign of a stipulation, as `Display` writes it, without allocating.
pub(crate) fn stipulation_text(stipulation: Option<Stipulation>) -> &'static str {
    use crate::stipulation::Outcome::{Draw, Win};
    use shakmaty::Color::{Black, White};
    match stipulation.map(|s| (s.outcome, s.to_move)) {
        None => "",
        Some((Some(Win), White)) => "+",
        Some((Some(Draw), White)) => "=",
        Some((Some(Win), Black)) => "-+",
        Some((Some(Draw), Black)) => "-=",
        Some((None, White)) => "WTM",
        Some((None, Black)) => "BTM",
    }
}

/// The code's text `dddd.dd`, without allocating.
pub(crate) fn code_text(code: Code) -> [u8; 7] {
    let d = code.digits().map(|d| b'0' + d.value());
    [d[0], d[1], d[2], d[3], b'.', d[4], d[5]]
}

/// The material of `code` in words (`wR wB v bN bN`), or why there is none.
pub(crate) fn material_words(code: Code) -> String {
    code.material().map_or_else(
        || "material not decodable (a digit 9)".to_string(),
        |m| m.human(),
    )
}

/// Calls `cell` with each cell of `record` in [`COLUMNS`] order: absent values are empty,
/// `valid` is `true`/`false`, `findings` is a JSON array. `scratch` is reused for the FEN and
/// the findings.
pub(crate) fn cells(
    record: &Record,
    scratch: &mut Vec<u8>,
    mut cell: impl FnMut(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut number = [0u8; 20];
    cell(&code_text(record.code))?;
    cell(text(&record.kings))?;
    cell(text(&record.squares))?;
    cell(text(&record.men))?;
    cell(stipulation_text(record.stipulation).as_bytes())?;
    cell(record.path.as_bytes())?;
    for n in [record.offset, record.line, record.column, record.length] {
        cell(decimal(n, &mut number))?;
    }
    cell(record.text.as_bytes())?;
    cell(record.form.name().as_bytes())?;
    cell(record.rank.name().as_bytes())?;
    match &record.material {
        Some(material) => material.with_text(|t| cell(t.as_bytes()))?,
        None => cell(b"")?,
    }
    cell(record.canonical.as_bytes())?;
    scratch.clear();
    if let Some(board) = &record.fen {
        board.board_fen().append_ascii_to(scratch);
    }
    cell(scratch)?;
    cell(if record.valid { b"true" } else { b"false" })?;
    if record.findings.is_empty() {
        cell(b"[]")
    } else {
        scratch.clear();
        serde_json::to_writer(&mut *scratch, &record.findings)?;
        cell(scratch)
    }
}

fn text(value: &Option<CompactString>) -> &[u8] {
    value.as_deref().unwrap_or_default().as_bytes()
}

/// `n` in decimal, written into `buf`.
fn decimal(mut n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[at..];
        }
    }
}

/// Calls `cell` with the lead cell of `record` in block `number`, if the lead has one:
/// its group's name, or the duplicate group's number.
pub(crate) fn lead_cell(
    lead: Lead,
    number: usize,
    record: &Record,
    cell: impl FnOnce(&[u8]) -> io::Result<()>,
) -> io::Result<()> {
    let mut buf = [0u8; 20];
    match lead {
        Lead::None => Ok(()),
        Lead::Group => cell(Group::of(record.stipulation).name().as_bytes()),
        Lead::Duplicate => cell(decimal(number as u64, &mut buf)),
    }
}

/// The block number the row formats write in the `duplicate` column (0 for directory blocks).
pub(crate) fn block_number(block: &Block<'_>) -> usize {
    match block.heading {
        Heading::Position { number, .. } => number,
        Heading::Code { .. } => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_writes_every_magnitude() {
        let mut buf = [0u8; 20];
        for n in [0, 7, 10, 1234, u64::MAX] {
            assert_eq!(decimal(n, &mut buf), n.to_string().as_bytes());
        }
    }

    #[test]
    fn stipulation_text_matches_display() {
        for s in ["+", "=", "-+", "-=", "WTM", "BTM"] {
            let stipulation: Stipulation = s.parse().unwrap();
            assert_eq!(stipulation_text(Some(stipulation)), stipulation.to_string());
        }
    }
}
