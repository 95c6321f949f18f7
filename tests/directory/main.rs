//! Look-up directories: `gbr index`, `gbr lookup` and `gbr merge` through the real
//! binary on `fixtures/directory/`, the printed directory of the corpus, the merge property and
//! the HTML page rendered by headless Chromium, study labels and page references.

mod book;
mod cli;
mod formats;
mod html;
mod labels;
mod lookup;
mod merge;
mod near;
mod print_html;
mod printing;

#[path = "../support/archives.rs"]
#[allow(dead_code)]
mod archives;

#[path = "../support/gbr.rs"]
mod gbr_cli;

pub use gbr_cli::{FIXTURES, arg, fail, gbr, run};
