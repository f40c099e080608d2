#!/bin/sh
# The C runner's noop loop overhead, and its 16 KiB oneshot digest throughput next to
# `openssl speed -evp` run right after it (docs/runners/c.md). Build the runner first.
# Usage: runners/c/bench-vs-openssl.sh [rounds]
set -eu
cd "$(dirname "$0")"
exec python3 - build/hashbench-runner "${1:-3}" <<'EOF'
import json, statistics, subprocess, sys

runner, rounds = sys.argv[1], int(sys.argv[2])
proc = subprocess.Popen([runner], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
proc.stdout.readline()  # hello


def bench(**req):
    proc.stdin.write(json.dumps({"id": 1, "cmd": "bench", **req}) + "\n")
    proc.stdin.flush()
    reply = json.loads(proc.stdout.readline())
    return [s / reply["iters"] for s in reply["samples_ns"]]


noop = bench(op="noop", iters=1_000_000, samples=21)
print(f"noop: median {statistics.median(noop):.3f} ns/iter "
      f"(min {min(noop):.3f}, max {max(noop):.3f}; 21 samples of 1e6 iterations)")


# openssl speed divides by its user CPU time unless given -elapsed; the runner's samples
# are wall-clock (CLOCK_MONOTONIC). Both are shown: on a loaded machine only the -elapsed
# figure is measured like the runner's.
def openssl_speed(evp, *flags):
    out = subprocess.run(["openssl", "speed", *flags, "-evp", evp, "-bytes", "16384", "-seconds",
                          "3"], capture_output=True, text=True, check=True).stdout
    return float(out.strip().splitlines()[-1].split()[-1].rstrip("k")) / 1000  # kB/s -> MB/s


print(f"{'alg':12} {'round':>5} {'runner':>8} {'-elapsed':>9} {'ratio':>6} {'cpu-time':>9} {'ratio':>6}"
      "   (MB/s)")
for alg, evp in (("md5", "md5"), ("sha256", "sha256"), ("blake2b-512", "blake2b512")):
    for k in range(rounds):
        # Many short samples (~4 ms for md5): a preempted sample falls out of the median.
        ns = statistics.median(bench(impl="c/openssl", op="digest", alg=alg, input_size=16384,
                                     mode="oneshot", iters=200, samples=501))
        ours = 16384 / ns * 1000  # bytes/ns -> MB/s
        wall = openssl_speed(evp, "-elapsed")
        cpu = openssl_speed(evp)
        print(f"{alg:12} {k + 1:>5} {ours:>8.1f} {wall:>9.1f} {ours / wall:>6.3f} {cpu:>9.1f} "
              f"{ours / cpu:>6.3f}")
proc.stdin.write('{"id": 2, "cmd": "quit"}\n')
proc.stdin.flush()
EOF
