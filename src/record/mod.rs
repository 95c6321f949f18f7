//! The flat, serialisable record of one code found in a source: what `gbr scan --json` writes
//! as the `data` of a `match` message, what CSV rows hold, and what look-up directories are
//! built from. Domain values serialise as their canonical text (`"0323.12"`, `"a7d3"`, `"+"`),
//! never as structs of digits (STYLE.md practice 9).

use compact_str::CompactString;
use serde::{Deserialize, Serialize};
use serde_with::{As, DisplayFromStr};
use shakmaty::Board;

use crate::check::Severity;
pub use crate::citation::Citation;
use crate::code::Code;
use crate::material::Material;
use crate::parse::{Form, Rank};
use crate::position::{Kings, MenCount, SquareList};
use crate::source_path::SourcePath;
pub use crate::source_path::{PageFrom, PageRef};
use crate::stipulation::{Stipulation, StipulationSource};
use crate::study::Study;

mod build;
mod finding;
mod json;

pub use build::FoundAt;
pub use finding::{FindingRecord, FixRecord};

/// One code found in a source, with its source reference, the position it gives and the
/// verdict of every check.
///
/// The texts are [`CompactString`]s, which hold up to 24 bytes without allocating: the
/// canonical text of codes without squares fits, and a scan
/// makes one record per code, on every core, freed by whichever worker prints it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The source's path as given, as bytes ([`SourcePath`]: printed with a reversible escape,
    /// in JSON as a string or `{"bytes": base64}`), `<stdin>` or `--label` for standard input,
    /// `archive!/member` for an archive member; shared by the records of one source, as a scan
    /// makes thousands per file.
    pub path: SourcePath,
    /// The page of a PDF the code was found on, as printed on it: its page label (`"302"`,
    /// `"xii"`, `"A-3"`), its folio, or the page index in decimal where nothing printed is
    /// known, as [`Record::page_from`] says (docs/inputs.md, "Pages"); `None` for text that is
    /// no PDF page. Always text in JSON; a number there (output saved before the field was
    /// printed text) reads back as the page index ([`Record::with_page_index`]).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "json::page_text"
    )]
    pub page: Option<CompactString>,
    /// The 1-based index of that page in the PDF (its n-th page, as a viewer's "go to page"
    /// counts); `None` for text that is no PDF page. Line, column and offset count within the
    /// page's text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_index: Option<u32>,
    /// Where [`Record::page`] comes from: the PDF's page labels, the folio printed on the
    /// page, or the index; `None` for text that is no PDF page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_from: Option<PageFrom>,
    /// The label of the study: its number, source or composer caption, read from the text
    /// before the code ([`LabelRules`](crate::LabelRules)); absent when none was found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<CompactString>,
    /// The study's citation where its block prints it, or its game's tags give it: `number`,
    /// `composers`, `source`, `year`, `honour` ([`Citation`], docs/printing.md, "Citations");
    /// written as fields of the record itself in JSON, each left out when absent, and read
    /// back so (none of them: `None`). Boxed: most codes in running text have none, and a
    /// scan moves every record several times.
    #[serde(flatten, with = "json::citation_fields")]
    pub citation: Option<Box<Citation>>,
    /// 0-based byte offset of the text read (sign or kings before the code included).
    pub offset: u64,
    /// Length of the text read, in bytes.
    pub length: u64,
    /// 1-based line of the code's `dddd.dd`, where the record points (docs/scan-output.md,
    /// "Where a record points"): the line of `offset` when the text read starts on the code's
    /// line; a PGN game's, the tag line printing its code, else its first line.
    pub line: u64,
    /// 1-based byte column on `line`: of `offset` when the text read starts on that line, else
    /// of the code itself.
    pub column: u64,
    /// The exact text read: ASCII tokens (every token of gbr-notation.md §2 is), with the blanks
    /// between them as written (no-break spaces, markup: docs/reading.md).
    pub text: CompactString,
    /// The form it was written in.
    pub form: Form,
    /// How much redundancy could be checked.
    pub rank: Rank,
    /// The material code.
    pub code: Code,
    /// King squares, where given; serialised as their text, white's first (`a7d3`).
    ///
    /// Kings, squares and W/B are kept typed and serialised through their `Display`, which is
    /// the text the scanner writes for them (the canonical text, whatever spelling was read:
    /// the problemists' `(2+3)` and `02/3` are both written `2/3`), and read back through
    /// their `FromStr`:
    /// a saved text that is not in that shape is an error naming the field (`kings `a9d3`
    /// is not two squares such as a7d3`), not a record that fails later.
    #[serde(
        default,
        serialize_with = "json::part_text::serialize",
        deserialize_with = "As::<Option<DisplayFromStr>>::deserialize"
    )]
    pub kings: Option<Kings>,
    /// Piece squares, then `.` and pawn squares, where given; serialised as their text
    /// (`b2b3c6d6`, `.d4e3`; an empty list, a full position of the kings alone, as the empty
    /// text). Its [`SquareList::pawns_marked`] is true exactly when pawns are listed, as the
    /// text reads back (how the scanner split the squares is not part of the record).
    #[serde(
        default,
        serialize_with = "json::part_text::serialize",
        deserialize_with = "As::<Option<DisplayFromStr>>::deserialize"
    )]
    pub squares: Option<SquareList>,
    /// W/B, where given; serialised as its text (`3/3`).
    #[serde(
        default,
        serialize_with = "json::part_text::serialize",
        deserialize_with = "As::<Option<DisplayFromStr>>::deserialize"
    )]
    pub men: Option<MenCount>,
    /// Stipulation and side to move, canonical (`+`, `-=`, `WTM`).
    pub stipulation: Option<Stipulation>,
    /// Where the stipulation was read: `beside` the code, a sign `above` it on a line of its
    /// own, or the `heading` of a printed directory (docs/reading.md); absent with no
    /// stipulation, and in output saved before the field existed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stipulation_source: Option<StipulationSource>,
    /// The canonical text of the position (`a7d3 0116.00 b2b3c6d6 3/3+.`).
    pub canonical: CompactString,
    /// The material, where decodable; serialised in endgame-table style (`KRBvKNN`), and read
    /// back in either style ([`Material`]'s `FromStr`).
    #[serde(default, with = "As::<Option<DisplayFromStr>>")]
    pub material: Option<Material>,
    /// The board, where every man's square is known; serialised as the FEN board field
    /// (`8/K7/2nn4/8/8/1B1k4/1R6/8`). Kept typed rather than as text, as most outputs never
    /// print it: its text cost a tenth of a record.
    #[serde(default, with = "As::<Option<DisplayFromStr>>")]
    pub fen: Option<Board>,
    /// The board of the diagram printed with the caption (gbr-notation.md §7), where one stands
    /// above or below it (`diagram::for_code`); serialised as the FEN board field,
    /// written only when there is one. A copy of the position: `gbr check` compares it.
    /// Boxed: most records have none, and a scan moves every record several times.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "json::boxed_board"
    )]
    pub diagram: Option<Box<Board>>,
    /// True when no check found an error (warnings and notes allowed).
    pub valid: bool,
    /// Every finding of every check.
    pub findings: Vec<FindingRecord>,
    /// The study's metadata, for a record read from a PGN game (`docs/chess-formats.md`);
    /// left out of the JSON when absent. Boxed: text scans never have it, and a record is
    /// moved often.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub study: Option<Box<Study>>,
    /// For a code read from a page through OCR (`--ocr`), each part of its text read otherwise
    /// than OCR gave it (`O130,00` read as `0130.00`: docs/reading.md, "OCR"), offsets in the
    /// page's text; absent (and left out of the JSON) when there is none, and in output saved
    /// before the field existed. A box of a vector, one pointer wide: a scan moves every record
    /// several times, and a vector in place (24 bytes) cost the plain scan more instructions
    /// (docs/performance.md, "OCR").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[allow(clippy::box_collection)]
    pub ocr_fixes: Option<Box<Vec<crate::misread::OcrFix>>>,
    /// For a study of a book's body merged by `gbr index` with its entry in the book's own GBR
    /// directory (`copies::merge`): where that entry stands in the same file. Absent (and left
    /// out of the JSON) otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub directory_entry: Option<Box<EntryAt>>,
    /// True for an example of the notation in prose (`Het voorbeeld + 1234.56 a7c8 betekent
    /// dus ...`): a code in the text, but no study (docs/reading.md, "Examples of the
    /// notation"). `gbr scan` reports it; `gbr index` lists it as no entry. Left out of the
    /// JSON when false, and false in output saved before the field existed.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub example: bool,
    /// What the Syzygy tables give for White on the record's whole position (its `fen`, else
    /// its `diagram`) with the side to move its stipulation names (White where none does),
    /// where `--tablebase` probed it: `win`, `draw` or `loss` (docs/check.md, "The tables").
    /// Left out of the JSON when not probed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tablebase: Option<crate::tablebase::TablebaseResult>,
    /// With [`Record::tablebase`] a win or a loss: Syzygy's distance to the next capture or pawn
    /// move with best play, in plies, where the DTZ table was at hand (at least 1: a decisive
    /// position is at least one ply from its next capture, pawn move or mate; non-zero, so
    /// that the field costs the record no room). Left out of the JSON when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtz: Option<std::num::NonZeroU16>,
}

