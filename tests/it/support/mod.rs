//! Code shared by integration tests.

pub mod archives;
pub mod gbr;
pub mod prose;
pub mod saved;
pub mod summary;

use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};

/// `config` with its failing cases kept where the library's are: `proptest-regressions/` at the
/// package root, under `it/` (a test in `tests/it/reliability/data.rs` keeps its seeds in
/// `proptest-regressions/it/reliability/data.txt`), read again before new cases are tried.
/// Every `proptest!` block of the integration tests takes its config through this.
pub fn regressions(config: ProptestConfig) -> ProptestConfig {
    ProptestConfig {
        failure_persistence: Some(Box::new(FileFailurePersistence::SourceParallel(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/proptest-regressions/it"
        )))),
        ..config
    }
}

/// A fixed sequence of numbers in 0..1 (a linear congruential generator), so that a test that
/// picks moments or lengths at random can be replayed from its seed.
pub struct Moments(pub u64);

impl Moments {
    /// The next number, in 0..1.
    pub fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// `soffice --headless` with a user profile of its own in `profile` (a temporary folder the
/// caller keeps): LibreOffice started twice with the default profile hands the second call to
/// the first instance, which may exit 0 before it writes anything, and the tests that run it
/// run at once.
pub fn soffice(profile: &std::path::Path) -> std::process::Command {
    let mut command = std::process::Command::new("soffice");
    command
        .arg(format!(
            "-env:UserInstallation=file://{}",
            profile.to_str().expect("a UTF-8 temporary path")
        ))
        .arg("--headless");
    command
}

/// True when poppler's pdftoppm and pdftotext run here, as `--diagrams` needs them; else says
/// the test is skipped. Under CI (which installs poppler-utils) their absence fails the test.
pub fn poppler() -> bool {
    let runs = |tool: &str| {
        std::process::Command::new(tool)
            .arg("-v")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let here = runs("pdftoppm") && runs("pdftotext");
    assert!(
        here || std::env::var_os("CI").is_none(),
        "pdftoppm or pdftotext not found, and CI installs poppler-utils"
    );
    if !here {
        println!("skipped: pdftoppm or pdftotext not found (apt-get install poppler-utils)");
    }
    here
}

/// The lines of `gbr check`'s text output `out` that are warnings of a board read from a
/// picture (`warning[diagram]: ... the picture above ...`, docs/check.md, "Diagrams in
/// pictures").
pub fn picture_warnings(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("warning") && l.contains("the picture"))
        .collect()
}
