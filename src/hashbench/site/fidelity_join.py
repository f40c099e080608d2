"""The fidelity page's data: the newest result of each implementation across the store's
fidelity runs, so that a run of one runner (`fidelity --runner c`) does not hide what an
older run found of the others. Runs are read newest first until every implementation of
the catalog has one, or none is left."""

from __future__ import annotations

from hashbench.catalog import libraries
from hashbench.fidelity import known
from hashbench.fidelity import run as fidelity_run
from hashbench.fidelity.interop import divergences as interop_lines
from hashbench.model.fidelity import FIDELITY_KIND, FidelityFile, InteropMatrix
from hashbench.model.site import JoinedFidelity
from hashbench.store.history import RunRow, Store


def _runs(store: Store, runs: list[RunRow]) -> list[tuple[FidelityFile, str]]:
    """The fidelity runs to join, newest first (`runs` is newest first)."""
    left = {row.impl for row in libraries.load() if row.available}
    out = []
    for r in runs:
        if r.kind != FIDELITY_KIND:
            continue
        if not left:
            break
        data = store.fidelity_run(r.id)
        out.append((data, f"fidelity run {r.id} ({r.started}, {r.machine} #{r.machine_id})"))
        left -= set(data.ran)
    return out


def _interop(
    runs: list[FidelityFile], owner: dict[str, int]
) -> tuple[list[InteropMatrix], set[int]]:
    """Per algorithm, each cell from the newest run that has it; a producer's string from
    its own newest run where that has one. And the runs whose cells were taken."""
    joined: dict[str, InteropMatrix] = {}
    used: set[int] = set()
    for n, data in enumerate(runs):
        for matrix in data.interop:
            into = joined.setdefault(matrix.algorithm, InteropMatrix(algorithm=matrix.algorithm))
            for producer, verified in matrix.cells.items():
                row = into.cells.setdefault(producer, {})
                for verifier, said in verified.items():
                    if verifier not in row:
                        row[verifier] = said
                        used.add(n)
            for producer, text in matrix.producers.items():
                if owner.get(producer) == n or producer not in into.producers:
                    into.producers[producer] = text
    return list(joined.values()), used


def join(runs: list[tuple[FidelityFile, str]]) -> JoinedFidelity | None:
    """`runs`: newest first, each with where it came from in words. A run that gives
    nothing (every implementation and cell of it found in newer ones) is left out."""
    if not runs:
        return None
    owner: dict[str, int] = {}
    for n, (data, _) in enumerate(runs):
        for impl in data.ran:
            owner.setdefault(impl, n)
    owned = [{impl for impl, at in owner.items() if at == n} for n in range(len(runs))]
    interop, used = _interop([data for data, _ in runs], owner)
    entries = known.load()
    lines = [
        line
        for (data, _), impls in zip(runs, owned, strict=True)
        if impls
        for line in fidelity_run.divergences(data, entries, only=impls)
    ]
    kat = [o for (data, _), impls in zip(runs, owned, strict=True) for o in data.kat
           if o.impl in impls]  # fmt: skip
    return JoinedFidelity(
        sources=[
            (label, sorted(impls))
            for n, ((_, label), impls) in enumerate(zip(runs, owned, strict=True))
            if impls or n in used
        ],
        divergences=lines + interop_lines(interop),
        interop=interop,
        kat=sorted(kat, key=lambda o: o.impl),
    )


def newest(store: Store, runs: list[RunRow]) -> JoinedFidelity | None:
    return join(_runs(store, runs))
