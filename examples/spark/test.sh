#!/usr/bin/env bash
# The Spark job (examples/spark/gbr_index.py) in local mode against gbr alone, byte for byte.
# Run by .ci/run. Installs Java (Debian's default-jre-headless) and pyspark (pip, in a virtual
# environment under target/); if either install fails, this script fails.
#
#   bash examples/spark/test.sh          # uses target/debug/gbr, built here if missing
#   GBR=target/release/gbr bash examples/spark/test.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

PYSPARK_VERSION=4.0.1
VENV=target/spark-venv
CORPUS=../shared/corpus

if ! dpkg -s default-jre-headless >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq default-jre-headless >/dev/null
fi
java -version 2>&1 | head -1

if ! "$VENV/bin/python" -c "import pyspark, sys; sys.exit(pyspark.__version__ != '$PYSPARK_VERSION')" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q "pyspark==$PYSPARK_VERSION"
fi
export PATH="$PWD/$VENV/bin:$PATH"
# Spark in local mode talks to itself only: keep it on the loopback address.
export SPARK_LOCAL_IP=127.0.0.1

GBR=${GBR:-target/debug/gbr}
[ -x "$GBR" ] || cargo build --quiet --bin gbr
JOB=examples/spark/gbr_index.py
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
passed=0
failed=0

# spark ARGS...: the job in local mode; what it prints (spark-submit merges the Python driver's
# stderr into its stdout) without Spark's own log lines, on stderr, before it returns.
spark() {
    local log status=0
    log=$(mktemp)
    spark-submit --master 'local[2]' --conf spark.log.level=ERROR "$JOB" --gbr "$GBR" "$@" \
        >"$log" 2>&1 || status=$?
    grep -v -e WARN -e '^Setting Spark log level' -e '^[0-9/]* [0-9:]* INFO' \
        -e '^Using Spark' "$log" >&2 || true
    rm -f "$log"
    return "$status"
}

# check NAME EXPECTED ACTUAL: the two files are identical.
check() {
    if cmp -s "$2" "$3"; then
        echo "ok: $1"
        passed=$((passed + 1))
    else
        echo "FAILED: $1: $3 differs from $2"
        diff "$2" "$3" | head -20
        failed=$((failed + 1))
    fi
}

# The directory of the fixtures, in paths mode and in bytes mode, and as grouped HTML.
"$GBR" index fixtures/ -o "$WORK/fixtures.tsv" 2>/dev/null
spark fixtures/ "$WORK/spark-paths.tsv"
check "index, paths mode, fixtures/" "$WORK/fixtures.tsv" "$WORK/spark-paths.tsv"
spark --mode bytes fixtures/ "$WORK/spark-bytes.tsv"
check "index, bytes mode, fixtures/" "$WORK/fixtures.tsv" "$WORK/spark-bytes.tsv"
"$GBR" index fixtures/ --group-by stipulation -o "$WORK/fixtures.html" 2>/dev/null
spark --group-by stipulation --partitions 3 fixtures/ "$WORK/spark.html"
check "index --group-by stipulation as HTML, 3 partitions" "$WORK/fixtures.html" "$WORK/spark.html"

# The scan job: the match messages of gbr scan --json, in input order.
"$GBR" scan --json fixtures/ 2>/dev/null | grep '^{"type":"match"' >"$WORK/fixtures.jsonl"
spark --job scan fixtures/ "$WORK/spark.jsonl"
check "scan --json records, fixtures/" "$WORK/fixtures.jsonl" "$WORK/spark.jsonl"

# The real corpus, where this workplace has it.
if [ -d "$CORPUS" ]; then
    # The corpus holds a PDF without a text layer: a failure, reported; the rest is indexed.
    "$GBR" index --keep-going "$CORPUS" -o "$WORK/corpus.tsv" 2>/dev/null || true
    spark "$CORPUS" "$WORK/spark-corpus.tsv" || true
    check "index, paths mode, $CORPUS" "$WORK/corpus.tsv" "$WORK/spark-corpus.tsv"
else
    echo "skipped: $CORPUS not found (a clone outside the workplace): the corpus run did not happen"
fi

# A file that fails on an executor: reported with its path, the rest indexed, exit 2.
mkdir -p "$WORK/in"
cp -r fixtures/forms "$WORK/in/"
"$GBR" index "$WORK/in" -o "$WORK/rest.tsv" 2>/dev/null
ln -s /nonexistent "$WORK/in/dangling.txt"
status=0
spark "$WORK/in" "$WORK/spark-rest.tsv" 2>"$WORK/summary.txt" || status=$?
if [ "$status" = 2 ] && grep -q "failed: $WORK/in/dangling.txt: " "$WORK/summary.txt"; then
    echo "ok: a failing file is named in the summary, exit 2"
    passed=$((passed + 1))
else
    echo "FAILED: a failing file: exit $status, summary:"
    cat "$WORK/summary.txt"
    failed=$((failed + 1))
fi
check "the directory of the rest" "$WORK/rest.tsv" "$WORK/spark-rest.tsv"

# A shard out of order: the merge step fails with the shard named, nothing is written.
{ head -1 "$WORK/fixtures.tsv"; tail -n +2 "$WORK/fixtures.tsv" | sort -r; } >"$WORK/unsorted.tsv"
status=0
"$GBR" merge "$WORK/fixtures.tsv" "$WORK/unsorted.tsv" -o "$WORK/merged.tsv" 2>"$WORK/merge.txt" || status=$?
if [ "$status" = 2 ] && grep -q "unsorted.tsv" "$WORK/merge.txt" && [ ! -e "$WORK/merged.tsv" ]; then
    echo "ok: an unsorted shard fails the merge, named: $(head -1 "$WORK/merge.txt")"
    passed=$((passed + 1))
else
    echo "FAILED: an unsorted shard: exit $status, $(cat "$WORK/merge.txt")"
    failed=$((failed + 1))
fi

echo "spark: $passed passed, $failed failed"
[ "$failed" = 0 ]
