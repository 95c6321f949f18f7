#!/usr/bin/env python3
"""Index or scan an archive on Apache Spark, with `gbr` as the map and merge steps.

    spark-submit --master local[2] examples/spark/gbr_index.py fixtures/ out.tsv
    spark-submit --master yarn examples/spark/gbr_index.py --gbr target/release/gbr \\
        --mode bytes hdfs:///archives/eg/ hdfs:///indexes/eg.tsv
    spark-submit ... examples/spark/gbr_index.py --job scan fixtures/ records.jsonl

The map step runs `gbr` on each partition of the input files: `gbr scan --json` on their paths
(`--mode paths`, for a file system every executor sees) or on their bytes through standard input
with `--label` naming the original path (`--mode bytes`, for HDFS, S3 or any source Spark reads),
then `gbr index --from -` sorts the partition's records into one shard. Only the shards, as text
lines of a sorted directory, travel back to the driver, one partition at a time; the driver
merges them with `gbr merge` (k-way, streaming, checking that each shard is sorted) and, for a
format other than TSV or JSON Lines or a grouping, renders the merged directory with
`gbr index --from`. References keep the original paths, so the directory equals what
`gbr index` writes for the same inputs on one machine, byte for byte.

`--job scan` collects the `match` messages of `gbr scan --json` as JSON Lines, in input order.

A file that fails on an executor (unreadable, vanished, damaged) is reported in the job's
summary with its path and gbr's message; the job goes on, writes the output from the rest and
exits with status 2 (a job has no `--keep-going`: it always writes the rest, and the status
says inputs were left out). A shard that is not sorted makes the
merge fail with the shard named (exit 2), never a silently wrong directory.

The design, what crosses the network and the figures measured: docs/scale.md.
"""

import argparse
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

# Paths per `gbr scan` call in paths mode: keeps each command line far below the kernel's limit.
PATHS_PER_CALL = 512

# A line that a partition yields: (kind, partition index, payload).
SHARD, FAILURE, COUNT = "shard", "failure", "count"


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="gbr_index.py",
        description="Index or scan an archive on Apache Spark with gbr as the map and merge steps.",
    )
    parser.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="files or folders (local paths, or any URI Spark reads in bytes mode)")
    parser.add_argument("output", metavar="OUTPUT",
                        help="the directory (or, with --job scan, the JSON Lines) to write")
    parser.add_argument("--job", choices=["index", "scan"], default="index",
                        help="index: a sorted directory (default); scan: JSON Lines records")
    parser.add_argument("--mode", choices=["paths", "bytes"], default="paths",
                        help="paths: executors open the files (shared file system, default); "
                             "bytes: Spark reads them and gbr scans standard input")
    parser.add_argument("--gbr", default=None,
                        help="the gbr binary to ship to the executors "
                             "(default: gbr on the PATH, else target/release/gbr)")
    parser.add_argument("--partitions", type=int, default=None,
                        help="partitions of the file list (default: Spark's default parallelism)")
    parser.add_argument("--format", default=None,
                        help="the directory's format (default: from OUTPUT's extension, as gbr index)")
    parser.add_argument("--group-by", choices=["none", "stipulation"], default="none",
                        help="as gbr index --group-by")
    parser.add_argument("--threads", type=int, default=1,
                        help="gbr threads per task (-j), default 1: Spark runs the tasks in parallel")
    return parser.parse_args(argv)


def find_gbr(given):
    """The gbr binary to ship: the one given, else on the PATH, else the release build."""
    candidates = [given] if given else [shutil.which("gbr"), "target/release/gbr"]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return os.path.abspath(path)
    sys.exit(f"gbr_index.py: no gbr binary found (tried {', '.join(c for c in candidates if c)}); "
             "give --gbr or run `cargo build --release`")


def list_local(inputs):
    """The files under local `inputs`, as gbr walks them: each folder's entries sorted by name,
    folders entered where they sort, links to folders not followed, each path written as the
    folder given joined with the names below it."""
    files = []

    def walk(path, top):
        if os.path.isdir(path) and (top or not os.path.islink(path)):
            for name in sorted(os.listdir(path), key=os.fsencode):
                walk(os.path.join(path, name), False)
        else:
            files.append(path)

    for given in inputs:
        walk(given, True)
    return files


