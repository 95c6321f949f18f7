use std::ops::Range;
use std::sync::Arc;

use super::captions::captions_in_chunks;
use super::*;
use crate::diagram::render;
use crate::scan::ScanOptions;

/// The seed position `a7d3 0116.00 b2b3c6d6 3/3+.` (gbr-notation.md §7) as a diagram.
fn seed_diagram() -> String {
    render(
        &"8/K7/2nn4/8/8/1B1k4/1R6/8"
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_setup()
            .board,
    )
}

/// `texts` as the inputs `t0.txt`, `t1.txt`, ...
fn inputs<T: AsRef<str>>(texts: &[T]) -> Vec<Input<'_>> {
    texts
        .iter()
        .enumerate()
        .map(|(i, t)| Input {
            path: Arc::from(format!("t{i}.txt")),
            source: Arc::from(format!("t{i}.txt")),
            text: t.as_ref().as_bytes(),
            added: &[],
        })
        .collect()
}

/// `path:line:col check: message [fixes] {copies}` for each diagnostic of `texts`.
fn run(texts: &[&str]) -> Vec<String> {
    let inputs = inputs(texts);
    check_inputs(&inputs, &Options::default())
        .diagnostics
        .iter()
        .map(|d| {
            let fixes: Vec<&str> = d.fixes.iter().map(|f| f.replacement.as_str()).collect();
            let copies: Vec<String> = d
                .copies
                .iter()
                .map(|c| format!("{}: {}", c.place, c.says))
                .collect();
            format!(
                "{}:{}:{} {}: {} [{}] {{{}}}",
                d.path,
                d.line,
                d.column,
                d.check,
                d.message,
                fixes.join(" "),
                copies.join("; ")
            )
        })
        .collect()
}

#[test]
fn diagnostics_of_each_kind() {
    let d = seed_diagram();
    let cases: Vec<(String, Vec<&str>)> = vec![
        (format!("{d}a7d3 0116.00 b2b3c6d6 3/3+.\n"), vec![]),
        (
            format!("{d}a7d3 0116.00 b2b3c6d6 3/4+.\n"),
            vec![
                "t0.txt:10:23 diagram: W/B is 3/4: the diagram above has 3/3 (3 black men) [3/3] {t0.txt:2: the diagram above has 3/3 men}",
            ],
        ),
        (
            format!("{d}d3a7 0116.00 b2b3c6d6 3/3+.\n"),
            vec![
                "t0.txt:10:1 diagram: kings swapped: the diagram above has the white king on a7 and the black king on d3 [a7d3] {t0.txt:2: the diagram above has the kings on a7d3}",
            ],
        ),
        (
            format!("{d}a7d4 0116.00 b2b3c6d6 3/3+.\n"),
            vec![
                "t0.txt:10:1 diagram: black king on d4: the diagram above has it on d3 [a7d3] {t0.txt:2: the diagram above has the kings on a7d3}",
            ],
        ),
        (format!("{d}0116.00\n"), vec![]),
    ];
    for (text, expected) in cases {
        assert_eq!(run(&[&text]), expected, "{text}");
    }
}

#[test]
fn a_piece_digit_for_the_wrong_colour_is_found_by_the_diagram() {
    let board = "4k3/8/8/p7/4B3/8/8/2K4R"
        .parse::<shakmaty::fen::Fen>()
        .unwrap()
        .into_setup()
        .board;
    let text = format!("{}c1e8 0310.01 3/2 Win\n", render(&board));
    assert_eq!(
        run(&[&text]),
        vec![
            "t0.txt:10:6 diagram: code 0310.01 against the diagram above: the rook digit 3 counts no white rooks and 1 black rook; the diagram above has 1 white rook and no black rooks (digit 1) [0110.01] {t0.txt:2: the diagram above says wR wB v bP}",
        ]
    );
}

