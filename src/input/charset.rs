//! The encoding of an HTML or XHTML page, told as a browser tells it (the WHATWG HTML
//! standard, "Determining the character encoding"): a byte order mark; else the encoding the
//! user named (`-E`); else a `<meta charset>` (or `<meta http-equiv="Content-Type"
//! content="...; charset=...">`) in the first 1,024 bytes, or an XHTML page's XML declaration
//! (`<?xml version="1.0" encoding="..."?>`); else, where a browser would guess, UTF-8 where
//! valid and each byte that is no UTF-8 as Windows-1252 reads it, so that one stray byte costs
//! itself, not the page (the plain-text rule, docs/inputs.md, "Encodings", applied per byte).

use std::borrow::Cow;

use encoding_rs::Encoding;

/// The text of the page `bytes`, decoded as its encoding is told; `named` is the encoding of
/// `-E`, if any.
pub fn page_text<'a>(bytes: &'a [u8], named: Option<&'static Encoding>) -> Cow<'a, str> {
    if let Some((encoding, bom)) = Encoding::for_bom(bytes) {
        return encoding.decode_without_bom_handling(&bytes[bom..]).0;
    }
    if let Some(encoding) = named.or_else(|| declared(&bytes[..bytes.len().min(1024)])) {
        return encoding.decode_without_bom_handling(bytes).0;
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    let mut text = String::with_capacity(bytes.len() + bytes.len() / 8);
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        let invalid = chunk.invalid();
        text.push_str(
            &encoding_rs::WINDOWS_1252
                .decode_without_bom_handling(invalid)
                .0,
        );
    }
    Cow::Owned(text)
}

/// The encoding `head` declares: a `meta` element's, or the XML declaration's. A declared
/// UTF-16 is read as UTF-8 (the standard's rule: a page that could declare it is no UTF-16),
/// `x-user-defined` as Windows-1252.
fn declared(head: &[u8]) -> Option<&'static Encoding> {
    let label = xml_declaration(head).or_else(|| meta(head))?;
    let encoding = Encoding::for_label(label)?;
    Some(match encoding {
        e if e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE => encoding_rs::UTF_8,
        e if e == encoding_rs::X_USER_DEFINED => encoding_rs::WINDOWS_1252,
        e => e,
    })
}

/// The `encoding` of an XML declaration that starts `head`.
fn xml_declaration(head: &[u8]) -> Option<&[u8]> {
    let rest = head.strip_prefix(b"<?xml")?;
    let end = memchr::memmem::find(rest, b"?>")?;
    let (_, value) =
        attributes(&rest[..end]).find(|(name, _)| name.eq_ignore_ascii_case(b"encoding"))?;
    Some(value)
}

/// The charset a `meta` element in `head` names (the standard's prescan, comments skipped).
fn meta(head: &[u8]) -> Option<&[u8]> {
    let mut at = 0;
    while let Some(lt) = memchr::memchr(b'<', &head[at..]) {
        let rest = &head[at + lt..];
        if rest.starts_with(b"<!--") {
            let end = memchr::memmem::find(&rest[4..], b"-->")?;
            at += lt + 4 + end + 3;
            continue;
        }
        at += lt + 1;
        let is_meta = rest.len() > 5
            && rest[1..5].eq_ignore_ascii_case(b"meta")
            && matches!(rest[5], b' ' | b'\t' | b'\n' | b'\r' | b'\x0C' | b'/');
        if !is_meta {
            continue;
        }
        let end = memchr::memchr(b'>', rest).unwrap_or(rest.len());
        let (mut charset, mut content, mut pragma) = (None, None, false);
        for (name, value) in attributes(&rest[5..end]) {
            match name.to_ascii_lowercase().as_slice() {
                b"charset" => charset = charset.or(Some(value)),
                b"content" => content = content.or(Some(value)),
                b"http-equiv" => pragma |= value.eq_ignore_ascii_case(b"content-type"),
                _ => {}
            }
        }
        if let Some(charset) = charset {
            return Some(charset);
        }
        if let (true, Some(content)) = (pragma, content)
            && let Some(charset) = in_content(content)
        {
            return Some(charset);
        }
        at += end;
    }
    None
}

