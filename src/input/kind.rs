//! What an input is, told from its first bytes: text, a compressed stream, an archive or a PDF.

/// How many leading bytes [`Kind::sniff`] needs to tell every kind: 262, the end of a tar
/// header's `ustar` magic (POSIX.1-1988, at byte offset 257).
pub const SNIFF_LEN: usize = 262;

/// The kind of an input, which decides how it becomes text.
///
/// Told by the magic bytes at its start ([`Kind::sniff`]), never by its name alone: a `.txt`
/// that is gzip data is decompressed, a `.gz` that is plain text is scanned as text. A new
/// kind (PGN, say) is one more variant here, its test in `sniff`, and its arm in the
/// dispatcher (`source.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Anything else: scanned as it is (after UTF-16 decoding when it has a UTF-16 BOM).
    Text,
    /// gzip, RFC 1952: `1F 8B`. Multi-member, so dictzip (`.dz`) too.
    Gzip,
    /// bzip2: `BZh`.
    Bzip2,
    /// xz: `FD 37 7A 58 5A 00`.
    Xz,
    /// Zstandard: `28 B5 2F FD`.
    Zstd,
    /// zip: a local file header `PK 03 04`, or `PK 05 06` (an empty archive).
    Zip,
    /// POSIX tar: `ustar` at byte offset 257.
    Tar,
    /// PDF: `%PDF-` within the first 1,024 bytes (ISO 32000-1 §7.5.2 allows bytes before it).
    Pdf,
    /// RTF: `{\rtf`. Not read: no maintained crate reads it; the error says how to convert it.
    Rtf,
    /// An OLE compound file (`D0 CF 11 E0 A1 B1 1A E1`): Word 97-2003 (`.doc`), Excel, Outlook.
    /// A `.doc` is refused with how to convert it; any other is a binary file, as before.
    Ole,
    /// An HTML or XHTML page: `<!DOCTYPE html` or `<html` first, after a byte order mark, white
    /// space, an XML declaration or comments (docs/inputs.md, "Documents").
    Html,
    /// A page image, read only through OCR (`--ocr`): PNG (`89 50 4E 47 0D 0A 1A 0A`), TIFF
    /// (`II*\0` or `MM\0*`), JPEG (`FF D8 FF`). Without OCR it is a binary file, as before.
    Image,
}

/// True when `head` holds PDF's marker `%PDF-` (readers accept bytes before it). Each `%` is
/// looked at, rather than a substring searcher built for every input: a tree of small text
/// files pays for each file's sniffing, and text seldom holds a `%`.
fn has_pdf_marker(head: &[u8]) -> bool {
    memchr::memchr_iter(b'%', head).any(|at| head[at..].starts_with(b"%PDF-"))
}

impl Kind {
    /// The kind announced by `head`, the first bytes of the input (at least [`SNIFF_LEN`] of
    /// them when the input is that long; PDF's marker is looked for in all of `head`, up to
    /// 1,024 bytes).
    pub fn sniff(head: &[u8]) -> Kind {
        match head {
            [0x1F, 0x8B, ..] => Kind::Gzip,
            [b'B', b'Z', b'h', ..] => Kind::Bzip2,
            [0xFD, b'7', b'z', b'X', b'Z', 0x00, ..] => Kind::Xz,
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Kind::Zstd,
            [b'{', b'\\', b'r', b't', b'f', ..] => Kind::Rtf,
            [0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, ..]
            | [b'I', b'I', b'*', 0, ..]
            | [b'M', b'M', 0, b'*', ..]
            | [0xFF, 0xD8, 0xFF, ..] => Kind::Image,
            [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, ..] => Kind::Ole,
            [b'P', b'K', 3, 4, ..] | [b'P', b'K', 5, 6, ..] => Kind::Zip,
            _ if head.get(257..262) == Some(b"ustar") => Kind::Tar,
            _ if has_pdf_marker(&head[..head.len().min(1024)]) => Kind::Pdf,
            _ if super::extract::html::is_html(head) => Kind::Html,
            _ => Kind::Text,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn sniffed(head: &[u8]) -> Kind {
        Kind::sniff(head)
    }

    #[test]
    fn magic_bytes_name_the_kind() {
        let mut tar = vec![0u8; 512];
        tar[257..262].copy_from_slice(b"ustar");
        let table: &[(&[u8], Kind)] = &[
            (b"\x1f\x8b\x08\x00", Kind::Gzip),
            (b"BZh91AY&SY", Kind::Bzip2),
            (b"\xfd7zXZ\x00\x00", Kind::Xz),
            (b"\x28\xb5\x2f\xfd\x00", Kind::Zstd),
            (b"PK\x03\x04\x14\x00", Kind::Zip),
            (b"PK\x05\x06\x00\x00", Kind::Zip),
            (b"%PDF-1.4\n", Kind::Pdf),
            (b"{\\rtf1\\ansi", Kind::Rtf),
            (b"<!DOCTYPE html>", Kind::Html),
            (b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00", Kind::Ole),
            (b"\r\n%PDF-1.7\n", Kind::Pdf),
            (&tar, Kind::Tar),
            (b"\x89PNG\r\n\x1a\n\x00", Kind::Image),
            (b"II*\x00\x08\x00", Kind::Image),
            (b"MM\x00*\x00", Kind::Image),
            (b"\xFF\xD8\xFF\xE0", Kind::Image),
            (b"=0323.12 a7d3", Kind::Text),
            (b"", Kind::Text),
            (b"\x1f", Kind::Text),
            (b"PK is a text", Kind::Text),
        ];
        for (head, kind) in table {
            assert_eq!(sniffed(head), *kind, "{head:?}");
        }
    }

    #[test]
    fn pdf_marker_past_1024_bytes_is_text() {
        let mut head = vec![b' '; 1024];
        head.extend_from_slice(b"%PDF-1.4");
        assert_eq!(sniffed(&head), Kind::Text);
    }
}
