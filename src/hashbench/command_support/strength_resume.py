"""`calibrate --resume FILE` and `strength --resume FILE`: go on with an unfinished one in
its own file.

Both save their file after each step: a calibrate after each algorithm; a strength after
each choice of implementation, calibration, published row and bcrypt cost matched, in that
order. Resumed, the steps the file holds are kept as they are and the rest done, and the
earlier quick measurements are not made again (`Bench.remember`). The same checks as `run
--resume` (engine/resume.py) come first: the options, the machine, hashbench, and the
toolchain and version of every library measured, through the fresh runners' hellos; a
change refuses the merge unless --force, which records it.

`capacity` does not resume: a default one takes about a minute (docs/reliability.md)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from pathlib import Path

from hashbench.engine.resume import CHECKED, iso_utc, machine_changes, record_changes
from hashbench.errors import UsageError
from hashbench.model import Resumption
from hashbench.model.strength import ImplChoice, ParamSet, StrengthFile
from hashbench.results.files import load_any
from hashbench.strength.bench import Bench
from hashbench.strength.quantities import parse_memory_bytes

HOW = "unfinished"  # a strength file does not tell Ctrl-C from a kill


@dataclass(frozen=True)
class Saved:
    """The steps an unfinished file holds (none for a command not resumed), by what they
    are of: choices by algorithm, calibrations by (algorithm, target), published rows by
    (kind, label), equivalences by bcrypt cost."""

    choices: dict[str, ImplChoice] = field(default_factory=dict)
    calibrations: frozenset[tuple[str, float]] = frozenset()
    rows: dict[tuple[str, str], ParamSet] = field(default_factory=dict)
    costs: frozenset[int] = frozenset()

    @classmethod
    def of(cls, file: StrengthFile) -> Saved:
        return cls(
            choices={c.alg: c for c in file.choices},
            calibrations=frozenset((c.alg, c.target_ns) for c in file.calibrations),
            rows={(r.kind, r.label): r for r in file.rows if r.kind in ("reference", "default")},
            costs=frozenset(e.bcrypt.params.get("cost", 0) for e in file.equivalences),
        )


class StrengthResume:
    def __init__(self, path: Path, command: str, force: bool = False):
        loaded = load_any(path)
        if not isinstance(loaded, StrengthFile) or loaded.command != command:
            raise UsageError(f"--resume {path}: not a {command} results file")
        if loaded.finished is not None:
            raise UsageError(f"--resume {path}: the {command} is complete; nothing to resume")
        self.path, self.file, self.force = path, loaded, force
        self.saved = Saved.of(loaded)
        self.ended = path.stat().st_mtime
        self.changed: list[str] = []

    def fill(self, args: argparse.Namespace) -> None:
        """The file's memory limit and parallelism where this command gives none (the
        default limit follows the memory free, which moves between the two parts)."""
        options = self.file.options
        if args.memory_limit is None and "memory limit" in options:
            args.memory_limit = options["memory limit"]
            parse_memory_bytes(args.memory_limit)  # a file's own text: refused if damaged
        if args.parallelism is None and options.get("parallelism", "").isdigit():
            args.parallelism = int(options["parallelism"])
        if args.out is not None and args.out.resolve() != self.path.resolve():
            raise UsageError(f"--resume {self.path} writes that file; leave out --out {args.out}")

    def same_options(self, options: dict[str, str]) -> None:
        """UsageError naming each option this command gives otherwise than the file's
        (checked before any runner starts, and again when merging)."""
        file = self.file
        differ = [
            f"{k} {file.options.get(k)!r} (this command: {options.get(k)!r})"
            for k in sorted(set(file.options) | set(options))
            if file.options.get(k) != options.get(k)
        ]
        if differ:
            raise UsageError(
                f"--resume {self.path}: the {file.command} had " + "; ".join(differ)
                + ": resume with the same options"
            )  # fmt: skip

    def continued(self, fresh: StrengthFile, bench: Bench) -> StrengthFile:
        """The file to go on with, its records given to `bench`; UsageError if it cannot be
        merged (other options, or, unless forced, another machine, hashbench, toolchain or
        library version)."""
        file, pool = self.file, bench.pool
        self.same_options(fresh.options)
        changed = machine_changes(file.environment, fresh.environment, file.hashbench_version)
        changed += record_changes(file.records, pool, runtimes=True)
        if changed and not self.force:
            raise UsageError(
                f"--resume {self.path}: not merged, because the measurements would not be "
                "comparable: " + "; ".join(changed) + " (--force merges anyway, and records this)"
            )
        fresh.environment.load_start = file.environment.load_start
        file.resumptions = [
            *file.resumptions,
            Resumption(
                ended=iso_utc(self.ended), how=HOW, resumed=fresh.started,
                kept=len(file.records), checked=CHECKED, changed=changed,
                forced=bool(changed),
            ),
        ]  # fmt: skip
        file.warnings = file.warnings + [w for w in fresh.warnings if w not in file.warnings]
        file.environment, file.hashbench_version = fresh.environment, fresh.hashbench_version
        bench.remember(file.records)  # saved again with the new ones
        return file
