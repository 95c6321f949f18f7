#!/usr/bin/env bash
# Lists every dependency between the library's top-level modules (`use crate::x` and
# `crate::x::` paths in the files of module y, y != x) and fails when two modules depend on
# each other, directly or through others (docs/architecture.md, "One-way dependencies").
#
#   benches/support/module-edges.sh          # run from the package root; prints "y -> x" lines
set -eu
cd "$(dirname "$0")/../.."
edges=$(
    for file in $(find src -name '*.rs' -not -path 'src/cli/*' -not -name main.rs -not -name lib.rs); do
        top=${file#src/}
        top=${top%%/*}
        top=${top%.rs}
        # Test modules and doc comments are left out: only the code the library is built from.
        sed -n '/^#\[cfg(test)\]/q;p' "$file" | grep -v '^\s*//' |
            grep -o 'crate::[a-z_]*' | sed 's/crate:://' | sort -u |
            while read -r used; do
                [ "$used" != "$top" ] && [ -n "$used" ] && echo "$top $used"
            done
    done | sort -u
)
echo "$edges" | sed 's/ / -> /'
# tsort fails (and names the modules) when the edges hold a circle.
if echo "$edges" | tsort >/dev/null 2>/tmp/module-edges.$$; then
    echo "no circle"
    rm -f /tmp/module-edges.$$
else
    cat /tmp/module-edges.$$ >&2
    rm -f /tmp/module-edges.$$
    exit 1
fi
