//! gbrscan: find, check and index GBR codes of chess endgame studies.
//!
//! The GBR code (Guy-Blandford-Roycroft) writes the material of a position as `QRBN.wb`
//! (`0323.12`); longer forms add the stipulation, the kings and every square
//! (`a7d3 0116.00 b2b3c6d6 3/3+.`). The material is carried two or three times over, so a
//! transcription error shows as a disagreement. The reference for the notation is
//! `docs/gbr-notation.md`; its sections are cited as "GBR.md §N".
//!
//! Layers, each depending only on those listed before it:
//! [`source_path`] (a source's name as bytes), [`code`] and [`material`] → [`stipulation`] → [`position`] → [`parse`] →
//! [`check`](mod@check) →
//! [`record`] → [`context`] → [`label`] → [`scan`] (which also uses [`finder`], [`input`] and
//! [`diagram`], the boards printed as text, after [`parse`]) → [`copies`] (every copy of a position
//! against every other: `gbr check`).
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod check;
pub mod code;
pub mod context;
pub mod copies;
pub mod diagram;
pub mod directory;
pub mod fault;
pub mod fen;
pub mod finder;
pub mod input;
pub mod label;
pub mod material;
pub mod ocr;
pub mod parse;
pub mod pgn;
pub mod position;
pub mod record;
pub mod scan;
pub mod source_path;
pub mod stipulation;
pub mod study;

pub use check::{Check, Finding, Severity, applicable, check};
pub use code::Code;
pub use material::Material;
pub use parse::{Form, Parsed, Rank, parse_at, parse_text};
pub use position::{Kings, MenCount, Position, SquareList};
pub use record::{Fields, FindingRecord, FixRecord, FoundAt, PageFrom, PageRef, Record};
pub use source_path::SourcePath;
pub use stipulation::{Outcome, Stipulation, StipulationSource};
