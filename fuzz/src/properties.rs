//! The properties every fuzz target checks, one function per target, shared by the AFL
//! targets (`fuzz/src/bin/`) and the short proptest run in `cargo test`
//! (`tests/it/fuzz_properties.rs`). Each takes arbitrary bytes and panics when a property fails.

use gbrscan::internals::finder::{scan_range, scan_range_scalar};
use gbrscan::saved::lookup::{Query, SavedDirectory};
use gbrscan::saved::read::{self, DirectoryReader};
use gbrscan::scan::{ScanOptions, scan_buffer};
use gbrscan::{check, parse_at, parse_text};

/// A finder: a buffer, a range and the callback for each anchor; returns the line feeds.
type Finder = fn(&[u8], std::ops::Range<usize>, &mut dyn FnMut(usize, u64)) -> u64;

/// The finder: the vectorised and the byte-at-a-time finder report the same anchors and line
/// feeds, over the whole buffer and over any two ranges that tile it.
pub fn finder(data: &[u8]) {
    let (cut, buf) = split_first(data);
    let cut = usize::from(cut) * buf.len() / 255;
    let collect = |f: Finder, range| {
        let mut anchors = Vec::new();
        let newlines = f(buf, range, &mut |a, n| anchors.push((a, n)));
        (anchors, newlines)
    };
    let fast = |b: &[u8], r, f: &mut dyn FnMut(usize, u64)| scan_range(b, r, f).newlines;
    let slow = |b: &[u8], r, f: &mut dyn FnMut(usize, u64)| scan_range_scalar(b, r, f).newlines;
    let whole = collect(fast, 0..buf.len());
    assert_eq!(
        whole,
        collect(slow, 0..buf.len()),
        "vector and scalar finders differ"
    );
    let (mut first, n1) = collect(fast, 0..cut);
    let (second, n2) = collect(fast, cut..buf.len());
    first.extend(second.into_iter().map(|(a, n)| (a, n + n1)));
    assert_eq!(
        (first, n1 + n2),
        whole,
        "ranges cut at {cut} differ from the whole"
    );
}

/// The scanner: scanning in chunks of any size gives the records of the whole buffer.
pub fn scanner(data: &[u8]) {
    let (size, buf) = split_first(data);
    let chunk_size = usize::from(size % 64) + 1;
    let whole = scan_buffer(
        buf,
        "fuzz",
        ScanOptions {
            chunk_size: 1 << 20,
        },
        &|_| {},
    );
    let chunked = scan_buffer(buf, "fuzz", ScanOptions { chunk_size }, &|_| {});
    assert_eq!(chunked, whole, "chunks of {chunk_size} bytes");
}

/// The position parser and the checks: no panic on any text, at any anchor.
pub fn position(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    if let Ok(parsed) = parse_text(&text) {
        let _ = check(&parsed);
    }
    for anchor in 0..data.len() {
        if let Some(parsed) = parse_at(data, anchor) {
            assert!(parsed.span.end <= data.len(), "span past the buffer");
            let _ = check(&parsed);
        }
    }
}

/// The query parser of `gbr lookup`: no panic on any query and kings text (split at the first
/// NUL byte).
pub fn query(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (code, kings) = match text.split_once('\0') {
        Some((code, kings)) => (code, Some(kings)),
        None => (&*text, None),
    };
    let _ = Query::parse(Some(code), kings);
    let _ = Query::parse(None, Some(code));
}

/// The directory readers: no panic on any file, and where `gbr merge`'s reader reads every
/// entry, `gbr index --from`'s reads the same entries.
pub fn directory(data: &[u8]) {
    let all = read::records(read::decoded(data));
    let streamed = DirectoryReader::new(read::decoded(data)).and_then(|mut reader| {
        let mut entries = Vec::new();
        while let Some(entry) = reader.next_entry()? {
            entries.push(entry);
        }
        Ok(entries)
    });
    if let (Ok(all), Ok(streamed)) = (&all, &streamed) {
        assert_eq!(all, streamed, "records() and DirectoryReader disagree");
    }
    if let Ok(saved) = SavedDirectory::new(data) {
        for query in ["0116.00", "0???.??", "4100", "KRvK"] {
            if let Ok(query) = Query::parse(Some(query), None) {
                let _ = saved.lookup(&query);
            }
        }
        if let Ok(query) = Query::parse(None, Some("a7d3")) {
            let _ = saved.lookup(&query);
        }
    }
}

/// The first byte (a parameter) and the rest (the input); 0 and nothing for empty data.
fn split_first(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&first, rest)) => (first, rest),
        None => (0, &[]),
    }
}
