//! OCR's misreadings of a code, read through the code's redundancy (docs/reading.md, "OCR").
//!
//! Tesseract reads a scanned caption `a7d3 0116.00 b2b3c6d6 3/3+.` as `a7d3 Oll6,OO b2b3c6dé
//! 3/3+.`: a letter or sign that looks like a digit stands where the notation has a digit
//! (gbr-notation.md §1, §2), a comma or colon where it has the code's full stop. `read` finds the codes
//! of an OCR'd page, with those confusions mapped, and the kings, squares and W/B beside them,
//! and rewrites each part to the form it reads as, so that the scanner reads the page as it
//! reads any text. A confused code is read only where a part beside it confirms it is one (kings,
//! a square list, W/B, or a sign glued before it: gbr-notation.md §2's forms); a letter is only ever read
//! as a digit in a position where the notation has a digit, so a word of prose is never touched.
//!
//! The page keeps its byte offsets: a part read shorter than it was found (`é` is two bytes and
//! reads as `6`; a space inside a code is dropped) is padded with spaces after it, so every byte
//! after a part is where it was, and line and column references are those of the OCR'd page.
//!
//! Not read here: a file letter misread as another letter (`c5g6` for `d5h6`). The page cannot
//! tell; the copies of the position can (`gbr check`, [`crate::copies`]).

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

use crate::position::Part;

/// One part of an OCR'd page read otherwise than OCR gave it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OcrFix {
    /// 0-based byte offset of the part in the page's text (the same in the text OCR gave and
    /// in the text read).
    pub offset: u64,
    /// The part as OCR gave it (`Oll6,OO`, `dShé`).
    pub found: CompactString,
    /// The part as read (`0116.00`, `d5h6`).
    pub read: CompactString,
    /// Which part of the position it is (GBR.md §2): the code, the squares (the king squares,
    /// or a square list: kings and men glued in the compact form), or W/B
    /// ([`Part::MenCount`]); `None` for a caption line's span from the kings to W/B read again
    /// from the page as one line (docs/reading.md, "OCR: reading a line again"), where `found`
    /// is the first reading and `read` the second, kept because the code it gives agrees with
    /// W/B.
    #[serde(with = "part_name")]
    pub part: Option<Part>,
    /// True for a caption's kings and code OCR garbled, rebuilt from the board printed beside
    /// it (docs/reading.md, "A caption rebuilt from its board"): `found` is what OCR gave,
    /// `read` the board's kings and code, written because what OCR did read of the caption
    /// (its W/B, any part of the code or kings) agrees with the board; or, with `found` empty,
    /// for the caption written under a board beside which no line holds a code ("A board
    /// without a caption"), `read` that caption. `part` is `None`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub from_picture: bool,
}

/// Serde's test for leaving [`OcrFix::from_picture`] out when false.
fn is_false(value: &bool) -> bool {
    !*value
}

/// The `part` of an [`OcrFix`] as saved in JSON and in the OCR cache: the part's name
/// (`code`, `squares`, `men`), or `line` for a caption line read again as one line (`None`).
/// `wb`, the name of W/B in a check's findings, reads as `men` too.
mod part_name {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    use crate::position::Part;

    pub fn serialize<S: Serializer>(part: &Option<Part>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match part {
            None => "line",
            Some(Part::MenCount) => "men",
            Some(p) => p.name(),
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Part>, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Ok(Some(match &*name {
            "line" => return Ok(None),
            "code" => Part::Code,
            "squares" => Part::Squares,
            "men" | "wb" => Part::MenCount,
            other => {
                return Err(D::Error::unknown_variant(
                    other,
                    &["code", "squares", "men", "line"],
                ));
            }
        }))
    }
}

/// The text of an OCR'd page as read, with the parts read otherwise.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Read {
    /// The page's text, every part read rewritten in place (same length in bytes).
    pub text: String,
    /// Each part rewritten, in order of offset.
    pub fixes: Vec<OcrFix>,
}

/// The digit a character OCR gives stands for in a position where the notation has a digit
/// (docs/reading.md, "OCR", lists where each confusion comes from).
pub(crate) fn digit(c: char) -> Option<u8> {
    Some(match c {
        '0'..='9' => c as u8 - b'0',
        'O' | 'o' | 'D' | 'Q' => 0,
        'l' | 'I' | '|' | 'i' | '!' | ']' => 1,
        'Z' | 'z' => 2,
        'S' | 's' | '$' => 5,
        'G' | 'é' | 'è' | 'ê' => 6,
        'B' => 8,
        'g' | 'q' => 9,
        _ => return None,
    })
}

