use super::*;
use crate::position::restipulate;
use crate::stipulation::Stipulation;

/// The evidence for the first code in `text` (which must be read as bare).
fn evidence(text: &str) -> Evidence {
    let buf = text.as_bytes();
    let anchor = (0..buf.len())
        .find(|&i| crate::finder::is_token(buf, i))
        .expect("a code");
    let parsed = parse_at(buf, anchor).unwrap();
    assert_eq!(parsed.rank(), Rank::Bare, "{text}");
    evidence::of_bare(buf, &parsed)
}

#[test]
fn bare_codes_earn_their_place_by_the_chess_near_them() {
    use Evidence::{Near, None as Nothing, Refused};
    let table = [
        // Token rules.
        ("size 4408.85k here", Refused),
        ("it is 6080.27 feet long", Refused),
        ("costs 1234.56 EUR today", Refused),
        ("costs 1234.56 € today", Refused),
        ("grew 1234.56 % more", Refused),
        ("U-Boot 2022.10 -> 2023.01 now", Refused),
        ("from 3 -> 2023.01 now", Refused),
        ("the 9999.99 code", Refused),
        ("the 0000.19 class", Refused),
        // Chess near it.
        ("the class 0002.01 after 1.Rf8+ Kg2 wins", Near),
        ("the class 0002.01, see 12...Kg2", Near),
        ("in de vorm 1234.56, de GBR code", Near),
        ("the GBR code 1234.56 says", Near),
        ("its code 0323.12 says", Near),
        ("then 0800.00 White wins", Near),
        ("then 0800.00 BTM", Near),
        ("an endgame of class 0800.00", Near),
        ("Schach: 0800.00", Near),
        ("XIIIIIIIIY\n9-+-+-+-+0\n0800.00", Near),
        ("9-+-+K+-+0\nthe 0800.00", Near),
        // Nothing near it.
        ("the 1205.40 model sold well", Nothing),
        ("then 0800.00 draw the curtain", Nothing),
        ("a study of 0800.00 queens", Nothing),
        ("version 2.1 of 0800.00", Nothing),
    ];
    for (text, want) in table {
        assert_eq!(evidence(text), want, "{text}");
    }
}

#[test]
fn a_new_stipulation_replaces_the_old_as_a_position_prints_it() {
    let table = [
        ("d6a8 0310.01", None, "+", "d6a8 0310.01 +"),
        ("d6a8 0310.01 BTM", Some("BTM"), "-+", "d6a8 0310.01 -+"),
        (
            "a7d3 0116.00 b2b3c6d6 3/3.",
            None,
            "=",
            "a7d3 0116.00 b2b3c6d6 3/3=.",
        ),
        (
            "a7d3 0116.00 b2b3c6d6 3/3 WTM.",
            Some("WTM"),
            "+",
            "a7d3 0116.00 b2b3c6d6 3/3+.",
        ),
        (
            "a2c4 0000.32 4/3+.",
            Some("+"),
            "BTM",
            "a2c4 0000.32 4/3 BTM.",
        ),
        ("0323.12", None, "=", "0323.12 ="),
    ];
    for (canonical, old, new, want) in table {
        let old: Option<Stipulation> = old.map(|s| s.parse().unwrap());
        assert_eq!(restipulate(canonical, old, new.parse().unwrap()), want);
    }
}

fn record_of(text: &str) -> (Record, Link) {
    let buf = text.as_bytes();
    let anchor = (0..buf.len())
        .find(|&i| crate::finder::is_token(buf, i))
        .unwrap();
    let (parsed, link) = read_code(buf, anchor, super::Before::default()).unwrap();
    let at = crate::record::FoundAt {
        path: &"t".into(),
        line: 1,
        column: 1,
    };
    let mut record = Record::checked(at, &parsed, buf);
    link.mark(&mut record);
    (record, link)
}

