//! Tests of the anchor finder: token rules, the shape, range edges, splitting, and the vector
//! path against the scalar reference.

use proptest::prelude::*;

use super::{ANCHOR_LEN, RangeScan, is_token, mask, scan_range, scan_range_scalar, simd};

/// Anchors of `buf[range]` as `(start, newlines_before)`, and the range's line feeds, by the
/// vector path.
fn anchors(buf: &[u8], range: std::ops::Range<usize>) -> (Vec<(usize, u64)>, u64) {
    let mut found = Vec::new();
    let RangeScan { newlines } = scan_range(buf, range, |at, nl| found.push((at, nl)));
    (found, newlines)
}

/// The same by the scalar reference.
fn anchors_scalar(buf: &[u8], range: std::ops::Range<usize>) -> (Vec<(usize, u64)>, u64) {
    let mut found = Vec::new();
    let RangeScan { newlines } = scan_range_scalar(buf, range, |at, nl| found.push((at, nl)));
    (found, newlines)
}

/// The same by the vector path compiled for the target's baseline (SSE2 on x86_64), which
/// `scan_range` runs on a CPU without AVX2.
fn anchors_baseline(buf: &[u8], range: std::ops::Range<usize>) -> (Vec<(usize, u64)>, u64) {
    let mut found = Vec::new();
    let (start, end) = super::clamp(buf.len(), range);
    let newlines = super::simd::scan(buf, start, end, &mut |at, nl| found.push((at, nl)));
    (found, newlines)
}

/// Anchor starts of the whole of `text`, checked to agree between both paths.
#[track_caller]
fn starts(text: &[u8]) -> Vec<usize> {
    let fast = anchors(text, 0..text.len());
    assert_eq!(
        fast,
        anchors_scalar(text, 0..text.len()),
        "paths disagree on {:?}",
        text.escape_ascii().to_string()
    );
    fast.0.into_iter().map(|(at, _)| at).collect()
}

/// Asserts the token rules on every case: `(text, start of the shape, expected)`.
#[track_caller]
fn check_tokens(cases: &[(&[u8], usize, bool)]) {
    for &(text, start, expected) in cases {
        assert_eq!(
            is_token(text, start),
            expected,
            "is_token({:?}, {start})",
            text.escape_ascii().to_string()
        );
        // Line feeds around the text change no rule (they count as the buffer's ends do), and
        // move a shape near either end onto `stands_alone`'s path for shapes well inside.
        let padded = [&b"\n\n\n\n"[..], text, b"\n\n\n\n"].concat();
        assert_eq!(
            is_token(&padded, start + 4),
            expected,
            "is_token of {:?} inside line feeds",
            text.escape_ascii().to_string()
        );
        let want: Vec<usize> = if expected { vec![start] } else { vec![] };
        let found: Vec<usize> = starts(text).into_iter().filter(|&at| at == start).collect();
        assert_eq!(found, want, "scan of {:?}", text.escape_ascii().to_string());
    }
}

#[test]
fn a_bare_code_is_a_token() {
    check_tokens(&[(b"0323.12", 0, true), (b"the 0800.00 study", 4, true)]);
}

#[test]
fn a_digit_before_the_shape_rejects_it() {
    check_tokens(&[(b"12345.67", 1, false), (b"10323.12", 1, false)]);
}

#[test]
fn a_letter_or_underscore_before_the_shape_rejects_it() {
    check_tokens(&[
        (b"x1234.56", 1, false),
        (b"ISBN9780.12", 4, false),
        (b"_0323.12", 1, false),
    ]);
}

#[test]
fn a_dot_or_comma_after_a_digit_before_the_shape_rejects_it() {
    check_tokens(&[
        (b"10.0323.12", 3, false),
        (b"1,0323.12", 2, false),
        (b"77-0001.00", 3, false),
        (b"12/0001.00", 3, false),
    ]);
}

#[test]
fn a_dot_or_comma_not_after_a_digit_before_the_shape_is_accepted() {
    check_tokens(&[
        (b".0323.12", 1, true),
        (b"a.0323.12", 2, true),
        (b"x,0323.12", 2, true),
        (b", 0323.12", 2, true),
    ]);
}

#[test]
fn signs_brackets_and_white_space_before_the_shape_are_accepted() {
    check_tokens(&[
        (b"+0323.12", 1, true),
        (b"=0323.12", 1, true),
        (b"(0323.12", 1, true),
        (b"[0323.12", 1, true),
        (b"-0323.12", 1, true),
        (b"\t0323.12", 1, true),
        (b"\n0323.12", 1, true),
        (b"+ 0323.12", 2, true),
    ]);
}

