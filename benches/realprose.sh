#!/usr/bin/env bash
# A benchmark corpus of real prose (docs/performance.md, "Real prose"): text that nobody here
# wrote, from Debian's text packages, with GBR codes put between its paragraphs in every form
# (benches/tools/gencorpus.rs --prose), as one big file and as a tree of files of about 100 KB.
#
#   benches/realprose.sh [SIZE] [OUT]        # default 2GiB into bench-real/
#
# The prose: the Collaborative International Dictionary of English (dict-gcide), the fortune
# files (fortunes, fortunes-min), every Debian changelog and every man page's source on the
# machine; installed with apt-get when missing (as root), else what is there. Short lines,
# `***` and `%` breaks, version numbers, dates and prices: what the reading rules meet in
# real text. The same machine and SIZE always give the same bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-2GiB}
OUT=${2:-bench-real}

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 &&
    { [ ! -e /usr/share/dictd/gcide.dict.dz ] || [ ! -d /usr/share/games/fortunes ]; }; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq dict-gcide fortunes >/dev/null 2>&1 ||
        { apt-get update -qq && apt-get install -y -qq dict-gcide fortunes >/dev/null; }
fi

mkdir -p "$OUT"
PROSE="$OUT/prose.txt"
{
    # Sorted lists, so that the order (and the corpus) does not depend on the file system.
    if [ -e /usr/share/dictd/gcide.dict.dz ]; then zcat /usr/share/dictd/gcide.dict.dz; fi
    find /usr/share/games/fortunes -type f ! -name '*.dat' ! -name '*.u8' 2>/dev/null |
        LC_ALL=C sort | xargs -r cat
    find /usr/share/doc -name 'changelog*.gz' 2>/dev/null | LC_ALL=C sort | xargs -r zcat
    find /usr/share/man/man1 /usr/share/man/man5 /usr/share/man/man8 -name '*.gz' 2>/dev/null |
        LC_ALL=C sort | xargs -r zcat
} >"$PROSE" 2>/dev/null || true
echo "prose: $(wc -c <"$PROSE") bytes from Debian's text packages"

cargo build --release --quiet --example gencorpus
target/release/examples/gencorpus --size "$SIZE" --out "$OUT" --prose "$PROSE"
