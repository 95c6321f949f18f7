//! Documents around the grammar's texts (docs/reliability.md, "Fuzzing documents"): each line
//! of a text of `grammar.rs` becomes a paragraph, a cell, a text box, a note, a caption or a
//! chapter's line of a Word, OpenDocument, HTML or EPUB document built here, nested in
//! wrappers (content controls, custom XML, sections, `div`s, tables in cells) to a random
//! depth, sometimes far past any stack, split into runs, with tabs, breaks and runs of spaces
//! at its spaces, in one of several encodings, with spines that name chapters again and by
//! `./` and `../`; and around them, text the layout must leave out (deleted text, field
//! instructions, annotations, scripts, Word's fallback copy of a text box).
//!
//! [`check`] reads the document through gbr's input layer and holds it to:
//!
//! - no panic and no problem reported, but the one a page nested past the depth limit gets;
//! - the words of the text read are the words of the lines placed, each once (none lost,
//!   none doubled, nothing left out read), whatever the layout put them in;
//! - every text read holds the scan's properties (`pipeline::scan`).

use std::io::Write;
use std::ops::ControlFlow;
use std::path::Path;

use gbrscan::input::{InputPath, OpenOptions, Opened, Text, open};

use super::grammar::{self, Rng};
use super::pipeline;

mod office;
mod web;

use office::{opendocument, word};
use web::{book, html_page};

/// Words the layout must leave out, placed in deleted text, field instructions, scripts.
const DECOY: &str = "DECOYWORD";

/// A document built from the lines of a grammar text.
pub struct Built {
    /// The file's name (its extension tells its kind to a reader of the campaign's files).
    pub name: &'static str,
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// The words every text read must hold together, sorted.
    pub words: Vec<String>,
    /// True when an HTML page nests past the depth limit (its words are then not checked).
    pub deep: bool,
}

/// The lines of input `index` of `seed`, as a document can hold them: UTF-8 (a byte that is
/// not read as U+FFFD), no control characters but tabs, no empty line.
fn lines(seed: u64, index: u64) -> Vec<String> {
    let text = grammar::input(seed, index);
    String::from_utf8_lossy(&text)
        .split(['\n', '\r', '\x0c'])
        .map(|l| {
            l.chars()
                // XML 1.0 has no control characters but tabs, nor U+FFFE and U+FFFF.
                .map(|c| match c {
                    '\t' => c,
                    '\u{feff}' | '\u{fffd}' | '\u{fffe}' | '\u{ffff}' => ' ',
                    c if c.is_control() => ' ',
                    c => c,
                })
                .collect::<String>()
        })
        .filter(|l| !l.trim().is_empty())
        .collect()
}

fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn words(lines: &[String]) -> Vec<String> {
    let mut words: Vec<String> = lines
        .iter()
        .flat_map(|l| l.split_whitespace().map(str::to_string))
        .collect();
    words.sort();
    words
}

/// How deep to nest: mostly a little, at times thousands of levels.
fn depth(rng: &mut Rng) -> usize {
    match rng.below(100) {
        0 => rng.within(2_000, 20_000),
        1..=10 => rng.within(10, 300),
        _ => rng.below(4),
    }
}

/// Input `index` of `seed` as a document.
pub fn build(seed: u64, index: u64) -> Built {
    let lines = lines(seed, index);
    let mut rng = Rng::new(seed ^ 0x5eed_d0c5, index);
    let words = words(&lines);
    match rng.below(4) {
        0 => Built {
            name: "f.docx",
            bytes: word(&lines, &mut rng),
            words,
            deep: false,
        },
        1 => Built {
            name: "f.odt",
            bytes: opendocument(&lines, &mut rng),
            words,
            deep: false,
        },
        2 => {
            let (bytes, deep) = html_page(&lines, &mut rng);
            Built {
                name: "f.html",
                bytes,
                words,
                deep,
            }
        }
        _ => {
            let (bytes, deep) = book(&lines, &mut rng);
            Built {
                name: "f.epub",
                bytes,
                words,
                deep,
            }
        }
    }
}

fn zip_of(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, bytes) in members {
        zip.start_file(*name, options).expect("zip member");
        zip.write_all(bytes).expect("zip member");
    }
    zip.finish().expect("zip").into_inner()
}

/// Reads `built`, written at `path`, through gbr's input layer and checks it (module header);
/// panics when a property fails. `chunk_sizes` are the scan's.
pub fn check(built: &Built, path: &Path, chunk_sizes: &[usize]) {
    std::fs::write(path, &built.bytes).expect("write the document");
    let opts = OpenOptions::default();
    let input = InputPath::File(path.to_path_buf());
    let Opened::Source(source) = open(&input, &opts).expect("open") else {
        panic!("{}: read as a plain text", built.name);
    };
    let mut texts: Vec<Vec<u8>> = Vec::new();
    let problems = source.visit(&opts, &mut |member| {
        let mut text = Vec::new();
        match member.text {
            Text::Bytes(bytes) => text.extend_from_slice(bytes),
            Text::Stream(reader) => {
                reader.read_to_end(&mut text)?;
            }
        }
        texts.push(text);
        Ok(ControlFlow::Continue(()))
    });
    for text in &texts {
        pipeline::scan(text, chunk_sizes);
    }
    if built.deep {
        return;
    }
    assert!(
        problems.is_empty(),
        "{}: {:?}",
        built.name,
        problems.iter().map(ToString::to_string).collect::<Vec<_>>()
    );
    let mut read: Vec<String> = texts
        .iter()
        .flat_map(|t| {
            String::from_utf8_lossy(t)
                .split_whitespace()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect();
    read.sort();
    if read != built.words {
        let lost: Vec<&String> = built
            .words
            .iter()
            .filter(|w| !read.contains(w))
            .take(5)
            .collect();
        let extra: Vec<&String> = read
            .iter()
            .filter(|w| !built.words.contains(w))
            .take(5)
            .collect();
        panic!(
            "{}: {} words read for {} placed; lost {lost:?}, extra {extra:?}",
            built.name,
            read.len(),
            built.words.len()
        );
    }
}
