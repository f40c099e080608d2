"""A suite run stopped at a random point and resumed, beside the same suite run without a
break: the same verified cases? With the times of each part.

    .venv/bin/python lab/resume_check.py seeds                 # about 2 × 26 min here
    .venv/bin/python lab/resume_check.py seeds --reference results/<a seeds run>.json
    .venv/bin/python lab/resume_check.py quick --signal KILL --seed 7 -- --runner c

Arguments after `--` go to every `hashbench run`. The stop comes once a random number of
the reference's groups (from 1 to all but one, `--seed` for the same point again) are on
disk: SIGINT (as Ctrl-C) by default, or SIGKILL. Exit 0 when the resumed file has the
reference's case ids with the same statuses and verification; 1 with the differences.
Files go to a temporary folder, named at the end.
"""

from __future__ import annotations

import argparse
import json
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from itertools import accumulate
from pathlib import Path

from hashbench import paths
from hashbench.results.files import load

HASHBENCH = [sys.executable, "-m", "hashbench", "run"]


def on_disk(path: Path) -> int:
    try:
        return len(json.loads(path.read_text())["cases"])
    except (OSError, ValueError, KeyError):
        return 0


def timed(cmd: list[str]) -> tuple[int, float]:
    start = time.monotonic()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    rc = subprocess.run(cmd, cwd=paths.root(), **quiet).returncode  # type: ignore[call-overload]
    return rc, time.monotonic() - start


def outcomes(path: Path) -> dict[str, tuple[str, str | None]]:
    return {
        c.id: (c.status, c.verification.method if c.verification else None)
        for c in load(path).cases
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("suite")
    p.add_argument("--reference", type=Path, help="an uninterrupted run of the suite, if any")
    p.add_argument("--signal", choices=["INT", "KILL"], default="INT")
    p.add_argument("--seed", type=int, default=None)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = p.parse_args(argv[:cut])
    args.more = argv[cut + 1 :]
    folder = Path(tempfile.mkdtemp(prefix="hashbench-resume-"))
    common = [args.suite, "--no-store", *args.more]

    reference = args.reference
    if reference is None:
        reference = folder / "whole.json"
        rc, took = timed([*HASHBENCH, *common, "--out", str(reference)])
        print(f"uninterrupted run: exit {rc}, {took:.0f} s")
        if rc not in (0, 1):
            return 2
    groups = Counter(c.group for c in load(reference).cases)
    total = sum(groups.values())
    ends = list(accumulate(groups[g] for g in sorted(groups)))[:-1] or [total]
    stop_at = random.Random(args.seed).choice(ends)  # after a group, before the last

    out = folder / "resumed.json"
    start = time.monotonic()
    proc = subprocess.Popen(
        [*HASHBENCH, *common, "--out", str(out)],
        cwd=paths.root(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while proc.poll() is None and on_disk(out) < stop_at:
        time.sleep(0.05)
    proc.send_signal(getattr(signal, f"SIG{args.signal}"))
    proc.wait()
    first = time.monotonic() - start
    kept = on_disk(out)
    if load(out).finished and not load(out).interrupted:
        print(f"the run ended before it was stopped ({first:.0f} s): try another --seed")
        return 2
    print(f"stopped by SIG{args.signal} (exit {proc.returncode}) after {first:.0f} s, "
          f"{kept} of {total} records on disk")  # fmt: skip
    rc, second = timed([*HASHBENCH, *common, "--resume", str(out)])
    print(f"resumed: exit {rc}, {second:.0f} s; both parts {first + second:.0f} s")

    a, b = outcomes(reference), outcomes(out)
    print(f"reference: {len(a)} cases {dict(Counter(s for s, _ in a.values()))}")
    print(f"resumed:   {len(b)} cases {dict(Counter(s for s, _ in b.values()))}")
    differ = [f"  {c}: {a.get(c)} -> {b.get(c)}" for c in sorted(set(a) | set(b))
              if a.get(c) != b.get(c)]  # fmt: skip
    print(f"{len(differ)} cases differ in status or verification" + (":" if differ else ""))
    print("\n".join(differ[:50]))
    print(f"files: {folder}")
    return 1 if differ or rc not in (0, 1) else 0


if __name__ == "__main__":
    sys.exit(main())
