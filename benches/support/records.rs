//! Records as a scan of 1,000 files would give them, for the directory benchmarks
//! (`benches/directory.rs`, `benches/tools/directory_sort.rs`): every form's fields, a tenth with
//! squares, a fifth bare codes. Deterministic: record `i` is always the same.

use gbrscan::parse::{Form, Rank};
use gbrscan::{Code, PageFrom, PageRef, Record};

/// SplitMix64: a different, reproducible stream per record.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

fn square(r: u64) -> String {
    format!("{}{}", (b'a' + (r % 8) as u8) as char, (r / 8) % 8 + 1)
}

/// Record number `i`.
pub fn record(i: u64) -> Record {
    let r = mix(i);
    let digits = [
        (r % 5) as u8,
        ((r >> 3) % 9) as u8,
        ((r >> 7) % 9) as u8,
        ((r >> 11) % 9) as u8,
        ((r >> 15) % 5) as u8,
        ((r >> 18) % 5) as u8,
    ];
    let code = Code::from_digits(digits).expect("digits 0-8");
    let bare = (r >> 21).is_multiple_of(5);
    let kings = (!bare).then(|| square(r >> 24) + &square(r >> 30));
    let squares = (r >> 36).is_multiple_of(10).then(|| "b2b3c6d6".to_string());
    let file = i % 1000;
    // A page for a tenth (PDF pages, printed from 301 on), a study number for half.
    let page = (r >> 44).is_multiple_of(10).then(|| PageRef {
        index: (i % 300 + 1) as u32,
        printed: itoa::Buffer::new().format(i % 300 + 301).into(),
        from: PageFrom::Folio,
    });
    Record {
        path: format!("corpus/volume-{:03}/text-{file:04}.txt", file / 100).into(),
        page: page.as_ref().map(|p| p.printed.clone()),
        page_index: page.as_ref().map(|p| p.index),
        page_from: page.as_ref().map(|p| p.from),
        ocr_fixes: None,
        citation: None,
        label: (r >> 48)
            .is_multiple_of(2)
            .then(|| itoa::Buffer::new().format(i % 997 + 1).into()),
        offset: i * 37,
        length: 12,
        line: i / 3 + 1,
        column: i % 70 + 1,
        text: format!("{code} {}", kings.clone().unwrap_or_default()).into(),
        form: if bare { Form::Bare } else { Form::KingsAfter },
        rank: if bare { Rank::Bare } else { Rank::Kings },
        code,
        kings: kings.map(|k| k.parse().expect("kings")),
        squares: squares.map(|s| s.parse().expect("squares")),
        men: None,
        stipulation: ["+", "=", "WTM"][((r >> 40) % 3) as usize].parse().ok(),
        stipulation_source: None,
        canonical: code.to_string().into(),
        material: code.material(),
        fen: None,
        diagram: None,
        valid: true,
        findings: Vec::new(),
        study: None,
        directory_entry: None,
        example: false,
        tablebase: None,
        dtz: None,
    }
}
