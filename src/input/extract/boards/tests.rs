use super::*;

fn word(left: usize, top: usize, text: &str) -> Word {
    Word {
        left,
        top,
        width: 60,
        height: 20,
        text: text.to_owned(),
    }
}

fn words(text: &str) -> Vec<Word> {
    text.split_whitespace()
        .enumerate()
        .map(|(i, w)| word(100 + 70 * i, 310, w))
        .collect()
}

const AREA: PixelBox = PixelBox {
    x: 100,
    y: 100,
    width: 200,
    height: 200,
};

#[test]
fn an_offset_moves_past_the_boards_written_before_it() {
    let inserted = [(10, 88), (50, 88)];
    assert_eq!(moved(5, &inserted), 5);
    assert_eq!(
        moved(10, &inserted),
        98,
        "a board written before the line it opens"
    );
    assert_eq!(moved(60, &inserted), 236);
}

#[test]
fn a_boards_caption_is_the_line_under_it_in_its_columns() {
    let lines = vec![
        vec![word(100, 60, "No"), word(170, 60, "19001")],
        vec![word(400, 310, "elsewhere")],
        vec![word(100, 310, "f4b8"), word(170, 310, "0800.11")],
        vec![word(100, 700, "far")],
    ];
    assert_eq!(line_below(&lines, AREA), Some(2));
    assert_eq!(line_above(&lines, AREA), Some(0));
    let taught = teaching("a7d3 0116.00 b2b3c6d6 3/3", false).expect("a caption");
    assert!(taught.board.is_some() && taught.kings.is_some());
    assert!(teaching("Premio Especial", true).is_none());
}

#[test]
fn a_line_of_two_columns_gives_a_board_the_words_in_its_own() {
    let line = vec![
        word(100, 310, "+"),
        word(170, 310, "4001.00"),
        word(600, 310, "prose"),
    ];
    let own = in_columns(&line, AREA);
    assert_eq!(joined(&own), "+ 4001.00");
}

#[test]
fn a_caption_is_found_in_a_text_that_breaks_it_otherwise() {
    let text = "Prose above.\n+\n4001.00   f6c5\nMore prose.\n";
    let found = loose_find(text, &words("+ 4001.00 f6c5")).expect("found once");
    assert_eq!(&text[found.0..found.1], "+\n4001.00   f6c5");
}

#[test]
fn a_caption_apart_from_its_sign_is_found_by_its_code_and_kings() {
    // The sign far from the code, as pdf-extract reads a word processor's caption.
    let text = "+\n1.Pd7+\n2.Da4+\nEn wint.\n\n4001.00 e1b8\nKa8\n";
    let found = loose_find(text, &words("+ 4001.00 e1b8")).expect("found by its code");
    assert_eq!(&text[found.0..found.1], "4001.00 e1b8");
    // Kings before the code, in a text that sets them apart otherwise.
    let text = "f1h1\n0001.04  2/5\n";
    let found = loose_find(text, &words("Win f1h1 0001.04 2/5")).expect("found by its code");
    assert_eq!(&text[found.0..found.1], "0001.04");
}

#[test]
fn a_caption_found_twice_or_inside_a_word_is_not_found() {
    let twice = "Win\n4001.00 e1b8\nWin\n";
    assert_eq!(loose_find(twice, &words("Win")), None);
    assert_eq!(loose_find("Winning.\n", &words("Win")), None);
    assert_eq!(
        loose_find("14001.00 e1b8\n", &words("+ 4001.00 e1b8")),
        None,
        "a code inside a longer number"
    );
}

#[test]
fn a_codes_key_holds_the_kings_glued_after_it() {
    assert_eq!(code_key("+ 4001.00 f6c5").as_deref(), Some("4001.00f6c5"));
    assert_eq!(
        code_key("(+0031.10a1h8h1f4a7)").as_deref(),
        Some("0031.10a1h8")
    );
    assert_eq!(code_key("f1h1 0001.04 2/5 Win").as_deref(), Some("0001.04"));
    assert_eq!(code_key("(8+13)"), None);
    assert_eq!(code_key("14001.00"), None);
}

#[test]
fn boards_go_before_their_lines_and_the_text_keeps_its_bytes() {
    let text = "first\nsecond\nthird";
    let written = insert(
        text,
        &[(6, "B\n".to_owned(), None), (18, "C\n".to_owned(), None)],
    );
    assert_eq!(written.text, "first\nB\nsecond\nthird\nC\n");
    assert_eq!(written.inserted, [(6, 2), (18, 3)]);
    assert_eq!(moved(6, &written.inserted), 8);
}

