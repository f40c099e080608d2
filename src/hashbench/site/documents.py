"""The whole documents a site shows: the newest `seeds` run of the store,
and strength results files (`strength`, `calibrate`, `capacity`), which the store does not
keep: those given, else the newest of each command in results/."""

from __future__ import annotations

from pathlib import Path

from hashbench.errors import UsageError
from hashbench.model import RunFile
from hashbench.model.strength import StrengthFile
from hashbench.results.files import load_any
from hashbench.store.history import RunRow, Store

STRENGTH_COMMANDS = ("strength", "calibrate", "capacity")


def newest_seeds(store: Store, runs: list[RunRow]) -> tuple[RunFile, str] | None:
    found = next((r for r in runs if r.suite == "seeds" and r.cases), None)
    if found is None:
        return None
    return store.load_run(found.id), f"run {found.id}"


def default_strength_files(results: Path) -> list[Path]:
    """The newest results file of each strength command in `results` (by name: files are
    named by their start, `<yyyymmdd-hhmmss>-<command>.json`)."""
    out = []
    for command in STRENGTH_COMMANDS:
        found = sorted(results.glob(f"*-{command}.json"))
        if found:
            out.append(found[-1])
    return out


def strength(files: list[Path]) -> list[tuple[StrengthFile, str]]:
    out = []
    for path in files:
        loaded = load_any(path)
        if not isinstance(loaded, StrengthFile):
            raise UsageError(f"{path}: not a strength, calibrate or capacity results file")
        out.append((loaded, path.name))
    return out
