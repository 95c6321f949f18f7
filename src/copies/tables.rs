//! The Syzygy tables as a copy of a caption's result (docs/check.md, "The tables"): the
//! position the caption's copies give, probed for the side to move its stipulation names, and
//! the tables' verdict compared with the result it asks for.

use shakmaty::Board;

use super::{Caption, Cited, Diagnostic, DiagnosticCheck, Make};
use crate::check::Severity;
use crate::parse::Parsed;
use crate::stipulation::{Outcome, Stipulation};
use crate::tablebase::{Probe, TablebaseResult, Tables, Verdict};

/// How a diagnostic cites the tables as the copy that decided it.
pub(crate) const THE_TABLES: &str = "the tables";

/// What the tables said of the captions of a check: the summary's counts.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct TableCounts {
    /// Positions probed: every square known, a result asked for (`+`, `=`, `-+`, `-=`, a
    /// PGN game's result), few enough men, legal.
    pub probed: u64,
    /// Probed positions whose verdict is the result asked for.
    pub confirmed: u64,
    /// Probed positions whose verdict is another result (a `tablebase` warning each).
    pub contradicted: u64,
    /// Positions with more men than the tables hold, or a table missing (named on stderr).
    pub out_of_reach: u64,
    /// Positions no legal game reaches (the `legality` and `board` checks say why).
    pub illegal: u64,
    /// Positions whose table failed (corrupt: named on stderr).
    pub failed: u64,
}

impl TableCounts {
    /// Adds `other`'s counts.
    pub fn add(&mut self, other: &TableCounts) {
        self.probed += other.probed;
        self.confirmed += other.confirmed;
        self.contradicted += other.contradicted;
        self.out_of_reach += other.out_of_reach;
        self.illegal += other.illegal;
        self.failed += other.failed;
    }
}

/// The position a caption's result is probed on, and the name messages give it: its board
/// copy (the diagram or the FEN, taken to be right where it disagrees with the caption:
/// gbr-notation.md §7), else the board its kings and squares give.
fn position(caption: &Caption) -> Option<(Board, &str)> {
    match caption.board.as_deref() {
        Some((board, name, _)) => Some((board.clone(), name.as_str())),
        None => Some((caption.parsed.position.board()?, "the caption")),
    }
}

/// True when `verdict` is the result `outcome` asks for: `+` a win for White, `=` a draw.
fn agrees(verdict: &Verdict, outcome: Outcome) -> bool {
    matches!(
        (outcome, verdict.result),
        (Outcome::Win, TablebaseResult::Win) | (Outcome::Draw, TablebaseResult::Draw)
    )
}

/// What a stipulation asks for, in words: `White wins`, `White draws (Black to move)`.
fn asked(stipulation: Stipulation) -> String {
    let result = match stipulation.outcome {
        Some(Outcome::Win) => "White wins",
        _ => "White draws",
    };
    if stipulation.to_move.is_black() {
        format!("{result} (Black to move)")
    } else {
        result.to_string()
    }
}

/// The verdict in words: `a win for White (DTZ 11)`, `a draw`.
fn said(verdict: &Verdict) -> String {
    let mut out = verdict.result.words().to_string();
    if let Some(dtz) = verdict.dtz {
        out.push_str(&format!(" (DTZ {dtz}"));
        if verdict.cursed {
            out.push_str(", past the 50-move rule");
        }
        out.push(')');
    }
    out
}

/// Whether the tables agree with the result `parsed` asks for on the board its kings and
/// squares give: `None` where it gives no board, asks for no result, or the tables give no
/// verdict. How candidate fixes are ranked.
pub(crate) fn judge(tables: &Tables, parsed: &Parsed) -> Option<bool> {
    judged(tables, parsed).map(|(agreed, _)| agreed)
}

/// [`judge`], with the verdict in words (`a draw`, `a win for White (DTZ 1)`).
pub(crate) fn judged(tables: &Tables, parsed: &Parsed) -> Option<(bool, String)> {
    let stipulation = parsed.position.stipulation?;
    let outcome = stipulation.outcome?;
    let board = parsed.position.board()?;
    match tables.probe(&board, stipulation.to_move) {
        Probe::Verdict(v) => Some((agrees(&v, outcome), said(&v))),
        _ => None,
    }
}

