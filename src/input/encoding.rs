//! Text encodings: bytes are scanned as they are, except UTF-16, which is decoded to UTF-8, and
//! any input when the user names its encoding (`-E/--encoding`, as ripgrep's).
//!
//! GBR codes are ASCII, so any ASCII-compatible encoding (UTF-8, Latin-1, Windows-1252, ...)
//! is scanned unchanged. UTF-16 is not ASCII-compatible (every ASCII character carries a NUL
//! byte), so a file that starts with a UTF-16 byte order mark is decoded first. The text that
//! leaves the scan (a label, a caption's text) is read as UTF-8 where it is valid UTF-8, else
//! as Windows-1252 ([`crate::text::text_of`]): a Latin-1 or Windows-1252 file keeps its accents
//! (`für`, not `f�r`) without being decoded whole, so a UTF-8 file costs nothing more.
//! docs/inputs.md, "Encodings".

use std::char::REPLACEMENT_CHARACTER;

use super::Contents;

/// How a file's bytes were turned into the bytes that are scanned.
///
/// Detection looks only at the byte order mark (BOM) at the very start of the file: `FF FE`
/// means UTF-16 little-endian, `FE FF` UTF-16 big-endian (U+FEFF encoded in each byte order).
/// Anything else, including a UTF-8 BOM (`EF BB BF`, left in place: it cannot be part of a
/// code), is [`Encoding::Bytes`]. A UTF-32 LE file (`FF FE 00 00`) is read as UTF-16 LE; the
/// NUL characters that result make it binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Encoding {
    /// Scanned as the file's own bytes; byte offsets are file offsets.
    Bytes,
    /// UTF-16 little-endian, decoded to UTF-8 without the BOM; byte offsets refer to the
    /// decoded UTF-8 text, not to the file.
    Utf16Le,
    /// UTF-16 big-endian, decoded to UTF-8 without the BOM; byte offsets refer to the decoded
    /// UTF-8 text, not to the file.
    Utf16Be,
    /// The encoding the user named (`-E latin1`), decoded to UTF-8; byte offsets refer to the
    /// decoded UTF-8 text, not to the file. A UTF-16 byte order mark still wins.
    Named(&'static encoding_rs::Encoding),
}

/// The encoding named by `label` for `-E/--encoding`: any WHATWG Encoding Standard label
/// (`utf-8`, `latin1`, `windows-1252`, `iso-8859-15`, `cp1251`, `shift_jis`, ...), any case;
/// `None` for `auto`, the default (a UTF-16 byte order mark decides, else the bytes are
/// scanned as they are).
///
/// # Errors
/// The label names no encoding; the message says what the labels are.
pub fn named(label: &str) -> Result<Option<&'static encoding_rs::Encoding>, String> {
    if label.eq_ignore_ascii_case("auto") {
        return Ok(None);
    }
    match encoding_rs::Encoding::for_label(label.trim().as_bytes()) {
        // UTF-16 without a byte order mark is not ASCII-compatible either: decoded as named.
        Some(encoding) => Ok(Some(encoding)),
        None => Err(format!(
            "{label:?} names no encoding: give auto, or a label of the WHATWG Encoding Standard \
             (utf-8, latin1, windows-1252, iso-8859-15, utf-16le, ...)"
        )),
    }
}

impl Encoding {
    /// The encoding announced by the first bytes of `bytes` (a UTF-16 byte order mark), else
    /// `named` (`-E`) where it is not UTF-8, else the bytes as they are.
    pub(super) fn sniff_named(
        bytes: &[u8],
        named: Option<&'static encoding_rs::Encoding>,
    ) -> Encoding {
        match (bytes, named) {
            ([0xFF, 0xFE, ..], _) => Encoding::Utf16Le,
            ([0xFE, 0xFF, ..], _) => Encoding::Utf16Be,
            (_, Some(named)) if named != encoding_rs::UTF_8 => Encoding::Named(named),
            _ => Encoding::Bytes,
        }
    }
}

/// Decode `raw` when it starts with a UTF-16 BOM, else from `named` when the user named an
/// encoding other than UTF-8 (a UTF-8 byte order mark is then dropped); return it untouched
/// otherwise.
pub(super) fn decode(
    raw: Contents,
    named: Option<&'static encoding_rs::Encoding>,
) -> (Contents, Encoding) {
    let encoding = Encoding::sniff_named(&raw, named);
    let text = match encoding {
        Encoding::Bytes => return (raw, encoding),
        Encoding::Utf16Le => utf16_to_utf8(&raw[2..], u16::from_le_bytes),
        Encoding::Utf16Be => utf16_to_utf8(&raw[2..], u16::from_be_bytes),
        Encoding::Named(named) => {
            let body = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&raw);
            named
                .decode_without_bom_handling(body)
                .0
                .into_owned()
                .into_bytes()
        }
    };
    (Contents::Owned(text), encoding)
}

