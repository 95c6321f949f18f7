//! Code shared by integration tests.

pub mod archives;
pub mod gbr;
pub mod prose;
pub mod summary;
