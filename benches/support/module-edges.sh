#!/usr/bin/env bash
# Checks the library's module graph against the level table of docs/architecture.md ("One-way
# dependencies"): lists every dependency between top-level modules (a `crate::x` path, in a
# `use` or in code, grouped `crate::{x::A, y::B}` included, and a `super::` path that climbs to
# the crate root, in the files of module y, y != x) and fails when
#   - a module uses a module of its own level or of a higher one (a circle needs one such use),
#   - a module uses the crate root (`crate::Record`: the root's re-exports are for the users of
#     the library, not for its modules, which name the module that defines an item),
#   - the edges hold a circle,
#   - a module declared in src/lib.rs is missing from the table, or the table names a module
#     that src/lib.rs does not declare,
#   - the folder table ("The folders and their jobs") misses a module of src/lib.rs as it
#     stands in src/ (`x/` or `x.rs`), or names one src/ does not hold.
# Test code is left out (files named tests.rs or under a tests/ folder, and the item after
# `#[cfg(test)]`), and so are comments and string literals; the binary (src/main.rs, src/cli/)
# is a crate of its own.
#
#   benches/support/module-edges.sh          # run from anywhere; prints "y -> x" lines
#
# .ci/run runs it, so CI fails when the code and the table disagree.
set -eu
cd "$(dirname "$0")/../.."
exec python3 - <<'PY'
import os
import re
import sys

DOC = "docs/architecture.md"


def fail(message):
    print(f"module-edges: {message}", file=sys.stderr)


# The level table: the first table after the heading "## One-way dependencies", rows
# `| N | `a`, `b` |`; every name in backticks in the second column is a module of level N.
levels = {}
with open(DOC, encoding="utf-8") as doc:
    inside = seen_table = False
    for line in doc:
        if line.startswith("## "):
            inside = line.strip() == "## One-way dependencies"
            continue
        if not inside:
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if len(cells) >= 2 and cells[0].isdigit():
            seen_table = True
            for name in re.findall(r"`([a-z_]+)`", cells[1]):
                levels[name] = int(cells[0])
        elif seen_table and not line.startswith("|"):
            break
if not levels:
    fail(f"no level table under '## One-way dependencies' in {DOC}")
    sys.exit(1)

# The modules src/lib.rs declares (a `mod x;` after `#[cfg(test)]` is a test module).
modules = set()
test_next = False
with open("src/lib.rs", encoding="utf-8") as lib:
    for line in lib:
        line = line.strip()
        if line.startswith("#[cfg(test)]"):
            test_next = True
            continue
        m = re.match(r"(?:pub(?:\([a-z]+\))? )?mod ([a-z_0-9]+);", line)
        if m and not test_next:
            modules.add(m.group(1))
        if line and not line.startswith("#["):
            test_next = False


def code_of(text):
    """The text with comments, string and character literals blanked, line feeds kept."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            end = n if end < 0 else end + 1 + len(hashes)
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and (text.startswith("\\", i + 1) or text.startswith("'", i + 2)):
            j = i + 1
            while j < n and text[j] != "'":
                j += 2 if text[j] == "\\" else 1
            out.append("' '")
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def without_tests(code):
    """The code without the item that follows each `#[cfg(test)]`."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]", code)
        if not m:
            return code
        i = m.end()
        semi, brace = code.find(";", i), code.find("{", i)
        if brace < 0 or (0 <= semi < brace):
            end = semi + 1
        else:
            depth, end = 0, brace
            while end < len(code):
                depth += {"{": 1, "}": -1}.get(code[end], 0)
                end += 1
                if depth == 0:
                    break
        code = code[: m.start()] + code[end:]


