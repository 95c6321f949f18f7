//! `csv`: a header row, then one entry per row, every field its own cell, quoted as RFC 4180
//! says (issue #4). For spreadsheets; `gbr lookup` and `gbr merge` read `tsv` instead, since a
//! quoted cell may span lines.

use std::io::{self, Write};

use super::{COLUMNS, Listing, block_number, cells, lead_cell};

/// Writes `listing`: the header, then every entry of every block.
pub(crate) fn write<W: Write>(listing: &Listing<'_>, w: &mut W) -> io::Result<()> {
    let lead = listing.lead();
    let mut out = ::csv::WriterBuilder::new().flexible(false).from_writer(w);
    out.write_record(lead.name().into_iter().chain(COLUMNS))?;
    let mut scratch = Vec::new();
    for block in &listing.blocks {
        let number = block_number(block);
        for record in &block.entries {
            let mut cell = |bytes: &[u8]| out.write_field(bytes).map_err(io::Error::from);
            lead_cell(lead, number, record, &mut cell)?;
            cells(record, &mut scratch, &mut cell)?;
            out.write_record(None::<&[u8]>)?;
        }
    }
    out.flush()
}
