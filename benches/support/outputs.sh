#!/usr/bin/env bash
# Records what a gbr binary writes for a fixed set of commands, one file per command (stdout,
# stderr with the scan summary's time written T, exit status), so that two binaries can be
# compared byte for byte: a change of the code's layout must leave every file the same.
#
#   benches/support/outputs.sh BINARY OUTDIR        # run from the package root
#   diff -r /tmp/out-before /tmp/out-after          # empty: the outputs are byte-identical
#
# The inputs are the fixtures and, when present, the shared corpus (../shared/corpus or
# $GBR_CORPUS). docs/testing.md, "Byte-identical outputs".
set -u
out=$(realpath -m "$2")
root=$(cd "$(dirname "$0")/../.." && pwd)
corpus=${GBR_CORPUS:-$root/../shared/corpus}
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d) && trap 'rm -rf "$work"' EXIT
# Copied as `gbr`, the name `--help` shows.
mkdir "$work/bin" && cp "$1" "$work/bin/gbr" && bin=$work/bin/gbr
cd "$root" || exit 2

inputs=(fixtures)
[ -d "$corpus" ] && inputs+=("$corpus")

# run NAME ARGS...: stdout, stderr and status of `gbr ARGS...` under NAME.
run() {
    local name=$1
    shift
    (cd "$work" && "$bin" "$@" >"$out/$name.out" 2>"$out/$name.err.raw" </dev/null)
    echo $? >"$out/$name.status"
    # The summary's wall-clock time and rate vary from run to run.
    sed -E 's/ in [0-9.]+ (s|ms|µs)/ in T/; s/[0-9.]+ [KMG]?B\/s/R/g' \
        "$out/$name.err.raw" | sed "s|$root|ROOT|g; s|$work|WORK|g" >"$out/$name.err"
    rm "$out/$name.err.raw"
    sed -i -E 's/"elapsed":[0-9.e-]+/"elapsed":0/' "$out/$name.out"
}

# Paths given relative to the work folder, so that references do not name the machine.
ln -s "$root/fixtures" "$work/fixtures"
rel=(fixtures)
[ -d "$corpus" ] && ln -s "$corpus" "$work/corpus" && rel+=(corpus)

run scan-text scan -j2 --color never "${rel[@]}"
run scan-json scan -j2 --json "${rel[@]}"
run scan-csv scan -j2 --csv "${rel[@]}"
run scan-errors scan --color always fixtures/errors
run scan-min-rank scan -j1 --min-rank full fixtures
for f in text tsv csv jsonl html pgn epd markdown typst latex; do
    run "index-$f" index -j2 --keep-going --format "$f" "${rel[@]}"
    case $f in
    text | html | markdown | typst | latex) layout=(--layout compact) ;;
    *) layout=() ;;
    esac
    run "index-$f-stip" index -j2 --format "$f" --group-by stipulation "${layout[@]}" fixtures
done
run index-xlsx index -j2 --format xlsx -o out.xlsx fixtures/directory
(cd "$work" && unzip -p out.xlsx 'xl/worksheets/*.xml' 'xl/sharedStrings.xml' >"$out/index-xlsx.xml" 2>/dev/null)
run index-dups index -j2 --duplicates --across-sources --near fixtures
run index-dups-tsv index -j2 --duplicates --near --format tsv fixtures
run index-save index -j2 --keep-going -o all.tsv "${rel[@]}"
cp "$work/all.tsv" "$out/all.tsv"
run index-save-jsonl index -j2 -o all.jsonl fixtures/directory
cp "$out/scan-json.out" "$work/scan.jsonl"
run index-from-json index --from scan.jsonl --format tsv
run lookup-code lookup all.tsv 0116.00
run lookup-material lookup all.tsv 'wR wB v bN bN' --kings a7d3
run lookup-near lookup all.tsv '+0116.01 a7d3' --near
run lookup-fen lookup all.tsv --fen '8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1' --mirror
run lookup-jsonl lookup all.jsonl 0116.00
run merge merge all.tsv all.jsonl
run check check --color never fixtures/check fixtures/errors
run check-against check --color never --against fixtures/check/index.txt fixtures/check/body.txt
run check-diff check --diff fixtures/check fixtures/errors
run text text fixtures/labels fixtures/pgn
run decode decode 'a7d3 0116.00 b2b3c6d6 3/3+.'
run decode-bad decode 'a2f1 0411.56 10/9+.'
run encode encode '8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1' --win
cp -r "$root/fixtures/check" "$work/fix-copy"
run check-write check --write --color never fix-copy
diff -r "$root/fixtures/check" "$work/fix-copy" | sed "s|$root|ROOT|g; s|$work|WORK|g" >"$out/check-write.diff"
run type-list scan --type-list
run bad-format index --format pdf fixtures/directory
run bad-extension index -o out.pdf fixtures/directory
run min-rank-alias scan -j1 --min-rank men-count fixtures/forms
run help-index-short index -h
run help-merge merge --help
run help-index index --help
run help-scan scan --help
run help-check check --help
run help-lookup lookup --help
echo "$(ls "$out" | wc -l) files in $out"
