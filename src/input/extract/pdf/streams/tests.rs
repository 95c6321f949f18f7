use super::*;
use flate2::{Compression, write::ZlibEncoder};

fn zlib(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn flate_stream(bytes: &[u8]) -> Stream {
    let mut dict = Dictionary::new();
    dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
    Stream::new(dict, zlib(bytes))
}

fn limit(floor: u64) -> InflateLimit {
    InflateLimit { floor, ratio: 100 }
}

#[test]
fn an_image_is_emptied_without_inflating_it() {
    // 64 MiB of pixels against a budget of 1 MiB: refused if it were inflated.
    let mut image = flate_stream(&vec![0u8; 64 << 20]);
    image.dict.set("Subtype", Object::Name(b"Image".to_vec()));
    let text = flate_stream(b"BT (0116.00) Tj ET");
    let mut objects = [Object::Stream(image), Object::Stream(text)];
    let mut budget = Budget::new(limit(1 << 20), 100);
    decode_all(objects.iter_mut(), &mut budget).expect("within the budget");
    let [Object::Stream(image), Object::Stream(text)] = &objects else {
        unreachable!("two streams")
    };
    assert!(image.content.is_empty() && !image.dict.has(b"Filter"));
    assert_eq!(text.content, b"BT (0116.00) Tj ET");
    assert_eq!(budget.used, 18, "only the text's bytes were inflated");
}

#[test]
fn decoded_as_lopdf_decodes() {
    let text = b"BT /F1 12 Tf (0116.00) Tj ET".repeat(50);
    let stream = flate_stream(&text);
    let mut budget = Budget::new(limit(1 << 20), 100);
    let expected = stream.decompressed_content().unwrap();
    assert_eq!(
        decode(&stream, &mut budget).unwrap(),
        Decoded::Plain(expected)
    );
    assert_eq!(budget.used, text.len() as u64);
}

#[test]
fn the_budget_is_shared_by_the_file_s_streams() {
    let stream = flate_stream(&[b' '; 600]);
    // 1,000 bytes for the file: the first stream fits, the second does not.
    let mut budget = Budget::new(limit(1000), 5);
    assert!(matches!(
        decode(&stream, &mut budget),
        Ok(Decoded::Plain(_))
    ));
    let err = decode(&stream, &mut budget).expect_err("past the budget");
    assert_eq!(err.compressed, 5);
}

#[test]
fn a_bomb_stops_at_the_budget() {
    // 64 MiB of zeros in 64 KiB: stops after 1 MiB of output.
    let bomb = flate_stream(&vec![0; 64 << 20]);
    let mut budget = Budget::new(limit(1 << 20), bomb.content.len() as u64);
    assert!(decode(&bomb, &mut budget).is_err());
}

#[test]
fn an_lzw_bomb_stops_at_the_budget() {
    let mut encoder = weezl::encode::Encoder::with_tiff_size_switch(weezl::BitOrder::Msb, 8);
    let packed = encoder.encode(&vec![b'a'; 4 << 20]).unwrap();
    let mut dict = Dictionary::new();
    dict.set("Filter", Object::Name(b"LZWDecode".to_vec()));
    let stream = Stream::new(dict, packed.clone());
    let mut budget = Budget::new(limit(1 << 20), packed.len() as u64);
    assert!(decode(&stream, &mut budget).is_err());
    let mut budget = Budget::new(limit(8 << 20), packed.len() as u64);
    assert_eq!(
        decode(&stream, &mut budget).unwrap(),
        Decoded::Plain(stream.decompressed_content().unwrap())
    );
}

#[test]
fn what_lopdf_cannot_decode_is_kept_as_pdf_extract_would_read_it() {
    let mut stream = flate_stream(b"text");
    stream
        .dict
        .set("Filter", Object::Name(b"DCTDecode".to_vec()));
    let mut budget = Budget::new(limit(100), 1);
    assert_eq!(decode(&stream, &mut budget).unwrap(), Decoded::Untouched);
    // A predictor whose row is longer than the data: lopdf fails, the raw bytes are read.
    let mut stream = flate_stream(b"text");
    let mut params = Dictionary::new();
    params.set("Predictor", 12);
    params.set("Columns", 1i64 << 40);
    stream.dict.set("DecodeParms", params);
    assert_eq!(
        decode(&stream, &mut budget).unwrap(),
        Decoded::Plain(stream.content.clone())
    );
}
