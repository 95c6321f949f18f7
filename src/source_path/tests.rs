use super::*;
use proptest::prelude::*;

/// Bytes with many of the ones that matter: `\\`, `x`, hexadecimal digits, control bytes,
/// UTF-8 lead and continuation bytes, as well as any byte at all.
fn name_bytes() -> impl Strategy<Value = Vec<u8>> {
    let tricky = prop::sample::select(vec![
        b'\\', b'x', b'e', b'9', b'\t', b'\n', b'\r', 0, 0x1B, 0x7F, 0xC3, 0xA9, 0xE9, 0xF0, 0x9F,
    ]);
    prop::collection::vec(prop_oneof![any::<u8>(), tricky], 0..40)
}

proptest! {
    #[test]
    fn escape_then_unescape_is_the_identity(bytes in name_bytes()) {
        let name = SourcePath::new(&bytes);
        let escaped = name.escaped();
        prop_assert!(!escaped.contains(['\t', '\n', '\r']), "one cell, one line");
        let back = SourcePath::unescape(escaped.as_bytes());
        prop_assert_eq!(back.as_ref().map(SourcePath::as_bytes), Ok(&bytes[..]));
        prop_assert_eq!(name.is_plain(), escaped.as_bytes() == &bytes[..]);
    }

    #[test]
    fn json_then_back_is_the_identity(bytes in name_bytes()) {
        let name = SourcePath::new(&bytes);
        let json = serde_json::to_string(&name).unwrap();
        prop_assert_eq!(serde_json::from_str::<SourcePath>(&json).unwrap(), name);
    }
}

#[test]
fn escapes_read_back_and_plain_names_are_kept() {
    let cases: &[(&[u8], &str)] = &[
        (b"eg/1996.txt", "eg/1996.txt"),
        (b"caf\xE9.txt", "caf\\xe9.txt"),
        (b"caf\xC3\xA9.txt", "caf\u{e9}.txt"),
        (b"a\\b", "a\\\\b"),
        (b"a\\xe9", "a\\\\xe9"),
        (b"tab\there\nCR\r", "tab\\there\\nCR\\r"),
        (b"\x1b[31m\x7f", "\\x1b[31m\\x7f"),
        (b"\xC3", "\\xc3"),
        (b"\xF0\x9F\x98", "\\xf0\\x9f\\x98"),
        (b"", ""),
    ];
    for &(bytes, escaped) in cases {
        let name = SourcePath::new(bytes);
        assert_eq!(name.escaped(), escaped, "{bytes:?}");
        assert_eq!(name.to_string(), escaped);
        assert_eq!(&*name.escaped_bytes(), escaped.as_bytes());
        assert_eq!(SourcePath::unescape(escaped.as_bytes()), Ok(name.clone()));
        assert_eq!(name.is_plain(), escaped.as_bytes() == bytes);
    }
    assert_eq!(
        SourcePath::unescape(b"caf\\xE9"),
        Ok(SourcePath::new(b"caf\xE9"))
    );
}

#[test]
fn bad_escapes_are_refused_where_they_stand() {
    for (text, offset) in [
        (&b"a\\b"[..], 1),
        (b"\\", 0),
        (b"ok\\x4", 2),
        (b"\\xg0", 0),
        (b"\\\\\\q", 2),
    ] {
        assert_eq!(
            SourcePath::unescape(text),
            Err(EscapeError { offset }),
            "{text:?}"
        );
    }
}

#[test]
fn json_writes_text_or_base64_bytes_and_reads_both_back() {
    for (bytes, json) in [
        (&b"eg/caf\xC3\xA9.txt"[..], "\"eg/caf\u{e9}.txt\""),
        (b"a\\b", "\"a\\\\b\""),
        (b"caf\xE9.txt", "{\"bytes\":\"Y2Fm6S50eHQ=\"}"),
    ] {
        let name = SourcePath::new(bytes);
        assert_eq!(serde_json::to_string(&name).unwrap(), json);
        assert_eq!(serde_json::from_str::<SourcePath>(json).unwrap(), name);
    }
    assert!(serde_json::from_str::<SourcePath>("{\"path\":\"x\"}").is_err());
    assert!(serde_json::from_str::<SourcePath>("{\"bytes\":\"%%\"}").is_err());
}

#[test]
fn names_compare_and_order_by_their_bytes() {
    let e9 = SourcePath::new(b"caf\xE9.txt");
    let e8 = SourcePath::new(b"caf\xE8.txt");
    assert_ne!(e9, e8);
    assert!(e8 < e9);
    let (b, backslash) = (SourcePath::from("b"), SourcePath::from("\\"));
    assert_eq!(
        backslash.cmp(&b),
        std::cmp::Ordering::Less,
        "0x5C before 0x62"
    );
    assert_eq!(SourcePath::from("x.PGN").member(b"y"), "x.PGN!/y");
    assert!(SourcePath::from("x.PGN").ends_with_ignore_case(".pgn"));
}

#[test]
fn a_book_is_a_file_a_member_or_a_document_with_its_parts() {
    let book =
        |name: &str| String::from_utf8(SourcePath::new(name.as_bytes()).book().to_vec()).unwrap();
    assert_eq!(book("vol1.txt"), "vol1.txt");
    assert_eq!(book("book.pdf"), "book.pdf");
    // An archive's members are books of their own, nested ones too.
    assert_eq!(book("award.tar!/vol1.txt"), "award.tar!/vol1.txt");
    assert_eq!(book("a.zip!/b.tar!/c.txt"), "a.zip!/b.tar!/c.txt");
    // A document's parts are one book, by its name's ending or by the part's name.
    assert_eq!(book("m.docx!/word/document.xml"), "m.docx");
    assert_eq!(book("m.DOCX!/word/footnotes.xml"), "m.DOCX");
    assert_eq!(book("a.zip!/m.odt!/content.xml"), "a.zip!/m.odt");
    assert_eq!(book("b.epub!/OEBPS/ch1.xhtml"), "b.epub");
    assert_eq!(book("renamed!/word/document.xml"), "renamed");
    // A member merely named like a document part inside an archive: its own book.
    assert_eq!(book("a.zip!/notes/content.txt"), "a.zip!/notes/content.txt");
}
