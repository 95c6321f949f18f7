//! A text OCR gave, read for OCR's misreadings of codes before it is scanned (docs/reading.md,
//! "OCR"). The input layer hands such a text as Tesseract gave it, marked by
//! [`Member::ocr`]; knowing codes is the scan's, so the reading of their misreadings
//! ([`crate::misread`]) is called from here, by the scan's workers and by any other reader of a
//! source's texts that scans them (`gbr check`'s loader, `gbr text`).

use std::io;
use std::sync::Arc;

use crate::input::{Member, Text};
use crate::misread::OcrFix;

/// An OCR'd text as the scanner reads it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OcrRead {
    /// The text, every misread part of a code, its kings, squares or W/B rewritten in place as
    /// it reads: the same length in bytes as the text OCR gave, so every byte offset, line and
    /// column is the OCR'd page's.
    pub text: String,
    /// Every part read otherwise than OCR gave it, the lines Tesseract read again among them,
    /// in order of offset (0-based bytes).
    pub fixes: Vec<OcrFix>,
}

/// Reads `text`, a text OCR gave ([`Member::ocr`]), for OCR's misreadings of codes
/// ([`crate::misread`]); `reread` are the lines of it Tesseract read again, kept among the
/// fixes. `text` is UTF-8 (Tesseract's output); bytes that are not are read as
/// Windows-1252, as a label is.
pub fn read_ocr(text: &[u8], reread: &[OcrFix]) -> OcrRead {
    let read = crate::misread::read(&crate::text::text_of(text));
    let mut fixes = reread.to_vec();
    fixes.extend(read.fixes);
    fixes.sort_by_key(|f| f.offset);
    OcrRead {
        text: read.text,
        fixes,
    }
}

/// A text read whole (`text`) as the scan reads it: read by [`read_ocr`] when OCR gave it
/// (`ocr`, the member's [`Member::ocr`]), with the fixes its records get; as it is, with
/// none, otherwise.
pub fn read_whole(text: Vec<u8>, ocr: Option<&[OcrFix]>) -> (Vec<u8>, Option<Arc<[OcrFix]>>) {
    match ocr {
        Some(reread) => {
            let read = read_ocr(&text, reread);
            (read.text.into_bytes(), Some(read.fixes.into()))
        }
        None => (text, None),
    }
}

/// Hands `member` to `scan` with the OCR fixes its records get: a text OCR gave read by
/// [`read_ocr`] first (then handed as that reading, its [`Member::ocr`] `None`), any other text
/// as it is, with the captions boards gave themselves in it ([`Member::pictured`]) or none.
///
/// # Errors
///
/// A read error of the member's stream, and `scan`'s.
pub(crate) fn with_ocr_read<R>(
    member: Member<'_>,
    scan: impl FnOnce(Member<'_>, Option<Arc<[OcrFix]>>) -> io::Result<R>,
) -> io::Result<R> {
    let Some(reread) = member.ocr.clone() else {
        let pictured = (!member.pictured.is_empty()).then(|| Arc::from(member.pictured));
        return scan(member, pictured);
    };
    let Member {
        name,
        page,
        encoding,
        text,
        ocr: _,
        added,
        pictured,
    } = member;
    let mut whole = Vec::new();
    let bytes: &[u8] = match text {
        Text::Bytes(bytes) => bytes,
        Text::Stream(reader) => {
            reader.read_to_end(&mut whole)?;
            &whole
        }
    };
    let read = read_ocr(bytes, &reread);
    let member = Member {
        name,
        page,
        encoding,
        text: Text::Bytes(read.text.as_bytes()),
        ocr: None,
        added,
        pictured,
    };
    scan(member, Some(read.fixes.into()))
}

impl super::ChunkScan {
    /// Gives each record the OCR fixes ([`OcrFix`], sorted by offset) that fall
    /// inside its text.
    pub(crate) fn attach_ocr_fixes(&mut self, fixes: &[OcrFix]) {
        for record in &mut self.found {
            let (from, to) = (record.offset, record.offset + record.length);
            let first = fixes.partition_point(|f| f.offset < from);
            let inside: Vec<_> = fixes[first..]
                .iter()
                .take_while(|f| f.offset < to)
                .cloned()
                .collect();
            if !inside.is_empty() {
                record.ocr_fixes = Some(Box::new(inside));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Encoding;
    use crate::position::Part;
    use crate::source_path::SourcePath;

    /// The caption of docs/reading.md, "OCR", as Tesseract gave it, with one line read again.
    const OCR: &str = "a7d3 Oll6,OO b2b3c6d6 3/3+.\n";

    fn reread() -> OcrFix {
        OcrFix {
            offset: 0,
            found: "a7d3 0ll6,OO".into(),
            read: "a7d3 Oll6,OO".into(),
            part: None,
            from_picture: false,
        }
    }

    #[test]
    fn an_ocr_text_is_read_for_misread_codes_with_its_lines_read_again_kept_first() {
        let read = read_ocr(OCR.as_bytes(), &[reread()]);
        assert_eq!(read.text, "a7d3 0116.00 b2b3c6d6 3/3+.\n");
        assert_eq!(read.text.len(), OCR.len());
        let parts: Vec<_> = read.fixes.iter().map(|f| (f.offset, f.part)).collect();
        assert_eq!(parts, [(0, None), (5, Some(Part::Code))]);
    }

    #[test]
    fn a_member_is_handed_on_as_read_only_when_ocr_gave_it() {
        let member = |ocr| Member {
            name: SourcePath::new(b"scan.png"),
            page: None,
            encoding: Encoding::Bytes,
            text: Text::Bytes(OCR.as_bytes()),
            ocr,
            added: &[],
            pictured: &[],
        };
        let handed = |member| {
            with_ocr_read(member, |member, fixes| {
                let Text::Bytes(text) = member.text else {
                    unreachable!("handed as bytes")
                };
                Ok((String::from_utf8(text.to_vec()).unwrap(), fixes, member.ocr))
            })
            .unwrap()
        };
        let (text, fixes, ocr) = handed(member(Some(Arc::from([]))));
        assert_eq!(text, "a7d3 0116.00 b2b3c6d6 3/3+.\n");
        assert_eq!(fixes.map(|f| f.len()), Some(1));
        assert!(ocr.is_none());
        assert_eq!(handed(member(None)), (OCR.to_string(), None, None));
    }
}
