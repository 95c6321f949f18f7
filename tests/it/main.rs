//! The integration tests, one binary: each module tests one part through the library or the
//! real `gbr` binary (assert_cmd) on the fixtures of `fixtures/`; `support` holds what they
//! share. One binary instead of one per file: the test build links the library and its
//! dependencies once (docs/testing.md).

mod captions;
mod citation_heads;
mod citations;
mod cli_check;
mod cli_chess;
mod cli_conventions;
mod cli_decode;
mod cli_documents;
mod cli_encodings;
mod cli_inputs;
mod cli_lookup_position;
mod cli_lookup_printed;
mod cli_outputs;
mod cli_pages;
mod cli_scan;
mod corpus;
mod diagrams_drawn;
mod diagrams_embedded;
mod diagrams_read;
mod directory;
mod directory_numbers;
mod directory_pages;
mod forms;
mod fuzz_properties;
mod input;
mod layouts;
mod ocr;
mod pictures;
mod properties;
mod prose;
mod readme;
mod real;
mod real_outputs;
mod records;
mod reliability;
mod scan_inputs;
mod study_data;
mod support;
mod tablebase;
mod text_and_pdf;
