//! gbrscan: find, check and index GBR codes of chess endgame studies.
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod finder;
