//! `--tablebase DIR` of `gbr check`, `gbr scan` and `gbr index`: the Syzygy tables opened once
//! for the run, and what failed in them said on standard error (docs/check.md, "The tables").

use std::ffi::OsString;
use std::sync::Arc;

use anyhow::Context as _;
use gbrscan::tablebase::{TABLEBASE_ENV, Tables, split_folders};

/// The tables' flag.
#[derive(Debug, Clone, clap::Args)]
pub struct TablebaseArgs {
    /// Probe each whole position of few enough men in the Syzygy tables of DIR (WDL `.rtbw`,
    /// DTZ `.rtbz`); folders separated by `:` (`;` on Windows) as Stockfish's SyzygyPath, or
    /// the flag given again. Without it, the environment variable GBR_TABLEBASE, if set.
    #[arg(long, value_name = "DIR")]
    tablebase: Vec<OsString>,
}

impl TablebaseArgs {
    /// The tables of `--tablebase`, else of [`TABLEBASE_ENV`]; `None` where neither names a
    /// folder. A table file left out (truncated, unreadable) is said on standard error, and
    /// `failed` set.
    ///
    /// # Errors
    ///
    /// A folder that cannot be listed, or no table in any folder.
    pub fn open(&self, failed: &mut bool) -> anyhow::Result<Option<Arc<Tables>>> {
        let mut folders: Vec<_> = self
            .tablebase
            .iter()
            .flat_map(|f| split_folders(f))
            .collect();
        if self.tablebase.is_empty()
            && let Some(env) = std::env::var_os(TABLEBASE_ENV)
        {
            folders = split_folders(&env);
        }
        if folders.is_empty() {
            return Ok(None);
        }
        let opened = Tables::open(&folders).context("--tablebase")?;
        for left_out in &opened.left_out {
            eprintln!("gbr: tablebase: {left_out}");
            *failed = true;
        }
        Ok(Some(Arc::new(opened.tables)))
    }
}

/// Says on standard error each table that failed while positions were probed (corrupt, no
/// table, missing); true when one did.
pub fn report_failures(tables: Option<&Tables>) -> bool {
    let failures = tables.map(Tables::failures).unwrap_or_default();
    for failure in &failures {
        eprintln!("gbr: tablebase: {failure}");
    }
    !failures.is_empty()
}
