//! `gbr check --write`: how the fixes the library's rule takes
//! ([`gbrscan::copies::fixes`]) are put into a file without losing anything
//! (docs/reliability.md, "`gbr check --write` and `--diff`"). A file is written back only when
//! it is, up to the rename that replaces it, exactly as it was read ([`write_back`]), through
//! the atomic writer of `-o` (`src/cli/atomic.rs`), in its own encoding.

use std::fs;
use std::io::Write;

use anyhow::{Context as _, bail};
use gbrscan::input::Encoding;
use gbrscan::source_path::shown;

use crate::cli::atomic::Output;
use crate::cli::inputs::{PlainFile, Stamp};

/// The bytes of a file whose text is `text`, in `encoding`: UTF-16 with its byte order mark,
/// the encoding named with `-E`, or the bytes themselves.
fn encode(text: &[u8], encoding: Encoding) -> Vec<u8> {
    let units =
        |text: &[u8]| -> Vec<u16> { String::from_utf8_lossy(text).encode_utf16().collect() };
    match encoding {
        Encoding::Bytes => text.to_vec(),
        Encoding::Utf16Le => [0xFF, 0xFE]
            .into_iter()
            .chain(units(text).into_iter().flat_map(u16::to_le_bytes))
            .collect(),
        Encoding::Utf16Be => [0xFE, 0xFF]
            .into_iter()
            .chain(units(text).into_iter().flat_map(u16::to_be_bytes))
            .collect(),
        // encoding_rs encodes no UTF-16 (its encoder writes UTF-8): by hand, with no byte
        // order mark, as the file was read.
        Encoding::Named(named) if named == encoding_rs::UTF_16LE => {
            units(text).into_iter().flat_map(u16::to_le_bytes).collect()
        }
        Encoding::Named(named) if named == encoding_rs::UTF_16BE => {
            units(text).into_iter().flat_map(u16::to_be_bytes).collect()
        }
        Encoding::Named(named) => named.encode(&String::from_utf8_lossy(text)).0.into_owned(),
    }
}

/// The text of a UTF-16 file with its byte order mark, as the input layer decodes it (a lone
/// surrogate or an odd byte as U+FFFD): what [`encode`] undoes when the file round-trips.
fn decode(bytes: &[u8], encoding: Encoding) -> Vec<u8> {
    if let Encoding::Named(named) = encoding {
        return named
            .decode_without_bom_handling(bytes)
            .0
            .into_owned()
            .into_bytes();
    }
    let body = bytes.get(2..).unwrap_or_default();
    let unit = match bytes {
        [0xFE, 0xFF, ..] => u16::from_be_bytes,
        _ => u16::from_le_bytes,
    };
    let units = body.chunks_exact(2).map(|p| unit([p[0], p[1]]));
    let mut text: String = char::decode_utf16(units)
        .map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER))
        .collect();
    if body.len() % 2 == 1 {
        text.push(char::REPLACEMENT_CHARACTER);
    }
    text.into_bytes()
}

/// Fails unless the file is as it was read: the same file (device and inode), length and
/// modification time as before it was read, and its bytes those of `old` (its text as read,
/// encoded again).
fn unchanged(file: &PlainFile, old: &[u8]) -> anyhow::Result<()> {
    let name = shown(&file.path);
    let now = fs::metadata(&file.path)
        .with_context(|| format!("{name}: not written: cannot read it again"))?;
    let stamp = Stamp::of(&now);
    if let Some(how) = Stamp::differs(file.before.as_ref(), &stamp) {
        bail!("{name}: changed since it was read ({how}); not written, run gbr check again");
    }
    let bytes = fs::read(&file.path)
        .with_context(|| format!("{name}: not written: cannot read it again"))?;
    if bytes != old {
        if file.encoding != Encoding::Bytes
            && encode(&decode(&bytes, file.encoding), file.encoding) != bytes
        {
            let (which, why) = match file.encoding {
                Encoding::Named(named) => (
                    named.name(),
                    "a UTF-8 byte order mark, or a byte no character has",
                ),
                _ => ("UTF-16", "a lone surrogate or an odd byte"),
            };
            bail!(
                "{name}: not written: its {which} does not decode and encode back to the same \
                 bytes ({why})"
            );
        }
        bail!(
            "{name}: changed since it was read (its bytes differ); not written, run gbr check again"
        );
    }
    Ok(())
}

