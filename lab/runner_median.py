"""Send one bench request to a runner and print the median ns per op (samples_ns / iters).

Usage (from the repository root):
  python3 lab/runner_median.py '<bench request JSON>' <launch command...>
"""

import json
import statistics
import subprocess
import sys

request, launch = sys.argv[1], sys.argv[2:]
proc = subprocess.run(launch, input=request + "\n", capture_output=True, text=True, check=True)
lines = proc.stdout.splitlines()
reply = json.loads(lines[1])
if "error" in reply:
    sys.exit(f"runner error: {reply['error']}")
per_op = [s / reply["iters"] for s in reply["samples_ns"]]
req = json.loads(request)
print(
    f"runner: {req.get('op')} {req.get('alg', '')} {req.get('input_size', '')} "
    f"{req.get('mode', '')} median {statistics.median(per_op):.1f} ns/op "
    f"({len(per_op)} samples x {reply['iters']} iters)"
)
