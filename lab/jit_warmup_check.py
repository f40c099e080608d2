"""Does a case's warm-up wait for the JIT? Writes docs/benchmarks/jit-warmup.md.

Runs quick's digests (sha256 and blake2b-512 of 1 KiB, one-shot and with a new hasher per
op), or with `--password-hashes` quick's password hashes, for each runner asked, each run
in fresh runner processes, in rounds of three runs: at quick's budget (0.25 s a case) as
the runners' manifests say (`manifest`); the same with every manifest's `jit_warmup_s` set
to 0 (`no floor`: a fast op's warm-up ends at its first two agreeing windows, a slow op is
its own; copies of the manifests through HASHBENCH_RUNNERS); and a long run (1.5 s a case)
whose last 0.5 s give the case's settled speed. For each case, setting and round: the
value `compare` takes (the faster half's median) over the case's settled speed, the
median of the long runs'.

    .venv/bin/python lab/jit_warmup_check.py [--rounds 8] [--runner java --runner node]
        [--password-hashes] [--out docs/benchmarks/jit-warmup.md]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shlex
import subprocess
import sys
import tempfile
import tomllib
from collections import defaultdict
from pathlib import Path

import numpy as np

from hashbench.measure.compare import fast_half
from hashbench.model import CaseRecord
from hashbench.results.files import load, write_text_atomic

ROOT = Path(__file__).resolve().parent.parent
SETTLED_NS = 0.5e9
SETTINGS = ("manifest", "no floor")
DIGESTS = ["--op", "digest", "--alg", "sha256,blake2b-512", "--mode", "oneshot,new",
           "--size", "1024"]  # fmt: skip
PASSWORD_HASHES = ["quick", "--op", "hash,derive"]
WHAT = {False: "quick's digests (sha256 and blake2b-512 of 1 KiB, one-shot and new)",
        True: "quick's password hashes (hash and derive)"}  # fmt: skip
QUICK = ["--budget", "0.25", "--target-ci", "0.02"]  # suites/quick.toml's
LONG = ["--budget", "1.5", "--target-ci", "0.000001"]


def without_floors(folder: Path) -> Path:
    """A runners folder whose manifests are this repository's with jit_warmup_s = 0."""
    for manifest in sorted((ROOT / "runners").glob("*/runner.toml")):
        lines = manifest.read_text().splitlines(keepends=True)
        kept = [line for line in lines if not line.startswith("jit_warmup_s")]
        (folder / manifest.parent.name).mkdir(parents=True)
        (folder / manifest.parent.name / "runner.toml").write_text("".join(kept))
    return folder


def settled(case: CaseRecord) -> float | None:
    """The median ns per op of the case's samples in its last SETTLED_NS of sampling."""
    per_op = np.asarray(case.samples_ns, dtype=float) / (case.iters or 1)
    elapsed = np.cumsum(case.samples_ns)
    late = per_op[elapsed >= elapsed[-1] - SETTLED_NS]
    return float(np.median(late)) if len(late) >= 5 else None


def _run(runners: list[str], extra: list[str], env: dict[str, str], out: Path) -> list[CaseRecord]:
    picked = [a for r in runners for a in ("--runner", r)]
    command = [sys.executable, "-m", "hashbench", "run", *picked, *extra, "--no-store"]
    command += ["--out", str(out)]
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{shlex.join(command)} failed:\n{done.stderr}")
    return [c for c in load(out).cases if c.valid]


Found = dict[str, dict[str, list[tuple[float, float]]]]  # setting -> case -> (ns, warm ms)


def measure(
    runners: list[str], rounds: int, folder: Path, what: list[str]
) -> tuple[Found, dict[str, float]]:
    """Each setting's values and warm-ups by case, and each case's settled speed."""
    floorless = without_floors(folder / "runners")
    found: Found = {s: defaultdict(list) for s in SETTINGS}
    speeds: dict[str, list[float]] = defaultdict(list)
    for n in range(rounds):
        for setting in SETTINGS:
            env = dict(os.environ)
            if setting == "no floor":
                env["HASHBENCH_RUNNERS"] = str(floorless)
            out = folder / f"{setting.replace(' ', '-')}-{n}.json"
            for case in _run(runners, what + QUICK, env, out):
                value = fast_half(case.samples_ns) / (case.iters or 1)
                found[setting][case.id].append((value, (case.warmup_ns or 0) / 1e6))
        for case in _run(runners, what + LONG, dict(os.environ), folder / f"long-{n}.json"):
            speed = settled(case)
            if speed is not None:
                speeds[case.id].append(speed)
        print(f"round {n + 1} of {rounds}: done", file=sys.stderr)
    return found, {i: float(np.median(v)) for i, v in speeds.items()}


def report(found: Found, speeds: dict[str, float], rounds: int, invoked: str, what: str) -> str:
    lines = [
        "# Warm-up and the JIT: does a case's value come from warm code?",
        "",
        f"Measured on {dt.date.today()} by `.venv/bin/python lab/jit_warmup_check.py "
        f"{invoked}`: {what}, {rounds} rounds of three runs, each in fresh runner "
        "processes: at quick's budget (0.25 s a case) as the manifests say (`manifest`), "
        "the same with every manifest's `jit_warmup_s` set to 0 (`no floor`), and one of "
        "1.5 s a case whose "
        "last 0.5 s give the case's settled speed (the median over the rounds). "
        "*value/settled*: the faster half's median (`compare`'s value) over that settled "
        "speed.",
        "",
        "| case | setting | warm-up, ms (median) | value/settled, median | worst "
        "| runs over 1.1× |",
        "|---|---|---|---|---|---|",
    ]
    ratios: dict[str, list[float]] = defaultdict(list)
    for case_id in sorted(speeds):
        for setting in SETTINGS:
            got = found[setting].get(case_id, [])
            if not got:
                continue
            mine = [v / speeds[case_id] for v, _ in got]
            ratios[setting] += mine
            warm = float(np.median([w for _, w in got]))
            lines.append(
                f"| {case_id} | {setting} | {warm:.0f} | {np.median(mine):.3f}× | "
                f"{max(mine):.2f}× | {sum(r > 1.1 for r in mine)} of {len(mine)} |"
            )
    lines.append("")
    for setting in SETTINGS:
        mine = ratios[setting]
        if mine:
            lines.append(
                f"- {setting}: {sum(r > 1.1 for r in mine)} of {len(mine)} values over 1.1× "
                f"their case's settled speed, {sum(r > 1.2 for r in mine)} over 1.2×, the "
                f"worst {max(mine):.2f}×"
            )
    return "\n".join(lines) + "\n"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--runner", action="append", help="default: every runner with a floor")
    p.add_argument("--password-hashes", action="store_true", help="not the digests")
    p.add_argument("--out", type=Path, default=ROOT / "docs/benchmarks/jit-warmup.md")
    args = p.parse_args()
    runners = args.runner or [
        m.parent.name
        for m in sorted((ROOT / "runners").glob("*/runner.toml"))
        if tomllib.loads(m.read_text()).get("jit_warmup_s", 0) > 0
    ]
    invoked = f"--rounds {args.rounds}" + "".join(f" --runner {r}" for r in args.runner or [])
    invoked += " --password-hashes" if args.password_hashes else ""
    what = PASSWORD_HASHES if args.password_hashes else DIGESTS
    with tempfile.TemporaryDirectory(prefix="jit-warmup-") as folder:
        found, speeds = measure(runners, args.rounds, Path(folder), what)
    text = report(found, speeds, args.rounds, invoked, WHAT[args.password_hashes])
    write_text_atomic(args.out, text)
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
