"""Mask and audit a folder of NDJSON captures with maskc as a Spark pipe stage.

    spark-submit Examples/spark/mask_captures.py \
        --maskc "$PWD/.build/release/maskc" --policy "$PWD/Policies/retail-app.yaml" \
        --input captures/ --output out/

Writes, under --output:
  masked/  one line per input line, in input order: the masked tree, or in place of a
           line maskc cannot read, its error record {"maskc-error": {...}}. No line is
           lost and none is dropped silently: counts always match the input.
  errors/  the error records alone, one per bad line: {"source", "line", "column",
           "path", "message"}. `source` names the partition (part-00003), `line` the
           line within it, which is the line of masked/part-00003 holding the record.
  audit/   findings per screen and audit rule, summed over every partition (JSON lines,
           sorted), and audit-rules/ the policy's rules with the views each matched and
           decided over the whole corpus (a rule that matched nothing is dead).

maskc runs once per partition, through RDD.pipe with checkCode=True: a maskc failure
(policy missing or broken, output unwritable) fails the task and, after Spark's
retries, the job, instead of committing an empty or partial result; a bad capture is
not a failure (--on-error record writes a record in its place and exits 0).
"""

import argparse
import json
import os
import shlex
import sys

from pyspark.sql import SparkSession

ERROR_PREFIX = '{"maskc-error":'
SUMMARY_PREFIX = '{"maskc-summary":'


def source_line(index):
    """The line that names a partition's lines: maskc reports them as part-NNNNN, line 1 on."""
    return json.dumps({"maskc-source": "part-%05d" % index}, separators=(",", ":"))


def names_a_source(line):
    """Whether maskc could read a data line as a source line (an object whose one key is
    maskc-source): it would write nothing for it and every line after it would shift.
    Such a line is not a view tree either way."""
    text = line.strip(" \t\r")
    if not text.startswith("{") or "maskc-source" not in text:
        return False
    try:
        value = json.loads(text)
    except ValueError:
        return False
    return isinstance(value, dict) and list(value) == ["maskc-source"]


