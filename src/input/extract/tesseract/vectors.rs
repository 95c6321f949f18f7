//! A document's vector pictures (EMF, WMF: Word's usual drawn diagrams) made pages and searched
//! for boards (`--diagrams`; docs/inputs.md, "Diagrams in a document's images"). No image
//! crate decodes them; LibreOffice's Writer imports both. All of one document's pictures go
//! into one flat OpenDocument text, one picture a page at its own size, printed to PDF by one
//! `soffice` process (its own profile in the work folder, so that it neither waits for nor
//! disturbs a LibreOffice the user runs); each page is then rendered grey by pdftoppm at
//! [`DiagramOptions::dpi`], as a PDF's drawn pages are, and searched (`picture::find_boards`).
//! The tools run as OCR's do ([`super::child`]): bounded by the timeout and the memory limit,
//! killed past them, their work folder removed.

use std::fmt::Write as _;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use base64::Engine as _;

use super::child::{self, Bounds, WorkFolder};
use super::image::Grey;
use super::pages::{page_sizes, render};
use super::{DiagramOptions, DiagramsError, diagram_tools};
use crate::fault;
use crate::picture::FoundBoard;

/// A picture's boards found, or why its page could not be read.
type Found = Result<Vec<FoundBoard>, DiagramsError>;

/// The side, in millimetres, a picture whose header gives no size is printed at: 80 mm, a
/// book's diagram.
const DEFAULT_MM: f64 = 80.0;
/// The longest side, in millimetres, a picture is printed at (a larger one is scaled down,
/// its shape kept): 250 mm, so that a page stays under 7 million pixels at 300 dpi.
const MAX_MM: f64 = 250.0;
/// The paper around each picture on its page, in millimetres.
const MARGIN_MM: f64 = 10.0;

/// Each of `pictures` (EMF or WMF bytes) searched for boards, in order: the boards found in
/// it, or why its page could not be read.
///
/// # Errors
///
/// [`DiagramsError::Vectors`] when none could be read: LibreOffice (`soffice`) or pdftoppm is
/// missing, or LibreOffice failed, took longer than the timeout, or made another number of
/// pages than pictures.
pub(crate) fn vector_boards(
    pictures: &[&[u8]],
    opts: &DiagramOptions,
) -> Result<Vec<Found>, DiagramsError> {
    let count = pictures.len();
    let unread = |why: String| DiagramsError::Vectors { count, why };
    diagram_tools().map_err(|e| unread(e.to_string()))?;
    if !on_path("soffice") {
        return Err(unread(
            "--diagrams needs LibreOffice's soffice for them: install it with 'apt install \
             libreoffice-writer-nogui'"
                .to_owned(),
        ));
    }
    let work = WorkFolder::new().map_err(|e| unread(e.to_string()))?;
    let fodt = work.path().join("pictures.fodt");
    fs::write(&fodt, document(pictures)).map_err(|e| unread(e.to_string()))?;
    let bounds = Bounds {
        timeout: opts.timeout,
        memory: opts.memory,
    };
    let profile = format!(
        "-env:UserInstallation=file://{}/profile",
        work.path().display()
    );
    child::run(
        "soffice",
        Command::new("soffice")
            .arg(profile)
            .args(["--headless", "--norestore", "--nolockcheck"])
            .args(["--convert-to", "pdf", "--outdir"])
            .arg(work.path())
            .arg(&fodt)
            .env("HOME", work.path()),
        bounds,
    )
    .map_err(|e| unread(e.to_string()))?;
    let pdf = work.path().join("pictures.pdf");
    let numbers: Vec<u32> = (1..=u32::try_from(count).unwrap_or(u32::MAX)).collect();
    let sizes = page_sizes(&pdf, &numbers, bounds);
    if sizes.len() != count {
        return Err(unread(format!(
            "LibreOffice printed {} pages of {count} pictures",
            sizes.len()
        )));
    }
    let slots: Vec<Mutex<Option<Found>>> = pictures.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..opts.threads.clamp(1, count.max(1)) {
            s.spawn(|| {
                loop {
                    let at = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&number) = numbers.get(at) else {
                        return;
                    };
                    let found = page_boards(&pdf, work.path(), number, &sizes, opts, bounds);
                    *slots[at].lock().unwrap_or_else(|e| e.into_inner()) = Some(found);
                }
            });
        }
    });
    Ok(slots
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or(Ok(Vec::new()))
        })
        .collect())
}