#[test]
fn a_digit_after_the_shape_rejects_it() {
    check_tokens(&[(b"1234.567", 0, false), (b"0323.123", 0, false)]);
}

#[test]
fn a_dot_or_comma_before_a_digit_after_the_shape_rejects_it() {
    check_tokens(&[
        (b"2012.10.05", 0, false),
        (b"0323.12,5", 0, false),
        (b"0001.00-77", 0, false),
        (b"1234.56/78", 0, false),
    ]);
}

#[test]
fn a_percent_sign_after_the_shape_rejects_it() {
    check_tokens(&[(b"1234.56%", 0, false)]);
}

#[test]
fn letters_and_punctuation_after_the_shape_are_accepted() {
    check_tokens(&[
        (b"=0323.12g3g1", 1, true),
        (b"0000.02.a1a8.a2b2", 0, true),
        (b"0323.12.", 0, true),
        (b"0323.12. Next", 0, true),
        (b"(+0031.10a1h8h1f4a7)", 2, true),
        (b"[+0020.42]", 2, true),
        (b"0323.12, 0800.00", 0, true),
        (b"0323.12:", 0, true),
        (b"0323.12 d6a8", 0, true),
        (b"0323.12\n", 0, true),
        (b"0323.12.\n", 0, true),
    ]);
}

#[test]
fn a_dollar_sign_before_the_shape_rejects_it() {
    check_tokens(&[(b"$1234.56", 1, false), (b"$ 1234.56", 2, false)]);
}

#[test]
fn a_pound_or_yen_sign_in_utf8_before_the_shape_rejects_it() {
    check_tokens(&[
        ("£1234.56".as_bytes(), 2, false),
        ("£ 1234.56".as_bytes(), 3, false),
        ("¥1234.56".as_bytes(), 2, false),
        ("¥ 1234.56".as_bytes(), 3, false),
    ]);
}

#[test]
fn a_euro_sign_in_utf8_or_windows_1252_before_the_shape_rejects_it() {
    check_tokens(&[
        ("€1234.56".as_bytes(), 3, false),
        ("€ 1234.56".as_bytes(), 4, false),
        (b"\x801234.56", 1, false),
        (b"costs \x80 1234.56", 8, false),
    ]);
}

#[test]
fn a_pound_or_yen_sign_in_latin1_before_the_shape_rejects_it() {
    check_tokens(&[
        (b"\xa31234.56", 1, false),
        (b"a \xa5 1234.56", 4, false),
        (b" \xa31234.56", 2, false),
    ]);
}

#[test]
fn a_continuation_byte_of_another_utf8_character_is_not_a_currency_sign() {
    // U+00E3 'ã' is C3 A3; U+20AC is E2 82 AC but E3 82 AC is U+30AC, no sign; C3 80 is 'À'.
    check_tokens(&[
        ("ã1234.56".as_bytes(), 2, true),
        ("ã 1234.56".as_bytes(), 3, true),
        (b"\xe3\x82\xac1234.56", 3, true),
        ("À1234.56".as_bytes(), 2, true),
    ]);
}

#[test]
fn a_currency_sign_two_spaces_before_the_shape_does_not_reject_it() {
    check_tokens(&[(b"$  0323.12", 3, true)]);
}

#[test]
fn is_token_is_false_where_the_shape_is_not() {
    check_tokens(&[
        (b"0323-12", 0, false),
        (b"032a.12", 0, false),
        (b"0323.1", 0, false),
        (b"0323.12", 1, false),
    ]);
    assert!(!is_token(b"0323.12", usize::MAX));
}

#[test]
fn the_style_guide_example_has_one_anchor_after_the_equals_sign() {
    let text = b"Not 10323.12 nor 0323.123 but =0323.12g3g1.";
    assert_eq!(anchors(text, 0..text.len()), (vec![(31, 0)], 0));
    assert_eq!(&text[31..31 + ANCHOR_LEN], b"0323.12");
}

#[test]
fn newlines_before_an_anchor_are_counted_from_the_range_start() {
    let text = b"a\nb\n\n0323.12\nc\n8000.00 d\n";
    assert_eq!(anchors(text, 0..text.len()), (vec![(5, 3), (15, 5)], 6));
    assert_eq!(anchors(text, 2..text.len()), (vec![(5, 2), (15, 4)], 5));
}

#[test]
fn a_shape_straddling_the_range_end_is_found_in_the_range_where_it_starts() {
    let text = b"ab 0323.12 cd";
    assert_eq!(anchors(text, 0..4), (vec![(3, 0)], 0));
    assert_eq!(anchors(text, 0..3), (vec![], 0));
    assert_eq!(anchors(text, 4..text.len()), (vec![], 0));
}

