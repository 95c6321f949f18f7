use super::*;

#[test]
fn a_caption_is_the_line_holding_a_code_after_the_picture_else_before_it() {
    let text = "Study 1\n\n+ 0000.10 a1h8\nprose\n";
    // The picture's own line is blank; the code two lines on is its caption.
    let at = text.find("\n\n").unwrap() + 1;
    let found = caption(text, at, &[]).expect("a caption");
    assert_eq!(found.line(text), "+ 0000.10 a1h8");
    assert_eq!(found.at, text.find('+').unwrap());
    // Under no code, the code over it: its board goes after the caption's line.
    let text = "0400.10 e1e8 Win\n\nprose, no code\n";
    let found = caption(text, text.find("\n\n").unwrap() + 1, &[]).expect("a caption");
    assert_eq!(found.line(text), "0400.10 e1e8 Win");
    assert_eq!(found.at, text.find('\n').unwrap() + 1);
}

#[test]
fn a_caption_is_never_past_another_picture_nor_too_far() {
    let text = "\n\n0400.10 e1e8\n";
    // Pictures on lines 1 and 2: the code after the second is not the first's.
    assert_eq!(caption(text, 0, &[1]), None);
    assert!(caption(text, 1, &[0]).is_some());
    let far = "\none\ntwo\nthree\nfour\n0400.10 e1e8\n";
    assert_eq!(caption(far, 0, &[]), None);
}

#[test]
fn a_broken_huge_or_boardless_picture_is_an_error_or_nothing_never_a_panic() {
    let png = |w: u32, h: u32| {
        let mut bytes = Vec::new();
        image::GrayImage::from_pixel(w, h, image::Luma([200]))
            .write_to(&mut Cursor::new(&mut bytes), image::ImageFormat::Png)
            .expect("a PNG");
        bytes
    };
    let blank = png(64, 48);
    assert!(boards_in(&blank, 1 << 20).expect("read").is_empty());
    let truncated = &blank[..blank.len() / 2];
    let err = boards_in(truncated, 1 << 20).expect_err("truncated");
    assert!(err.to_string().contains("cannot decode"), "{err}");
    // A PNG that declares 100,000 x 100,000 pixels is refused by its header alone.
    let mut huge = png(1, 1);
    huge[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    huge[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    let mut crc = flate2::Crc::new();
    crc.update(&huge[12..29]);
    huge[29..33].copy_from_slice(&crc.sum().to_be_bytes());
    let err = boards_in(&huge, 100_000_000).expect_err("too large");
    assert!(err.to_string().contains("100000 x 100000 pixels"), "{err}");
    assert!(boards_in(b"not an image", 1 << 20).is_err());
}

#[test]
fn pictures_are_told_by_their_first_bytes() {
    assert_eq!(kind(b"\x89PNG\r\n\x1a\n...."), Kind::Raster);
    assert_eq!(kind(b"\xFF\xD8\xFF\xE0"), Kind::Raster);
    let mut emf = vec![1u8, 0, 0, 0];
    emf.resize(40, 0);
    emf.extend_from_slice(b" EMF");
    assert_eq!(kind(&emf), Kind::Vector);
    assert_eq!(kind(b"\xD7\xCD\xC6\x9A"), Kind::Vector);
    assert_eq!(kind(b"<svg"), Kind::Other);
}