def executor_gbr(name):
    """The shipped binary on this executor, executable."""
    from pyspark import SparkFiles

    path = SparkFiles.get(name)
    mode = os.stat(path).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(path, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def scan_command(gbr, threads, paths):
    return [gbr, "scan", "--json", "-j", str(threads), "--", *paths]


def scanned_paths(json_lines):
    """Paths that a `gbr scan --json` output closed with an `end` message."""
    done = set()
    for line in json_lines.splitlines():
        if b'"type":"end"' in line:
            done.add(json.loads(line)["data"]["path"])
    return done


def failures_of(gbr, threads, paths, json_out):
    """After a batch that exited 2: which of `paths` failed, each with gbr's message. A file
    with no `end` message was skipped or failed; scanned alone, its exit status tells which."""
    done = scanned_paths(json_out)
    failed = []
    for path in paths:
        if path in done:
            continue
        alone = subprocess.run(scan_command(gbr, threads, [path]), capture_output=True)
        if alone.returncode == 2:
            message = alone.stderr.decode("utf-8", "replace").strip()
            failed.append((path, message))
    return failed


def scan_partition_paths(gbr_name, threads, paths):
    """Paths mode: `gbr scan --json` over the partition's paths, in calls of PATHS_PER_CALL.
    Yields (json output of a call, failures of that call)."""
    gbr = executor_gbr(gbr_name)
    for start in range(0, len(paths), PATHS_PER_CALL):
        batch = paths[start:start + PATHS_PER_CALL]
        run = subprocess.run(scan_command(gbr, threads, batch), capture_output=True)
        failures = []
        if run.returncode == 2:
            failures = failures_of(gbr, threads, batch, run.stdout)
        elif run.returncode not in (0, 1):
            failures = [(p, run.stderr.decode("utf-8", "replace").strip()) for p in batch]
        yield run.stdout, failures


def scan_partition_bytes(gbr_name, threads, files):
    """Bytes mode: each (label, bytes) through `gbr scan --json --label LABEL -`."""
    gbr = executor_gbr(gbr_name)
    for label, content in files:
        run = subprocess.run([gbr, "scan", "--json", "-j", str(threads), "--label", label, "-"],
                             input=bytes(content), capture_output=True)
        failures = []
        if run.returncode not in (0, 1):
            failures = [(label, run.stderr.decode("utf-8", "replace").strip())]
        yield run.stdout, failures


def matches(json_out):
    """The `match` messages of a `gbr scan --json` output."""
    return [line for line in json_out.splitlines() if line.startswith(b'{"type":"match"')]


def map_partition(job, mode, gbr_name, threads):
    """The function Spark runs on each partition: yields (kind, partition, payload) tuples,
    shard lines for the driver, failures and the count of files."""

    def run(index, items):
        items = list(items)
        scans = (scan_partition_paths if mode == "paths" else scan_partition_bytes)(
            gbr_name, threads, items)
        records = []
        for json_out, failures in scans:
            for path, message in failures:
                yield FAILURE, index, (path, message)
            records.extend(matches(json_out))
        yield COUNT, index, len(items)
        if job == "scan":
            for line in records:
                yield SHARD, index, line
            return
        # One sorted shard: the partition's records through `gbr index --from -`.
        gbr = executor_gbr(gbr_name)
        sort = subprocess.run([gbr, "index", "--from", "-", "--format", "tsv"],
                              input=b"\n".join(records) + b"\n", capture_output=True)
        if sort.returncode not in (0, 1):
            raise RuntimeError("gbr index --from - failed on partition %d: %s"
                               % (index, sort.stderr.decode("utf-8", "replace")))
        for line in sort.stdout.splitlines():
            yield SHARD, index, line

    return run


def label_of(uri, roots):
    """The original path of a file Spark read: the input as the user gave it, joined with the
    part of the URI below it. `roots` pairs each input as given with its qualified URI."""
    for given, qualified in roots:
        if uri == qualified:
            return given
        prefix = qualified.rstrip("/") + "/"
        if uri.startswith(prefix):
            return os.path.join(given, uri[len(prefix):])
    return uri


def qualified(spark, path):
    """`path` as Hadoop qualifies it (file:/..., hdfs://...), the form binaryFiles names files."""
    jvm = spark.sparkContext._jvm
    hpath = jvm.org.apache.hadoop.fs.Path(path)
    fs = hpath.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
    return fs.makeQualified(hpath).toString()


def write_output(spark, local, output):
    """Moves the finished local file to OUTPUT: a rename for a local path, a copy through
    Hadoop's file system for any other URI."""
    if "://" not in output and not output.startswith("file:"):
        os.replace(local, output)
        return
    jvm = spark.sparkContext._jvm
    dest = jvm.org.apache.hadoop.fs.Path(output)
    fs = dest.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
    fs.copyFromLocalFile(True, True, jvm.org.apache.hadoop.fs.Path(local), dest)


def merge(gbr, shards, args, work):
    """`gbr merge` of the shards, then `gbr index --from` where the format or grouping asks."""
    merged = os.path.join(work, "merged.tsv")
    run = subprocess.run([gbr, "merge", "--format", "tsv", "-o", merged, *shards],
                         capture_output=True)
    if run.returncode not in (0, 1):
        sys.stderr.write(run.stderr.decode("utf-8", "replace"))
        sys.exit("gbr_index.py: the merge failed; nothing was written")
    ext = os.path.splitext(args.output)[1].lstrip(".")
    fmt = args.format or ext or "text"
    if fmt == "tsv" and args.group_by == "none":
        return merged
    final = os.path.join(work, "final" + (os.path.splitext(args.output)[1] or ".txt"))
    run = subprocess.run([gbr, "index", "--from", merged, "--format", fmt,
                          "--group-by", args.group_by, "-o", final], capture_output=True)
    if run.returncode not in (0, 1):
        sys.stderr.write(run.stderr.decode("utf-8", "replace"))
        sys.exit("gbr_index.py: rendering the merged directory failed; nothing was written")
    return final


def main(argv):
    args = parse_args(argv)
    gbr = find_gbr(args.gbr)
    from pyspark.sql import SparkSession

    spark = SparkSession.builder.appName("gbr " + args.job).getOrCreate()
    sc = spark.sparkContext
    sc.setLogLevel("ERROR")
    sc.addFile(gbr)
    gbr_name = os.path.basename(gbr)
    partitions = args.partitions or sc.defaultParallelism

    if args.mode == "paths":
        files = list_local(args.inputs)
        # Contiguous slices, so that partition order is input order (the scan job's output).
        rdd = sc.parallelize(files, max(1, min(partitions, len(files))))
    else:
        # Folders are read whole, subfolders included (Hadoop's input formats pass over names
        # that start with `.` or `_`, which gbr would scan: docs/scale.md).
        sc._jsc.hadoopConfiguration().set(
            "mapreduce.input.fileinputformat.input.dir.recursive", "true")
        roots = [(given, qualified(spark, given)) for given in args.inputs]
        rdd = (sc.union([sc.binaryFiles(given, partitions) for given in args.inputs])
               .map(lambda pair: (label_of(pair[0], roots), pair[1]))
               .sortByKey(numPartitions=partitions))

    mapped = rdd.mapPartitionsWithIndex(map_partition(args.job, args.mode, gbr_name, args.threads))

    work = tempfile.mkdtemp(prefix="gbr-spark-")
    try:
        failures, files_seen, shards = [], 0, {}
        # One partition at a time reaches the driver: memory holds one shard's lines at most.
        for kind, index, payload in mapped.toLocalIterator():
            if kind == FAILURE:
                failures.append(payload)
            elif kind == COUNT:
                files_seen += payload
            else:
                if index not in shards:
                    shards[index] = open(os.path.join(work, "shard-%05d.tsv" % index), "wb")
                shards[index].write(payload + b"\n")
        for handle in shards.values():
            handle.close()
        paths = [os.path.join(work, "shard-%05d.tsv" % i) for i in sorted(shards)]

        if args.job == "scan":
            out = os.path.join(work, "records.jsonl")
            with open(out, "wb") as joined:
                for path in paths:
                    with open(path, "rb") as shard:
                        shutil.copyfileobj(shard, joined)
            entries = sum(1 for _ in open(out, "rb"))
        else:
            if not paths:  # no input held a code: an empty directory, as gbr index writes
                paths = [os.path.join(work, "empty.tsv")]
                subprocess.run([gbr, "index", "--from", "/dev/null", "--format", "tsv",
                                "-o", paths[0]], capture_output=True)
            out = merge(gbr, paths, args, work)
            entries = None
        write_output(spark, out, args.output)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        spark.stop()

    what = "records" if args.job == "scan" else "directory"
    print("gbr_index.py: %d files in %d partitions, %s written to %s%s"
          % (files_seen, len(shards), what, args.output,
             "" if entries is None else " (%d records)" % entries), file=sys.stderr)
    for path, message in failures:
        print("gbr_index.py: failed: %s: %s" % (path, message), file=sys.stderr)
    if failures:
        print("gbr_index.py: %d file(s) failed; the %s holds the rest" % (len(failures), what),
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
