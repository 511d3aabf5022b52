"""Runs Examples/spark/mask_captures.py on a real Spark (local mode) and checks it
against maskc run directly: called by scripts/spark-check, which installs what it needs.

Input: shipped trees and captures, generated screens, and injected bad lines (truncated,
wrong types, not JSON, blank, a data line that would name a source), in three NDJSON files. Checks:
  - the job succeeds (not aborted) and commits _SUCCESS;
  - masked/ has one line per input line, equal line for line to a direct run of
    `maskc apply --ndjson --on-error record` (error records equal but for where they say
    they are), so no line is lost;
  - every bad line is an error record, in its place, whose source and line name its
    partition file and line there; errors/ holds exactly those records;
  - the audit aggregation equals the same aggregation of a direct `maskc audit --ndjson`;
  - a missing policy fails the job (checked pipe) and commits nothing.
"""

import glob
import json
import os
import random
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
JOB = os.path.join(ROOT, "Examples", "spark", "mask_captures.py")
POLICY = os.path.join(ROOT, "Policies", "retail-app.yaml")
ERROR_PREFIX = '{"maskc-error":'

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("spark-check: FAIL: " + message)


def compact(path):
    with open(path, encoding="utf-8") as f:
        return json.dumps(json.load(f), separators=(",", ":"), ensure_ascii=False)


def generated_screens(count, seed):
    """Screens of labels, buttons, text fields (some secure), images and cells."""
    rng = random.Random(seed)
    classes = ["UILabel", "UIButton", "UITextField", "UIImageView", "UITableViewCell", "UIView", "android.widget.TextView",
               "android.widget.EditText"]
    words = ["Jane", "Appleseed", "total", "café", "日本語", "4242 4242 4242 4242", "jane@example.com", "Résumé", "OK", "Pay now"]
    screens = ["HomeViewController", "CheckoutViewController", "SalesViewController", "ProfileViewController", None]
    lines = []
    for index in range(count):
        views = []
        for v in range(rng.randint(3, 40)):
            cls = rng.choice(classes)
            node = {"class": cls, "frame": {"x": 0, "y": v * 20, "width": 320, "height": 20}}
            if rng.random() < 0.5:
                node["accessibilityIdentifier"] = rng.choice(["home.title", "total", "cvv", "account.balance", "row.%d" % v])
            if rng.random() < 0.7:
                node["text"] = " ".join(rng.choice(words) for _ in range(rng.randint(1, 4)))
            if cls == "UITextField" and rng.random() < 0.4:
                node["isSecureTextEntry"] = True
            views.append(node)
        root = {"class": "UIView", "children": views}
        screen = rng.choice(screens)
        tree = {"screen": screen, "root": root} if screen else root
        lines.append(json.dumps(tree, separators=(",", ":"), ensure_ascii=False))
    return lines


def make_input(folder):
    """Three NDJSON files; returns every line in the order the job reads them, and the bad ones."""
    shipped = [compact(p) for p in sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
               + sorted(glob.glob(os.path.join(ROOT, "Examples", "audit", "*.json")))
               + sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "Captures", "rico", "*.json")))]
    bad = [
        '{"class":"UILabel","text":"Jane Appleseed 4242"',  # truncated
        '{"class":7,"text":"jane@example.com"}',  # wrong type
        'Jane Appleseed, 4242 4242 4242 4242',  # not JSON
        '',  # blank
        '{"screen":"HomeViewController","root":{"class":"UILabel","children":"x"}}',  # children not an array
        '{"maskc-source": "jane.doe@example.com"}',  # data that would name a source: sent as {}
    ]
    generated = generated_screens(600, seed=7)
    rng = random.Random(11)
    # A valid tree with a raw CR between its tokens (JSON whitespace): one line, not two.
    shipped.append('{"screen":"Receipt",\r"root":{"class":"UILabel","text":"Jane Appleseed"}}')
    files = {"a-shipped.ndjson": shipped * 5, "b-generated.ndjson": generated[:300], "c-generated.ndjson": generated[300:]}
    bad_lines = set()
    ordered = []
    for name in sorted(files):
        lines = list(files[name])
        for line in bad:
            lines.insert(rng.randint(0, len(lines)), line)
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        for line in lines:
            if line in bad:
                bad_lines.add(len(ordered))
            ordered.append(line)
    return ordered, bad_lines


def part_files(folder):
    return sorted(glob.glob(os.path.join(folder, "part-*")))


def read_lines(paths):
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            out.extend(f.read().split("\n")[:-1])
    return out


def run_job(maskc, policy, input_dir, output_dir):
    """Runs the job in this process (one JVM for both runs); returns the error, if any, and the time."""
    sys.dont_write_bytecode = True  # no __pycache__ left in the work tree
    sys.path.insert(0, os.path.dirname(JOB))
    import mask_captures
    started = time.time()
    try:
        mask_captures.main(["--maskc", maskc, "--policy", policy, "--input", input_dir, "--output", output_dir])
        error = None
    except Exception as exception:  # the job's failure, as Spark raises it
        error = exception
        from pyspark import SparkContext
        if SparkContext._active_spark_context is not None:
            SparkContext._active_spark_context.stop()
    return error, time.time() - started


def without_place(line):
    record = json.loads(line)["maskc-error"]
    return {k: v for k, v in record.items() if k not in ("source", "line")}


