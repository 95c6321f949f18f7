//! Directories as older versions saved them, made from today's by dropping columns.

/// The columns a directory saved before the citation existed lacks: the citation's five, the
/// place of a merged directory entry, the example mark and the tables' verdict, which came
/// later still (`docs/directory.md`, "Reading a saved directory").
pub const CITATION_COLUMNS: [&str; 9] = [
    "number",
    "composers",
    "source",
    "year",
    "honour",
    "directory_entry",
    "example",
    "tablebase",
    "dtz",
];

/// `tsv`, a saved directory whose first line is its header, without the columns named in
/// `dropped`: each line split at every tab, so no kept cell may hold a tab of its own.
pub fn without_columns(tsv: &str, dropped: &[&str]) -> String {
    let mut lines = tsv.lines();
    let header: Vec<&str> = lines.next().expect("a header").split('\t').collect();
    let keep: Vec<usize> = (0..header.len())
        .filter(|&i| !dropped.contains(&header[i]))
        .collect();
    let row = |cells: Vec<&str>| {
        keep.iter()
            .map(|&i| cells[i])
            .collect::<Vec<_>>()
            .join("\t")
            + "\n"
    };
    std::iter::once(header)
        .chain(lines.map(|l| l.split('\t').collect()))
        .map(row)
        .collect()
}