/// UTF-16 code units (two bytes each, combined by `unit`) to UTF-8 bytes. A lone surrogate and
/// an odd trailing byte each become U+FFFD REPLACEMENT CHARACTER.
fn utf16_to_utf8(body: &[u8], unit: fn([u8; 2]) -> u16) -> Vec<u8> {
    let units = body.chunks_exact(2).map(|pair| unit([pair[0], pair[1]]));
    // Lower bound for ASCII text (two bytes become one); the string grows if needed.
    let mut text = String::with_capacity(body.len() / 2);
    text.extend(char::decode_utf16(units).map(|c| c.unwrap_or(REPLACEMENT_CHARACTER)));
    if body.len() % 2 == 1 {
        text.push(REPLACEMENT_CHARACTER);
    }
    text.into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_named_encoding_decodes_the_whole_input_and_a_utf16_bom_still_wins() {
        let latin1 = named("latin1").unwrap();
        assert_eq!(latin1, Some(encoding_rs::WINDOWS_1252));
        assert_eq!(named("AUTO").unwrap(), None);
        assert!(named("klingon").unwrap_err().contains("names no encoding"));
        let (bytes, encoding) = decode(Contents::Owned(b"f\xFCr 0323.12".to_vec()), latin1);
        assert_eq!(
            (&bytes[..], encoding),
            (
                "für 0323.12".as_bytes(),
                Encoding::Named(encoding_rs::WINDOWS_1252)
            )
        );
        let (bytes, _) = decode(Contents::Owned(b"\xEF\xBB\xBFa".to_vec()), latin1);
        assert_eq!(&bytes[..], b"a", "a UTF-8 byte order mark dropped");
        let (_, encoding) = decode(Contents::Owned(b"\xFF\xFEa\x00".to_vec()), latin1);
        assert_eq!(encoding, Encoding::Utf16Le);
        let (bytes, encoding) =
            decode(Contents::Owned(b"f\xFCr".to_vec()), named("utf-8").unwrap());
        assert_eq!((&bytes[..], encoding), (&b"f\xFCr"[..], Encoding::Bytes));
    }

    #[track_caller]
    fn decoded(raw: &[u8]) -> (Vec<u8>, Encoding) {
        let (bytes, encoding) = decode(Contents::Owned(raw.to_vec()), None);
        (bytes.to_vec(), encoding)
    }

    fn utf16le_with_bom(text: &str) -> Vec<u8> {
        let mut bytes = vec![0xFF, 0xFE];
        bytes.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        bytes
    }

    #[test]
    fn bytes_without_bom_are_untouched() {
        assert_eq!(
            decoded(b"=0323.12"),
            (b"=0323.12".to_vec(), Encoding::Bytes)
        );
    }

    #[test]
    fn utf8_bom_is_left_in_place() {
        let raw = b"\xEF\xBB\xBF0323.12";
        assert_eq!(decoded(raw), (raw.to_vec(), Encoding::Bytes));
    }

    #[test]
    fn utf16le_decodes_to_utf8_without_bom() {
        let raw = b"\xFF\xFE0\x003\x00.\x001\x00";
        assert_eq!(decoded(raw), (b"03.1".to_vec(), Encoding::Utf16Le));
    }

    #[test]
    fn utf16be_decodes_to_utf8_without_bom() {
        let raw = b"\xFE\xFF\x000\x003\x00.\x001";
        assert_eq!(decoded(raw), (b"03.1".to_vec(), Encoding::Utf16Be));
    }

    #[test]
    fn bom_alone_decodes_to_empty_text() {
        assert_eq!(decoded(b"\xFF\xFE"), (Vec::new(), Encoding::Utf16Le));
    }

    #[test]
    fn surrogate_pair_decodes_to_one_four_byte_character() {
        // U+265A BLACK CHESS KING is one unit; U+1F600 needs the pair D83D DE00.
        let raw = b"\xFF\xFE\x5A\x26\x3D\xD8\x00\xDE";
        assert_eq!(decoded(raw).0, "\u{265A}\u{1F600}".as_bytes());
    }

    #[test]
    fn lone_surrogate_becomes_replacement_character() {
        let raw = b"\xFF\xFEa\x00\x3D\xD8b\x00";
        assert_eq!(decoded(raw).0, "a\u{FFFD}b".as_bytes());
    }

    #[test]
    fn odd_trailing_byte_becomes_replacement_character() {
        let raw = b"\xFE\xFF\x00a\x00";
        assert_eq!(decoded(raw).0, "a\u{FFFD}".as_bytes());
    }

    proptest! {
        #[test]
        fn utf16le_round_trips_any_text(text in any::<String>()) {
            let (bytes, encoding) = decoded(&utf16le_with_bom(&text));
            prop_assert_eq!(encoding, Encoding::Utf16Le);
            prop_assert_eq!(bytes, text.into_bytes());
        }
    }
}