#[test]
fn the_token_rules_look_outside_the_range() {
    let text = b"10323.12 0323.123";
    assert_eq!(anchors(text, 1..8), (vec![], 0));
    assert_eq!(anchors(text, 9..12), (vec![], 0));
}

#[test]
fn a_shape_cut_by_the_buffer_end_is_not_an_anchor() {
    assert_eq!(anchors(b"x 0323.1", 0..8), (vec![], 0));
    assert_eq!(anchors(b"x 0323.12", 0..9), (vec![(2, 0)], 0));
}

#[test]
fn buffers_shorter_than_an_anchor_have_none() {
    for text in [&b""[..], b"0", b"0323.1", b"\n\n\n"] {
        let newlines = text.iter().filter(|&&b| b == b'\n').count() as u64;
        assert_eq!(anchors(text, 0..text.len()), (vec![], newlines));
    }
}

#[test]
fn an_empty_or_inverted_range_finds_nothing() {
    let text = b"0323.12\n0323.12\n";
    assert_eq!(anchors(text, 3..3), (vec![], 0));
    assert_eq!(anchors(text, 0..0), (vec![], 0));
    #[allow(clippy::reversed_empty_ranges)]
    let inverted = 9..2;
    assert_eq!(anchors(text, inverted), (vec![], 0));
}

#[test]
fn a_range_past_the_buffer_is_clamped() {
    let text = b"\n0323.12\n";
    assert_eq!(anchors(text, 0..1000), (vec![(1, 1)], 2));
    assert_eq!(anchors(text, 500..1000), (vec![], 0));
}

#[test]
fn a_code_is_found_at_every_offset_across_block_edges() {
    for offset in 0..200 {
        let mut text = vec![b' '; 260];
        if offset > 0 {
            text[offset / 2] = b'\n';
        }
        text[offset..offset + ANCHOR_LEN].copy_from_slice(b"0323.12");
        assert_eq!(starts(&text), vec![offset], "code at {offset}");
        let (found, newlines) = anchors(&text, 0..text.len());
        assert_eq!(
            (found[0].1, newlines),
            (u64::from(offset > 0), u64::from(offset > 0)),
            "code at {offset}"
        );
    }
}

#[test]
fn newline_counts_are_exact_over_many_blocks() {
    let mut text = vec![b'\n'; 100_000];
    text[70_001..70_008].copy_from_slice(b"0323.12");
    assert_eq!(
        anchors(&text, 0..text.len()),
        (vec![(70_001, 70_001)], 99_993)
    );
    assert_eq!(anchors(&text, 3..99_990), (vec![(70_001, 69_998)], 99_980));
}

#[test]
fn the_vector_path_matches_the_scalar_reference_across_lane_groups() {
    // The baseline loop sums its line-feed lanes every 127 blocks of 64 bytes (8,128 bytes),
    // the AVX2 loop every 63 pairs of blocks (8,064 bytes); ranges that start and end around
    // those edges must count and report like the reference.
    let text = FIXTURE.repeat(120);
    assert!(text.len() > 5 * 8128);
    for start in [
        0, 1, 63, 64, 65, 127, 128, 129, 8063, 8064, 8065, 8127, 8128, 8129, 16000,
    ] {
        for cut in [0, 1, 7, 70, 8200] {
            let range = start..text.len() - cut;
            let fast = anchors(&text, range.clone());
            let scalar = anchors_scalar(&text, range.clone());
            assert_eq!(fast, scalar, "start {start}, cut {cut}");
            assert_eq!(
                anchors_baseline(&text, range),
                scalar,
                "start {start}, cut {cut}"
            );
            assert!(fast.0.len() > 300);
        }
    }
}

/// Real text forms (gbr-notation.md §2) and false friends (§5), with line breaks, longer than a block.
const FIXTURE: &[u8] = b"EG 190: a2f1 0411.56 10/9 Win. Prices $1234.56 and \xe2\x82\xac 99.99,\n\
dates 2012.10.05, versions 10.0323.12, decimals 3.14159265 and 1234.567.\n\
+   0310.01 d6a8\n= 0323.12g3g1, f1h1 0001.04 2/5 Win; a8c8 4001.02a8c8 3/4 Win\n\
[+0020.42c1a1] (+0031.10a1h8h1f4a7) 0000.02.a1a8.a2b2 a7d3 0116.00 b2b3c6d6 3/3+.\n\
c2h4 0015.15 d3d6g5\ng2.c4c5c7e5e6h3 5/7 Win: 12345.67 x1234.56 ISBN9780.12 4888.88%\n\
=0323.12g3g1.";

