"""What calibrate, strength and capacity share: their options, checked before anything
starts (bad input: a clear message, exit 2, nothing written), the runners they start,
the strength file they save after every finished step, and their exit code."""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rich.console import Console

from hashbench import __version__, catalog, machine, paths
from hashbench.errors import UsageError
from hashbench.model import Environment
from hashbench.model.strength import Calibration, Command, ImplChoice, StrengthFile
from hashbench.report import console as progress
from hashbench.results.files import ResultsFile, write_atomic
from hashbench.runner.pool import RunnerPool
from hashbench.strength import pick, plans
from hashbench.strength.bench import Bench
from hashbench.strength.quantities import memory_text, parse_memory_bytes

PASSWORD_HASHES = [
    "bcrypt", "scrypt", "argon2id", "argon2i", "argon2d", "pbkdf2-sha256", "pbkdf2-sha512",
    "yescrypt",
]  # fmt: skip
MAX_TARGET_NS = 60e9  # a login that waits a minute is not a login
ARGON2_MAX_BYTES = 4 << 30  # argon2's largest m in the catalog


def add_common(p: argparse.ArgumentParser, what: str) -> None:
    p.add_argument("--alg", action="append", help=f"{what} (repeatable, or a,b; default: all)")
    p.add_argument(
        "--impl",
        action="append",
        help="implementation id to use, e.g. c/libxcrypt (repeatable; default: the fastest "
        "available, picked by a quick measurement)",
    )
    p.add_argument(
        "--memory-limit",
        help="cap on one hash's memory, e.g. 64MiB (default: half the memory available, "
        "at most 4GiB)",
    )
    p.add_argument(
        "--parallelism", type=int, help="argon2 lanes and scrypt p (default 1; scrypt's p may "
        "grow past the memory limit unless this is given)"
    )  # fmt: skip
    p.add_argument("--out", type=Path, help="results file (default results/<time>-<command>.json)")


def algorithms(values: list[str] | None) -> list[str]:
    algs = [a.strip() for v in values or [] for a in v.split(",") if a.strip()]
    for alg in algs:
        pick.known_algorithm(alg)
        if alg not in PASSWORD_HASHES:
            raise UsageError(f"{alg}: not one of {', '.join(PASSWORD_HASHES)}")
    return algs


def impls(values: list[str] | None) -> list[str]:
    found = [i.strip() for v in values or [] for i in v.split(",") if i.strip()]
    for impl_id in found:
        if "/" not in impl_id:
            raise UsageError(f"--impl {impl_id!r}: an implementation id is runner/name, e.g. "
                             "c/libxcrypt (see `hashbench list`)")  # fmt: skip
    return found


def limits(args: argparse.Namespace) -> plans.Limits:
    if args.memory_limit is not None:
        memory = parse_memory_bytes(args.memory_limit)
    else:
        available = machine.mem_available_bytes() or (2 << 30)
        memory = min(ARGON2_MAX_BYTES, (available // 2) >> 20 << 20)
    if args.parallelism is not None and not 1 <= args.parallelism <= 255:
        raise UsageError("--parallelism must be from 1 to 255 (argon2's lanes)")
    return plans.Limits(memory_bytes=memory, parallelism=args.parallelism)


def check_plans(algs: list[str], limit: plans.Limits) -> None:
    """Every algorithm can be grown within the limits (UsageError otherwise)."""
    for alg in algs:
        plans.stages(alg, limit)
        catalog.validate(alg, pick.probe(alg, limit))


def out_path(value: Path | None, command: str) -> Path:
    path = value or paths.root() / "results" / (
        dt.datetime.now().strftime("%Y%m%d-%H%M%S") + f"-{command}.json"
    )
    ResultsFile.check_writable(path)
    return path


def now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def new_file(command: Command, options: dict[str, str]) -> StrengthFile:
    environment = Environment(**machine.snapshot())
    return StrengthFile(
        command=command,
        hashbench_version=__version__,
        started=now(),
        environment=environment,
        options=options,
        warnings=machine.warnings(environment.load_start, environment.cores),
    )


@dataclass
class Session:
    """A started runner pool, the bench measuring through it, and the file being written."""

    file: StrengthFile
    path: Path
    bench: Bench
    console: Console
    status: list[str] = field(default_factory=list)

    def save(self) -> None:
        self.file.records = list(self.bench.records)
        write_atomic(self.path, self.file)

    def finish(self) -> None:
        self.file.finished = now()
        self.file.environment.load_end = machine.load_average()
        self.save()


@contextlib.contextmanager
def session(
    file: StrengthFile, path: Path, runners: set[str], console: Console
) -> Iterator[Session]:
    with (
        RunnerPool() as pool,
        progress.status(console, "starting runners …", phase_of=algorithm_phase) as update,
    ):
        pool.start(runners)
        bench = Bench(pool, update)
        yield Session(file, path, bench, console)


def algorithm_phase(label: str) -> str:
    """A line per algorithm where the spinner is not seen, not one per parameter set
    tried: a strength run measures some 150 of them ("argon2id m=19 MiB,t=2,p=1 hash ·
    c/libsodium (verify)" → "measuring argon2id")."""
    if progress.PART not in label:
        return label
    return "measuring " + label.split(" ", 1)[0]


def describe_limits(limit: plans.Limits) -> dict[str, str]:
    return {
        "memory limit": memory_text(limit.memory_bytes),
        "parallelism": str(limit.parallelism) if limit.parallelism else "1 (p free for scrypt)",
    }


def exit_code(calibrations: list[Calibration], choices: list[ImplChoice]) -> int:
    """2 when a target is out of reach (usage), 1 when something failed to measure."""
    if any(c.outcome in ("too_fast", "too_slow") for c in calibrations):
        return 2
    failed = any(c.outcome == "failed" for c in calibrations) or any(not c.impl for c in choices)
    return 1 if failed else 0
