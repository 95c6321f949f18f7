//! The readable block of `gbr decode`: one `label: value` line per part of the position, the
//! checks one line each, the verdict and the proposed fixes.
//!
//! ```text
//! code:        0116.00
//! material:    wR wB v bN bN (KRBvKNN)
//! checks:
//!   digits       ok
//!   squares      not checked (no squares given)
//! verdict:     valid
//! ```
//!
//! The verdict is `invalid` when a check found an error, `valid` when none did and the text
//! repeats the material (W/B or squares beside the code), and `unchecked` when nothing repeats
//! it (a bare code, or a code with kings only): no check could see a wrong digit.

use gbrscan::check::Kind;
use gbrscan::code::plural_name;
use gbrscan::position::Decoded;
use gbrscan::stipulation::Outcome;
use gbrscan::{Check, Finding, Parsed, Severity, applicable};
use shakmaty::{Color, Square};

/// The readable block: one `label: value` line per part, the checks, the verdict and fixes.
pub fn block(text: &str, parsed: &Parsed, findings: &[Finding]) -> String {
    let p = &parsed.position;
    let board = p.board();
    let mut out = String::new();
    let mut line = |label: &str, value: String| {
        out.push_str(&format!("{:<13}{value}\n", format!("{label}:")));
    };
    line("text", shown(text));
    line(
        "form",
        format!("{} (rank: {})", parsed.form.name(), parsed.rank().name()),
    );
    line("canonical", p.to_string());
    line("code", p.code.to_string());
    line("material", material(&p.decoded()));
    let code_men = p.code.material().map(|m| gbrscan::MenCount::of(&m));
    line(
        "men",
        match (p.men, code_men) {
            (Some(text), Some(code)) => format!("{text} (the code gives {code})"),
            (Some(text), None) => format!("{text} (the code has a digit 9)"),
            (None, Some(code)) => format!("not given (the code gives {code})"),
            (None, None) => "not given".to_string(),
        },
    );
    line(
        "kings",
        p.kings.map_or("not given".to_string(), |k| {
            format!("wK {}, bK {}", k.white, k.black)
        }),
    );
    let squares = p.squares.as_ref();
    line("pieces", men(squares.map(|s| &s.pieces[..]), &board));
    line("pawns", men(squares.map(|s| &s.pawns[..]), &board));
    line(
        "stipulation",
        p.stipulation.map_or("not given".to_string(), |s| {
            let outcome = match s.outcome {
                Some(Outcome::Win) => "White wins",
                Some(Outcome::Draw) => "White draws",
                None => "result not given",
            };
            format!("{s} ({} to move, {outcome})", side(s.to_move))
        }),
    );
    line(
        "FEN board",
        p.fen_board()
            .unwrap_or_else(|| "unknown (needs the kings and every square)".to_string()),
    );
    if let Some(fen) = p.fen() {
        line("FEN", fen);
    }
    out.push_str("checks:\n");
    out.push_str(&verdict(text, parsed, findings));
    out
}

/// The lines after `checks:`: each check's, the verdict, and each fix applied to `text`.
fn verdict(text: &str, parsed: &Parsed, findings: &[Finding]) -> String {
    let mut out = String::new();
    let run = applicable(parsed);
    for c in Check::ALL {
        out.push_str(&check_lines(c, run.contains(&c), parsed, findings));
    }
    let valid = !findings.iter().any(|f| f.severity() == Severity::Error);
    let verdict = match gbrscan::record::Status::of(valid, parsed.rank()) {
        gbrscan::record::Status::Invalid => "invalid",
        gbrscan::record::Status::Unchecked => {
            "unchecked (no error, but nothing beside the code repeats its material: no W/B, \
             squares or FEN)"
        }
        gbrscan::record::Status::Ok => "valid",
    };
    out.push_str(&format!("verdict:     {verdict}\n"));
    for fix in findings.iter().filter_map(|f| f.fix.as_ref()) {
        let fixed = text.get(..fix.span.start).zip(text.get(fix.span.end..));
        if let Some((before, after)) = fixed {
            out.push_str(&format!(
                "fix:         {} ({} {} -> {})\n",
                shown(&format!("{before}{}{after}", fix.replacement)),
                fix.part.name(),
                shown(&text[fix.span.clone()]),
                fix.replacement
            ));
        }
    }
    out
}

