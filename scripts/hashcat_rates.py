"""The attacker measured where this machine allows: hashcat's own rates for bcrypt, scrypt,
PBKDF2-HMAC-SHA256 and sha512crypt on this machine's CPU (Debian's hashcat on pocl), beside
the strength model's CPU row for the same parameters, with the ratio.

For each algorithm:

- `hashcat -b -m MODE` at the mode's benchmark parameters (its self-test hash): the rate a
  published benchmark would quote, written as a `[[rate]]` row of
  catalog/hashcat-measured.toml with the machine named (`breach` shows it as a class);
- a real attack (`-a 3`, a mask that finds nothing, `--runtime`) on a hash the reference
  made at the benchmark's parameters and at a second set with more work: their ratio is
  the measured shape, set beside the model's (work there / work here, docs/strength.md);
- the model's CPU row: the machine's cores over the defender's own time here (the fastest
  implementation hashbench measures, verified), the basis the model takes where no cracker
  figure exists.

Then the section of docs/strength.md between its markers is written from the results
(kept in results/<time>-hashcat.json). Heavy: run it under the lock, on a quiet machine:

    flock /tmp/hashbench-heavy.lock .venv/bin/python scripts/hashcat_rates.py
    .venv/bin/python scripts/hashcat_rates.py --from results/<time>-hashcat.json

On a machine with a GPU, `--gpu` benchmarks the GPU (`-D 2`) instead and writes its rows
with the machine named (`--machine`, default the GPU as hashcat names it); the docs are left
alone then.
"""

from __future__ import annotations

import argparse
import base64
import datetime as dt
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from hashbench import catalog, machine
from hashbench.results.files import write_text_atomic
from hashbench.strength import attacker, sources
from hashbench.verify import reference_strings

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "strength.md"
MEASURED = ROOT / "catalog" / sources.MEASURED
BEGIN, END = "<!-- hashcat:begin -->", "<!-- hashcat:end -->"
RUNTIME_S = 15  # each attack run
SALT = b"hashbenchsalt123"
# (algorithm, hashcat mode, the benchmark's parameters, a second set with more work)
POINTS: list[tuple[str, int, dict[str, int], dict[str, int]]] = [
    ("bcrypt", 3200, {"cost": 5}, {"cost": 8}),
    ("scrypt", 8900, {"n": 16384, "r": 8, "p": 1}, {"n": 65536, "r": 8, "p": 1}),
    ("pbkdf2-sha256", 10900, {"iterations": 1000}, {"iterations": 10000}),
    ("sha512crypt", 1800, {"rounds": 5000}, {"rounds": 20000}),
]
UNITS = {"H/s": 1.0, "kH/s": 1e3, "MH/s": 1e6, "GH/s": 1e9, "TH/s": 1e12}


def work(alg: str, params: dict[str, int]) -> float:
    """What one guess's time is proportional to in the model (strength/attacker.py)."""
    if alg == "bcrypt":
        return 2.0 ** params["cost"]
    if alg == "scrypt":
        return attacker.scrypt_work(params["n"], params["r"], params["p"])
    if alg.startswith("pbkdf2"):
        return float(params["iterations"])
    return float(params["rounds"])


def target(alg: str, params: dict[str, int]) -> str:
    """A hash in hashcat's format of a password the mask never reaches, made by the
    reference (libxcrypt, hashlib)."""
    password = b"not-in-the-mask-!"
    if alg == "bcrypt":
        setting = reference_strings.crypt_setting("$2b$", params["cost"])
    elif alg == "sha512crypt":
        setting = f"$6$rounds={params['rounds']}${SALT.decode()[:16]}"
    else:
        setting = None
    if setting is not None:
        made = reference_strings.crypt(password, setting)
        assert made, f"libxcrypt made no {alg} hash"
        return made
    b64 = base64.b64encode
    if alg == "scrypt":
        n, r, p = params["n"], params["r"], params["p"]
        key = hashlib.scrypt(password, salt=SALT, n=n, r=r, p=p, dklen=32, maxmem=2**30)
        return f"SCRYPT:{n}:{r}:{p}:{b64(SALT).decode()}:{b64(key).decode()}"
    key = hashlib.pbkdf2_hmac("sha256", password, SALT, params["iterations"], 32)
    return f"sha256:{params['iterations']}:{b64(SALT).decode()}:{b64(key).decode()}"


def _hashcat(args: list[str], timeout: float) -> tuple[str, list[str]]:
    """hashcat's output, retried with --force when it asks for it (said in the flags)."""
    flags: list[str] = []
    for _ in range(2):
        done = subprocess.run(
            ["hashcat", *args, *flags], capture_output=True, text=True, timeout=timeout
        )
        out = done.stdout + done.stderr
        if "--force" in out and "override" in out and not flags:
            flags = ["--force"]
            continue
        return out, flags
    return out, flags


