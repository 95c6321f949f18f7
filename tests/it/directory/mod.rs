//! Look-up directories: `gbr index`, `gbr lookup` and `gbr merge` through the real
//! binary on `fixtures/directory/`, the printed directory of the corpus, the merge property and
//! the HTML page rendered by headless Chromium, study labels and page references.

mod book;
mod cli;
mod formats;
pub(crate) mod html;
mod labels;
mod lookup;
mod merge;
mod merging;
mod merging_property;
mod near;
mod print_html;
mod printing;

use crate::support::archives;
pub use crate::support::gbr::{FIXTURES, arg, fail, gbr, run};
