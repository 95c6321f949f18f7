//! One input loaded whole for the parallel scan: mapped or read ([`super::map`]), decoded from
//! UTF-16 or a named encoding ([`super::encoding`]), told binary or not.

use super::{Contents, Encoding, InputError, InputPath, encoding, map};

/// How many leading bytes [`is_binary`] inspects for a NUL byte: 64 KiB (65,536 bytes).
///
/// git inspects the first 8,000 bytes for the same purpose; ours is a larger fixed prefix, so a
/// binary file whose first NUL byte comes later is still caught, at a cost that does not grow
/// with the file.
pub const BINARY_PROBE_LEN: usize = 64 * 1024;

/// The two choices the caller makes about loading; both come from command-line flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadOptions {
    /// Memory-map regular files (`true`, the default) or always read them into memory
    /// (`false`, the CLI's `--no-mmap`). Stdin, pipes and devices are always read, and every
    /// file is until the program has called [`enable_mmap`](super::enable_mmap).
    pub mmap: bool,
    /// Whether the caller wants binary files scanned. [`load`] flags binary files either way;
    /// [`Loaded::should_scan`] applies this choice.
    pub binary: bool,
    /// The encoding the user named (`-E/--encoding`, [`encoding::named`]); `None` for `auto`:
    /// a UTF-16 byte order mark decides, else the bytes are scanned as they are.
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

impl Default for LoadOptions {
    /// Memory-map files, skip binary files, tell the encoding by the byte order mark.
    fn default() -> Self {
        LoadOptions {
            mmap: true,
            binary: false,
            encoding: None,
        }
    }
}

/// One input loaded into memory, ready to scan.
#[derive(Debug)]
pub struct Loaded {
    /// The bytes to scan. For a UTF-16 file these are the decoded UTF-8 bytes without the byte
    /// order mark, so byte offsets into a UTF-16 file refer to this decoded text, not to the file.
    pub bytes: Contents,
    /// How the file's bytes were turned into [`Loaded::bytes`].
    pub encoding: Encoding,
    /// `true` when a NUL byte occurs in the first [`BINARY_PROBE_LEN`] bytes of
    /// [`Loaded::bytes`] (that is, after UTF-16 decoding); see [`is_binary`].
    pub binary: bool,
}

impl Loaded {
    /// Whether the caller should scan this input: always for text, and for a binary input only
    /// when [`LoadOptions::binary`] is set.
    pub fn should_scan(&self, opts: LoadOptions) -> bool {
        !self.binary || opts.binary
    }
}

/// Load one input for scanning.
///
/// A regular file is memory-mapped when `opts.mmap` is set and it is not empty; stdin, pipes,
/// devices, empty files, files that fail to map, and every file when `opts.mmap` is `false` are
/// read into an owned buffer instead (the bytes are the same either way). The result is then
/// decoded from UTF-16 when it starts with a UTF-16 byte order mark (see [`Encoding`]) and
/// checked for binary content (see [`is_binary`]). `opts.binary` does not change what is
/// loaded; see [`Loaded::should_scan`].
///
/// # Errors
///
/// [`InputError::Open`] when the file cannot be opened, [`InputError::Read`] when reading it
/// fails. A failed memory map is not an error: the file is read instead.
pub fn load(input: &InputPath, opts: LoadOptions) -> Result<Loaded, InputError> {
    loaded(map::read_input(input, opts.mmap)?, opts)
}

/// [`load`] of a file already open (by [`open`], which asked its metadata to tell a regular
/// file).
pub(super) fn load_open(
    file: std::fs::File,
    metadata: &std::fs::Metadata,
    path: &std::path::Path,
    opts: LoadOptions,
) -> Result<Loaded, InputError> {
    loaded(
        map::read_open_file(file, Some(metadata), path, opts.mmap)?,
        opts,
    )
}

/// Decoded bytes of one input, told binary or not.
fn loaded(raw: Contents, opts: LoadOptions) -> Result<Loaded, InputError> {
    let (bytes, encoding) = encoding::decode(raw, opts.encoding);
    let binary = is_binary(&bytes);
    Ok(Loaded {
        bytes,
        encoding,
        binary,
    })
}

/// `true` when `bytes` has a NUL byte within its first [`BINARY_PROBE_LEN`] bytes.
///
/// The rule is git's (a NUL byte means binary), with a 64 KiB probe instead of git's 8,000
/// bytes. Apply it after UTF-16 decoding, since UTF-16 text is full of NUL bytes.
pub fn is_binary(bytes: &[u8]) -> bool {
    let probe = &bytes[..bytes.len().min(BINARY_PROBE_LEN)];
    memchr::memchr(0, probe).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[track_caller]
    fn nul_at(index: usize, len: usize) -> Vec<u8> {
        let mut bytes = vec![b'a'; len];
        bytes[index] = 0;
        bytes
    }

    #[test]
    fn empty_input_is_not_binary() {
        assert!(!is_binary(b""));
    }

    #[test]
    fn nul_inside_probe_is_binary() {
        assert!(is_binary(&nul_at(0, 1)));
        assert!(is_binary(&nul_at(
            BINARY_PROBE_LEN - 1,
            BINARY_PROBE_LEN + 10
        )));
    }

    #[test]
    fn nul_just_past_probe_is_not_binary() {
        assert!(!is_binary(&nul_at(BINARY_PROBE_LEN, BINARY_PROBE_LEN + 10)));
    }

    #[test]
    fn binary_input_is_scanned_only_when_asked() {
        let loaded = |binary| Loaded {
            bytes: Contents::Owned(Vec::new()),
            encoding: Encoding::Bytes,
            binary,
        };
        let skip = LoadOptions::default();
        let scan = LoadOptions {
            binary: true,
            ..skip
        };
        assert!(loaded(false).should_scan(skip));
        assert!(!loaded(true).should_scan(skip));
        assert!(loaded(true).should_scan(scan));
    }
}
