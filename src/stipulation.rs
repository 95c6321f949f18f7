//! Stipulation and side to move (gbr-notation.md §2, "Results and side to move").

use std::fmt;
use std::str::FromStr;

use shakmaty::Color;

/// The result a study asks for, always White's (gbr-notation.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Outcome {
    /// White wins: `+`, `Win`, `win`.
    Win,
    /// White draws: `=`, `Draw`, `draw`.
    Draw,
}

/// What the text says of the result and the side to move.
///
/// `+` and `=` (and the words `Win`, `Draw`) mean White to move; `-+`, `-=`, `BTM` and the
/// Dutch `ZAZ` (zwart aan zet) Black to move; `WTM`/`BTM` alone leave the result unknown.
/// `Ord` is the order of printed indexes (gbr-notation.md §4): wins, then draws, then the rest, White to
/// move before Black within each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stipulation {
    /// The result White aims for; `None` for `WTM`/`BTM`.
    pub outcome: Option<Outcome>,
    /// The side to move.
    pub to_move: Color,
}

/// Where a record's stipulation was read (docs/reading.md): serialised as `beside`,
/// `above`, `heading`.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum StipulationSource {
    /// Written with the code: a sign before it (glued, apart, or with a side to move in
    /// words: `+ ZAZ`), or a sign or words after it (`3/3+`, `Win`, `White wins in 78 moves`),
    /// gbr-notation.md §2, §6.
    Beside,
    /// A sign on a line of its own above the study, gbr-notation.md §6.
    Above,
    /// The heading of a printed directory over the entry, gbr-notation.md §6.
    Heading,
}

impl StipulationSource {
    /// The name the outputs write: `beside`, `above`, `heading`.
    pub fn name(self) -> &'static str {
        match self {
            StipulationSource::Beside => "beside",
            StipulationSource::Above => "above",
            StipulationSource::Heading => "heading",
        }
    }
}

/// Why a text is not a stipulation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a stipulation (+ = -+ -= WTM BTM Win Draw ZAZ), found {found:?}")]
pub struct ParseStipulationError {
    /// The text found.
    pub found: String,
}

impl Stipulation {
    /// `+`: White to move and win.
    pub const WIN: Stipulation = Stipulation::new(Some(Outcome::Win), Color::White);
    /// `=`: White to move and draw.
    pub const DRAW: Stipulation = Stipulation::new(Some(Outcome::Draw), Color::White);

    /// A stipulation with this outcome and side to move.
    pub const fn new(outcome: Option<Outcome>, to_move: Color) -> Stipulation {
        Stipulation { outcome, to_move }
    }

    /// The group of a printed index (gbr-notation.md §4): 0 wins, 1 draws, 2 the rest.
    pub fn group(&self) -> u8 {
        match self.outcome {
            Some(Outcome::Win) => 0,
            Some(Outcome::Draw) => 1,
            None => 2,
        }
    }

    /// The same result with the other side to move: how `ZAZ` or `BTM` beside a sign turns
    /// `+` into `-+`.
    pub fn with_to_move(self, to_move: Color) -> Stipulation {
        Stipulation { to_move, ..self }
    }

    fn key(&self) -> (u8, bool) {
        (self.group(), self.to_move.is_black())
    }

    /// Reads one stipulation token as real text writes it: `+ = -+ -= WTM BTM WAZ ZAZ` and the
    /// words `Win Draw win draw`. Compound forms (`BTM, Win`) are put together by the parser.
    pub(crate) fn from_token(token: &[u8]) -> Option<Stipulation> {
        use Color::{Black, White};
        use Outcome::{Draw, Win};
        let (outcome, to_move) = match token {
            b"+" | b"Win" | b"win" | b"WIN" => (Some(Win), White),
            b"=" | b"Draw" | b"draw" | b"DRAW" => (Some(Draw), White),
            b"-+" => (Some(Win), Black),
            b"-=" => (Some(Draw), Black),
            b"WTM" | b"WAZ" => (None, White),
            b"BTM" | b"ZAZ" => (None, Black),
            _ => return None,
        };
        Some(Stipulation::new(outcome, to_move))
    }

    /// Combines a side-to-move token with a result token, in either order (`BTM, Win`,
    /// `+ ZAZ`): the result of the one that has one, Black to move if either says so.
    pub fn combine(self, other: Stipulation) -> Stipulation {
        let to_move = if self.to_move.is_black() || other.to_move.is_black() {
            Color::Black
        } else {
            Color::White
        };
        Stipulation::new(self.outcome.or(other.outcome), to_move)
    }

    /// The canonical sign of the seed, as `Display` prints it: `+ = -+ -= WTM BTM`.
    pub fn as_str(&self) -> &'static str {
        match (self.outcome, self.to_move) {
            (Some(Outcome::Win), Color::White) => "+",
            (Some(Outcome::Draw), Color::White) => "=",
            (Some(Outcome::Win), Color::Black) => "-+",
            (Some(Outcome::Draw), Color::Black) => "-=",
            (None, Color::White) => "WTM",
            (None, Color::Black) => "BTM",
        }
    }
}

impl PartialOrd for Stipulation {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Stipulation {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for Stipulation {
    /// The canonical sign of the seed: `+ = -+ -= WTM BTM`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Stipulation {
    type Err = ParseStipulationError;

    /// One token, or two joined by a comma or white space (`BTM, Win`, `+ ZAZ`).
    fn from_str(text: &str) -> Result<Stipulation, ParseStipulationError> {
        let err = || ParseStipulationError {
            found: text.to_string(),
        };
        let mut parts = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty());
        let first = parts.next().ok_or_else(err)?;
        let mut stipulation = Stipulation::from_token(first.as_bytes()).ok_or_else(err)?;
        for part in parts {
            stipulation =
                stipulation.combine(Stipulation::from_token(part.as_bytes()).ok_or_else(err)?);
        }
        Ok(stipulation)
    }
}

impl serde::Serialize for Stipulation {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Stipulation {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_form_of_real_text_reads_to_its_canonical_sign() {
        let table = [
            ("+", "+"),
            ("=", "="),
            ("-+", "-+"),
            ("-=", "-="),
            ("WTM", "WTM"),
            ("BTM", "BTM"),
            ("Win", "+"),
            ("win", "+"),
            ("Draw", "="),
            ("draw", "="),
            ("BTM, Win", "-+"),
            ("BTM, Draw", "-="),
            ("+ ZAZ", "-+"),
            ("= ZAZ", "-="),
            ("ZAZ", "BTM"),
        ];
        for (text, canonical) in table {
            assert_eq!(
                text.parse::<Stipulation>().unwrap().to_string(),
                canonical,
                "{text}"
            );
        }
    }

    #[test]
    fn index_order_puts_wins_then_draws_then_the_rest() {
        let mut all: Vec<Stipulation> = ["BTM", "=", "WTM", "-+", "-=", "+"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        all.sort();
        let text: Vec<String> = all.iter().map(ToString::to_string).collect();
        assert_eq!(text, ["+", "-+", "=", "-=", "WTM", "BTM"]);
    }

    #[test]
    fn unknown_words_are_refused_with_the_text() {
        assert_eq!(
            "Mate".parse::<Stipulation>().unwrap_err().to_string(),
            "expected a stipulation (+ = -+ -= WTM BTM Win Draw ZAZ), found \"Mate\""
        );
    }
}
