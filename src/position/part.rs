//! The parts of a written position (GBR.md §2), as checks, fixes and OCR's readings name them.

/// A part of a written position.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Part {
    /// The `dddd.dd`.
    Code,
    /// The king squares.
    Kings,
    /// The piece and pawn squares.
    Squares,
    /// W/B, written `wb` (as the rank of a code with W/B); `men-count`, its name in
    /// directories written before, is read as well.
    #[serde(rename = "wb", alias = "men-count")]
    MenCount,
    /// Sign or stipulation word.
    Stipulation,
    /// The FEN the position was read from (PGN input).
    Fen,
}

impl Part {
    /// The part's name in messages (`code`, `W/B`, ...).
    pub fn name(self) -> &'static str {
        match self {
            Part::Code => "code",
            Part::Kings => "kings",
            Part::Squares => "squares",
            Part::MenCount => "W/B",
            Part::Stipulation => "stipulation",
            Part::Fen => "FEN",
        }
    }
}