/// Where a study's entry in its book's own directory stands ([`Record::directory_entry`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntryAt {
    /// 1-based line of the entry in its text (its page's, on a PDF page).
    pub line: u64,
    /// The page as printed, on a PDF page ([`Record::page`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<CompactString>,
    /// The 1-based page index, on a PDF page ([`Record::page_index`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_index: Option<u32>,
    /// The entry's label: the study's number as the directory prints it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<CompactString>,
    /// The entry's code and kings as the directory prints them (`0055.02 b1b8`), where they
    /// differ from the study's: the two were paired by the study's number, and one of them
    /// is a misprint (`gbr check` says which it takes for one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub printed: Option<CompactString>,
}

/// What a record's checks say of it, as `gbr scan` prints it after each code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    /// No error, and a copy of the material beside the code (W/B or squares) was checked.
    Ok,
    /// No error, but nothing beside the code repeats its material (rank below `wb`): nothing
    /// could disagree.
    Unchecked,
    /// An error: two copies of the material disagree, or a square is used twice.
    Invalid,
}

impl Status {
    /// The status of a code with `valid` (no error found) read at `rank`.
    pub fn of(valid: bool, rank: Rank) -> Status {
        if !valid {
            Status::Invalid
        } else if rank < Rank::Wb {
            Status::Unchecked
        } else {
            Status::Ok
        }
    }

