//! Code shared by integration tests.

pub mod prose;