#[test]
fn two_copies_give_both_candidates_and_a_third_decides() {
    assert_eq!(
        run(&["c3e5 0130.22 4/5 Draw\n"]),
        vec![
            "t0.txt:1:6 men-count: W/B is 4/5, the code gives 4/4; the code should probably read 0130.23, or else W/B 4/4 [0130.23 4/4] {}",
        ]
    );
    assert_eq!(
        run(&["c3e5 0130.22 4/5 Draw\n", "x\nc3e5 0130.22 4/4 Draw\n"]),
        vec![
            "t0.txt:1:14 men-count: W/B is 4/5, the code gives 4/4; the W/B should read 4/4 [4/4] {t1.txt:2: printed as 4/4 there}",
        ]
    );
    assert_eq!(
        run(&["a2f1 0411.56 10/9 Win\n"]),
        vec![
            "t0.txt:1:6 men-count: W/B is 10/9, the code gives 9/8; the code should probably read 0411.67, or else W/B 9/8 [0411.67 9/8] {}",
        ]
    );
}

#[test]
fn a_fen_is_a_copy() {
    let text = "[FEN \"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1\"]\na7d3 0116.00 b2b3c6d5 3/3+.\n";
    assert_eq!(
        run(&[text]),
        vec![
            "t0.txt:2:14 fen: squares b2b3c6d5: the FEN on line 1 has the men on b2b3c6d6 [b2b3c6d6] {t0.txt:1: the FEN on line 1 has the men on b2b3c6d6}",
        ]
    );
}

#[test]
fn body_against_its_directory() {
    // A printed index: code, kings, study number (the layout of a real book's index).
    let body = "c3e5 0130.22 4/4 Draw\n\nf1h1 0001.04 2/5 Win\n\nb1d1 0103.12 3/5 Win\n";
    let dir = "0000.10 a1a3 - 4 -\n0001.04 f1h2 - 2 -\n0103.13 b1d1 - 3 -\n0130.23 c3e5 - 1 -\n";
    let inputs = [
        Input {
            path: Arc::from("body.txt"),
            source: Arc::from("body.txt"),
            text: body.as_bytes(),
            added: &[],
        },
        Input {
            path: Arc::from("dir.txt"),
            source: Arc::from("dir.txt"),
            text: dir.as_bytes(),
            added: &[],
        },
    ];
    let options = Options {
        near_misses: false,
        against: Some(Against::Input(1)),
        own_directory: false,
        ..Options::default()
    };
    let got: Vec<String> = check_inputs(&inputs, &options)
        .diagnostics
        .iter()
        .map(|d| {
            let fixes: Vec<&str> = d.fixes.iter().map(|f| f.replacement.as_str()).collect();
            format!(
                "{}:{}:{} {} {:?}: {} {:?} {}",
                d.path,
                d.line,
                d.column,
                d.check,
                d.severity,
                d.message,
                fixes,
                d.copies.len()
            )
        })
        .collect();
    assert_eq!(
        got,
        vec![
            // The index decides the caption's own finding, and is cited there.
            "body.txt:5:6 men-count Error: W/B is 3/5, the code gives 3/4; the code should read 0103.13 [\"0103.13\"] 1",
            "body.txt:1:6 directory Error: the directory's entry differs, the code one digit apart: 0130.23; one of the two is wrong [] 1",
            "body.txt:3:1 directory Error: the directory's entry differs, the kings one square apart: f1h2; one of the two is wrong [] 1",
            "dir.txt:1:1 directory Warning: directory entry 0000.10 a1a3 has no study in the body [] 0",
        ]
    );
}

/// The work of checking `texts` (near misses looked for), and its report.
fn work(texts: &[String], options: &Options) -> (Work, Report) {
    let inputs = inputs(texts);
    let mut work = Work::default();
    let report = check_counted(&inputs, options, &mut work);
    (work, report)
}

/// `n` reprints of one study, every tenth with W/B mistyped (`4/5`): each mistyped one is
/// decided by the others, which it cites.
fn reprints(n: usize) -> String {
    (0..n)
        .map(|i| {
            let wb = if i % 10 == 9 { "4/5" } else { "4/4" };
            format!("No {i}\nc3e5 0130.22 b1b8.a2b2a7b7 {wb} Draw\n\n")
        })
        .collect()
}

