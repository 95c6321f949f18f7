//! A directory saved as a file (`tsv` or `jsonl`): its columns and the rules every reader
//! applies to a line ([`columns`]), reading it back ([`read`]), and looking entries up in it
//! without rescanning, refused when the files it indexes are newer ([`lookup`]). Written by
//! [`crate::render`] ([`crate::render::RowWriter`], or a [`crate::render::Format`]).

pub mod columns;
pub mod lookup;
pub mod read;