#[test]
fn an_exact_line_is_matched_in_order_white_space_aside() {
    let text = "No 19001\n\nf4b8  0800.11\nf4b8 0800.11\n";
    let lines = vec![
        vec![word(100, 60, "No"), word(170, 60, "19001")],
        vec![word(100, 310, "f4b8"), word(170, 310, "0800.11")],
    ];
    assert_eq!(exact_lines(text, &lines), [Some(0), Some(2)]);
    assert_eq!(line_start(text, 2), 10);
    assert_eq!(line_start(text, 9), text.len());
}

#[test]
fn pdftotexts_boxes_are_pixels_and_its_lines_on_one_height_are_one() {
    let xhtml = r#"<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd"><html xmlns="http://www.w3.org/1999/xhtml">
<head><title></title></head><body><doc><page width="595" height="842"><flow>
<block><line xMin="56" yMin="100" xMax="70" yMax="112"><word xMin="56" yMin="100" xMax="62" yMax="112">+</word></line></block>
<block><line xMin="115" yMin="100.5" xMax="177" yMax="112.5"><word xMin="115.78" yMin="100.5" xMax="151.8" yMax="112.5">4001.00</word><word xMin="154.6" yMin="100.5" xMax="176.8" yMax="112.5">e1b8</word></line>
<line xMin="56" yMin="130" xMax="90" yMax="142"><word xMin="56" yMin="130" xMax="90" yMax="142">Ka8 &amp;</word></line></block>
</flow></page></doc></body></html>"#;
    let lines = bbox::lines(xhtml, 144);
    let texts: Vec<String> = lines.iter().map(|l| joined(l)).collect();
    assert_eq!(texts, ["+ 4001.00 e1b8", "Ka8 &"]);
    assert_eq!(
        (lines[0][1].left, lines[0][1].top),
        (231, 201),
        "points times 2"
    );
    assert!(bbox::lines("<not xml", 150).is_empty());
    // A control character, which pdftotext writes for a diagram font's glyph, is a space.
    let glyph = xhtml.replace("Ka8 &amp;", "Ka8 \u{8}");
    let texts: Vec<String> = bbox::lines(&glyph, 144).iter().map(|l| joined(l)).collect();
    assert_eq!(texts, ["+ 4001.00 e1b8", "Ka8"]);
}

/// A board read sure, every square 100, `fen` its placement.
fn sure_board(fen: &str) -> BoardRead {
    let fen: shakmaty::fen::Fen = fen.parse().expect("a FEN");
    BoardRead {
        board: fen.as_setup().board.clone(),
        area: PixelBox {
            x: 0,
            y: 0,
            width: 400,
            height: 400,
        },
        skew: 0.0,
        sureness: [100; 64],
        reversed_shading: false,
    }
}

/// The captions a text layer's boards gave themselves on `text`, each board's line under it
/// being `below` (its words in the board's columns) and the whole line holding a code or
/// not (`code_near`).
fn own_captions(text: &str, below: &str, code_near: bool) -> Vec<Option<String>> {
    const OWN: OwnCaption = OwnCaption {
        caption: |_| Some("e7b5 0040.11 f5c8.e2c2 3/3".to_owned()),
        printed_men: |line| (line == "(3+3)").then_some((3, 3)),
    };
    let caption = Caption {
        below: Some(words(below)),
        above: None,
        coded: false,
        code_near,
        area: sure_board("8/8/8/8/8/8/8/8").area,
    };
    let board = sure_board("8/2k5/8/1K6/8/8/8/8");
    loose_edits(text, &[board], &[caption], Some(OWN))
        .into_iter()
        .map(|edit| match edit {
            Edit::Board { caption, .. } => caption,
            Edit::Rebuild { .. } => None,
        })
        .collect()
}

#[test]
fn a_text_layers_board_gives_itself_a_caption_only_where_no_code_stands_beside_it() {
    let own = Some("e7b5 0040.11 f5c8.e2c2 3/3".to_owned());
    // A line that prints no code: the board gives itself its caption.
    let text = "Origineel, 2009\n\nWhite to play and win\nMore prose.\n";
    assert_eq!(own_captions(text, "White to play and win", false), [own]);
    // The line in its columns holds no code, the whole line one past them.
    assert_eq!(own_captions(text, "White to play and win", true), [None]);
    // The text layer gives the caption before the place (the board's box overlaps it).
    let text = "Origineel, 2008\n\n+   4001.01 e6b3\n\nOpgedragen aan Julien Vandiest.\n";
    assert_eq!(
        own_captions(text, "Opgedragen aan Julien Vandiest.", false),
        [None]
    );
    // A line that prints other men than the board shows is no caption of its own.
    let text = "Prose.\n(3+3)\n";
    assert_eq!(own_captions(text, "(3+3)", false), [None]);
}