#[test]
fn reprints_of_one_position_cost_work_proportional_to_their_number() {
    let options = Options {
        near_misses: true,
        against: None,
        own_directory: false,
        ..Options::default()
    };
    let (small, report) = work(&[reprints(1000)], &options);
    assert_eq!((report.codes, report.valid), (1000, 900));
    let (large, report) = work(&[reprints(8000)], &options);
    assert_eq!((report.codes, report.valid), (8000, 7200));
    // Each mistyped caption cites every copy that decides it (the output grows with n²/10);
    // what is counted besides stays linear.
    let cited = |n: u64| (n / 10) * (n - n / 10);
    let beyond = |w: Work, n: u64| w.copies - cited(n);
    assert!(beyond(small, 1000) <= 10 * 1000, "{small:?}");
    assert!(beyond(large, 8000) <= 10 * 8000, "{large:?}");
    // Valid captions counted by binary search: O(n log n) comparisons, not n × errors.
    assert!(large.valid <= 8000 * 16, "{large:?}");
}

#[test]
fn a_caption_against_a_directory_costs_the_same_whatever_its_size() {
    // A body of 200 codes against an index of 200 and of 20,000 entries (the same 200 and
    // others with other kings): each caption looks up its own entries and neighbours only.
    let entry = |i: usize| {
        let sq = |n: usize| format!("{}{}", (b'a' + (n % 8) as u8) as char, 1 + (n / 8) % 8);
        format!(
            "000{}.{}{} {}{} - {i} -\n",
            i % 9,
            i % 3,
            i % 4,
            sq(i),
            sq(i + 27)
        )
    };
    let body: String = (0..200)
        .map(|i| {
            let e = entry(i);
            let (code, rest) = e.split_once(' ').unwrap();
            format!("No {i}\n{} {code} Draw\n\n", &rest[..4])
        })
        .collect();
    let small: String = (0..200).map(entry).collect();
    let large: String = (0..20_000).map(entry).collect();
    let options = Options {
        near_misses: false,
        against: Some(Against::Input(1)),
        own_directory: false,
        ..Options::default()
    };
    let (w_small, _) = work(&[body.clone(), small], &options);
    let (w_large, _) = work(&[body, large], &options);
    assert!(w_small.directory > 0);
    // About 180 look-ups a caption, plus the entries found (a hundred times as many entries
    // share each caption's code and kings in the large index).
    assert!(w_large.directory <= 200 * (190 + 200), "{w_large:?}");
}

#[test]
fn near_misses_on_one_long_line_read_it_once() {
    let line = "c3e5 0l30.22 text ".repeat(20_000) + "4/4\n";
    let (w, report) = work(
        std::slice::from_ref(&line),
        &Options {
            near_misses: true,
            against: None,
            own_directory: false,
            ..Options::default()
        },
    );
    assert_eq!(report.near_misses, 20_000);
    assert!(w.near <= 2 * line.len() as u64, "{w:?}");
}

#[test]
fn captions_read_a_few_chunks_at_a_time_are_those_of_the_whole_scan() {
    let text = format!(
        "{}{}No 9\nc3e5 0130.22 4/5 Draw\n\nWins\n\na1h8 0100.00 h1 2/1\n",
        seed_diagram(),
        reprints(12)
    );
    let input = Input {
        path: Arc::from("t.txt"),
        source: Arc::from("t.txt"),
        text: text.as_bytes(),
        added: &[],
    };
    let index = [LineIndex::new(input.text, &[])];
    let whole: Vec<(usize, u64, bool, Range<usize>)> =
        crate::scan::scan_buffer(input.text, "t.txt", ScanOptions::default(), &|_| {})
            .iter()
            .filter_map(|r| {
                let p = caption_at(input.text, r)?;
                Some((0, r.line, r.valid, p.span))
            })
            .collect();
    assert_eq!(whole.len(), 14);
    for chunk in [1, 2, 3, 7, 64, 100, 1000] {
        let got: Vec<_> =
            captions_in_chunks(std::slice::from_ref(&input), &index, chunk, &mut Vec::new())
                .into_iter()
                .map(|c| (c.input, c.line, c.valid, c.parsed.span))
                .collect();
        assert_eq!(got, whole, "chunks of {chunk} bytes");
    }
}

