//! The captions of a check: every code of every input, read with its parts ([`caption_at`]),
//! with the board copy near it (its diagram, else a FEN) and the men count that copy gives a
//! code printed without W/B.

use std::sync::Arc;

use shakmaty::Board;

use super::{Cited, Input, InputFault, LineIndex};
use crate::context::label::LabelRules;
use crate::diagram;
use crate::parse::{Parsed, parse_at};
use crate::record::{Fields, Record};
use crate::scan::{Chunking, DEFAULT_CHUNK_SIZE, Reading, Stopped, scan_chunked};
use crate::source_path::SourcePath;

/// One caption: a code found, read with its parts, and the board copy near it.
pub(crate) struct Caption {
    pub(crate) input: usize,
    pub(crate) path: Arc<str>,
    /// True when the caption passes its own checks (no error).
    pub(crate) valid: bool,
    pub(crate) parsed: Parsed,
    pub(crate) line: u64,
    /// The board copy and how messages name it (`the diagram above`), with its place; boxed,
    /// since most captions have none.
    pub(crate) board: Option<Box<(Board, String, Cited)>>,
    /// The name of the board copy whose men count split a digit 9 of a code printed without
    /// W/B (`the FEN on line 8`): the `nine` finding says it gives the split.
    pub(crate) men_from: Option<String>,
    /// The study's citation, where its block prints one (boxed: most captions have none).
    pub(crate) citation: Option<Box<crate::citation::Citation>>,
}

/// The caption of `record`, a record of a scan of `text`, read with its parts: the code
/// (`dddd.dd`) found in the record's text and the form read around it
/// ([`parse_at`]); `None` when nothing is read there (the record's text is not `text`'s).
///
/// The one rule by which a check and its fixes find a record's caption again: `gbr check`
/// reads the captions it checks with it, and the fix policy reads with it the text its fixes
/// make ([`super::fixes::doubts`]).
pub fn caption_at(text: &[u8], record: &Record) -> Option<Parsed> {
    parse_at(text, code_offset(record))
}

/// The 0-based byte offset of `record`'s code (`dddd.dd`) in the text scanned: the first
/// place its text prints the code, else the record's own offset.
pub fn code_offset(record: &Record) -> usize {
    let code = record.code.to_string();
    record.offset as usize + record.text.find(&code).unwrap_or(0)
}

/// The board copy of a caption: its diagram, else a FEN near it.
fn board_copy(
    input: &Input<'_>,
    lines: &LineIndex,
    parsed: &Parsed,
) -> Option<(Board, String, Cited)> {
    let path = &input.path;
    if let Some(d) = diagram::for_code(input.text, parsed.span.clone()) {
        // A board read from a picture (an OCR'd page's, in the picture font) is named so:
        // its disagreements are warnings without fixes (docs/check.md, "Diagrams in pictures").
        let picture = d.font.name == diagram::font::PICTURE.name;
        let name = match (d.span.start < parsed.span.start, picture) {
            (true, false) => "the diagram above",
            (false, false) => "the diagram below",
            (true, true) => "the picture above",
            (false, true) => "the picture below",
        };
        let place = format!("{path}:{}", lines.line(d.span.start));
        return Some((
            d.board,
            name.to_string(),
            Cited {
                place,
                says: String::new(),
            },
        ));
    }
    let (board, span) = crate::context::fen_near::fen_near(input.text, parsed.span.clone())?;
    let line = lines.line(span.start);
    let place = format!("{path}:{line}");
    Some((
        board,
        format!("the FEN on line {line}"),
        Cited {
            place,
            says: String::new(),
        },
    ))
}

/// The caption of `record` of input `i`, with its board copy; `tables` carries the king
/// pairs of a table exported as column runs from code to code.
fn caption(
    i: usize,
    input: &Input<'_>,
    lines: &LineIndex,
    tables: &mut crate::context::Tables,
    record: Record,
) -> Option<Caption> {
    let at = code_offset(&record);
    let mut parsed = parse_at(input.text, at)?;
    // A code of a table exported as column runs, with its row's king pair.
    crate::context::table::complete(input.text, at, tables, &mut parsed);
    let board = board_copy(input, lines, &parsed).map(Box::new);
    // A digit 9 with no W/B beside it: the board copy's men split it (gbr-notation.md §3
    // rule 7), as a game's FEN does in the scan of a PGN file.
    let mut men_from = None;
    if let Some(b) = &board
        && parsed.position.men.is_none()
        && !parsed.position.code.nines().is_empty()
    {
        let men = |c| b.0.by_color(c).count() as u8;
        parsed.position.men = Some(crate::position::MenCount {
            white: men(shakmaty::Color::White),
            black: men(shakmaty::Color::Black),
        });
        men_from = Some(b.1.clone());
    }
    Some(Caption {
        men_from,
        citation: record.citation,
        input: i,
        path: input.path.clone(),
        valid: record.valid,
        line: record.line,
        parsed,
        board,
    })
}

/// Reads every caption of every input, each input scanned as [`crate::scan::scan_buffer`]
/// scans it; an input whose scan panics gives the captions before the faulty byte, and the
/// fault.
pub(crate) fn captions(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    faults: &mut Vec<InputFault>,
) -> Vec<Caption> {
    captions_in_chunks(inputs, index, DEFAULT_CHUNK_SIZE, faults)
}

/// [`captions`], the inputs scanned in chunks of `chunk_size` bytes as
/// [`crate::scan::scan_buffer`] does (in parallel, stitched in order), as many chunks at a
/// time as there are threads: each chunk's records are made captions and dropped before the
/// next chunks are scanned, so that the records of a whole input (some 350 bytes each) are
/// never held at once.
pub(crate) fn captions_in_chunks(
    inputs: &[Input<'_>],
    index: &[LineIndex],
    chunk_size: usize,
    faults: &mut Vec<InputFault>,
) -> Vec<Caption> {
    let rules = LabelRules::builtin();
    let how = Chunking {
        chunk_size,
        batch: rayon::current_num_threads(),
        reading: Reading {
            labels: Some(&rules),
            fields: Fields::All,
        },
        progress: &|_| {},
    };
    let mut out = Vec::new();
    for (i, input) in inputs.iter().enumerate() {
        let path = SourcePath::from(&*input.path);
        let mut tables = crate::context::Tables::new();
        let mut take = |records: Vec<Record>| {
            out.extend(
                records
                    .into_iter()
                    .filter_map(|r| caption(i, input, &index[i], &mut tables, r)),
            );
        };
        if let Err(stopped) = scan_chunked(input.text, &path, input.added, &how, &mut take) {
            let Stopped { at, fault, held } = *stopped;
            take(held);
            faults.push(InputFault {
                input: i,
                at,
                fault,
            });
        }
    }
    out
}