def group_heads(code, at):
    """The first name of each path in the `{...}` group opening at `code[at]`."""
    heads, depth, start = [], 0, at + 1
    for i in range(at, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
        if (code[i] == "," and depth == 1) or depth == 0:
            m = re.match(r"\s*([A-Za-z_][A-Za-z_0-9]*)", code[start:i])
            if m:
                heads.append(m.group(1))
            start = i + 1
        if depth == 0:
            return heads
    return heads


def uses(path, depth):
    """The top-level names that the file at `path`, `depth` modules below the root, uses."""
    with open(path, encoding="utf-8") as f:
        code = without_tests(code_of(f.read()))
    names = set()
    for m in re.finditer(r"(?<![A-Za-z_0-9])\$?crate::\s*(\{|[A-Za-z_][A-Za-z_0-9]*)", code):
        if m.group(1) == "{":
            names.update(group_heads(code, m.start(1)))
        else:
            names.add(m.group(1))
    # `super::` chains that climb to the root, inline `mod x { ... }` blocks counted.
    opened = []
    brace = 0
    for m in re.finditer(r"\bmod\s+[a-z_0-9]+\s*\{|\{|\}|(?<![A-Za-z_0-9:])((?:super::\s*)+)(\{|[A-Za-z_][A-Za-z_0-9]*)", code):
        token = m.group(0)
        if token.startswith("mod"):
            brace += 1
            opened.append(brace)
        elif token == "{":
            brace += 1
        elif token == "}":
            if opened and opened[-1] == brace:
                opened.pop()
            brace -= 1
        elif m.group(1).count("super") == depth + len(opened):
            if m.group(2) == "{":
                names.update(group_heads(code, m.start(2)))
            else:
                names.add(m.group(2))
    return names


edges = set()
for root, dirs, files in os.walk("src"):
    dirs[:] = sorted(d for d in dirs if d not in ("cli", "tests"))
    for name in sorted(files):
        if not name.endswith(".rs") or name == "tests.rs":
            continue
        path = os.path.join(root, name)
        parts = os.path.relpath(path, "src").split(os.sep)
        if parts in (["lib.rs"], ["main.rs"]):
            continue
        top = parts[0].removesuffix(".rs")
        depth = len(parts) - (1 if parts[-1] == "mod.rs" else 0)
        for used in uses(path, depth):
            if used in ("self", "super", top):
                continue
            edges.add((top, used if used in modules else "(root)"))

ok = True
for y, x in sorted(edges):
    print(f"{y} -> {x}")
for name in sorted(modules - levels.keys()):
    fail(f"`{name}` is a module of src/lib.rs missing from the level table of {DOC}")
    ok = False
for name in sorted(levels.keys() - modules):
    fail(f"the level table of {DOC} names `{name}`, which src/lib.rs does not declare")
    ok = False
# The folder table ("The folders and their jobs"): each module of src/lib.rs named in its first
# column as it stands in src/ (`x/` for a folder, `x.rs` for a file), and each name there one
# that src/ holds.
with open(DOC, encoding="utf-8") as doc:
    text = doc.read()
section = text.split("## The folders and their jobs", 1)[1].split("\n## ", 1)[0]
named = set()
for row in section.splitlines():
    if row.startswith("| `"):
        named.update(re.findall(r"`([a-z_]+(?:/|\.rs))`", row.split("|")[1]))
for name in sorted(modules):
    shape = f"{name}/" if os.path.isdir(f"src/{name}") else f"{name}.rs"
    if shape not in named:
        fail(f"`{shape}` of src/ is missing from the folder table of {DOC}")
        ok = False
for name in sorted(named):
    if name != "cli/" and not os.path.exists(f"src/{name}"):
        fail(f"the folder table of {DOC} names `{name}`, which src/ does not hold")
        ok = False
up = 0
for y, x in sorted(edges):
    if x == "(root)":
        fail(f"{y} uses the crate root's re-exports: name the module that defines the item")
        ok, up = False, up + 1
    elif y in levels and x in levels and levels[x] >= levels[y]:
        fail(f"{y} (level {levels[y]}) uses {x} (level {levels[x]}): a module uses only lower levels")
        ok, up = False, up + 1

# Circles: a depth-first search for an edge back to a module on the current path.
graph = {}
for y, x in edges:
    graph.setdefault(y, []).append(x)
circles, state = [], {}


def visit(node, path):
    state[node] = "open"
    for nxt in sorted(graph.get(node, [])):
        if state.get(nxt) == "open":
            circles.append(path[path.index(nxt):] + [nxt])
        elif nxt not in state:
            visit(nxt, path + [nxt])
    state[node] = "done"


for node in sorted(graph):
    if node not in state:
        visit(node, [node])
for circle in circles:
    fail("circle: " + " -> ".join(circle))
    ok = False
print(f"{len(edges)} edges between {len(modules)} modules; {len(circles)} circles; {up} uses up a level")
sys.exit(0 if ok else 1)
PY
