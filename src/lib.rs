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
//! them. Layers, each depending only on those listed before it (docs/architecture.md):
//! the notation ([`code`], [`material`], [`stipulation`], [`position`], [`source_path`]) →
//! reading and checking ([`parse`], [`check`](mod@check)) → the record ([`record`]) → reading
//! around a code ([`context`], [`diagram`], [`context::label`]), finding and input ([`finder`],
//! [`input`], [`pgn`]) → the scan ([`scan`]) → every copy against every other ([`copies`]) and
//! the saved file ([`saved`]) → rendering ([`render`]) → sorting ([`directory`]).
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod choice;
pub mod code;
pub mod context;
pub mod copies;
pub mod diagram;
pub mod directory;
pub mod fault;
pub mod fen;
pub mod finder;
pub mod input;
pub mod material;
pub mod ocr;
mod order;
pub mod parse;
pub mod pgn;
pub mod position;
pub mod record;
pub mod render;
pub mod saved;
pub mod scan;
pub mod source_path;
pub mod stipulation;
mod study;

pub use check::{Check, Finding, Severity, applicable, check};
pub use code::Code;
pub use directory::{Directory, Order};
pub use material::Material;
pub use parse::{Form, Parsed, Rank, parse_at, parse_text};
pub use position::{Kings, MenCount, Position, SquareList};
pub use record::{Fields, FindingRecord, FixRecord, FoundAt, PageFrom, PageRef, Record};
pub use render::{Format, Listing};
pub use scan::{ScanInputs, ScanOptions, scan_buffer, scan_inputs};
pub use source_path::SourcePath;
pub use stipulation::{Outcome, Stipulation, StipulationSource};
pub use study::Study;
