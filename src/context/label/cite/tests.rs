use super::*;
use crate::context::label::LabelRules;

/// The citation of the code that starts at the first `dddd.dd` token after `marker`.
fn cite_of(text: &str, marker: &str) -> Option<Citation> {
    let buf = text.as_bytes();
    let from = text.find(marker).expect("the marker");
    let dot = (from..buf.len())
        .find(|&i| i >= 4 && crate::finder::is_token(buf, i - 4) && buf[i] == b'.')
        .expect("a code after the marker");
    let code_start = memrchr(b'\n', &buf[..dot]).map_or(0, |i| i + 1);
    let code_start = code_start
        + buf[code_start..]
            .iter()
            .take_while(|b| !b.is_ascii_alphanumeric())
            .count();
    let label = LabelRules::builtin().find(buf, 0, code_start);
    read(
        buf,
        code_start,
        label.as_ref(),
        Pages::new().head_of(buf, dot - 4),
    )
    .map(|(c, _)| c)
}

#[test]
fn an_eg_number_line_gives_the_composers_and_the_line_under_it_the_honour() {
    let text =
        "No 18602  A. Jones & B. Brown (Utopia)\n2nd/3rd prize\na7d3 0116.00 b2b3c6d6 3/3 Win.\n";
    let cite = cite_of(text, "No 18602").expect("a citation");
    assert_eq!(cite.number.as_deref(), Some("18602"));
    assert_eq!(cite.composers, ["A. Jones", "B. Brown"]);
    assert_eq!(cite.honour.as_deref(), Some("2nd/3rd prize"));
}

#[test]
fn probleemblads_numbers_name_the_composer() {
    let text = "E324  Anna Maker\n\n+\nc3e5 0130.22 4/4 Win.\n";
    let cite = cite_of(text, "E324").expect("a citation");
    assert_eq!(cite.number.as_deref(), Some("E324"));
    assert_eq!(cite.composers, ["Anna Maker"]);
    // The code on the number's line, bracketed: the record starts at the bracket.
    let buf = b"E312 Maker (+0031.10a1h8h1f4a7)  1.Kb2 wins.\n";
    let at = 11;
    let label = LabelRules::builtin().find(buf, 0, at);
    let (cite, _) = read(buf, at, label.as_ref(), PageHead::NoHeads).expect("a citation");
    assert_eq!(cite.number.as_deref(), Some("E312"));
    assert_eq!(cite.composers, ["Maker"]);
}

#[test]
fn a_stipulation_or_a_note_after_the_number_names_no_composer() {
    for (head, number) in [
        ("No 12 White to play and win", "12"),
        ("No 13 Black to move, draw", "13"),
        ("No. 14 (correction)", "14"),
    ] {
        let text = format!("{head}\na7d3 0103.00 b2c6 2/2\n");
        let cite = cite_of(&text, head).expect("a citation");
        assert_eq!(cite.number.as_deref(), Some(number), "{head}");
        assert!(cite.composers.is_empty(), "{head}: {:?}", cite.composers);
    }
}

/// The award heading the award reader gives the code on the line that holds `0116.00` in
/// `text`: the offset of its line, its source and year.
#[track_caller]
fn award_above(text: &str) -> Option<(usize, String, Option<u16>)> {
    let buf = text.as_bytes();
    let code = text.find("0116.00").expect("a code");
    Awards::new(buf, 0)
        .above(buf, code)
        .map(|(at, c)| (at, c.source.unwrap_or_default().to_string(), c.year))
}

#[test]
fn the_award_reader_reads_a_heading_after_the_last_form_feed_of_its_line() {
    // Two form feeds before the heading on its line: the page after the last one.
    assert_eq!(
        award_above("Prose.\n\n\x0c\x0cOlympic Cup 2013\n\nc3e5 0116.00 Win.\n"),
        Some((8, "Olympic Cup".into(), Some(2013)))
    );
    // A new page ends the lines under a study number: its first line may be a heading.
    let under_number = "No 18601\nby A. Maker\n\nSmith-60 JT 2012\n\nc3e5 0116.00 Win.\n";
    assert_eq!(award_above(under_number), None);
    let new_page = under_number.replace("\n\nSmith", "\n\x0cSmith");
    assert_eq!(
        award_above(&new_page),
        Some((21, "Smith-60 JT".into(), Some(2012)))
    );
}

#[test]
fn an_awards_title_of_two_lines_is_one_page_and_starts_after_a_blank_line() {
    let title = "Prose.\n\nProvisional Award\nZorin-90 MT\n\nc3e5 0116.00 Win.\n";
    assert_eq!(award_above(title), Some((26, "Zorin-90 MT".into(), None)));
    // A page break between the title's lines, or no blank line before its first: no heading.
    assert_eq!(award_above(&title.replace("Award\n", "Award\n\x0c")), None);
    assert_eq!(award_above(&title.replace("\n\nProv", "\nProv")), None);
}