/// The lines of one check: `ok`, each finding, or why it was not checked.
fn check_lines(c: Check, ran: bool, parsed: &Parsed, findings: &[Finding]) -> String {
    let own: Vec<&Finding> = findings.iter().filter(|f| f.check() == c).collect();
    let status = if let Some((first, rest)) = own.split_first() {
        let mut status = format!("{}: {first}", first.severity().name());
        for f in rest {
            status.push_str(&format!("\n{:15}{}: {f}", "", f.severity().name()));
        }
        status
    } else if !ran {
        format!("not checked ({})", why_not(c, parsed))
    } else if c == Check::Legality && !board_sane(findings) {
        "not checked (the board check failed)".to_string()
    } else {
        "ok".to_string()
    };
    format!("  {:<13}{status}\n", c.name())
}

/// False when the board check found men on one square or touching kings, which stop the
/// legality check (gbr-notation.md §3 rule 5).
fn board_sane(findings: &[Finding]) -> bool {
    !findings
        .iter()
        .any(|f| matches!(f.kind, Kind::SameSquare { .. } | Kind::KingsTouch { .. }))
}

/// Why a check the text does not give enough for was not run.
fn why_not(c: Check, parsed: &Parsed) -> &'static str {
    let p = &parsed.position;
    match c {
        Check::Squares => "no squares given",
        Check::MenCount => "no W/B given",
        Check::MenSquares if p.squares.is_none() && p.men.is_none() => "no squares or W/B given",
        Check::MenSquares if p.squares.is_none() => "no squares given",
        Check::MenSquares => "no W/B given",
        Check::Legality if p.board().is_none() && p.stipulation.is_none() => {
            "needs every man's square and the side to move"
        }
        Check::Legality if p.board().is_none() => "needs every man's square",
        Check::Legality => "no side to move given",
        Check::Nine => "no digit 9",
        Check::Stipulation => "needs a sign before the code and a stipulation after it",
        Check::Fen => "only for a code beside a FEN, in PGN input",
        Check::Table => "only for a code of a table exported as column runs",
        Check::Digits | Check::Board => "not applicable",
    }
}

/// The material in both styles: `wR wB v bN bN (KRBvKNN)`.
fn material(decoded: &Decoded) -> String {
    match decoded {
        Decoded::Exact(m) => format!("{} ({m})", m.human()),
        Decoded::FromMenCount { material: m, role } => format!(
            "{} ({m}; the 9 for {} split by W/B)",
            m.human(),
            plural_name(*role)
        ),
        Decoded::Unknown { roles } => {
            let names: Vec<&str> = roles.iter().map(|r| plural_name(*r)).collect();
            format!(
                "unknown (digit 9 for {}: the split is not known)",
                names.join(" and ")
            )
        }
    }
}

/// Squares with the man on each (`wR b2, wB b3`), as far as the board is known.
fn men(squares: Option<&[Square]>, board: &Option<shakmaty::Board>) -> String {
    let Some(squares) = squares else {
        return "not given".to_string();
    };
    if squares.is_empty() {
        return "none".to_string();
    }
    let named: Option<Vec<String>> = squares
        .iter()
        .map(|sq| {
            let piece = board.as_ref()?.piece_at(*sq)?;
            let color = if piece.color.is_white() { 'w' } else { 'b' };
            Some(format!("{color}{} {sq}", piece.role.upper_char()))
        })
        .collect();
    named.map_or_else(
        || {
            let plain: Vec<String> = squares.iter().map(ToString::to_string).collect();
            format!(
                "{} (men unknown: the squares do not fit the material)",
                plain.join(", ")
            )
        },
        |named| named.join(", "),
    )
}

fn side(color: Color) -> &'static str {
    if color.is_white() { "White" } else { "Black" }
}

/// The text on one line: line breaks and tabs shown as `\n`, `\r`, `\t`.
fn shown(text: &str) -> String {
    text.replace('\n', "\\n")
        .replace('\r', "\\r")
        .replace('\t', "\\t")
}
