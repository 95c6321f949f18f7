//! Builds, in a temporary folder, the inputs of every kind from one text: the text itself,
//! its gzip, bzip2, xz and zstd copies, a zip and a `.tar.gz` holding it, and a PDF with codes
//! on several pages, all made here with the same crates gbr reads them with (so no binary
//! fixture is committed).

use std::io::Write;
use std::path::Path;

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, dictionary};

/// The text every compressed and archived copy holds: codes of several forms, one broken over
/// two lines, with their references known from the plain file.
pub const TEXT: &str = "\
Study 1, after the diagram: a7d3 0116.00 b2b3c6d6 3/3+.
EG 190 printed a2f1 0411.56 10/9+. with a typo
and a draw g3g1 0323.12 = then a bare 0800.00 in prose.
The EG layout breaks a position:
a1h8 0031.10 h1f4.a7
3/2+.
";

/// The pages of the generated PDF, each a list of lines: codes on pages 1 and 3, none on 2.
pub const PAGES: &[&[&str]] = &[
    &["Probleemblad 2013", "Study 1: a7d3 0116.00 b2b3c6d6 3/3+."],
    &["A page of prose without codes."],
    &[
        "Second study",
        "(+0031.10a1h8h1f4a7)",
        "Draw: g3g1 0323.12 =",
    ],
];

/// A PDF of [`PAGES`], each line set in Courier 12 points, 14 points below the one before.
pub fn pdf() -> Vec<u8> {
    pdf_of(PAGES)
}

/// A PDF of `pages` (each a list of lines), set as [`pdf`] sets [`PAGES`].
pub fn pdf_of(pages: &[&[&str]]) -> Vec<u8> {
    save(pdf_document(pages))
}

/// A PDF of `pages`, as [`pdf_of`] makes it, whose catalog has the page labels `/PageLabels
/// << /Nums nums >>` (ISO 32000-1 §12.4.2: the 0-based index of each range's first page, then
/// its label dictionary).
pub fn pdf_labelled(pages: &[&[&str]], nums: Vec<Object>) -> Vec<u8> {
    let mut doc = pdf_document(pages);
    let catalog = doc.catalog_mut().expect("a catalog");
    catalog.set("PageLabels", dictionary! { "Nums" => nums });
    save(doc)
}

fn save(mut doc: Document) -> Vec<u8> {
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).expect("write the PDF");
    bytes
}

/// The document of [`pdf_of`]: Courier in WinAnsiEncoding, so that a line may hold the
/// characters of Windows-1252 (an en dash, `– 302 –`).
fn pdf_document(pages: &[&[&str]]) -> Document {
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let font_id = doc.add_object(dictionary! {
        "Type" => "Font",
        "Subtype" => "Type1",
        "BaseFont" => "Courier",
        "Encoding" => "WinAnsiEncoding",
    });
    let resources_id = doc.add_object(dictionary! {
        "Font" => dictionary! { "F1" => font_id },
    });
    let mut kids = Vec::new();
    for lines in pages {
        let mut operations = vec![
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["F1".into(), 12.into()]),
            Operation::new("TL", vec![14.into()]),
            Operation::new("Td", vec![72.into(), 760.into()]),
        ];
        for line in *lines {
            let (bytes, _, unmappable) = encoding_rs::WINDOWS_1252.encode(line);
            assert!(!unmappable, "{line:?} is not Windows-1252");
            operations.push(Operation::new("Tj", vec![Object::string_literal(bytes)]));
            operations.push(Operation::new("T*", vec![]));
        }
        operations.push(Operation::new("ET", vec![]));
        let content = Content { operations };
        let stream = Stream::new(dictionary! {}, content.encode().expect("encode content"));
        let content_id = doc.add_object(stream);
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content_id,
        });
        kids.push(page_id.into());
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "Resources" => resources_id,
            "MediaBox" => vec![0.into(), 0.into(), 595.into(), 842.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! {
        "Type" => "Catalog",
        "Pages" => pages_id,
    });
    doc.trailer.set("Root", catalog_id);
    doc
}

pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    enc.write_all(bytes).expect("gzip");
    enc.finish().expect("gzip")
}

pub fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut enc = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    enc.write_all(bytes).expect("bzip2");
    enc.finish().expect("bzip2")
}

pub fn xz(bytes: &[u8]) -> Vec<u8> {
    let mut enc = liblzma::write::XzEncoder::new(Vec::new(), 6);
    enc.write_all(bytes).expect("xz");
    enc.finish().expect("xz")
}

pub fn zstd(bytes: &[u8]) -> Vec<u8> {
    ruzstd::encoding::compress_to_vec(bytes, ruzstd::encoding::CompressionLevel::Fastest)
}

/// A zip of `members` (name, bytes), deflated.
pub fn zip(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in members {
        zip.start_file(*name, options).expect("zip member");
        zip.write_all(bytes).expect("zip member");
    }
    zip.finish().expect("zip").into_inner()
}

/// A tar of `members` (name, bytes).
pub fn tar(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut tar = tar::Builder::new(Vec::new());
    for (name, bytes) in members {
        let mut header = tar::Header::new_gnu();
        header.set_size(bytes.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        tar.append_data(&mut header, name, *bytes)
            .expect("tar member");
    }
    tar.into_inner().expect("tar")
}

/// Writes `bytes` to `dir/name`.
pub fn put(dir: &Path, name: &str, bytes: &[u8]) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create folder");
    }
    std::fs::write(path, bytes).expect("write fixture");
}

/// Writes in `dir`, as `name`, a PDF of `text`'s pages: the text split at its form feeds, each
/// page its lines ([`pdf_of`]).
pub fn put_pdf_of_pages(dir: &Path, name: &str, text: &str) {
    let pages: Vec<Vec<&str>> = text
        .split('\x0c')
        .map(|page| page.trim_end_matches('\n').split('\n').collect())
        .collect();
    let pages: Vec<&[&str]> = pages.iter().map(Vec::as_slice).collect();
    put(dir, name, &pdf_of(&pages));
}
