//! The text of bytes taken from an input, for what leaves the scan as text (a label, a
//! caption's text): UTF-8 where the bytes are UTF-8, else Windows-1252. On the ground floor of
//! the module graph, so that the record, the context readers and the input layer share one rule
//! (docs/inputs.md, "Encodings").

/// The text of `bytes` taken from an input (a label, a caption): the bytes as they are when
/// they are UTF-8, else decoded as Windows-1252, the single-byte encoding of Latin-1 text on
/// every system that wrote it (its 0xA0-0xFF are Latin-1's; a byte no character has becomes
/// U+FFFD, as encoding_rs decodes it).
pub(crate) fn text_of(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => {
            encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(bytes)
                .0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_utf8_where_valid_else_windows_1252() {
        assert_eq!(text_of("für Réti".as_bytes()), "für Réti");
        assert_eq!(text_of(b"f\xFCr R\xE9ti"), "für Réti");
        assert_eq!(
            text_of(b"\x93quoted\x94 \x80"),
            "\u{201C}quoted\u{201D} \u{20AC}"
        );
        assert!(matches!(
            text_of(b"plain"),
            std::borrow::Cow::Borrowed("plain")
        ));
    }
}
