#!/usr/bin/env bash
# The input layer against the standard tools, warm cache (docs/inputs.md):
#
#   benches/inputs.sh                        # 256 MiB corpus, gzipped
#   SIZE=2GiB DATA=bench-data benches/inputs.sh   # the 2 GiB gzip of the brief
#
# 1. PDF pages per second: `gbr text` (pdf-extract) and `gbr scan` against `pdftotext`
#    (poppler-utils, installed with apt-get if missing) on the shared PDFs.
# 2. A gzip of the generated bench corpus: `gbr scan big.txt.gz` (in-process MultiGzDecoder,
#    streamed) against `zcat big.txt.gz | rg` with the baseline regex, and `zcat | gbr scan`.
#    Each at -j2, output to a pipe, with hyperfine.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${SIZE:-256MiB}
DATA=${DATA:-/tmp/gbr-inputs-bench}
RUNS=${RUNS:-3}
PDFS=${PDFS:-../shared/corpus/pdf}
RE=$(cat benches/rg-gbr-one-line.re)

cargo build --release --quiet --bin gbr --example gencorpus
command -v pdftotext >/dev/null 2>&1 || apt-get install -y -qq poppler-utils >/dev/null
command -v hyperfine >/dev/null 2>&1 || apt-get install -y -qq hyperfine >/dev/null
GBR=target/release/gbr

if [ -d "$PDFS" ]; then
    for pdf in "$PDFS"/probleemblad-2013-4.pdf; do
        pages=$(python3 -c "import re,sys; d=open(sys.argv[1],'rb').read(); print(len(re.findall(rb'/Type\s*/Page[^s]', d)))" "$pdf")
        echo "== $pdf: $pages pages"
        hyperfine --runs "$RUNS" --warmup 1 --export-json /tmp/gbr-pdf.json \
            "pdftotext -q '$pdf' - >/dev/null" \
            "$GBR text '$pdf' >/dev/null" \
            "$GBR scan '$pdf' >/dev/null || true"
        python3 - "$pages" <<'PY'
import json, sys
pages = int(sys.argv[1])
for r in json.load(open("/tmp/gbr-pdf.json"))["results"]:
    print(f"{r['command']:<60} {pages / r['mean']:8.1f} pages/s")
PY
    done
else
    echo "skipped: $PDFS not found (no PDF benchmark)"
fi

mkdir -p "$DATA"
[ -f "$DATA/big.txt" ] || target/release/examples/gencorpus --size "$SIZE" --out "$DATA"
[ -f "$DATA/big.txt.gz" ] || gzip -k -6 "$DATA/big.txt"
ls -l "$DATA/big.txt" "$DATA/big.txt.gz"
hyperfine --runs "$RUNS" --warmup 1 \
    "zcat '$DATA/big.txt.gz' | rg -c -e '$RE' >/dev/null" \
    "$GBR scan -j2 '$DATA/big.txt.gz' | cat >/dev/null" \
    "zcat '$DATA/big.txt.gz' | $GBR scan -j2 | cat >/dev/null" \
    "$GBR scan -j2 --no-mmap '$DATA/big.txt' | cat >/dev/null" \
    "$GBR scan -j2 '$DATA/big.txt' | cat >/dev/null"
