//! The format of `gbr index`'s output: the one asked for, or the one its file's extension names.

use std::path::Path;

use gbrscan::render::Format;

/// The format asked for, else the one the output file's extension names, else `fallback`
/// when the output has no extension (or is standard output).
///
/// # Errors
/// When the output's extension names no format: the message lists the extensions known, so
/// that `-o index.pdf` never quietly writes text.
pub fn choose_format(
    asked: Option<Format>,
    output: Option<&Path>,
    fallback: Format,
) -> anyhow::Result<Format> {
    if let Some(asked) = asked {
        return Ok(asked);
    }
    let Some(path) = output else {
        return Ok(fallback);
    };
    if path.extension().is_none() {
        return Ok(fallback);
    }
    Format::from_extension(path).ok_or_else(|| {
        let known: Vec<String> = Format::ALL
            .iter()
            .flat_map(|f| {
                f.extensions()
                    .iter()
                    .map(move |e| format!(".{e} ({})", f.name()))
            })
            .collect();
        anyhow::anyhow!(
            "{} has an extension no format has; give --format, or one of: {}",
            gbrscan::source_path::shown(path),
            known.join(", ")
        )
    })
}
