//! Materials as users type them ([`Material::parse_loose`]) and in English words
//! ([`Material::words`]).

use shakmaty::{Color, Role};

use super::{Material, ParseMaterialError, ROLES};

impl Material {
    /// Reads a material as a user types it: either style of [`Material`]'s `FromStr`, in
    /// any case, with or without spaces around the `v`, `S` for a knight: `KRBvKNN`,
    /// `KRB v KNN`, `krbvknn`, `wR wB v bN bN`, `wr wb v bn bn`. Text whose every token (but
    /// `v`) is a colour and a man (`wR`, `bn`) is read in the human style, else in the
    /// endgame-table style.
    ///
    /// # Errors
    /// [`ParseMaterialError`] of the style the text was read in; byte offsets are into the
    /// text with white space around the `v` taken out, for the table style.
    pub fn parse_loose(text: &str) -> Result<Material, ParseMaterialError> {
        let knight = |c: char| match c {
            'S' | 's' => 'N',
            c => c.to_ascii_uppercase(),
        };
        let tokens: Vec<&str> = text.split_whitespace().collect();
        let human = tokens.len() > 1
            && tokens.iter().all(|t| {
                t.eq_ignore_ascii_case("v")
                    || (t.len() == 2 && matches!(t.as_bytes()[0], b'w' | b'W' | b'b' | b'B'))
            });
        if human {
            let normal: Vec<String> = tokens
                .iter()
                .map(|t| {
                    if t.eq_ignore_ascii_case("v") {
                        "v".to_string()
                    } else {
                        let mut c = t.chars();
                        let color = c.next().unwrap_or('w').to_ascii_lowercase();
                        format!("{color}{}", c.next().map(knight).unwrap_or('?'))
                    }
                })
                .collect();
            return Material::parse_human(&normal.join(" "));
        }
        let table: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| if c == 'v' || c == 'V' { 'v' } else { knight(c) })
            .collect();
        Material::parse_table(&table)
    }

    /// The material in English words, white's side first: `rook and bishop against two
    /// knights`; a side with nothing but its king is `bare king`.
    pub fn words(&self) -> String {
        const NUMBERS: [&str; 9] = [
            "", "", "two", "three", "four", "five", "six", "seven", "eight",
        ];
        let side = |color: Color| {
            let counts = self.0.get(color);
            let men: Vec<String> = ROLES[1..]
                .iter()
                .filter_map(|r| {
                    let n = usize::from(*counts.get(*r));
                    let name = match r {
                        Role::Queen => "queen",
                        Role::Rook => "rook",
                        Role::Bishop => "bishop",
                        Role::Knight => "knight",
                        Role::Pawn => "pawn",
                        Role::King => "king",
                    };
                    match n {
                        0 => None,
                        1 => Some(name.to_string()),
                        n => Some(format!(
                            "{} {name}s",
                            NUMBERS.get(n).copied().unwrap_or("many")
                        )),
                    }
                })
                .collect();
            match men.as_slice() {
                [] => "bare king".to_string(),
                [one] => one.clone(),
                [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
            }
        };
        format!("{} against {}", side(Color::White), side(Color::Black))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::Code;

    #[track_caller]
    fn of(code: &str) -> Material {
        code.parse::<Code>().unwrap().material().unwrap()
    }

    #[test]
    fn loose_reading_takes_every_way_users_type_a_material() {
        for text in [
            "KRBvKNN",
            "KRB v KNN",
            "krbvknn",
            "KRB V KNN",
            "wR wB v bN bN",
            "wr wb v bn bn",
            "RB v SS",
            "wR wB v bS bS",
        ] {
            assert_eq!(
                Material::parse_loose(text).unwrap(),
                of("0116.00"),
                "{text}"
            );
        }
        assert_eq!(
            Material::parse_loose("KRX v K").unwrap_err().to_string(),
            "expected a man (K Q R B N P, or wK.. bP) at byte 2, found \"X\""
        );
    }

    #[test]
    fn words_count_each_side() {
        assert_eq!(of("0116.00").words(), "rook and bishop against two knights");
        assert_eq!(of("0000.10").words(), "pawn against bare king");
        assert_eq!(
            of("4888.88").words(),
            "queen, two rooks, two bishops, two knights and eight pawns against queen, two \
             rooks, two bishops, two knights and eight pawns"
        );
    }
}
