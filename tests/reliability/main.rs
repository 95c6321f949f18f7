//! Faults a hostile user or a busy machine causes, through the real binary
//! (docs/reliability.md): what `-o` finds at its path, runs killed while they write, files
//! truncated while they are scanned.

mod killed;
mod names;
mod output;
mod readers;
mod spill;
mod truncated;

#[path = "../support/gbr.rs"]
#[allow(dead_code)] // `fail` serves the directory tests only
mod gbr_cli;

pub use gbr_cli::{FIXTURES, arg, gbr, run};