#[test]
fn the_chain_holds_bare_codes_until_a_position_and_drops_them_at_the_end() {
    let bare = || record_of("the 1205.40 model");
    let kings = || record_of("0310.01 d6a8");
    assert!(bare().1.needs_source_evidence);
    // A bare code before a position waits for it, then both go in order.
    let pass = |chain: &mut Chain, items: Vec<(Record, Link)>| {
        let (mut records, links): (Vec<Record>, Vec<Link>) = items.into_iter().unzip();
        chain.pass(&mut records, &links);
        records
    };
    let mut chain = Chain::new();
    assert!(pass(&mut chain, vec![bare()]).is_empty());
    let out = pass(&mut chain, vec![kings(), bare()]);
    assert_eq!(
        out.iter().map(|r| r.canonical.as_str()).collect::<Vec<_>>(),
        ["1205.40", "d6a8 0310.01", "1205.40"]
    );
    assert!(chain.finish().is_empty());
    // With no position in the source, bare codes with nothing near them are dropped.
    let mut chain = Chain::new();
    assert!(pass(&mut chain, vec![bare(), bare()]).is_empty());
    assert!(chain.finish().is_empty());
}

#[test]
fn the_chain_holds_back_a_bounded_number_of_bare_codes() {
    // An endless stream of bare codes with no chess near them never fills memory: past
    // MAX_HELD they are dropped, the rest of the held ones (none here) handed on.
    let (record, link) = record_of("the 1205.40 model");
    let mut chain = Chain::new();
    for _ in 0..3 * super::chain::MAX_HELD + 7 {
        let mut records = vec![record.clone()];
        chain.pass(&mut records, std::slice::from_ref(&link));
        assert!(records.is_empty());
        assert!(chain.held_len() < super::chain::MAX_HELD);
    }
    assert!(chain.finish().is_empty());
}

#[test]
fn a_heading_holds_while_each_entry_reaches_the_one_before() {
    let heading = Link {
        above: Above::Heading(Stipulation::DRAW),
        ..record_of("0310.01 d6a8").1
    };
    let next = Link {
        above: Above::Code,
        ..heading
    };
    let apart = Link {
        above: Above::Nothing,
        ..heading
    };
    let entry = || record_of("0310.01 d6a8").0;
    let mut chain = Chain::new();
    let mut out = vec![entry(), entry(), entry()];
    chain.pass(&mut out, &[heading, next, apart]);
    let signs: Vec<Option<String>> = out
        .iter()
        .map(|r| r.stipulation.map(|s| s.to_string()))
        .collect();
    assert_eq!(signs, [Some("=".into()), Some("=".into()), None]);
    assert_eq!(out[1].canonical, "d6a8 0310.01 =");
}

/// The fixture texts joined by `lines` lines of prose (69 bytes each, its line feed included),
/// and the 0-based offsets of every token `dddd.dd` in them.
fn fixtures_between_prose(lines: usize) -> (Vec<u8>, Vec<usize>) {
    let prose =
        "The column printed one study a week, with the solution a week later.\n".repeat(lines);
    let text: Vec<u8> = crate::context::upward::tests::fixture_texts().join(prose.as_bytes());
    let tokens = (0..text.len())
        .filter(|&i| crate::finder::is_token(&text, i))
        .collect();
    (text, tokens)
}

/// A scanner that knows every token from a chunk's start (`Before::anchors_from`) reads each
/// code as one that knows nothing: the first code of a chunk more than the look-back's reach
/// into it, or of the chunk that starts the buffer, is read without searching the lines above
/// for a code.
#[test]
fn knowing_the_tokens_from_a_chunk_start_changes_no_reading() {
    // The fixtures, with prose between them longer than the look-back's reach.
    let (text, tokens) = fixtures_between_prose(24);
    let mut compared = 0;
    let mut first_far = 0;
    let mut first_at_start = 0;
    for chunk_start in (0..text.len()).step_by(251) {
        let mut last = None;
        for &anchor in tokens.iter().filter(|&&a| a >= chunk_start) {
            let known = Before {
                last_anchor: last,
                anchors_from: Some(chunk_start),
                position: false,
            };
            let read = |before| format!("{:?}", read_code(&text, anchor, before));
            assert_eq!(read(known), read(Before::default()), "anchor {anchor}");
            first_far += usize::from(last.is_none() && anchor > chunk_start + lines::MAX_BYTES + 4);
            first_at_start += usize::from(last.is_none() && chunk_start == 0);
            last = Some(anchor);
            compared += 1;
        }
    }
    assert!(
        compared > 1_000 && first_far > 10 && first_at_start == 1,
        "{compared} codes, {first_far} first far, {first_at_start} first at the start"
    );
}

