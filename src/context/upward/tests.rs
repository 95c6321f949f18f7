//! The walk up the lines above an offset: its window's limits as a table of small texts, its
//! line feeds against a search's, and its lines against a naive split of the text.

use super::*;

/// A small window for the tables: 4 lines, 40 bytes, long over 10 bytes, prose over 20.
const SMALL: Window = Window {
    lines: 4,
    bytes: 40,
    long_line: 10,
    max_line: 20,
    page_break_opens_line: false,
    board_lines_count: true,
};

/// The lines given walking up `text` from the offset of `at` (its first occurrence), as text,
/// each with `!` after it when marked as prose.
#[track_caller]
fn walked(text: &str, at: &str, floor: usize, window: Window) -> Vec<String> {
    let offset = text.find(at).expect("the offset's text");
    let buf = text.as_bytes();
    Upward::new(buf, offset, floor, window)
        .map(|line| {
            let mut shown = String::from_utf8_lossy(&buf[line.start..line.end]).into_owned();
            if line.prose {
                shown.push('!');
            }
            shown
        })
        .collect()
}

#[test]
fn lines_are_given_nearest_first_from_the_offset_s_own_line() {
    let text = "top\nmiddle\nown 0000.10";
    assert_eq!(
        walked(text, "0000", 0, SMALL),
        ["own ", "middle", "top"],
        "the buffer's start ends the walk"
    );
    assert_eq!(walked("\n\n0000.10", "0000", 0, SMALL), ["", "", ""]);
    assert_eq!(walked("0000.10", "0000", 0, SMALL), [""], "offset 0");
    assert_eq!(walked("", "", 0, SMALL), [""], "an empty buffer");
}

#[test]
fn the_window_s_lines_end_the_walk() {
    let text = "a\nb\nc\nd\ne\nf\n0000.10";
    assert_eq!(walked(text, "0000", 0, SMALL), ["", "f", "e", "d"]);
    let one = Window { lines: 1, ..SMALL };
    assert_eq!(walked(text, "0000", 0, one), [""]);
}

#[test]
fn a_line_cut_by_the_byte_window_is_not_given() {
    let wide = Window { lines: 9, ..SMALL };
    let full = "012345678";
    // 40 bytes above the offset reach into the first line, past its first byte: it is cut.
    let text = format!("xxxxxxxxxx\n{full}\n{full}\n{full}\n0000.10");
    assert_eq!(text.find("0000").unwrap() - 40, 1);
    assert_eq!(walked(&text, "0000", 0, wide), ["", full, full, full]);
    // The window's lowest byte just after a line feed: the line starting there is given.
    let text = format!("x\n{full}\n{full}\n{full}\n{full}\n0000.10");
    assert_eq!(text.find("0000").unwrap() - 40, 2);
    assert_eq!(walked(&text, "0000", 0, wide), ["", full, full, full, full]);
    // The caller's floor cuts as the byte window does.
    let text = "top\nmiddle\nown 0000.10";
    assert_eq!(walked(text, "0000", 5, SMALL), ["own "]);
    assert_eq!(walked(text, "0000", 4, SMALL), ["own ", "middle"]);
}

#[test]
fn the_second_long_line_or_one_over_the_longest_is_the_last_given_as_prose() {
    let long = "l".repeat(11);
    let text = format!("a\n{long}\nb\n{long}\n0000.10");
    let wide = Window {
        lines: 9,
        bytes: 99,
        ..SMALL
    };
    assert_eq!(
        walked(&text, "0000", 0, wide),
        ["", long.as_str(), "b", format!("{long}!").as_str()]
    );
    let longest = "p".repeat(21);
    let text = format!("a\n{longest}\nb\n0000.10");
    assert_eq!(
        walked(&text, "0000", 0, wide),
        ["", "b", format!("{longest}!").as_str()]
    );
    // The offset's own line counts as any other.
    let text = format!("a\n{longest}0000.10");
    assert_eq!(walked(&text, "0000", 0, wide), [format!("{longest}!")]);
}

#[test]
fn a_carriage_return_is_a_byte_of_its_line() {
    let text = "a\r\n0123456789\r\n0000.10";
    let lines = walked(text, "0000", 0, SMALL);
    assert_eq!(lines, ["", "0123456789\r", "a\r"]);
    // Counted in its length: ten bytes and the carriage return make a long line.
    let text = "0123456789\r\n0123456789\r\n0000.10";
    assert_eq!(
        walked(text, "0000", 0, SMALL),
        ["", "0123456789\r", "0123456789\r!"]
    );
}

#[test]
fn a_form_feed_is_a_byte_of_its_line_unless_the_window_opens_a_page_there() {
    // Within the walk a form feed splits no line.
    let text = "a\n\u{c}b\nc\u{c}\n0000.10";
    assert_eq!(
        walked(text, "0000", 0, SMALL),
        ["", "c\u{c}", "\u{c}b", "a"]
    );
    // At the window's lowest byte: the page's first line is given only where the window says.
    let text = "prose\u{c}page\nline\n0000.10";
    let floor = text.find("page").unwrap();
    assert_eq!(walked(text, "0000", floor, SMALL), ["", "line"]);
    let pages = Window {
        page_break_opens_line: true,
        ..SMALL
    };
    assert_eq!(walked(text, "0000", floor, pages), ["", "line", "page"]);
    // A form feed inside the window is no line start, whatever the window.
    assert_eq!(
        walked(text, "0000", 0, pages),
        ["", "line", "prose\u{c}page"]
    );
}

