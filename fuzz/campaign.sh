#!/bin/sh
# One AFL++ campaign on one target, at the lowest priority (docs/reliability.md, "Fuzzing").
#
#   fuzz/campaign.sh TARGET [SECONDS]     TARGET: finder scanner position query directory
#
# Seeds: the files under fixtures/ (and, for `directory`, the fixtures' directory saved as tsv
# and jsonl). Findings land in fuzz/out/TARGET/default/crashes/ and hangs/.
set -eu
cd "$(dirname "$0")"
target=$1
seconds=${2:-600}
seeds=out/seeds
mkdir -p "$seeds"
find ../fixtures -type f ! -name README.md -size -8k -exec cp {} "$seeds"/ \;
if [ "$target" = directory ]; then
    gbr="cargo run --quiet --release --manifest-path ../Cargo.toml --"
    $gbr index ../fixtures/directory --format tsv -o "$seeds/dir.tsv"
    $gbr index ../fixtures/directory --format jsonl --group-by stipulation -o "$seeds/dir.jsonl"
fi
cargo afl build --release
AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
    nice -n 19 cargo afl fuzz -V "$seconds" -i "$seeds" -o "out/$target" "target/release/$target"