/// The first code of a file is read as one that knows nothing, wherever it stands: each
/// fixture token, as the first of a file that starts at some byte after the token before it
/// (every 3rd byte, and each line start; no token before it in the file), less than the
/// look-back's reach above it or more.
#[test]
fn the_first_code_of_a_file_is_read_as_knowing_nothing() {
    let (text, tokens) = fixtures_between_prose(3);
    let mut compared = 0;
    let mut after = 0;
    for &token in &tokens {
        let cuts = (after..token).filter(|&c| c % 3 == 0 || (c > 0 && text[c - 1] == b'\n'));
        for cut in cuts {
            let file = &text[cut..];
            // A cut inside a number may make a token of its end (`12345.67` from `2345.67`):
            // the finder would give it first.
            if (0..token - cut).any(|i| crate::finder::is_token(file, i)) {
                continue;
            }
            let known = Before {
                last_anchor: None,
                anchors_from: Some(0),
                position: false,
            };
            let read = |before| format!("{:?}", read_code(file, token - cut, before));
            assert_eq!(
                read(known),
                read(Before::default()),
                "token {token}, file from {cut}"
            );
            compared += 1;
        }
        after = token + 1;
    }
    assert!(compared > 5_000, "{compared} first codes");
}

/// The chain hands on and holds back records as the rule says, record by record, however
/// the records come in passes: all at once, one a pass, or cut anywhere in two. The kinds are
/// a bare code with chess near it, one with nothing near it (held until a position comes)
/// and a code with kings.
#[test]
fn the_chain_hands_on_what_the_rule_says_in_passes_of_any_size() {
    let kinds = [
        record_of("GBR code 1205.40 in the index"),
        record_of("the 1205.41 model"),
        record_of("0310.01 d6a8"),
    ];
    assert!(!kinds[0].1.needs_source_evidence && kinds[0].0.rank == Rank::Bare);
    assert!(kinds[1].1.needs_source_evidence);
    // The rule, one record at a time.
    let by_rule = |sequence: &[usize]| {
        let (mut positions, mut held, mut out) = (false, Vec::new(), Vec::new());
        for &k in sequence {
            if k == 2 && !positions {
                positions = true;
                out.append(&mut held);
            }
            if !positions && (kinds[k].1.needs_source_evidence || !held.is_empty()) {
                held.push(k);
            } else {
                out.push(k);
            }
        }
        out.extend(
            held.into_iter()
                .filter(|&k| !kinds[k].1.needs_source_evidence),
        );
        out.into_iter()
            .map(|k| kinds[k].0.canonical.to_string())
            .collect::<Vec<_>>()
    };
    let by_chain = |sequence: &[usize], cuts: &[usize]| {
        let mut chain = Chain::new();
        let mut out = Vec::new();
        let mut from = 0;
        for &to in cuts.iter().chain([&sequence.len()]) {
            let (mut records, links): (Vec<Record>, Vec<Link>) =
                sequence[from..to].iter().map(|&k| kinds[k].clone()).unzip();
            chain.pass(&mut records, &links);
            out.extend(records);
            from = to;
        }
        out.extend(chain.finish());
        out.into_iter()
            .map(|r| r.canonical.to_string())
            .collect::<Vec<_>>()
    };
    let mut compared = 0;
    for len in 0..=6u32 {
        for n in 0..3usize.pow(len) {
            let sequence: Vec<usize> = (0..len).map(|i| n / 3usize.pow(i) % 3).collect();
            let want = by_rule(&sequence);
            let each: Vec<usize> = (1..sequence.len()).collect();
            assert_eq!(by_chain(&sequence, &[]), want, "{sequence:?} in one pass");
            assert_eq!(by_chain(&sequence, &each), want, "{sequence:?} one a pass");
            for cut in 0..=sequence.len() {
                assert_eq!(
                    by_chain(&sequence, &[cut]),
                    want,
                    "{sequence:?} cut at {cut}"
                );
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 1093);
}
