//! The first bytes of an input, which tell its kind ([`Kind::sniff`]): 1 KiB, more where they
//! end inside the prolog of an XML or HTML page; and the kinds refused, with what to do.

use std::io::{self, Read};

use crate::input::extract::html;
use crate::input::kind::{Kind, SNIFF_LEN};
use crate::source_path::SourcePath;

/// The first bytes of `reader`, enough for [`Kind::sniff`] (1,024, for a PDF's marker), fewer
/// only when the input is shorter.
pub(super) fn read_head(reader: &mut dyn Read) -> io::Result<Vec<u8>> {
    let mut head = Vec::with_capacity(1024);
    reader.take(1024).read_to_end(&mut head)?;
    debug_assert!(head.len() >= SNIFF_LEN || head.len() < 1024);
    // A page's prolog (an XML declaration, a licence in a comment) may pass 1 KiB.
    while head.len() < MAX_PROLOG && head.len() % 1024 == 0 && html::in_prolog(&head) {
        let before = head.len();
        reader.take(1024).read_to_end(&mut head)?;
        if head.len() == before {
            break;
        }
    }
    Ok(head)
}

/// How far into an input its kind is looked for when its first bytes are the prolog of an XML
/// or HTML page (an XML declaration, comments): 64 KiB.
const MAX_PROLOG: usize = 64 << 10;

/// The first bytes of an input in memory that tell its kind: 1,024, or up to [`MAX_PROLOG`]
/// when they end inside a page's prolog.
pub(super) fn head_of(bytes: &[u8]) -> &[u8] {
    let head = &bytes[..bytes.len().min(1024)];
    if head.len() == 1024 && html::in_prolog(head) {
        let mut end = 1024;
        while end < bytes.len().min(MAX_PROLOG) && html::in_prolog(&bytes[..end]) {
            end = (end + 1024).min(bytes.len());
        }
        return &bytes[..end.min(bytes.len())];
    }
    head
}

/// Why an input of `kind` named `name` is not read, with what to do: RTF, and an OLE file named
/// `.doc` or `.dot` (Word 97-2003). Other OLE files (`.xls`, `.msg`) are binary files, as any.
pub(super) fn unsupported(kind: Kind, name: &SourcePath) -> Option<&'static str> {
    let word = |n: &[u8]| {
        let n = n.to_ascii_lowercase();
        n.ends_with(b".doc") || n.ends_with(b".dot")
    };
    match kind {
        Kind::Rtf => Some(
            "an RTF document, which gbr does not read: convert it with LibreOffice \
             (`soffice --headless --convert-to docx FILE`) and scan the .docx",
        ),
        Kind::Ole if word(name.as_bytes()) => Some(
            "a Word 97-2003 document, which gbr does not read: convert it with LibreOffice \
             (`soffice --headless --convert-to docx FILE`) and scan the .docx",
        ),
        _ => None,
    }
}
