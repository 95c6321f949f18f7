//! gbrscan: find, check and index GBR codes of chess endgame studies.
//!
//! The GBR code (Guy-Blandford-Roycroft) writes the material of a position as `QRBN.wb`
//! (`0323.12`); longer forms add the stipulation, the kings and every square
//! (`a7d3 0116.00 b2b3c6d6 3/3+.`). The material is carried two or three times over, so a
//! transcription error shows as a disagreement. The reference for the notation is
//! `docs/gbr-notation.md`; its sections are cited as "gbr-notation.md §N".
//!
//! ```
//! use gbrscan::{ScanOptions, Severity, scan_buffer};
//!
//! // W/B says 10/9 men, the code 9/8: one of them is wrong, and the checks say which could be.
//! let records = scan_buffer(b"a2f1 0411.56 10/9+.", "eg.txt", ScanOptions::default(), &|_| {});
//! let record = &records[0];
//! assert_eq!(record.code.to_string(), "0411.56");
//! assert!(!record.valid);
//! let finding = &record.findings[0];
//! assert_eq!((finding.severity, finding.check.name()), (Severity::Error, "men-count"));
//! ```
//!
//! The entry points: [`scan_buffer`] (one text in memory) and [`scan_inputs`] (files, folders,
//! archives, PDFs and streams, in parallel, records handed back in input order) give
//! [`Record`]s; [`Directory`] sorts them in an [`Order`]; [`Format`] writes a [`Listing`] of
//! them. The public modules, each depending only on those listed before it
//! (docs/architecture.md, "The library's surface"): the notation ([`code`], [`material`],
//! [`stipulation`], [`position`], [`source_path`]) → reading and checking ([`parse`],
//! [`check`](mod@check), [`fen`], [`misread`]'s fixes, the Syzygy [`tablebase`]) → the record ([`record`]) → input and games
//! ([`input`], [`pgn`]) → the scan ([`scan`], [`fault`]) → every copy against every other
//! ([`copies`]) and the saved file ([`saved`]) → rendering ([`render`]) → sorting
//! ([`directory`]); [`choice`] names the small enums for a command line. What reads around a
//! code (its context, its label, diagrams set as text) and the finder's SIMD loop are the
//! scan's own and not public.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod choice;
pub mod citation;
pub mod code;
mod context;
pub mod copies;
mod diagram;
pub mod directory;
pub mod fault;
pub mod fen;
mod finder;
pub mod input;
pub mod keyed;
pub mod material;
pub mod misread;
mod order;
pub mod parse;
pub mod pgn;
pub mod picture;
pub mod position;
pub mod record;
pub mod render;
pub mod saved;
pub mod scan;
pub mod source_path;
pub mod stipulation;
mod study;
pub mod tablebase;
#[cfg(test)]
mod tests;
mod text;

pub use check::{Check, Finding, Severity, applicable, check};
pub use citation::Citation;
pub use code::Code;
pub use context::label::LabelRules;
pub use directory::{Directory, Order};
pub use material::Material;
pub use parse::{Form, Parsed, Rank, parse_at, parse_text};
pub use position::{Kings, MenCount, Position, SquareList};
pub use record::{Fields, FindingRecord, FixRecord, FoundAt, PageFrom, PageRef, Record};
pub use render::{Format, Listing};
pub use scan::{InputConfig, ScanInputs, ScanOptions, scan_buffer, scan_inputs};
pub use source_path::SourcePath;
pub use stipulation::{Outcome, Stipulation, StipulationSource};
pub use study::Study;

/// Not part of the API: the finder's block loop and its byte-at-a-time reference, and the
/// reader and writer of diagrams set as text, for the fuzz crate's properties (`fuzz/`, also
/// run by `tests/it/fuzz_properties.rs`) and the finder's benchmark (`benches/finder.rs`),
/// which must call them directly: the finder against its reference on arbitrary bytes, a
/// rendered board read back. Hidden from the documentation, and free to change with the
/// modules it re-exports.
#[doc(hidden)]
pub mod internals {
    /// The finder: every `dddd.dd` anchor of a range and the line feeds before it.
    pub mod finder {
        pub use crate::finder::{ANCHOR_LEN, RangeScan, scan_range, scan_range_scalar};
    }
    /// Diagrams set as text (gbr-notation.md §7).
    pub mod diagram {
        pub use crate::diagram::{Diagram, all, read_at, render};
    }
}
