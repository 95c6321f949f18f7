#!/usr/bin/env bash
# Whole commands against ripgrep on the same data, warm cache, one run.
#
#   benches/compare.sh                 # 2 GiB corpus in bench-data/ (generated if missing)
#   SIZE=256MiB DATA=/tmp/bd RUNS=3 ROUNDS=3 benches/compare.sh
#
# Builds gbr in release mode, generates the corpus with benches/tools/gencorpus.rs if missing,
# installs ripgrep 15 (cargo install) and hyperfine (Debian) if missing, then times with
# hyperfine: gbr scan (all forms, all checks, line numbers, output to a pipe) against ripgrep with
# the baseline regex (one-line, and multi-line -U), at -j1 and -j2, on the big file and on the
# tree; plus the limits: a byte count over the mapped big file, and read() of the tree, with two
# threads. Prints a table of GB/s and ratios to ripgrep, all from this run.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-2GiB}
DATA=${DATA:-bench-data}
RUNS=${RUNS:-5}
RE_FILE=benches/rg-gbr-one-line.re

cargo build --release --quiet --bin gbr --example gencorpus --example limit
if [ ! -f "$DATA/big.txt" ]; then
    target/release/examples/gencorpus --size "$SIZE" --out "$DATA"
fi
if ! rg --version 2>/dev/null | grep -q '^ripgrep 15'; then
    cargo install ripgrep --version '^15' --locked --quiet
fi
if ! command -v hyperfine >/dev/null 2>&1; then
    apt-get install -y -qq hyperfine >/dev/null
fi

RE=$(cat "$RE_FILE")
GBR=target/release/gbr
LIMIT=target/release/examples/limit
BIG="$DATA/big.txt"
TREE="$DATA/tree"
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT

# The page cache holds about 3.5 GB on this machine, less than both shapes: each batch first
# evicts the other shape (posix_fadvise DONTNEED) and reads its own twice, so that its pages
# are on the active list and no run reads the disk.
evict() {
    python3 - "$@" <<'PY'
import os, sys
for root in sys.argv[1:]:
    paths = [root] if os.path.isfile(root) else [
        os.path.join(d, f) for d, _, fs in os.walk(root) for f in fs]
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)
PY
}
warm() {
    for _ in 1 2; do
        find "$1" -type f -exec cat {} + >/dev/null
    done
}

# This machine's speed drifts by a third over minutes (steal time, host turbo). hyperfine runs
# all the runs of one command before the next, so a drift would land on one command only and
# bend the ratios; the runs are therefore taken in ROUNDS rounds, each running every command
# in turn, and the medians are over all rounds.
ROUNDS=${ROUNDS:-5}
PER_ROUND=$(( (RUNS + ROUNDS - 1) / ROUNDS ))
batch() {
    local shape=$1
    shift
    for round in $(seq "$ROUNDS"); do
        local warmup=0
        [ "$round" = 1 ] && warmup=1
        hyperfine --style none --warmup "$warmup" --runs "$PER_ROUND" --output=pipe \
            --export-json "$OUT/$shape.$round.json" "$@" >/dev/null
    done
}

evict "$TREE"
warm "$BIG"
batch big \
    -n "gbr -j1" "$GBR scan -j1 $BIG" \
    -n "gbr -j2" "$GBR scan -j2 $BIG" \
    -n "rg one-line -j1" "rg -j1 -o '$RE' $BIG" \
    -n "rg one-line -j2" "rg -j2 -o '$RE' $BIG" \
    -n "rg multi-line -j2" "rg -j2 -U -o '(?-u)$RE' $BIG" \
    -n "limit: byte count, 2 threads" "$LIMIT count $BIG"

evict "$BIG"
warm "$TREE"
batch tree \
    -n "gbr -j1" "$GBR scan -j1 $TREE" \
    -n "gbr -j2" "$GBR scan -j2 $TREE" \
    -n "rg one-line -j1" "rg -j1 -o '$RE' $TREE" \
    -n "rg one-line -j2" "rg -j2 -o '$RE' $TREE" \
    -n "rg multi-line -j2" "rg -j2 -U -o '(?-u)$RE' $TREE" \
    -n "limit: read(), 2 threads" "$LIMIT read $TREE"

BIG_BYTES=$(stat -c %s "$BIG")
TREE_BYTES=$(find "$TREE" -type f -printf '%s\n' | awk '{s += $1} END {printf "%d\n", s}')
python3 - "$OUT" "$BIG_BYTES" "$TREE_BYTES" "$(nproc)" "$ROUNDS" "$PER_ROUND" <<'PY'
import glob, json, statistics, sys
out, big_bytes, tree_bytes, cores = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rounds, per_round = int(sys.argv[5]), int(sys.argv[6])
print(f"machine: {cores} cores; medians of {rounds} rounds x {per_round} hyperfine runs, "
      "warm page cache, output to a pipe")
print(f"big file {big_bytes / 1e9:.2f} GB; tree {tree_bytes / 1e9:.2f} GB")
print()
print("| shape | command | median s | GB/s | vs rg one-line (same -j) | vs limit |")
print("| --- | --- | ---: | ---: | ---: | ---: |")
medians = {}
for shape, size in (("big", big_bytes), ("tree", tree_bytes)):
    times = {}
    for path in sorted(glob.glob(f"{out}/{shape}.*.json")):
        for r in json.load(open(path))["results"]:
            times.setdefault(r["command"], []).extend(r["times"])
    median = {name: statistics.median(t) for name, t in times.items()}
    limit = next(v for k, v in median.items() if k.startswith("limit"))
    for name, t in median.items():
        j = "-j1" if "-j1" in name else "-j2"
        rg = median.get(f"rg one-line {j}")
        vs_rg = f"{rg / t:.2f}x" if rg and not name.startswith("rg one-line") else ""
        print(f"| {shape} | {name} | {t:.3f} | {size / t / 1e9:.2f} | {vs_rg} | {limit / t:.2f} |")
    print(f"| {shape} | scaling gbr -j2 / -j1 | | | {median['gbr -j1'] / median['gbr -j2']:.2f}x | |")
    medians[shape] = median

# The targets, each from the medians above.
big, tree = medians["big"], medians["tree"]
big_limit = next(v for k, v in big.items() if k.startswith("limit"))
targets = [
    ("big: gbr -j2 against rg one-line -j2", big["rg one-line -j2"] / big["gbr -j2"], 2.0, "x"),
    ("big: gbr -j2 against the limit", big_limit / big["gbr -j2"], 0.5, ""),
    ("tree: gbr -j2 against rg one-line -j2", tree["rg one-line -j2"] / tree["gbr -j2"], 1.3, "x"),
    ("big: scaling gbr -j2 / -j1", big["gbr -j1"] / big["gbr -j2"], 1.8, "x"),
]
print()
print("| target | this run | at least | met |")
print("| --- | ---: | ---: | --- |")
for name, value, least, unit in targets:
    met = "yes" if value >= least else "NO"
    print(f"| {name} | {value:.2f}{unit} | {least:.2f}{unit} | {met} |")
PY
