//! A file of study data scanned (docs/inputs.md, "Study data"): its records read by their
//! keys ([`crate::keyed::read_keyed`]), and the whole file scanned as text too, for the codes
//! in its prose values; a code the text scan finds inside a record's code value is the
//! record's, and left out.

use crate::context::Link;
use crate::keyed::{DataKind, Keys, read_keyed};
use crate::pgn::{GameCounts, GameProblem};
use crate::record::Record;
use crate::source_path::SourcePath;

use super::{ChunkScan, Chunking, DEFAULT_CHUNK_SIZE, Reading, Stopped, scan_chunked};

/// Scans `buf` (a whole input named `path`) as study data of `kind`: one unit whose records
/// are the data's records and the text scan's others, in order of offset, with their lines
/// final (as [`super::scan_pgn`] gives a PGN file's). What could not be read is in the
/// unit's counts, as a PGN game's problems are (`line L column C: message`).
///
/// With the scan, the panic of the text scan, if one happened: the byte and the fault.
pub(crate) fn scan_keyed(
    buf: &[u8],
    path: &SourcePath,
    kind: DataKind,
    keys: &Keys,
    reading: Reading<'_>,
) -> (ChunkScan, Option<(u64, crate::fault::Fault)>) {
    let read = read_keyed(buf, path, kind, keys);
    let mut text: Vec<Record> = Vec::new();
    let how = Chunking {
        chunk_size: DEFAULT_CHUNK_SIZE,
        batch: usize::MAX,
        reading,
        progress: &|_| {},
    };
    let mut fault = None;
    if let Err(stopped) = scan_chunked(buf, path, &[], &how, &mut |found| text.extend(found)) {
        let Stopped { at, fault: f, held } = *stopped;
        text.extend(held);
        fault = Some((at, f));
    }
    let values = &read.code_values;
    let inside = |r: &Record| {
        let at = r.offset as usize + r.text.find(r.code.to_string().as_str()).unwrap_or(0);
        let i = values.partition_point(|v| v.end <= at);
        values.get(i).is_some_and(|v| v.start <= at)
    };
    let mut found = read.records;
    found.extend(text.into_iter().filter(|r| !inside(r)));
    found.sort_by_key(|r| r.offset);
    for record in &mut found {
        record.path = path.clone();
    }
    let line_feeds = found.iter().map(|r| r.line as i64 - 1).collect();
    let links = found.iter().map(|_| Link::alone()).collect();
    let counts = GameCounts {
        games: read.objects,
        without_fen: 0,
        problems: read
            .problems
            .into_iter()
            .map(|p| GameProblem {
                line: p.line,
                message: format!(
                    "column {}: not read as {}: {}",
                    p.column,
                    kind.name(),
                    p.message
                ),
            })
            .collect(),
        stopped: None,
    };
    let scan = ChunkScan {
        found,
        line_feeds,
        games: Some(counts),
        links,
        ..ChunkScan::empty()
    };
    (scan, fault)
}

/// [`scan_keyed`] with any panic caught: the unit's scan and why the input stops, if it
/// does.
pub(crate) fn scan_keyed_guarded(
    buf: &[u8],
    path: &SourcePath,
    kind: DataKind,
    keys: &Keys,
    reading: Reading<'_>,
) -> (ChunkScan, Option<super::handoff::Stop>) {
    let (scan, fault) = match crate::fault::catch(|| scan_keyed(buf, path, kind, keys, reading)) {
        Ok(done) => done,
        Err(fault) => (ChunkScan::empty(), Some((0, fault))),
    };
    let stop = fault.map(|(at, fault)| super::handoff::Stop::Fault {
        text: path.clone(),
        at,
        message: fault.message,
    });
    (scan, stop)
}
