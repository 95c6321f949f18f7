//! Text encodings: bytes are scanned as they are, except UTF-16, which is decoded to UTF-8.
//!
//! GBR codes are ASCII, so any ASCII-compatible encoding (UTF-8, Latin-1, Windows-1252, ...)
//! is scanned unchanged. UTF-16 is not ASCII-compatible (every ASCII character carries a NUL
//! byte), so a file that starts with a UTF-16 byte order mark is decoded first.

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
}

impl Encoding {
    /// The encoding announced by the first bytes of `bytes`.
    pub(super) fn sniff(bytes: &[u8]) -> Encoding {
        match bytes {
            [0xFF, 0xFE, ..] => Encoding::Utf16Le,
            [0xFE, 0xFF, ..] => Encoding::Utf16Be,
            _ => Encoding::Bytes,
        }
    }
}

/// Decode `raw` when it starts with a UTF-16 BOM; return it untouched otherwise.
pub(super) fn decode(raw: Contents) -> (Contents, Encoding) {
    let encoding = Encoding::sniff(&raw);
    let text = match encoding {
        Encoding::Bytes => return (raw, encoding),
        Encoding::Utf16Le => utf16_to_utf8(&raw[2..], u16::from_le_bytes),
        Encoding::Utf16Be => utf16_to_utf8(&raw[2..], u16::from_be_bytes),
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

    #[track_caller]
    fn decoded(raw: &[u8]) -> (Vec<u8>, Encoding) {
        let (bytes, encoding) = decode(Contents::Owned(raw.to_vec()));
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