/// The tables of a check, with the verdict on every caption's position probed ahead, on every
/// thread (a probe costs microseconds, and a check of a collection of few men makes one per
/// study: docs/performance.md, "The tables").
pub(crate) struct Judge<'t> {
    /// The tables.
    pub(crate) tables: &'t Tables,
    /// For each caption, by index: the probe of its position, where it asks for a result and
    /// gives a whole position ([`position`]); its DTZ left out.
    probes: Vec<Option<Probe>>,
}

impl<'t> Judge<'t> {
    /// Probes the position of each of `captions` in `tables`, in parallel.
    pub(crate) fn new(tables: &'t Tables, captions: &[Caption]) -> Judge<'t> {
        use rayon::prelude::*;
        let probes = captions
            .par_iter()
            .map(|caption| {
                let stipulation = caption.parsed.position.stipulation?;
                stipulation.outcome?;
                let (board, _) = position(caption)?;
                Some(tables.probe_result(&board, stipulation.to_move))
            })
            .collect();
        Judge { tables, probes }
    }
}

/// The tables' word on caption `n`: counted in `counts`, and a `tablebase` warning where their
/// verdict is another result than the one asked for. Nothing for a caption that asks for no
/// result or gives no whole position.
pub(crate) fn compare(
    judge: &Judge<'_>,
    n: usize,
    caption: &Caption,
    make: &Make<'_>,
    counts: &mut TableCounts,
) -> Option<Diagnostic> {
    let parsed = &caption.parsed;
    let stipulation = parsed.position.stipulation?;
    let (board, name) = position(caption)?;
    let probe = judge.probes.get(n)?.as_ref()?;
    let of = if name == "the caption" {
        String::new()
    } else {
        format!(" for the position of {name}")
    };
    let (message, cited) = contradiction(
        judge.tables,
        (&board, stipulation),
        probe,
        (&of, "the caption"),
        counts,
    )?;
    let span = parsed
        .parts
        .word
        .clone()
        .or_else(|| parsed.parts.sign.clone())
        .unwrap_or_else(|| parsed.parts.code.clone());
    let mut diag = make(span, DiagnosticCheck::Tablebase, Severity::Warning, message);
    diag.copies.push(cited);
    Some(diag)
}

/// The tables' word on a record of study data (docs/check.md, "Study data"), whose FEN gives
/// its whole position: counted in `counts`, and the message and the table cited where their
/// verdict is another result than its stipulation asks for.
pub(crate) fn compare_record(
    tables: &Tables,
    record: &crate::record::Record,
    counts: &mut TableCounts,
) -> Option<(String, Cited)> {
    let stipulation = record.stipulation?;
    stipulation.outcome?;
    let board = record.fen.as_ref()?;
    let probe = tables.probe_result(board, stipulation.to_move);
    contradiction(
        tables,
        (board, stipulation),
        &probe,
        (" for its FEN", "the record"),
        counts,
    )
}

/// What the tables' `probe` of `board` says of `stipulation`'s result, counted in `counts`:
/// the message (`the tables give a draw{of} where {whose} says White wins`) and the table
/// cited, where it is another result; `None` where it is that result or no verdict.
fn contradiction(
    tables: &Tables,
    (board, stipulation): (&Board, Stipulation),
    probe: &Probe,
    (of, whose): (&str, &str),
    counts: &mut TableCounts,
) -> Option<(String, Cited)> {
    let outcome = stipulation.outcome?;
    let verdict = match probe {
        Probe::Verdict(v) => *v,
        Probe::OutOfReach | Probe::Failed(crate::tablebase::TableError::Missing { .. }) => {
            counts.out_of_reach += 1;
            return None;
        }
        Probe::Illegal(_) => {
            counts.illegal += 1;
            return None;
        }
        Probe::Failed(_) => {
            counts.failed += 1;
            return None;
        }
    };
    counts.probed += 1;
    if agrees(&verdict, outcome) {
        counts.confirmed += 1;
        return None;
    }
    counts.contradicted += 1;
    // The distance, for the message: probed again, now that it is needed.
    let verdict = match tables.probe(board, stipulation.to_move) {
        Probe::Verdict(v) => v,
        _ => verdict,
    };
    let message = format!(
        "the tables give {}{of} where {whose} says {}",
        said(&verdict),
        asked(stipulation)
    );
    let side = if stipulation.to_move.is_white() {
        "White"
    } else {
        "Black"
    };
    let cited = Cited {
        place: tables
            .table_of(board)
            .map_or_else(|| THE_TABLES.to_string(), |p| p.display().to_string()),
        says: format!("{} with {side} to move", said(&verdict)),
    };
    Some((message, cited))
}

/// Ranks candidate `fixes` of the caption `parsed` (read from `text`) by the tables: those
/// whose corrected caption the tables agree with first, in their order, then those without a
/// verdict, then those the tables contradict. Where exactly one candidate is agreed with and
/// every other contradicted, only it is kept, and the tables are returned as the copy that
/// decided it; `None` otherwise (the order may still have changed).
pub(crate) fn rank(
    tables: &Tables,
    text: &[u8],
    parsed: &Parsed,
    fixes: &mut Vec<crate::check::Fix>,
) -> Option<Cited> {
    let judged: Vec<Option<bool>> = fixes
        .iter()
        .map(|f| {
            let again = super::verify::reread(text, parsed, std::slice::from_ref(f))?;
            judge(tables, &again)
        })
        .collect();
    let mut order: Vec<usize> = (0..fixes.len()).collect();
    order.sort_by_key(|&i| match judged[i] {
        Some(true) => 0,
        None => 1,
        Some(false) => 2,
    });
    let agreed: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&i| judged[i] == Some(true))
        .collect();
    let contradicted = judged.iter().filter(|j| **j == Some(false)).count();
    let mut ranked: Vec<crate::check::Fix> = order.iter().map(|&i| fixes[i].clone()).collect();
    let decided = agreed.len() == 1 && contradicted == fixes.len() - 1;
    if decided {
        ranked.truncate(1);
    }
    *fixes = ranked;
    decided.then(|| Cited {
        place: THE_TABLES.to_string(),
        says: format!(
            "agree with {} {} alone",
            fixes[0].part.name(),
            fixes[0].replacement
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::Fix;
    use crate::position::Part;

    /// The shared tables (3 and 4 men), or `None` (the test says "skipped").
    fn shared() -> Option<Tables> {
        let dir =
            std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/tablebase"));
        if !dir.join("KPvK.rtbw").exists() {
            eprintln!("skipped: no tables in {}", dir.display());
            return None;
        }
        Some(Tables::open(&[dir]).expect("the tables").tables)
    }

    fn squares(text: &str, to: &str) -> Fix {
        let at = text.find(".e5").expect("the squares");
        Fix {
            part: Part::Squares,
            span: at..at + 3,
            replacement: to.to_string(),
        }
    }

    #[test]
    fn candidates_the_tables_agree_with_rank_first_and_one_alone_decides() {
        let Some(tables) = shared() else { return };
        let text = "f6h8 0000.10 .e5 2/1=.";
        let parsed = crate::parse::parse_at(text.as_bytes(), 5).expect("a caption");
        // A draw is asked for: the h-pawn draws, the g- and d-pawns win.
        let mut fixes = vec![squares(text, ".g5"), squares(text, ".h5")];
        let cited = rank(&tables, text.as_bytes(), &parsed, &mut fixes).expect("decided");
        assert_eq!(fixes, vec![squares(text, ".h5")]);
        assert_eq!(cited.place, THE_TABLES);
        // Two the tables agree with: ranked, both kept, nothing decided.
        let mut fixes = vec![
            squares(text, ".g5"),
            squares(text, ".h5"),
            squares(text, ".h4"),
        ];
        assert!(rank(&tables, text.as_bytes(), &parsed, &mut fixes).is_none());
        let order: Vec<&str> = fixes.iter().map(|f| f.replacement.as_str()).collect();
        assert_eq!(order, [".h5", ".h4", ".g5"]);
    }
}