/// True for a character OCR gives for the code's full stop.
fn is_stop(c: char) -> bool {
    matches!(c, '.' | ',' | ':' | ';')
}

/// Reads the OCR'd page `text` (docs/reading.md, "OCR"): every code found, its confusions
/// mapped, with the kings, squares and W/B beside it, rewritten where they were misread.
pub(crate) fn read(text: &str) -> Read {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let mut out = text.as_bytes().to_vec();
    let mut fixes = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let Some(code) = code_at(&chars, i) else {
            i += 1;
            continue;
        };
        let mut parts = Vec::new();
        let mut evidence = code.glued_sign;
        // Kings or squares glued after the code (`0031.10alh8...`), else apart from it.
        let mut at = code.end;
        let mut lines = 0;
        loop {
            let start = if parts.is_empty() && at == code.end && glued_letter(&chars, at) {
                at
            } else {
                match skip_blanks(&chars, at, &mut lines) {
                    Some(next) if next > at || at == code.end => next,
                    _ => break,
                }
            };
            // A stray mark is dropped only where the code decides it: the run then holds as
            // many squares as the code says it must (the kings, all the men, or both).
            let stray = || {
                squares_at(&chars, start, true).filter(|run| {
                    let men = code.men.map(usize::from);
                    run.squares == 2
                        || Some(run.squares) == men
                        || Some(run.squares) == men.map(|m| m + 2)
                })
            };
            if let Some(run) = squares_at(&chars, start, false).or_else(stray) {
                evidence = true;
                at = run.end;
                parts.push(run);
            } else {
                if let Some(men) = men_at(&chars, start) {
                    evidence = true;
                    parts.push(men);
                }
                break;
            }
        }
        // Kings before the code, on its line or the line above.
        if let Some(kings) = kings_before(&chars, code.start) {
            evidence = true;
            parts.push(kings);
        }
        if evidence || !code.confused {
            parts.push(code.part.clone());
        }
        for part in parts {
            if part.read != part.found(&chars) {
                apply(text, &chars, &part, &mut out, &mut fixes);
            }
        }
        i = code.end.max(i + 1);
    }
    fixes.sort_by_key(|f| f.offset);
    // A line of squares read after one code and again as the kings of the next.
    fixes.dedup_by_key(|f| f.offset);
    // Every replacement is ASCII over whole characters, padded to the same length.
    let text = String::from_utf8(out).unwrap_or_else(|_| text.to_owned());
    Read { text, fixes }
}

/// A part found: characters `start..end` of the page and what they read as.
#[derive(Debug, Clone)]
struct Found {
    start: usize,
    end: usize,
    read: String,
    part: Option<Part>,
    /// Squares in it, for a run of squares.
    squares: usize,
}

impl Found {
    fn found(&self, chars: &[(usize, char)]) -> String {
        chars[self.start..self.end]
            .iter()
            .map(|&(_, c)| c)
            .collect()
    }
}

fn byte(chars: &[(usize, char)], i: usize, text_len: usize) -> usize {
    chars.get(i).map_or(text_len, |&(b, _)| b)
}

fn apply(
    text: &str,
    chars: &[(usize, char)],
    part: &Found,
    out: &mut [u8],
    fixes: &mut Vec<OcrFix>,
) {
    let from = byte(chars, part.start, text.len());
    let to = byte(chars, part.end, text.len());
    let read = part.read.as_bytes();
    if read.len() > to - from {
        return;
    }
    out[from..from + read.len()].copy_from_slice(read);
    out[from + read.len()..to].fill(b' ');
    fixes.push(OcrFix {
        offset: from as u64,
        found: text[from..to].into(),
        read: part.read.as_str().into(),
        part: part.part,
        from_picture: false,
    });
}

mod code;
mod parts;
mod suspect;

use code::code_at;
use parts::{glued_letter, kings_before, men_at, skip_blanks, squares_at};
pub(crate) use suspect::{accept, suspects};

#[cfg(test)]
mod tests;
