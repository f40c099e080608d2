"""What the cards are built from: case records and fidelity results, from the files given
or else this machine's newest in the history store, each with where it came from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from hashbench import machine
from hashbench.errors import UsageError
from hashbench.model import CaseRecord, RunFile
from hashbench.model.card import Divergence
from hashbench.model.fidelity import FidelityFile
from hashbench.results.files import load_any, load_fidelity
from hashbench.store import StoreError, open_store
from hashbench.store.history import Store, fingerprint


@dataclass
class Inputs:
    records: list[tuple[CaseRecord, str]] = field(default_factory=list)  # (record, its run)
    fidelity: list[tuple[FidelityFile, str]] = field(default_factory=list)  # newest first
    # each fidelity run's divergences per implementation, graded once (cards/build.py)
    graded: dict[int, dict[str, list[Divergence]]] = field(default_factory=dict)

    def sources(self) -> list[str]:
        runs = dict.fromkeys(label for _, label in self.records)
        return [*runs, *(label for _, label in self.fidelity)]


def from_files(results: list[Path], fidelity: list[Path]) -> Inputs:
    """Run files (a later file's record of a case replaces an earlier one's) and fidelity
    files (a later one first: it wins for the implementations it ran)."""
    out = Inputs()
    newest: dict[str, tuple[CaseRecord, str]] = {}
    for path in results:
        loaded = load_any(path)
        if not isinstance(loaded, RunFile):
            raise UsageError(
                f"{path}: not a run's results file (give fidelity files with --fidelity)"
            )
        for case in loaded.cases:
            newest[case.id] = (case, f"{path.name} ({loaded.suite}, {loaded.started})")
    out.records = list(newest.values())
    for path in fidelity:
        loaded = load_fidelity(path)
        out.fidelity.insert(0, (loaded, f"{path.name} ({loaded.started})"))
    return out


def from_store(
    location: str, algs: list[str] | None, wanted: set[str], *, runs: bool, fidelity: bool
) -> Inputs:
    """This machine's newest records of each case (of `algs`), and its newest fidelity
    runs, read newest first until every implementation `wanted` is in one (or none is
    left: a full fidelity run is read once, not ten)."""
    try:
        store = open_store(location)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc
    try:
        here = fingerprint(machine.snapshot())
        return of_machine(store, here, algs, wanted, runs=runs, fidelity=fidelity)
    except StoreError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        store.close()


def of_machine(
    store: Store,
    machine_fingerprint: str,
    algs: list[str] | None,
    wanted: set[str],
    *,
    runs: bool = True,
    fidelity: bool = True,
) -> Inputs:
    """As `from_store`, for the machine of this fingerprint, from a store already open."""
    out = Inputs(records=store.latest_cases(machine_fingerprint, algs) if runs else [])
    left = set(wanted)
    for run_id, label in store.latest_fidelity(machine_fingerprint) if fidelity else []:
        if not left:
            break
        data = store.fidelity_run(run_id)
        out.fidelity.append((data, label))
        left -= set(data.ran)
    return out