/// Replaces `file`, whose text was read as `old`, with the text `new`, in the file's own
/// encoding (UTF-16 with its byte order mark; any other bytes, a UTF-8 byte order mark and CR
/// line ends included, as they are, since fixes change only the parts of codes).
///
/// Written through [`Output`], the writer of `-o`: a symbolic link is kept and its target
/// replaced; the temporary file is flushed to disk, given the file's permissions (a read-only
/// file stays read-only) and, as root, its owner, and renamed onto it; a kill leaves nothing.
///
/// # Errors
/// Nothing is written, and the file is left as it is, when it changed while it was read or
/// since (length, modification time, inode or bytes: checked before writing and again just
/// before the rename), when it has more than one hard link (replacing it would part it from
/// the others), when its UTF-16 does not encode back to the bytes read, and when writing fails
/// (no space left on device, permissions): every message names the file.
pub fn write_back(file: &PlainFile, old: &[u8], new: &[u8]) -> anyhow::Result<()> {
    let name = shown(&file.path);
    if file.changed {
        bail!("{name}: changed while it was read; not written, run gbr check again");
    }
    let old = encode(old, file.encoding);
    unchanged(file, &old)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let links = fs::metadata(&file.path).map_or(1, |m| m.nlink());
        if links > 1 {
            bail!(
                "{name}: not written: it has {links} hard links, which replacing it would \
                 part from it (see the fixes with --diff)"
            );
        }
    }
    let new = encode(new, file.encoding);
    let mut out = Output::create(Some(&file.path))?;
    out.write_all(&new)
        .with_context(|| format!("cannot write {name}"))?;
    out.finish_if(|| unchanged(file, &old))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_that_does_not_round_trip_is_told() {
        let good = encode("a\u{e9}\u{1F600}".as_bytes(), Encoding::Utf16Le);
        assert_eq!(
            encode(&decode(&good, Encoding::Utf16Le), Encoding::Utf16Le),
            good
        );
        let lone = [0xFF, 0xFE, b'a', 0, 0x00, 0xD8, b'b', 0];
        assert_ne!(
            encode(&decode(&lone, Encoding::Utf16Le), Encoding::Utf16Le),
            lone
        );
        let odd = [0xFE, 0xFF, 0, b'a', 0];
        assert_ne!(
            encode(&decode(&odd, Encoding::Utf16Be), Encoding::Utf16Be),
            odd
        );
    }

    #[test]
    fn utf16_is_encoded_back_with_its_byte_order_mark() {
        assert_eq!(
            encode("a\u{e9}".as_bytes(), Encoding::Utf16Le),
            [0xFF, 0xFE, b'a', 0, 0xE9, 0]
        );
        assert_eq!(encode(b"a", Encoding::Utf16Be), [0xFE, 0xFF, 0, b'a']);
        assert_eq!(
            encode(b"\xEF\xBB\xBFa\r\n", Encoding::Bytes),
            b"\xEF\xBB\xBFa\r\n"
        );
    }

    /// The plain file at `path` as `gbr check` reads it: its stamp taken, unchanged while read.
    #[cfg(unix)]
    fn read(path: &std::path::Path) -> (PlainFile, Vec<u8>) {
        let before = Stamp::read(path);
        let text = fs::read(path).unwrap();
        let file = PlainFile {
            path: path.to_owned(),
            encoding: Encoding::Bytes,
            before,
            changed: false,
        };
        (file, text)
    }

    /// The names in `folder`, sorted.
    #[cfg(unix)]
    fn names(folder: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(folder)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    #[cfg(unix)]
    fn a_link_stays_a_link_and_its_target_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        fs::create_dir(d.join("real")).unwrap();
        fs::write(d.join("real/target.txt"), "0l16.00\n").unwrap();
        std::os::unix::fs::symlink("real/target.txt", d.join("link.txt")).unwrap();
        let (file, old) = read(&d.join("link.txt"));
        write_back(&file, &old, b"0116.00\n").unwrap();
        let link = fs::symlink_metadata(d.join("link.txt")).unwrap();
        assert!(link.file_type().is_symlink());
        assert_eq!(
            fs::read_link(d.join("link.txt")).unwrap(),
            std::path::Path::new("real/target.txt")
        );
        assert_eq!(fs::read(d.join("real/target.txt")).unwrap(), b"0116.00\n");
        // Nothing else in either folder: no temporary file left, no file beside the link.
        assert_eq!(names(d), ["link.txt", "real"]);
        assert_eq!(names(&d.join("real")), ["target.txt"]);
    }

    #[test]
    #[cfg(unix)]
    fn the_permissions_are_kept() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        for mode in [0o600, 0o640, 0o755, 0o444] {
            let path = dir.path().join(format!("{mode:o}.txt"));
            fs::write(&path, "0l16.00\n").unwrap();
            fs::set_permissions(&path, fs::Permissions::from_mode(mode)).unwrap();
            let (file, old) = read(&path);
            write_back(&file, &old, b"0116.00\n").unwrap();
            let meta = fs::metadata(&path).unwrap();
            assert_eq!(meta.permissions().mode() & 0o7777, mode, "{mode:o}");
            assert_eq!(fs::read(&path).unwrap(), b"0116.00\n");
        }
    }

    /// A write refused or failed, before or after the new text is on disk, leaves the file
    /// as it was and no temporary file.
    #[test]
    #[cfg(unix)]
    fn a_failed_write_leaves_the_file_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        let path = d.join("a.txt");
        // Changed since it was read: refused before anything is written.
        fs::write(&path, "0l16.00\n").unwrap();
        let (file, old) = read(&path);
        fs::write(&path, "0l16.00 and more\n").unwrap();
        let err = write_back(&file, &old, b"0116.00\n").unwrap_err();
        assert!(
            err.to_string().contains("changed since it was read"),
            "{err}"
        );
        assert_eq!(fs::read(&path).unwrap(), b"0l16.00 and more\n");
        // Changed while it was read: refused.
        let (mut file, old) = read(&path);
        file.changed = true;
        assert!(write_back(&file, &old, b"0116.00\n").is_err());
        assert_eq!(fs::read(&path).unwrap(), b"0l16.00 and more\n");
        // The new text written and flushed to disk, then a failure just before the rename
        // (the last look at the file, `finish_if`): the file is as it was.
        let mut out = Output::create(Some(&path)).unwrap();
        out.write_all(b"0116.00\n").unwrap();
        let err = out
            .finish_if(|| Err(anyhow::anyhow!("changed at the last moment")))
            .unwrap_err();
        assert_eq!(err.to_string(), "changed at the last moment");
        assert_eq!(fs::read(&path).unwrap(), b"0l16.00 and more\n");
        // A writer dropped before it finishes (a write that failed half way) changes nothing.
        let mut out = Output::create(Some(&path)).unwrap();
        out.write_all(b"0116").unwrap();
        drop(out);
        assert_eq!(fs::read(&path).unwrap(), b"0l16.00 and more\n");
        // A folder in place of the file: nothing written, nothing left.
        fs::create_dir(d.join("folder.txt")).unwrap();
        let (file, old) = (
            PlainFile {
                path: d.join("folder.txt"),
                encoding: Encoding::Bytes,
                before: Stamp::read(&d.join("folder.txt")),
                changed: false,
            },
            Vec::new(),
        );
        assert!(write_back(&file, &old, b"0116.00\n").is_err());
        assert!(d.join("folder.txt").is_dir());
        assert_eq!(names(d), ["a.txt", "folder.txt"]);
    }
}