#[test]
fn the_fixture_has_the_expected_anchors() {
    let text = FIXTURE;
    let codes: Vec<&[u8]> = starts(text)
        .into_iter()
        .map(|at| &text[at..at + ANCHOR_LEN])
        .collect();
    let want: [&[u8]; 11] = [
        b"0411.56", b"0310.01", b"0323.12", b"0001.04", b"4001.02", b"0020.42", b"0031.10",
        b"0000.02", b"0116.00", b"0015.15", b"0323.12",
    ];
    assert_eq!(codes, want);
}

/// Anchors of consecutive ranges of `size` bytes, with line numbers made absolute.
fn chunked(buf: &[u8], size: usize) -> (Vec<(usize, u64)>, u64) {
    let mut found = Vec::new();
    let mut lines = 0;
    for start in (0..buf.len()).step_by(size) {
        let scan = scan_range(buf, start..start + size, |at, nl| {
            found.push((at, lines + nl))
        });
        lines += scan.newlines;
    }
    (found, lines)
}

#[test]
fn chunked_scans_match_the_whole_scan_for_every_chunk_size() {
    let mut text = FIXTURE.repeat(3);
    text.extend_from_slice(b" 0323.12");
    let whole = anchors(&text, 0..text.len());
    assert_eq!(whole.0.len(), 3 * 11 + 1);
    for size in 1..=70 {
        assert_eq!(chunked(&text, size), whole, "chunk size {size}");
    }
}

#[test]
fn two_ranges_match_the_whole_scan_at_every_split_point() {
    let text = FIXTURE;
    let whole = anchors(text, 0..text.len());
    for split in 0..=text.len() {
        let (mut found, first) = anchors(text, 0..split);
        let (second, rest) = anchors(text, split..text.len());
        found.extend(second.into_iter().map(|(at, nl)| (at, first + nl)));
        assert_eq!((found, first + rest), whole, "split at {split}");
    }
}

/// Bytes biased toward the ones that make or break a shape.
fn text_bytes() -> impl Strategy<Value = Vec<u8>> {
    let byte =
        prop_oneof![6 => proptest::sample::select(b"0123456789.\n a+".to_vec()), 1 => any::<u8>()];
    proptest::collection::vec(byte, 0..600)
}

proptest! {
    /// The masks made with SSE2's `pmovmskb` on x86_64 against the portable loop, over windows
    /// dense with full stops, digits and line feeds.
    #[test]
    fn the_block_masks_match_the_portable_loop(
        window in proptest::collection::vec(proptest::sample::select(b"0123456789.\n a/".to_vec()), simd::WINDOW),
    ) {
        let window: [u8; simd::WINDOW] = window.try_into().unwrap();
        let block = window.first_chunk::<{ simd::BLOCK }>().unwrap();
        prop_assert_eq!(mask::candidates(&window), mask::bit_mask(|i| mask::is_candidate(&window, i)));
        prop_assert_eq!(super::line_feeds(block), mask::bit_mask(|i| block[i] == b'\n'));
    }

    #[test]
    fn the_vector_path_matches_the_scalar_reference(text in text_bytes(), a in 0..700usize, b in 0..700usize) {
        let range = a.min(b)..a.max(b);
        prop_assert_eq!(anchors(&text, range.clone()), anchors_scalar(&text, range.clone()));
        prop_assert_eq!(anchors_baseline(&text, range.clone()), anchors_scalar(&text, range));
    }

    #[test]
    fn the_vector_path_matches_the_scalar_reference_on_dense_shapes(
        text in proptest::collection::vec(proptest::sample::select(b"0123456789.\n".to_vec()), 0..300),
    ) {
        prop_assert_eq!(anchors(&text, 0..text.len()), anchors_scalar(&text, 0..text.len()));
        prop_assert_eq!(anchors_baseline(&text, 0..text.len()), anchors_scalar(&text, 0..text.len()));
    }

    #[test]
    fn two_ranges_add_up_to_the_whole_at_any_split(text in text_bytes(), split in 0..700usize) {
        let whole = anchors(&text, 0..text.len());
        let (mut found, first) = anchors(&text, 0..split);
        let (second, rest) = anchors(&text, split..text.len());
        found.extend(second.into_iter().map(|(at, nl)| (at, first + nl)));
        prop_assert_eq!((found, first + rest), whole);
    }
}

#[test]
fn two_full_stops_between_digits_glue_the_shape_to_them() {
    check_tokens(&[
        (b"12..0116.00..45", 4, false),
        (b"12..0116.00", 4, false),
        (b"0116.00..45", 0, false),
        (b"..0116.00", 2, true),
        (b"0116.00...", 0, true),
        (b"see 0116.00.. next", 4, true),
    ]);
}
