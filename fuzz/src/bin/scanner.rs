//! AFL target: [`gbrscan_fuzz::scanner`] on each input. Run with `cargo afl fuzz` (docs/reliability.md).

fn main() {
    afl::fuzz!(|data: &[u8]| gbrscan_fuzz::scanner(data));
}
