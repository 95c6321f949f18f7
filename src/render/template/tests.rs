use super::*;

#[test]
fn values_are_escaped_for_each_format() {
    let cases = [
        ("markdown", "a|b_c*d", "a\\|b\\_c\\*d"),
        ("markdown", "two\nlines", "two lines"),
        ("typst", "dir/file_1.txt:3", "dir\\/file\\_1.txt:3"),
        ("typst", "= not a heading", "\\= not a heading"),
        ("typst", "a-b", "a-b"),
        ("latex", "50% of $5 & #1_a", "50\\% of \\$5 \\& \\#1\\_a"),
        ("latex", "a\\b~", "a\\textbackslash{}b\\textasciitilde{}"),
    ];
    for (kind, value, expected) in cases {
        let mut out = String::new();
        escape(kind, value, &mut out);
        assert_eq!(out, expected, "{kind}: {value}");
    }
}

#[test]
fn long_cells_break_between_squares_and_path_parts_only() {
    let cases = [
        ("d3d6g5g2.c4c5", "d3|d6|g5|g2.|c4|c5"),
        (".e2", ".e2"),
        ("0116.00", "0116.00"),
        (
            "fixtures/labels/eg-blocks.txt:14",
            "fixtures/|labels/|eg-|blocks.|txt:14",
        ),
        ("Probleemblad, 2000", "Probleemblad, 2000"),
        ("abcdefghijklmnopqrstuvwxyz", "abcdefghijklmn|opqrstuvwxyz"),
        ("Van Reek=J, Kopilov=E", "Van Reek=|J, Kopilov=|E"),
    ];
    for (value, expected) in cases {
        assert_eq!(
            wrap("markdown", value),
            expected.replace('|', ""),
            "{value}"
        );
        assert_eq!(
            wrap("html", value),
            expected.replace('|', "<wbr>"),
            "{value}"
        );
    }
    assert_eq!(wrap("latex", "a_b/c_d"), "a\\_b/\\allowbreak{}c\\_d");
    assert_eq!(
        wrap("html", "StrateGems#0154 2008"),
        "StrateGems#<wbr>0154 2008"
    );
}
