use super::*;

/// Reads everything through a reader, `step` bytes a call.
fn read_in_steps(mut reader: impl Read, step: usize) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = vec![0; step];
    loop {
        let n = reader.read(&mut buf).expect("in-memory reads cannot fail");
        if n == 0 {
            return out;
        }
        out.extend_from_slice(&buf[..n]);
    }
}

#[test]
fn utf16_stream_decodes_as_the_whole_buffer_does() {
    let cases: &[(&[u8], Encoding, &str)] = &[
        (b"0\x003\x00.\x001\x00", Encoding::Utf16Le, "03.1"),
        (b"\x000\x003\x00.\x001", Encoding::Utf16Be, "03.1"),
        (b"a\x00\x3D\xD8b\x00", Encoding::Utf16Le, "a\u{FFFD}b"),
        (b"\x00a\x00", Encoding::Utf16Be, "a\u{FFFD}"),
        (
            b"\x5A\x26\x3D\xD8\x00\xDE",
            Encoding::Utf16Le,
            "\u{265A}\u{1F600}",
        ),
    ];
    for (raw, encoding, text) in cases {
        for step in [1, 2, 3, 7, 4096] {
            let got = read_in_steps(DecodeReader::new(*raw, *encoding), step);
            assert_eq!(got, text.as_bytes(), "{raw:?} in steps of {step}");
        }
    }
}

/// The text of `bytes` read as `format` by [`Members`], and how it ended.
fn members(bytes: &[u8], format: crate::input::Kind) -> (Vec<u8>, Ending) {
    let ending = Rc::new(RefCell::new(Ending::default()));
    let source = Counted {
        inner: bytes,
        count: Rc::new(Cell::new(0)),
    };
    let text = read_in_steps(Members::new(source, format, ending.clone()), 5);
    (text, ending.take())
}

#[test]
fn zstd_frames_are_read_one_after_another_and_skippable_frames_skipped() {
    use ruzstd::encoding::{CompressionLevel, compress_to_vec};
    let first = compress_to_vec(&b"0116.00 a7d3\n"[..], CompressionLevel::Fastest);
    let second = compress_to_vec(&b"0323.12 g3g1\n"[..], CompressionLevel::Fastest);
    // A skippable frame (RFC 8878 section 3.1.2): magic 0x184D2A53, length 3, 3 bytes.
    let skippable = [0x53, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, b'x', b'y', b'z'];
    let bytes = [&first[..], &skippable, &second].concat();
    let (text, ending) = members(&bytes, crate::input::Kind::Zstd);
    assert_eq!(text, b"0116.00 a7d3\n0323.12 g3g1\n");
    assert!(ending.error.is_none() && ending.garbage_at.is_none());
    // Cut inside the skippable frame: the first frame's text, then the error.
    let cut = &bytes[..first.len() + 9];
    let (text, ending) = members(cut, crate::input::Kind::Zstd);
    assert_eq!(text, b"0116.00 a7d3\n");
    assert!(ending.error.is_some());
}

#[test]
fn garbage_after_the_last_member_is_kept_with_its_offset() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut gz, b"0116.00 a7d3\n").unwrap();
    let gz = gz.finish().unwrap();
    let bytes = [&gz[..], &gz, b"\0\0junk"].concat();
    let (text, ending) = members(&bytes, crate::input::Kind::Gzip);
    assert_eq!(text, b"0116.00 a7d3\n0116.00 a7d3\n");
    assert_eq!(ending.garbage_at, Some(2 * gz.len() as u64));
    assert!(ending.error.is_none());
}

#[test]
fn limited_reader_stops_past_floor_and_ratio() {
    let limit = InflateLimit {
        floor: 10,
        ratio: 2,
    };
    let limited = |compressed| Limited {
        inner: &[b'x'; 100][..],
        compressed: Compressed::Known(compressed),
        limit,
        out: 0,
    };
    // 100 bytes from 50 compressed: 2x, allowed.
    assert_eq!(read_in_steps(limited(50), 7).len(), 100);
    // 100 bytes from 10 compressed: past 10 bytes and 2x.
    let mut reader = limited(10);
    let mut out = Vec::new();
    let err = reader.read_to_end(&mut out).expect_err("a bomb");
    assert_eq!(
        err.to_string(),
        "inflates past 10 bytes and 2x its 10 compressed bytes (a zip bomb? \
             --max-inflate raises the limit)"
    );
}
