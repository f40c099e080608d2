#!/bin/sh
# A benchmark, not a test (docs/runners/python.md): the runner's noop loop overhead, and
# hashlib.sha256 over 16 KiB measured by the runner (median of samples_ns/iters) beside
# pyperf timeit of the same call. pyperf goes into a throwaway virtualenv.
# Usage: sh runners/python/compare.sh   (after the runner is built)
set -eu
cd "$(dirname "$0")/../.."
PY=runners/python/.venv/bin/python
PERF=${PYPERF_VENV:-/tmp/hashbench-pyperf}
[ -x "$PERF/bin/python" ] || { python3 -m venv "$PERF" && "$PERF/bin/pip" install -q pyperf==2.10.0; }

printf '%s\n' \
  '{"id":1,"cmd":"bench","op":"noop","iters":1000000,"samples":30}' \
  '{"id":2,"cmd":"bench","impl":"python/hashlib","op":"digest","alg":"sha256","input_size":16384,"mode":"oneshot","iters":2000,"samples":100}' \
  '{"id":3,"cmd":"quit"}' |
  "$PY" runners/python/run.py |
  "$PY" -c '
import json, statistics, sys
names = {1: "runner noop loop", 2: "runner hashlib.sha256 16 KiB oneshot"}
for line in sys.stdin:
    r = json.loads(line)
    if "samples_ns" in r:
        n, name = r["iters"], names[r["id"]]
        per = [s / n for s in r["samples_ns"]]
        print(f"{name}: median {statistics.median(per):.1f} ns/op "
              f"(min {min(per):.1f}, max {max(per):.1f}, {len(per)} samples x {n})")
'
out=$(mktemp -u /tmp/hashbench-pyperf-XXXXXX.json)
"$PERF/bin/python" -m pyperf timeit --quiet -o "$out" \
  -s 'import hashlib; data = (bytes(range(251)) * 66)[:16384]' \
  'hashlib.sha256(data).digest()'
"$PERF/bin/python" -m pyperf stats "$out" | grep -E "^(Median|Mean|Number of values)"
rm -f "$out"
