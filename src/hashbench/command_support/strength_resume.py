"""`calibrate --resume FILE`: go on with an unfinished calibrate in its own file.

A calibrate saves its file after each algorithm; resumed, the algorithms the file holds
are kept as they are (their choice, calibration and records) and the rest calibrated.
The same checks as `run --resume` (engine/resume.py) come first: the options, the machine,
hashbench, and the toolchain and version of every library measured, through the fresh
runners' hellos; a change refuses the merge unless --force, which records it.

`strength` and `capacity` do not resume: their tables are computed across algorithms at
the end, not saved per step."""

from __future__ import annotations

import argparse
from pathlib import Path

from hashbench.engine.resume import CHECKED, iso_utc, machine_changes, record_changes
from hashbench.errors import UsageError
from hashbench.model import Resumption
from hashbench.model.strength import StrengthFile
from hashbench.results.files import load_any
from hashbench.runner.pool import RunnerPool
from hashbench.strength.quantities import parse_memory_bytes

HOW = "unfinished"  # a strength file does not tell Ctrl-C from a kill


class StrengthResume:
    def __init__(self, path: Path, command: str, force: bool = False):
        loaded = load_any(path)
        if not isinstance(loaded, StrengthFile) or loaded.command != command:
            raise UsageError(f"--resume {path}: not a {command} results file")
        if loaded.finished is not None:
            raise UsageError(f"--resume {path}: the {command} is complete; nothing to resume")
        self.path, self.file, self.force = path, loaded, force
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

    def continued(self, fresh: StrengthFile, pool: RunnerPool) -> StrengthFile:
        """The file to go on with; UsageError if it cannot be merged (other options, or,
        unless forced, another machine, hashbench, toolchain or library version)."""
        file = self.file
        differ = [
            f"{k} {file.options.get(k)!r} (this command: {fresh.options.get(k)!r})"
            for k in sorted(set(file.options) | set(fresh.options))
            if file.options.get(k) != fresh.options.get(k)
        ]
        if differ:
            raise UsageError(
                f"--resume {self.path}: the {file.command} had " + "; ".join(differ)
                + ": resume with the same options"
            )  # fmt: skip
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
        return file

    def done(self, alg: str) -> bool:
        """Whether the file holds this algorithm's outcome already."""
        return any(choice.alg == alg for choice in self.file.choices)
