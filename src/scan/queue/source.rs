//! One opened input on one worker: its texts (PDF pages, archive members, a stream) scanned
//! one after the other and handed on unit by unit, without letting finished units pile up.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use super::{BACKLOG_PAUSE, Backlog, Claim, Queue, is_pgn_name};
use crate::input::{Encoding, InputError, Member, Source, Text};
use crate::misread::OcrFix;
use crate::scan::handoff::{FileOutcome, Stop, Unit};
use crate::scan::ocr::with_ocr_read;
use crate::scan::stream::{StreamEnd, scan_stream};

impl Queue<'_> {
    /// Scans the texts of `source`, input `index`, one after the other on this worker: each
    /// streamed block by block ([`scan_stream`]), or cut into chunks when in memory (a PDF
    /// page). Before handing on a unit while too many finished ones wait for an earlier one,
    /// it helps with that one or pauses, so the records of a long stream never pile up.
    pub(super) fn scan_source(
        &self,
        index: usize,
        source: Source,
        send: &impl Fn(usize, Unit),
        backlog: &impl Backlog,
    ) {
        let options = self.options;
        let block = options.config.scan.chunk_size.max(1);
        let binary = options.config.open.load.binary;
        let mut chunk = 0;
        let mut total = 0u64;
        let mut encoding = Encoding::Bytes;
        let mut scanned = 0usize;
        let mut binary_members = Vec::new();
        let name = source.name().clone();
        let mut faults = Vec::new();
        let mut scan_text = |member: Member<'_>, fixes: Option<Arc<[OcrFix]>>| {
            let mut restart = true;
            let added = member.added;
            let mut from = 0;
            let mut emit = |mut scan: crate::scan::ChunkScan, len| {
                if let Some(fixes) = &fixes {
                    scan.attach_ocr_fixes(fixes);
                }
                scan.uncount_added(added, from);
                from = scan.end;
                if !self.wait_turn((index, chunk), send, backlog) {
                    return ControlFlow::Break(());
                }
                (options.progress)(len);
                send(
                    index,
                    Unit::Chunk {
                        chunk,
                        following: chunk + 1,
                        last: false,
                        restart: std::mem::take(&mut restart),
                        bytes: 0,
                        encoding: member.encoding,
                        stop: None,
                        scan,
                        more: Vec::new(),
                    },
                );
                chunk += 1;
                ControlFlow::Continue(())
            };
            if options.config.pgn || is_pgn_name(&member.name) {
                // Games, not text: pgn-reader reads a PGN whole, from a stream too (standard
                // input with a `--label` ending in `.pgn`, an archive member).
                let mut read = Vec::new();
                let whole: &[u8] = match member.text {
                    Text::Bytes(bytes) => bytes,
                    Text::Stream(reader) => {
                        reader.read_to_end(&mut read)?;
                        &read
                    }
                };
                let len = whole.len() as u64;
                encoding = member.encoding;
                let (scan, stop) =
                    crate::scan::scan_pgn_guarded(whole, &member.name, options.labels());
                if emit(scan, len).is_break() {
                    return Ok(ControlFlow::Break(()));
                }
                if let Some(Stop::Fault { text, at, message }) = stop {
                    faults.push(InputError::Internal {
                        path: text.to_path_buf(),
                        at,
                        message,
                    });
                }
                total += len;
                scanned += 1;
                return Ok(ControlFlow::Continue(()));
            }
            let mut bytes: &[u8];
            let reader: &mut dyn std::io::Read = match member.text {
                Text::Stream(reader) => reader,
                Text::Bytes(text) => {
                    bytes = text;
                    &mut bytes
                }
            };
            // Study data: told by the name, or by the first bytes when the name says nothing
            // (standard input); those bytes are scanned after as any text's.
            let name = member.name.as_bytes();
            let mut head = Vec::new();
            if crate::keyed::name_says_nothing(name) {
                std::io::Read::read_to_end(
                    &mut std::io::Read::take(&mut *reader, crate::keyed::SNIFF_LEN as u64),
                    &mut head,
                )?;
            }
            if crate::keyed::data_kind(name, &head).is_some() {
                let mut whole = head;
                reader.read_to_end(&mut whole)?;
                encoding = member.encoding;
                let len = whole.len() as u64;
                if let Some(kind) = crate::keyed::data_kind(name, &whole) {
                    let (scan, stop) = crate::scan::keyed::scan_keyed_guarded(
                        &whole,
                        &member.name,
                        kind,
                        &options.config.keys,
                        options.reading(),
                    );
                    if emit(scan, len).is_break() {
                        return Ok(ControlFlow::Break(()));
                    }
                    if let Some(Stop::Fault { text, at, message }) = stop {
                        faults.push(InputError::Internal {
                            path: text.to_path_buf(),
                            at,
                            message,
                        });
                    }
                    total += len;
                    scanned += 1;
                    return Ok(ControlFlow::Continue(()));
                }
                head = whole;
            }
            let mut chained = std::io::Read::chain(&head[..], reader);
            let reader: &mut dyn std::io::Read = &mut chained;
            let ended = scan_stream(
                reader,
                &member.name,
                member.page.as_ref(),
                options.reading(),
                block,
                binary,
                &mut emit,
            )?;
            encoding = member.encoding;
            match ended {
                StreamEnd::Scanned { bytes } => {
                    total += bytes;
                    scanned += 1;
                }
                StreamEnd::Binary => binary_members.push(member.name),
                StreamEnd::Fault { at, fault } => {
                    // This text stops here; the input's other texts are read.
                    faults.push(InputError::Internal {
                        path: member.name.to_path_buf(),
                        at,
                        message: fault.message,
                    });
                }
            }
            Ok(if self.cancel.load(Ordering::Relaxed) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        };
        let mut scan_member = |member: Member<'_>| with_ocr_read(member, &mut scan_text);
        // A panic in a reader (a decompressor, the archive or PDF reader) ends the input; the
        // texts before it were handed on.
        let visited = crate::fault::catch(|| source.visit(&options.config.open, &mut scan_member));
        let mut problems = visited.unwrap_or_else(|fault| {
            vec![InputError::Internal {
                path: name.to_path_buf(),
                at: total,
                message: fault.message,
            }]
        });
        problems.append(&mut faults);
        let alone = matches!(binary_members.as_slice(), [only] if *only == name);
        let outcome = if scanned == 0 && problems.is_empty() && alone {
            // A single text that is binary (a stream, a file under --no-mmap): skipped as a
            // binary file, as a loaded one is.
            binary_members.clear();
            FileOutcome::SkippedBinary
        } else {
            FileOutcome::Scanned { encoding }
        };
        if !self.wait_turn((index, chunk), send, backlog) {
            return;
        }
        send(
            index,
            Unit::End {
                chunk,
                bytes: total,
                outcome,
                problems,
                binary_members,
            },
        );
    }

    /// Waits until unit `key` may be handed on without too many finished units piling up,
    /// helping with the unit they wait for meanwhile. False when the scan was cancelled.
    pub(super) fn wait_turn(
        &self,
        key: (usize, usize),
        send: &impl Fn(usize, Unit),
        backlog: &impl Backlog,
    ) -> bool {
        loop {
            if self.cancel.load(Ordering::Relaxed) {
                return false;
            }
            match backlog() {
                Some(next) if next < key => match self.claim(Some(next)) {
                    Claim::Chunk(job) => self.scan(job, send, backlog),
                    Claim::Input(index) => self.open(index, send, backlog),
                    _ => std::thread::sleep(BACKLOG_PAUSE),
                },
                _ => return true,
            }
        }
    }
}