def benchmark(mode: int, device_type: int) -> tuple[float, str, list[str]]:
    """(H/s, the device line, flags) of `hashcat -b -m MODE`."""
    out, flags = _hashcat(["-b", "-m", str(mode), "-D", str(device_type)], timeout=900)
    speed = re.search(r"Speed\.#\*?\d*\.*:\s*([\d.]+)\s*([kMGT]?H/s)", out)
    if speed is None:
        raise SystemExit(f"hashcat -b -m {mode}: no speed in its output:\n{out[-2000:]}")
    device = re.search(r"\* Device #\d+: (.+)", out)
    return float(speed.group(1)) * UNITS[speed.group(2)], (device.group(1) if device else ""), flags


def attack(mode: int, hash_text: str, device_type: int, flags: list[str]) -> float | None:
    """H/s of a real brute-force run at these parameters (the last status line's speed);
    None, said with hashcat's last lines, where it could not run (device memory, say)."""
    with tempfile.TemporaryDirectory(prefix="hb-hashcat-") as tmp:
        hashes = Path(tmp) / "target.hash"
        hashes.write_text(hash_text + "\n")
        args = [
            "-m", str(mode), "-a", "3", str(hashes), "?a?a?a?a?a?a?a?a", "-D", str(device_type),
            "--runtime", str(RUNTIME_S), "--status", "--status-json", "--status-timer", "5",
            "--potfile-disable", "--restore-disable", "--session", f"hb-{mode}", "-o",
            str(Path(tmp) / "found"), *flags,
        ]  # fmt: skip
        out, _ = _hashcat(args, timeout=RUNTIME_S + 600)
    speeds = [
        sum(d["speed"] for d in status["devices"])
        for line in out.splitlines()
        if line.startswith("{") and '"devices"' in line
        for status in [json.loads(line)]
    ]
    if not speeds:
        print(f"hashcat -m {mode} -a 3: no status in its output:\n{out[-1500:]}")
        return None
    return float(speeds[-1])


def defender(alg: str, params: dict[str, int]) -> tuple[str, float]:
    """(implementation, median seconds) of the fastest verified implementation here, as
    `hashbench strength` measures (strength/bench.py)."""
    from hashbench.runner.pool import RunnerPool
    from hashbench.strength import pick
    from hashbench.strength.bench import Bench, Effort, MeasureFailed

    names = pick.candidates(alg, False) if alg in pick.preferences() else ["c/libxcrypt"]
    with RunnerPool() as pool:
        pool.start({pick.runner_of(n) for n in names})
        bench = Bench(pool)
        found = []
        for name in names:
            if name not in pool.implementations:
                continue
            try:
                record = bench.measure(name, alg, catalog.validate(alg, params), Effort(1.0, 5))
            except MeasureFailed:
                continue
            found.append((record.measured.median / 1e9, name))
    if not found:
        raise SystemExit(f"no implementation of {alg} could be measured here")
    seconds, name = min(found)
    return name, seconds


def measure(device_type: int) -> dict[str, Any]:
    env = machine.snapshot()
    version = subprocess.run(["hashcat", "--version"], capture_output=True, text=True).stdout
    rows = []
    for alg, mode, base, more in POINTS:
        rate, device, flags = benchmark(mode, device_type)
        shape = [attack(mode, target(alg, p), device_type, flags) for p in (base, more)]
        row: dict[str, Any] = {
            "alg": alg, "mode": mode, "params": base, "more": more, "benchmark_per_s": rate,
            "attack_per_s": shape, "device": device, "flags": flags,
        }  # fmt: skip
        if device_type == 1:
            impl, seconds = defender(alg, base)
            impl_more, seconds_more = defender(alg, more)
            row |= {"defender": impl, "defender_s": [seconds, seconds_more],
                    "defender_more": impl_more}  # fmt: skip
        rows.append(row)
        print(f"{alg}: hashcat -b {rate:,.1f} H/s; attack {shape}")
    return {
        "date": dt.date.today().isoformat(),
        "hashcat": version.strip().lstrip("v"),
        "cpu": env.get("cpu", ""),
        "cores": env.get("cores") or os.cpu_count(),
        "os": env.get("os", ""),
        "device_type": device_type,
        "rows": rows,
    }


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40]


def sustained(row: dict[str, Any]) -> tuple[float, str]:
    """The rate to stand for the machine, and how it was measured: the real attack's at the
    benchmark's parameters where it ran — `hashcat -b`'s own run is short, and on pocl it
    reads a slow mode far below what hashcat sustains (bcrypt 17 H/s against 763 H/s here,
    2026-12-02) — else `-b`'s."""
    attack = row["attack_per_s"][0]
    if attack:
        return float(attack), f"-a 3 for {RUNTIME_S} s"
    return float(row["benchmark_per_s"]), "-b"


