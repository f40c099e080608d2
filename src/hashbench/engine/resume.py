"""`run --resume FILE`: continue an interrupted run in its own file.

The earlier part's records are kept as they are; every (group, implementation) they
cover is left out of the groups' cases (`Selection.finished`, which the plan and the
schedule both read), so only the rest is measured. Before anything is measured the
machine, hashbench, the runners' toolchains and the libraries' versions are compared with
what the file recorded, through the fresh runners' hellos: a difference refuses the merge
(exit 2, naming each one) unless forced, and a forced merge keeps the list. The file ends
with one `Resumption` per resumption: a run interrupted twice resumes twice.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

from hashbench import __version__
from hashbench.engine.schedule import Options
from hashbench.engine.suite import Group
from hashbench.errors import UsageError
from hashbench.model import CaseRecord, Environment, Resumption, RunFile
from hashbench.results.files import load
from hashbench.runner.pool import RunnerPool

# the machine facts a measurement depends on (load averages and Python's own version
# do not make a case's time differ)
MACHINE = ("cpu", "cpu_flags", "cores", "mem_total_bytes", "host", "os", "distro",
           "governor", "boost", "placement")  # fmt: skip
KILLED = "the run ended without finishing (killed or crashed)"  # results/files.py's warning
CHECKED = ["machine", "hashbench version", "runners' toolchains", "library versions"]


def machine_changes(before: Environment, now: Environment, version: str) -> list[str]:
    """What differs between two machines, and between hashbench versions, as sentences."""
    changed = []
    for name in MACHINE:
        was, is_now = getattr(before, name), getattr(now, name)
        if was != is_now:
            changed.append(f"{name} was {was!r}, is {is_now!r}")
    if version != __version__:
        changed.append(f"hashbench was {version}, is {__version__}")
    return changed


def record_changes(records: list[CaseRecord], pool: RunnerPool, runtimes: bool) -> list[str]:
    """Each implementation measured in `records` whose library or version (and with
    `runtimes`, its runner's toolchain) differs in the started runners' hellos."""
    changed: list[str] = []
    seen: set[str] = set()
    for case in records:
        if case.impl in seen:
            continue
        seen.add(case.impl)
        if case.runner not in pool.clients:
            if runtimes:
                changed.append(f"runner {case.runner} was {case.runtime!r}, is not started")
            continue  # else named with the runners
        impl = pool.implementations.get(case.impl)
        if impl is None:
            changed.append(f"{case.impl} was measured, is no longer offered")
        elif (impl.info.library, impl.info.version) != (case.library, case.version):
            changed.append(
                f"{case.impl} was {case.library} {case.version}, "
                f"is {impl.info.library} {impl.info.version}"
            )
        now = pool.runtime(case.runner)
        if runtimes and now != case.runtime:
            changed.append(f"runner {case.runner} was {case.runtime!r}, is {now!r}")
    return list(dict.fromkeys(changed))


def iso_utc(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).isoformat(timespec="seconds")


class Resume:
    """An interrupted run file, checked and continued."""

    def __init__(self, path: Path, force: bool = False):
        self.path = path
        self.force = force
        self.run = load(path)  # a run being written now is refused by the lock later
        if self.run.finished is not None and not self.run.interrupted:
            raise UsageError(f"--resume {path}: the run is complete; nothing to resume")
        if self.run.finished is None and not self.run.interrupted:
            raise UsageError(f"--resume {path}: another hashbench run is writing it")
        self.how = "interrupted" if self.run.finished is not None else "killed"
        self.ended = self.run.finished or iso_utc(path.stat().st_mtime)
        self.changed: list[str] = []

    def target(self, out: Path | None, runners: set[str] | None) -> tuple[Path, set[str] | None]:
        """The file to write (this one) and the runners to start (the earlier part's)."""
        if out is not None and out.resolve() != self.path.resolve():
            raise UsageError(f"--resume {self.path} writes that file; leave out --out {out}")
        before = set(self.run.runners)
        if not before:  # stopped before its runners were recorded: as this command says
            return self.path, runners
        if runners is not None and runners != before:
            raise UsageError(
                f"--resume {self.path}: the run used --runner {','.join(sorted(before))}; "
                f"resume it with the same runners, not {','.join(sorted(runners))}"
            )
        return self.path, before

    def check(
        self, groups: list[Group], options: Options, pool: RunnerPool, environment: Environment
    ) -> None:
        """Check the suite, options and environment against the file, then leave the
        finished cases out of `options.selection`. Raises UsageError on a difference that
        cannot be merged (suite, options), or on a changed environment unless forced."""
        self._same_suite(groups)
        self._same_options(options)
        changed = self._machine(environment) + self._runners(pool)
        if changed and not self.force:
            raise UsageError(
                f"--resume {self.path}: not merged, because the measurements would not be "
                "comparable: " + "; ".join(changed) + " (--force merges anyway, and records this)"
            )
        self.changed = changed
        done = frozenset((groups[c.group], c.impl) for c in self.run.cases)
        options.selection = dataclasses.replace(options.selection, finished=done)

    def _same_suite(self, groups: list[Group]) -> None:
        for case in self.run.cases:
            if case.group >= len(groups):
                raise UsageError(
                    f"--resume {self.path}: the suite has {len(groups)} groups now; the run "
                    f"measured group {case.group} ({case.group_title}): give the same suite"
                )
            group = groups[case.group]
            same = (
                (group.alg, group.op) == (case.alg, case.op)
                if group.library_defaults  # its title holds the parameters read back
                else group.title() == case.group_title
            )
            if not same:
                raise UsageError(
                    f"--resume {self.path}: group {case.group} was {case.group_title!r}, the "
                    f"suite now has {group.title()!r} there: give the same suite and selection"
                )

    def _same_options(self, options: Options) -> None:
        """Options not given again are the file's; options given must be the file's."""
        before = self.run.options
        for name in ("budget", "target_ci", "processes", "rounds", "passes"):
            given, was = getattr(options, name), getattr(before, name)
            if given is None:
                setattr(options, name, was)
            elif given != was:
                option = f"--{name.replace('_', '-')}"
                had = f"the suite's {name}" if was is None else f"{option} {was}"
                raise UsageError(
                    f"--resume {self.path}: the run had {had}, not {option} {given}: resume "
                    "with the same options"
                )
        chosen = options.selection.describe() or None
        if chosen != before.filter:
            raise UsageError(
                f"--resume {self.path}: the run selected {before.filter or 'every case'}, "
                f"this command {chosen or 'every case'}: resume with the same selection"
            )

    def _machine(self, environment: Environment) -> list[str]:
        return machine_changes(self.run.environment, environment, self.run.hashbench_version)

    def _runners(self, pool: RunnerPool) -> list[str]:
        changed = []
        for name, info in sorted(self.run.runners.items()):
            hello = pool.hello(name)
            if info.available and hello is None:
                why = pool.unavailable.get(name, "not started")
                changed.append(f"runner {name} was available, is not ({why})")
            elif not info.available and hello is not None:
                changed.append(f"runner {name} was unavailable ({info.reason}), is available")
            elif hello is not None and hello.runtime != info.runtime:
                changed.append(f"runner {name} was {info.runtime!r}, is {hello.runtime!r}")
        return changed + record_changes(self.run.cases, pool, runtimes=False)

    def continued(self, fresh: RunFile) -> RunFile:
        """The file's run, to be continued by this part: its records, start and options
        kept; this part's environment (load at its start kept from the first part) and
        warnings added; one more Resumption."""
        run = self.run
        if fresh.suite != run.suite:
            raise UsageError(f"--resume {self.path}: a run of suite {run.suite}, not {fresh.suite}")
        fresh.environment.load_start = run.environment.load_start
        warnings = [w for w in run.warnings if w != KILLED]
        run.warnings = warnings + [w for w in fresh.warnings if w not in warnings]
        run.resumptions = [
            *run.resumptions,
            Resumption(
                ended=self.ended,
                how=self.how,
                resumed=fresh.started,
                kept=len(run.cases),
                checked=CHECKED,
                changed=self.changed,
                forced=bool(self.changed),
                time_spent=run.time_spent,
            ),
        ]
        run.environment = fresh.environment
        run.hashbench_version = fresh.hashbench_version
        run.options = fresh.options  # the file's, as check() made them
        run.interrupted, run.finished, run.time_spent = False, None, {}
        return run
