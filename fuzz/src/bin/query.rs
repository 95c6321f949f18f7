//! AFL target: [`gbrscan_fuzz::query`] on each input. Run with `cargo afl fuzz` (docs/reliability.md).

fn main() {
    afl::fuzz!(|data: &[u8]| gbrscan_fuzz::query(data));
}
