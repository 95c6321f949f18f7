//! Fuzz targets of gbrscan (docs/reliability.md, "Fuzzing"): the properties in
//! `properties.rs`, run by AFL; the grammar of `grammar.rs`, whose texts the campaign of
//! `bin/grammar.rs` runs through the whole pipelines of `pipeline.rs`.

pub mod documents;
pub mod grammar;
pub mod pipeline;
mod properties;

pub use properties::*;
