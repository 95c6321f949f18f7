//! A caption against a board copy of its position: a diagram (gbr-notation.md §7) or a FEN near the
//! caption. The board is the only full copy of the squares, so where caption and board
//! disagree the caption is taken to be wrong and the board says how to fix it.

use shakmaty::{Board, Color, Role};

use crate::check::Fix;
use crate::code::{Code, PIECE_ROLES, plural_name};
use crate::diagram::board_position;
use crate::material::Material;
use crate::parse::Parsed;
use crate::position::Part;
use crate::position::{Kings, MenCount};

/// One disagreement between a caption's part and the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Disagreement {
    /// The caption's part at fault.
    pub part: Part,
    /// Expected (the board) against found (the caption), in words, the board named by
    /// `board` (`the diagram above`).
    pub message: String,
    /// What the board says, in words, for the citation.
    pub says: String,
    /// The part as the board gives it.
    pub fix: Fix,
}

fn singular(role: Role) -> &'static str {
    plural_name(role).trim_end_matches('s')
}

fn men_word(n: u8, color: Color, role: Role) -> String {
    let name = plural_name(role);
    match n {
        0 => format!("no {color} {name}"),
        1 => format!("1 {color} {}", singular(role)),
        _ => format!("{n} {color} {name}"),
    }
}

/// The caption's parts that disagree with `board`, the board named `name` in messages
/// (`the diagram above`). Parts the caption does not give are not compared.
pub fn compare(parsed: &Parsed, board: &Board, name: &str) -> Vec<Disagreement> {
    let Some((kings, squares)) = board_position(board) else {
        return Vec::new();
    };
    let material = Material::of_board(board);
    let p = &parsed.position;
    let parts = &parsed.parts;
    let mut out = Vec::new();
    if let Ok(code) = Code::from_material(&material)
        && code != p.code
    {
        out.push(code_disagreement(parsed, &material, code, name));
    }
    if let (Some(k), Some(span)) = (p.kings, parts.kings.clone())
        && k != kings
    {
        out.push(Disagreement {
            part: Part::Kings,
            message: kings_message(k, kings, name),
            says: format!("{name} has the kings on {kings}"),
            fix: Fix {
                part: Part::Kings,
                span,
                replacement: kings.to_string(),
            },
        });
    }
    if let (Some(s), Some(span)) = (&p.squares, parts.squares.clone()) {
        let mut printed: Vec<_> = s.all().collect();
        let mut actual: Vec<_> = squares.all().collect();
        printed.sort();
        actual.sort();
        if printed != actual {
            out.push(Disagreement {
                part: Part::Squares,
                message: format!("squares {s}: {name} has the men on {squares}"),
                says: format!("{name} has the men on {squares}"),
                fix: Fix {
                    part: Part::Squares,
                    span,
                    replacement: squares.to_string(),
                },
            });
        }
    }
    let men = MenCount::of(&material);
    if let (Some(m), Some(span)) = (p.men, parts.men.clone())
        && m != men
    {
        let said: Vec<String> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&color| m.get(color) != men.get(color))
            .map(|color| format!("{} {color} men", men.get(color)))
            .collect();
        out.push(Disagreement {
            part: Part::MenCount,
            message: format!("W/B is {m}: {name} has {men} ({})", said.join(", ")),
            says: format!("{name} has {men} men"),
            fix: Fix {
                part: Part::MenCount,
                span,
                replacement: men.to_string(),
            },
        });
    }
    out
}

/// The caption's code against `code`, the code of the board's `material` (its men by side
/// and role): each digit that counts otherwise, in words.
fn code_disagreement(parsed: &Parsed, material: &Material, code: Code, name: &str) -> Disagreement {
    let counts = material.counts();
    let p = &parsed.position;
    let mut said = Vec::new();
    let digits = p.code.digits();
    for (i, role) in PIECE_ROLES.into_iter().enumerate() {
        let (w, b) = (*counts.white.get(role), *counts.black.get(role));
        let printed = digits[i];
        if printed.value() == code.digits()[i].value() {
            continue;
        }
        let found = match printed.counts() {
            Some((pw, pb)) => format!(
                "{} and {}",
                men_word(pw, Color::White, role),
                men_word(pb, Color::Black, role)
            ),
            None => "three or more of a side".to_string(),
        };
        said.push(format!(
            "the {} digit {printed} counts {found}; {name} has {} and {} (digit {})",
            singular(role),
            men_word(w, Color::White, role),
            men_word(b, Color::Black, role),
            code.digits()[i]
        ));
    }
    for color in [Color::White, Color::Black] {
        let printed = p.code.pawns(color);
        let n = *counts.get(color).get(Role::Pawn);
        if printed != n {
            said.push(format!(
                "the {color} pawn digit is {printed}; {name} says {}",
                men_word(n, color, Role::Pawn)
            ));
        }
    }
    Disagreement {
        part: Part::Code,
        message: format!("code {} against {name}: {}", p.code, said.join("; ")),
        says: format!("{name} says {}", material.human()),
        fix: Fix {
            part: Part::Code,
            span: parsed.parts.code.clone(),
            replacement: code.to_string(),
        },
    }
}

/// Kings `k` printed against the board's `kings`: swapped, both wrong, or one.
fn kings_message(k: Kings, kings: Kings, name: &str) -> String {
    if k.white == kings.black && k.black == kings.white {
        format!(
            "kings swapped: {name} has the white king on {} and the black king on {}",
            kings.white, kings.black
        )
    } else if k.white != kings.white && k.black != kings.black {
        format!("kings {k}: {name} has them on {kings}")
    } else if k.white != kings.white {
        format!(
            "white king on {}: {name} has it on {}",
            k.white, kings.white
        )
    } else {
        format!(
            "black king on {}: {name} has it on {}",
            k.black, kings.black
        )
    }
}