def toml_rows(results: dict[str, Any], name: str) -> str:
    """catalog/hashcat-measured.toml: the machine as a device, one rate per algorithm."""
    kind = "cpu" if results["device_type"] == 1 else "gpu"
    device = slug(name)
    lines = [
        "# Rates hashcat measured on a named machine: written by scripts/hashcat_rates.py",
        "# (run it again to refresh; do not edit by hand). [H]: measured by hashcat there.",
        "",
        f"[device.{device}]",
        f'kind = "{kind}"',
        f"name = {json.dumps(name)}",
        f'source = "[H] the machine scripts/hashcat_rates.py ran on, {results["date"]}"',
        "",
    ]
    for row in results["rows"]:
        params = ", ".join(f"{k} = {v}" for k, v in row["params"].items())
        rate, how = sustained(row)
        source = (
            f"[H] hashcat {results['hashcat']} {how} -m {row['mode']} on {name} "
            f"({row['device']}{', --force' if row['flags'] else ''}), {results['date']}, "
            "scripts/hashcat_rates.py"
        )
        lines += [
            "[[rate]]",
            f'device = "{device}"',
            f'alg = "{row["alg"]}"',
            f"mode = {row['mode']}",
            f"params = {{ {params} }}",
            f"per_s = {rate:.1f}",
            f'hashcat = "{results["hashcat"]}"',
            f'date = "{results["date"]}"',
            f"source = {json.dumps(source)}",
            "",
        ]
    return "\n".join(lines)


def _p(params: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items())


def section(results: dict[str, Any], kept: str) -> str:
    cores = results["cores"]
    lines = [
        BEGIN,
        f"Measured on {results['date']} by `.venv/bin/python scripts/hashcat_rates.py` on "
        f"{results['cpu']}, {cores} cores (this section is generated; results in `{kept}`): "
        f"Debian's hashcat {results['hashcat']} on pocl, every core. The model's CPU row is "
        "the cores over the defender's own time here, the fastest verified implementation "
        "(`hashbench strength`'s measurement).",
        "",
        "| algorithm | parameters | hashcat -b here | hashcat attack here | "
        "model: cores / defender time | attack ÷ model |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in results["rows"]:
        model = cores / row["defender_s"][0]
        rate, _ = sustained(row)
        attack = row["attack_per_s"][0]
        lines.append(
            f"| {row['alg']} | {_p(row['params'])} | {row['benchmark_per_s']:,.1f} H/s | "
            f"{f'{attack:,.1f} H/s' if attack else '—'} | "
            f"{model:,.1f} H/s (`{row['defender']}`, {row['defender_s'][0] * 1e3:.3g} ms) | "
            f"{rate / model:.2f}× |"
        )
    lines += [
        "",
        f"The attack column is a real `hashcat -a 3` run of {RUNTIME_S} s at the benchmark's "
        "parameters; it is the rate `catalog/hashcat-measured.toml` keeps for this machine, "
        "since `hashcat -b`'s own run is short and can read a slow mode far below what "
        "hashcat sustains on pocl.",
    ]
    lines += [
        "",
        "The shape: a real attack (`hashcat -a 3`, a mask that finds nothing, "
        f"{RUNTIME_S} s) at the benchmark's parameters and at more work; the model says the "
        "rate falls as the work grows (work there / work here).",
        "",
        "| algorithm | from | to | hashcat here: rate ratio | model: work ratio | "
        "defender here: time ratio |",
        "|---|---|---|---:|---:|---:|",
    ]
    for row in results["rows"]:
        a, b = row["attack_per_s"]
        predicted = work(row["alg"], row["params"]) / work(row["alg"], row["more"])
        t0, t1 = row["defender_s"]
        measured = (
            f"{b / a:.4f} ({a:,.1f} → {b:,.1f} H/s)" if a and b else "— (hashcat did not run)"
        )
        lines.append(
            f"| {row['alg']} | {_p(row['params'])} | {_p(row['more'])} | {measured} | "
            f"{predicted:.4f} | {t0 / t1:.4f} |"
        )
    lines.append(END)
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--from", dest="source", type=Path, help="results kept by an earlier run")
    ap.add_argument("--gpu", action="store_true", help="benchmark the GPU (-D 2), not the CPU")
    ap.add_argument("--machine", help="the machine's name in the rows (default: its CPU/GPU)")
    args = ap.parse_args()
    if args.source is None:
        if shutil.which("hashcat") is None:
            print(
                "hashcat is missing: `sudo apt-get install hashcat pocl-opencl-icd "
                "ocl-icd-libopencl1` (Debian's 6.2.6 and the CPU's OpenCL; not in the default "
                "set-up: only this script uses it)"
            )
            return 1
        results = measure(2 if args.gpu else 1)
        stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
        kept = ROOT / "results" / f"{stamp}-hashcat.json"
        kept.parent.mkdir(exist_ok=True)
        write_text_atomic(kept, json.dumps(results, indent=1) + "\n")
    else:
        kept, results = args.source, json.loads(args.source.read_text())
    name = args.machine or (
        f"{results['cpu']} ({results['cores']} cores)"
        if results["device_type"] == 1
        else results["rows"][0]["device"]
    )
    write_text_atomic(MEASURED, toml_rows(results, name))
    if results["device_type"] == 1:
        doc = DOC.read_text()
        head, rest = doc.split(BEGIN, 1)
        tail = rest.split(END, 1)[1]
        shown = kept.relative_to(ROOT) if kept.is_relative_to(ROOT) else kept
        write_text_atomic(DOC, head + section(results, str(shown)) + tail)
    print(f"{MEASURED.relative_to(ROOT)} written; results in {kept}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