#[test]
fn board_lines_count_as_none_where_the_window_says_so() {
    let text = "caption\nIIIIIIII\nIIIIIIII\nIIIIIIII\nIIIIIIII\nIIIIIIII\n0000.10";
    let boards = Window {
        board_lines_count: false,
        lines: 2,
        bytes: 99,
        ..SMALL
    };
    assert_eq!(
        walked(text, "0000", 0, boards),
        [
            "", "IIIIIIII", "IIIIIIII", "IIIIIIII", "IIIIIIII", "IIIIIIII", "caption"
        ]
    );
    let counted = Window {
        board_lines_count: true,
        ..boards
    };
    assert_eq!(walked(text, "0000", 0, counted), ["", "IIIIIIII"]);
    // The offset's own line counts, whatever it holds.
    let text = "a\nb\nIIIIIIII";
    let lines: Vec<Line> = Upward::new(text.as_bytes(), text.len(), 0, boards).collect();
    assert_eq!(lines.len(), 2);
}

/// Every text file of `fixtures/captions`, `fixtures/forms` and `fixtures/printing` (caption
/// layouts, signs, headings, directories, codes on one line and across lines).
pub(crate) fn fixture_texts() -> Vec<Vec<u8>> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures");
    let mut texts = Vec::new();
    for dir in ["captions", "forms", "printing"] {
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                texts.push(std::fs::read(&path).unwrap());
            }
        }
    }
    assert!(texts.len() >= 10, "fixtures found: {}", texts.len());
    texts
}

#[test]
fn line_feeds_read_64_bytes_at_a_time_are_those_a_search_finds() {
    let mut texts = fixture_texts();
    // Line feeds at every distance from a 64-byte boundary, and none at all.
    texts.push(
        (0..300)
            .map(|i| if i % 7 == 0 { b'\n' } else { b'x' })
            .collect(),
    );
    texts.push(vec![b'\n'; 200]);
    texts.push(vec![b'x'; 200]);
    let mut compared = 0;
    for text in &texts {
        for start in 0..=text.len() {
            for floor in [
                0,
                start.saturating_sub(crate::context::lines::MAX_BYTES),
                start.saturating_sub(63),
                start,
            ] {
                let mut feeds = FeedsBack {
                    buf: text,
                    floor,
                    base: start,
                    mask: 0,
                };
                let found: Vec<usize> = std::iter::from_fn(|| feeds.next()).collect();
                let want: Vec<usize> = memchr::memrchr_iter(b'\n', &text[floor..start])
                    .map(|i| floor + i)
                    .collect();
                assert_eq!(found, want, "start {start}, floor {floor}");
                compared += 1;
            }
        }
    }
    assert!(compared > 10_000, "{compared}");
}

/// The walk's lines by the module's rules read naively: every line of `buf[..offset]` split
/// forward on line feeds, then taken from the last up within the window.
fn naive(buf: &[u8], offset: usize, floor: usize, window: Window) -> Vec<Line> {
    let lowest = floor.max(offset.saturating_sub(window.bytes)).min(offset);
    let mut spans = Vec::new();
    let mut start = 0;
    for (i, &b) in buf[..offset].iter().enumerate() {
        if b == b'\n' {
            spans.push((start, i));
            start = i + 1;
        }
    }
    spans.push((start, offset));
    let page = window.page_break_opens_line && lowest > 0 && buf[lowest - 1] == FORM_FEED;
    let (mut lines, mut counted, mut long) = (Vec::new(), 0, 0);
    for (start, end) in spans.into_iter().rev() {
        if counted == window.lines {
            break;
        }
        let start = match start {
            s if s >= lowest => s,
            _ if page => lowest,
            _ => break, // cut by the window
        };
        let len = end - start;
        if len > window.long_line {
            long += 1;
        }
        let prose = long > 1 || len > window.max_line;
        lines.push(Line { start, end, prose });
        if window.board_lines_count
            || counted == 0
            || !crate::diagram::is_board_line(&buf[start..end])
        {
            counted += 1;
        }
        if prose || start == lowest {
            break;
        }
    }
    lines
}

/// Bytes the property test builds its texts of: letters, blanks, line ends of both kinds, a
/// page break, and the bytes of board lines.
const BYTES: &[u8] = b"aaaa  \n\n\r\x0cI90";

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(4096))]

    /// The walk gives the lines a naive split of the text gives, in any window.
    #[test]
    fn the_walk_gives_the_lines_of_a_naive_split(
        text in proptest::collection::vec(proptest::sample::select(BYTES), 0..300),
        offset in 0usize..400,
        floor in 0usize..400,
        lines in 1usize..20,
        bytes in 0usize..300,
        long_line in 0usize..30,
        max_line in 0usize..50,
        page_break_opens_line: bool,
        board_lines_count: bool,
    ) {
        let offset = offset.min(text.len());
        let floor = floor.min(offset);
        let window = Window { lines, bytes, long_line, max_line, page_break_opens_line, board_lines_count };
        let walked: Vec<Line> = Upward::new(&text, offset, floor, window).collect();
        proptest::prop_assert_eq!(walked, naive(&text, offset, floor, window));
    }
}
