//! A check's finding and its candidate fixes, flattened for the record.

use std::fmt::Write as _;

use serde::{Deserialize, Serialize};

use crate::check::{Check, Finding, Severity};
use crate::position::Part;

/// One finding of a check, flattened. Offsets are 0-based bytes into the source (after UTF-16
/// decoding, for UTF-16 files).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingRecord {
    /// The check (`men-count`, `board`, ...), gbr-notation.md §3.
    pub check: Check,
    /// `error`, `warning` or `note`.
    pub severity: Severity,
    /// The part most likely at fault.
    pub part: Part,
    /// The part it disagrees with.
    pub against: Option<Part>,
    /// The whole message, as the text output prints it.
    pub message: String,
    /// 0-based byte offset of the faulty part in the source.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
    /// The text the part should probably read (the top candidate).
    pub fix: Option<String>,
    /// Every candidate fix, best first (the top one included), each with the place it
    /// replaces; empty when there is none. Written only when not empty.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fixes: Vec<FixRecord>,
}

/// One candidate fix of a finding, flattened: replace `length` bytes at `offset` (0-based, in
/// the source) by `replacement`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixRecord {
    /// The part it changes.
    pub part: Part,
    /// 0-based byte offset of the text replaced.
    pub offset: u64,
    /// Its length in bytes.
    pub length: u64,
    /// The text to put there.
    pub replacement: String,
}

impl FindingRecord {
    /// Flattens `finding`; its spans are already absolute in the buffer that was parsed.
    pub fn new(finding: &Finding) -> FindingRecord {
        // Room for most messages at once: grown from empty, the text moved three times.
        let mut message = String::with_capacity(128);
        let _ = write!(message, "{finding}"); // writing to a String cannot fail
        FindingRecord {
            check: finding.check(),
            severity: finding.severity(),
            part: finding.part,
            against: finding.against,
            message,
            offset: finding.span.start as u64,
            length: finding.span.len() as u64,
            fix: finding.fix.as_ref().map(|f| f.replacement.clone()),
            fixes: finding
                .fixes()
                .map(|f| FixRecord {
                    part: f.part,
                    offset: f.span.start as u64,
                    length: f.span.len() as u64,
                    replacement: f.replacement.clone(),
                })
                .collect(),
        }
    }
}
