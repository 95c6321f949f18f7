//! A directory saved as a file (`tsv` or `jsonl`): its columns and the rules every reader
//! applies to a line ([`columns`]), reading it back ([`read`]), looking entries up in it
//! without rescanning ([`lookup`]), and refusing it when the files it indexes are newer
//! ([`stale`]). Written by
//! [`crate::render`] (its `RowWriter`, or a [`crate::render::Format`]).

pub mod columns;
pub mod lookup;
pub mod read;
pub mod stale;