def main():
    maskc = sys.argv[1]
    work = sys.argv[2]
    shutil.rmtree(work, ignore_errors=True)
    input_dir, output_dir = os.path.join(work, "captures"), os.path.join(work, "out")
    os.makedirs(input_dir)
    lines, bad = make_input(input_dir)
    print("spark-check: %d input lines (%d bad) in 3 files" % (len(lines), len(bad)))
    # scripts/spark-check runs this under a plain C locale: the job must not depend on it.
    print("spark-check: locale LANG=%s LC_ALL=%s" % (os.environ.get("LANG"), os.environ.get("LC_ALL")))
    error, seconds = run_job(maskc, POLICY, input_dir, output_dir)
    print("spark-check: job done after %.1f s" % seconds)
    check(error is None, "the job failed: %s" % str(error)[-3000:])
    if error is not None:
        return
    for name in ("masked", "errors", "audit", "audit-rules"):
        check(os.path.exists(os.path.join(output_dir, name, "_SUCCESS")), "%s/_SUCCESS missing" % name)

    # masked/: line for line against a direct run over the same lines in the same order
    # (as the job sends them: a data line that would name a source goes as {}).
    sys.path.insert(0, os.path.dirname(JOB))
    from mask_captures import names_a_source
    sent = ["{}" if names_a_source(line) else line for line in lines]
    check(sent != lines, "no data line that would name a source: the job's guard was not exercised")
    direct = subprocess.run([maskc, "apply", "--ndjson", "-", "--policy", POLICY, "--on-error", "record"],
                            input="\n".join(sent) + "\n", capture_output=True, text=True, encoding="utf-8")
    check(direct.returncode == 0, "the direct run exited %d" % direct.returncode)
    expected = direct.stdout.split("\n")[:-1]
    parts = part_files(os.path.join(output_dir, "masked"))
    masked = read_lines(parts)
    check(len(masked) == len(lines), "masked/ has %d lines for %d input lines" % (len(masked), len(lines)))
    check(len(expected) == len(lines), "the direct run wrote %d lines for %d" % (len(expected), len(lines)))
    mismatches = 0
    for index, (got, want) in enumerate(zip(masked, expected)):
        if index in bad:
            check(got.startswith(ERROR_PREFIX), "input line %d is bad but masked/ has a tree there" % (index + 1))
            if got.startswith(ERROR_PREFIX) and want.startswith(ERROR_PREFIX):
                check(without_place(got) == without_place(want), "line %d: the error record differs from the direct run's" % (index + 1))
        elif got != want:
            mismatches += 1
    check(mismatches == 0, "%d masked lines differ from the direct run" % mismatches)
    check("•" in direct.stdout and "•" in "".join(masked), "no bullets in the output: the secure fields were not exercised")

    # Every record names its partition and its line there.
    records = []
    for number, path in enumerate(parts):
        with open(path, encoding="utf-8") as f:
            for line_number, line in enumerate(f.read().split("\n")[:-1], start=1):
                if line.startswith(ERROR_PREFIX):
                    record = json.loads(line)["maskc-error"]
                    records.append(record)
                    where = (record["source"], record["line"])
                    check(where == ("part-%05d" % number, line_number),
                          "record at %s line %d says %s line %d" % (os.path.basename(path), line_number, where[0], where[1]))
    check(len(records) == len(bad), "%d error records for %d bad lines" % (len(records), len(bad)))
    errors = [json.loads(line) for line in read_lines(part_files(os.path.join(output_dir, "errors")))]
    key = lambda r: (r["source"], r["line"])
    check(sorted(errors, key=key) == sorted(records, key=key), "errors/ does not hold exactly the records in masked/")

    # The audit aggregation against the same aggregation of a direct run.
    audit = subprocess.run([maskc, "audit", "--ndjson", "-", "--policy", POLICY, "--on-error", "record"],
                           input="\n".join(sent) + "\n", capture_output=True, text=True, encoding="utf-8")
    check(audit.returncode == 0, "the direct audit exited %d" % audit.returncode)
    want_counts, want_rules = {}, {}
    for line in audit.stdout.split("\n")[:-1]:
        record = json.loads(line)
        if "category" in record:
            k = (record["screen"], record["category"], record["level"])
            want_counts[k] = want_counts.get(k, 0) + 1
        elif "maskc-summary" in record:
            want_rules = {(r["rule"], r["origin"]): (r["matched"], r["decided"]) for r in record["maskc-summary"]["rules"]}
    got_counts = {(r["screen"], r["rule"], r["level"]): r["findings"]
                  for r in map(json.loads, read_lines(part_files(os.path.join(output_dir, "audit"))))}
    check(got_counts == want_counts and got_counts, "audit per screen and rule differs from the direct run")
    got_rules = {(r["rule"], r["origin"]): (r["matched"], r["decided"])
                 for r in map(json.loads, read_lines(part_files(os.path.join(output_dir, "audit-rules"))))}
    check(got_rules == want_rules, "audit rule counts differ from the direct run")
    print("spark-check: %d findings in %d (screen, rule, level) groups; %d rules, %d dead"
          % (sum(got_counts.values()), len(got_counts), len(got_rules), sum(1 for m, _ in got_rules.values() if m == 0)))

    # A maskc failure (here: no policy) fails the job, and nothing is committed.
    print("spark-check: the next job must fail: its policy is missing (Spark logs the task failures below)")
    sys.stdout.flush()
    failed_output = os.path.join(work, "out-missing-policy")
    error, seconds = run_job(maskc, os.path.join(work, "no-such-policy.yaml"), input_dir, failed_output)
    check(error is not None, "a missing policy did not fail the job")
    check(not os.path.exists(os.path.join(failed_output, "masked", "_SUCCESS")), "a failed job committed masked/_SUCCESS")
    print("spark-check: a missing policy fails the job after %.1f s (%s), nothing committed"
          % (seconds, "PIPE_FUNCTION_EXITED" if "PIPE_FUNCTION_EXITED" in str(error) else type(error).__name__))


if __name__ == "__main__":
    main()
    if failures:
        print("spark-check: %d check(s) failed" % len(failures))
        sys.exit(1)
    print("spark-check: all checks passed")