/// The boards on page `number` of the PDF `pdf`, rendered into `work`.
fn page_boards(
    pdf: &Path,
    work: &Path,
    number: u32,
    sizes: &std::collections::HashMap<u32, (f64, f64)>,
    opts: &DiagramOptions,
    bounds: Bounds,
) -> Result<Vec<FoundBoard>, DiagramsError> {
    let dpi = opts.dpi;
    let expected = sizes.get(&number).map(|&(w, h)| {
        let px = |pt: f64| (pt * f64::from(dpi) / 72.0).ceil() as u64;
        (px(w), px(h))
    });
    let image = render(pdf, work, number, dpi, expected, bounds)?;
    let grey = Grey::read_pgm(&image);
    let _ = fs::remove_file(&image);
    let grey = grey.map_err(|e| super::failed("gbr", &e))?;
    let Some(page) = image::GrayImage::from_raw(grey.width as u32, grey.height as u32, grey.pixels)
    else {
        return Ok(Vec::new());
    };
    fault::catch(|| crate::picture::find_boards(&page)).map_err(|panic| DiagramsError::Failed {
        tool: "gbr",
        message: format!("the picture reader failed: {panic}"),
    })
}

/// True when `program` is an executable file in a folder of `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| {
            fs::metadata(dir.join(program)).is_ok_and(|m| m.is_file() && is_executable(&m))
        })
    })
}

#[cfg(unix)]
fn is_executable(m: &fs::Metadata) -> bool {
    use std::os::unix::fs::PermissionsExt;
    m.permissions().mode() & 0o111 != 0
}

#[cfg(not(unix))]
fn is_executable(_: &fs::Metadata) -> bool {
    true
}

/// A picture's size in millimetres as its header gives it: an EMF's frame (MS-EMF 2.2.9,
/// `rclFrame` in hundredths of a millimetre), a placeable WMF's box in its units an inch
/// (MS-WMF 2.3.2.3); [`DEFAULT_MM`] square otherwise. Each side at least 5 mm, the longer at
/// most [`MAX_MM`], the shape kept.
pub(crate) fn size_mm(bytes: &[u8]) -> (f64, f64) {
    let i32_at = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| f64::from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])))
    };
    let i16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .map(|b| f64::from(i16::from_le_bytes([b[0], b[1]])))
    };
    let emf = || {
        let (l, t, r, b) = (i32_at(24)?, i32_at(28)?, i32_at(32)?, i32_at(36)?);
        Some(((r - l) / 100.0, (b - t) / 100.0))
    };
    let wmf = || {
        let (l, t, r, b) = (i16_at(6)?, i16_at(8)?, i16_at(10)?, i16_at(12)?);
        let inch = i16_at(14)?;
        (inch > 0.0).then(|| ((r - l) / inch * 25.4, (b - t) / inch * 25.4))
    };
    let size = if bytes.get(40..44) == Some(b" EMF") {
        emf()
    } else if bytes.starts_with(b"\xD7\xCD\xC6\x9A") {
        wmf()
    } else {
        None
    };
    let (w, h) = size
        .filter(|&(w, h)| w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0)
        .unwrap_or((DEFAULT_MM, DEFAULT_MM));
    let scale = (MAX_MM / w.max(h)).min(1.0);
    ((w * scale).max(5.0), (h * scale).max(5.0))
}

