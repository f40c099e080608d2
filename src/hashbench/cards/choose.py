"""A pick: the cards of one algorithm's implementations (in one runtime, or all), ranked
by the stated rule, with the reason for the top choice."""

from __future__ import annotations

from typing import Any

from hashbench import catalog, machine
from hashbench.cards import build, rank, reference
from hashbench.cards.inputs import Inputs
from hashbench.catalog.libraries import LibraryRow
from hashbench.errors import UsageError
from hashbench.model.card import Pick, Rule
from hashbench.runner.manifest import load_all


def resolve_runtime(name: str) -> str:
    """A runner name (node, rust-native) or a runtime (Rust, "JavaScript (Node.js)") → the
    runtime; UsageError naming the known ones."""
    manifests = load_all()
    for m in manifests:
        if name == m.name or name.lower() == m.language.lower():
            return m.language
    known = sorted({m.name for m in manifests})
    raise UsageError(f"unknown runtime {name!r}; known: {', '.join(known)}")


def choose(
    inputs: Inputs,
    alg: str,
    runtime: str | None,
    r: Rule,
    params: dict[str, int] | None = None,
) -> Pick:
    catalog.algorithm(alg)  # an unknown algorithm is refused, with the known ones

    def keep(row: LibraryRow) -> bool:
        if alg not in row.algorithms:
            return False
        return runtime is None or build.runtime(row.impl) == runtime

    refs = reference.references([alg], [rec for rec, _ in inputs.records], params)
    cards = build.build(inputs, refs, keep, algs=[alg])
    candidates = rank.rank(cards, alg, r)
    ref = refs.get(alg)
    return Pick(
        runtime=runtime,
        alg=alg,
        case=reference.title(ref) if ref else alg,
        rule=r,
        machine=machine.cpu_model(),
        sources=inputs.sources(),
        candidates=candidates,
        top=_top(candidates, alg, runtime),
    )


def _top(candidates: list[Any], alg: str, runtime: str | None) -> str:
    where = f"{alg} in {runtime}" if runtime else alg
    if not candidates:
        return f"no implementation of {where} in the catalog"
    first = candidates[0]
    if first.ruled_out:
        return f"no choice for {where}: every candidate is ruled out"
    if first.unmeasured and any(p in rank.DEMOTING for p in first.unmeasured):
        todo = list(dict.fromkeys(m.command for c in candidates for m in c.card.missing))
        run = " and ".join(f"`{t}`" for t in todo[:2]) + (" …" if len(todo) > 2 else "")
        return (
            f"no choice for {where} yet: {first.impl} and the others lack measurements; "
            f"{run} would measure them"
        )
    others = sum(1 for c in candidates if not c.ruled_out) - 1
    out = sum(1 for c in candidates if c.ruled_out)
    tie = ""
    if len(candidates) > 1 and candidates[1].close_to == first.impl:
        tie = (
            f"; a close call with {candidates[1].impl}: their speeds are within noise of "
            "each other and nothing else sets them apart"
        )
    return (
        f"{first.impl}: the best score of {others + 1} candidates ({out} ruled out){tie} — "
        f"{first.reason}"
    )