/// `path:line:col severity: message` of each directory diagnostic of `inputs`, checked as
/// `gbr check` checks them (a book's own directory looked for).
fn own_directory(inputs: &[Input<'_>]) -> Vec<String> {
    let options = Options {
        near_misses: false,
        against: None,
        own_directory: true,
        ..Options::default()
    };
    check_inputs(inputs, &options)
        .diagnostics
        .iter()
        .filter(|d| d.check == DiagnosticCheck::Directory)
        .map(|d| {
            format!(
                "{}:{}:{} {}: {}",
                d.path,
                d.line,
                d.column,
                d.severity.name(),
                d.message
            )
        })
        .collect()
}

#[test]
fn a_book_is_checked_against_its_own_directory_in_one_file_and_page_by_page() {
    // Studies a page each, the notation explained with an example in prose, and the directory
    // under its headings on the last page: the same four disagreements whether the book is one
    // text (form feeds between pages) or a PDF's pages, each an input of its own.
    let book = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/fixtures/check/book-with-directory.txt"
    ))
    .unwrap();
    let whole = [Input {
        path: Arc::from("book.txt"),
        source: Arc::from("book.txt"),
        text: book.as_bytes(),
        added: &[],
    }];
    assert_eq!(
        own_directory(&whole),
        [
            "book.txt:17:1 error: the directory's entry differs, the code one digit apart: \
             0055.02; one of the two is wrong",
            "book.txt:26:9 error: the directory's entry differs, the kings one square apart: \
             h4c1; one of the two is wrong",
            "book.txt:44:1 warning: no entry in the directory",
            "book.txt:60:1 warning: directory entry 0300.10 c2e4 has no study in the body",
        ]
    );
    let pages: Vec<String> = book.split('\x0c').map(str::to_string).collect();
    let paged: Vec<Input<'_>> = pages
        .iter()
        .enumerate()
        .map(|(i, text)| Input {
            path: Arc::from(format!("book.pdf:{}", i + 1)),
            source: Arc::from("book.pdf"),
            text: text.as_bytes(),
            added: &[],
        })
        .collect();
    assert_eq!(
        own_directory(&paged),
        [
            "book.pdf:2:9:1 error: the directory's entry differs, the code one digit apart: \
             0055.02; one of the two is wrong",
            "book.pdf:3:9:9 error: the directory's entry differs, the kings one square apart: \
             h4c1; one of the two is wrong",
            "book.pdf:5:9:1 warning: no entry in the directory",
            "book.pdf:7:7:1 warning: directory entry 0300.10 c2e4 has no study in the body",
        ]
    );
    // The same pages as files of their own: no book has a directory and a body.
    let apart: Vec<Input<'_>> = paged
        .iter()
        .map(|i| Input {
            source: i.path.clone(),
            ..i.clone()
        })
        .collect();
    assert_eq!(own_directory(&apart), Vec::<String>::new());
}

#[test]
fn a_notation_example_in_prose_is_no_study() {
    let text = "Het voorbeeld + 1234.56 a7c8 betekent dus dat het een winststudie is.\n\
                In the form 0103.11 a1c3 the kings follow the code.\n\
                So the study 0400.10 d5h6 shows that the rook wins.\n\
                +\n0031.01 a8d5\n\nNo 12 a7d3 0116.00 b2b3c6d6 3/3 Win.\n";
    let input = Input {
        path: Arc::from("t.txt"),
        source: Arc::from("t.txt"),
        text: text.as_bytes(),
        added: &[],
    };
    let index = [LineIndex::new(input.text, &[])];
    let captions = captions(std::slice::from_ref(&input), &index, &mut Vec::new());
    let examples: Vec<bool> = captions
        .iter()
        .map(|c| book::is_example(input.text, c))
        .collect();
    // A study cited in a sentence that no word names an example is a study.
    assert_eq!(examples, [true, true, false, false, false]);
}
