//! Faults a hostile user or a busy machine causes, through the real binary
//! (docs/reliability.md): what `-o` finds at its path, runs killed while they write, files
//! truncated while they are scanned.

mod check_write;
mod data;
mod documents;
mod faults;
mod inputs;
mod killed;
mod names;
mod output;
mod readers;
mod spill;
mod truncated;

pub use crate::support::gbr::{FIXTURES, arg, gbr, run};
