#!/bin/sh
# One fuzz campaign, at the lowest priority (docs/reliability.md, "Fuzzing").
#
#   fuzz/campaign.sh TARGET [SECONDS]     AFL++ on TARGET: finder scanner position query directory
#   fuzz/campaign.sh grammar [N [SEED]]   the grammar campaign: N texts (default 1000000) of seed
#                                         SEED (default 0) through the whole pipelines, all cores
#   fuzz/campaign.sh documents [N [SEED]] the document campaign: N grammar texts (default 100000)
#                                         as Word, OpenDocument, HTML and EPUB documents, 2 GiB cap
#
# AFL seeds: the files under fixtures/, 64 texts of the grammar, and for `directory` the
# fixtures' directory saved as tsv and jsonl; the grammar's tokens are AFL's dictionary.
# Findings land in fuzz/out/TARGET/default/crashes/ and hangs/ (AFL) or
# fuzz/out/grammar/crashes/ and hangs/ (grammar).
set -eu
cd "$(dirname "$0")"
target=$1
if [ "$target" = documents ]; then
    nice -n 19 cargo build --quiet --release --bin documents
    exec nice -n 19 target/release/documents --inputs "${2:-100000}" --seed "${3:-0}"
fi
nice -n 19 cargo build --quiet --release --bin grammar
if [ "$target" = grammar ]; then
    exec nice -n 19 target/release/grammar --inputs "${2:-1000000}" --seed "${3:-0}"
fi
seconds=${2:-600}
seeds=out/seeds
mkdir -p "$seeds"
find ../fixtures -type f ! -name README.md -size -8k -exec cp {} "$seeds"/ \;
target/release/grammar --write-seeds "$seeds" 64
target/release/grammar --write-dict out/grammar.dict
if [ "$target" = directory ]; then
    gbr="cargo run --quiet --release --manifest-path ../Cargo.toml --"
    $gbr index ../fixtures/directory --format tsv -o "$seeds/dir.tsv"
    $gbr index ../fixtures/directory --format jsonl --group-by stipulation -o "$seeds/dir.jsonl"
fi
# AFL's instrumented build in a target folder of its own, so that it and the plain build of
# `grammar` do not rebuild each other.
export CARGO_TARGET_DIR=target/afl
cargo afl build --release
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    nice -n 19 cargo afl fuzz -V "$seconds" -x out/grammar.dict -i "$seeds" -o "out/$target" \
    "target/afl/release/$target"