/// The charset of a `content` attribute (`text/html; charset=windows-1251`).
fn in_content(content: &[u8]) -> Option<&[u8]> {
    let lower = content.to_ascii_lowercase();
    let at = memchr::memmem::find(&lower, b"charset")? + 7;
    let rest = content[at..]
        .trim_ascii_start()
        .strip_prefix(b"=")?
        .trim_ascii_start();
    let rest = rest
        .strip_prefix(b"\"")
        .or_else(|| rest.strip_prefix(b"'"))
        .unwrap_or(rest);
    let end = rest
        .iter()
        .position(|&b| matches!(b, b'"' | b'\'' | b';' | b' ' | b'\t' | b'\n' | b'\r'))
        .unwrap_or(rest.len());
    Some(&rest[..end])
}

/// The `name=value` pairs of a tag's inside (values quoted with `"` or `'`, or not).
fn attributes(inside: &[u8]) -> impl Iterator<Item = (&[u8], &[u8])> {
    let mut rest = inside;
    std::iter::from_fn(move || {
        loop {
            rest = rest.trim_ascii_start();
            while let [b'/', tail @ ..] = rest {
                rest = tail.trim_ascii_start();
            }
            if rest.is_empty() {
                return None;
            }
            let end = rest
                .iter()
                .position(|&b| b == b'=' || b.is_ascii_whitespace() || b == b'/')
                .unwrap_or(rest.len());
            let name = &rest[..end];
            rest = rest[end..].trim_ascii_start();
            let Some(after) = rest.strip_prefix(b"=") else {
                if name.is_empty() {
                    rest = &rest[1.min(rest.len())..];
                }
                continue;
            };
            rest = after.trim_ascii_start();
            let value = match rest.first() {
                Some(&quote @ (b'"' | b'\'')) => {
                    let end = memchr::memchr(quote, &rest[1..]).map_or(rest.len(), |e| e + 1);
                    let value = &rest[1..end];
                    rest = &rest[(end + 1).min(rest.len())..];
                    value
                }
                _ => {
                    let end = rest
                        .iter()
                        .position(|b| b.is_ascii_whitespace())
                        .unwrap_or(rest.len());
                    let value = &rest[..end];
                    rest = &rest[end..];
                    value
                }
            };
            return Some((name, value));
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_then_a_meta_then_each_byte_decide() {
        let w1251 = b"<html><head><meta charset=\"windows-1251\"></head><p>\xCA\xE0\xF1\xEF\xE0\xF0\xFF\xED";
        assert!(page_text(w1251, None).ends_with("<p>Каспарян"));
        let pragma = b"<meta http-equiv=Content-Type content='text/html; charset=KOI8-R'><p>\xEB";
        assert!(page_text(pragma, None).ends_with("<p>К"));
        let xml = b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><html><p>R\xE9ti";
        assert!(page_text(xml, None).ends_with("<p>Réti"));
        let mixed = "<p>Réti – Kasparyan</p><p>stray @</p>\n".replace('@', "\u{0}");
        let mixed = mixed
            .as_bytes()
            .iter()
            .map(|&b| if b == 0 { 0xFF } else { b })
            .collect::<Vec<_>>();
        assert_eq!(
            page_text(&mixed, None),
            "<p>Réti – Kasparyan</p><p>stray ÿ</p>\n"
        );
        let utf16 = [&b"\xFF\xFE"[..], b"<\0p\0>\0\xE9\0"].concat();
        assert_eq!(page_text(&utf16, Some(encoding_rs::WINDOWS_1252)), "<p>é");
        let commented = b"<!-- <meta charset=koi8-r> --><meta charset=windows-1251>\xCA";
        assert!(page_text(commented, None).ends_with('К'));
    }
}
