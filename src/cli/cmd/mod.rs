//! One module per subcommand, each the same shape: `Args` (clap's derive), a plain settings
//! struct built from them where the command has more than flags to pass on, and `run`, which
//! returns the exit status.

pub mod check;
pub mod decode;
pub mod encode;
pub mod generate;
pub mod index;
pub mod lookup;
pub mod merge;
pub mod scan;
pub mod text;