def with_source(index, lines):
    """A partition's lines after the line that names them; a data line that would name a
    source itself is sent as {} (not a tree: an error record in its place, like any bad
    line), so every input line still gives one output line."""
    yield source_line(index)
    for line in lines:
        yield "{}" if names_a_source(line) else line


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--maskc", required=True, help="absolute path of the maskc executable")
    parser.add_argument("--policy", required=True, help="absolute path of the policy")
    parser.add_argument("--input", required=True, help="folder of NDJSON captures (*.ndjson, *.jsonl)")
    parser.add_argument("--output", required=True, help="folder to create for masked/, errors/ and audit/")
    parser.add_argument("--master", default=os.environ.get("SPARK_MASTER", "local[2]"))
    parser.add_argument("--partitions", type=int, default=0, help="default: 4 per core")
    args = parser.parse_args(argv)

    spark = (
        SparkSession.builder.appName("maskc")
        .master(args.master)
        # UTF-8 everywhere, whatever the machine's locale: the JVM's own pipe decodes
        # with the platform charset, and under LANG=C it fails on masked text ("•").
        .config("spark.driver.extraJavaOptions", "-Dfile.encoding=UTF-8")
        .config("spark.executor.extraJavaOptions", "-Dfile.encoding=UTF-8")
        .config("spark.executorEnv.LANG", "C.UTF-8")
        .config("spark.executorEnv.PYTHONIOENCODING", "utf-8")
        .config("spark.ui.enabled", "false")
        .getOrCreate()
    )
    sc = spark.sparkContext
    sc.setLogLevel("WARN")
    # The workers need this file's functions when the job is imported, not submitted.
    sc.addPyFile(os.path.abspath(__file__))

    files = sorted(
        os.path.join(root, name)
        for root, _, names in os.walk(args.input)
        for name in names
        if name.endswith((".ndjson", ".jsonl")) and not name.startswith(".")
    )
    if not files:
        sys.exit("no .ndjson or .jsonl files in %s" % args.input)
    # Several tasks per core keep every core busy while one partition is slow; maskc
    # itself runs single-threaded inside a task (--jobs 1): Spark is the parallelism.
    partitions = args.partitions or 4 * sc.defaultParallelism
    # Files in sorted order, each split in order: masked/ follows the input line for line.
    # Lines end at "\n" only, as maskc reads NDJSON: Hadoop's default reader (textFile)
    # also ends a line at a lone "\r", which JSON allows between tokens, and would split
    # one valid tree into two error records. A CR before the LF stays on the line, and
    # maskc takes it as a CRLF line end.
    total = sum(os.path.getsize(path) for path in files)
    lines = sc.newAPIHadoopFile(
        ",".join(files),
        "org.apache.hadoop.mapreduce.lib.input.TextInputFormat",
        "org.apache.hadoop.io.LongWritable",
        "org.apache.hadoop.io.Text",
        conf={
            "textinputformat.record.delimiter": "\n",
            # About `partitions` splits in all, as textFile's minPartitions gave.
            "mapreduce.input.fileinputformat.split.maxsize": str(max(1, -(-total // partitions))),
        },
    ).map(lambda pair: pair[1])
    tagged = lines.mapPartitionsWithIndex(with_source)

    # The child's environment is exactly this (PySpark passes no other variables).
    env = {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}
    maskc, policy = shlex.quote(args.maskc), shlex.quote(args.policy)
    masked = tagged.pipe(
        "%s apply --ndjson - --policy %s --on-error record --jobs 1" % (maskc, policy),
        env=env, checkCode=True,
    ).cache()
    masked.saveAsTextFile(os.path.join(args.output, "masked"))
    (masked.filter(lambda line: line.startswith(ERROR_PREFIX))
        .map(lambda line: json.dumps(json.loads(line)["maskc-error"], sort_keys=True, separators=(",", ":"), ensure_ascii=False))
        .saveAsTextFile(os.path.join(args.output, "errors")))

    # The audit: one record per finding, then each partition's summary; summed here.
    audited = tagged.pipe(
        "%s audit --ndjson - --policy %s --on-error record" % (maskc, policy),
        env=env, checkCode=True,
    ).map(json.loads).cache()
    findings = audited.filter(lambda record: "category" in record)
    per_screen = (
        findings.map(lambda f: ((f["screen"], f["category"], f["level"]), 1))
        .reduceByKey(lambda a, b: a + b)
        .map(lambda kv: {"screen": kv[0][0], "rule": kv[0][1], "level": kv[0][2], "findings": kv[1]})
    )
    (per_screen.sortBy(lambda r: (r["screen"] or "", r["rule"]), numPartitions=1)
        .map(lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False))
        .saveAsTextFile(os.path.join(args.output, "audit")))
    rules = (
        audited.filter(lambda record: "maskc-summary" in record)
        .flatMap(lambda record: [((r["rule"], r["origin"]), (r["matched"], r["decided"])) for r in record["maskc-summary"]["rules"]])
        .reduceByKey(lambda a, b: (a[0] + b[0], a[1] + b[1]))
        .map(lambda kv: {"rule": kv[0][0], "origin": kv[0][1], "matched": kv[1][0], "decided": kv[1][1], "dead": kv[1][0] == 0})
    )
    (rules.sortBy(lambda r: r["origin"] or "", numPartitions=1)
        .map(lambda r: json.dumps(r, sort_keys=True, ensure_ascii=False))
        .saveAsTextFile(os.path.join(args.output, "audit-rules")))

    total, bad = masked.count(), masked.filter(lambda line: line.startswith(ERROR_PREFIX)).count()
    print("maskc on spark: %d lines in %d partitions, %d masked, %d error records; %d findings"
          % (total, tagged.getNumPartitions(), total - bad, bad, findings.count()))
    spark.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
