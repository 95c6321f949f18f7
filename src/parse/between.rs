//! Kings between two codes (docs/reading.md, "Kings between two codes"): the kings after the
//! code before them, or the kings before the code after them.

use super::lex;
use crate::finder::has_shape;

/// Kings read before a code belong to the code before them when that code ends right before
/// them (`0001.11 e8h8 0014.00 h1e1`, a directory line): they are its kings after. Not across
/// a line end when that code has kings before it on its own line (`a7d3 0116.00` over
/// `c3b1 0000.10`, a list of captions in the kings-before form, or a page's last caption over
/// the next page's first): a code with its kings before it takes no kings after it from the
/// next line, so the kings that open a line are the code's after them.
pub(super) fn kings_follow_a_code(buf: &[u8], kings_start: usize) -> bool {
    let Some(g) = lex::gap_backward(buf, kings_start) else {
        return false;
    };
    let Some(s) = g.checked_sub(7).filter(|&s| has_shape(buf, s)) else {
        return false;
    };
    let across_line = buf[g..kings_start]
        .iter()
        .any(|b| matches!(b, b'\n' | b'\r'));
    !(across_line && kings_on_its_line_before(buf, s))
}

/// True when kings stand before the code at `code_start` on its line, a gap of blanks with no
/// line end between (`a7d3 0116.00`).
fn kings_on_its_line_before(buf: &[u8], code_start: usize) -> bool {
    lex::gap_backward(buf, code_start)
        .filter(|&g| {
            g < code_start
                && !buf[g..code_start]
                    .iter()
                    .any(|b| matches!(b, b'\n' | b'\r'))
        })
        .and_then(|g| lex::kings_token_ending_at(buf, g))
        .is_some()
}
