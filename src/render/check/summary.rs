//! The counts `gbr check` prints at the end: a line of text, or the last JSON object.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::check::Severity;
use crate::copies::{Diagnostic, DiagnosticCheck, Report};

/// The counts printed at the end.
#[derive(Debug, Serialize)]
pub struct CheckSummary {
    /// Inputs checked.
    pub files: u64,
    /// Codes found.
    pub codes: u64,
    /// Codes with no error.
    pub valid: u64,
    /// Errors by check.
    pub errors: BTreeMap<String, u64>,
    /// Warnings.
    pub warnings: u64,
    /// Near misses.
    pub near_misses: u64,
    /// What the Syzygy tables said, with `--tablebase` (left out of the JSON without it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tables: Option<crate::copies::TableCounts>,
}

impl CheckSummary {
    /// `2 files, 12 codes, 9 valid; errors: diagram 2, men-count 1; 1 warning; 3 near misses`,
    /// and with the tables `; 213 positions probed in the tables: 212 confirmed, 1
    /// contradicted; 40 out of their reach` (illegal positions and failed probes said where
    /// there are any).
    pub fn line(&self) -> String {
        let errors: Vec<String> = self
            .errors
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        let plural = |n: u64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        format!(
            "{}, {}, {} valid; {}; {}; {}",
            plural(self.files, "file"),
            plural(self.codes, "code"),
            self.valid,
            if errors.is_empty() {
                "no errors".to_string()
            } else {
                format!("errors: {}", errors.join(", "))
            },
            plural(self.warnings, "warning"),
            plural(self.near_misses, "near miss").replace("near misss", "near misses"),
        ) + &self.tables.map(|t| tables_line(&t)).unwrap_or_default()
    }
}

/// The tables' part of the summary line, `; ` first.
fn tables_line(t: &crate::copies::TableCounts) -> String {
    let mut line = format!(
        "; {} probed in the tables: {} confirmed, {} contradicted; {} out of their reach",
        if t.probed == 1 {
            "1 position".to_string()
        } else {
            format!("{} positions", t.probed)
        },
        t.confirmed,
        t.contradicted,
        t.out_of_reach
    );
    if t.illegal > 0 {
        line.push_str(&format!(", {} illegal", t.illegal));
    }
    if t.failed > 0 {
        line.push_str(&format!(", {} not probed: a table failed", t.failed));
    }
    line
}

impl CheckSummary {
    /// The counts of a check that found `report`, of which `shown` are printed (warnings may
    /// be left out), over `files` files (the pages of a PDF and the members of an archive
    /// count as their file): errors by their check's name, warnings and near misses as
    /// printed; codes and valid codes of the whole report.
    pub fn new(report: &Report, shown: &[&Diagnostic], files: usize) -> CheckSummary {
        let mut errors = BTreeMap::new();
        let mut warnings = 0;
        let mut near = 0;
        for d in shown {
            match d.severity {
                Severity::Error => *errors.entry(d.check.name().to_owned()).or_insert(0) += 1,
                Severity::Warning => warnings += 1,
                Severity::Note if d.check == DiagnosticCheck::NearMiss => near += 1,
                Severity::Note => {}
            }
        }
        CheckSummary {
            files: files as u64,
            codes: report.codes,
            valid: report.valid,
            errors,
            warnings,
            near_misses: near,
            tables: report.tables,
        }
    }
}
