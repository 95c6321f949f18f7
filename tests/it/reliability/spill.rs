//! `gbr index --memory` with a limit far below the directory's size spills sorted runs and
//! merges them, and writes byte for byte what the in-memory sort writes.

use super::run;

#[test]
fn a_tiny_memory_limit_gives_the_same_directory() {
    for format in ["tsv", "jsonl"] {
        for group in ["none", "stipulation"] {
            let base = ["index", "fixtures", "--format", format, "--group-by", group];
            let in_memory = run(&base, 0);
            for memory in ["2K", "64K"] {
                let spilled = run(&[&base[..], &["--memory", memory]].concat(), 0);
                assert!(spilled == in_memory, "{format}, {group}, --memory {memory}");
            }
        }
    }
}

#[test]
fn text_output_is_sorted_in_memory_whatever_the_limit() {
    let in_memory = run(&["index", "fixtures"], 0);
    assert_eq!(run(&["index", "fixtures", "--memory", "1K"], 0), in_memory);
}

#[test]
fn a_size_that_is_no_size_is_refused() {
    let output = super::gbr()
        .args(["index", "fixtures", "--memory", "lots"])
        .output()
        .expect("run gbr");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("expected a size such as 512M or 1G, found \"lots\""),
        "{stderr}"
    );
}