/// The flat OpenDocument text of `pictures`: one picture a page, each page the size of the
/// largest picture and a margin, each picture at its own size in its page's top left corner.
fn document(pictures: &[&[u8]]) -> String {
    let sizes: Vec<(f64, f64)> = pictures.iter().map(|p| size_mm(p)).collect();
    let width = sizes.iter().map(|s| s.0).fold(0.0, f64::max) + 2.0 * MARGIN_MM + 1.0;
    let height = sizes.iter().map(|s| s.1).fold(0.0, f64::max) + 2.0 * MARGIN_MM + 1.0;
    let mut doc = String::with_capacity(pictures.iter().map(|p| p.len() * 4 / 3 + 400).sum());
    doc.push_str(concat!(
        r#"<?xml version="1.0" encoding="UTF-8"?>"#,
        r#"<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" "#,
        r#"xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" "#,
        r#"xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" "#,
        r#"xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" "#,
        r#"xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" "#,
        r#"xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" "#,
        r#"office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">"#,
    ));
    let _ = write!(
        doc,
        r#"<office:automatic-styles><style:page-layout style:name="L"><style:page-layout-properties fo:page-width="{width:.1}mm" fo:page-height="{height:.1}mm" fo:margin-top="{MARGIN_MM}mm" fo:margin-bottom="{MARGIN_MM}mm" fo:margin-left="{MARGIN_MM}mm" fo:margin-right="{MARGIN_MM}mm"/></style:page-layout><style:style style:name="P0" style:family="paragraph"><style:paragraph-properties fo:margin-top="0mm" fo:margin-bottom="0mm"/></style:style><style:style style:name="P" style:family="paragraph"><style:paragraph-properties fo:margin-top="0mm" fo:margin-bottom="0mm" fo:break-before="page"/></style:style></office:automatic-styles><office:master-styles><style:master-page style:name="Standard" style:page-layout-name="L"/></office:master-styles><office:body><office:text>"#
    );
    let engine = base64::engine::general_purpose::STANDARD;
    for (i, (picture, (w, h))) in pictures.iter().zip(&sizes).enumerate() {
        let _ = write!(
            doc,
            r#"<text:p text:style-name="{}"><draw:frame draw:name="p{i}" text:anchor-type="as-char" svg:width="{w:.2}mm" svg:height="{h:.2}mm"><draw:image><office:binary-data>"#,
            if i == 0 { "P0" } else { "P" }
        );
        engine.encode_string(picture, &mut doc);
        doc.push_str("</office:binary-data></draw:image></draw:frame></text:p>");
    }
    doc.push_str("</office:text></office:body></office:document>");
    doc
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pictures_size_comes_from_its_header_bounded_and_else_is_a_books_diagram() {
        let mut emf = vec![0u8; 88];
        emf[0] = 1;
        emf[40..44].copy_from_slice(b" EMF");
        for (at, v) in [(24, 0i32), (28, 0), (32, 8077), (36, 8074)] {
            emf[at..at + 4].copy_from_slice(&v.to_le_bytes());
        }
        let (w, h) = size_mm(&emf);
        assert!((w - 80.77).abs() < 1e-9 && (h - 80.74).abs() < 1e-9);
        emf[32..36].copy_from_slice(&100_000i32.to_le_bytes());
        let (w, h) = size_mm(&emf);
        assert_eq!(w, MAX_MM);
        assert!((5.0..250.0).contains(&h));
        assert_eq!(size_mm(b"\x01\x00\x09\x00"), (DEFAULT_MM, DEFAULT_MM));
    }

    #[test]
    fn the_document_holds_one_page_a_picture() {
        let doc = document(&[b"abc", b"de"]);
        assert_eq!(doc.matches("<draw:image>").count(), 2);
        assert!(doc.contains("YWJj") && doc.contains("ZGU="));
        assert!(roxmltree::Document::parse(&doc).is_ok());
    }
}