    /// `ok`, `unchecked` or `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Unchecked => "unchecked",
            Status::Invalid => "invalid",
        }
    }
}

impl Record {
    /// Its [`Status`]: invalid with an error, unchecked below rank `wb`, else ok.
    pub fn status(&self) -> Status {
        Status::of(self.valid, self.rank)
    }
}

/// The text read, as a string: its tokens are ASCII, so the check for UTF-8 passes at once;
/// white space from another encoding between them (Latin-1's no-break space, 0xA0) is read as
/// Windows-1252 ([`crate::text::text_of`]).
pub(super) fn text_read(bytes: &[u8]) -> CompactString {
    CompactString::from_utf8(bytes)
        .unwrap_or_else(|_| CompactString::from(crate::text::text_of(bytes)))
}

/// Which of a record's fields a scan fills ([`crate::scan::ScanInputs`]).
///
/// The text output of `gbr scan` shows a record's reference, canonical text, status, rank
/// and findings only; the scan behind it leaves out the fields that only other outputs show,
/// as it reads no labels for it: the UTF-8 check of the text read and the square lists as
/// text are not paid for (docs/performance.md, "Measurements behind the code").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fields {
    /// Every field: what JSON, CSV, directories, `check` and the library's callers read.
    #[default]
    All,
    /// What a listing of one line per code shows: [`Record::text`] is left empty and
    /// [`Record::kings`], [`Record::squares`] and [`Record::men`] `None`, and
    /// [`Record::example`] false, whatever the code has (its [`Record::rank`], [`Record::canonical`] and findings still say it).
    Listing,
}

impl Record {
    /// Puts the record on PDF page `page` ([`Record::page`], [`Record::page_index`],
    /// [`Record::page_from`]), or on none.
    pub fn set_page(&mut self, page: Option<&PageRef>) {
        match page {
            Some(page) => {
                self.page = Some(page.printed.clone());
                self.page_index = Some(page.index);
                self.page_from = Some(page.from);
            }
            None => {
                self.page = None;
                self.page_index = None;
                self.page_from = None;
            }
        }
    }

    /// The record as read back from JSON saved before pages carried their index: a `page`
    /// without a `page_index` was the index (`"page": 12`), and is given as such; a record
    /// with both is returned as it is.
    pub fn with_page_index(mut self) -> Record {
        if self.page_index.is_none()
            && let Some(index) = self.page.as_deref().and_then(|p| p.parse::<u32>().ok())
        {
            self.page_index = Some(index);
            self.page_from = Some(PageFrom::Index);
        }
        if self.page_index.is_some() && self.page_from.is_none() {
            self.page_from = Some(PageFrom::Index);
        }
        self
    }

    /// The worst severity among the findings, `None` when there are none.
    pub fn worst(&self) -> Option<Severity> {
        self.findings.iter().map(|f| f.severity).max()
    }

    /// Probes the record's whole position (its `fen`, else its `diagram`) in `tables` for
    /// the side to move its stipulation names (White where it names none: a study's White moves
    /// first, gbr-notation.md §2) and keeps the verdict in [`Record::tablebase`] and
    /// [`Record::dtz`]; leaves them empty where the position is not whole, has more men than
    /// the tables hold, is illegal, or its table failed (which `tables` keeps to report).
    pub fn probe(&mut self, tables: &crate::tablebase::Tables) {
        let Some(board) = self.fen.as_ref().or(self.diagram.as_deref()) else {
            return;
        };
        let to_move = self
            .stipulation
            .map_or(shakmaty::Color::White, |s| s.to_move);
        if let crate::tablebase::Probe::Verdict(v) = tables.probe(board, to_move) {
            self.tablebase = Some(v.result);
            self.dtz = v
                .dtz
                .and_then(|d| std::num::NonZeroU16::new(u16::try_from(d).ok()?));
        }
    }

    /// Adds `by` to every byte offset the record holds: its own, its findings' and their
    /// fixes'. The one place that knows which fields are offsets, for a record found in a part
    /// of its text (a streamed block) whose offsets must be the whole text's; lines and columns
    /// are not offsets and are left alone.
    pub fn shift_offsets(&mut self, by: u64) {
        self.offset += by;
        for finding in &mut self.findings {
            finding.offset += by;
            for fix in &mut finding.fixes {
                fix.offset += by;
            }
        }
    }
}

#[cfg(test)]
mod tests;
